//===- Diagnostics.h - The plugin's warnings --------------------*- C++ -*-===//
//
// A warning of the plugin's own kind, so that clang, lld and opt print it
// as "warning: cacheline-layout: ..." and a stale layout file or profile
// never passes silently.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_DIAGNOSTICS_H
#define CACHELINE_LAYOUT_DIAGNOSTICS_H

namespace llvm {
class Module;
class Twine;
} // namespace llvm

namespace cacheline {

/// Reports \p Msg as a warning of the compilation of \p M.
void warn(llvm::Module &M, const llvm::Twine &Msg);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_DIAGNOSTICS_H
