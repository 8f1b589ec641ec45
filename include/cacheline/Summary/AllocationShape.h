//===- AllocationShape.h - An allocation as elements ------------*- C++ -*-===//
//
// What a call of a library allocator allocates, as an array: `calloc(n, s)`
// is n elements of s bytes, `malloc(n * s)` too (as clang writes the
// product: a multiply or a shift by a constant), `malloc(s)` one element.
// The summary records the element size and the count where it is a
// constant (CallSiteSummary::AllocElementSize); the allocation layout
// (AllocationLayout.h) reads the count's value to allocate line-sized
// slots instead.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ALLOCATIONSHAPE_H
#define CACHELINE_LAYOUT_ALLOCATIONSHAPE_H

#include "cacheline/Summary/KnownFunctions.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class IRBuilderBase;
class Type;
class Value;
} // namespace llvm

namespace cacheline {

struct AllocationShape {
  uint64_t ElementSize = 0;
  /// The number of elements: a constant, or CountValue's value (Count 0),
  /// or, where neither is known, Bytes' value over ElementSize.
  uint64_t Count = 0;
  llvm::Value *CountValue = nullptr;
  llvm::Value *Bytes = nullptr;
  /// The memory starts zeroed (calloc).
  bool Zeroed = false;
  /// aligned_alloc's alignment argument; 0 for malloc and calloc.
  uint64_t Alignment = 0;
  /// Whose memory it is: C's allocator, or operator new's (new[]'s).
  MemoryFunction::Family Family = MemoryFunction::Family::Malloc;
};

/// The shape of the allocation \p CB makes: a call of malloc, calloc,
/// aligned_alloc, operator new or new[] (MemoryFunction::Realigns) whose
/// size is a whole number of elements of a constant size; std::nullopt
/// otherwise.
std::optional<AllocationShape> allocationShape(const llvm::CallBase &CB);

/// The bytes the call of \p S asks for, as a \p SizeTy value built with
/// \p B: Bytes, or the count times the element size.
llvm::Value *requestedBytes(llvm::IRBuilderBase &B, const AllocationShape &S,
                            llvm::Type *SizeTy);

/// The memset that clears all the memory \p Alloc allocated, right after
/// it (`new T[n]()`, malloc then memset of the same size): part of the
/// allocation, as calloc's zeroing is; null if none.
llvm::CallBase *clearingMemset(const llvm::CallBase &Alloc);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ALLOCATIONSHAPE_H
