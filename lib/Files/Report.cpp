//===- Report.cpp - JSON report and optimization remarks -----------------===//

#include "cacheline/Report.h"
#include "cacheline/CachelineLayout.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-layout"

void cacheline::writeAccesses(json::OStream &J,
                              ArrayRef<AccessRecord> Accesses) {
  // Keys in sorted order, as json::Object prints them.
  J.array([&] {
    for (const AccessRecord &A : Accesses)
      J.object([&] {
        J.attribute("context", phaseName(A.When));
        if (!A.DrivenBy.empty())
          J.attribute("driven_by", json::Array(A.DrivenBy));
        J.attribute("frequency", std::round(A.Frequency * 1000) / 1000);
        J.attribute("function", A.Function);
        J.attribute("function_role", A.Role);
        J.attribute("kind", accessKindName(A.Kind));
        J.attribute("loop", loopKindName(A.Loop));
        if (!A.OnceFlag.empty())
          J.attribute("once_flag", A.OnceFlag);
        if (A.ProfileCount)
          J.attribute("profile_count", static_cast<int64_t>(*A.ProfileCount));
        if (!A.StartUp && A.Rate < 1)
          J.attribute("rate", std::round(A.Rate * 10000) / 10000);
      });
  });
}

json::Array cacheline::accessesToJSON(ArrayRef<AccessRecord> Accesses) {
  std::string Text;
  raw_string_ostream OS(Text);
  json::OStream J(OS);
  writeAccesses(J, Accesses);
  OS.flush();
  return std::move(*cantFail(json::parse(Text)).getAsArray());
}

