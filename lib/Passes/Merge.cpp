//===- Merge.cpp - Whole-program classification from per-TU facts --------===//

#include "cacheline/Passes/Merge.h"
#include "cacheline/Files/JSONFile.h"
#include "cacheline/Files/SummaryInModule.h"
#include "cacheline/Files/SummaryJSON.h"
#include "cacheline/Pipeline/Decide.h"
#include "cacheline/Results/LayoutFile.h"
#include "cacheline/Support/LineSize.h"
#include "cacheline/Transforms/FieldLayout.h"
#include "cacheline/WholeProgram/Solver.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

namespace {

void count(GlobalClass C, MergeStats &Stats) {
  switch (C) {
  case GlobalClass::WriteHot:
    ++Stats.WriteHot;
    break;
  case GlobalClass::ReadMostly:
    ++Stats.ReadMostly;
    break;
  case GlobalClass::Neutral:
    ++Stats.Neutral;
    break;
  case GlobalClass::Skipped:
    ++Stats.Skipped;
    break;
  }
}

/// The layout file of the program \p C decided.
void writeLayoutFile(raw_ostream &OS, const CachelineClassification &C,
                     MergeStats &Stats) {
  const Solver &Program = *C.Program;
  ArrayRef<ModuleSummary> Modules = Program.modules();
  LayoutFile File;
  File.Executable = Program.isExecutable();
  File.Target = Modules.empty() ? std::string() : Modules.front().Target;
  File.LineSize = C.LineSize;
  std::vector<GlobalClass> Classes;
  for (const ClassifiedGlobal &G : C.Globals) {
    const Decision &D = G.Class;
    Classes.push_back(D.Class);
    count(D.Class, Stats);
    LayoutEntry E;
    static_cast<GlobalEntry &>(E) = GlobalEntry::classified(G.Name, G.Facts, D);
    E.Size = G.Definition ? G.Definition->Size : 0;
    if (!G.Module.empty())
      E.Module = G.Module;
    if (G.Definition)
      E.Fingerprint = G.Fingerprint;
    const InnerLayout &Inner = G.Inner;
    E.setInner(G.Facts.Props, Inner);
    if (Inner.SlotSize) {
      E.SlotSize = Inner.SlotSize;
      E.Elements = G.Facts.Props.ElementCount;
    }
    std::vector<std::string> Names = partNames(G.Name, Inner.Parts);
    for (unsigned P = 0; P < Inner.Parts.size(); ++P)
      E.Parts.push_back(
          {Names[P], Inner.Parts[P].Class, Inner.Parts[P].Fields});
    File.Globals.push_back(std::move(E));
  }
  Stats.Globals = C.Globals.size();
  for (const ClassifiedAllocation &A : C.Allocations)
    File.Allocations.push_back(AllocationEntry::classified(
        Program, A.Site, A.Class, A.Inner, C.LineSize));
  File.Program = ProgramFacts(Program, Classes);
  for (const ModuleSummary &M : Modules)
    File.Modules.push_back(M.Source);
  File.write(OS);
}

} // namespace

namespace {

/// The facts files of directory \p Dir.
Error readFactsDir(StringRef Dir, std::vector<ModuleSummary> &Out) {
  std::vector<std::string> Paths;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (StringRef(It->path()).ends_with(".facts.json"))
      Paths.push_back(It->path());
  if (EC)
    return createStringError(EC, "%s: %s", Dir.str().c_str(),
                             EC.message().c_str());
  if (Paths.empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s: no *.facts.json files (compile with "
                             "CACHELINE_LAYOUT_FACTS_DIR=%s first)",
                             Dir.str().c_str(), Dir.str().c_str());
  for (const std::string &P : Paths) {
    Expected<ModuleSummary> S = readFacts(P);
    if (!S)
      return S.takeError();
    Out.push_back(std::move(*S));
  }
  return Error::success();
}

/// The summaries object \p Path carries: its module's metadata only.
Error readObject(StringRef Path, std::vector<ModuleSummary> &Out) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = getLazyIRFileModule(Path, Diag, Ctx);
  if (!M)
    return fileError(Path, "not a bitcode object: " + Diag.getMessage());
  if (Error E = M->materializeMetadata())
    return fileError(Path, toString(std::move(E)));
  Expected<std::vector<ModuleSummary>> Carried = summariesCarriedBy(*M);
  if (!Carried)
    return fileError(Path, toString(Carried.takeError()));
  if (Carried->empty())
    return fileError(Path, "carries no summary (compile it with "
                           "-fpass-plugin and -flto)");
  for (ModuleSummary &S : *Carried)
    Out.push_back(std::move(S));
  return Error::success();
}

} // namespace

