//===- PointerFlow.h - A function's pointer statements ----------*- C++ -*-===//
//
// The summary builder's part for the points-to analysis (PointsTo.h): the
// statements (Summary.h, PointerStatement) through which a function's code
// moves pointers: what it loads and stores, copies, allocates, passes to
// calls and returns. A constant offset rides on the operand (a field's
// address is its struct's plus the offset), so a GEP makes no value of its
// own. What the builder cannot follow is said plainly: a pointer from an
// integer or from code the program cannot see is Unknown, one handed to
// such code escapes.
//
// A call of a function whose body this module lacks gets statements for
// when no module has it (PointerStatement::Fallback): a known library
// function's effect (KnownFunctions.h), else what its parameter
// attributes allow.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_POINTERFLOW_H
#define CACHELINE_LAYOUT_POINTERFLOW_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace llvm {
class CallBase;
class Function;
class GlobalVariable;
} // namespace llvm

namespace cacheline {

/// Sets \p S's NumPointerValues and Pointers from \p F's code; \p CallIndex
/// gives a call's index in S.Calls.
void buildPointerFlow(const llvm::Function &F,
                      llvm::function_ref<int(const llvm::CallBase &)> CallIndex,
                      FunctionSummary &S);

/// The pointers in \p GV's initializer, as Store statements at its offsets.
std::vector<PointerStatement>
initializerPointers(const llvm::GlobalVariable &GV);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_POINTERFLOW_H
