//===- Report.cpp - The JSON report -------------------------------------===//

#include "cacheline/Results/Report.h"
#include "cacheline/Files/JSONFile.h"
#include "cacheline/Pipeline/Classification.h"
#include "cacheline/Support/LLVMCompat.h"
#include "cacheline/Transforms/FieldLayout.h"
#include "cacheline/Transforms/Layout.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"


using namespace llvm;
using namespace cacheline;

namespace {

/// The "measured" counts of a profile-guided report, keys sorted.
void writeMeasured(json::OStream &J, const ProfiledGlobal &P) {
  auto N = [&](StringRef Key, uint64_t V) {
    J.attribute(Key, static_cast<int64_t>(V));
  };
  J.object([&] {
    N("reads_after", P.ReadsAfter);
    N("reads_before", P.ReadsBefore);
    N("sync_after", P.SyncAfter);
    N("writes_after", P.WritesAfter);
    N("writes_before", P.WritesBefore);
    N("writing_threads", P.WritingThreads);
  });
}

bool measuredFromJSON(const json::Value &V, ProfiledGlobal &P,
                      json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("reads_before", P.ReadsBefore) &&
         O.map("writes_before", P.WritesBefore) &&
         O.map("reads_after", P.ReadsAfter) &&
         O.map("writes_after", P.WritesAfter) &&
         O.map("sync_after", P.SyncAfter) &&
         O.map("writing_threads", P.WritingThreads);
}

/// An entry's keys in the order they are written: the global's facts
/// (sorted), what the layout made of it, the profile's keys (sorted), and
/// where the global came from; so the facts read the same with and
/// without a layout or a profile. ReportEntry::writeAttribute writes each.
constexpr StringLiteral EntryKeys[] = {
    "align",        "class",         "escape",      "name",
    "reads",        "reason",        "section",     "size",
    "writes",       "inner_layout",  "fields",      "parts",
    "copies",
    "new_align",    "new_section",   "padded_size", "not_moved",
    "elements",
    "slot_size",    "measured",      "source",      "static_class",
    "static_reason", "module",       "summary_name"};

} // namespace

void cacheline::writeJSON(json::OStream &J, const ReportPart &P) {
  J.object([&] {
    J.attribute("class", globalClassName(P.Class));
    J.attributeArray("fields", [&] {
      for (const std::string &F : P.Fields)
        J.value(StringRef(F));
    });
    J.attribute("name", StringRef(P.Name));
    if (P.NewSection) {
      J.attribute("new_section", StringRef(*P.NewSection));
      J.attribute("padded_size", static_cast<int64_t>(P.PaddedSize));
    }
  });
}

bool cacheline::fromJSON(const json::Value &V, ReportPart &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", R.Name) && O.map("class", R.Class) &&
         O.map("fields", R.Fields) && O.mapOptional("new_section", R.NewSection) &&
         O.mapOptional("padded_size", R.PaddedSize);
}

bool ReportEntry::writeAttribute(json::OStream &J, StringRef Key) const {
  auto Int = [&](uint64_t V) { J.attribute(Key, static_cast<int64_t>(V)); };
  auto String = [&](StringRef S) { J.attribute(Key, S); };
  // Moved unsplit: the split parts say where each went instead.
  bool Moved = Parts.empty() && NewSection;
  if (Key == "align") {
    if (Align) // Unknown for a global the link dropped.
      Int(Align);
  } else if (Key == "section") {
    if (Section)
      String(*Section);
  } else if (Key == "parts") {
    if (!Parts.empty())
      J.attributeArray(Key, [&] {
        for (const ReportPart &P : Parts)
          writeJSON(J, P);
      });
  } else if (Key == "new_align") {
    if (Moved)
      Int(NewAlign);
  } else if (Key == "new_section") {
    if (Moved)
      String(*NewSection);
  } else if (Key == "padded_size") {
    if (Moved)
      Int(PaddedSize);
  } else if (Key == "not_moved") {
    if (!NotMoved.empty())
      String(NotMoved);
  } else if (Key == "source") {
    if (Profile)
      String(Profile->FromProfile ? "profile" : "static");
  } else if (Key == "measured") {
    if (Profile && Profile->Measured) {
      J.attributeBegin(Key);
      writeMeasured(J, *Profile->Measured);
      J.attributeEnd();
    }
  } else if (Key == "static_class") {
    if (Profile && Profile->StaticClass)
      String(globalClassName(*Profile->StaticClass));
  } else if (Key == "static_reason") {
    if (Profile && Profile->StaticClass)
      String(Profile->StaticReason);
  } else if (Key == "summary_name") {
    if (!SummaryName.empty())
      String(SummaryName);
  } else
    return GlobalEntry::writeAttribute(J, Key);
  return true;
}

