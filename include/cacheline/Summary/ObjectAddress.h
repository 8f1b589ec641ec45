//===- ObjectAddress.h - An address as a base plus offsets ------*- C++ -*-===//
//
// Decomposes a pointer computed by GEPs, casts and aliases into the value it
// starts from, a constant offset and variable indices scaled by strides:
// `&g[i].f` is @g + offsetof(f) + i * sizeof(g[0]). The summary builder
// turns it into a ByteRange (Summary.h) and the element layout
// (ElementLayout.h) rebuilds the same address for padded elements from it,
// so the two agree on what they can follow.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_OBJECTADDRESS_H
#define CACHELINE_LAYOUT_OBJECTADDRESS_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace llvm {
class DataLayout;
class Value;
} // namespace llvm

namespace cacheline {

/// One variable index: Index * Stride bytes. Count bounds Index to
/// [0, Count): the length of the array type it indexes, or the values its
/// known bits allow, whichever is less; 0 when neither bounds it.
struct AddressTerm {
  llvm::Value *Index = nullptr;
  uint64_t Stride = 0;
  uint64_t Count = 0;
  /// Index is a loop's induction variable (isInductionVariable).
  bool Sweeps = false;
};

struct ObjectAddress {
  /// The first value that is no GEP, cast or alias.
  llvm::Value *Base = nullptr;
  int64_t Offset = 0;
  llvm::SmallVector<AddressTerm, 2> Terms;
};

/// \p Ptr as a base plus offsets, or std::nullopt if some index is not
/// linear in a value (a vector GEP, a scalable type).
std::optional<ObjectAddress> decomposeAddress(llvm::Value *Ptr,
                                              const llvm::DataLayout &DL);

/// The constants the index \p V chooses among, when it is a select or phi
/// of integer constants (the optimizer's `c ? 16 : 32` for `c ? &s->a :
/// &s->b`), at most 8; std::nullopt otherwise.
std::optional<llvm::SmallVector<int64_t, 4>>
constantChoices(const llvm::Value *V);

/// \p A relative to its base, as the summary records it (no bytes touched).
ByteRange toByteRange(const ObjectAddress &A);

/// The bytes the access \p User makes through its pointer, when the
/// instruction says (a load, a store, an atomic, a memory intrinsic of
/// constant length); 0 otherwise.
uint64_t accessSize(const llvm::Value &User, const llvm::DataLayout &DL);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_OBJECTADDRESS_H
