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

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace cacheline {

struct AllocationShape {
  uint64_t ElementSize = 0;
  /// The number of elements: a constant, or CountValue's value (Count 0).
  uint64_t Count = 0;
  llvm::Value *CountValue = nullptr;
  /// The memory starts zeroed (calloc).
  bool Zeroed = false;
  /// aligned_alloc's alignment argument; 0 for malloc and calloc.
  uint64_t Alignment = 0;
};

/// The shape of the allocation \p CB makes: a call of malloc, calloc or
/// aligned_alloc (MemoryFunction::FreedByFree) whose size is a whole number
/// of elements of a constant size; std::nullopt otherwise.
std::optional<AllocationShape> allocationShape(const llvm::CallBase &CB);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ALLOCATIONSHAPE_H
