//===- AddressInteger.h - An address made an integer ------------*- C++ -*-===//
//
// A ptrtoint makes a number of an address. Printed, hashed, masked,
// shifted, compared with a constant, used to pick an element of another
// array or to choose a branch, it stays a number: every access to the
// object is still seen where the pointer is used, and a layout inside the
// object changes the numbers, as a new build or ASLR would, but nothing a
// program may rely on. What matters is found by following the integer's
// uses through arithmetic, casts, phis, selects, and the arguments and
// results of the module's own functions:
//
//  * the address may come back as a pointer: an inttoptr of a value made
//    from it (or a GEP from null), the integer stored to memory or an
//    initializer, handed to code we cannot see or returned to it. An
//    escape, as for a pointer going there.
//  * the distance between two addresses: a sub of the address and a value
//    that is no constant (`&a[j] - &a[i]`, `p - base`, which C counts in
//    elements), or an add of the negated address and such a value (a loop's
//    trip count, `end - start`). Element padding and a field split change
//    it. Every access is still seen: only the layout inside the object is
//    fixed. Stored or passed on, the difference is a number; turned into a
//    pointer, it is the address again.
//  * the order of the address and a value that is no constant
//    (`(uintptr_t)p < (uintptr_t)q`): padding keeps the order of an array's
//    addresses (slot i + 1 follows slot i, the bytes of an element keep
//    theirs), a split into globals does not keep the order of the fields.
//
// Equality is kept by both layouts: different places stay different. A
// difference or an order is one of addresses only while the number still
// moves with the address (plus a constant, shifted, its low bits cleared,
// negated); past a hash's multiply or xor, a mask of the low bits or a
// remainder, it is a number in no order. docs/classification.md,
// "Addresses made numbers".
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ADDRESSINTEGER_H
#define CACHELINE_LAYOUT_ADDRESSINTEGER_H

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace llvm {
class Instruction;
class Value;
} // namespace llvm

namespace cacheline {

/// A use of an address made an integer that matters to its object.
struct AddressIntegerUse {
  enum Kind {
    Escape,   ///< The address may come back as a pointer.
    Distance, ///< Two addresses subtracted: no layout inside the object.
    Order,    ///< Compared for order: the fields may not be split.
  };
  Kind What = Escape;
  /// What is done, after "address" ("turned back into a pointer
  /// (inttoptr)"), for an escape; empty for the others.
  std::string Reason;
  /// Where; null in an initializer.
  const llvm::Instruction *At = nullptr;
};

/// Follows the integer \p Int, a ptrtoint (an instruction or a constant
/// expression) of an address, to the uses that matter: the first found of
/// each kind, an escape only if one is found (then nothing else).
llvm::SmallVector<AddressIntegerUse, 2>
followAddressInteger(const llvm::Value &Int);

/// A pointer compared with \p Other for order, by \p Predicate (an
/// llvm::CmpInst::Predicate): whether the result depends on the order of
/// two addresses, \p Other being no constant but null.
bool comparesOrder(unsigned Predicate, const llvm::Value &Other);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ADDRESSINTEGER_H
