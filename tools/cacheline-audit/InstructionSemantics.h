//===- InstructionSemantics.h - What one instruction does to memory -*- C++ -*-===//
//
// The little the audit needs to know about an instruction, per target: the
// address of its memory operand when the registers make it known, whether it
// loads, stores or does so atomically, and which register it sets to a known
// address. Each target (x86-64, AArch64) implements it in a file of its own.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_INSTRUCTIONSEMANTICS_H
#define CACHELINE_AUDIT_INSTRUCTIONSEMANTICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/MC/MCRegister.h"

#include <memory>
#include <optional>

namespace llvm {
class MCInst;
class MCInstrAnalysis;
class MCInstrInfo;
class MCRegisterInfo;
class MCSubtargetInfo;
} // namespace llvm

namespace cacheline {
namespace audit {

class BinaryImage;

/// What the scanner knows a register holds.
struct RegisterValue {
  enum Kind { Pointer, IncomingFirstArgument } K = Pointer;
  uint64_t Address = 0;
};

/// Known register values at one point of a function.
class RegisterState {
public:
  explicit RegisterState(const llvm::MCRegisterInfo &MRI) : MRI(&MRI) {}
  std::optional<RegisterValue> get(llvm::MCRegister R) const;
  std::optional<uint64_t> address(llvm::MCRegister R) const;
  void set(llvm::MCRegister R, RegisterValue V);
  /// Forgets \p R and every register overlapping it.
  void kill(llvm::MCRegister R);
  void clear() { Values.clear(); }
  template <class Pred> void keepOnly(Pred P) {
    llvm::erase_if(Values, [&](const auto &E) { return !P(E.first); });
  }
  llvm::ArrayRef<std::pair<llvm::MCRegister, RegisterValue>> values() const {
    return Values;
  }

private:
  const llvm::MCRegisterInfo *MRI;
  llvm::SmallVector<std::pair<llvm::MCRegister, RegisterValue>, 8> Values;
};

struct InstructionEffect {
  /// The memory operand's address, when known.
  std::optional<uint64_t> MemoryAddress;
  bool Loads = false;
  bool Stores = false;
  /// Atomic read-modify-write: x86 `lock` or `xchg`, AArch64 LSE atomics
  /// and exclusive stores.
  bool AtomicRMW = false;
  /// A release store (AArch64 stlr).
  bool AtomicStore = false;
  /// The register the instruction sets to a known value, if any.
  llvm::MCRegister Dest;
  std::optional<RegisterValue> DestValue;
  /// Registers whose value the instruction writes to memory (stores).
  llvm::SmallVector<llvm::MCRegister, 2> StoredRegisters;
  /// Registers the memory operand's address is computed from.
  llvm::SmallVector<llvm::MCRegister, 2> AddressRegisters;
  /// Calls and branches: the target, when known.
  std::optional<uint64_t> Target;
};

class InstructionSemantics {
public:
  virtual ~InstructionSemantics() = default;
  virtual InstructionEffect analyze(const llvm::MCInst &Inst, uint64_t Addr,
                                    llvm::ArrayRef<uint8_t> Bytes,
                                    const RegisterState &Regs) const = 0;
  /// The register of the \p N-th integer argument (N < 3).
  virtual llvm::MCRegister argumentRegister(unsigned N) const = 0;
  /// Kept across calls by the calling convention.
  virtual bool isCalleeSaved(llvm::MCRegister R) const = 0;
};

struct TargetTools {
  const llvm::MCRegisterInfo &MRI;
  const llvm::MCInstrInfo &MII;
  const llvm::MCInstrAnalysis &MIA;
  const llvm::MCSubtargetInfo &STI;
};

/// The register called \p Name by the target ("RDI", "X0"), or none.
llvm::MCRegister registerNamed(const llvm::MCRegisterInfo &MRI,
                               llvm::StringRef Name);
/// The opcode called \p Name by the target ("LOCK_PREFIX"), if any.
std::optional<unsigned> opcodeNamed(const llvm::MCInstrInfo &MII,
                                    llvm::StringRef Name);

std::unique_ptr<InstructionSemantics>
createX86Semantics(const TargetTools &Tools, const BinaryImage &Image);
std::unique_ptr<InstructionSemantics>
createAArch64Semantics(const TargetTools &Tools, const BinaryImage &Image);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_INSTRUCTIONSEMANTICS_H
