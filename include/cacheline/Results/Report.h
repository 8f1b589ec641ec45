//===- Report.h - JSON report and optimization remarks ----------*- C++ -*-===//
//
// Explains every decision: a JSON report (one line per global, so that
// tests and people can grep it) and one optimization remark per global.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_REPORT_H
#define CACHELINE_LAYOUT_REPORT_H

#include "cacheline/Files/JSONFile.h"
#include "cacheline/Policy/Policy.h"
#include "cacheline/Results/GlobalEntry.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
class OptimizationRemarkEmitter;
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// The report's "format" and "version": written first, checked by what
/// reads a report (cacheline-facts profile-compare).
constexpr llvm::StringLiteral ReportFormat = "cacheline-layout-report";
constexpr unsigned ReportVersion = 1;
inline constexpr VersionedFormat ReportKind = {
    ReportFormat, "report", "the pass with CACHELINE_LAYOUT_REPORT", 1,
    ReportVersion, "build again"};

class CachelineClassification;
struct LayoutOutcome;

/// A part of a struct split by field class: its global, class, fields and
/// where the layout put it.
struct ReportPart {
  std::string Name;
  GlobalClass Class = GlobalClass::Neutral;
  std::vector<std::string> Fields; ///< fieldName() of each.
  /// Set once the layout moved the part, with its size now.
  std::optional<std::string> NewSection;
  uint64_t PaddedSize = 0;
};

/// What a write profile said of a global, in a profile-guided build.
struct ReportedProfile {
  /// The class is the profile's, not the rules' ("source").
  bool FromProfile = false;
  /// The profile's counts, if it has a current entry ("measured").
  std::optional<ProfiledGlobal> Measured;
  /// The rules' class and reason, where the profile replaced them.
  std::optional<GlobalClass> StaticClass;
  std::string StaticReason;
};

/// One global of the report: what the layout file says of it too, its
/// section and alignment, and what the layout made of it.
struct ReportEntry : GlobalEntry {
  uint64_t Align = 0; ///< Before the layout.
  /// The user's section, of a global the layout left where it was.
  std::optional<std::string> Section;
  /// Set once the layout moved the global (unsplit), with its alignment
  /// and size now.
  std::optional<std::string> NewSection;
  uint64_t NewAlign = 0, PaddedSize = 0;
  /// Why the layout left it where it was (GlobalOutcome::NotMoved).
  std::string NotMoved;
  std::vector<ReportPart> Parts;
  std::optional<ReportedProfile> Profile;
  /// Its name in its summary, where the link renamed it.
  std::string SummaryName;

  /// The class the rules gave (in a profile-guided build, "static_class").
  GlobalClass staticClass() const;

  /// Writes the attribute \p Key of the global's line if the global has a
  /// value for it, as GlobalEntry::writeAttribute; returns whether \p Key
  /// is a key of the report's globals.
  bool writeAttribute(llvm::json::OStream &J, llvm::StringRef Key) const;
};

/// The report: each global's class and what the layout made of it.
struct Report {
  std::string Target;
  uint64_t LineSize = 0;
  std::vector<ReportEntry> Globals;
  /// With carried summaries: the globals they mention that the link
  /// dropped before the pass ran, decided as the two-stage flow decides
  /// them ("dropped_globals"); no layout touches them.
  std::vector<ReportEntry> DroppedGlobals;
  std::vector<AllocationEntry> Allocations;
  ProgramFacts Program;
  /// How many translation units' summaries the link read; 0 when the pass
  /// summarized the module itself.
  uint64_t SummariesCarried = 0;

  /// The report of \p Result's classes and of what the layout made of
  /// them (\p Outcome).
  Report(const llvm::Module &M, const CachelineClassification &Result,
         const LayoutOutcome &Outcome);
  Report() = default;

  /// Reads and checks \p Path; errors name the file and the problem.
  static llvm::Expected<Report> read(llvm::StringRef Path);

  /// Writes the report, one global per line.
  void write(llvm::raw_ostream &OS) const;
};

void writeJSON(llvm::json::OStream &J, const ReportPart &P);
bool fromJSON(const llvm::json::Value &V, ReportPart &R, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, ReportEntry &E, llvm::json::Path P);
/// The whole report; fromJSON leaves "format" and "version" to read(),
/// which checks them first.
bool fromJSON(const llvm::json::Value &V, Report &R, llvm::json::Path P);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_REPORT_H
