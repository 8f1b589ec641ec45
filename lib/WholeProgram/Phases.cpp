//===- Phases.cpp - When each function of the program runs ----------------===//
//
// Solver::Program's phases: start-up (constructors, run-once routines, and
// main and what starts threads up to the first thread creation), once per
// thread, shut-down and thread shut-down, what runs a bounded number of
// times, hot code and its rates, what runs at the pace of events; the kind
// of each loop, the phase of a place in a function, and the role
// describe() gives a function.
//
//===----------------------------------------------------------------------===//

#include "SolverProgram.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

const Solver::Program::AfterSteadyState &
Solver::Program::afterSteadyState(FnId Fn) const {
  std::optional<AfterSteadyState> &Cached = AfterSteadyCache[Fn];
  if (Cached)
    return *Cached;
  Cached.emplace();
  AfterSteadyState &Out = *Cached;
  const FunctionSummary &F = fn(Fn);
  const size_t N = F.BeforeLoops.size();
  if (F.AfterLoops.size() != N)
    return Out;
  // In a loop, or between two: neither before every loop nor after every
  // one.
  auto Looping = [&](size_t B) {
    return !F.BeforeLoops[B] && !F.AfterLoops[B];
  };
  // The steady-state calls outside loops (those in loops are steady with
  // their loop), the last of each block.
  for (const CallSite &CS : CallSites[Fn]) {
    int B = CS.Site->Block;
    if (B < 0 || size_t(B) >= N || Looping(B) || !isSteadyStateCall(CS))
      continue;
    auto [It, New] = Out.LastSteadyCall.try_emplace(B, CS.Site->Index);
    if (!New)
      It->second = std::max(It->second, CS.Site->Index);
  }
  Out.Blocks.resize(N);
  if (Out.LastSteadyCall.empty()) {
    // Only the function's own loops: what markLoopPhases found.
    for (size_t B = 0; B != N; ++B)
      if (F.AfterLoops[B])
        Out.Blocks.set(B);
    return Out;
  }
  // Without the control-flow graph, where the calls' code ends is unknown:
  // none of the function is after them.
  if (F.Successors.size() != N) {
    Out.LastSteadyCall.clear();
    return Out;
  }
  auto Steady = [&](size_t B) {
    return Looping(B) || Out.LastSteadyCall.count(B);
  };
  std::vector<std::vector<int>> Predecessors(N);
  for (size_t B = 0; B != N; ++B)
    for (int S : F.Successors[B])
      if (S >= 0 && size_t(S) < N)
        Predecessors[S].push_back(B);
  // The blocks reached along \p Next from the steady code's blocks, those
  // blocks themselves only if reached again.
  auto Reach = [&](const std::vector<std::vector<int>> &Next) {
    BitVector Reached(N);
    std::vector<int> Worklist;
    for (size_t B = 0; B != N; ++B)
      if (Steady(B))
        append_range(Worklist, Next[B]);
    while (!Worklist.empty()) {
      int B = Worklist.back();
      Worklist.pop_back();
      if (B < 0 || size_t(B) >= N || Reached.test(B))
        continue;
      Reached.set(B);
      append_range(Worklist, Next[B]);
    }
    return Reached;
  };
  BitVector From = Reach(F.Successors), To = Reach(Predecessors);
  for (size_t B = 0; B != N; ++B)
    if (!Looping(B) && !To.test(B) &&
        (!F.BeforeLoops[B] || From.test(B) || Out.LastSteadyCall.count(B)))
      Out.Blocks.set(B);
  // A steady-state call's block is after it only past its last one (its
  // code before the call reaches the call); the others need no entry.
  SmallVector<int, 8> Elsewhere;
  for (const auto &[B, Index] : Out.LastSteadyCall)
    if (!Out.Blocks.test(B))
      Elsewhere.push_back(B);
  for (int B : Elsewhere)
    Out.LastSteadyCall.erase(B);
  return Out;
}

