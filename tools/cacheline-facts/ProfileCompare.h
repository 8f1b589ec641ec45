//===- ProfileCompare.h - Static classes against a write profile -*- C++ -*-===//
//
// `cacheline-facts profile-compare REPORT PROFILE`: how the static
// classification of a report (CACHELINE_LAYOUT_REPORT, or a layout file)
// measures up against a write profile of the same build: the confusion
// matrix, read-mostly recall, write-hot precision and every disagreement.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_FACTS_PROFILECOMPARE_H
#define CACHELINE_FACTS_PROFILECOMPARE_H

#include "cacheline/Files/WriteProfile.h"
#include "cacheline/Policy/Policy.h"

#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

struct CompareOptions {
  PolicyOptions Policy;
  bool JSON = false;
};

/// Compares \p ReportPath with \p Profile and prints the result to \p OS.
llvm::Error compareWithProfile(llvm::StringRef ReportPath,
                               const WriteProfile &Profile,
                               const CompareOptions &Opts,
                               llvm::raw_ostream &OS);

} // namespace cacheline

#endif // CACHELINE_FACTS_PROFILECOMPARE_H
