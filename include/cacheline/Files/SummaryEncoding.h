//===- SummaryEncoding.h - The summary's compact form -----------*- C++ -*-===//
//
// The form in which a compile carries its summary inside its object
// (SummaryInModule.h): the records of Summary.h, field by field in the
// order mapFields() gives them, integers as variable-length numbers and
// every string once, in a table. The facts file (JSON) is the form people
// and the two-stage merge read; this one is what a full-LTO link reads for
// every translation unit, so it must cost a small part of the link: no
// parse tree, no key lookups, each name copied once.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUMMARYENCODING_H
#define CACHELINE_LAYOUT_SUMMARYENCODING_H

#include "cacheline/Summary/Summary.h"

#include "llvm/Support/Error.h"

#include <string>

namespace cacheline {

/// \p S in its compact form, with FactsFormatVersion.
std::string encodeSummary(const ModuleSummary &S);

/// The summary \p Bytes encode; \p Origin names it in errors ("summary of
/// a.c: damaged ..."). A summary of another format version is an error.
/// The summary refers to the bytes (a function's Params are decoded when
/// first asked for): they are copied unless \p BytesOutlive says they stay
/// valid as long as it (an MDString of a context that outlives it).
llvm::Expected<ModuleSummary> decodeSummary(llvm::StringRef Bytes,
                                            llvm::StringRef Origin,
                                            bool BytesOutlive = false);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SUMMARYENCODING_H
