//===- LayoutFile.h - Apply a merged layout file to one module --*- C++ -*-===//
//
// The layout file `cacheline-facts merge` writes is the whole-program
// classification. Applied to a module, it lays out the globals the module
// defines that the file calls write-hot or read-mostly, with the same
// transform as the full-LTO pass (Layout.h). A global is matched by name
// (internal ones also by source file; ThinLTO's ".llvm.N" promotion suffix
// is ignored) and must have the definition fingerprint the facts recorded:
// a global whose type or initializer changed since is stale and is left
// alone, with a warning. An allocation site is matched by its function
// (and source file), its call's index and its allocator; its elements are
// padded where every pointer variable holding it is a static of the module
// (Policy's EachModuleAlone), which the rewrite checks again on the IR.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_LAYOUTFILE_H
#define CACHELINE_LAYOUT_LAYOUTFILE_H

#include "cacheline/Files/JSONFile.h"
#include "cacheline/Policy/Policy.h"
#include "cacheline/Results/GlobalEntry.h"
#include "cacheline/Transforms/Placement.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// The layout file's "format" and "version" (`cacheline-facts merge`
/// writes them); a file of another version is refused.
constexpr llvm::StringLiteral LayoutFileFormat = "cacheline-layout-file";
constexpr unsigned LayoutFileVersion = 1;
inline constexpr VersionedFormat LayoutFileKind = {
    LayoutFileFormat, "layout file", "cacheline-facts merge", 1,
    LayoutFileVersion, "merge again", /*OneRelease=*/true};

/// A group of a struct's fields, split into a global of its own.
struct LayoutPart {
  std::string Name;
  GlobalClass Class = GlobalClass::Neutral;
  /// Indices into the struct's top-level fields, in order.
  std::vector<unsigned> Fields;
};

/// One global of the layout file: what the report says of it too, the
/// fingerprint of the definition classified and the parts of a split.
struct LayoutEntry : GlobalEntry {
  /// definitionFingerprint() of the global the facts described.
  std::optional<std::string> Fingerprint;
  std::vector<LayoutPart> Parts;

  /// The layout inside the global, as applyLayout takes it: elements
  /// padded to SlotSize bytes, fields split into Parts, or why not.
  InnerLayout inner() const;

  /// Writes the attribute \p Key of the global's line if the global has a
  /// value for it, as GlobalEntry::writeAttribute; returns whether \p Key
  /// is a key of the layout file's globals.
  bool writeAttribute(llvm::json::OStream &J, llvm::StringRef Key) const;
};

/// The layout file: the whole program's classification, as the merge
/// wrote it.
class LayoutFile {
public:
  std::string Path;
  /// An executable's facts (some TU defines main), else a library's.
  bool Executable = false;
  std::string Target;
  uint64_t LineSize = 0;
  std::vector<LayoutEntry> Globals;
  /// The allocation sites, each with the layout of its elements.
  std::vector<AllocationEntry> Allocations;
  ProgramFacts Program;
  /// The source files of the translation units merged.
  std::vector<std::string> Modules;

  /// Reads and checks \p Path; errors name the file and the problem.
  static llvm::Expected<LayoutFile> read(llvm::StringRef Path);

  /// read(), cached per process by path and modification time (an lld
  /// link applies one file to many modules).
  static llvm::Expected<std::shared_ptr<const LayoutFile>>
  load(llvm::StringRef Path);

  /// Writes the file, one global per line.
  void write(llvm::raw_ostream &OS) const;

  /// The entry for global \p Name of a module compiled from \p Source:
  /// that module's own, else one that names no module.
  const LayoutEntry *find(llvm::StringRef Name, llvm::StringRef Source) const;

private:
  /// Globals by name (internal globals of several TUs may share one).
  llvm::StringMap<std::vector<size_t>> ByName;
};

void writeJSON(llvm::json::OStream &J, const LayoutPart &P);
bool fromJSON(const llvm::json::Value &V, LayoutPart &P, llvm::json::Path Path);
bool fromJSON(const llvm::json::Value &V, LayoutEntry &E, llvm::json::Path P);
/// The whole file; fromJSON leaves "format" and "version" to read(), which
/// checks them first.
bool fromJSON(const llvm::json::Value &V, LayoutFile &F, llvm::json::Path P);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_LAYOUTFILE_H
