//===- Solver.cpp - The whole program, from its summaries ----------------===//

#include "Solver.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>

using namespace llvm;
using namespace cacheline;

namespace {

struct FuncEntry {
  unsigned Module;
  const FunctionSummary *F;
  /// Its index in Program::FuncOrder.
  unsigned Id;
};

struct GlobalEntry {
  std::string Name;
  int Module = -1; ///< Its module when internal.
  const GlobalSummary *Def = nullptr;
  /// Every module's summary of it.
  std::vector<std::pair<unsigned, const GlobalSummary *>> Mentions;
};

/// One call and the functions it may reach.
struct CallSite {
  std::string Caller;
  const CallSiteSummary *Site;
  /// By Program::FuncOrder index: the signature fallback gives an indirect
  /// call every address-taken function of its type, often hundreds.
  std::vector<unsigned> Targets;
  bool StartsThreads = false; ///< May create a thread (directly or not).
  bool JoinsThreads = false;  ///< May wait for a thread to end.
  bool Waits = false;         ///< May block (directly or not).
};

/// Everything done with one global's address, across modules.
struct GlobalUses {
  /// An access, by the module whose summary holds it.
  struct Access {
    unsigned Module;
    AccessKind Kind;
    const Position *At;
    /// Through a pointer parameter: the phase of the call that handed the
    /// pointer down (the first call of the chain from the code that names
    /// the global), and the function making it; the access runs during
    /// that call.
    Phase HandedIn = Phase::Steady;
    const std::string *HandedBy = nullptr;
    /// Where in the global, if the address arithmetic could be followed.
    std::optional<ByteRange> Range;
    /// Which of the places a phi or select of addresses may give
    /// (AccessSummary::OrRanges): 0 for Range.
    int Choice = 0;
  };
  std::vector<Access> Accesses;
  /// Accesses already in Accesses, reached again through a pointer handed
  /// down at another place in the global (GlobalRecord::Again).
  std::vector<Access> Again;
  /// Why Again is not complete, if it is not (GlobalRecord::PlacesUnknown).
  std::string PlacesUnknown;
  std::string Escape;
  /// Functions whose address is stored into it, with the module naming them.
  std::vector<std::pair<unsigned, std::string>> StoredFunctions;
  /// Something else that may be a function pointer is written into it.
  bool OpaqueStores = false;
};

} // namespace

struct Solver::Program {
  Program(ArrayRef<ModuleSummary> Modules, const SolverOptions &Opts)
      : Modules(Modules), Opts(Opts) {}

  ArrayRef<ModuleSummary> Modules;
  SolverOptions Opts;
  std::string Main;
  /// The summaries are an executable's before its link: every external
  /// symbol is the program's own.
  bool AllLocal = false;
  bool HasThreads = false;

  StringMap<FuncEntry> Funcs;
  std::vector<std::string> FuncOrder;
  StringMap<GlobalEntry> Globals;
  std::vector<std::string> GlobalOrder;
  std::vector<StringSet<>> LocalFns;
  /// What a caller does with a function's result (CallResults), and the
  /// call's constant arguments (ReturnedPointer::When).
  struct ResultUse {
    unsigned Module;
    const PointerSummary *Uses;
    const CallSiteSummary *Site;
  };
  /// By the function's key.
  std::map<std::string, std::vector<ResultUse>> ResultUses;

  // How each function's address is used. Timer callbacks run while threads
  // run, but at a timer's pace: they are no roots of hot code.
  StringSet<> ThreadEntries, RunOnceRoots, CtorRoots, AtExitRoots,
      AddressTaken, Escaped, TimerCallbacks;
  /// Of each function in Escaped: the share of the unknown code's calls
  /// that can reach it. Code handed a table of N functions calls one of
  /// them per call, and with no profile any one as likely as another (as
  /// share() weighs an indirect call of the program); a function handed
  /// over by itself gets every call.
  StringMap<double> EscapeShare;
  void escape(const std::string &F, double Share = 1) {
    Escaped.insert(F);
    double &S = EscapeShare[F];
    S = std::max(S, Share);
  }
  std::vector<std::string> ThreadEntryList;
  /// Of each function whose every address use puts it in struct fields
  /// (FunctionFields.h): those fields.
  StringMap<std::set<std::string>> OnlyInFields;
  /// Functions handed to indirect calls, pending the calls' targets.
  struct IndirectArgument {
    std::string Function, Caller;
    int Site;
  };
  std::vector<IndirectArgument> IndirectArguments;

  std::map<std::string, std::vector<CallSite>> CallSites;
  /// Of each function, by its FuncOrder index.
  std::vector<std::vector<const CallSite *>> Callers;
  StringSet<> MayStartThreads, MayJoinThreads, MayWait;

  /// Of a function split at its first thread creation: the blocks that
  /// run only before it, and the first creating call of a block where the
  /// creation happens part-way.
  struct BeforeThreads {
    std::set<int> Blocks;
    std::map<int, int> FirstCreation;
  };
  /// Main, and the functions that start threads but that only start-up
  /// code calls (an init routine starting a logger thread): start-up runs
  /// into each up to its first thread creation.
  StringMap<BeforeThreads> SplitAtFirstThread;

  StringSet<> StartUpOnly, ShutdownOnly, Hot;
  /// Functions that run at most once per thread: thread entries, and what
  /// only their thread start-up calls. Their code before their loops is
  /// thread start-up; their loops are the steady state.
  StringSet<> OncePerThread;
  /// Of each hot function: how many times it runs per iteration of the busy
  /// loop that drives it (the largest over the paths from such loops).
  StringMap<double> Rate;
  /// Not hot, but run at the pace of events or timers: timer callbacks and
  /// what run-time code calls from waiting loops, and what they call.
  StringSet<> EventPaced;
  /// Of each hot function: the caller that gave it its rate (empty for the
  /// roots: thread entries, callbacks of unknown code), so that a report can
  /// say which loop drives a write.
  StringMap<std::string> DrivenBy;
  /// Of each function with call sites: its waiting loops (see loopKind).
  mutable StringMap<std::vector<int>> WaitingLoopCache;
  /// Functions that run a bounded number of times while threads run:
  /// called only by main outside its loops, from start-up or shutdown
  /// code, or by one another the same way, counted loops allowed. A
  /// counted loop in them (or in main) is no steady state of its own.
  StringSet<> RunsBounded;
  /// Functions of a whole program that nothing calls but one another and
  /// whose address nothing takes: the link drops them (full LTO's GlobalDCE
  /// already has), and their accesses and calls never happen.
  StringSet<> NeverRuns;
  bool neverRuns(unsigned M, const std::string &Name) const {
    return !NeverRuns.empty() && NeverRuns.contains(resolveFn(M, Name));
  }

