//===- CachelineLayout.cpp - The cacheline-layout passes -----------------===//

#include "CachelineLayout.h"
#include "Diagnostics.h"
#include "Instrument.h"
#include "LayoutFile.h"
#include "LineSize.h"
#include "Report.h"
#include "SummaryBuilder.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-layout"

STATISTIC(NumWriteHot, "Globals classified write-hot");
STATISTIC(NumReadMostly, "Globals classified read-mostly");
STATISTIC(NumNeutral, "Globals classified neutral");
STATISTIC(NumSkipped, "Globals skipped");
STATISTIC(NumFromProfile, "Globals whose class the write profile decided");
STATISTIC(NumInstrumentedSites, "Accesses counted by the instrumentation");

// lld 19 parses -mllvm before it loads pass plugins (llvm-project #90956),
// so at the link every option also has an environment variable; the
// command-line option wins where both are given.
static cl::opt<std::string>
    ReportFile("cacheline-layout-report",
               cl::desc("Write the cacheline-layout JSON report to this file "
                        "(link time: CACHELINE_LAYOUT_REPORT)"),
               cl::value_desc("file"));
static cl::opt<std::string>
    LineSizeOpt("cacheline-line-size",
                cl::desc("Destructive-interference size in bytes, a power of "
                         "two from 16 to 4096 (default: per target; link "
                         "time: CACHELINE_LAYOUT_LINE_SIZE)"),
                cl::value_desc("bytes"));
static cl::opt<std::string>
    ModeOpt("cacheline-layout-mode",
            cl::desc("'layout' (default) moves and pads globals; 'report' "
                     "only classifies; 'instrument' builds a program that "
                     "records a write profile (link time: "
                     "CACHELINE_LAYOUT_MODE)"),
            cl::value_desc("layout|report|instrument"));
static cl::opt<std::string> HotWriteCountOpt(
    "cacheline-hot-write-count",
    cl::desc("With profile data or a write profile, run-time writes that "
             "make a global write-hot (default 1000; link time: "
             "CACHELINE_LAYOUT_HOT_WRITE_COUNT)"),
    cl::value_desc("count"));
static cl::opt<std::string> RareWriteRateOpt(
    "cacheline-rare-write-rate",
    cl::desc("A global whose run-time writes run fewer times than this per "
             "iteration of the loops driving them (static block "
             "frequencies) is not write-hot (default 0.0625; link time: "
             "CACHELINE_LAYOUT_RARE_WRITE_RATE)"),
    cl::value_desc("rate"));
static cl::opt<std::string> MaxElementPaddingOpt(
    "cacheline-max-element-padding",
    cl::desc("The most bytes giving each element of one array global, or "
             "each group of written fields of one struct, lines of its own "
             "may add (default 65536; link time: "
             "CACHELINE_LAYOUT_MAX_ELEMENT_PADDING)"),
    cl::value_desc("bytes"));
static cl::opt<std::string> AssumeClosedOpt(
    "cacheline-assume-closed",
    cl::desc("1: treat an executable's own exported globals as internal "
             "(--export-dynamic); nothing dlopen()ed may write them "
             "(link time: CACHELINE_LAYOUT_ASSUME_CLOSED)"),
    cl::value_desc("0|1"), cl::ValueOptional);
static cl::opt<std::string> ProfileOpt(
    "cacheline-profile",
    cl::desc("Classify by this write profile, recorded by an instrumented "
             "build (link time: CACHELINE_LAYOUT_PROFILE)"),
    cl::value_desc("file"));

static cl::opt<std::string> FactsDirOpt(
    "cacheline-facts-dir",
    cl::desc("Write this module's write facts into this directory, for "
             "cacheline-facts merge (compile time: "
             "CACHELINE_LAYOUT_FACTS_DIR)"),
    cl::value_desc("dir"));
static cl::opt<std::string> LayoutFileOpt(
    "cacheline-layout-file",
    cl::desc("Apply this merged layout file to the module's globals "
             "(compile time and ThinLTO backends: CACHELINE_LAYOUT_FILE)"),
    cl::value_desc("file"));

