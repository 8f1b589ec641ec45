//===- CallGraph.cpp - The calls of the program and what they reach -------===//
//
// Solver::Program's call graph: every call site and the functions it may
// reach (direct calls, the points-to's targets of indirect calls, tables
// of functions, the signature fallback), the callers of each function,
// the functions that never run, what calls may do (start or join threads,
// wait, loop), and the shortest chain of calls to a function.
//
//===----------------------------------------------------------------------===//

#include "SolverProgram.h"

#include "llvm/ADT/SmallVector.h"

#include <deque>

using namespace llvm;
using namespace cacheline;

void Solver::Program::collectCallSites() {
  // Indirect calls may reach any function whose address is taken and whose
  // type matches the call's.
  StringMap<std::vector<FnId>> IndirectTargets;
  for (FnId F = 0; F != Fns.size(); ++F)
    if (calledIndirectly(F) && !CtorRoots.contains(F))
      IndirectTargets[fn(F).Type].push_back(F);

  for (FnId F = 0; F != Fns.size(); ++F) {
    const FuncEntry &FE = Fns[F];
    std::vector<CallSite> &Sites = CallSites[F];
    Sites.reserve(FE.F->Calls.size());
    for (auto [Index, S] : enumerate(FE.F->Calls)) {
      CallSite CS{F, &S, {}};
      if (S.Kind == CallKind::Indirect) {
        // The signature fallback: a function put only in other struct
        // fields is not loaded from this one.
        std::vector<FnId> BySignature;
        auto It = IndirectTargets.find(S.CallType);
        if (It != IndirectTargets.end())
          for (FnId T : It->second) {
            auto In = OnlyInFields.find(T);
            if (S.Field.empty() || In == OnlyInFields.end() ||
                In->second.count(S.Field))
              BySignature.push_back(T);
          }
        ++IndirectFigures.Calls;
        IndirectFigures.SignatureTargets += BySignature.size();
        // What the points-to finds the pointer may be, when that is only
        // functions of the program. (None at all: a pointer the summaries
        // say nothing about; the other rules decide.)
        std::optional<std::vector<FnId>> Resolved =
            Pointers->indirectTargets(F, Index);
        if (Resolved && !Resolved->empty()) {
          ++IndirectFigures.Resolved;
          IndirectFigures.ResolvedTargets += Resolved->size();
          IndirectFigures.ResolvedSignatureTargets += BySignature.size();
          CS.Targets = std::move(*Resolved);
        } else if (std::optional<std::vector<FnId>> FromTable =
                       knownTargets(FE.Module, S)) {
          CS.Targets = std::move(*FromTable);
        } else {
          CS.Targets = std::move(BySignature);
          CS.BySignature = true;
        }
      } else if (S.Kind == CallKind::Direct) {
        FnId Callee = resolveFn(FE.Module, S.Callee);
        if (Callee != NoFn) {
          CS.Targets.push_back(Callee);
        } else {
          for (const std::string &N : S.SyncCallbacks)
            if (FnId Callback = resolveFn(FE.Module, N); Callback != NoFn)
              CS.Targets.push_back(Callback);
          // Unknown code got a callback: it may call it from a thread of
          // its own, unless the program starts its threads itself (then
          // those bound its start-up, and the callback is a root of hot
          // code all the same).
          if (ThreadEntries.empty())
            for (const std::string &N : S.DeferredCallbacks)
              if (resolveFn(FE.Module, N) != NoFn)
                CS.StartsThreads = true;
          CS.StartsThreads |= S.CreatesThread;
          CS.JoinsThreads = S.JoinsThread;
          CS.Waits = S.Waits;
        }
      }
      Sites.push_back(std::move(CS));
    }
  }
  dropCallsOfForeignCode();
  linkCallers();
}

void Solver::Program::linkCallers() {
  Callers.assign(Fns.size(), {});
  ResultUses.assign(Fns.size(), {});
  for (FnId F : ByKey)
    for (const CallSite &CS : CallSites[F])
      for (FnId T : CS.Targets)
        Callers[T].push_back(&CS);
  // What the callers of each function do with its results. (A direct call
  // of unknown code has its synchronous callbacks for targets: those are
  // not what it returns.)
  for (FnId F = 0; F != Fns.size(); ++F) {
    if (NeverRuns.contains(F))
      continue;
    const FuncEntry &FE = Fns[F];
    for (const auto &[Site, Uses] : FE.F->CallResults) {
      const CallSite &CS = CallSites[F][Site];
      if (CS.Site->Kind == CallKind::Direct) {
        if (FnId Callee = resolveFn(FE.Module, CS.Site->Callee);
            Callee != NoFn)
          ResultUses[Callee].push_back({FE.Module, &Uses, CS.Site});
        continue;
      }
      for (FnId T : CS.Targets)
        ResultUses[T].push_back({FE.Module, &Uses, CS.Site});
    }
  }
}