std::optional<Solver::Program::BeforeThreads>
Solver::Program::beforeThreads(FnId Fn) const {
  // Every block reachable from a thread-creating call runs after threads
  // may exist; so does the rest of that call's own block. A call that
  // creates threads and also joins them runs a generation of threads
  // (a server's restart loop: start the workers, serve, join them, read
  // the configuration again): the threads live inside the call only.
  const FunctionSummary &F = fn(Fn);
  if (F.Successors.size() != F.BeforeLoops.size())
    return std::nullopt;
  BeforeThreads Out;
  std::vector<int> Worklist;
  auto Follow = [&](int B) {
    if (B >= 0 && size_t(B) < F.Successors.size())
      append_range(Worklist, F.Successors[B]);
  };
  for (const CallSite &CS : CallSites[Fn]) {
    if (!CS.StartsThreads || CS.JoinsThreads)
      continue;
    int B = CS.Site->Block;
    auto [It, New] = Out.FirstCreation.try_emplace(B, CS.Site->Index);
    if (!New && CS.Site->Index < It->second)
      It->second = CS.Site->Index;
    Follow(B);
  }
  // Blocks start as before the threads; those reached from a creation
  // are not.
  Out.Blocks.resize(F.Successors.size(), true);
  while (!Worklist.empty()) {
    int B = Worklist.back();
    Worklist.pop_back();
    if (B < 0 || unsigned(B) >= Out.Blocks.size() || !Out.Blocks.test(B))
      continue;
    Out.Blocks.reset(B);
    Follow(B);
  }
  return Out;
}

bool Solver::Program::isBeforeThreads(FnId F, const Position &P) const {
  if (F == NoFn || SplitAtFirstThread.empty())
    return false;
  auto Split = SplitAtFirstThread.find(F);
  if (Split == SplitAtFirstThread.end() || !Split->second.contains(P.Block))
    return false;
  auto It = Split->second.FirstCreation.find(P.Block);
  return It == Split->second.FirstCreation.end() || !(It->second < P.Index);
}

void Solver::Program::computeStartUpOnly() {
  // Greatest fixed point: assume every candidate is start-up code, then
  // drop those with a call site outside start-up code until none changes.
  auto IsRoot = [&](FnId F) {
    return CtorRoots.contains(F) || RunOnceRoots.contains(F);
  };
  for (FnId F = 0; F != Fns.size(); ++F)
    if ((IsRoot(F) && !MayStartThreads.contains(F)) ||
        (!AtExitRoots.contains(F) && onlyCalledByProgram(F)))
      StartUpOnly.insert(F);
  // Start-up runs into main, and into each function that starts threads
  // but runs only as start-up, up to its first thread creation.
  if (Main != NoFn)
    if (std::optional<BeforeThreads> B = beforeThreads(Main))
      SplitAtFirstThread[Main] = std::move(*B);
  FnSet Split;
  for (FnId F = 0; F != Fns.size(); ++F) {
    if (F == Main || !MayStartThreads.contains(F) ||
        !(IsRoot(F) || (localFn(F) && !calledByUnseenCode(F) &&
                        !callersOf(F).empty())))
      continue;
    if (std::optional<BeforeThreads> B = beforeThreads(F)) {
      Split.insert(F);
      SplitAtFirstThread[F] = std::move(*B);
    }
  }
  auto InStartUp = [&](const CallSite &CS) {
    return isStartUp(CS.Caller, positionOf(CS));
  };
  for (bool Changed = true; Changed;) {
    Changed = keepOnlyCalledFrom(StartUpOnly, InStartUp);
    if (keepOnlyCalledFrom(Split, InStartUp)) {
      Changed = true;
      SmallVector<FnId, 8> Dropped;
      for (const auto &[F, B] : SplitAtFirstThread)
        if (F != Main && !Split.contains(F))
          Dropped.push_back(F);
      for (FnId F : Dropped)
        SplitAtFirstThread.erase(F);
    }
  }
}