  static std::string localKey(unsigned M, StringRef Name) {
    return std::to_string(M) + "\x01" + Name.str();
  }
  /// The key \p G is indexed by in Globals.
  static std::string keyOf(const GlobalEntry &G) {
    return G.Module >= 0 ? localKey(G.Module, G.Name) : G.Name;
  }
  /// The function \p Name refers to in module \p M; empty if no module
  /// defines it.
  std::string resolveFn(unsigned M, StringRef Name) const {
    if (LocalFns[M].contains(Name))
      return localKey(M, Name);
    if (Funcs.count(Name))
      return Name.str();
    return {};
  }
  const FunctionSummary &fn(const std::string &Key) const {
    return *Funcs.find(Key)->second.F;
  }
  /// The keys of the functions \p CS may reach.
  auto targets(const CallSite &CS) const {
    return map_range(CS.Targets, [this](unsigned Id) -> const std::string & {
      return FuncOrder[Id];
    });
  }
  /// The share of \p CS's runs that go to each of its targets: one
  /// indirect call runs one of them, and with no profile, any one as likely
  /// as another (as BranchProbabilityInfo weighs a switch's cases).
  double share(const CallSite &CS) const {
    return CS.Site->Kind == CallKind::Indirect && CS.Targets.size() > 1
               ? 1.0 / CS.Targets.size()
               : 1.0;
  }
  /// Call \p Site of \p Caller (an index into its summary's Calls).
  const CallSite *callSiteAt(const std::string &Caller, int Site) const {
    auto Sites = CallSites.find(Caller);
    if (Sites == CallSites.end() || Site < 0 ||
        size_t(Site) >= Sites->second.size())
      return nullptr;
    return &Sites->second[Site];
  }
  unsigned idOf(const std::string &Key) const {
    return Funcs.find(Key)->second.Id;
  }
  const std::vector<const CallSite *> &callersOf(const std::string &Key) const {
    static const std::vector<const CallSite *> None;
    auto It = Funcs.find(Key);
    return It == Funcs.end() ? None : Callers[It->second.Id];
  }
  /// Calls into \p Key run its body: it is defined, and not replaceable at
  /// run time.
  bool bodyVisible(const std::string &Key) const {
    return !Key.empty() &&
           (AllLocal || !fn(Key).Interposable || internalized(Key));
  }
  bool localFn(const std::string &Key) const {
    return AllLocal || fn(Key).Local || internalized(Key);
  }
  /// The link made the external symbol \p Key internal.
  bool internalized(StringRef Key) const {
    return Opts.Internalized.contains(Key);
  }
  /// Every call of \p Key is a call site of the program (its results and
  /// arguments go nowhere else).
  bool allCallsSeen(const std::string &Key) const {
    return bodyVisible(Key) && localFn(Key) && !calledByUnseenCode(Key);
  }
  /// \p CS is an indirect call whose every target is known and has its
  /// body in some module.
  bool targetsSeen(const CallSite &CS) const {
    return CS.Site->Kind == CallKind::Indirect && !CS.Targets.empty() &&
           all_of(targets(CS), [&](const std::string &T) {
             return bodyVisible(T);
           });
  }
  bool closedGlobal(const GlobalEntry &G) const {
    return Opts.Policy.AssumeClosed && !Main.empty() && G.Def &&
           !G.Def->Interposable;
  }
  bool localGlobal(const GlobalEntry &G) const {
    return G.Module >= 0 || ((AllLocal || internalized(G.Name)) && G.Def) ||
           closedGlobal(G);
  }
  /// \p P is a pointer variable whose every load the summaries follow: the
  /// program's own, and every module only loads and stores it.
  bool loadsFollowed(const GlobalEntry &P) const {
    return localGlobal(P) && P.Def && !P.Def->Interposable &&
           !P.Def->ExternallyInitialized && !P.Def->HasSection &&
           !P.Def->ImplicitSection &&
           all_of(P.Mentions, [](const auto &MS) {
             return MS.second->OnlyLoadedAndStored && !MS.second->InUsedList;
           });
  }
  const GlobalEntry *findGlobal(unsigned M, StringRef Name, bool Local) const {
    auto It = Globals.find(Local ? localKey(M, Name) : Name.str());
    return It == Globals.end() ? nullptr : &It->second;
  }
  /// The global \p Name refers to in module \p M: its internal one, else
  /// the external one.
  const GlobalEntry *resolveGlobal(unsigned M, StringRef Name) const {
    const GlobalEntry *G = findGlobal(M, Name, true);
    return G ? G : findGlobal(M, Name, false);
  }
  /// The globals through which \p G's contents leak out to code we cannot
  /// see: \p G itself when that code reads it, and those whose contents
  /// hold its address and leak, transitively, each by the global that leaks
  /// by itself (the root handed over). \p Key names a global not summarized.
  void leakRoots(const GlobalEntry *G, StringRef Key, StringSet<> &Visiting,
                 std::set<std::string> &Roots) const;
  /// The program names __start_\p Section or __stop_\p Section.
  bool sectionWalked(StringRef Section) const {
    return !Section.empty() && (Globals.count(("__start_" + Section).str()) ||
                                Globals.count(("__stop_" + Section).str()));
  }
  std::set<std::string> leakRoots(unsigned M, StringRef Name,
                                  bool Local) const {
    StringSet<> Visiting;
    std::set<std::string> Roots;
    leakRoots(findGlobal(M, Name, Local), Local ? localKey(M, Name) : Name,
              Visiting, Roots);
    return Roots;
  }

  void index();
  void solve();
  void scanFunctionAddresses();
  /// Records what \p Use makes of function \p F: a root of a phase, a
  /// thread entry, an escape, an address taken, or nothing of its own (a
  /// synchronous callback: an edge from the call).
  void applyRootUse(const std::string &F, AddressUse Use);
  /// What the calls that function \p Key hands its parameter \p Arg to
  /// make of a function address passed in, following parameters handed on
  /// into bodies the program has (\p Seen: the parameters followed).
  std::vector<AddressUse>
  handedUses(const std::string &Key, int Arg,
             std::set<std::pair<std::string, int>> &Seen) const;
  void collectCallSites();
  /// Calls of a pointer that dlsym returned, directly or through functions
  /// of the program that return only what it returns: they reach code the
  /// program does not have, none of its functions.
  void dropCallsOfForeignCode();
  void linkCallers();
  void resolveIndirectArguments();
  void dropFunctionsThatNeverRun();
  void computeTransitiveFlags();
  void computeStartUpOnly();
  void computeOncePerThread();
  void computeRunsBounded();
  void computeHot();
  void computeEventPaced();

  bool isBeforeThreads(const std::string &F, const Position &P) const;
  /// \p F's blocks before its first thread creation; none if the summary
  /// lacks its CFG.
  std::optional<BeforeThreads> beforeThreads(const std::string &F) const;
  /// Thread start-up: in a function that runs once per thread, before
  /// all its loops. (What follows its loops runs once per thread too, but
  /// as the thread ends, perhaps while the others still run: it stays as
  /// the function's rate makes it.)
  bool isInThreadStartUp(const std::string &F, const Position &P) const {
    if (!OncePerThread.contains(F))
      return false;
    const std::vector<bool> &Before = fn(F).BeforeLoops;
    return P.Block >= 0 && size_t(P.Block) < Before.size() && Before[P.Block];
  }
  /// In main after all its loops, once threads may exist.
  bool isInMainShutdown(const std::string &F, const Position &P) const {
    if (Main.empty() || F != Main)
      return false;
    auto Split = SplitAtFirstThread.find(F);
    if (Split != SplitAtFirstThread.end() &&
        Split->second.Blocks.count(P.Block))
      return false;
    const std::vector<bool> &After = fn(F).AfterLoops;
    return P.Block >= 0 && size_t(P.Block) < After.size() && After[P.Block];
  }
  bool isStartUp(const std::string &F, const Position &P) const {
    return StartUpOnly.contains(F) || isBeforeThreads(F, P);
  }
  /// \p CS runs in the steady state: in no phase that does not repeat.
  bool inSteadyState(const CallSite &CS) const {
    Position P = positionOf(CS);
    return !isStartUp(CS.Caller, P) && !isInThreadStartUp(CS.Caller, P) &&
           !isShutdown(CS.Caller, P) && CS.Site->OnceFlag.empty();
  }
  bool isShutdown(const std::string &F, const Position &P) const {
    return ShutdownOnly.contains(F) || isInMainShutdown(F, P);
  }
  /// \p F runs only in a phase that does not repeat: start-up or shutdown.
  bool isPhaseOnly(const std::string &F) const {
    return StartUpOnly.contains(F) || ShutdownOnly.contains(F);
  }
  /// \p F runs only when calls of the program reach it, and it starts no
  /// thread (code that starts threads is no phase's after that point; only
  /// main is split at its first creation). A function whose address is
  /// taken but that no call of the program reaches is called by code we
  /// cannot see.
  bool onlyCalledByProgram(const std::string &F) const {
    return F != Main && localFn(F) && !Escaped.contains(F) &&
           !TimerCallbacks.contains(F) && !ThreadEntries.contains(F) &&
           !MayStartThreads.contains(F) && !callersOf(F).empty();
  }
  static Position positionOf(const CallSite &CS) {
    Position P;
    P.Block = CS.Site->Block;
    P.Index = CS.Site->Index;
    P.Loop = CS.Site->Loop;
    return P;
  }
  /// Drops from \p Set, until none changes, every function with a call
  /// site that \p InPhase rejects: a greatest fixed point.
  /// Returns whether it dropped any.
  bool keepOnlyCalledFrom(StringSet<> &Set,
                          function_ref<bool(const CallSite &)> InPhase);
  void computeShutdownOnly();
  /// Loop \p Loop of \p F runs fewer times per call of \p F than make a
  /// write hot (PolicyOptions::HotWriteCount).
  bool isCountedLoop(const std::string &F, int Loop) const;
  bool runsBounded(const std::string &F) const {
    return F == Main || RunsBounded.contains(F) || isPhaseOnly(F);
  }
  LoopKind loopKind(const std::string &F, int Loop) const;
  const char *describe(const std::string &F) const;

