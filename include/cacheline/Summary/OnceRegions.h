//===- OnceRegions.h - Code behind an initialisation flag -------*- C++ -*-===//
//
// Libraries initialise themselves lazily, from whichever API call comes
// first and on whichever thread makes it:
//
//   int sqlite3_initialize(void) {
//     if (sqlite3Config.isInit) return SQLITE_OK;
//     ... fill tables, install the allocator ...
//     sqlite3Config.isInit = 1;
//   }
//
// sqlite3_initialize is called on every API entry, repeatedly and while
// threads run, but the code behind the test runs once. Such code is a once
// region: the blocks that run only while an init flag still holds its
// initial value, in a function that changes the flag on that path. The
// test must be outside every loop of the function (while (!stop) { ... }
// tests a flag over and over); SummaryBuilder's onceFlag also leaves out
// what a region does in loops other than short counted ones.
//
// A test inside a loop guards one thing that runs once: a *latch*, the
// block that sets a flag that nothing sets back, when no path leads from
// it back to it but through the test (a fallback switched off for good, a
// warning printed once). Once it has run the test fails, on every thread
// that sees the store.
//
// A flag is an integer or pointer at a constant offset in an internal
// global, and it must be used only as an init flag:
//  * every store to it stores a constant (an integer, null, a global's
//    address), or it is a pointer that starts null, is never set back, and
//    is set to what the init path computed (an object created lazily:
//    if (!cache) cache = create(););
//  * a store that changes it from its initial value is behind such a test
//    that the flag still holds that value (the init path); a store of the initial
//    value is behind the opposite test (a shutdown path), in a function that
//    never sets it: a flag flipped back and forth in one function, or reset
//    unconditionally (a try-lock), is no init flag;
//  * nothing else writes it: no atomic read-modify-write, memset or store of
//    another width overlapping it, no store at an unknown offset into its
//    global.
// Writes through pointers handed to other functions are not seen: the flag
// is trusted to be written where its global is named.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ONCEREGIONS_H
#define CACHELINE_LAYOUT_ONCEREGIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class Instruction;
class Module;
} // namespace llvm

namespace cacheline {

class OnceRegions {
public:
  /// \p Writes: the instructions of \p M that isWrite() accepts, in order.
  /// Dominator trees come from \p FAM.
  OnceRegions(llvm::Module &M, llvm::ArrayRef<const llvm::Instruction *> Writes,
              llvm::FunctionAnalysisManager &FAM);

  /// The instructions that may write a flag: stores, atomic
  /// read-modify-writes and memory intrinsics. The caller finds them, in a
  /// walk over the module it makes anyway.
  static bool isWrite(const llvm::Instruction &I);

  /// The init flag \p BB runs behind ("sqlite3Config+212"), or null when
  /// \p BB is in no once region.
  const std::string *flagOf(const llvm::BasicBlock &BB) const {
    auto It = FlagOfBlock.find(&BB);
    return It == FlagOfBlock.end() ? nullptr : &Flags[It->second];
  }

  /// Whether \p BB is a latch: it sets its flag, which nothing sets back,
  /// and runs again only past the test, so the loops around it do not
  /// repeat it.
  bool isLatch(const llvm::BasicBlock &BB) const {
    return Latches.contains(&BB);
  }

private:
  std::vector<std::string> Flags;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> FlagOfBlock;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 4> Latches;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ONCEREGIONS_H
