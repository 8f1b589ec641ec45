//===- CodeScanner.h - Facts about data accesses from machine code -*- C++ -*-===//
//
// Decodes every function of a BinaryImage with the MC disassembler and
// records, for each instruction whose memory operand resolves to a data
// symbol, the access (load, store, atomic), the function and whether it
// sits in a loop (a cycle of the function's control-flow graph). It also records call
// sites with what their first three argument registers hold, functions whose
// address is taken, and data addresses that escape into calls or memory.
// Functions are decoded in parallel.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_CODESCANNER_H
#define CACHELINE_AUDIT_CODESCANNER_H

#include "InstructionSemantics.h"

#include "llvm/Support/Error.h"

#include <array>
#include <vector>

namespace cacheline {
namespace audit {

class BinaryImage;

enum class AccessKind {
  Load,
  Store,
  AtomicStore,
  AtomicRMW,
  LockCall, ///< A lock, unlock or wait on the object (set by the policy).
  Escape,   ///< Its address goes to a call or into memory.
};

const char *accessKindName(AccessKind K);

struct DataAccess {
  uint32_t Symbol = 0;   ///< Index into BinaryImage::dataSymbols().
  uint32_t Function = 0; ///< Index into BinaryImage::functions().
  uint32_t Block = 0;    ///< Index into its function's FunctionGraph.
  uint64_t InstAddress = 0;
  /// Bytes from the symbol's start to the address the instruction names.
  uint64_t Offset = 0;
  AccessKind Kind = AccessKind::Load;
  bool InLoop = false;
  /// The innermost natural loop around it, numbered within its function;
  /// NoLoop outside natural loops (an irreducible cycle is InLoop only).
  uint32_t Loop = NoLoop;
  static constexpr uint32_t NoLoop = UINT32_MAX;
  /// Escapes into a call: the callee (0 if unknown) and the argument.
  uint64_t Callee = 0;
  uint8_t Argument = NoArgument;
  static constexpr uint8_t NoArgument = 0xff;

  bool isWrite() const {
    return Kind == AccessKind::Store || Kind == AccessKind::AtomicStore ||
           Kind == AccessKind::AtomicRMW || Kind == AccessKind::LockCall;
  }
};

struct CallSite {
  uint32_t Caller = 0;
  uint32_t Block = 0; ///< As DataAccess::Block.
  uint64_t InstAddress = 0;
  uint64_t Target = 0; ///< 0 if unknown.
  bool InLoop = false;
  uint32_t Loop = DataAccess::NoLoop; ///< As DataAccess::Loop.
  /// What the first three argument registers hold at the call.
  std::array<std::optional<RegisterValue>, 3> Arguments;
};

struct MachineFacts {
  std::vector<DataAccess> Accesses;
  /// In function order, and by address within a function.
  std::vector<CallSite> Calls;
  /// Where code materialises a function's address other than to call it:
  /// (the function's address, the index of the function doing it).
  std::vector<std::pair<uint64_t, uint32_t>> AddressTakenCode;
  /// The control-flow graph of a function with a data access or a call:
  /// where its phases (start-up, before and after its loops) begin and end.
  /// In the form the program summary takes (FunctionSummary::Successors,
  /// markLoopPhases), so that it moves there without a copy.
  struct FunctionGraph {
    uint32_t Function = 0;
    /// Per block, in address order: the blocks it branches or falls to.
    std::vector<std::vector<int>> Successors;
    /// Per block: in a cycle, natural or not.
    std::vector<bool> InLoop;
    /// Its natural loops; DataAccess::Loop is below this.
    uint32_t NumLoops = 0;
  };
  std::vector<FunctionGraph> Graphs; ///< In function order.
  uint64_t Instructions = 0;
};

/// Scans all code of \p Image with \p Threads threads (0: all cores).
llvm::Expected<MachineFacts> scanCode(const BinaryImage &Image, unsigned Threads);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_CODESCANNER_H