  /// Some call of the program or of code it cannot see may reach \p F
  /// through its address.
  bool calledIndirectly(const std::string &F) const {
    return AddressTaken.contains(F) || calledByUnseenCode(F);
  }
  /// Code the program cannot see (a library, the start-up code) may call
  /// \p F: not all its calls are call sites of the program.
  bool calledByUnseenCode(const std::string &F) const {
    return Escaped.contains(F) || TimerCallbacks.contains(F) ||
           RunOnceRoots.contains(F) || AtExitRoots.contains(F) ||
           ThreadEntries.contains(F) || CtorRoots.contains(F);
  }
  /// The functions the indirect call that \p C hands a pointer to may
  /// reach, when each is the program's and takes the pointer as declared;
  /// none if it may reach none.
  const std::vector<unsigned> *
  pointerCallTargets(unsigned M, const PointerCall &C) const;
  /// The functions an indirect call reaches when the summary names them:
  /// chosen among by a select or phi, or loaded from tables whose contents
  /// are known. None: the signature fallback decides.
  std::optional<std::vector<std::string>>
  knownTargets(unsigned M, const CallSiteSummary &S) const;
  GlobalUses collectUses(const GlobalEntry &G) const;
  /// Function names, each with the module that names it.
  using FunctionNames = std::vector<std::pair<unsigned, std::string>>;
  mutable std::map<std::string, std::optional<FunctionNames>>
      TableFunctionsCache;
  const std::optional<FunctionNames> &tableFunctions(unsigned M,
                                                     StringRef Table) const;
  std::optional<std::vector<std::string>>
  tableTargets(unsigned M, StringRef Table, StringRef CallType) const;
  /// What phaseAt() needs of a function: its key and its phase sets.
  struct PhaseFacts {
    std::string Key;
    bool OncePerThread = false, StartUpOnly = false, ShutdownOnly = false;
  };
  PhaseFacts phaseFacts(std::string Key) const {
    PhaseFacts P;
    P.OncePerThread = OncePerThread.contains(Key);
    P.StartUpOnly = StartUpOnly.contains(Key);
    P.ShutdownOnly = ShutdownOnly.contains(Key);
    P.Key = std::move(Key);
    return P;
  }
  /// The phase code at \p P of the function \p F describes runs in;
  /// \p BeforeThreads: isBeforeThreads there.
  Phase phaseAt(const PhaseFacts &F, const Position &P,
                bool BeforeThreads) const;
  /// What record() needs of the function an access is in, computed once
  /// per function: the solver's sets are keyed by name.
  struct AccessContext : PhaseFacts {
    bool Hot = false, EventPaced = false, ThreadEntry = false, InMain = false;
    double Rate = 0;
    const char *Role = nullptr;
    std::vector<std::string> DrivenBy;
  };
  mutable std::vector<StringMap<AccessContext>> AccessContexts;
  /// Computed once the solver is done (the walks of tableFunctions() run
  /// before the phases are known).
  const AccessContext &accessContext(unsigned M, StringRef Function) const;
  AccessRecord record(const GlobalUses::Access &A) const;
  SolvedGlobal solveGlobal(const GlobalEntry &G) const;
};

void Solver::Program::index() {
  LocalFns.resize(Modules.size());
  for (unsigned M = 0; M < Modules.size(); ++M) {
    for (const FunctionSummary &F : Modules[M].Functions) {
      if (F.Local)
        LocalFns[M].insert(F.Name);
      std::string Key = F.Local ? localKey(M, F.Name) : F.Name;
      // A linkonce_odr body in several modules: one function, the first.
      if (Funcs.try_emplace(Key, FuncEntry{M, &F, unsigned(FuncOrder.size())})
              .second)
        FuncOrder.push_back(Key);
    }
    for (const GlobalSummary &G : Modules[M].Globals) {
      std::string Key = G.Local ? localKey(M, G.Name) : G.Name;
      auto [It, New] = Globals.try_emplace(Key);
      GlobalEntry &E = It->second;
      if (New) {
        GlobalOrder.push_back(Key);
        E.Name = G.Name;
        E.Module = G.Local ? int(M) : -1;
      }
      if (G.Definition && !E.Def)
        E.Def = &G;
      E.Mentions.push_back({M, &G});
    }
  }
  auto MainIt = Funcs.find("main");
  if (MainIt != Funcs.end() && !MainIt->second.F->Local) {
    Main = "main";
    AllLocal = Opts.BeforeLink;
  }
}

void Solver::Program::leakRoots(const GlobalEntry *G, StringRef Key,
                                StringSet<> &Visiting,
                                std::set<std::string> &Roots) const {
  if (!G || !localGlobal(*G)) {
    Roots.insert(Key.str());
    return;
  }
  std::string Own = keyOf(*G);
  if (!Visiting.insert(Own).second)
    return; // Already being answered.
  for (auto &[M, S] : G->Mentions) {
    // Kept by llvm.used for code we cannot see, unless it sits in a section
    // the program itself walks through __start_/__stop_.
    if (S->ContentsLeak || (S->InUsedList && !sectionWalked(S->Section)))
      Roots.insert(Own);
    for (const std::string &Callee : S->LeakCallees)
      if (!bodyVisible(resolveFn(M, Callee)))
        Roots.insert(Own);
    for (const std::string &Owner : S->LeakThrough)
      leakRoots(resolveGlobal(M, Owner), Owner, Visiting, Roots);
  }
}

void Solver::Program::solve() {
  index();
  scanFunctionAddresses();
  collectCallSites();
  resolveIndirectArguments();
  dropFunctionsThatNeverRun();
  computeTransitiveFlags();
  computeStartUpOnly();
  computeOncePerThread();
  computeShutdownOnly();
  computeRunsBounded();
  computeHot();
  computeEventPaced();
  HasThreads = !ThreadEntries.empty() || !Escaped.empty();
  // A library: any of its external functions may run on any thread.
  if (Main.empty())
    HasThreads |= any_of(FuncOrder, [&](const std::string &K) {
      return !fn(K).Local;
    });
}

void Solver::Program::applyRootUse(const std::string &F, AddressUse Use) {
  switch (Use) {
  case AddressUse::ThreadEntry:
    if (ThreadEntries.insert(F).second)
      ThreadEntryList.push_back(F);
    break;
  case AddressUse::RunOnce:
    RunOnceRoots.insert(F);
    break;
  case AddressUse::AtExit:
    AtExitRoots.insert(F);
    break;
  case AddressUse::Ctor:
    CtorRoots.insert(F);
    break;
  case AddressUse::Escaped:
    escape(F);
    break;
  case AddressUse::Timer:
    TimerCallbacks.insert(F);
    break;
  case AddressUse::Taken:
    AddressTaken.insert(F);
    break;
  case AddressUse::Synchronous:
    break; // An edge from the call: see collectCallSites.
  case AddressUse::PassedToCall:
  case AddressUse::PassedToIndirectCall:
  case AddressUse::InInitializer:
  case AddressUse::StoredTo:
    llvm_unreachable("resolved by scanFunctionAddresses");
  }
}

std::vector<AddressUse>
Solver::Program::handedUses(const std::string &Key, int Arg,
                            std::set<std::pair<std::string, int>> &Seen) const {
  std::vector<AddressUse> Out;
  const FunctionSummary &F = fn(Key);
  auto Param = F.Params.find(Arg);
  if (Param == F.Params.end() || !Seen.insert({Key, Arg}).second)
    return Out;
  unsigned M = Funcs.find(Key)->second.Module;
  for (const PointerCall &C : Param->second.Calls) {
    if (C.Callee.empty())
      continue; // Indirect: the handed function is taken, nothing more.
    std::string Callee = resolveFn(M, C.Callee);
    if (!bodyVisible(Callee)) {
      Out.push_back(C.Callback);
      continue;
    }
    std::vector<AddressUse> Deeper = handedUses(Callee, C.Arg, Seen);
    Out.insert(Out.end(), Deeper.begin(), Deeper.end());
  }
  return Out;
}

