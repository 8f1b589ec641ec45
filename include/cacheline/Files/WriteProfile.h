//===- WriteProfile.h - A measured write profile ----------------*- C++ -*-===//
//
// What an instrumented build (-cacheline-layout-mode=instrument) measured:
// per global, its reads and writes before the program's first thread
// creation (start-up) and after it, how many threads wrote it after
// start-up, and its busiest access sites; the same of each allocation
// site's memory, and how many times the site allocated. The runtime
// (runtime/WriteProfile.c) writes the file; this is its one reader, its
// merge and its writer for merged files. docs/write-profile.md describes the
// format.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_WRITEPROFILE_H
#define CACHELINE_LAYOUT_WRITEPROFILE_H

#include "cacheline/Files/JSONFile.h"
#include "cacheline/Files/WriteProfileABI.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// The "format" and "version" every profile carries.
inline constexpr llvm::StringLiteral WriteProfileFormat =
    "cacheline-write-profile";
/// Version 3 adds allocation sites ("allocations"); version 2 counts
/// escaping globals in part ("in_part"); version 1's "not_measured"
/// entries, without counts, still read.
inline constexpr int64_t WriteProfileVersion = CACHELINE_PROF_VERSION;
inline constexpr VersionedFormat WriteProfileKind = {
    WriteProfileFormat, "profile",
    "a build with CACHELINE_LAYOUT_MODE=instrument", 1, WriteProfileVersion,
    "record it again"};

struct ProfiledSite {
  std::string Function;
  std::string Kind; ///< accessKindName() of the access.
  std::string Location;
  uint64_t Before = 0;
  uint64_t After = 0;
};

struct ProfiledGlobal {
  std::string Name;
  /// The source file of its translation unit: an allocation site's, and
  /// an internal global's where the build's objects carried summaries
  /// (Name is then the summary's: two TUs' `static int scratch` are both
  /// "scratch"). Empty for any other global.
  std::string Module;
  std::string Fingerprint; ///< definitionFingerprint() at the build.
  uint64_t Size = 0;
  /// Set when the build could not count every access (the address
  /// escapes): why. The counts are then lower bounds (zero in a version 1
  /// profile).
  std::optional<std::string> InPart;
  uint64_t ReadsBefore = 0, WritesBefore = 0;
  uint64_t ReadsAfter = 0, WritesAfter = 0;
  /// Atomic read-modify-writes and lock operations after start-up.
  uint64_t SyncAfter = 0;
  /// Threads that wrote the global after start-up (in a merged profile:
  /// the most in any one run).
  uint64_t WritingThreads = 0;
  /// The busiest sites, busiest first.
  std::vector<ProfiledSite> Sites;

  bool seen() const {
    return ReadsBefore || WritesBefore || ReadsAfter || WritesAfter;
  }
};

/// An allocation site's memory, measured as a global is (Name: the
/// allocating function), and how many times the site allocated.
struct ProfiledAllocation : ProfiledGlobal {
  int64_t Call = -1; ///< Its index among its function's calls.
  uint64_t AllocatedBefore = 0, AllocatedAfter = 0;
};

struct WriteProfile {
  std::string Target;
  uint64_t Runs = 0;
  uint64_t RunTimeMs = 0;
  uint64_t Threads = 0;
  uint64_t ThreadsCreated = 0;
  std::vector<ProfiledGlobal> Globals;
  std::vector<ProfiledAllocation> Allocations;

  /// Reads and checks \p Path. Errors name the file and the problem.
  static llvm::Expected<WriteProfile> read(llvm::StringRef Path);

  /// Adds the runs of \p Other (same target, same globals where names
  /// meet) into this profile.
  llvm::Error merge(const WriteProfile &Other, llvm::StringRef OtherPath);

  /// Writes the profile in the runtime's format (one global per line).
  void write(llvm::raw_ostream &OS) const;

  /// The global named \p Name of translation unit \p Module (empty: a
  /// global the profile names without one), or null.
  const ProfiledGlobal *find(llvm::StringRef Name,
                             llvm::StringRef Module = "") const;
  /// The global the summaries name \p Name in translation unit \p Module
  /// (empty for an external one); else, in a profile of a build that named
  /// its globals as the linked module did, the one named \p LinkName.
  const ProfiledGlobal *findGlobal(llvm::StringRef Name, llvm::StringRef Module,
                                   llvm::StringRef LinkName) const {
    if (const ProfiledGlobal *P = find(Name, Module))
      return P;
    return Module.empty() ? nullptr : find(LinkName);
  }
  /// The allocation site \p Call of \p Function in \p Module, or null.
  const ProfiledAllocation *findAllocation(llvm::StringRef Function,
                                           int64_t Call,
                                           llvm::StringRef Module) const;

private:
  void index();
  static std::string globalKey(llvm::StringRef Name, llvm::StringRef Module);
  static std::string siteKey(llvm::StringRef Function, int64_t Call,
                             llvm::StringRef Module);
  llvm::StringMap<size_t> ByName, BySite;
};

/// Sites kept per global: the runtime's and a merge's cut.
inline constexpr size_t MaxProfiledSites = 10;

} // namespace cacheline

#endif // CACHELINE_LAYOUT_WRITEPROFILE_H
