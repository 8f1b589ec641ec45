//===- CachelineLayout.cpp - The cacheline-layout passes -----------------===//

#include "cacheline/Passes/CachelineLayout.h"
#include "cacheline/Files/SummaryJSON.h"
#include "cacheline/Passes/ApplyLayoutFile.h"
#include "cacheline/Passes/Remarks.h"
#include "cacheline/Passes/Settings.h"
#include "cacheline/Pipeline/Decide.h"
#include "cacheline/Results/LayoutFile.h"
#include "cacheline/Results/Report.h"
#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Support/Diagnostics.h"
#include "cacheline/Support/LineSize.h"
#include "cacheline/Support/LLVMCompat.h"
#include "cacheline/Support/StageTimer.h"
#include "cacheline/Transforms/FieldLayout.h"
#include "cacheline/Transforms/Instrument.h"
#include "cacheline/Transforms/Layout.h"
#include "cacheline/Transforms/Placement.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <optional>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-layout"

STATISTIC(NumWriteHot, "Globals classified write-hot");
STATISTIC(NumReadMostly, "Globals classified read-mostly");
STATISTIC(NumNeutral, "Globals classified neutral");
STATISTIC(NumSkipped, "Globals skipped");
STATISTIC(NumFromProfile, "Globals whose class the write profile decided");
STATISTIC(NumInstrumentedSites, "Accesses counted by the instrumentation");

namespace {

/// The pass's options: one per setting of Settings.def, in its order.
struct SettingOptions {
  std::vector<std::unique_ptr<SettingOption>> Options;
  SettingOptions() {
    for (const SettingInfo &S : settingTable()) {
      Options.push_back(std::make_unique<SettingOption>(
          StringRef(S.Option), cl::desc(S.Description), cl::value_desc(S.Value),
          S.isFlag() ? cl::ValueOptional : cl::ValueRequired));
      Options.back()->getParser().Kind = S.Kind;
    }
  }
};

SettingOptions &settingOptions() {
  static SettingOptions Options;
  return Options;
}

// Registered when the plugin loads, so that opt's command line sees them.
[[maybe_unused]] SettingOptions &RegisteredOptions = settingOptions();

/// The settings: the options given, the environment variables for the
/// others (Settings.h).
Expected<Settings> passSettings() {
  Settings S;
  SmallVector<SettingKind, 16> FromEnvironment;
  for (const std::unique_ptr<SettingOption> &O : settingOptions().Options) {
    SettingKind Kind = O->getParser().Kind;
    if (!O->getNumOccurrences()) {
      FromEnvironment.push_back(Kind);
      continue;
    }
    if (Error E = setSetting(S, Kind, O->getValue(), "-" + O->ArgStr.str()))
      return std::move(E);
  }
  if (Error E = readEnvironment(S, FromEnvironment))
    return std::move(E);
  return S;
}

unsigned lineSizeFor(const Settings &S, const Module &M) {
  return S.LineSize.value_or(defaultLineSize(Triple(M.getTargetTriple())));
}

/// Reports a bad setting as an error of the compilation, once.
void diagnose(Module &M, Error E) {
  M.getContext().emitError("cacheline-layout: " + toString(std::move(E)));
}

} // namespace

AnalysisKey CachelineClassificationAnalysis::Key;

