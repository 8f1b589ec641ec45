//===- Solver.cpp - The whole program, from its summaries ----------------===//
//
// The Solver itself: solve(), which runs the stages in order, the answers
// it gives its callers, and the printing of what each stage found.
// Solver::Program and where each stage is: SolverProgram.h.
//
//===----------------------------------------------------------------------===//

#include "cacheline/WholeProgram/Solver.h"
#include "cacheline/Support/StageTimer.h"
#include "SolverProgram.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>
#include <tuple>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-solver"

void Solver::Program::solve() {
  // Each stage reads what the ones before it found (-debug-only=DEBUG_TYPE
  // prints what each leaves, as cacheline-facts solve --stages does).
  std::optional<StageTimer> Timer;
  auto Rest = [&] { Timer.emplace("solve", "Call graph, phases and rates"); };
  Rest();
  index();
  LLVM_DEBUG(dbgs() << DEBUG_TYPE ": " << Modules.size() << " summaries, "
                    << Fns.size() << " functions, " << Globals.size()
                    << " globals\n");
  scanFunctionAddresses();
  Timer.emplace("points-to", "Points-to analysis");
  solvePointsTo();
  Rest();
  collectCallSites();
  resolveIndirectArguments();
  LLVM_DEBUG(printStage(Stage::AddressUses, dbgs()));
  LLVM_DEBUG(printStage(Stage::PointsTo, dbgs()));
  LLVM_DEBUG(printStage(Stage::CallGraph, dbgs()));
  dropFunctionsThatNeverRun();
  computeTransitiveFlags();
  computeMayLoop();
  LLVM_DEBUG(printStage(Stage::NeverRuns, dbgs()));
  computeStartUpOnly();
  computeOncePerThread();
  computeShutdownOnly();
  computeThreadShutdownOnly();
  computeRunsBounded();
  LLVM_DEBUG(printStage(Stage::Phases, dbgs()));
  computeHot();
  computeEventPaced();
  LLVM_DEBUG(printStage(Stage::Hot, dbgs()));
  HasThreads = !ThreadEntries.empty() || !Escaped.empty();
  // A library: any of its external functions may run on any thread.
  if (Main == NoFn)
    HasThreads |= any_of(Fns, [](const FuncEntry &E) { return !E.F->Local; });
}

/// \p V as printf's %g writes it: 0.25, 16, 1e-05.
static std::string shortNumber(double V) {
  std::string S;
  raw_string_ostream(S) << format("%g", V);
  return S;
}

std::string Solver::Program::label(FnId F) const {
  const FuncEntry &E = Fns[F];
  if (!E.F->Local)
    return E.F->Name;
  return E.F->Name + " (" + Modules[E.Module].Source + ")";
}

void Solver::Program::printLabels(raw_ostream &OS, StringRef What,
                                  std::vector<std::string> Labels) {
  if (Labels.empty())
    return;
  llvm::sort(Labels);
  OS << "  " << What << ": " << join(Labels, ", ") << "\n";
}

void Solver::Program::printSet(raw_ostream &OS, StringRef What,
                               const FnSet &Set) const {
  std::vector<std::string> Labels;
  for (FnId F : Set.members())
    Labels.push_back(label(F));
  printLabels(OS, What, std::move(Labels));
}

