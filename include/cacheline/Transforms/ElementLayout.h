//===- ElementLayout.h - One line per element of an array -------*- C++ -*-===//
//
// Rewrites an array global `[N x T]` into `[N x { T, [P x i8] }]`, so that
// each element starts a line of its own, and every address computed from
// it to match: `&g[i].f` becomes `@g' + i * slot + offsetof(f)`. Only the
// code that names the global computes element addresses; a pointer that
// leaves it (to a call, a return, a phi, memory) already points into the
// new slot, and what code does with it past there stays inside one element
// (Policy's decideInnerLayout checks this on the summary). The rewrite
// checks again on the IR and changes nothing if some use is not an address
// it can rebuild.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ELEMENTLAYOUT_H
#define CACHELINE_LAYOUT_ELEMENTLAYOUT_H

#include "llvm/Support/Alignment.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace llvm {
class GlobalVariable;
class Value;
} // namespace llvm

namespace cacheline {

class CallGraph;
struct AddressLeaf;
struct NewAddress;
struct ObjectAddress;

/// Replaces \p GV, an internal array global, with one whose elements each
/// take \p SlotSize bytes, and returns it; an error saying why when some
/// use of \p GV is not an address the rewrite can rebuild (\p GV is then
/// unchanged). \p Calls, if given, lets the check follow indirect calls.
llvm::Expected<llvm::GlobalVariable *>
padElements(llvm::GlobalVariable &GV, uint64_t SlotSize,
            const CallGraph *Calls = nullptr);

/// Whether padElements(\p GV, \p SlotSize) would succeed: an error saying
/// why not, as padElements gives it, changing nothing (report mode).
llvm::Error checkPadElements(llvm::GlobalVariable &GV, uint64_t SlotSize,
                             const CallGraph *Calls = nullptr);

/// Whether the address \p L, in an array of \p Size-byte elements, lies
/// inside one element, and every use of it stays there: an error saying
/// why not.
llvm::Error checkInsideElement(const AddressLeaf &L, uint64_t Size,
                               const CallGraph *Calls);

/// \p A, an address in an array of \p Size-byte elements, in one whose
/// elements take \p Slot bytes each from \p Base: the element (the
/// constant offset's, plus the indices that pick one, in slots) and the
/// bytes inside it (a constant and the other indices, in bytes).
NewAddress inSlots(const ObjectAddress &A, uint64_t Size, llvm::Value &Base,
                   llvm::Align BaseAlign, uint64_t Slot);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ELEMENTLAYOUT_H
