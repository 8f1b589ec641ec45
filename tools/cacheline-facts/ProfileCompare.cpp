//===- ProfileCompare.cpp - Static classes against a write profile --------===//

#include "ProfileCompare.h"
#include "cacheline/Files/JSONFile.h"
#include "cacheline/Results/LayoutFile.h"
#include "cacheline/Results/Report.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <string>
#include <vector>

using namespace llvm;
using namespace cacheline;

namespace {

constexpr std::array<GlobalClass, 4> StaticClasses = {
    GlobalClass::WriteHot, GlobalClass::ReadMostly, GlobalClass::Neutral,
    GlobalClass::Skipped};
constexpr std::array<MeasuredClass, 5> MeasuredClasses = {
    MeasuredClass::WriteHot, MeasuredClass::ReadMostly, MeasuredClass::Neutral,
    MeasuredClass::Unseen, MeasuredClass::NotMeasured};

struct ReportedGlobal {
  std::string Name;
  GlobalClass Class;
  std::string Reason;
  /// As the summaries name it, with its TU (summaries_carried): what a
  /// profile of such a build names.
  std::string SummaryName, Module;
};

/// The static classes of a report or layout file.
struct ReportedClasses {
  std::vector<ReportedGlobal> Globals;
  std::vector<AllocationEntry> Allocations;
};

/// The static class of every global and allocation site of a report or
/// layout file: a profile-guided report keeps it in "static_class".
Expected<ReportedClasses> readReport(StringRef Path) {
  Expected<json::Value> V = readJSONFile(Path, "report");
  if (!V)
    return V.takeError();
  std::optional<StringRef> Format = formatOf(*V);
  ReportedClasses Out;
  if (Format == LayoutFileFormat) {
    Expected<LayoutFile> File = LayoutFile::read(Path);
    if (!File)
      return File.takeError();
    for (const LayoutEntry &G : File->Globals)
      Out.Globals.push_back(
          {G.Name, G.Class, G.Reason, G.Name, G.Module.value_or("")});
    Out.Allocations = File->Allocations;
    return Out;
  }
  if (Format != ReportFormat)
    return fileError(Path, "not a cacheline-layout report or layout file (" +
                               describeFormat(Format) + ")");
  Expected<Report> R = Report::read(Path);
  if (!R)
    return R.takeError();
  for (const ReportEntry &G : R->Globals)
    Out.Globals.push_back(
        {G.Name, G.staticClass(),
         G.Profile && G.Profile->StaticClass ? G.Profile->StaticReason
                                             : G.Reason,
         G.SummaryName.empty() ? G.Name : G.SummaryName,
         G.Module.value_or("")});
  for (AllocationEntry &A : R->Allocations) {
    if (A.StaticClass) {
      A.Class = *A.StaticClass;
      A.Reason = A.StaticReason;
    }
    Out.Allocations.push_back(std::move(A));
  }
  return Out;
}

std::string countsText(const ProfiledGlobal &P) {
  return formatv("reads {0}/{1}, writes {2}/{3} before/after start-up, {4} "
                 "writing threads",
                 P.ReadsBefore, P.ReadsAfter, P.WritesBefore, P.WritesAfter,
                 P.WritingThreads)
      .str();
}

struct Ratio {
  unsigned Hits = 0, Total = 0;
  json::Value toJSON() const {
    json::Object O{{"hits", Hits}, {"total", Total}};
    O["ratio"] = Total ? json::Value(double(Hits) / Total) : json::Value(nullptr);
    return O;
  }
  std::string text() const {
    return Total ? formatv("{0}/{1} = {2:F1}%", Hits, Total, 100.0 * Hits / Total)
                       .str()
                 : "n/a (none)";
  }
};

} // namespace

