//===- SummaryBuilder.h - IR to program summary -----------------*- C++ -*-===//
//
// The one builder of the summary (Summary.h): run on a translation unit at
// compile time (carried in the object, or the facts file of the two-stage
// flow), and on the merged module at a full-LTO link whose objects carry
// no summary. It follows every pointer derived
// from each global and each pointer parameter (PointerUseWalker.h), every
// use of each function's address, and every call, and records what it
// finds with the context one function can see: loop, block frequency,
// profile count, once region.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUMMARYBUILDER_H
#define CACHELINE_LAYOUT_SUMMARYBUILDER_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class BasicBlock;
class GlobalVariable;
class Instruction;
class ModuleSlotTracker;
} // namespace llvm

namespace cacheline {

/// The summary of \p M. Loop, dominator, frequency and scalar-evolution
/// analyses come from \p FAM.
ModuleSummary summarizeModule(llvm::Module &M,
                              llvm::FunctionAnalysisManager &FAM);

/// The instructions FunctionSummary::Calls lists, in order: every call
/// but an intrinsic's. A call's index among them is how summaries name it.
bool isCallSite(const llvm::Instruction &I);

/// What makes a definition "the same" between the build that wrote the
/// facts and the one applying the layout: its type and initializer.
/// \p Slots, if given, numbers the module once for many calls.
std::string definitionFingerprint(const llvm::GlobalVariable &GV,
                                  llvm::ModuleSlotTracker *Slots = nullptr);

/// A hash of what allocation site calls \p Allocator for \p Elements
/// elements of \p ElementSize bytes (0: known at run time): what ties a
/// write profile's site to a build, as definitionFingerprint a global.
std::string allocationFingerprint(llvm::StringRef Allocator,
                                  uint64_t ElementSize, uint64_t Elements);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SUMMARYBUILDER_H
