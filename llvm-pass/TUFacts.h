//===- TUFacts.h - Per-translation-unit write facts -------------*- C++ -*-===//
//
// Under ThinLTO and in builds without LTO the plugin only ever sees one
// module, so the whole-program view is assembled the way PGO assembles a
// profile: each compile writes a small summary of its module (this file),
// `cacheline-facts merge` joins the summaries and runs the whole-program
// parts of the analysis and the shared Policy on them (Merge.h), and the
// resulting layout file is applied to each module (LayoutFile.h).
//
// A summary records, without deciding anything that needs other modules:
//  * per global the module defines or uses: its properties (linkage,
//    constant, thread-local, section, size, a definition fingerprint) and
//    what this module does with its address: accesses (kind, function,
//    position, loop, block frequency, profile count), escapes, and calls
//    that pass the address to another function (argument index, and the
//    effect the call would have if that function's body is nowhere);
//  * per defined function: its call sites (direct callee, indirect type,
//    known-library effects, callbacks handed over, position and loops), its
//    loops, main's control-flow graph, and the same access summary for each
//    pointer parameter (so that calls into another TU can be followed);
//  * every use of a function's address (thread entry, run-once, ctor,
//    handed to another function, stored, in an initializer).
// The format is JSON, one record per line; see docs/two-stage.md.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_TUFACTS_H
#define CACHELINE_LAYOUT_TUFACTS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class GlobalVariable;
class raw_ostream;
} // namespace llvm

namespace cacheline {

constexpr unsigned FactsFormatVersion = 1;

/// Writes the summary of \p M to \p OS.
void writeTUFacts(llvm::raw_ostream &OS, llvm::Module &M,
                  llvm::FunctionAnalysisManager &FAM);

/// Writes the summary of \p M into directory \p Dir (created if missing), as
/// <hash of the module identifier>.facts.json, through a temporary file and
/// a rename so that parallel compiles never see half a file.
llvm::Error writeTUFactsToDir(llvm::StringRef Dir, llvm::Module &M,
                              llvm::FunctionAnalysisManager &FAM);

/// What makes a definition "the same" between the build that wrote the
/// facts and the one applying the layout: its type and initializer.
std::string definitionFingerprint(const llvm::GlobalVariable &GV);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_TUFACTS_H
