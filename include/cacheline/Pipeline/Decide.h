//===- Decide.h - From the solved program to its decisions ------*- C++ -*-===//
//
// The one pipeline from the whole program's solved records to what is to
// be done with each global and allocation site: the rules' class
// (Policy.h); with a write profile, the class the profile measured where
// it has a current entry (decideFromProfile); then the layout inside each
// object (decideInnerLayout, decideAllocationLayout). The full-LTO pass and
// `cacheline-facts merge` both decide through it, so that a profile gives
// the same classes in either flow.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PIPELINE_DECIDE_H
#define CACHELINE_LAYOUT_PIPELINE_DECIDE_H

#include "cacheline/Pipeline/Classification.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cacheline {

/// Decides every global of \p C.Globals (whose Facts the solver filled)
/// and every allocation site of \p C.Allocations (Site filled), for lines
/// of \p C.LineSize bytes. With \p C.Profile, read from \p ProfilePath, a
/// global's measured class replaces the rules' where the profile has an
/// entry of its name (ClassifiedGlobal::Name) whose fingerprint is the
/// definition's (ClassifiedGlobal::Fingerprint); likewise an allocation
/// site's, by its function, call and translation unit. \p Target is the
/// program's target triple.
///
/// Returns the warnings to give (entries the program changed since the
/// profile was recorded: their static classes are kept), or an error where
/// the profile is another target's or another program's.
llvm::Expected<std::vector<std::string>>
decideProgram(CachelineClassification &C, llvm::StringRef Target,
              llvm::StringRef ProfilePath, const PolicyOptions &Opts);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_PIPELINE_DECIDE_H