namespace {

/// The option's value if given on the command line, else the environment
/// variable's, else nothing. \p Origin receives where it came from.
std::optional<std::string> optionOrEnv(const cl::opt<std::string> &Opt,
                                       const char *EnvVar,
                                       std::string &Origin) {
  if (Opt.getNumOccurrences()) {
    Origin = "-" + Opt.ArgStr.str();
    return Opt.getValue();
  }
  if (const char *Env = std::getenv(EnvVar); Env && *Env) {
    Origin = EnvVar;
    return std::string(Env);
  }
  return std::nullopt;
}

Expected<unsigned> lineSizeFor(const Module &M) {
  std::string Origin;
  if (std::optional<std::string> Text =
          optionOrEnv(LineSizeOpt, "CACHELINE_LAYOUT_LINE_SIZE", Origin))
    return parseLineSize(*Text, Origin);
  return defaultLineSize(Triple(M.getTargetTriple()));
}

/// Reads the non-negative integer that \p Opt (else \p EnvVar) gives, if
/// any, into \p Out; \p What names it in the error ("count", "size") and
/// \p Expected says what it must be.
Error readUnsigned(const cl::opt<std::string> &Opt, const char *EnvVar,
                   uint64_t &Out, const char *What, const char *Expected) {
  std::string Origin;
  std::optional<std::string> Text = optionOrEnv(Opt, EnvVar, Origin);
  if (!Text || !StringRef(*Text).trim().getAsInteger(10, Out))
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "%s: invalid %s '%s': expected %s", Origin.c_str(),
                           What, Text->c_str(), Expected);
}

Expected<PolicyOptions> policyOptions() {
  PolicyOptions Opts;
  if (Error E = readUnsigned(HotWriteCountOpt,
                             "CACHELINE_LAYOUT_HOT_WRITE_COUNT",
                             Opts.HotWriteCount, "count",
                             "a non-negative integer"))
    return std::move(E);
  if (Error E = readUnsigned(MaxElementPaddingOpt,
                             "CACHELINE_LAYOUT_MAX_ELEMENT_PADDING",
                             Opts.MaxElementPadding, "size",
                             "a non-negative number of bytes"))
    return std::move(E);
  std::string Origin;
  if (std::optional<std::string> Text = optionOrEnv(
          RareWriteRateOpt, "CACHELINE_LAYOUT_RARE_WRITE_RATE", Origin)) {
    if (StringRef(*Text).trim().getAsDouble(Opts.RareWriteRate) ||
        !(Opts.RareWriteRate >= 0 && Opts.RareWriteRate <= 1))
      return createStringError(inconvertibleErrorCode(),
                               "%s: invalid rate '%s': expected a number "
                               "from 0 to 1",
                               Origin.c_str(), Text->c_str());
  }
  if (std::optional<std::string> Text = optionOrEnv(
          AssumeClosedOpt, "CACHELINE_LAYOUT_ASSUME_CLOSED", Origin)) {
    if (Text->empty()) // -cacheline-assume-closed alone
      *Text = "1";
    if (*Text != "0" && *Text != "1")
      return createStringError(inconvertibleErrorCode(),
                               "%s: invalid value '%s': expected 0 or 1",
                               Origin.c_str(), Text->c_str());
    Opts.AssumeClosed = *Text == "1";
  }
  return Opts;
}

/// What the pass does with its classification.
enum class PassMode { Layout, Report, Instrument };

Expected<PassMode> requestedMode() {
  std::string Origin;
  std::optional<std::string> Text =
      optionOrEnv(ModeOpt, "CACHELINE_LAYOUT_MODE", Origin);
  if (!Text || *Text == "layout")
    return PassMode::Layout;
  if (*Text == "report")
    return PassMode::Report;
  if (*Text == "instrument")
    return PassMode::Instrument;
  return createStringError(inconvertibleErrorCode(),
                           "%s: invalid mode '%s': expected 'layout', "
                           "'report' or 'instrument'",
                           Origin.c_str(), Text->c_str());
}

/// Reports a bad setting as an error of the compilation, once.
void diagnose(Module &M, Error E) {
  M.getContext().emitError("cacheline-layout: " + toString(std::move(E)));
}

