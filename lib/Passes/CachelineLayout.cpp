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

// Settings.h: every option has an environment variable too, for the link.

namespace {

/// Parses an option's value with Settings.h's parser, which the
/// environment variables and cacheline-facts share.
template <typename T, Expected<T> (*Parse)(StringRef)>
class SettingParser : public cl::basic_parser<T> {
public:
  SettingParser(cl::Option &O) : cl::basic_parser<T>(O), Printer(O) {}
  bool parse(cl::Option &O, StringRef, StringRef Arg, T &Value) {
    Expected<T> Parsed = Parse(Arg);
    if (!Parsed)
      return O.error(toString(Parsed.takeError()));
    Value = *Parsed;
    return false;
  }
  StringRef getValueName() const override { return Printer.getValueName(); }
  /// cl's own parser of T, which is final, prints the option's value
  /// (-print-options).
  operator const cl::parser<T> &() const { return Printer; }

private:
  cl::parser<T> Printer;
};

StringRef optionName(SettingKind Kind) { return settingName(Kind).Option; }

} // namespace

static cl::opt<std::string> ReportOpt(
    optionName(SettingKind::Report),
    cl::desc("Write the cacheline-layout JSON report to this file"),
    cl::value_desc("file"));
static cl::opt<unsigned, false, SettingParser<unsigned, parseLineSize>>
    LineSizeOpt(optionName(SettingKind::LineSize),
                cl::desc("Destructive-interference size in bytes, a power of "
                         "two from 16 to 4096 (default: per target)"),
                cl::value_desc("bytes"));
static cl::opt<PassMode> ModeOpt(
    optionName(SettingKind::Mode), cl::desc("What the pass does"),
    cl::init(Settings().Mode),
    cl::values(clEnumValN(PassMode::Layout, "layout",
                          "move and pad globals (default)"),
               clEnumValN(PassMode::Report, "report", "only classify"),
               clEnumValN(PassMode::Instrument, "instrument",
                          "build a program that records a write profile")));
static cl::opt<uint64_t, false, SettingParser<uint64_t, parseCount>>
    HotWriteCountOpt(optionName(SettingKind::HotWriteCount),
                     cl::desc("With profile data or a write profile, run-time "
                              "writes that make a global write-hot"),
                     cl::value_desc("count"),
                     cl::init(PolicyOptions().HotWriteCount));
static cl::opt<double, false, SettingParser<double, parseRate>>
    RareWriteRateOpt(
        optionName(SettingKind::RareWriteRate),
        cl::desc("A global whose run-time writes run fewer times than this "
                 "per iteration of the loops driving them (static block "
                 "frequencies) is not write-hot"),
        cl::value_desc("rate"), cl::init(PolicyOptions().RareWriteRate));
static cl::opt<uint64_t, false, SettingParser<uint64_t, parseBytes>>
    MaxElementPaddingOpt(
        optionName(SettingKind::MaxElementPadding),
        cl::desc("The most bytes giving each element of one array global, "
                 "or each group of written fields of one struct, lines of "
                 "its own may add"),
        cl::value_desc("bytes"), cl::init(PolicyOptions().MaxElementPadding));
static cl::opt<uint64_t, false, SettingParser<uint64_t, parseCount>>
    MaxCopiedInstructionsOpt(
        optionName(SettingKind::MaxCopiedInstructions),
        cl::desc("The most instructions the copies of functions made for "
                 "one struct global split by field class may add (a lock "
                 "routine its instances are handed to); 0 makes none"),
        cl::value_desc("count"),
        cl::init(PolicyOptions().MaxCopiedInstructions));
static cl::opt<bool> AssumeClosedOpt(
    optionName(SettingKind::AssumeClosed),
    cl::desc("Treat an executable's own exported globals as internal "
             "(--export-dynamic); nothing dlopen()ed may write them"),
    cl::value_desc("0|1"), cl::ValueOptional);
static cl::opt<bool> PadRunTimeAllocationsOpt(
    optionName(SettingKind::PadRunTimeAllocations),
    cl::desc("Pad the elements of memory allocated while threads run too "
             "(one object per request, perhaps)"),
    cl::value_desc("0|1"), cl::ValueOptional);