bool cacheline::fromJSON(const json::Value &V, ReportEntry &E, json::Path P) {
  if (!fromJSON(V, static_cast<GlobalEntry &>(E), P))
    return false;
  json::ObjectMapper O(V, P);
  if (!O.mapOptional("align", E.Align) || !O.mapOptional("section", E.Section) ||
      !O.mapOptional("parts", E.Parts) ||
      !O.mapOptional("new_section", E.NewSection) ||
      !O.mapOptional("new_align", E.NewAlign) ||
      !O.mapOptional("padded_size", E.PaddedSize) ||
      !O.mapOptional("not_moved", E.NotMoved) ||
      !O.mapOptional("summary_name", E.SummaryName))
    return false;
  const json::Object &Obj = *V.getAsObject();
  std::optional<StringRef> Source = Obj.getString("source");
  if (!Source)
    return true; // Not a profile-guided build.
  ReportedProfile &R = E.Profile.emplace();
  R.FromProfile = *Source == "profile";
  if (const json::Value *M = Obj.get("measured"))
    if (!measuredFromJSON(*M, R.Measured.emplace(), P.field("measured")))
      return false;
  return O.mapOptional("static_class", R.StaticClass) &&
         O.mapOptional("static_reason", R.StaticReason);
}

GlobalClass ReportEntry::staticClass() const {
  return Profile && Profile->StaticClass ? *Profile->StaticClass : Class;
}

/// What the write profile said of \p G.
static ReportedProfile reportedProfile(const ClassifiedGlobal &G) {
  ReportedProfile P;
  P.FromProfile = G.Static.has_value();
  if (G.Measured)
    P.Measured = *G.Measured;
  if (G.Static) {
    P.StaticClass = G.Static->Class;
    P.StaticReason = G.Static->Reason;
  }
  return P;
}