/// Gives every global the profile has a current entry for the class the
/// profile decides (Policy's decideFromProfile). A global whose definition
/// changed since the profile was recorded keeps its static class, with one
/// warning for all of them; a profile that names none of the module's
/// globals is another program's: an error.
Error applyProfile(Module &M, StringRef Path, CachelineClassification &Result,
                   const PolicyOptions &Opts) {
  const WriteProfile &Profile = *Result.Profile;
  if (Triple(Profile.Target).getArch() != Triple(M.getTargetTriple()).getArch())
    return createStringError(inconvertibleErrorCode(),
                             "%s: profile of target %s, the module is for %s",
                             Path.str().c_str(), Profile.Target.c_str(),
                             M.getTargetTriple().c_str());
  unsigned Matched = 0;
  SmallVector<StringRef, 4> Stale;
  for (ClassifiedGlobal &G : Result.Globals) {
    const GlobalVariable &GV = *G.GV;
    const ProfiledGlobal *P = Profile.find(GV.getName());
    if (!P || GV.isDeclaration())
      continue;
    ++Matched;
    if (P->Fingerprint != definitionFingerprint(GV)) {
      Stale.push_back(GV.getName());
      continue;
    }
    G.Measured = P;
    std::optional<Decision> D = decideFromProfile(*P, G.Class.Class, Opts);
    if (!D)
      continue;
    G.Static = G.Class;
    G.Class = {D->Class, D->Reason};
    ++NumFromProfile;
  }
  if (!Matched && !Profile.Globals.empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s: profile of another program: none of its %zu "
                             "globals is in this module",
                             Path.str().c_str(), Profile.Globals.size());
  if (!Stale.empty()) {
    std::string Names;
    for (StringRef N : ArrayRef(Stale).take_front(3))
      Names += (Names.empty() ? "" : ", ") + N.str();
    if (Stale.size() > 3)
      Names += ", ...";
    warn(M, "profile " + Path + ": " + Twine(Stale.size()) +
                (Stale.size() == 1 ? " global" : " globals") +
                " changed since it was recorded (" + Names +
                "): static classes kept");
  }
  return Error::success();
}

} // namespace

AnalysisKey CachelineClassificationAnalysis::Key;

CachelineClassification
CachelineClassificationAnalysis::run(Module &M, ModuleAnalysisManager &MAM) {
  CachelineClassification Result;
  Expected<unsigned> LineSize = lineSizeFor(M);
  Expected<PolicyOptions> Opts = policyOptions();
  if (!LineSize || !Opts) {
    if (!LineSize)
      diagnose(M, LineSize.takeError());
    if (!Opts)
      diagnose(M, Opts.takeError());
    return Result; // No context: the passes do nothing.
  }
  Result.LineSize = *LineSize;

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // The summaries the compiles carried (else the module's own) and the
  // solver of the two-stage flow; the module's linkage is final (the link
  // has internalized what it could).
  ProgramSummaries Summaries = programSummaries(M, FAM);
  SolverOptions SolverOpts;
  SolverOpts.Policy = *Opts;
  SolverOpts.Internalized = std::move(Summaries.Internalized);
  if (Summaries.Carried)
    Result.CarriedSummaries = Summaries.Modules.size();
  Result.Program =
      std::make_unique<Solver>(std::move(Summaries.Modules), SolverOpts);
  Result.Symbols = std::move(Summaries.Symbols);

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
    G.Facts = std::move(S->Record);
    G.WriteAt = std::move(S->WriteAt);
    G.ReadAt = std::move(S->ReadAt);
    G.Class = decide(G.Facts, Result.Program->hasThreads(), *Opts);
    Result.Globals.push_back(std::move(G));
  }

  std::string Origin;
  if (std::optional<std::string> Path =
          optionOrEnv(ProfileOpt, "CACHELINE_LAYOUT_PROFILE", Origin)) {
    Expected<WriteProfile> Profile = WriteProfile::read(*Path);
    if (!Profile) {
      diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                    Origin.c_str(),
                                    toString(Profile.takeError()).c_str()));
      Result.Program.reset(); // No layout from a profile that cannot be read.
      return Result;
    }
    Result.Profile = std::move(*Profile);
    if (Error E = applyProfile(M, *Path, Result, *Opts)) {
      diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                    Origin.c_str(),
                                    toString(std::move(E)).c_str()));
      Result.Program.reset();
    }
  }
  for (ClassifiedGlobal &G : Result.Globals)
    G.Inner = decideInnerLayout(G.Facts, G.Class.Class, Result.LineSize, *Opts);
  return Result;
}

bool CachelineClassification::invalidate(
    Module &, const PreservedAnalyses &PA,
    ModuleAnalysisManager::Invalidator &) {
  auto PAC = PA.getChecker<CachelineClassificationAnalysis>();
  return !PAC.preserved() && !PAC.preservedSet<AllAnalysesOn<Module>>();
}

