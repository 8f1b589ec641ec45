//===- Remarks.h - The pass's optimization remarks --------------*- C++ -*-===//
//
// -pass-remarks-analysis=cacheline-layout: why each global has its class,
// at the access the decision rests on; -pass-remarks=cacheline-layout:
// what the layout changed.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PASSES_REMARKS_H
#define CACHELINE_LAYOUT_PASSES_REMARKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/ValueHandle.h"

#include <vector>

namespace llvm {
class Function;
class Module;
class OptimizationRemarkEmitter;
} // namespace llvm

namespace cacheline {

class CachelineClassification;
struct LayoutOutcome;

using OREGetter =
    llvm::function_ref<llvm::OptimizationRemarkEmitter &(llvm::Function &)>;

/// Where a global's remarks go: the access its decision rests on, else
/// a function of the module.
struct RemarkPlace {
  /// Null if the access is gone.
  llvm::WeakVH At;
  llvm::Function *F = nullptr;
};

/// The place of each of \p Result's globals, found before the layout
/// rewrites addresses: a summary's position counts instructions, and the
/// rewrite inserts some. Empty unless remarks are asked for
/// (-pass-remarks*=cacheline-layout or a remarks file): finding them walks
/// the bodies of the functions that hold the accesses.
std::vector<RemarkPlace> locateRemarks(llvm::Module &M,
                                       const CachelineClassification &Result);

/// One analysis remark per global (-pass-remarks-analysis=cacheline-layout)
/// and one remark per change (-pass-remarks=cacheline-layout), at the
/// places locateRemarks() found.
void emitRemarks(const CachelineClassification &Result,
                 const LayoutOutcome &Outcome,
                 llvm::ArrayRef<RemarkPlace> Places, OREGetter GetORE);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_PASSES_REMARKS_H