Report::Report(const Module &M, const CachelineClassification &Result,
               const LayoutOutcome &Outcome)
    : Target(compat::targetTriple(M)), LineSize(Result.LineSize),
      SummariesCarried(Result.CarriedSummaries) {
  const DataLayout &DL = M.getDataLayout();
  std::vector<GlobalClass> Classes;
  Classes.reserve(Result.Globals.size());
  Globals.reserve(Result.Globals.size());
  assert(Outcome.Globals.size() == Result.Globals.size() &&
         "an outcome per classified global");
  for (size_t I = 0; I < Result.Globals.size(); ++I) {
    const ClassifiedGlobal &G = Result.Globals[I];
    const GlobalOutcome &Done = Outcome.Globals[I];
    Classes.push_back(G.Class.Class);
    const std::optional<LayoutChange> &Change = Done.Change;
    ReportEntry E;
    static_cast<GlobalEntry &>(E) =
        GlobalEntry::classified(G.Name, G.Facts, G.Class);
    if (!G.Module.empty())
      E.Module = G.Module;
    E.SummaryName = G.SummaryName;
    // Sizes and alignments from before the layout changed them.
    if (Change) {
      E.Size = Change->OldSize;
      E.Align = Change->OldAlign;
    } else {
      Type *T = G.GV->getValueType();
      E.Size = T->isSized() ? DL.getTypeAllocSize(T).getFixedValue() : 0;
      E.Align = G.GV->getPointerAlignment(DL).value();
      if (G.GV->hasSection())
        E.Section = G.GV->getSection().str(); // The user's.
    }
    E.setInner(G.Facts.Props, Done.Inner);
    for (size_t C = 0; C < Done.CopyNames.size() && C < E.Copies.size(); ++C)
      E.Copies[C].Name = Done.CopyNames[C];
    for (unsigned P = 0; P < Done.Parts.size(); ++P) {
      const FieldPart &Part = Done.Inner.Parts[P];
      ReportPart &R = E.Parts.emplace_back();
      R.Name = Done.Parts[P].Name;
      R.Class = Part.Class;
      for (unsigned F : Part.Fields)
        R.Fields.push_back(fieldName(G.Facts.Props, F));
      if (const std::optional<LayoutChange> &C = Done.Parts[P].Change) {
        R.NewSection = C->Section;
        R.PaddedSize = C->NewSize;
      }
    }
    E.NotMoved = Done.NotMoved;
    if (Change && Done.Parts.empty()) {
      E.NewSection = Change->Section;
      E.NewAlign = Change->Align;
      E.PaddedSize = Change->NewSize;
    }
    if (Change && Change->SlotSize) {
      E.SlotSize = Change->SlotSize;
      E.Elements = G.Facts.Props.ElementCount;
    }
    if (Result.Profile)
      E.Profile = reportedProfile(G);
    Globals.push_back(std::move(E));
  }
  // As the layout file of the two-stage flow has them: the layout decided,
  // none made.
  for (const ClassifiedGlobal &G : Result.DroppedGlobals) {
    Classes.push_back(G.Class.Class);
    ReportEntry &E = DroppedGlobals.emplace_back();
    static_cast<GlobalEntry &>(E) =
        GlobalEntry::classified(G.Name, G.Facts, G.Class);
    if (!G.Module.empty())
      E.Module = G.Module;
    E.Size = G.Definition ? G.Definition->Size : 0;
    E.setInner(G.Facts.Props, G.Inner);
    std::vector<std::string> Names = partNames(G.Name, G.Inner.Parts);
    for (auto [Part, Name] : zip_equal(G.Inner.Parts, Names)) {
      ReportPart &R = E.Parts.emplace_back();
      R.Name = Name;
      R.Class = Part.Class;
      for (unsigned F : Part.Fields)
        R.Fields.push_back(fieldName(G.Facts.Props, F));
    }
    if (Result.Profile)
      E.Profile = reportedProfile(G);
  }
  Program = ProgramFacts(*Result.Program, Classes);
  Program.Summary.PaddingBytes = Outcome.PaddingBytes;

  for (auto [A, Done] : zip(Result.Allocations, Outcome.Allocations)) {
    AllocationEntry E = AllocationEntry::classified(
        *Result.Program, A.Site, A.Class, A.Inner, Result.LineSize);
    E.Source = A.Source;
    if (A.Static) {
      E.StaticClass = A.Static->Class;
      E.StaticReason = A.Static->Reason;
    }
    if (!Done.Refused.empty())
      E.InnerReason = Done.Refused;
    if (!Done.Padded) {
      E.SlotSize = 0;
      E.MovedFields.clear();
      E.NewSize = 0;
    }
    Allocations.push_back(std::move(E));
  }
}

bool cacheline::fromJSON(const json::Value &V, Report &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("globals", R.Globals) &&
         O.mapOptional("dropped_globals", R.DroppedGlobals) &&
         O.mapOptional("allocations", R.Allocations) &&
         O.mapOptional("target", R.Target) &&
         O.mapOptional("line_size", R.LineSize) &&
         O.mapOptional("summaries_carried", R.SummariesCarried) &&
         R.Program.mapFrom(O);
}

Expected<Report> Report::read(StringRef Path) {
  return readVersionedAs<Report>(Path, ReportKind, "report");
}

void Report::write(raw_ostream &OS) const {
  JSONLinesWriter File(OS);
  File.attribute("format", ReportFormat);
  File.attribute("version", ReportVersion);
  File.attribute("target", StringRef(Target));
  File.attribute("line_size", static_cast<int64_t>(LineSize));
  File.globals(ArrayRef(Globals), EntryKeys);
  if (!DroppedGlobals.empty())
    File.globals(ArrayRef(DroppedGlobals), EntryKeys, "dropped_globals");
  std::vector<json::Value> Sites(Allocations.begin(), Allocations.end());
  File.lines("allocations", Sites);
  Program.write(File);
  File.attribute("summaries_carried", static_cast<int64_t>(SummariesCarried));
}