void CachelineClassification::print(raw_ostream &OS) const {
  if (!Program)
    return;
  OS << "line size: " << LineSize << "\n";
  for (const ClassifiedGlobal &G : Globals)
    OS << "global " << G.Name << ": "
       << globalClassName(G.Class.Class) << ": " << G.Class.Reason << "\n";
  Program->print(OS);
}

const Instruction *
ClassifiedGlobal::decisiveInstruction(InstructionIndex &Index) const {
  if (Class.DecisiveWrite >= 0)
    if (const Instruction *I =
            Index.find(WriteAt[Class.DecisiveWrite].Module,
                       WriteAt[Class.DecisiveWrite].At))
      return I;
  if (Class.DecisiveRead >= 0)
    if (const Instruction *I = Index.find(ReadAt[Class.DecisiveRead].Module,
                                          ReadAt[Class.DecisiveRead].At))
      return I;
  for (const std::vector<ModulePosition> *List : {&WriteAt, &ReadAt})
    for (const ModulePosition &P : *List)
      if (const Instruction *I = Index.find(P.Module, P.At))
        return I;
  return nullptr;
}

PreservedAnalyses
CachelineClassificationPrinterPass::run(Module &M, ModuleAnalysisManager &MAM) {
  MAM.getResult<CachelineClassificationAnalysis>(M).print(OS);
  return PreservedAnalyses::all();
}

PreservedAnalyses CachelineLayoutPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  Expected<PassMode> Mode = requestedMode();
  if (!Mode) {
    diagnose(M, Mode.takeError());
    return PreservedAnalyses::all();
  }
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
  if (*Mode == PassMode::Layout && Triple(M.getTargetTriple()).isOSBinFormatELF())
    Result.PaddingBytes = applyLayout(M, Result);
  else
    checkInnerLayouts(M, Result);

  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  emitRemarks(M, Result, [&](Function &F) -> auto & {
    return FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  });

  std::string Origin;
  if (std::optional<std::string> Path =
          optionOrEnv(ReportFile, "CACHELINE_LAYOUT_REPORT", Origin)) {
    std::error_code EC;
    raw_fd_ostream OS(*Path, EC, sys::fs::OF_TextWithCRLF);
    if (EC)
      diagnose(M, createStringError(EC, "%s: cannot write report '%s': %s",
                                    Origin.c_str(), Path->c_str(),
                                    EC.message().c_str()));
    else
      writeJSONReport(OS, M, Result);
  }
  if (*Mode == PassMode::Instrument) {
    Expected<InstrumentStats> Stats = instrumentForWriteProfile(M, Result);
    if (!Stats) {
      diagnose(M, Stats.takeError());
      return PreservedAnalyses::all();
    }
    NumInstrumentedSites += Stats->Sites;
    LLVM_DEBUG(dbgs() << "cacheline-layout: instrumented " << Stats->Sites
                      << " accesses of " << Stats->Globals << " globals ("
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
  std::string Origin;
  bool PreLink = isFullLTOPreLink(M);
  if (Summarize) {
    std::optional<std::string> Dir =
        optionOrEnv(FactsDirOpt, "CACHELINE_LAYOUT_FACTS_DIR", Origin);
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
        if (Error E = writeSummaryToDir(*Dir, M, std::move(S)))
          diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                        Origin.c_str(),
                                        toString(std::move(E)).c_str()));
    }
  }

  if (!Apply || PreLink)
    return PreservedAnalyses::all();
  std::optional<std::string> Path =
      optionOrEnv(LayoutFileOpt, "CACHELINE_LAYOUT_FILE", Origin);
  if (!Path)
    return PreservedAnalyses::all();
  Expected<PassMode> Mode = requestedMode();
  Expected<unsigned> LineSize = lineSizeFor(M);
  Expected<std::shared_ptr<const LayoutFile>> File = LayoutFile::load(*Path);
  if (!Mode || !LineSize || !File) {
    if (!Mode)
      diagnose(M, Mode.takeError());
    if (!LineSize)
      diagnose(M, LineSize.takeError());
    if (!File)
      diagnose(M, createStringError(inconvertibleErrorCode(), "%s: %s",
                                    Origin.c_str(),
                                    toString(File.takeError()).c_str()));
    return PreservedAnalyses::all();
  }
  bool DoLayout = *Mode == PassMode::Layout;
  ApplyResult R = applyLayoutFile(M, **File, *LineSize, DoLayout);
  if (!DoLayout || R.Applied == 0)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}