static cl::opt<std::string> ProfileOpt(
    optionName(SettingKind::Profile),
    cl::desc("Classify by this write profile, recorded by an instrumented "
             "build"),
    cl::value_desc("file"));
static cl::opt<std::string> FactsDirOpt(
    optionName(SettingKind::FactsDir),
    cl::desc("Write this module's write facts into this directory, for "
             "cacheline-facts merge"),
    cl::value_desc("dir"));
static cl::opt<std::string> LayoutFileOpt(
    optionName(SettingKind::LayoutFile),
    cl::desc("Apply this merged layout file to the module's globals "
             "(compile time and ThinLTO backends)"),
    cl::value_desc("file"));

namespace {

/// The settings: the options given, the environment variables for the
/// others (Settings.h).
Expected<Settings> passSettings() {
  Settings S;
  SmallVector<SettingKind, 16> FromEnvironment;
  auto Take = [&](SettingKind Kind, const cl::Option &Opt, auto Store) {
    if (Opt.getNumOccurrences())
      Store();
    else
      FromEnvironment.push_back(Kind);
  };
  auto Path = [](const cl::opt<std::string> &Opt) {
    return PathSetting{Opt.getValue(), "-" + Opt.ArgStr.str()};
  };
  Take(SettingKind::Mode, ModeOpt, [&] { S.Mode = ModeOpt; });
  Take(SettingKind::LineSize, LineSizeOpt, [&] { S.LineSize = LineSizeOpt; });
  Take(SettingKind::HotWriteCount, HotWriteCountOpt,
       [&] { S.Policy.HotWriteCount = HotWriteCountOpt; });
  Take(SettingKind::RareWriteRate, RareWriteRateOpt,
       [&] { S.Policy.RareWriteRate = RareWriteRateOpt; });
  Take(SettingKind::MaxElementPadding, MaxElementPaddingOpt,
       [&] { S.Policy.MaxElementPadding = MaxElementPaddingOpt; });
  Take(SettingKind::MaxCopiedInstructions, MaxCopiedInstructionsOpt,
       [&] { S.Policy.MaxCopiedInstructions = MaxCopiedInstructionsOpt; });
  // Given alone (-cacheline-assume-closed), the option is on.
  Take(SettingKind::AssumeClosed, AssumeClosedOpt,
       [&] { S.Policy.AssumeClosed = AssumeClosedOpt; });
  Take(SettingKind::PadRunTimeAllocations, PadRunTimeAllocationsOpt, [&] {
    S.Policy.PadRunTimeAllocations = PadRunTimeAllocationsOpt;
  });
  Take(SettingKind::Report, ReportOpt, [&] { S.Report = Path(ReportOpt); });
  Take(SettingKind::Profile, ProfileOpt, [&] { S.Profile = Path(ProfileOpt); });
  Take(SettingKind::FactsDir, FactsDirOpt,
       [&] { S.FactsDir = Path(FactsDirOpt); });
  Take(SettingKind::LayoutFile, LayoutFileOpt,
       [&] { S.LayoutFile = Path(LayoutFileOpt); });
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
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue; // Intrinsic globals: llvm.used, llvm.global_ctors, ...
    auto [Module, Name] = Result.Symbols.origin(GV);
    std::optional<SolvedGlobal> S = Result.Program->solveGlobal(Module, Name);
    if (!S)
      continue;
    ClassifiedGlobal G;
    G.GV = &GV;
    G.Name = GV.getName().str();
    if (Result.CarriedSummaries) {
      if (Name != G.Name)
        G.SummaryName = Name;
      if (S->Module >= 0)
        G.Module = Result.Program->modules()[S->Module].Source;
    }
    if (Result.Profile && Result.Profile->find(G.Name))
      G.Fingerprint = definitionFingerprint(GV);
    G.Facts = std::move(S->Record);
    G.WriteAt = std::move(S->WriteAt);
    G.ReadAt = std::move(S->ReadAt);
    Result.Globals.push_back(std::move(G));
  }

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