void Solver::Program::printStage(Stage S, raw_ostream &OS) const {
  switch (S) {
  case Stage::AddressUses: {
    OS << "stage address-uses: what each function's address reaches\n";
    printSet(OS, "thread entries", ThreadEntries);
    printSet(OS, "constructors", CtorRoots);
    printSet(OS, "run once", RunOnceRoots);
    printSet(OS, "at exit", AtExitRoots);
    printSet(OS, "timer callbacks", TimerCallbacks);
    printSet(OS, "address taken", AddressTaken);
    std::vector<std::string> Labels;
    for (FnId F : Escaped.members()) {
      std::string L = label(F);
      if (double Share = EscapeShare.lookup(F); Share < 1)
        L += " (share " + shortNumber(Share) + ")";
      Labels.push_back(std::move(L));
    }
    printLabels(OS, "callbacks of unknown code", std::move(Labels));
    return;
  }
  case Stage::PointsTo: {
    const IndirectCallFigures &C = IndirectFigures;
    OS << "stage points-to: what each indirect call may reach (" << C.Resolved
       << " of " << C.Calls << " resolved)\n";
    Pointers->printIndirectCalls(OS, [&](unsigned F) { return label(F); });
    return;
  }
  case Stage::CallGraph: {
    OS << "stage call-graph: the functions each call may reach\n";
    std::vector<std::pair<std::string, std::string>> Lines;
    for (auto [F, Sites] : enumerate(CallSites)) {
      std::vector<std::string> Targets;
      for (const CallSite &CS : Sites)
        for (FnId T : CS.Targets)
          Targets.push_back(label(T));
      if (Targets.empty())
        continue;
      llvm::sort(Targets);
      Targets.erase(std::unique(Targets.begin(), Targets.end()),
                    Targets.end());
      Lines.emplace_back(label(F), join(Targets, ", "));
    }
    llvm::sort(Lines);
    for (const auto &[Caller, Callees] : Lines)
      OS << "  " << Caller << " -> " << Callees << "\n";
    return;
  }
  case Stage::NeverRuns:
    OS << "stage never-runs: what no call reaches, and what calls may do\n";
    printSet(OS, "never run", NeverRuns);
    printSet(OS, "may start threads", MayStartThreads);
    printSet(OS, "may join threads", MayJoinThreads);
    printSet(OS, "may wait", MayWait);
    printSet(OS, "may loop", MayLoop);
    return;
  case Stage::Phases: {
    OS << "stage phases: when each function runs\n";
    printSet(OS, "start-up", StartUpOnly);
    printSet(OS, "once per thread", OncePerThread);
    // Where each once-per-thread function's thread shut-down is: its
    // blocks, "3 after 5" for block 3 past its last steady-state call
    // (instruction 5).
    std::vector<std::string> Exits;
    for (FnId F : OncePerThread.members()) {
      const AfterSteadyState &After = afterSteadyState(F);
      std::vector<std::string> Blocks;
      for (unsigned B : After.Blocks.set_bits()) {
        auto Call = After.LastSteadyCall.find(B);
        Blocks.push_back(std::to_string(B) +
                         (Call == After.LastSteadyCall.end()
                              ? std::string()
                              : " after " + std::to_string(Call->second)));
      }
      if (!Blocks.empty())
        Exits.push_back(label(F) + " [" + join(Blocks, "; ") + "]");
    }
    printLabels(OS, "thread shutdown blocks", std::move(Exits));
    printSet(OS, "shutdown", ShutdownOnly);
    printSet(OS, "thread shutdown", ThreadShutdownOnly);
    printSet(OS, "bounded", RunsBounded);
    FnSet Split;
    for (const auto &Entry : SplitAtFirstThread)
      Split.insert(Entry.first);
    printSet(OS, "split at the first thread", Split);
    return;
  }
  case Stage::Hot: {
    OS << "stage hot: runs per iteration of the busy loop that drives it\n";
    std::vector<std::string> Lines;
    for (FnId F : Hot.members()) {
      std::string Line = label(F) + ": rate " +
                         shortNumber(Rate.lookup(F)) + ", ";
      FnId By = DrivenBy.size() > F ? DrivenBy[F] : NoFn;
      Line += By == NoFn ? "a root" : "driven by " + label(By);
      Lines.push_back(std::move(Line));
    }
    llvm::sort(Lines);
    for (const std::string &Line : Lines)
      OS << "  " << Line << "\n";
    printSet(OS, "event-paced", EventPaced);
    return;
  }
  }
}

std::vector<SolvedAllocation> Solver::solveAllocations() const {
  std::vector<SolvedAllocation> Out;
  DenseMap<FnId, bool> Bounded;
  for (FnId F = 0; F != P->Fns.size(); ++F) {
    if (P->NeverRuns.contains(F))
      continue;
    const FunctionSummary &FS = *P->Fns[F].F;
    // The function's call path, for each of its sites.
    std::vector<std::string> CallPath;
    for (int I = 0, E = FS.Calls.size(); I != E; ++I)
      if (FS.Calls[I].AllocElementSize)
        if (std::optional<SolvedAllocation> A =
                P->solveAllocation(F, I, Bounded)) {
          if (CallPath.empty())
            for (FnId G : P->callPathTo(F))
              CallPath.push_back(P->fn(G).Name);
          A->CallPath = CallPath;
          Out.push_back(std::move(*A));
        }
  }
  return Out;
}