void Solver::Program::scanFunctionAddresses() {
  for (const std::string &K : FuncOrder) {
    const FunctionSummary &F = fn(K);
    if (F.ThreadTrampoline)
      applyRootUse(K, AddressUse::ThreadEntry);
    if (F.OnceBody)
      RunOnceRoots.insert(K);
  }
  StringSet<> NotOnlyInFields;
  // Of each global handed to code we cannot see: the functions whose
  // addresses it holds, with those of the tables it leads to (a command
  // table and its subcommand tables are one table to the code handed it).
  std::map<std::string, std::set<std::string>> EscapedThrough;
  for (unsigned M = 0; M < Modules.size(); ++M) {
    for (const AddressUseSummary &A : Modules[M].AddressUses) {
      std::string F = resolveFn(M, A.Function);
      if (F.empty())
        continue; // Only defined functions matter.
      AddressUse Use = A.Use;
      if (Use == AddressUse::PassedToCall) {
        // Handed to code we can see: it is called, if at all, through an
        // indirect call of the program, and becomes whatever the calls
        // that code hands the parameter to make of it.
        std::string Callee = resolveFn(M, A.Callee);
        if (!bodyVisible(Callee)) {
          Use = A.Fallback;
        } else {
          Use = AddressUse::Taken;
          std::set<std::pair<std::string, int>> Seen;
          for (AddressUse Handed : handedUses(Callee, A.Arg, Seen))
            applyRootUse(F, Handed);
        }
      } else if (Use == AddressUse::InInitializer ||
               Use == AddressUse::StoredTo) {
        // Memory of the program's own: called, if at all, by the program's
        // indirect calls. Anywhere else, code we cannot see may call it.
        std::set<std::string> Roots = leakRoots(M, A.Owner, A.OwnerLocal);
        if (!Roots.empty()) {
          for (const std::string &Root : Roots)
            EscapedThrough[Root].insert(F);
          NotOnlyInFields.insert(F);
          continue;
        }
        Use = AddressUse::Taken;
      }
      if (Use == AddressUse::Taken && !A.Fields.empty())
        OnlyInFields[F].insert(A.Fields.begin(), A.Fields.end());
      else
        NotOnlyInFields.insert(F);
      switch (Use) {
      default:
        applyRootUse(F, Use);
        break;
      case AddressUse::PassedToIndirectCall:
        // Taken by the functions the call reaches; an escape if it reaches
        // none of the program's (resolveIndirectArguments).
        AddressTaken.insert(F);
        if (std::string Caller = resolveFn(M, A.Caller); !Caller.empty())
          IndirectArguments.push_back({F, Caller, A.Site});
        else
          escape(F);
        break;
      case AddressUse::PassedToCall:
      case AddressUse::InInitializer:
      case AddressUse::StoredTo:
        llvm_unreachable("resolved above");
      }
    }
  }
  for (const auto &[Owner, Fns] : EscapedThrough)
    for (const std::string &F : Fns)
      escape(F, 1.0 / Fns.size());
  for (const auto &F : NotOnlyInFields)
    OnlyInFields.erase(F.getKey());
}

