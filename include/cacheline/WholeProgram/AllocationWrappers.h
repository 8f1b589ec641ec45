//===- AllocationWrappers.h - Functions returning fresh memory --*- C++ -*-===//
//
// An allocation wrapper (xmalloc, zmalloc, a pool's alloc) returns memory
// it allocated itself, or that another wrapper it calls did, and does
// nothing else with that pointer: it stores it nowhere, passes it to no
// call but a library function whose known effect moves no pointer (one
// that prints it), neither loads nor stores through it. Each direct call of
// one is then an allocation site of its own, as a call of malloc is, instead of
// every caller's memory being the wrapper's one object (one level of heap
// cloning). Sound because the wrapper leaves nothing in the memory that
// the analysis could miss: what it writes there holds no pointer.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ALLOCATIONWRAPPERS_H
#define CACHELINE_LAYOUT_ALLOCATIONWRAPPERS_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cacheline {

/// What one function's pointer statements say about what it returns.
class WrapperScan {
public:
  /// \p NumValues pointer values, the first \p NumParams its parameters.
  WrapperScan(int NumValues, int NumParams);
  /// Each statement the points-to analysis takes of the function, in turn.
  /// \p ToBodilessCall: an argument of a direct call of a function without
  /// a body, whose effect on it, if any, is a statement of its own (a
  /// known function's: malloc_usable_size reads nothing through it, an
  /// unknown one's pointer escapes).
  void add(const PointerStatement &S, bool ToBodilessCall = false);

  /// Where what it returns comes from, when that is only fresh memory:
  /// allocations of its own (Call -1) or the results of its calls, each at
  /// an offset from the pointer the allocation or the call gave.
  struct Source {
    int Call = -1;
    int64_t Offset = 0;
  };
  /// The sources of every pointer it returns; none if it may return
  /// anything else, or hands such a pointer on.
  std::optional<std::vector<Source>> finish() const;

private:
  struct Def {
    enum Kind { Fresh, Result, Copy, Other } K;
    int Of = -1; ///< Result: the call; Copy: the value copied.
    int64_t Offset = 0;
  };
  void use(const PointerOperand &Op);
  void define(int Value, Def D);
  std::vector<std::vector<Def>> Defs;
  std::vector<bool> HandedOn;
  std::vector<std::pair<int, int64_t>> Returns;
  std::vector<int> IndirectCalls;
  bool ReturnsOther = false;
};

/// The allocation wrappers among functions 0 .. \p Sources.size()-1, given
/// each one's WrapperScan::finish() and \p Callee, the function a direct
/// call (function, call index) reaches (PointsToProgram::None: none with a
/// body, whose known effect, an allocation or not, is a statement of the
/// caller's): for each,
/// the offset from its allocation that it returns, or none if it is not one.
std::vector<std::optional<int64_t>> findAllocationWrappers(
    const std::vector<std::optional<std::vector<WrapperScan::Source>>> &Sources,
    llvm::function_ref<unsigned(unsigned F, int Call)> Callee);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ALLOCATIONWRAPPERS_H
