//===- GlobalWriteFacts.h - Who reads and writes each global ----*- C++ -*-===//
//
// Facts about each global variable of the module, gathered by following every
// pointer derived from it: plain and atomic stores, read-modify-writes,
// memory intrinsics, lock calls and calls that write through it (into the
// callee's body when the module has it), reads, and the ways its address
// escapes. Each access carries its context: start-up or run time, the loop
// around it, whether its function runs repeatedly, its block frequency and,
// with profile data, its estimated execution count.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_GLOBALWRITEFACTS_H
#define CACHELINE_LAYOUT_GLOBALWRITEFACTS_H

#include "ThreadContext.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class BlockFrequencyInfo;
class Function;
class GlobalVariable;
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace cacheline {

enum class AccessKind {
  Load,         ///< A load, plain or atomic.
  Store,        ///< A plain (or volatile) store.
  AtomicStore,  ///< An atomic store.
  AtomicRMW,    ///< atomicrmw.
  CmpXchg,      ///< cmpxchg.
  MemIntrinsic, ///< Destination of memset, memcpy or memmove.
  LockCall,     ///< A lock, unlock, wait or signal on the object.
  CallWrite,    ///< An external call that may write through the pointer.
  CallRead,     ///< An external call that only reads through it.
  OnceWrite,    ///< Written at most once (pthread_once control).
};

const char *accessKindName(AccessKind K);
/// The kind accessKindName() names \p Name, if any.
std::optional<AccessKind> parseAccessKind(llvm::StringRef Name);

struct Access {
  AccessKind Kind = AccessKind::Load;
  /// The instruction performing the access, in the function where it runs.
  const llvm::Instruction *Inst = nullptr;

  // Context, from ThreadContext, BlockFrequencyInfo and profile data.
  bool StartUp = false;
  LoopKind Loop = LoopKind::None;
  bool HotFunction = false;
  bool ThreadEntryFunction = false;
  /// Block frequency relative to function entry (1 when not computed).
  double Frequency = 1.0;
  std::optional<uint64_t> ProfileCount;

  bool isWrite() const {
    return Kind != AccessKind::Load && Kind != AccessKind::CallRead;
  }
  /// Atomic read-modify-write or lock traffic.
  bool isSynchronization() const {
    return Kind == AccessKind::AtomicRMW || Kind == AccessKind::CmpXchg ||
           Kind == AccessKind::LockCall;
  }
  const llvm::Function *function() const;
};

struct GlobalFacts {
  llvm::GlobalVariable *GV;
  llvm::SmallVector<Access, 4> Writes;
  llvm::SmallVector<Access, 4> Reads;
  /// Why the analysis cannot see every access, if it cannot.
  std::string EscapeReason;
  const llvm::Instruction *EscapeAt = nullptr;
  /// Named in llvm.used or llvm.compiler.used.
  bool InUsedList = false;

  bool escapes() const { return !EscapeReason.empty(); }
};

using BFIGetter =
    llvm::function_ref<llvm::BlockFrequencyInfo &(llvm::Function &)>;

/// Gathers the facts of every global variable of \p M, definitions and
/// declarations alike, in module order. Block frequencies are computed for
/// functions with profile data, and for all when \p WantFrequencies (the
/// report shows them); otherwise Access::Frequency stays 1.
std::vector<GlobalFacts> collectGlobalFacts(llvm::Module &M,
                                            const ThreadContext &TC,
                                            BFIGetter GetBFI,
                                            bool WantFrequencies);

/// A constant table of the module's own that is only loaded from, such as
/// SimplifyCFG's switch lookup tables (`switch (i) { case 0: p = &a; ...}`):
/// a pointer loaded from it may be the address of any global in its
/// initializer, so the walk follows each load like the address itself
/// (conservative: accesses through the table's other entries count too).
/// Returns false, with \p Loads unspecified, if \p Table is not such a
/// table (writable, exported, or itself escaping).
bool lookupTableLoads(const llvm::GlobalVariable &Table,
                      llvm::SmallVectorImpl<const llvm::Value *> &Loads);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_GLOBALWRITEFACTS_H