namespace {

/// Where a profile-guided build's class came from: "profile" (with the
/// measured counts and the class the rules gave) or "static".
json::Object profileToJSON(const ClassifiedGlobal &G) {
  json::Object O{{"source", G.Static ? "profile" : "static"}};
  if (const ProfiledGlobal *P = G.Measured) {
    auto N = [](uint64_t V) { return static_cast<int64_t>(V); };
    O["measured"] = json::Object{{"reads_before", N(P->ReadsBefore)},
                                 {"writes_before", N(P->WritesBefore)},
                                 {"reads_after", N(P->ReadsAfter)},
                                 {"writes_after", N(P->WritesAfter)},
                                 {"sync_after", N(P->SyncAfter)},
                                 {"writing_threads", N(P->WritingThreads)}};
  }
  if (G.Static) {
    O["static_class"] = globalClassName(G.Static->Class);
    O["static_reason"] = G.Static->Reason;
  }
  return O;
}

/// Each part of a struct split by field class: its global, class, fields
/// and where the layout put it.
json::Array partsToJSON(const ClassifiedGlobal &G, const GlobalOutcome &Done) {
  json::Array Out;
  for (unsigned P = 0; P < Done.Parts.size(); ++P) {
    const FieldPart &Part = Done.Inner.Parts[P];
    json::Array Fields;
    for (unsigned I : Part.Fields)
      Fields.push_back(fieldName(G.Facts.Props, I));
    json::Object O{{"name", Done.Parts[P].Name},
                   {"class", globalClassName(Part.Class)},
                   {"fields", std::move(Fields)}};
    if (const std::optional<LayoutChange> &C = Done.Parts[P].Change) {
      O["new_section"] = C->Section;
      O["padded_size"] = static_cast<int64_t>(C->NewSize);
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

} // namespace

json::Array cacheline::fieldsToJSON(const GlobalProperties &P,
                                    ArrayRef<Decision> Classes) {
  json::Array Out;
  for (unsigned I = 0; I < Classes.size() && I < P.Fields.size(); ++I)
    Out.push_back(json::Object{
        {"name", fieldName(P, I)},
        {"offset", static_cast<int64_t>(P.Fields[I].Offset)},
        {"size", static_cast<int64_t>(P.Fields[I].Size)},
        {"class", globalClassName(Classes[I].Class)},
        {"reason", Classes[I].Reason}});
  return Out;
}

std::string cacheline::compactJSON(json::Value V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << V;
  return S;
}

void cacheline::writeProgramFacts(raw_ostream &OS, const Solver &Program,
                                  ArrayRef<GlobalClass> Classes,
                                  json::Object Extra) {
  json::Object Summary = std::move(Extra);
  for (GlobalClass C : {GlobalClass::WriteHot, GlobalClass::ReadMostly,
                        GlobalClass::Neutral, GlobalClass::Skipped})
    Summary[globalClassName(C)] = int64_t(count(Classes, C));
  Summary["globals"] = int64_t(Classes.size());
  OS << "  \"summary\": " << compactJSON(std::move(Summary)) << ",\n";
  OS << "  \"threads\": " << (Program.hasThreads() ? "true" : "false")
     << ",\n";
  OS << "  \"thread_entries\": "
     << compactJSON(json::Array(Program.threadEntries())) << ",\n";
  OS << "  \"start_up_functions\": "
     << compactJSON(json::Array(Program.startUpFunctions()));
}

void cacheline::writeJSONReport(raw_ostream &OS, const Module &M,
                                const CachelineClassification &Result,
                                const LayoutOutcome &Outcome) {
  const DataLayout &DL = M.getDataLayout();
  std::vector<GlobalClass> Classes;

  // json::Object sorts its keys; the fixed top-level order and one global
  // per line are written by hand.
  OS << "{\n";
  OS << "  \"format\": \"" << ReportFormat << "\",\n";
  OS << "  \"version\": " << ReportVersion << ",\n";
  OS << "  \"target\": " << compactJSON(M.getTargetTriple()) << ",\n";
  OS << "  \"line_size\": " << Result.LineSize << ",\n";
  OS << "  \"globals\": [";
  bool First = true;
  assert(Outcome.Globals.size() == Result.Globals.size() &&
         "an outcome per classified global");
  for (size_t I = 0; I < Result.Globals.size(); ++I) {
    const ClassifiedGlobal &G = Result.Globals[I];
    const GlobalOutcome &Done = Outcome.Globals[I];
    Classes.push_back(G.Class.Class);
    const std::optional<LayoutChange> &Change = Done.Change;
    const InnerLayout &Inner = Done.Inner;
    // Sizes and alignments from before the layout changed them.
    uint64_t Size = 0, Alignment = 0;
    if (Change) {
      Size = Change->OldSize;
      Alignment = Change->OldAlign;
    } else {
      Type *T = G.GV->getValueType();
      Size = T->isSized() ? DL.getTypeAllocSize(T).getFixedValue() : 0;
      Alignment = G.GV->getPointerAlignment(DL).value();
    }
    // One line per global, streamed: its facts with their keys in sorted
    // order (as json::Object prints them), then the layout's and the
    // profile's, so that the facts read the same with and without them.
    std::string Line;
    raw_string_ostream LineOS(Line);
    json::OStream J(LineOS);
    J.object([&] {
      J.attribute("align", static_cast<int64_t>(Alignment));
      J.attribute("class", globalClassName(G.Class.Class));
      if (!G.Facts.EscapeReason.empty())
        J.attribute("escape", G.Facts.EscapeReason);
      J.attribute("name", G.Name);
      J.attribute("reads", static_cast<int64_t>(G.Facts.Reads.size()));
      J.attribute("reason", G.Class.Reason);
      if (!Change && G.GV->hasSection())
        J.attribute("section", G.GV->getSection()); // The user's.
      J.attribute("size", static_cast<int64_t>(Size));
      J.attributeBegin("writes");
      writeAccesses(J, G.Facts.Writes);
      J.attributeEnd();
      if (!Inner.Reason.empty())
        J.attribute("inner_layout", Inner.Reason);
      if (!Inner.FieldClasses.empty())
        J.attribute("fields", fieldsToJSON(G.Facts.Props, Inner.FieldClasses));
      if (!Done.Parts.empty()) {
        J.attribute("parts", partsToJSON(G, Done));
      } else if (Change) {
        J.attribute("new_align", static_cast<int64_t>(Change->Align));
        J.attribute("new_section", Change->Section);
        J.attribute("padded_size", static_cast<int64_t>(Change->NewSize));
      }
      if (Change && Change->SlotSize) {
        J.attribute("elements",
                    static_cast<int64_t>(G.Facts.Props.ElementCount));
        J.attribute("slot_size", static_cast<int64_t>(Change->SlotSize));
      }
      if (Result.Profile) {
        json::Object Profile = profileToJSON(G);
        std::vector<StringRef> Keys;
        for (const auto &KV : Profile)
          Keys.push_back(KV.first);
        llvm::sort(Keys);
        for (StringRef K : Keys)
          J.attribute(K, *Profile.get(K));
      }
      if (!G.Module.empty())
        J.attribute("module", G.Module);
      if (!G.SummaryName.empty())
        J.attribute("summary_name", G.SummaryName);
    });
    LineOS.flush();
    OS << (First ? "\n    " : ",\n    ") << Line;
    First = false;
  }
  OS << "\n  ],\n";
  json::Object Extra;
  if (Outcome.PaddingBytes)
    Extra["padding_bytes"] = static_cast<int64_t>(*Outcome.PaddingBytes);
  writeProgramFacts(OS, *Result.Program, Classes, std::move(Extra));
  // 0: the pass summarized the module itself (its objects were compiled
  // without the plugin, or one carried a summary it could not use).
  OS << ",\n  \"summaries_carried\": " << Result.CarriedSummaries << "\n}\n";
}

void cacheline::emitRemarks(Module &M, const CachelineClassification &Result,
                            const LayoutOutcome &Outcome, OREGetter GetORE) {
  // Finding the instructions costs a walk of each function's body: only
  // for -pass-remarks*=cacheline-layout or a remarks file.
  LLVMContext &Ctx = M.getContext();
  if (!Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled(DEBUG_TYPE))
    return;
  InstructionIndex Instructions(M, Result.Symbols);
  Function *Fallback = nullptr;
  for (Function &F : M)
    if (!F.isDeclaration()) {
      Fallback = &F;
      break;
    }
  assert(Outcome.Globals.size() == Result.Globals.size() &&
         "an outcome per classified global");
  for (size_t I = 0; I < Result.Globals.size(); ++I) {
    const ClassifiedGlobal &G = Result.Globals[I];
    const GlobalOutcome &Done = Outcome.Globals[I];
    const Decision &C = G.Class;
    const InnerLayout &Inner = Done.Inner;
    if (Done.GV && Done.GV->isDeclaration())
      continue;
    // Locate the remark at the deciding access, else at any access.
    const Instruction *At = G.decisiveInstruction(Instructions);
    Function *F = At ? const_cast<Function *>(At->getFunction()) : Fallback;
    if (!F)
      continue;
    const char *RemarkName = C.Class == GlobalClass::WriteHot     ? "WriteHot"
                             : C.Class == GlobalClass::ReadMostly ? "ReadMostly"
                             : C.Class == GlobalClass::Neutral    ? "Neutral"
                                                                  : "Skipped";
    GetORE(*F).emit([&] {
      auto R = At ? OptimizationRemarkAnalysis(DEBUG_TYPE, RemarkName, At)
                  : OptimizationRemarkAnalysis(DEBUG_TYPE, RemarkName, F);
      return R << "global " << ore::NV("Global", G.Name)
               << " is " << ore::NV("Class", globalClassName(C.Class)) << ": "
               << ore::NV("Reason", C.Reason);
    });
    if (!Inner.rewrites() && !Inner.Reason.empty())
      GetORE(*F).emit([&] {
        auto R = At ? OptimizationRemarkMissed(DEBUG_TYPE, "InnerLayout", At)
                    : OptimizationRemarkMissed(DEBUG_TYPE, "InnerLayout", F);
        if (G.Facts.Props.ElementCount)
          R << "elements of global " << ore::NV("Global", G.Name) << " ";
        else
          R << "global " << ore::NV("Global", G.Name) << ": ";
        return R << ore::NV("Reason", Inner.Reason);
      });
    if (!Done.Parts.empty()) {
      GetORE(*F).emit([&] {
        auto R = At ? OptimizationRemark(DEBUG_TYPE, "Split", At)
                    : OptimizationRemark(DEBUG_TYPE, "Split", F);
        return R << globalClassName(C.Class) << " global "
                 << ore::NV("Global", G.Name) << ": "
                 << ore::NV("Reason", Inner.Reason);
      });
      continue;
    }
    if (!Done.Change)
      continue;
    const LayoutChange &Change = *Done.Change;
    GetORE(*F).emit([&] {
      auto R = At ? OptimizationRemark(DEBUG_TYPE, "Moved", At)
                  : OptimizationRemark(DEBUG_TYPE, "Moved", F);
      R << "moved " << globalClassName(C.Class) << " global "
        << ore::NV("Global", G.Name) << " to "
        << ore::NV("Section", Change.Section) << ", aligned to "
        << ore::NV("Align", Change.Align);
      if (Change.SlotSize)
        R << ", each element in " << ore::NV("SlotSize", Change.SlotSize)
          << " bytes";
      if (Change.NewSize != Change.OldSize)
        R << ", padded from " << ore::NV("OldSize", Change.OldSize) << " to "
          << ore::NV("NewSize", Change.NewSize) << " bytes";
      return R;
    });
  }
}
