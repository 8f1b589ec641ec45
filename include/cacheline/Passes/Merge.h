//===- Merge.h - Whole-program classification from per-TU facts -*- C++ -*-===//
//
// `cacheline-facts merge DIR -o FILE`: reads the per-TU summaries
// (Summary.h), solves the whole program with the solver the full-LTO pass
// uses (Solver.h) and classifies every global with the shared Policy. The
// result, the layout file, lists every global with its class, reason and
// definition fingerprint; LayoutFile.h applies it.
//
// Linkage: under full LTO an executable's globals are internalized, so a
// global defined in one TU and written from another is classified, not
// skipped as exported. The merge does the same when the facts describe an
// executable (some TU defines an external main): it assumes the facts cover
// every TU that can reference the program's globals and functions. Without
// main the facts describe a library: external globals stay "exported" and
// every external function may run on any thread, as in the pass.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_MERGE_H
#define CACHELINE_LAYOUT_MERGE_H

#include "cacheline/Passes/Settings.h"
#include "cacheline/Policy/Policy.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

struct MergeStats {
  unsigned Files = 0;
  unsigned Globals = 0;
  unsigned WriteHot = 0, ReadMostly = 0, Neutral = 0, Skipped = 0;
  /// What the user should know: a write profile's stale entries.
  std::vector<std::string> Warnings;
};

/// Merges the summaries of \p Inputs and writes the layout file to \p OS,
/// padding arrays' elements to lines of \p LineSize bytes (0: the
/// target's). An input is a facts directory (every *.facts.json file in
/// it) or an object that carries summaries (bitcode a compile with the
/// plugin wrote, SummaryInModule.h). Errors name the file and what is
/// wrong with it. With \p Profile, a write profile decides the classes it
/// measured, as CACHELINE_LAYOUT_PROFILE does at the full-LTO link
/// (Decide.h).
llvm::Expected<MergeStats> mergeFacts(llvm::ArrayRef<std::string> Inputs,
                                      llvm::raw_ostream &OS,
                                      const PolicyOptions &Opts,
                                      unsigned LineSize = 0,
                                      const PathSetting &Profile = {});

/// The whole program \p Inputs describe (as mergeFacts reads them), solved
/// and classified, printed as print<cacheline-layout> prints a module: one
/// line per global ("global NAME [(TU)]: CLASS: REASON"), whether threads
/// run, and each function's role; with \p Stages, what each of the
/// solver's stages found first (Solver::printStages). Solver and policy
/// tests run on hand-written facts this way, with no IR.
llvm::Error printSolved(llvm::ArrayRef<std::string> Inputs,
                        llvm::raw_ostream &OS, const PolicyOptions &Opts,
                        bool Stages = false);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_MERGE_H