Solver::Solver(std::vector<ModuleSummary> Ms, const SolverOptions &Opts)
    : Modules(std::move(Ms)), P(std::make_unique<Program>(Modules, Opts)) {
  P->solve();
  if (P->Main != NoFn)
    Main = P->Fns[P->Main].Key;
  HasThreads = P->HasThreads;
}

Solver::~Solver() = default;

std::vector<SolvedGlobal> Solver::solveGlobals() const {
  std::vector<SolvedGlobal> Out;
  Out.reserve(P->Globals.size());
  for (const GlobalEntry &G : P->Globals)
    Out.push_back(P->solveGlobal(G));
  return Out;
}

std::vector<SolvedGlobal>
Solver::solveGlobalsOtherThan(const BitVector &Solved) const {
  std::vector<SolvedGlobal> Out;
  for (const GlobalEntry &G : P->Globals)
    if (unsigned Id = &G - P->Globals.data();
        Id >= Solved.size() || !Solved.test(Id))
      Out.push_back(P->solveGlobal(G));
  return Out;
}

std::optional<SolvedGlobal> Solver::solveGlobal(unsigned Module,
                                                StringRef Name) const {
  const GlobalEntry *G = P->resolveGlobal(Module, Name);
  if (!G)
    return std::nullopt;
  return P->solveGlobal(*G);
}

std::optional<std::vector<ModuleCallSite>>
Solver::callsReaching(unsigned Module, StringRef Name) const {
  FnId F = P->resolveFn(Module, Name);
  if (!P->allCallsSeen(F))
    return std::nullopt;
  std::vector<ModuleCallSite> Out;
  for (const CallSite *CS : P->callersOf(F)) {
    const FuncEntry &Caller = P->Fns[CS->Caller];
    Out.push_back({Caller.Module, Caller.F->Name,
                   int(CS->Site - Caller.F->Calls.data())});
  }
  return Out;
}

std::optional<std::vector<ModuleFunction>>
Solver::indirectTargets(unsigned Module, StringRef Function, int Site) const {
  const CallSite *CS = P->callSiteAt(P->resolveFn(Module, Function), Site);
  if (!CS || !P->targetsSeen(*CS))
    return std::nullopt;
  std::vector<ModuleFunction> Out;
  for (FnId T : CS->Targets)
    Out.push_back({P->Fns[T].Module, P->fn(T).Name});
  return Out;
}

std::optional<unsigned> Solver::definingModule(unsigned Module,
                                               StringRef Name) const {
  FnId F = P->resolveFn(Module, Name);
  if (F == NoFn)
    return std::nullopt;
  return P->Fns[F].Module;
}

IndirectCallFigures Solver::indirectCalls() const { return P->IndirectFigures; }

std::vector<std::string> Solver::threadEntries() const {
  std::vector<std::string> Out;
  for (FnId F : P->ThreadEntryList)
    Out.push_back(P->fn(F).Name);
  return Out;
}

std::vector<std::string> Solver::startUpFunctions() const {
  std::vector<std::string> Out;
  for (FnId F : P->StartUpOnly.members())
    Out.push_back(P->fn(F).Name);
  llvm::sort(Out);
  return Out;
}

const char *Solver::describe(unsigned Module, StringRef Name) const {
  return P->describe(P->resolveFn(Module, Name));
}

void Solver::printStages(raw_ostream &OS) const {
  using Stage = Program::Stage;
  for (Stage S : {Stage::AddressUses, Stage::PointsTo, Stage::CallGraph,
                  Stage::NeverRuns, Stage::Phases, Stage::Hot})
    P->printStage(S, OS);
}

void Solver::print(raw_ostream &OS) const {
  OS << "threads: " << (HasThreads ? "yes" : "no") << "\n";
  std::vector<FnId> All(P->Fns.size());
  std::iota(All.begin(), All.end(), 0);
  llvm::sort(All, [&](FnId A, FnId B) {
    return std::tie(P->Fns[A].F->Name, P->Fns[A].Key) <
           std::tie(P->Fns[B].F->Name, P->Fns[B].Key);
  });
  for (FnId F : All)
    OS << "function " << P->fn(F).Name << ": " << P->describe(F) << "\n";
}
