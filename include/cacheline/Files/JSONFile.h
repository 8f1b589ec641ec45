//===- JSONFile.h - The project's JSON files -------------------*- C++ -*-===//
//
// Facts files, layout files, reports and write profiles are JSON. Every
// error about one names the file and the problem in one line.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_JSONFILE_H
#define CACHELINE_LAYOUT_JSONFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <iterator>
#include <optional>
#include <string>

namespace cacheline {

/// json::Array(C), sized first: std::vector cannot move a json::Value
/// (its move constructor may throw, as far as the vector knows), so each
/// growth of the array would copy every element built so far, deeply.
template <typename Collection>
llvm::json::Array toJSONArray(const Collection &C) {
  llvm::json::Array A;
  A.reserve(std::size(C));
  for (const auto &V : C)
    A.emplace_back(V);
  return A;
}

/// The "format" a file's JSON \p V names, if it is an object naming one.
std::optional<llvm::StringRef> formatOf(const llvm::json::Value &V);
/// "format 'NAME'", or "no format", for a message about \p Format.
std::string describeFormat(std::optional<llvm::StringRef> Format);

/// The error "PATH: WHY".
llvm::Error fileError(llvm::StringRef Path, const llvm::Twine &Why);

/// Reads and parses \p Path, a \p What ("layout file", "profile", ...):
/// "PATH: cannot read WHAT: ..." or "PATH: corrupt WHAT: ...".
llvm::Expected<llvm::json::Value> readJSONFile(llvm::StringRef Path,
                                               llvm::StringRef What);

/// A versioned JSON file of the project: facts files, layout files,
/// reports and write profiles each name their "format" and "version" (and
/// some their LLVM release, "llvm"); one reader checks them all.
struct VersionedFormat {
  llvm::StringLiteral Format; ///< "cacheline-layout-file", ...
  llvm::StringLiteral What;   ///< "layout file", for messages.
  /// Where such files come from: "cacheline-facts merge", ...
  llvm::StringLiteral WrittenBy;
  /// The versions this build reads.
  int64_t OldestVersion, Version;
  /// What to do with one of another version or release: "merge again".
  llvm::StringLiteral Again;
  /// Written for one LLVM release: its "llvm", where given, must be this
  /// build's (the fingerprints hash the IR as that release prints it).
  bool OneRelease = false;
};

/// Checks the "format", "version" and "llvm" of \p V, the JSON of a \p F
/// file from \p Origin: "ORIGIN: not a WHAT (format 'X'; ...)", "ORIGIN:
/// WHAT of version N (this build reads version V): AGAIN", "ORIGIN: WHAT
/// written for LLVM N (this build is for LLVM M): AGAIN".
llvm::Error checkVersionedFile(const llvm::json::Value &V,
                               llvm::StringRef Origin,
                               const VersionedFormat &F);

/// Reads and parses \p Path, a \p F file, and checks it
/// (checkVersionedFile).
llvm::Expected<llvm::json::Value>
readVersionedFile(llvm::StringRef Path, const VersionedFormat &F);

/// The error of a failed fromJSON on \p Path: "PATH: corrupt WHAT: expected
/// ... at ...".
llvm::Error corruptFileError(llvm::StringRef Path, llvm::StringRef What,
                             const llvm::json::Path::Root &Root);

/// Reads and checks \p Path, a \p F file, into a \p T by its fromJSON;
/// \p Root names the document in messages ("PATH: corrupt WHAT: expected
/// ... at ROOT.globals[3]").
template <typename T>
llvm::Expected<T> readVersionedAs(llvm::StringRef Path,
                                  const VersionedFormat &F,
                                  llvm::StringRef Root) {
  llvm::Expected<llvm::json::Value> V = readVersionedFile(Path, F);
  if (!V)
    return V.takeError();
  T Out;
  llvm::json::Path::Root R(Root);
  if (!fromJSON(*V, Out, R))
    return corruptFileError(Path, F.What, R);
  return Out;
}

} // namespace cacheline

#endif // CACHELINE_LAYOUT_JSONFILE_H