void Solver::Program::computeOncePerThread() {
  // Greatest fixed point as for start-up, from the thread entries: a
  // function called only from thread start-up (or start-up) runs once per
  // thread. A thread entry that something else
  // calls too (main running the first worker itself) drops out.
  for (FnId F : ThreadEntryList)
    if (!Escaped.contains(F) && !TimerCallbacks.contains(F))
      OncePerThread.insert(F);
  for (FnId F = 0; F != Fns.size(); ++F)
    if (!StartUpOnly.contains(F) && !AtExitRoots.contains(F) &&
        onlyCalledByProgram(F))
      OncePerThread.insert(F);
  keepOnlyCalledFrom(OncePerThread, [&](const CallSite &CS) {
    Position P = positionOf(CS);
    // A call of itself repeats it.
    return isStartUp(CS.Caller, P) ||
           (isInThreadStartUp(CS.Caller, P) &&
            !is_contained(CS.Targets, CS.Caller));
  });
  // Seeds no thread entry reaches are no per-thread code.
  FnSet Reached;
  SmallVector<FnId, 16> Worklist;
  for (FnId F : ThreadEntryList)
    if (OncePerThread.contains(F) && Reached.insert(F))
      Worklist.push_back(F);
  while (!Worklist.empty()) {
    FnId F = Worklist.pop_back_val();
    for (const CallSite &CS : CallSites[F])
      for (FnId T : CS.Targets)
        if (OncePerThread.contains(T) && Reached.insert(T))
          Worklist.push_back(T);
  }
  for (FnId F = 0; F != Fns.size(); ++F)
    if (!Reached.contains(F))
      OncePerThread.erase(F);
}

bool Solver::Program::keepOnlyCalledFrom(
    FnSet &Set, function_ref<bool(const CallSite &)> InPhase) {
  // Every phase test reads the set only through the membership of the
  // call's caller, so a function is looked at again only when one of its
  // callers has left the set.
  SmallVector<FnId, 16> Work;
  for (FnId F : Set.members())
    Work.push_back(F);
  bool Dropped = false;
  while (!Work.empty()) {
    FnId F = Work.pop_back_val();
    if (!Set.contains(F) ||
        all_of(callersOf(F), [&](const CallSite *CS) { return InPhase(*CS); }))
      continue;
    Set.erase(F);
    Dropped = true;
    for (const CallSite &CS : CallSites[F])
      for (FnId Callee : CS.Targets)
        if (Set.contains(Callee))
          Work.push_back(Callee);
  }
  return Dropped;
}

void Solver::Program::computeShutdownOnly() {
  // Exit handlers, and what only shut-down code (main's, exit handlers',
  // threads') calls.
  for (FnId F = 0; F != Fns.size(); ++F)
    if (!StartUpOnly.contains(F) && !MayStartThreads.contains(F) &&
        (AtExitRoots.contains(F) || onlyCalledByProgram(F)))
      ShutdownOnly.insert(F);
  keepOnlyCalledFrom(ShutdownOnly, [&](const CallSite &CS) {
    return isShutdown(CS.Caller, positionOf(CS));
  });
}

void Solver::Program::computeThreadShutdownOnly() {
  // Of those, what only threads' shut-down calls: said so in reports (a
  // function main's shut-down calls too is the program's shut-down).
  for (FnId F : ShutdownOnly.members())
    if (!AtExitRoots.contains(F))
      ThreadShutdownOnly.insert(F);
  keepOnlyCalledFrom(ThreadShutdownOnly, [&](const CallSite &CS) {
    return ThreadShutdownOnly.contains(CS.Caller) ||
           isInThreadShutdown(CS.Caller, positionOf(CS));
  });
}

void Solver::Program::computeRunsBounded() {
  // Greatest fixed point, as for start-up: a candidate stays while every
  // call reaching it runs a bounded number of times.
  for (FnId F = 0; F != Fns.size(); ++F)
    if (!isPhaseOnly(F) && onlyCalledByProgram(F))
      RunsBounded.insert(F);
  keepOnlyCalledFrom(RunsBounded, [&](const CallSite &CS) {
    return callRunsBounded(
        CS, [&](FnId C) { return C == Main || RunsBounded.contains(C); });
  });
}