CachelineClassificationAnalysis::Result
CachelineClassificationAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  CachelineClassificationResult Result;
  Expected<Settings> Set = passSettings();
  if (!Set) {
    diagnose(M, Set.takeError());
    return Result; // No context: the passes do nothing.
  }
  const PolicyOptions *Opts = &Set->Policy;
  Result.LineSize = lineSizeFor(*Set, M);

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // The summaries the compiles carried (else the module's own) and the
  // solver of the two-stage flow; the module's linkage is final (the link
  // has internalized what it could).
  std::optional<StageTimer> Stage;
  Stage.emplace("summaries", "Summaries read (or made)");
  ProgramSummaries Summaries = programSummaries(M, FAM);
  SolverOptions SolverOpts;
  SolverOpts.Policy = *Opts;
  SolverOpts.Internalized = std::move(Summaries.Internalized);
  if (Summaries.Carried)
    Result.CarriedSummaries = Summaries.Modules.size();
  Stage.reset(); // The solver times its stages.
  Result.Program =
      std::make_unique<Solver>(std::move(Summaries.Modules), SolverOpts);
  Result.Symbols = std::move(Summaries.Symbols);
  Stage.emplace("classify", "Globals solved and classified");

  if (const PathSetting &Path = Set->Profile) {
    Expected<WriteProfile> Profile = WriteProfile::read(Path.Path);
    if (!Profile) {
      diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                    Path.Origin.c_str(),
                                    toString(Profile.takeError()).c_str()));
      Result.Program.reset(); // No layout from a profile that cannot be read.
      return Result;
    }
    Result.Profile = std::move(*Profile);
  }

  Result.Globals.reserve(M.global_size());
  BitVector Solved;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue; // Intrinsic globals: llvm.used, llvm.global_ctors, ...
    auto [Module, Name] = Result.Symbols.origin(GV);
    std::optional<SolvedGlobal> S = Result.Program->solveGlobal(Module, Name);
    if (!S)
      continue;
    if (S->Id >= Solved.size())
      Solved.resize(S->Id + 1);
    Solved.set(S->Id);
    ClassifiedGlobal G =
        ClassifiedGlobal::fromSolved(std::move(*S), *Result.Program);
    G.GV = &GV;
    G.Name = GV.getName().str();
    if (Result.CarriedSummaries) {
      if (Name != G.Name)
        G.SummaryName = Name;
    } else {
      G.Module.clear(); // The module is the program.
    }
    // The definition the profile was recorded from, as the module has it.
    G.Fingerprint.clear();
    if (Result.Profile &&
        Result.Profile->findGlobal(G.summaryName(), G.Module, G.Name))
      G.Fingerprint = definitionFingerprint(GV);
    Result.Globals.push_back(std::move(G));
  }
  // What the compiles' summaries mention and the link dropped: listed as
  // the two-stage flow lists them.
  if (Result.CarriedSummaries)
    for (SolvedGlobal &S : Result.Program->solveGlobalsOtherThan(Solved))
      Result.DroppedGlobals.push_back(
          ClassifiedGlobal::fromSolved(std::move(S), *Result.Program));

  // Allocation sites, classified as globals are.
  InstructionIndex Index(M, Result.Symbols);
  for (SolvedAllocation &S : Result.Program->solveAllocations()) {
    ClassifiedAllocation A;
    A.Call = dyn_cast_or_null<CallBase>(Index.find(S.Caller.Module, S.At));
    if (A.Call) {
      A.Caller = A.Call->getFunction();
      A.Loc = A.Call->getDebugLoc();
      if (A.Loc)
        A.Source = (sys::path::filename(A.Loc->getFilename()) + ":" +
                    Twine(A.Loc.getLine()))
                       .str();
    }
    for (auto &[HM, Name] : S.Holders)
      if (GlobalVariable *H = Result.Symbols.global(M, HM, Name))
        A.Holders.push_back(H);
    A.Site = std::move(S);
    Result.Allocations.push_back(std::move(A));
  }

  Expected<std::vector<std::string>> Warnings = decideProgram(
      Result, compat::targetTriple(M), Set->Profile.Path, *Opts);
  if (!Warnings) {
    diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                  Set->Profile.Origin.c_str(),
                                  toString(Warnings.takeError()).c_str()));
    Result.Program.reset();
    return Result;
  }
  for (const std::string &W : *Warnings)
    warn(M, W);
  NumFromProfile += count_if(Result.Globals, [](const ClassifiedGlobal &G) {
    return G.Static.has_value();
  });
  for (ClassifiedAllocation &A : Result.Allocations)
    if (A.Holders.size() != A.Site.Holders.size() && A.Inner.SlotSize) {
      A.Inner = InnerLayout();
      A.Inner.Reason = "not rewritten: a pointer variable holding it is not "
                       "in the module";
    }
  return Result;
}

