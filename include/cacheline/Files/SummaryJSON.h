//===- SummaryJSON.h - Facts files: the summary's JSON form -----*- C++ -*-===//
//
// A facts file holds one module's summary (Summary.h) as JSON, one record
// per line so that it diffs and greps well: what each compile of the
// two-stage flow writes and `cacheline-facts merge` reads
// (docs/two-stage.md).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_FILES_SUMMARYJSON_H
#define CACHELINE_LAYOUT_FILES_SUMMARYJSON_H

#include "cacheline/Files/JSONFile.h"
#include "cacheline/Summary/Summary.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace cacheline {

// The JSON form of each record (llvm::json's conventions).
#define CACHELINE_SUMMARY_JSON(T)                                              \
  llvm::json::Value toJSON(const T &);                                         \
  bool fromJSON(const llvm::json::Value &, T &, llvm::json::Path);
CACHELINE_SUMMARY_JSON(Position)
CACHELINE_SUMMARY_JSON(ByteRange)
CACHELINE_SUMMARY_JSON(FieldSpan)
CACHELINE_SUMMARY_JSON(ArgumentValues)
CACHELINE_SUMMARY_JSON(ReturnedPointer)
CACHELINE_SUMMARY_JSON(AccessSummary)
CACHELINE_SUMMARY_JSON(PointerCall)
CACHELINE_SUMMARY_JSON(GlobalSummary)
CACHELINE_SUMMARY_JSON(CallSiteSummary)
CACHELINE_SUMMARY_JSON(CountedLoop)
CACHELINE_SUMMARY_JSON(PointerOperand)
CACHELINE_SUMMARY_JSON(PointerStatement)
CACHELINE_SUMMARY_JSON(FunctionSummary)
CACHELINE_SUMMARY_JSON(AddressUseSummary)
CACHELINE_SUMMARY_JSON(ModuleSummary)
#undef CACHELINE_SUMMARY_JSON

inline constexpr VersionedFormat FactsFileKind = {
    "cacheline-facts", "facts file",
    "a compile with CACHELINE_LAYOUT_FACTS_DIR", FactsFormatVersion,
    FactsFormatVersion, "compile again", /*OneRelease=*/true};

/// Writes \p S as a facts file, one record per line.
void writeFacts(llvm::raw_ostream &OS, const ModuleSummary &S);
/// Reads the facts file \p Path; errors name the file and the field.
llvm::Expected<ModuleSummary> readFacts(llvm::StringRef Path);
/// Parses the facts-file form \p Text, which \p Origin names in errors
/// (a facts file, an object carrying the summary).
llvm::Expected<ModuleSummary> parseFacts(llvm::StringRef Text,
                                         llvm::StringRef Origin);

/// Writes \p S, the summary of \p M, into directory \p Dir (created if
/// missing), as <hash of the module identifier>.facts.json, through a
/// temporary file and a rename so that parallel compiles never see half a
/// file.
llvm::Error writeSummaryToDir(llvm::StringRef Dir, llvm::Module &M,
                              ModuleSummary S);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_FILES_SUMMARYJSON_H