bool Solver::Program::callRunsBounded(
    const CallSite &CS, function_ref<bool(FnId)> CallerBounded) const {
  FnId C = CS.Caller;
  Position P = positionOf(CS);
  // A once region runs once, while other threads may run.
  if (isStartUp(C, P) || isShutdown(C, P) || !CS.Site->OnceFlag.empty())
    return true;
  return (P.Loop < 0 || isCountedLoop(C, P.Loop)) && CallerBounded(C);
}

bool Solver::Program::runsBoundedTimes(FnId F,
                                       DenseMap<FnId, bool> &Known) const {
  if (runsBounded(F))
    return true;
  auto [It, New] = Known.try_emplace(F, false);
  if (!New)
    return It->second;
  if (!localFn(F) || Escaped.contains(F) || TimerCallbacks.contains(F) ||
      ThreadEntries.contains(F) || callersOf(F).empty())
    return false;
  bool Bounded = all_of(callersOf(F), [&](const CallSite *CS) {
    return callRunsBounded(
        *CS, [&](FnId C) { return runsBoundedTimes(C, Known); });
  });
  Known[F] = Bounded;
  return Bounded;
}

bool Solver::Program::isCountedLoop(FnId F, int Loop) const {
  ArrayRef<CountedLoop> Counted = fn(F).CountedLoops;
  auto L = partition_point(
      Counted, [&](const CountedLoop &C) { return C.Loop < Loop; });
  return L != Counted.end() && L->Loop == Loop &&
         L->Iterations < Opts.Policy.HotWriteCount;
}

LoopKind Solver::Program::loopKind(FnId F, int Loop) const {
  if (Loop < 0)
    return LoopKind::None;
  std::optional<std::vector<int>> &Cached = WaitingLoopCache[F];
  if (!Cached) {
    Cached.emplace();
    for (const CallSite &CS : CallSites[F])
      if (CS.Waits)
        append_range(*Cached, CS.Site->WaitingLoops);
    llvm::sort(*Cached);
  }
  const std::vector<int> &Waiting = *Cached;
  // A counted loop in code that runs a bounded number of times (a table
  // fill in main once the threads run) repeats a bounded number of times,
  // whether it blocks or not; in code that runs per request or per event,
  // it repeats with them.
  if (runsBounded(F) && isCountedLoop(F, Loop))
    return LoopKind::Counted;
  if (std::binary_search(Waiting.begin(), Waiting.end(), Loop))
    return LoopKind::Waiting;
  return LoopKind::Busy;
}

void Solver::Program::computeHot() {
  // Hot: invoked repeatedly while threads run. Each hot function's rate is
  // how often it runs per iteration of the busy loop that drives it.
  SmallVector<FnId, 16> Worklist;
  auto Raise = [&](FnId F, double R, FnId From) {
    if (isPhaseOnly(F))
      return;
    R = std::min(R, 1.0);
    auto [It, New] = Rate.try_emplace(F, R);
    if (!New) {
      if (R <= It->second * (1 + 1e-9))
        return;
      It->second = R;
    }
    DrivenBy[F] = From;
    Hot.insert(F);
    Worklist.push_back(F);
  };
  // Once per thread, but with the thread's loops inside.
  for (FnId F : ThreadEntryList)
    Raise(F, 1, NoFn);
  for (FnId F : OncePerThread.members())
    Raise(F, 1, NoFn);
  for (FnId F : Escaped.members())
    Raise(F, EscapeShare.lookup(F), NoFn);
  if (Main == NoFn)
    for (FnId F = 0; F != Fns.size(); ++F)
      if (!fn(F).Local)
        Raise(F, 1, NoFn);
  // Whatever a busy loop of run-time code calls runs repeatedly: per
  // iteration, as often as the call's block runs per iteration. A counted
  // loop of hot code repeats with that code (the block's frequency per
  // call counts its trips): it drives what it calls only in code that has
  // no rate. So the other loops go first, then the counted loops of what
  // they leave cold.
  auto DrivesOnItsOwn = [&](FnId F, int Loop) {
    return !Hot.contains(F) || !isCountedLoop(F, Loop);
  };
  auto SeedLoops = [&](bool Counted) {
    std::vector<const CallSite *> Seeds;
    for (FnId F : ByKey)
      for (const CallSite &CS : CallSites[F])
        if (inSteadyState(CS) &&
            loopKind(F, CS.Site->Loop) == LoopKind::Busy &&
            isCountedLoop(F, CS.Site->Loop) == Counted &&
            DrivesOnItsOwn(F, CS.Site->Loop))
          Seeds.push_back(&CS);
    for (const CallSite *CS : Seeds)
      for (FnId T : CS->Targets)
        Raise(T, CS->Site->LoopFrequency * share(*CS), CS->Caller);
  };
  // And so does whatever a hot function calls outside a waiting loop.
  auto Propagate = [&] {
    while (!Worklist.empty()) {
      FnId F = Worklist.pop_back_val();
      double R = Rate.lookup(F);
      for (const CallSite &CS : CallSites[F]) {
        LoopKind K = loopKind(F, CS.Site->Loop);
        if (K == LoopKind::Waiting || !inSteadyState(CS))
          continue;
        double TR = K == LoopKind::Busy && DrivesOnItsOwn(F, CS.Site->Loop)
                        ? CS.Site->LoopFrequency
                        : R * CS.Site->Frequency;
        for (FnId T : CS.Targets)
          Raise(T, TR * share(CS), F);
      }
    }
  };
  SeedLoops(/*Counted=*/false);
  Propagate();
  SeedLoops(/*Counted=*/true);
  Propagate();
}

