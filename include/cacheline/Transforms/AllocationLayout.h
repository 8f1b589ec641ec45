//===- AllocationLayout.h - Lines inside an allocation -----------*- C++ -*-===//
//
// The element layout (ElementLayout.h) of memory allocated at run time: an
// allocation site (AllocationShape.h) whose elements different threads
// write gets a slot of whole lines per element; one struct whose fields
// have different classes gets each group of fields on lines of its own
// (the split of a struct global, FieldLayout.h, inside one allocation).
// The call becomes `aligned_alloc(line, n * slot)` (zeroed where calloc's
// memory was), so
// that what reaches free() is still what the allocator returned; every
// address computed from the call's result, or from a load of a pointer
// variable that holds only that result, is rebuilt in slots. As for a
// global, a pointer that leaves that code already points into its slot,
// and what is done with it must stay inside one element: checked again on
// the IR, which changes nothing where some use is not an address the
// rewrite can rebuild.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ALLOCATIONLAYOUT_H
#define CACHELINE_LAYOUT_ALLOCATIONLAYOUT_H

#include "cacheline/Policy/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace llvm {
class CallBase;
class GlobalVariable;
} // namespace llvm

namespace cacheline {

class CallGraph;

/// The metadata kind on the call that replaced a padded allocation: a
/// ThinLTO backend finds it laid out by the compile before.
constexpr llvm::StringLiteral PaddedAllocationMetadata = "cacheline.padded";

/// Where one field of an allocated struct goes when its fields are placed
/// in groups, each on lines of its own.
struct MovedFieldSpan {
  uint64_t Offset = 0;
  uint64_t Size = 0;
  uint64_t NewOffset = 0;
  bool operator==(const MovedFieldSpan &O) const {
    return Offset == O.Offset && Size == O.Size && NewOffset == O.NewOffset;
  }
};

/// Places the groups \p Parts of \p Fields (Policy's FieldPart: indices
/// into Fields), in order, each from a line boundary of \p LineSize bytes,
/// each field at its offset within its line; \p NewSize: the bytes the
/// struct then takes.
std::vector<MovedFieldSpan> placeFieldGroups(llvm::ArrayRef<FieldSpan> Fields,
                                             llvm::ArrayRef<FieldPart> Parts,
                                             uint64_t LineSize,
                                             uint64_t &NewSize);

/// What the layout is to do with one allocation site, as the
/// classification decided: the call, the pointer variables that hold only
/// its result (every store to each stores that result or null), and either
/// the size of an element and of its slot (a multiple of the line), or, for
/// one struct, where each field goes and its new size.
struct PlannedAllocation {
  llvm::CallBase *Call = nullptr;
  std::vector<llvm::GlobalVariable *> Holders;
  uint64_t ElementSize = 0;
  uint64_t SlotSize = 0;
  std::vector<MovedFieldSpan> Fields;
  uint64_t NewSize = 0;
};

/// Rewrites the allocation \p P describes, line-aligned for lines of
/// \p LineSize bytes, and every address of its elements (fields); an error
/// saying why not, changing nothing. \p Calls, if given, lets the check
/// follow indirect calls.
llvm::Error padAllocation(const PlannedAllocation &P, uint64_t LineSize,
                          const CallGraph *Calls = nullptr);

/// Whether padAllocation(\p P, \p LineSize) would succeed, changing
/// nothing (report mode).
llvm::Error checkPadAllocation(const PlannedAllocation &P, uint64_t LineSize,
                               const CallGraph *Calls = nullptr);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ALLOCATIONLAYOUT_H