/// What the layout is to do: each global's class and inner layout, in the
/// order of the classification's globals (LayoutOutcome follows it too).
static LayoutPlan planLayout(const CachelineClassification &C) {
  LayoutPlan Plan;
  Plan.LineSize = C.LineSize;
  Plan.Program = C.Program.get();
  Plan.Symbols = &C.Symbols;
  for (const ClassifiedGlobal &G : C.Globals) {
    PlannedGlobal &P = Plan.Globals.emplace_back();
    P.GV = G.GV;
    P.Class = G.Class.Class;
    P.Inner = G.Inner;
    for (const FunctionCopy &Copy : G.Inner.Copies) {
      Module &M = *G.GV->getParent();
      Function *F = C.Symbols.function(M, Copy.Module, Copy.Function);
      // A linkonce_odr body another compile's summary stands for: any
      // definition of it is one to copy.
      if (!F)
        if (Function *Other = M.getFunction(Copy.Function);
            Other && C.Symbols.origin(*Other).second == Copy.Function)
          F = Other;
      P.CopyBodies.push_back(F);
    }
  }
  for (const ClassifiedAllocation &A : C.Allocations) {
    PlannedAllocation &P = Plan.Allocations.emplace_back();
    P.Call = A.Call;
    P.Holders = A.Holders;
    P.ElementSize = A.Site.Record.Props.ElementSize;
    if (A.Class.Class != GlobalClass::WriteHot)
      continue;
    P.SlotSize = A.Inner.SlotSize;
    if (!A.Inner.Parts.empty())
      P.Fields = placeFieldGroups(A.Site.Record.Props.Fields, A.Inner.Parts,
                                  C.LineSize, P.NewSize);
  }
  return Plan;
}

bool CachelineClassificationResult::invalidate(
    Module &, const PreservedAnalyses &PA,
    ModuleAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<CachelineClassificationAnalysis>();
  return !PAC.preserved() && !PAC.preservedSet<AllAnalysesOn<Module>>();
}

PreservedAnalyses
CachelineClassificationPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  MAM.getResult<CachelineClassificationAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}

PreservedAnalyses CachelineLayoutPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  Expected<Settings> Set = passSettings();
  if (!Set) {
    diagnose(M, Set.takeError());
    return PreservedAnalyses::all();
  }
  const PassMode *Mode = &Set->Mode;
  CachelineClassification &Result =
      MAM.getResult<CachelineClassificationAnalysis>(M);
  if (!Result.Program)
    return PreservedAnalyses::all();

  for (const ClassifiedGlobal &G : Result.Globals) {
    switch (G.Class.Class) {
    case GlobalClass::WriteHot:
      ++NumWriteHot;
      break;
    case GlobalClass::ReadMostly:
      ++NumReadMostly;
      break;
    case GlobalClass::Neutral:
      ++NumNeutral;
      break;
    case GlobalClass::Skipped:
      ++NumSkipped;
      break;
    }
  }

  // The section names are ELF's; elsewhere the pass only reports. A report
  // alone says what the layout would do inside objects.
  std::optional<StageTimer> Stage;
  Stage.emplace("layout", "Layout planned and applied, remarks");
  LayoutPlan Plan = planLayout(Result);
  Plan.GlobalOptFollows = AtLink;
  Plan.When = AtLink ? PlaceMode::DryRun : PlaceMode::Final;
  std::vector<RemarkPlace> RemarkPlaces = locateRemarks(M, Result);
  LayoutOutcome Outcome =
      *Mode == PassMode::Layout && Triple(M.getTargetTriple()).isOSBinFormatELF()
          ? applyLayout(M, Plan)
          : checkInnerLayouts(M, Plan);

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  emitRemarks(Result, Outcome, RemarkPlaces, [&](Function &F) -> auto & {
    return FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  });

  Stage.emplace("report", "Report written");
  if (const PathSetting &Path = Set->Report) {
    std::error_code EC;
    raw_fd_ostream OS(Path.Path, EC, sys::fs::OF_TextWithCRLF);
    if (EC)
      diagnose(M, createStringError(EC, "%s: cannot write report '%s': %s",
                                    Path.Origin.c_str(), Path.Path.c_str(),
                                    EC.message().c_str()));
    else
      Report(M, Result, Outcome).write(OS);
  }
  Stage.reset();
  if (*Mode == PassMode::Instrument) {
    Expected<InstrumentStats> Stats = instrumentForWriteProfile(M, Result);
    if (!Stats) {
      diagnose(M, Stats.takeError());
      return PreservedAnalyses::all();
    }
    NumInstrumentedSites += Stats->Sites;
    LLVM_DEBUG(dbgs() << "cacheline-layout: instrumented " << Stats->Sites
                      << " accesses of " << Stats->Globals << " globals and "
                      << Stats->Allocations << " allocation sites ("
                      << Stats->InPart << " counted in part), "
                      << Stats->ThreadCreations << " thread creations\n");
    // New code in every function that touches a global.
    return PreservedAnalyses::none();
  }
  if (*Mode == PassMode::Report)
    return PreservedAnalyses::all();
  // Globals were replaced and moved; every function is as it was.
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

