//===- Sanitizer.h - What AddressSanitizer adds to a module -----*- C++ -*-===//
//
// A program built with -fsanitize=address reaches the link instrumented:
// each access is checked against the sanitizer's shadow memory, and each
// global gets a redzone, a descriptor naming its address for the runtime,
// and a place in llvm.compiler.used. None of this is a use of the
// program's objects (the runtime reads and writes only the shadow), so the
// summary and the rewrite's checks pass over it, and a program is laid out
// the same with the sanitizer as without: the sanitizer then checks that
// the rewritten addresses stay inside their allocations.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SANITIZER_H
#define CACHELINE_LAYOUT_SANITIZER_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallBase;
class GlobalVariable;
class Use;
class User;
} // namespace llvm

namespace cacheline {

/// True for AddressSanitizer's checks (__asan_report_store4,
/// __asan_load8, ...): given an address as an integer, they read only the
/// shadow memory, and report the address if it is poisoned.
bool isSanitizerCheck(llvm::StringRef Name);

/// Whether \p CB calls the sanitizer's checked form of a memory intrinsic
/// (__asan_memcpy, __asan_memmove, __asan_memset): the same access.
bool isSanitizerMemoryCall(const llvm::CallBase &CB);

/// Whether \p IntToPtr, an inttoptr, is a shadow address: `(p >> k) + C`
/// for a scale k of at least 3 and a constant C, only loaded from as an
/// integer. It points to memory the program does not have.
bool isShadowAddress(const llvm::User &IntToPtr);

/// Whether \p GV is a descriptor of a global for the sanitizer's runtime,
/// which reads only the global's size and redzone from it.
bool isSanitizerDescriptor(const llvm::GlobalVariable &GV);

/// Whether \p U, a use of a global, is the sanitizer's: in the initializer
/// of a global descriptor (directly, through a ptrtoint, or through a
/// private alias only descriptors use), or the place in
/// llvm.compiler.used of a global that a descriptor describes.
bool isSanitizerUse(const llvm::Use &U);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SANITIZER_H
