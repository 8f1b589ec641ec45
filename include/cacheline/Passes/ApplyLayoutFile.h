//===- ApplyLayoutFile.h - The two-stage flow's layout ----------*- C++ -*-===//
//
// Each compile of the two-stage flow lays out the globals it defines as the
// merged layout file says (CACHELINE_LAYOUT_FILE; docs/two-stage.md).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PASSES_APPLYLAYOUTFILE_H
#define CACHELINE_LAYOUT_PASSES_APPLYLAYOUTFILE_H

#include "cacheline/Transforms/Placement.h"

#include <cstdint>

namespace llvm {
class Module;
} // namespace llvm

namespace cacheline {

class LayoutFile;

struct ApplyResult {
  unsigned Applied = 0;
  unsigned Stale = 0;
  unsigned AlreadyLaidOut = 0;
  uint64_t PaddingBytes = 0;
};

/// Lays out the globals \p M defines as \p File says, with \p LineSize;
/// with \p DoLayout false only checks. \p When: how the globals are
/// placed (LayoutPlan::When); where an optimization pipeline follows, its
/// GlobalOpt does (LayoutPlan::GlobalOptFollows). Warnings go to the
/// module's context.
ApplyResult applyLayoutFile(llvm::Module &M, const LayoutFile &File,
                            unsigned LineSize, bool DoLayout,
                            PlaceMode When = PlaceMode::Final);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_PASSES_APPLYLAYOUTFILE_H