/// The summaries of \p Inputs, in a deterministic order, whatever the file
/// system's.
static Expected<std::vector<ModuleSummary>>
readSummaries(ArrayRef<std::string> Inputs) {
  std::vector<ModuleSummary> Modules;
  for (const std::string &In : Inputs) {
    if (!sys::fs::exists(In))
      return createStringError(inconvertibleErrorCode(),
                               "%s: no such facts directory or object",
                               In.c_str());
    if (Error E = sys::fs::is_directory(In) ? readFactsDir(In, Modules)
                                            : readObject(In, Modules))
      return std::move(E);
  }
  llvm::sort(Modules, [](const ModuleSummary &A, const ModuleSummary &B) {
    return std::tie(A.Source, A.Module) < std::tie(B.Source, B.Module);
  });
  return Modules;
}

/// The solver's options for the summaries of one program before its link.
static SolverOptions beforeLink(const PolicyOptions &Opts) {
  SolverOptions SolverOpts;
  SolverOpts.BeforeLink = true;
  SolverOpts.Policy = Opts;
  return SolverOpts;
}

Expected<MergeStats> cacheline::mergeFacts(ArrayRef<std::string> Inputs,
                                           raw_ostream &OS,
                                           const PolicyOptions &Opts,
                                           unsigned LineSize,
                                           const PathSetting &Profile) {
  Expected<std::vector<ModuleSummary>> Modules = readSummaries(Inputs);
  if (!Modules)
    return Modules.takeError();
  MergeStats Stats;
  Stats.Files = Modules->size();
  std::string Target = Modules->front().Target;
  CachelineClassification C;
  C.LineSize = LineSize ? LineSize : defaultLineSize(Triple(Target));
  if (Profile) {
    Expected<WriteProfile> P = WriteProfile::read(Profile.Path);
    if (!P)
      return createStringError(inconvertibleErrorCode(), "%s: %s",
                               Profile.Origin.c_str(),
                               toString(P.takeError()).c_str());
    C.Profile = std::move(*P);
  }
  C.Program = std::make_unique<Solver>(std::move(*Modules), beforeLink(Opts));
  // Each compile of the second stage lays out its own module: a function
  // is copied for a global only where the global's compile has its body.
  PolicyOptions Layout = Opts;
  Layout.EachModuleAlone = true;
  for (SolvedGlobal &S : C.Program->solveGlobals())
    C.Globals.push_back(ClassifiedGlobal::fromSolved(std::move(S), *C.Program));
  for (SolvedAllocation &S : C.Program->solveAllocations())
    C.Allocations.emplace_back().Site = std::move(S);
  Expected<std::vector<std::string>> Warnings =
      decideProgram(C, Target, Profile.Path, Layout);
  if (!Warnings)
    return createStringError(inconvertibleErrorCode(), "%s: %s",
                             Profile.Origin.c_str(),
                             toString(Warnings.takeError()).c_str());
  Stats.Warnings = std::move(*Warnings);
  writeLayoutFile(OS, C, Stats);
  return Stats;
}

Error cacheline::printSolved(ArrayRef<std::string> Inputs, raw_ostream &OS,
                             const PolicyOptions &Opts, bool Stages) {
  Expected<std::vector<ModuleSummary>> Modules = readSummaries(Inputs);
  if (!Modules)
    return Modules.takeError();
  Solver Program(std::move(*Modules), beforeLink(Opts));
  if (Stages)
    Program.printStages(OS);
  for (const SolvedGlobal &G : Program.solveGlobals()) {
    Decision D = decide(G.Record, Program.hasThreads(), Opts);
    OS << "global " << G.Name;
    if (G.Module >= 0)
      OS << " (" << Program.modules()[G.Module].Source << ")";
    OS << ": " << globalClassName(D.Class) << ": " << D.Reason << "\n";
  }
  Program.print(OS);
  return Error::success();
}