void Solver::Program::collectCallSites() {
  // Indirect calls may reach any function whose address is taken and whose
  // type matches the call's.
  std::map<std::string, std::vector<unsigned>> IndirectTargets;
  for (const std::string &K : FuncOrder)
    if (calledIndirectly(K) && !CtorRoots.contains(K))
      IndirectTargets[fn(K).Type].push_back(idOf(K));

  for (const std::string &K : FuncOrder) {
    const FuncEntry &FE = Funcs.find(K)->second;
    std::vector<CallSite> &Sites = CallSites[K];
    for (const CallSiteSummary &S : FE.F->Calls) {
      CallSite CS{K, &S, {}};
      if (S.Kind == CallKind::Indirect) {
        std::optional<std::vector<std::string>> FromTable =
            knownTargets(FE.Module, S);
        if (FromTable) {
          for (const std::string &T : *FromTable)
            CS.Targets.push_back(idOf(T));
        } else {
          // A function put only in other struct fields is not loaded
          // from this one.
          auto It = IndirectTargets.find(S.CallType);
          if (It != IndirectTargets.end())
            for (unsigned T : It->second) {
              auto In = OnlyInFields.find(FuncOrder[T]);
              if (S.Field.empty() || In == OnlyInFields.end() ||
                  In->second.count(S.Field))
                CS.Targets.push_back(T);
            }
        }
      } else if (S.Kind == CallKind::Direct) {
        std::string Callee = resolveFn(FE.Module, S.Callee);
        if (!Callee.empty()) {
          CS.Targets.push_back(idOf(Callee));
        } else {
          for (const std::string &N : S.SyncCallbacks)
            if (std::string Fn = resolveFn(FE.Module, N); !Fn.empty())
              CS.Targets.push_back(idOf(Fn));
          // Unknown code got a callback: it may call it from a thread of
          // its own, unless the program starts its threads itself (then
          // those bound its start-up, and the callback is a root of hot
          // code all the same).
          if (ThreadEntries.empty())
            for (const std::string &N : S.DeferredCallbacks)
              if (!resolveFn(FE.Module, N).empty())
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
  Callers.assign(FuncOrder.size(), {});
  ResultUses.clear();
  for (auto &[K, Sites] : CallSites)
    for (const CallSite &CS : Sites)
      for (unsigned T : CS.Targets)
        Callers[T].push_back(&CS);
  // What the callers of each function do with its results. (A direct call
  // of unknown code has its synchronous callbacks for targets: those are
  // not what it returns.)
  for (const std::string &K : FuncOrder) {
    if (NeverRuns.contains(K))
      continue;
    const FuncEntry &FE = Funcs.find(K)->second;
    for (const auto &[Site, Uses] : FE.F->CallResults) {
      const CallSite &CS = CallSites[K][Site];
      if (CS.Site->Kind == CallKind::Direct) {
        if (std::string Callee = resolveFn(FE.Module, CS.Site->Callee);
            !Callee.empty())
          ResultUses[Callee].push_back({FE.Module, &Uses, CS.Site});
        continue;
      }
      for (unsigned T : CS.Targets)
        ResultUses[FuncOrder[T]].push_back({FE.Module, &Uses, CS.Site});
    }
  }
}

void Solver::Program::dropCallsOfForeignCode() {
  // Functions returning only what such calls return: a greatest fixed
  // point (a VFS's xDlSym forwarding to another VFS's).
  StringSet<> Foreign;
  for (const std::string &K : FuncOrder)
    if (!fn(K).ReturnedCalls.empty())
      Foreign.insert(K);
  auto ReturnsForeign = [&](const std::vector<CallSite> &Sites, int I) {
    if (I < 0 || size_t(I) >= Sites.size())
      return false;
    const CallSite &CS = Sites[I];
    return CS.Site->ReturnsForeignCode ||
           (!CS.Targets.empty() && all_of(CS.Targets, [&](unsigned T) {
             return Foreign.contains(FuncOrder[T]);
           }));
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const std::string &K : FuncOrder)
      if (Foreign.contains(K) &&
          !all_of(fn(K).ReturnedCalls,
                  [&](int I) { return ReturnsForeign(CallSites[K], I); })) {
        Foreign.erase(K);
        Changed = true;
      }
  }
  std::vector<CallSite *> OfForeignCode;
  for (auto &[K, Sites] : CallSites)
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
  if (Main.empty() || !Opts.CallsComplete)
    return;
  for (const std::string &K : FuncOrder)
    if (K != Main && localFn(K) && !calledIndirectly(K))
      NeverRuns.insert(K);
  keepOnlyCalledFrom(NeverRuns, [&](const CallSite &CS) {
    return NeverRuns.contains(CS.Caller);
  });
  if (NeverRuns.empty())
    return;
  // Their calls reach nothing (kept, since sites are found by index).
  for (const auto &F : NeverRuns)
    for (CallSite &CS : CallSites[F.getKey().str()])
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

std::optional<std::vector<std::string>>
Solver::Program::knownTargets(unsigned M, const CallSiteSummary &S) const {
  if (!S.ChosenCallees.empty()) {
    std::vector<std::string> Targets;
    for (const std::string &Name : S.ChosenCallees) {
      std::string Fn = resolveFn(M, Name);
      if (Fn.empty())
        return std::nullopt; // Code we cannot see.
      Targets.push_back(std::move(Fn));
    }
    return Targets;
  }
  if (S.LoadedFrom.empty())
    return std::nullopt;
  std::vector<std::string> Targets;
  for (const std::string &Table : S.LoadedFrom) {
    std::optional<std::vector<std::string>> Found =
        tableTargets(M, Table, S.CallType);
    if (!Found)
      return std::nullopt;
    for (std::string &T : *Found)
      if (!is_contained(Targets, T))
        Targets.push_back(std::move(T));
  }
  return Targets;
}

const std::vector<unsigned> *
Solver::Program::pointerCallTargets(unsigned M, const PointerCall &C) const {
  const CallSite *CS = callSiteAt(resolveFn(M, C.At.Function), C.Site);
  if (!CS || !targetsSeen(*CS))
    return nullptr;
  for (const std::string &T : targets(*CS)) {
    const FunctionSummary &F = fn(T);
    if (C.Arg >= F.NumArgs || F.Type != C.CallType)
      return nullptr;
  }
  return &CS->Targets;
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
  std::string Key = "section " + Section.str();
  if (!FromSection) {
    G = resolveGlobal(M, Table);
    if (!G)
      return Unknown;
    Key = keyOf(*G);
  }
  auto [It, New] = TableFunctionsCache.try_emplace(Key);
  if (!New)
    return It->second;
  FunctionNames Found;
  if (FromSection) {
    for (const std::string &GK : GlobalOrder) {
      const GlobalEntry &E = Globals.find(GK)->second;
      if (!E.Def || E.Def->Section != Section)
        continue;
      for (auto &[DM, S] : E.Mentions)
        if (S == E.Def)
          for (const std::string &Fn : S->InitializerFunctions)
            Found.push_back({DM, Fn});
    }
  } else {
    if (!G->Def || !localGlobal(*G))
      return It->second;
    GlobalUses Uses = collectUses(*G);
    if (!Uses.Escape.empty() || Uses.OpaqueStores)
      return It->second;
    for (auto &[GM, S] : G->Mentions)
      if (S == G->Def)
        for (const std::string &Fn : S->InitializerFunctions)
          Found.push_back({GM, Fn});
    append_range(Found, Uses.StoredFunctions);
  }
  It->second = std::move(Found);
  return It->second;
}

/// tableFunctions() of type \p CallType, resolved to function keys.
std::optional<std::vector<std::string>>
Solver::Program::tableTargets(unsigned M, StringRef Table,
                              StringRef CallType) const {
  const std::optional<FunctionNames> &Candidates = tableFunctions(M, Table);
  if (!Candidates)
    return std::nullopt;
  std::vector<std::string> Targets;
  for (auto &[CM, Name] : *Candidates) {
    std::string Fn = resolveFn(CM, Name);
    if (!Fn.empty() && fn(Fn).Type == CallType && !is_contained(Targets, Fn))
      Targets.push_back(Fn);
  }
  return Targets;
}

void Solver::Program::computeTransitiveFlags() {
  // A call starts threads (or joins them, or waits) if some function it may
  // reach does; then so does its caller. Backwards along the call graph
  // from the calls that do it themselves, each function once per flag.
  enum { Starts, Joins, Waits, NumFlags };
  std::vector<bool> May[NumFlags];
  std::vector<unsigned> Worklist[NumFlags];
  for (auto &M : May)
    M.assign(FuncOrder.size(), false);
  auto Flag = [](CallSite &CS, int F) -> bool & {
    return F == Starts ? CS.StartsThreads
                       : F == Joins ? CS.JoinsThreads : CS.Waits;
  };
  auto MarkCaller = [&](const CallSite &CS, int F) {
    unsigned Id = idOf(CS.Caller);
    if (!May[F][Id]) {
      May[F][Id] = true;
      Worklist[F].push_back(Id);
    }
  };
  for (auto &[Caller, Sites] : CallSites)
    for (CallSite &CS : Sites)
      for (int F = 0; F != NumFlags; ++F)
        if (Flag(CS, F))
          MarkCaller(CS, F);
  for (int F = 0; F != NumFlags; ++F)
    while (!Worklist[F].empty()) {
      unsigned Callee = Worklist[F].back();
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
  StringSet<> *Sets[NumFlags] = {&MayStartThreads, &MayJoinThreads, &MayWait};
  for (int F = 0; F != NumFlags; ++F)
    for (unsigned Id = 0; Id != FuncOrder.size(); ++Id)
      if (May[F][Id])
        Sets[F]->insert(FuncOrder[Id]);
}

std::optional<Solver::Program::BeforeThreads>
Solver::Program::beforeThreads(const std::string &Key) const {
  // Every block reachable from a thread-creating call runs after threads
  // may exist; so does the rest of that call's own block. A call that
  // creates threads and also joins them runs a generation of threads
  // (a server's restart loop: start the workers, serve, join them, read
  // the configuration again): the threads live inside the call only.
  const FunctionSummary &F = fn(Key);
  if (F.Successors.size() != F.BeforeLoops.size())
    return std::nullopt;
  BeforeThreads Out;
  std::vector<int> Worklist;
  auto Follow = [&](int B) {
    if (B >= 0 && size_t(B) < F.Successors.size())
      append_range(Worklist, F.Successors[B]);
  };
  auto Sites = CallSites.find(Key);
  if (Sites != CallSites.end())
    for (const CallSite &CS : Sites->second) {
      if (!CS.StartsThreads || CS.JoinsThreads)
        continue;
      int B = CS.Site->Block;
      auto [It, New] = Out.FirstCreation.try_emplace(B, CS.Site->Index);
      if (!New && CS.Site->Index < It->second)
        It->second = CS.Site->Index;
      Follow(B);
    }
  std::set<int> After;
  while (!Worklist.empty()) {
    int B = Worklist.back();
    Worklist.pop_back();
    if (After.insert(B).second)
      Follow(B);
  }
  for (int B = 0, E = F.Successors.size(); B < E; ++B)
    if (!After.count(B))
      Out.Blocks.insert(B);
  return Out;
}

bool Solver::Program::isBeforeThreads(const std::string &F,
                                      const Position &P) const {
  auto Split = SplitAtFirstThread.find(F);
  if (Split == SplitAtFirstThread.end() ||
      !Split->second.Blocks.count(P.Block))
    return false;
  auto It = Split->second.FirstCreation.find(P.Block);
  return It == Split->second.FirstCreation.end() || !(It->second < P.Index);
}

void Solver::Program::computeStartUpOnly() {
  // Greatest fixed point: assume every candidate is start-up code, then
  // drop those with a call site outside start-up code until none changes.
  auto IsRoot = [&](const std::string &F) {
    return CtorRoots.contains(F) || RunOnceRoots.contains(F);
  };
  for (auto &[F, Sites] : CallSites)
    if ((IsRoot(F) && !MayStartThreads.contains(F)) ||
        (!AtExitRoots.contains(F) && onlyCalledByProgram(F)))
      StartUpOnly.insert(F);
  // Start-up runs into main, and into each function that starts threads
  // but runs only as start-up, up to its first thread creation.
  if (!Main.empty())
    if (std::optional<BeforeThreads> B = beforeThreads(Main))
      SplitAtFirstThread[Main] = std::move(*B);
  StringSet<> Split;
  for (auto &[F, Sites] : CallSites) {
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
      for (auto It = SplitAtFirstThread.begin(), E = SplitAtFirstThread.end();
           It != E;)
        if (It->getKey() != Main && !Split.contains(It->getKey()))
          SplitAtFirstThread.erase(It++);
        else
          ++It;
    }
  }
}

void Solver::Program::computeOncePerThread() {
  // Greatest fixed point as for start-up, from the thread entries: a
  // function called only from thread start-up (or start-up) runs once per
  // thread. A thread entry that something else
  // calls too (main running the first worker itself) drops out.
  for (const std::string &F : ThreadEntryList)
    if (!Escaped.contains(F) && !TimerCallbacks.contains(F))
      OncePerThread.insert(F);
  for (auto &[F, Sites] : CallSites)
    if (!StartUpOnly.contains(F) && !AtExitRoots.contains(F) &&
        onlyCalledByProgram(F))
      OncePerThread.insert(F);
  keepOnlyCalledFrom(OncePerThread, [&](const CallSite &CS) {
    Position P = positionOf(CS);
    // A call of itself repeats it.
    return isStartUp(CS.Caller, P) ||
           (isInThreadStartUp(CS.Caller, P) &&
            !is_contained(CS.Targets, idOf(CS.Caller)));
  });
  // Seeds no thread entry reaches are no per-thread code.
  StringSet<> Reached;
  std::vector<std::string> Worklist;
  for (const std::string &F : ThreadEntryList)
    if (OncePerThread.contains(F) && Reached.insert(F).second)
      Worklist.push_back(F);
  while (!Worklist.empty()) {
    std::string F = Worklist.back();
    Worklist.pop_back();
    for (const CallSite &CS : CallSites[F])
      for (const std::string &T : targets(CS))
        if (OncePerThread.contains(T) && Reached.insert(T).second)
          Worklist.push_back(T);
  }
  for (const std::string &F : FuncOrder)
    if (!Reached.contains(F))
      OncePerThread.erase(F);
}

bool Solver::Program::keepOnlyCalledFrom(
    StringSet<> &Set, function_ref<bool(const CallSite &)> InPhase) {
  // Every phase test reads the set only through the membership of the
  // call's caller, so a function is looked at again only when one of its
  // callers has left the set.
  std::vector<std::string> Work;
  for (const auto &E : Set)
    Work.push_back(E.getKey().str());
  bool Dropped = false;
  while (!Work.empty()) {
    std::string F = std::move(Work.back());
    Work.pop_back();
    if (!Set.contains(F) ||
        all_of(callersOf(F), [&](const CallSite *CS) { return InPhase(*CS); }))
      continue;
    Set.erase(F);
    Dropped = true;
    auto Sites = CallSites.find(F);
    if (Sites == CallSites.end())
      continue;
    for (const CallSite &CS : Sites->second)
      for (const std::string &Callee : targets(CS))
        if (Set.contains(Callee))
          Work.push_back(Callee);
  }
  return Dropped;
}

void Solver::Program::computeShutdownOnly() {
  // Exit handlers, and what only main's shutdown and exit handlers call.
  for (auto &[F, Sites] : CallSites)
    if (!StartUpOnly.contains(F) && !MayStartThreads.contains(F) &&
        (AtExitRoots.contains(F) || onlyCalledByProgram(F)))
      ShutdownOnly.insert(F);
  keepOnlyCalledFrom(ShutdownOnly, [&](const CallSite &CS) {
    return isShutdown(CS.Caller, positionOf(CS));
  });
}

void Solver::Program::computeRunsBounded() {
  // Greatest fixed point, as for start-up: a candidate stays while every
  // call reaching it runs a bounded number of times.
  for (auto &[F, Sites] : CallSites)
    if (!isPhaseOnly(F) && onlyCalledByProgram(F))
      RunsBounded.insert(F);
  keepOnlyCalledFrom(RunsBounded, [&](const CallSite &CS) {
    const std::string &C = CS.Caller;
    Position P = positionOf(CS);
    // A once region runs once, while other threads may run.
    if (isStartUp(C, P) || isShutdown(C, P) || !CS.Site->OnceFlag.empty())
      return true;
    return (C == Main || RunsBounded.contains(C)) &&
           (P.Loop < 0 || isCountedLoop(C, P.Loop));
  });
}

bool Solver::Program::isCountedLoop(const std::string &F, int Loop) const {
  ArrayRef<CountedLoop> Counted = fn(F).CountedLoops;
  auto L = partition_point(
      Counted, [&](const CountedLoop &C) { return C.Loop < Loop; });
  return L != Counted.end() && L->Loop == Loop &&
         L->Iterations < Opts.Policy.HotWriteCount;
}

LoopKind Solver::Program::loopKind(const std::string &F, int Loop) const {
  if (Loop < 0)
    return LoopKind::None;
  auto [It, New] = WaitingLoopCache.try_emplace(F);
  std::vector<int> &Waiting = It->second;
  if (New) {
    auto Sites = CallSites.find(F);
    if (Sites != CallSites.end())
      for (const CallSite &CS : Sites->second)
        if (CS.Waits)
          append_range(Waiting, CS.Site->WaitingLoops);
    llvm::sort(Waiting);
  }
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
  std::vector<std::string> Worklist;
  auto Raise = [&](const std::string &F, double R, const std::string &From) {
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
  for (const std::string &F : ThreadEntryList)
    Raise(F, 1, {});
  for (const std::string &F : FuncOrder)
    if (OncePerThread.contains(F))
      Raise(F, 1, {});
  for (const std::string &F : FuncOrder)
    if (Escaped.contains(F))
      Raise(F, EscapeShare.lookup(F), {});
  if (Main.empty())
    for (const std::string &F : FuncOrder)
      if (!fn(F).Local)
        Raise(F, 1, {});
  // Whatever a busy loop of run-time code calls runs repeatedly: per
  // iteration, as often as the call's block runs per iteration. A counted
  // loop of hot code repeats with that code (the block's frequency per
  // call counts its trips): it drives what it calls only in code that has
  // no rate. So the other loops go first, then the counted loops of what
  // they leave cold.
  auto DrivesOnItsOwn = [&](const std::string &F, int Loop) {
    return !Hot.contains(F) || !isCountedLoop(F, Loop);
  };
  auto SeedLoops = [&](bool Counted) {
    std::vector<std::pair<const std::string *, const CallSite *>> Seeds;
    for (auto &[F, Sites] : CallSites)
      for (const CallSite &CS : Sites)
        if (inSteadyState(CS) &&
            loopKind(F, CS.Site->Loop) == LoopKind::Busy &&
            isCountedLoop(F, CS.Site->Loop) == Counted &&
            DrivesOnItsOwn(F, CS.Site->Loop))
          Seeds.push_back({&F, &CS});
    for (auto [F, CS] : Seeds)
      for (const std::string &T : targets(*CS))
        Raise(T, CS->Site->LoopFrequency * share(*CS), *F);
  };
  // And so does whatever a hot function calls outside a waiting loop.
  auto Propagate = [&] {
    while (!Worklist.empty()) {
      std::string F = Worklist.back();
      Worklist.pop_back();
      double R = Rate.lookup(F);
      for (const CallSite &CS : CallSites[F]) {
        LoopKind K = loopKind(F, CS.Site->Loop);
        if (K == LoopKind::Waiting || !inSteadyState(CS))
          continue;
        double TR = K == LoopKind::Busy && DrivesOnItsOwn(F, CS.Site->Loop)
                        ? CS.Site->LoopFrequency
                        : R * CS.Site->Frequency;
        for (const std::string &T : targets(CS))
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
  std::vector<std::string> Worklist;
  auto Pace = [&](const std::string &F) {
    if (!Hot.contains(F) && !isPhaseOnly(F) && EventPaced.insert(F).second)
      Worklist.push_back(F);
  };
  for (const std::string &F : FuncOrder)
    if (TimerCallbacks.contains(F))
      Pace(F);
  for (auto &[F, Sites] : CallSites)
    for (const CallSite &CS : Sites)
      if (inSteadyState(CS) && loopKind(F, CS.Site->Loop) == LoopKind::Waiting)
        for (const std::string &T : targets(CS))
          Pace(T);
  while (!Worklist.empty()) {
    std::string F = Worklist.back();
    Worklist.pop_back();
    for (const CallSite &CS : CallSites[F])
      if (inSteadyState(CS))
        for (const std::string &T : targets(CS))
          Pace(T);
  }
}

const char *Solver::Program::describe(const std::string &F) const {
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
  if (!Main.empty() && F == Main)
    return "main";
  return "called at run time";
}

namespace {

/// What of \p R decides where a callee's accesses through the pointer
/// land inside one element of \p ElementSize bytes (the whole object when
/// 0): the walk of a parameter needs repeating only for another answer.
/// Null for a range that is not known, or that grows without bound (a
/// recursive call handing on `p + 1`).
std::optional<hash_code> handOffKey(const std::optional<ByteRange> &R,
                                    uint64_t ElementSize, uint64_t Size) {
  constexpr size_t MaxIndices = 8;
  if (!R || R->HandedIndices.size() > MaxIndices ||
      uint64_t(std::abs(R->HandedOffset)) > Size)
    return std::nullopt;
  int64_t Within = R->Offset;
  if (ElementSize)
    Within -= ByteRange::elementOf(Within, ElementSize) * int64_t(ElementSize);
  hash_code H = hash_combine(Within, R->HandedOffset);
  for (const ByteRange::Index &I : R->Indices)
    if (!ElementSize || I.Stride % ElementSize)
      H = hash_combine(H, I.Stride, I.Count);
  for (const ByteRange::Index &I : R->HandedIndices)
    H = hash_combine(H, I.Stride, I.Count, 1);
  return H;
}

} // namespace

GlobalUses Solver::Program::collectUses(const GlobalEntry &G) const {
  GlobalUses Out;
  const uint64_t ElementSize = G.Def ? G.Def->ElementSize : 0;
  const uint64_t Size = G.Def ? G.Def->Size : 0;
  // The call that handed the pointer down a chain of calls, by its phase
  // (GlobalUses::Access::HandedIn); Steady for the code naming the global.
  // Past a hand-off, where in the global the handed pointer points.
  struct Handed {
    Phase In = Phase::Steady;
    const std::string *By = nullptr;
    bool Root = true; ///< The code naming the global: no hand-off yet.
    std::optional<ByteRange> At;
    /// A walk already made, again for another place in the global: only
    /// where its accesses land is new (GlobalUses::Again).
    bool Again = false;
    /// The function whose indirect call first handed the pointer on, if
    /// one did: an escape past it says so, since the call's targets may be
    /// a signature's every function.
    const std::string *Through = nullptr;
  };
  // (Function, parameter, phase handed in, whose results: a hash of
  // ReturnedPointer::When) walked into, and with which handOffKey;
  // parameter -1 for the function's results.
  DenseSet<std::tuple<const FunctionSummary *, int, int, size_t>> Visited;
  DenseSet<std::tuple<const FunctionSummary *, int, int, size_t>> VisitedAt;
  // Whether to walk into (F, Arg) as \p H says, and how: the first walk
  // records its accesses, one for another place records them again
  // (GlobalUses::Again). For results (Arg -1), \p When says which calls'.
  auto Enter = [&](const FunctionSummary *F, int Arg, Handed &H,
                   const std::optional<ArgumentValues> &When = std::nullopt) {
    std::optional<hash_code> K = handOffKey(H.At, ElementSize, Size);
    if (!K)
      H.At.reset();
    size_t Calls =
        When ? size_t(hash_combine(When->Arg, When->Bits, When->Lo, When->Hi))
             : 0;
    if (!VisitedAt
             .insert({F, Arg, int(H.In),
                      size_t(hash_combine(K ? size_t(*K) : 0, Calls))})
             .second)
      return false;
    H.Again = !Visited.insert({F, Arg, int(H.In), Calls}).second;
    if (!H.Again)
      return true;
    // Another place matters only to a layout inside the object, which an
    // escape rules out; and a pointer handed to hundreds of functions at
    // many places would be walked for each.
    constexpr size_t MaxAgain = 8192;
    if (Out.Again.size() > MaxAgain && Out.PlacesUnknown.empty())
      Out.PlacesUnknown = "more than " + std::to_string(MaxAgain) +
                          " accesses at other places";
    return Out.Escape.empty() && Out.PlacesUnknown.empty();
  };
  // Pointer variables whose loads were walked into.
  SmallPtrSet<const GlobalEntry *, 4> Holders;
  std::function<void(unsigned, const PointerSummary &, Handed)> Walk;
  // Into parameter Arg of a function whose body some module has.
  auto WalkParam = [&](const FuncEntry &FE, int Arg, Handed H) {
    if (!Enter(FE.F, Arg, H))
      return;
    auto P = FE.F->Params.find(Arg);
    if (P != FE.F->Params.end())
      Walk(FE.Module, P->second, H);
  };
  Walk = [&](unsigned M, const PointerSummary &W, Handed H) {
    // The first escape found is the one reported.
    auto Escape = [&](const std::string &Why) {
      if (!Out.Escape.empty() || Why.empty())
        return;
      Out.Escape = Why;
      if (H.Through)
        Out.Escape += " (reached through an indirect call in " + *H.Through +
                      ")";
    };
    // A range of this walk's pointer, as a range in the global.
    auto Place = [&](const std::optional<ByteRange> &Local) {
      if (H.Root || !H.At || !Local)
        return H.Root ? Local : std::nullopt;
      return std::optional<ByteRange>(H.At->then(*Local));
    };
    // Every access of this walk runs in the phase it was handed down in.
    auto Record = [&](AccessKind Kind, const Position &At,
                      const std::optional<ByteRange> &Local) {
      (H.Again ? Out.Again : Out.Accesses)
          .push_back({M, Kind, &At, H.In, H.By, Place(Local)});
    };
    for (const AccessSummary &A : W.Accesses) {
      if (neverRuns(M, A.At.Function))
        continue;
      Record(A.Kind, A.At, A.Range);
      // The other places it may fall at say what is done there.
      for (size_t I = 0; I < A.OrRanges.size(); ++I)
        Out.Again.push_back(
            {M, A.Kind, &A.At, H.In, H.By, Place(A.OrRanges[I]), int(I + 1)});
    }
    Escape(W.Escape);
    if (!H.Again)
      for (const std::string &Fn : W.StoredFunctions)
        Out.StoredFunctions.push_back({M, Fn});
    Out.OpaqueStores |= W.OpaqueStores;
    for (const ReturnedPointer &RP : W.ReturnedBy) {
      // Into the callers of a function that runs only by calls of the
      // program: the calls' results are the pointer.
      const std::string &Name = RP.Function;
      std::string F = resolveFn(M, Name);
      if (NeverRuns.contains(F))
        continue;
      if (!allCallsSeen(F)) {
        Escape("address returned in " + Name);
        continue;
      }
      // What callers do with a result is no longer part of the call; only
      // calls whose constant arguments allow the path returning it.
      Handed Result;
      Result.Root = false;
      Result.At = Place(RP.Range);
      Result.Through = H.Through;
      if (!Enter(&fn(F), -1, Result, RP.When))
        continue;
      auto It = ResultUses.find(F);
      if (It != ResultUses.end())
        for (const ResultUse &R : It->second)
          if (callAllows(R.Site->ConstantArgs, RP.When))
            Walk(R.Module, *R.Uses, Result);
    }
    for (const std::string &Name : W.HeldBy) {
      // Into the pointers loaded from a pointer variable that holds it
      // (and perhaps other addresses: their accesses count too), where
      // offsets are no longer followed.
      const GlobalEntry *P = resolveGlobal(M, Name);
      if (!P || !loadsFollowed(*P)) {
        Escape("address stored in " + Name +
               ", which code we cannot see may read");
        continue;
      }
      Handed Loaded;
      Loaded.Root = false;
      Loaded.Through = H.Through;
      if (Holders.insert(P).second)
        for (auto &[PM, PS] : P->Mentions)
          Walk(PM, PS->Loaded, Loaded);
    }
    for (const PointerCall &C : W.Calls) {
      if (neverRuns(M, C.At.Function))
        continue;
      Handed Down = H;
      if (Down.In == Phase::Steady) {
        PhaseFacts Caller = phaseFacts(resolveFn(M, C.At.Function));
        Down.In = phaseAt(Caller, C.At, isBeforeThreads(Caller.Key, C.At));
        Down.By = &C.At.Function;
      }
      Down.Root = false;
      Down.At = Place(C.Range);
      if (C.Site >= 0) {
        // Into every function the indirect call may reach.
        if (const std::vector<unsigned> *Targets =
                pointerCallTargets(M, C)) {
          if (!Down.Through)
            Down.Through = &C.At.Function;
          for (unsigned T : *Targets)
            WalkParam(Funcs.find(FuncOrder[T])->second, C.Arg, Down);
          continue;
        }
      }
      std::string Callee = resolveFn(M, C.Callee);
      if (bodyVisible(Callee)) {
        // Into the callee's body, wherever it is.
        const FuncEntry &FE = Funcs.find(Callee)->second;
        if (C.Arg < FE.F->NumArgs && FE.F->Type == C.CallType) {
          WalkParam(FE, C.Arg, Down);
        } else {
          Escape("address passed as a variadic argument of " + C.Callee +
                 " in " + C.At.Function);
        }
        continue;
      }
      switch (C.Fallback) {
      case CallEffect::Body:
      case CallEffect::None:
        break;
      case CallEffect::Escape:
        Escape(C.EscapeReason);
        break;
      case CallEffect::Read:
        Record(AccessKind::CallRead, C.At, C.Range);
        break;
      case CallEffect::Write:
        Record(AccessKind::CallWrite, C.At, C.Range);
        Out.OpaqueStores = true;
        break;
      case CallEffect::WriteOnce:
        Record(AccessKind::OnceWrite, C.At, C.Range);
        break;
      case CallEffect::Lock:
        Record(AccessKind::LockCall, C.At, C.Range);
        break;
      }
    }
  };
  for (auto &[M, S] : G.Mentions)
    Walk(M, S->Uses, Handed());
  return Out;
}

const Solver::Program::AccessContext &
Solver::Program::accessContext(unsigned M, StringRef Function) const {
  if (AccessContexts.size() <= M)
    AccessContexts.resize(Modules.size());
  auto [It, New] = AccessContexts[M].try_emplace(Function);
  AccessContext &C = It->second;
  if (!New)
    return C;
  static_cast<PhaseFacts &>(C) = phaseFacts(resolveFn(M, Function));
  const std::string &F = C.Key;
  C.Hot = Hot.contains(F);
  C.EventPaced = EventPaced.contains(F);
  C.ThreadEntry = ThreadEntries.contains(F);
  C.InMain = !Main.empty() && F == Main;
  C.Rate = Rate.lookup(F);
  C.Role = describe(F);
  for (std::string D = DrivenBy.lookup(F);
       !D.empty() && C.DrivenBy.size() < 8 &&
       !is_contained(C.DrivenBy, fn(D).Name);
       D = DrivenBy.lookup(D))
    C.DrivenBy.push_back(fn(D).Name);
  return C;
}

Phase Solver::Program::phaseAt(const PhaseFacts &C, const Position &P,
                               bool BeforeThreads) const {
  if (C.OncePerThread && isInThreadStartUp(C.Key, P))
    return Phase::ThreadStartUp;
  if (C.StartUpOnly || BeforeThreads || !P.OnceFlag.empty())
    return Phase::StartUp;
  if (C.ShutdownOnly || isInMainShutdown(C.Key, P))
    return Phase::Shutdown;
  return Phase::Steady;
}

AccessRecord Solver::Program::record(const GlobalUses::Access &A) const {
  const Position &At = *A.At;
  const AccessContext &C = accessContext(A.Module, At.Function);
  const std::string &F = C.Key;
  AccessRecord R;
  R.Kind = A.Kind;
  R.OnceFlag = At.OnceFlag;
  R.BeforeThreads = isBeforeThreads(F, At);
  R.When = phaseAt(C, At, R.BeforeThreads);
  // An access through a pointer handed down by a call in a phase that
  // does not repeat runs during that call: in that phase, however often
  // the callee runs for other callers.
  if (R.When == Phase::Steady && A.HandedIn != Phase::Steady) {
    R.When = A.HandedIn;
    R.HandedBy = *A.HandedBy;
  }
  R.StartUp = R.When != Phase::Steady;
  R.Loop = loopKind(F, At.Loop);
  R.HotFunction = C.Hot;
  R.EventPaced = R.Loop == LoopKind::Waiting || C.EventPaced;
  // Per iteration of the driving loop: of its own busy loop (unless that
  // loop is counted and its function hot: then it repeats with the
  // function, as in computeHot), else of the loop that drives its function.
  double FnRate = R.HotFunction ? C.Rate * At.Frequency : 0.0;
  bool OwnLoopDrives = R.Loop == LoopKind::Busy &&
                       !(R.HotFunction && isCountedLoop(F, At.Loop));
  R.Rate = std::min(1.0, OwnLoopDrives ? At.LoopFrequency : FnRate);
  R.ThreadEntryFunction = C.ThreadEntry;
  R.ProfileCount = At.ProfileCount;
  R.Frequency = At.Frequency;
  R.Function = At.Function;
  R.Block = At.Block;
  R.Callee = At.Callee;
  R.InMain = C.InMain;
  R.Role = C.Role;
  if (R.HotFunction && !R.StartUp)
    R.DrivenBy = C.DrivenBy;
  R.Range = A.Range;
  R.Choice = A.Choice;
  return R;
}

SolvedGlobal Solver::Program::solveGlobal(const GlobalEntry &G) const {
  SolvedGlobal S;
  S.Name = G.Name;
  S.Module = G.Module;
  S.Definition = G.Def;
  GlobalRecord &R = S.Record;
  GlobalProperties &P = R.Props;
  if (!G.Def) {
    P.Declaration = true;
  } else {
    const GlobalSummary &D = *G.Def;
    P.Constant = D.Constant;
    P.ThreadLocal = D.ThreadLocal;
    P.ImplicitSection = D.ImplicitSection;
    P.HasSection = D.HasSection;
    P.Local = localGlobal(G);
    // Internalized with the global in an executable.
    if (!AllLocal && !internalized(G.Name) && !closedGlobal(G))
      P.ExportedAlias = D.ExportedAlias;
    P.ExternallyInitialized = D.ExternallyInitialized;
    P.Unsized = D.Unsized;
    P.ZeroSized = !D.Unsized && D.Size == 0;
    P.ElementCount = D.ElementCount;
    P.ElementSize = D.ElementSize;
    P.Fields = D.Fields;
  }
  for (auto &[M, SG] : G.Mentions)
    R.InUsedList |= SG->InUsedList;
  if (!G.Def || G.Def->Constant || G.Def->ThreadLocal)
    return S;
  GlobalUses Uses = collectUses(G);
  R.EscapeReason = Uses.Escape;
  R.PlacesUnknown = Uses.PlacesUnknown;
  for (const GlobalUses::Access &A : Uses.Accesses) {
    AccessRecord AR = record(A);
    bool Write = AR.isWrite();
    (Write ? R.Writes : R.Reads).push_back(std::move(AR));
    (Write ? S.WriteAt : S.ReadAt).push_back({A.Module, *A.At});
  }
  for (const GlobalUses::Access &A : Uses.Again)
    R.Again.push_back(record(A));
  return S;
}

Solver::Solver(std::vector<ModuleSummary> Ms, const SolverOptions &Opts)
    : Modules(std::move(Ms)), P(std::make_unique<Program>(Modules, Opts)) {
  P->solve();
  Main = P->Main;
  HasThreads = P->HasThreads;
}

Solver::~Solver() = default;

std::vector<SolvedGlobal> Solver::solveGlobals() const {
  std::vector<SolvedGlobal> Out;
  for (const std::string &Key : P->GlobalOrder)
    Out.push_back(P->solveGlobal(P->Globals.find(Key)->second));
  return Out;
}

std::optional<SolvedGlobal> Solver::solveGlobal(unsigned Module,
                                                StringRef Name) const {
  const GlobalEntry *G = P->resolveGlobal(Module, Name);
  if (!G)
    return std::nullopt;
  return P->solveGlobal(*G);
}

std::optional<std::vector<ModulePosition>>
Solver::callsReaching(unsigned Module, StringRef Name) const {
  std::string Key = P->resolveFn(Module, Name);
  if (!P->allCallsSeen(Key))
    return std::nullopt;
  std::vector<ModulePosition> Out;
  for (const CallSite *CS : P->callersOf(Key)) {
    const FuncEntry &Caller = P->Funcs.find(CS->Caller)->second;
    Position At = Program::positionOf(*CS);
    At.Function = Caller.F->Name;
    Out.push_back({Caller.Module, std::move(At)});
  }
  return Out;
}

std::optional<std::vector<ModuleFunction>>
Solver::indirectTargets(unsigned Module, const Position &At) const {
  auto Sites = P->CallSites.find(P->resolveFn(Module, At.Function));
  if (Sites == P->CallSites.end())
    return std::nullopt;
  for (const CallSite &CS : Sites->second) {
    if (CS.Site->Block != At.Block || CS.Site->Index != At.Index)
      continue;
    if (!P->targetsSeen(CS))
      return std::nullopt;
    std::vector<ModuleFunction> Out;
    for (const std::string &T : P->targets(CS))
      Out.push_back({P->Funcs.find(T)->second.Module, P->fn(T).Name});
    return Out;
  }
  return std::nullopt;
}

std::optional<unsigned> Solver::definingModule(unsigned Module,
                                               StringRef Name) const {
  auto It = P->Funcs.find(P->resolveFn(Module, Name));
  if (It == P->Funcs.end())
    return std::nullopt;
  return It->second.Module;
}

std::vector<std::string> Solver::threadEntries() const {
  std::vector<std::string> Out;
  for (const std::string &K : P->ThreadEntryList)
    Out.push_back(P->fn(K).Name);
  return Out;
}

std::vector<std::string> Solver::startUpFunctions() const {
  std::vector<std::string> Out;
  for (const auto &E : P->StartUpOnly)
    Out.push_back(P->fn(E.getKey().str()).Name);
  llvm::sort(Out);
  return Out;
}

const char *Solver::describe(unsigned Module, StringRef Name) const {
  return P->describe(P->resolveFn(Module, Name));
}

void Solver::print(raw_ostream &OS) const {
  OS << "threads: " << (HasThreads ? "yes" : "no") << "\n";
  std::vector<std::pair<std::string, std::string>> All;
  for (const std::string &K : P->FuncOrder)
    All.push_back({P->fn(K).Name, K});
  llvm::sort(All);
  for (auto &[Name, Key] : All)
    OS << "function " << Name << ": " << P->describe(Key) << "\n";
}