void Solver::Program::dropCallsOfForeignCode() {
  // Functions returning only what such calls return: a greatest fixed
  // point (a VFS's xDlSym forwarding to another VFS's).
  FnSet Foreign;
  for (FnId F = 0; F != Fns.size(); ++F)
    if (!fn(F).ReturnedCalls.empty())
      Foreign.insert(F);
  auto ReturnsForeign = [&](const std::vector<CallSite> &Sites, int I) {
    if (I < 0 || size_t(I) >= Sites.size())
      return false;
    const CallSite &CS = Sites[I];
    return CS.Site->ReturnsForeignCode ||
           (!CS.Targets.empty() && all_of(CS.Targets, [&](FnId T) {
             return Foreign.contains(T);
           }));
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (FnId F = 0; F != Fns.size(); ++F)
      if (Foreign.contains(F) &&
          !all_of(fn(F).ReturnedCalls,
                  [&](int I) { return ReturnsForeign(CallSites[F], I); })) {
        Foreign.erase(F);
        Changed = true;
      }
  }
  std::vector<CallSite *> OfForeignCode;
  for (std::vector<CallSite> &Sites : CallSites)
    for (CallSite &CS : Sites) {
      const std::vector<int> &From = CS.Site->CalleeFromCalls;
      if (!From.empty() && all_of(From, [&, &Sites = Sites](int I) {
            return ReturnsForeign(Sites, I);
          }))
        OfForeignCode.push_back(&CS);
    }
  for (CallSite *CS : OfForeignCode)
    CS->Targets.clear();
}

void Solver::Program::dropFunctionsThatNeverRun() {
  // Only where every caller is the program's: a program with main, linked
  // whole. A greatest fixed point: calls from one another keep none.
  if (Main == NoFn || !Opts.CallsComplete)
    return;
  for (FnId F = 0; F != Fns.size(); ++F)
    if (F != Main && localFn(F) && !calledIndirectly(F))
      NeverRuns.insert(F);
  keepOnlyCalledFrom(NeverRuns, [&](const CallSite &CS) {
    return NeverRuns.contains(CS.Caller);
  });
  if (NeverRuns.empty())
    return;
  // Their calls reach nothing (kept, since sites are found by index).
  for (FnId F : NeverRuns.members())
    for (CallSite &CS : CallSites[F])
      CS.Targets.clear();
  linkCallers();
}

void Solver::Program::resolveIndirectArguments() {
  // A function handed to an indirect call goes where the call goes: to the
  // program's functions, like one handed to a call of the program. A call
  // that reaches none of them calls code from elsewhere (a pointer from
  // dlsym, or from a library): that code has the function now.
  for (const IndirectArgument &A : IndirectArguments) {
    const CallSite *CS = callSiteAt(A.Caller, A.Site);
    if (!CS || CS->Targets.empty())
      escape(A.Function);
  }
}

std::optional<std::vector<FnId>>
Solver::Program::knownTargets(unsigned M, const CallSiteSummary &S) const {
  if (!S.ChosenCallees.empty()) {
    std::vector<FnId> Targets;
    for (const std::string &Name : S.ChosenCallees) {
      FnId F = resolveFn(M, Name);
      if (F == NoFn)
        return std::nullopt; // Code we cannot see.
      Targets.push_back(F);
    }
    return Targets;
  }
  if (S.LoadedFrom.empty())
    return std::nullopt;
  std::vector<FnId> Targets;
  for (const std::string &Table : S.LoadedFrom) {
    std::optional<std::vector<FnId>> Found =
        tableTargets(M, Table, S.CallType);
    if (!Found)
      return std::nullopt;
    for (FnId T : *Found)
      if (!is_contained(Targets, T))
        Targets.push_back(T);
  }
  return Targets;
}

const CallSite *
Solver::Program::pointerCallSite(unsigned M, const PointerCall &C) const {
  const CallSite *CS = callSiteAt(resolveFn(M, C.At.Function), C.Site);
  if (!CS || !targetsSeen(*CS))
    return nullptr;
  for (FnId T : CS->Targets) {
    const FunctionSummary &F = fn(T);
    if (C.Arg >= F.NumArgs || F.Type != C.CallType)
      return nullptr;
  }
  return CS;
}