namespace {

/// A full-LTO pre-link compile: clang marks the module "ThinLTO" = 0.
bool isFullLTOPreLink(const Module &M) {
  auto *Flag =
      mdconst::extract_or_null<ConstantInt>(M.getModuleFlag("ThinLTO"));
  return Flag && Flag->isZero();
}

/// A compile whose output is bitcode for an LTO link, full or thin: clang
/// (16 and 19) marks both with "EnableSplitLTOUnit", a compile without LTO
/// with neither.
bool isLTOPreLink(const Module &M) {
  return isFullLTOPreLink(M) || M.getModuleFlag("EnableSplitLTOUnit");
}

} // namespace

PreservedAnalyses CachelineCompileTimePass::run(Module &M,
                                                ModuleAnalysisManager &MAM) {
  Expected<Settings> Set = passSettings();
  if (!Set) {
    diagnose(M, Set.takeError());
    return PreservedAnalyses::all();
  }
  bool PreLink = isFullLTOPreLink(M);
  if (Summarize) {
    const PathSetting &Dir = Set->FactsDir;
    // Once per translation unit, for the link, the merge and the facts
    // alike; carried in bitcode, which the full-LTO link and
    // `cacheline-facts merge` read.
    bool CarryIt = Carry || isLTOPreLink(M);
    if (Dir || CarryIt) {
      FunctionAnalysisManager &FAM =
          MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
      ModuleSummary S = summarizeModule(M, FAM);
      if (CarryIt)
        carrySummary(M, S);
      if (Dir)
        if (Error E = writeSummaryToDir(Dir.Path, M, std::move(S)))
          diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                        Dir.Origin.c_str(),
                                        toString(std::move(E)).c_str()));
    }
  }

  const PathSetting &Path = Set->LayoutFile;
  if (!Apply || PreLink || !Path)
    return PreservedAnalyses::all();
  Expected<std::shared_ptr<const LayoutFile>> File =
      LayoutFile::load(Path.Path);
  if (!File) {
    diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                  Path.Origin.c_str(),
                                  toString(File.takeError()).c_str()));
    return PreservedAnalyses::all();
  }
  bool DoLayout = Set->Mode == PassMode::Layout;
  // A backend's globals are placed at the end of its pipeline; a ThinLTO
  // pre-link compile's survive the backend's pipeline, which may not load
  // the plugin; only codegen follows a compile without LTO.
  PlaceMode When = InBackend        ? PlaceMode::DryRun
                   : isLTOPreLink(M) ? PlaceMode::Survivable
                                     : PlaceMode::Final;
  ApplyResult R =
      applyLayoutFile(M, **File, lineSizeFor(*Set, M), DoLayout, When);
  if (!DoLayout || R.Applied == 0)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

PreservedAnalyses CachelinePlacePass::run(Module &M, ModuleAnalysisManager &) {
  if (none_of(M.globals(), [](const GlobalVariable &GV) {
        return isMarkedForPlacement(GV);
      }))
    return PreservedAnalyses::all();
  placeMarkedGlobals(M, PlaceMode::Final);
  // Globals were moved, grown and aligned; every function is as it was.
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}