Error cacheline::compareWithProfile(StringRef ReportPath,
                                    const WriteProfile &Profile,
                                    const CompareOptions &Opts,
                                    raw_ostream &OS) {
  Expected<ReportedClasses> Report = readReport(ReportPath);
  if (!Report)
    return Report.takeError();

  unsigned Matrix[StaticClasses.size()][MeasuredClasses.size()] = {};
  Ratio Recall, Precision;
  unsigned Compared = 0, NotInProfile = 0;
  json::Array Disagreements, Classes;
  std::vector<std::string> Lines;
  for (const ReportedGlobal &G : Report->Globals) {
    const ProfiledGlobal *P =
        Profile.findGlobal(G.SummaryName, G.Module, G.Name);
    if (!P) {
      ++NotInProfile;
      continue;
    }
    ++Compared;
    MeasuredClass M = measuredClass(*P, Opts.Policy);
    ++Matrix[static_cast<size_t>(G.Class)][static_cast<size_t>(M)];
    Classes.push_back(json::Object{{"name", G.Name},
                                   {"static_class", globalClassName(G.Class)},
                                   {"measured_class", measuredClassName(M)}});
    if (M == MeasuredClass::ReadMostly) {
      ++Recall.Total;
      Recall.Hits += G.Class == GlobalClass::ReadMostly;
    }
    if (G.Class == GlobalClass::WriteHot && M != MeasuredClass::NotMeasured) {
      ++Precision.Total;
      Precision.Hits += M == MeasuredClass::WriteHot;
    }
    // A disagreement: a class the rules gave that the measured run contradicts.
    if (G.Class == GlobalClass::Skipped || M == MeasuredClass::Unseen ||
        M == MeasuredClass::NotMeasured ||
        StringRef(globalClassName(G.Class)) == measuredClassName(M))
      continue;
    // The one harmful mistake: a global grouped with read-mostly ones that
    // the run wrote often or from several threads while threads ran (a
    // rare write is what read-mostly admits).
    bool Harmful =
        G.Class == GlobalClass::ReadMostly && M == MeasuredClass::WriteHot;
    Disagreements.push_back(json::Object{
        {"name", G.Name},
        {"static_class", globalClassName(G.Class)},
        {"static_reason", G.Reason},
        {"measured_class", measuredClassName(M)},
        {"reads_before", static_cast<int64_t>(P->ReadsBefore)},
        {"writes_before", static_cast<int64_t>(P->WritesBefore)},
        {"reads_after", static_cast<int64_t>(P->ReadsAfter)},
        {"writes_after", static_cast<int64_t>(P->WritesAfter)},
        {"writing_threads", static_cast<int64_t>(P->WritingThreads)},
        {"harmful", Harmful}});
    Lines.push_back(formatv("{0}{1}: static {2} ({3}); measured {4} ({5})",
                            Harmful ? "HARMFUL " : "", G.Name,
                            globalClassName(G.Class), G.Reason,
                            measuredClassName(M), countsText(*P))
                        .str());
  }

  // Allocation sites: their classes, and how often each allocated.
  json::Array Sites;
  std::vector<std::string> SiteLines;
  for (const AllocationEntry &A : Report->Allocations) {
    const ProfiledAllocation *P =
        Profile.findAllocation(A.Function, A.Call, A.Module);
    if (!P)
      continue;
    MeasuredClass M = measuredClass(*P, Opts.Policy);
    Sites.push_back(json::Object{
        {"function", A.Function},
        {"call", A.Call},
        {"module", A.Module},
        {"static_class", globalClassName(A.Class)},
        {"measured_class", measuredClassName(M)},
        {"allocated_before", static_cast<int64_t>(P->AllocatedBefore)},
        {"allocated_after", static_cast<int64_t>(P->AllocatedAfter)}});
    SiteLines.push_back(
        formatv("{0} call {1} ({2}): static {3}; measured {4} (allocated "
                "{5}/{6} before/after start-up; {7})",
                A.Function, A.Call, A.Module, globalClassName(A.Class),
                measuredClassName(M), P->AllocatedBefore, P->AllocatedAfter,
                countsText(*P))
            .str());
  }

  if (Opts.JSON) {
    json::Object MatrixJSON;
    for (GlobalClass S : StaticClasses) {
      json::Object Row;
      for (MeasuredClass M : MeasuredClasses)
        Row[measuredClassName(M)] =
            Matrix[static_cast<size_t>(S)][static_cast<size_t>(M)];
      MatrixJSON[globalClassName(S)] = std::move(Row);
    }
    OS << formatv("{0:2}\n",
                  json::Value(json::Object{
                      {"report", ReportPath},
                      {"globals_compared", Compared},
                      {"not_in_profile", NotInProfile},
                      {"runs", static_cast<int64_t>(Profile.Runs)},
                      {"matrix", std::move(MatrixJSON)},
                      {"read_mostly_recall", Recall.toJSON()},
                      {"write_hot_precision", Precision.toJSON()},
                      {"disagreements", std::move(Disagreements)},
                      {"globals", std::move(Classes)},
                      {"allocations", std::move(Sites)}}));
    return Error::success();
  }

  OS << "static \\ measured";
  for (MeasuredClass M : MeasuredClasses)
    OS << format("%14s", measuredClassName(M));
  OS << "\n";
  for (GlobalClass S : StaticClasses) {
    OS << format("%-17s", globalClassName(S));
    for (MeasuredClass M : MeasuredClasses)
      OS << format("%14u", Matrix[static_cast<size_t>(S)][static_cast<size_t>(M)]);
    OS << "\n";
  }
  OS << "globals compared: " << Compared << " (" << NotInProfile
     << " of the report not in the profile), profile of " << Profile.Runs
     << " run(s)\n";
  OS << "read-mostly recall: " << Recall.text()
     << " (of the globals measured read-mostly, those the pass calls "
        "read-mostly)\n";
  OS << "write-hot precision: " << Precision.text()
     << " (of the globals the pass calls write-hot, those measured "
        "write-hot)\n";
  OS << "disagreements: " << Lines.size() << "\n";
  for (const std::string &L : Lines)
    OS << "  " << L << "\n";
  OS << "allocation sites compared: " << SiteLines.size() << " ("
     << Report->Allocations.size() - SiteLines.size()
     << " of the report not in the profile)\n";
  for (const std::string &L : SiteLines)
    OS << "  " << L << "\n";
  return Error::success();
}
