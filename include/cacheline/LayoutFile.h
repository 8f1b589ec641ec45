//===- LayoutFile.h - Apply a merged layout file to one module --*- C++ -*-===//
//
// The layout file `cacheline-facts merge` writes is the whole-program
// classification. Applied to a module, it lays out the globals the module
// defines that the file calls write-hot or read-mostly, with the same
// transform as the full-LTO pass (Layout.h). A global is matched by name
// (internal ones also by source file; ThinLTO's ".llvm.N" promotion suffix
// is ignored) and must have the definition fingerprint the facts recorded:
// a global whose type or initializer changed since is stale and is left
// alone, with a warning.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_LAYOUTFILE_H
#define CACHELINE_LAYOUT_LAYOUTFILE_H

#include "cacheline/Policy.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace cacheline {

/// Version of the layout-file format `cacheline-facts merge` writes; a file
/// of another version is refused.
constexpr unsigned LayoutFileVersion = 1;

struct LayoutEntry {
  std::string Name;
  std::string Module; ///< Source file of an internal global; else empty.
  std::string Fingerprint;
  GlobalClass Class = GlobalClass::Neutral;
  std::string Reason;
  /// Elements padded to SlotSize bytes, fields split into Parts, or why
  /// not.
  InnerLayout Inner;
};

class LayoutFile {
public:
  /// Reads \p Path; parsed files are cached per process by path and
  /// modification time (an lld link applies one file to many modules).
  static llvm::Expected<std::shared_ptr<const LayoutFile>>
  load(llvm::StringRef Path);

  /// The entry for global \p Name of a module compiled from \p Source.
  const LayoutEntry *find(llvm::StringRef Name, llvm::StringRef Source) const;

  std::string Path;

  /// Entries by name (internal globals of several TUs may share one).
  llvm::StringMap<std::vector<LayoutEntry>> ByName;
};

struct ApplyResult {
  unsigned Applied = 0;
  unsigned Stale = 0;
  unsigned AlreadyLaidOut = 0;
  uint64_t PaddingBytes = 0;
};

/// Lays out the globals \p M defines as \p File says, with \p LineSize;
/// with \p DoLayout false only checks. Warnings go to the module's context.
ApplyResult applyLayoutFile(llvm::Module &M, const LayoutFile &File,
                            unsigned LineSize, bool DoLayout);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_LAYOUTFILE_H