/// The functions an indirect call may reach when it calls a pointer loaded
/// from the global \p Table (named in module \p M): those whose address is
/// in the table's initializer or stored into it, with the module naming
/// each. Tables in a named section (__start_X, __stop_X) hold the functions
/// in the initializers of every global of section X. None (the call falls
/// back to every address-taken function of its type) when other code may
/// put pointers there: the table is exported or escapes, or something else
/// that may be a function pointer is written into it. Computed once per
/// table: many calls load from the same one.
const std::optional<Solver::Program::FunctionNames> &
Solver::Program::tableFunctions(unsigned M, StringRef Table) const {
  StringRef Section = Table;
  bool FromSection =
      Section.consume_front("__start_") || Section.consume_front("__stop_");
  static const std::optional<FunctionNames> Unknown;
  const GlobalEntry *G = nullptr;
  if (!FromSection) {
    G = resolveGlobal(M, Table);
    if (!G)
      return Unknown;
  }
  // Unknown (std::nullopt) until found, also to a walk that comes back to
  // the same table.
  bool New;
  std::optional<FunctionNames> *Cached;
  if (FromSection) {
    auto It = SectionFunctionsCache.try_emplace(Section);
    New = It.second;
    Cached = &It.first->second;
  } else {
    auto It = TableFunctionsCache.try_emplace(G);
    New = It.second;
    Cached = &It.first->second;
  }
  if (!New)
    return *Cached;
  FunctionNames Found;
  if (FromSection) {
    for (const GlobalEntry &E : Globals) {
      if (!E.Def || E.Def->Section != Section)
        continue;
      for (auto &[DM, S] : E.Mentions)
        if (S == E.Def)
          for (const std::string &Fn : S->InitializerFunctions)
            Found.push_back({DM, Fn});
    }
  } else {
    if (!G->Def || !localGlobal(*G))
      return *Cached;
    GlobalUses Uses = collectUses(*G);
    if (!Uses.Escape.empty() || Uses.OpaqueStores)
      return *Cached;
    for (auto &[GM, S] : G->Mentions)
      if (S == G->Def)
        for (const std::string &Fn : S->InitializerFunctions)
          Found.push_back({GM, Fn});
    append_range(Found, Uses.StoredFunctions);
  }
  *Cached = std::move(Found);
  return *Cached;
}

/// tableFunctions() of type \p CallType, resolved to functions.
std::optional<std::vector<FnId>>
Solver::Program::tableTargets(unsigned M, StringRef Table,
                              StringRef CallType) const {
  const std::optional<FunctionNames> &Candidates = tableFunctions(M, Table);
  if (!Candidates)
    return std::nullopt;
  std::vector<FnId> Targets;
  for (auto &[CM, Name] : *Candidates) {
    FnId F = resolveFn(CM, Name);
    if (F != NoFn && fn(F).Type == CallType && !is_contained(Targets, F))
      Targets.push_back(F);
  }
  return Targets;
}

void Solver::Program::computeTransitiveFlags() {
  // A call starts threads (or joins them, or waits) if some function it may
  // reach does; then so does its caller. Backwards along the call graph
  // from the calls that do it themselves, each function once per flag.
  enum { Starts, Joins, Waits, NumFlags };
  FnSet *May[NumFlags] = {&MayStartThreads, &MayJoinThreads, &MayWait};
  std::vector<FnId> Worklist[NumFlags];
  auto Flag = [](CallSite &CS, int F) -> bool & {
    return F == Starts ? CS.StartsThreads
                       : F == Joins ? CS.JoinsThreads : CS.Waits;
  };
  auto MarkCaller = [&](const CallSite &CS, int F) {
    if (May[F]->insert(CS.Caller))
      Worklist[F].push_back(CS.Caller);
  };
  for (std::vector<CallSite> &Sites : CallSites)
    for (CallSite &CS : Sites)
      for (int F = 0; F != NumFlags; ++F)
        if (Flag(CS, F))
          MarkCaller(CS, F);
  for (int F = 0; F != NumFlags; ++F)
    while (!Worklist[F].empty()) {
      FnId Callee = Worklist[F].back();
      Worklist[F].pop_back();
      for (const CallSite *C : Callers[Callee]) {
        // Callers points into CallSites, which the solver owns and sets here.
        auto &CS = const_cast<CallSite &>(*C);
        // A crash path that stops the threads before it exits (a call
        // that never returns) ends the program, not a generation.
        if (Flag(CS, F) || (F == Joins && CS.Site->NoReturn))
          continue;
        Flag(CS, F) = true;
        MarkCaller(CS, F);
      }
    }
}

void Solver::Program::computeMayLoop() {
  // Backwards along the call graph from the functions with a loop of
  // their own, as computeTransitiveFlags does.
  SmallVector<FnId, 16> Worklist;
  for (FnId F = 0; F != Fns.size(); ++F)
    if (!NeverRuns.contains(F) && is_contained(fn(F).BeforeLoops, false) &&
        MayLoop.insert(F))
      Worklist.push_back(F);
  while (!Worklist.empty()) {
    FnId F = Worklist.pop_back_val();
    for (const CallSite *CS : Callers[F])
      if (MayLoop.insert(CS->Caller))
        Worklist.push_back(CS->Caller);
  }
}

std::vector<FnId>
Solver::Program::callPathTo(FnId F) const {
  // Breadth first over the callers: the first root reached is the nearest.
  DenseMap<FnId, FnId> CalledFrom{{F, NoFn}};
  std::deque<FnId> Work{F};
  while (!Work.empty()) {
    FnId G = Work.front();
    Work.pop_front();
    const std::vector<const CallSite *> &Calls = callersOf(G);
    if (G == Main || ThreadEntries.contains(G) || Calls.empty()) {
      std::vector<FnId> Path;
      for (FnId H = G; H != NoFn; H = CalledFrom[H])
        Path.push_back(H);
      return Path;
    }
    for (const CallSite *CS : Calls)
      if (CalledFrom.try_emplace(CS->Caller, G).second)
        Work.push_back(CS->Caller);
  }
  // Every chain of callers is a cycle none of whose functions is a root.
  return {F};
}
