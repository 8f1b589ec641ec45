//===- StageTimer.h - Each stage timed, under -time-passes ------*- C++ -*-===//
//
// Each stage of the pass (reading the summaries, the points-to analysis,
// the whole-program solve, classifying the globals, the layout, the
// report) has a timer in a group of its own, which -time-passes prints
// beside the pass's own timer: where the pass's time goes, measured the
// way its total is, and nothing when not asked for.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_STAGETIMER_H
#define CACHELINE_LAYOUT_STAGETIMER_H

#include "llvm/Pass.h"
#include "llvm/Support/Timer.h"

namespace cacheline {

/// Times the scope it lives in as stage \p Name when -time-passes is on.
class StageTimer : public llvm::NamedRegionTimer {
public:
  StageTimer(llvm::StringRef Name, llvm::StringRef Description)
      : NamedRegionTimer(Name, Description, "cacheline-layout",
                         "cacheline-layout's stages",
                         llvm::TimePassesIsEnabled) {}
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_STAGETIMER_H