void Solver::Program::computeEventPaced() {
  // Neither hot nor bounded: run as often as events or timers come.
  SmallVector<FnId, 16> Worklist;
  auto Pace = [&](FnId F) {
    if (!Hot.contains(F) && !isPhaseOnly(F) && EventPaced.insert(F))
      Worklist.push_back(F);
  };
  for (FnId F : TimerCallbacks.members())
    Pace(F);
  for (FnId F = 0; F != Fns.size(); ++F)
    for (const CallSite &CS : CallSites[F])
      if (inSteadyState(CS) && loopKind(F, CS.Site->Loop) == LoopKind::Waiting)
        for (FnId T : CS.Targets)
          Pace(T);
  while (!Worklist.empty()) {
    FnId F = Worklist.pop_back_val();
    for (const CallSite &CS : CallSites[F])
      if (inSteadyState(CS))
        for (FnId T : CS.Targets)
          Pace(T);
  }
}

const char *Solver::Program::describe(FnId F) const {
  if (ThreadEntries.contains(F))
    return "thread entry";
  if (CtorRoots.contains(F) && StartUpOnly.contains(F))
    return "global constructor";
  if (RunOnceRoots.contains(F) && StartUpOnly.contains(F))
    return "run-once routine";
  if (StartUpOnly.contains(F))
    return "called only at start-up";
  if (OncePerThread.contains(F))
    return "called once per thread";
  if (ThreadShutdownOnly.contains(F))
    return "called only at thread shut-down";
  if (ShutdownOnly.contains(F))
    return AtExitRoots.contains(F) ? "exit handler" : "called only at shut-down";
  if (Escaped.contains(F))
    return "callback of unknown code";
  if (TimerCallbacks.contains(F) && !Hot.contains(F))
    return "timer callback";
  if (Hot.contains(F))
    return "called repeatedly while threads run";
  if (AtExitRoots.contains(F))
    return "exit handler";
  if (EventPaced.contains(F))
    return "called at the pace of events";
  if (F != NoFn && F == Main)
    return "main";
  return "called at run time";
}

Phase Solver::Program::phaseAt(const PhaseFacts &C, const Position &P,
                               bool BeforeThreads) const {
  if (C.OncePerThread && isInThreadStartUp(C.Fn, P))
    return Phase::ThreadStartUp;
  if (C.StartUpOnly || BeforeThreads || !P.OnceFlag.empty())
    return Phase::StartUp;
  if (C.ThreadShutdownOnly ||
      (C.OncePerThread && afterSteadyState(C.Fn).contains(P)))
    return Phase::ThreadShutdown;
  if (C.ShutdownOnly || isInMainShutdown(C.Fn, P))
    return Phase::Shutdown;
  return Phase::Steady;
}
