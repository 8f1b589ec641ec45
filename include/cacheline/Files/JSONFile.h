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

/// The error of a failed fromJSON on \p Path: "PATH: corrupt WHAT: expected
/// ... at ...".
llvm::Error corruptFileError(llvm::StringRef Path, llvm::StringRef What,
                             const llvm::json::Path::Root &Root);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_JSONFILE_H
