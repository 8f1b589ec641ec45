//===- LineSize.h - Destructive-interference size per target ----*- C++ -*-===//
//
// The distance two globals must keep so that a write to one never costs a
// reader of the other a cache miss. TTI::getCacheLineSize() is 0 on x86-64
// and generic AArch64, and says nothing of adjacent-line prefetchers, so the
// sizes live in a table here.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_LINESIZE_H
#define CACHELINE_LAYOUT_LINESIZE_H

#include "llvm/Support/Error.h"

namespace llvm {
class Triple;
} // namespace llvm

namespace cacheline {

constexpr unsigned MinLineSize = 16;
constexpr unsigned MaxLineSize = 4096;

/// The destructive-interference size for \p T: 128 on x86-64 (the spatial
/// prefetcher pulls line pairs), AArch64 and PPC64, 256 on s390x, 64
/// elsewhere.
unsigned defaultLineSize(const llvm::Triple &T);

/// Parses a user-given line size: a power of two in [16, 4096].
llvm::Expected<unsigned> parseLineSize(llvm::StringRef Text);
/// The same, the error beginning with \p Origin (where it came from).
llvm::Expected<unsigned> parseLineSize(llvm::StringRef Text,
                                       llvm::StringRef Origin);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_LINESIZE_H
