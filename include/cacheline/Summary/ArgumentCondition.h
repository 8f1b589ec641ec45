//===- ArgumentCondition.h - Argument values of a return -------*- C++ -*-===//
//
// A function may return different objects on different paths of a switch
// or a comparison of one of its integer arguments: a lock allocator returns
// `&static_locks[kind - 2]` for the static kinds and fresh memory for the
// others. The values of that argument under which a returned pointer can be
// a global's address say which calls can return it: a call with a constant
// argument outside them cannot, so what it does with its result (store it
// in a heap object) is no use of the global.
//
// The values are an over-approximation (llvm::ConstantRange's arithmetic):
// paths are followed back through switches and `icmp` branches on the
// argument, or on the argument plus a constant (`(unsigned)(kind - 1) < 4`,
// what a switch over contiguous cases may become); anything else allows
// every value.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ARGUMENTCONDITION_H
#define CACHELINE_LAYOUT_ARGUMENTCONDITION_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace llvm {
class CallBase;
class ReturnInst;
class Value;
} // namespace llvm

namespace cacheline {

/// The values of one integer argument under which \p Ret can return a
/// value \p Carries holds (the pointer a walk follows: directly, or as an
/// incoming value of the phi \p Ret returns); std::nullopt when no argument
/// narrows it.
std::optional<ArgumentValues>
returnCondition(const llvm::ReturnInst &Ret,
                llvm::function_ref<bool(const llvm::Value *)> Carries);

/// The integer constants among \p CB's arguments, by argument number.
std::vector<std::pair<int, int64_t>>
constantArguments(const llvm::CallBase &CB);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ARGUMENTCONDITION_H
