//===- SolverProgram.h - The solver's tables and stages ---------*- C++ -*-===//
//
// Private to lib/WholeProgram: Solver::Program, the state of one solve (the
// program's functions and globals as indices, their call sites, phase
// sets and rates) with the stages that fill it, and the small types they
// share. The stages are defined by topic: SolverIndex.cpp (the tables and
// what function addresses reach), CallGraph.cpp, Phases.cpp,
// UseCollector.cpp (what is done with an object's address), Records.cpp
// (the records of globals and allocation sites) and Solver.cpp (solve()
// and printing).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_WHOLEPROGRAM_SOLVERPROGRAM_H
#define CACHELINE_WHOLEPROGRAM_SOLVERPROGRAM_H

#include "cacheline/WholeProgram/PointsTo.h"
#include "cacheline/WholeProgram/Solver.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cacheline {

/// In a namespace of their own: the library has other types of these names
/// (GlobalEntry.h's GlobalEntry), which no file of the solver includes.
namespace solver {

/// A function of the program, by its index in Program::Fns: the phase
/// sets and the call graph are vectors and bit vectors over these.
using FnId = unsigned;
constexpr FnId NoFn = ~0u;

struct FuncEntry {
  unsigned Module;
  const FunctionSummary *F;
  /// Its name, qualified by its module when internal (Program::localKey).
  std::string Key;
  /// An external function the link made internal (SolverOptions).
  bool Internalized = false;
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
  FnId Caller;
  const CallSiteSummary *Site;
  /// The signature fallback gives an indirect
  /// call every address-taken function of its type, often hundreds.
  std::vector<FnId> Targets;
  /// An indirect call whose targets are the signature fallback's: the
  /// points-to analysis says it may reach code the program cannot see, and
  /// no table names its functions.
  bool BySignature = false;
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
    /// The copy of a function that would name the global (an index into
    /// Copies), and where in the global it would fall there
    /// (AccessRecord::Copy, CopyRange).
    int Copy = -1;
    std::optional<ByteRange> CopyRange;
    /// Handed on where no copy would name the global: by an indirect call
    /// (NoCopyIndirect), or to a function at a place that varies; and the
    /// function that did (AccessRecord::NoCopy).
    enum NoCopyKind : uint8_t {
      CopyPossible,
      NoCopyIndirect,
      NoCopyVaries,
      NoCopyCallback
    };
    NoCopyKind NoCopy = CopyPossible;
    const std::string *NoCopyBy = nullptr;
  };
  std::vector<Access> Accesses;
  /// Accesses already in Accesses, reached again through a pointer handed
  /// down at another place in the global (GlobalRecord::Again).
  std::vector<Access> Again;
  /// Why Again is not complete, if it is not (GlobalRecord::PlacesUnknown).
  std::string PlacesUnknown;
  /// The copies of functions that accesses could be made in
  /// (GlobalRecord::Copies).
  std::vector<FunctionCopy> Copies;
  std::string Escape;
  /// GlobalRecord::Distance and Order.
  std::string Distance;
  std::string Order;
  /// Functions whose address is stored into it, with the module naming them.
  std::vector<std::pair<unsigned, std::string>> StoredFunctions;
  /// Something else that may be a function pointer is written into it.
  bool OpaqueStores = false;
};

/// A set of the program's functions.
class FnSet {
public:
  bool contains(FnId F) const { return F < Bits.size() && Bits.test(F); }
  /// Returns whether \p F was not in the set yet.
  bool insert(FnId F) {
    assert(F != NoFn && "not a function of the program");
    if (contains(F))
      return false;
    if (F >= Bits.size())
      Bits.resize(F + 1);
    Bits.set(F);
    ++Size;
    return true;
  }
  void erase(FnId F) {
    if (!contains(F))
      return;
    Bits.reset(F);
    --Size;
  }
  bool empty() const { return Size == 0; }
  unsigned count() const { return Size; }
  /// The members, in id order.
  auto members() const { return Bits.set_bits(); }

private:
  llvm::BitVector Bits;
  unsigned Size = 0;
};

} // namespace solver

// The solver's files name them unqualified.
using solver::CallSite;
using solver::FnId;
using solver::FnSet;
using solver::FuncEntry;
using solver::GlobalEntry;
using solver::GlobalUses;
using solver::NoFn;

struct Solver::Program {
  Program(llvm::ArrayRef<ModuleSummary> Modules, const SolverOptions &Opts)
      : Modules(Modules), Opts(Opts) {}

  llvm::ArrayRef<ModuleSummary> Modules;
  SolverOptions Opts;
  /// main, if some module defines it; NoFn in a library.
  FnId Main = NoFn;
  /// The summaries are an executable's before its link: every external
  /// symbol is the program's own.
  bool AllLocal = false;
  bool HasThreads = false;

  /// Every defined function once: a linkonce_odr body in several modules
  /// is the first module's.
  std::vector<FuncEntry> Fns;
  /// The functions ordered by key: the order the rules visit them in
  /// where the order matters (which driver a report names, the order of a
  /// function's callers).
  std::vector<FnId> ByKey;
  /// By name: the external functions, and each module's internal ones.
  llvm::StringMap<FnId> ExternalFns;
  std::vector<llvm::StringMap<FnId>> LocalFns;
  /// Every global the summaries mention once, in module order.
  std::vector<GlobalEntry> Globals;
  /// By name: the external globals, and each module's internal ones.
  llvm::StringMap<unsigned> ExternalGlobals;
  std::vector<llvm::StringMap<unsigned>> LocalGlobals;
  /// What a caller does with a function's result (CallResults), and the
  /// call's constant arguments (ReturnedPointer::When).
  struct ResultUse {
    unsigned Module;
    const PointerSummary *Uses;
    const CallSiteSummary *Site;
  };
  /// Of each function.
  std::vector<std::vector<ResultUse>> ResultUses;

  // How each function's address is used. Timer callbacks run while threads
  // run, but at a timer's pace: they are no roots of hot code.
  FnSet ThreadEntries, RunOnceRoots, CtorRoots, AtExitRoots, AddressTaken,
      Escaped, TimerCallbacks;
  /// Of each function in Escaped: the share of the unknown code's calls
  /// that can reach it. Code handed a table of N functions calls one of
  /// them per call, and with no profile any one as likely as another (as
  /// share() weighs an indirect call of the program); a function handed
  /// over by itself gets every call.
  llvm::DenseMap<FnId, double> EscapeShare;
  void escape(FnId F, double Share = 1) {
    Escaped.insert(F);
    double &S = EscapeShare[F];
    S = std::max(S, Share);
  }
  std::vector<FnId> ThreadEntryList;
  /// Of each function whose every address use puts it in struct fields
  /// (FunctionFields.h): those fields.
  llvm::DenseMap<FnId, std::set<std::string>> OnlyInFields;
  /// Functions handed to indirect calls, pending the calls' targets.
  struct IndirectArgument {
    FnId Function, Caller;
    int Site;
  };
  std::vector<IndirectArgument> IndirectArguments;

  /// What every pointer may reach: the targets of indirect calls.
  std::unique_ptr<PointsTo> Pointers;
  /// The indirect calls and their targets, by points-to and by the
  /// signature fallback (IndirectCallFigures).
  IndirectCallFigures IndirectFigures;
  /// Of each function: its calls, as its summary's Calls.
  std::vector<std::vector<CallSite>> CallSites;
  /// Of each function: the calls that may reach it.
  std::vector<std::vector<const CallSite *>> Callers;
  FnSet MayStartThreads, MayJoinThreads, MayWait;
  /// Functions with a loop of their own, and what may call one: a call of
  /// one may run a thread's steady state (an event loop, a dispatch loop).
  /// Any loop, counted ones too: the summary does not say of each loop
  /// whether it is, and a call taken for the steady state only keeps the
  /// code before it steady (afterSteadyState).
  FnSet MayLoop;

  /// Of a function split at its first thread creation: the blocks that
  /// run only before it, and the first creating call of a block where the
  /// creation happens part-way.
  struct BeforeThreads {
    llvm::BitVector Blocks;
    llvm::DenseMap<int, int> FirstCreation;
    bool contains(int Block) const {
      return Block >= 0 && unsigned(Block) < Blocks.size() && Blocks[Block];
    }
  };
  /// Main, and the functions that start threads but that only start-up
  /// code calls (an init routine starting a logger thread): start-up runs
  /// into each up to its first thread creation.
  llvm::DenseMap<FnId, BeforeThreads> SplitAtFirstThread;

  FnSet StartUpOnly, ShutdownOnly, Hot;
  /// Functions that run at most once per thread: thread entries, and what
  /// only their thread start-up calls. Their code before their loops is
  /// thread start-up; their loops, and their calls that may run one, are
  /// the steady state; what runs only after those is thread shut-down.
  FnSet OncePerThread;
  /// Of ShutdownOnly, the functions that only thread shut-down calls
  /// (directly or not): their accesses are the thread's shut-down.
  FnSet ThreadShutdownOnly;
  /// Of each hot function: how many times it runs per iteration of the busy
  /// loop that drives it (the largest over the paths from such loops).
  llvm::DenseMap<FnId, double> Rate;
  /// Not hot, but run at the pace of events or timers: timer callbacks and
  /// what run-time code calls from waiting loops, and what they call.
  FnSet EventPaced;
  /// Of each hot function: the caller that gave it its rate (NoFn for the
  /// roots: thread entries, callbacks of unknown code), so that a report can
  /// say which loop drives a write.
  std::vector<FnId> DrivenBy;
  /// Of each function with call sites: its waiting loops (see loopKind).
  mutable std::vector<std::optional<std::vector<int>>> WaitingLoopCache;
  /// Of a function: the code that runs only after its steady state, in no
  /// loop, reached from its loops or its steady-state calls and reaching
  /// none of them again. A block that makes such a call itself holds that
  /// code only after its last one.
  struct AfterSteadyState {
    llvm::BitVector Blocks;
    llvm::DenseMap<int, int> LastSteadyCall;
    bool contains(const Position &P) const {
      if (P.Block < 0 || unsigned(P.Block) >= Blocks.size() ||
          !Blocks.test(P.Block))
        return false;
      auto It = LastSteadyCall.find(P.Block);
      return It == LastSteadyCall.end() || It->second < P.Index;
    }
  };
  /// afterSteadyState() of each function, computed when first asked for.
  mutable std::vector<std::optional<AfterSteadyState>> AfterSteadyCache;
  /// Functions that run a bounded number of times while threads run:
  /// called only by main outside its loops, from start-up or shutdown
  /// code, or by one another the same way, counted loops allowed. A
  /// counted loop in them (or in main) is no steady state of its own.
  FnSet RunsBounded;
  /// Functions of a whole program that nothing calls but one another and
  /// whose address nothing takes: the link drops them (full LTO's GlobalDCE
  /// already has), and their accesses and calls never happen.
  FnSet NeverRuns;
  bool neverRuns(unsigned M, llvm::StringRef Name) const {
    return !NeverRuns.empty() && NeverRuns.contains(resolveFn(M, Name));
  }

  static std::string localKey(unsigned M, llvm::StringRef Name) {
    return std::to_string(M) + "\x01" + Name.str();
  }
  /// \p G's name, qualified by its module when internal.
  static std::string keyOf(const GlobalEntry &G) {
    return G.Module >= 0 ? localKey(G.Module, G.Name) : G.Name;
  }
  /// The function \p Name refers to in module \p M; NoFn if no module
  /// defines it.
  FnId resolveFn(unsigned M, llvm::StringRef Name) const {
    auto Local = LocalFns[M].find(Name);
    if (Local != LocalFns[M].end())
      return Local->second;
    auto External = ExternalFns.find(Name);
    return External == ExternalFns.end() ? NoFn : External->second;
  }
  const FunctionSummary &fn(FnId F) const { return *Fns[F].F; }
  /// The share of \p CS's runs that go to each of its targets: one
  /// indirect call runs one of them, and with no profile, any one as likely
  /// as another (as BranchProbabilityInfo weighs a switch's cases).
  double share(const CallSite &CS) const {
    return CS.Site->Kind == CallKind::Indirect && CS.Targets.size() > 1
               ? 1.0 / CS.Targets.size()
               : 1.0;
  }
  /// Call \p Site of \p Caller (an index into its summary's Calls).
  const CallSite *callSiteAt(FnId Caller, int Site) const {
    if (Caller == NoFn || Site < 0 ||
        size_t(Site) >= CallSites[Caller].size())
      return nullptr;
    return &CallSites[Caller][Site];
  }
  const std::vector<const CallSite *> &callersOf(FnId F) const {
    static const std::vector<const CallSite *> None;
    return F == NoFn ? None : Callers[F];
  }
  /// Calls into \p F run its body: it is defined, and not replaceable at
  /// run time.
  bool bodyVisible(FnId F) const {
    return F != NoFn &&
           (AllLocal || !fn(F).Interposable || Fns[F].Internalized);
  }
  bool localFn(FnId F) const {
    return AllLocal || fn(F).Local || Fns[F].Internalized;
  }
  /// The link made the external symbol \p Name internal.
  bool internalized(llvm::StringRef Name) const {
    return Opts.Internalized.contains(Name);
  }
  /// Every call of \p F is a call site of the program (its results and
  /// arguments go nowhere else).
  bool allCallsSeen(FnId F) const {
    return bodyVisible(F) && localFn(F) && !calledByUnseenCode(F);
  }
  /// \p CS is an indirect call whose every target is known and has its
  /// body in some module.
  bool targetsSeen(const CallSite &CS) const {
    return CS.Site->Kind == CallKind::Indirect && !CS.Targets.empty() &&
           llvm::all_of(CS.Targets, [&](FnId T) { return bodyVisible(T); });
  }
  bool closedGlobal(const GlobalEntry &G) const {
    return Opts.Policy.AssumeClosed && Main != NoFn && G.Def &&
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
           llvm::all_of(P.Mentions, [](const auto &MS) {
             return MS.second->OnlyLoadedAndStored && !MS.second->InUsedList;
           });
  }
  const GlobalEntry *findGlobal(unsigned M, llvm::StringRef Name,
                                bool Local) const {
    const llvm::StringMap<unsigned> &ByName =
        Local ? LocalGlobals[M] : ExternalGlobals;
    auto It = ByName.find(Name);
    return It == ByName.end() ? nullptr : &Globals[It->second];
  }
  /// The global \p Name refers to in module \p M: its internal one, else
  /// the external one.
  const GlobalEntry *resolveGlobal(unsigned M, llvm::StringRef Name) const {
    const GlobalEntry *G = findGlobal(M, Name, true);
    return G ? G : findGlobal(M, Name, false);
  }
  /// The globals through which \p G's contents leak out to code we cannot
  /// see: \p G itself when that code reads it, and those whose contents
  /// hold its address and leak, transitively, each by the global that leaks
  /// by itself (the root handed over). \p Key names a global not summarized.
  void leakRoots(const GlobalEntry *G, llvm::StringRef Key,
                 llvm::SmallPtrSetImpl<const GlobalEntry *> &Visiting,
                 std::set<std::string> &Roots) const;
  /// The program names __start_\p Section or __stop_\p Section.
  bool sectionWalked(llvm::StringRef Section) const {
    return !Section.empty() &&
           (ExternalGlobals.count(("__start_" + Section).str()) ||
            ExternalGlobals.count(("__stop_" + Section).str()));
  }
  std::set<std::string> leakRoots(unsigned M, llvm::StringRef Name,
                                  bool Local) const {
    llvm::SmallPtrSet<const GlobalEntry *, 8> Visiting;
    std::set<std::string> Roots;
    leakRoots(findGlobal(M, Name, Local), Local ? localKey(M, Name) : Name,
              Visiting, Roots);
    return Roots;
  }

  void index();
  void solve();
  /// Solves the points-to analysis over every function's statements.
  void solvePointsTo();
  void scanFunctionAddresses();
  /// Records what \p Use makes of function \p F: a root of a phase, a
  /// thread entry, an escape, an address taken, or nothing of its own (a
  /// synchronous callback: an edge from the call).
  void applyRootUse(FnId F, AddressUse Use);
  /// What the calls that function \p F hands its parameter \p Arg to
  /// make of a function address passed in, following parameters handed on
  /// into bodies the program has (\p Seen: the parameters followed).
  std::vector<AddressUse>
  handedUses(FnId F, int Arg, llvm::DenseSet<std::pair<FnId, int>> &Seen) const;
  void collectCallSites();
  /// Calls of a pointer that dlsym returned, directly or through functions
  /// of the program that return only what it returns: they reach code the
  /// program does not have, none of its functions.
  void dropCallsOfForeignCode();
  void linkCallers();
  void resolveIndirectArguments();
  void dropFunctionsThatNeverRun();
  void computeTransitiveFlags();
  void computeMayLoop();
  void computeStartUpOnly();
  void computeOncePerThread();
  void computeRunsBounded();
  void computeHot();
  void computeEventPaced();

  bool isBeforeThreads(FnId F, const Position &P) const;
  /// \p F's blocks before its first thread creation; none if the summary
  /// lacks its CFG.
  std::optional<BeforeThreads> beforeThreads(FnId F) const;
  /// \p CS may run a thread's steady state: it may reach a loop, or
  /// block (an event loop of a library: event_base_loop, uv_run).
  bool isSteadyStateCall(const CallSite &CS) const {
    return CS.Waits || llvm::any_of(CS.Targets, [&](FnId T) {
             return MayLoop.contains(T);
           });
  }
  const AfterSteadyState &afterSteadyState(FnId F) const;
  /// Thread start-up: in a function that runs once per thread, before
  /// all its loops, and not after its steady state (a function whose
  /// steady state is a call, with no loop of its own).
  bool isInThreadStartUp(FnId F, const Position &P) const {
    if (!OncePerThread.contains(F))
      return false;
    const std::vector<bool> &Before = fn(F).BeforeLoops;
    return P.Block >= 0 && size_t(P.Block) < Before.size() &&
           Before[P.Block] && !afterSteadyState(F).contains(P);
  }
  /// Thread shut-down: in a function that runs once per thread, after its
  /// steady state. It runs once per thread, as the thread ends, however
  /// long the others still run.
  bool isInThreadShutdown(FnId F, const Position &P) const {
    return OncePerThread.contains(F) && afterSteadyState(F).contains(P);
  }
  /// In main after all its loops, once threads may exist.
  bool isInMainShutdown(FnId F, const Position &P) const {
    if (Main == NoFn || F != Main)
      return false;
    auto Split = SplitAtFirstThread.find(F);
    if (Split != SplitAtFirstThread.end() && Split->second.contains(P.Block))
      return false;
    const std::vector<bool> &After = fn(F).AfterLoops;
    return P.Block >= 0 && size_t(P.Block) < After.size() && After[P.Block];
  }
  bool isStartUp(FnId F, const Position &P) const {
    return StartUpOnly.contains(F) || isBeforeThreads(F, P);
  }
  /// \p CS runs in the steady state: in no phase that does not repeat.
  bool inSteadyState(const CallSite &CS) const {
    Position P = positionOf(CS);
    return !isStartUp(CS.Caller, P) && !isInThreadStartUp(CS.Caller, P) &&
           !isShutdown(CS.Caller, P) && CS.Site->OnceFlag.empty();
  }
  bool isShutdown(FnId F, const Position &P) const {
    return ShutdownOnly.contains(F) || isInMainShutdown(F, P) ||
           isInThreadShutdown(F, P);
  }
  /// \p F runs only in a phase that does not repeat: start-up or shutdown.
  bool isPhaseOnly(FnId F) const {
    return StartUpOnly.contains(F) || ShutdownOnly.contains(F);
  }
  /// \p F runs only when calls of the program reach it, and it starts no
  /// thread (code that starts threads is no phase's after that point; only
  /// main is split at its first creation). A function whose address is
  /// taken but that no call of the program reaches is called by code we
  /// cannot see.
  bool onlyCalledByProgram(FnId F) const {
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
  bool keepOnlyCalledFrom(FnSet &Set,
                          llvm::function_ref<bool(const CallSite &)> InPhase);
  void computeShutdownOnly();
  void computeThreadShutdownOnly();
  /// Loop \p Loop of \p F runs fewer times per call of \p F than make a
  /// write hot (PolicyOptions::HotWriteCount).
  bool isCountedLoop(FnId F, int Loop) const;
  bool runsBounded(FnId F) const {
    return F == Main || RunsBounded.contains(F) || isPhaseOnly(F);
  }
  /// \p F runs a bounded number of times: runsBounded(), or every call of
  /// it is made so, outside loops or in counted ones. Unlike RunsBounded
  /// this admits functions that start threads (an init routine starting
  /// the workers): how often a call runs does not depend on what runs
  /// beside it afterwards. \p Known memoizes (false while in progress: a
  /// cycle of calls is no bound).
  bool runsBoundedTimes(FnId F, llvm::DenseMap<FnId, bool> &Known) const;
  /// \p CS runs a bounded number of times: in start-up, shut-down or a
  /// once region, or outside loops (or in a counted one) of a caller that
  /// \p CallerBounded says runs so.
  bool callRunsBounded(const CallSite &CS,
                       llvm::function_ref<bool(FnId)> CallerBounded) const;
  LoopKind loopKind(FnId F, int Loop) const;
  const char *describe(FnId F) const;

  /// What solve()'s stages found, each after the stages it reads.
  enum class Stage { AddressUses, PointsTo, CallGraph, NeverRuns, Phases, Hot };
  void printStage(Stage S, llvm::raw_ostream &OS) const;
  /// \p F as a stage prints it: its name, and its module's source file
  /// when internal.
  std::string label(FnId F) const;
  /// "  What: f, g (t.c)", \p Labels sorted, or nothing when there are
  /// none.
  static void printLabels(llvm::raw_ostream &OS, llvm::StringRef What,
                          std::vector<std::string> Labels);
  /// printLabels() of \p Set's members.
  void printSet(llvm::raw_ostream &OS, llvm::StringRef What,
                const FnSet &Set) const;

  /// Some call of the program or of code it cannot see may reach \p F
  /// through its address.
  bool calledIndirectly(FnId F) const {
    return AddressTaken.contains(F) || calledByUnseenCode(F);
  }
  /// Code the program cannot see (a library, the start-up code) may call
  /// \p F: not all its calls are call sites of the program.
  bool calledByUnseenCode(FnId F) const {
    return Escaped.contains(F) || TimerCallbacks.contains(F) ||
           RunOnceRoots.contains(F) || AtExitRoots.contains(F) ||
           ThreadEntries.contains(F) || CtorRoots.contains(F);
  }
  /// The indirect call that \p C hands a pointer to, when each function
  /// it may reach is the program's and takes the pointer as declared; none
  /// if it may reach none.
  const CallSite *pointerCallSite(unsigned M, const PointerCall &C) const;
  /// The functions an indirect call reaches when the summary names them:
  /// chosen among by a select or phi, or loaded from tables whose contents
  /// are known. None: the signature fallback decides.
  std::optional<std::vector<FnId>> knownTargets(unsigned M,
                                                const CallSiteSummary &S) const;
  /// An object whose accesses collectUses() gathers: where code names it
  /// (a global's mentions, an allocation call's result), and its shape.
  struct ObjectRoots {
    std::vector<std::pair<unsigned, const PointerSummary *>> Roots;
    uint64_t ElementSize = 0, Size = 0;
    /// Function copies are tracked (a struct global's fields).
    bool TrackCopies = false;
    /// The module a copy is made in (PolicyOptions::EachModuleAlone).
    std::optional<unsigned> DefModule;
    /// An allocation site: a pointer variable that holds only pointers to
    /// its start (heldAllocationStart()) names it where it is loaded.
    std::optional<PointsTo::Site> Allocation;
    /// Those pointer variables, as collectUses() found them.
    std::vector<const GlobalEntry *> *Holders = nullptr;
  };
  /// The functions of the program a known library function's call \p C
  /// hands its pointer to as a parameter of theirs, called later
  /// (pthread_create's argument, to the new thread's entry), and that
  /// parameter; std::nullopt unless the points-to knows every one.
  std::optional<std::pair<std::vector<FnId>, int>>
  handedToCallbacks(unsigned M, const PointerCall &C) const;
  /// Walks from the code naming an object to what is done with its address
  /// (UseCollector.cpp).
  class UseCollector;
  GlobalUses collectUses(const ObjectRoots &O) const;
  GlobalUses collectUses(const GlobalEntry &G) const;
  /// Whether every pointer \p P holds is null or the start of the memory
  /// allocation site \p A allocated.
  bool holdsAllocationStart(const GlobalEntry &P,
                            const PointsTo::Site &A) const;
  /// Function names, each with the module that names it.
  using FunctionNames = std::vector<std::pair<unsigned, std::string>>;
  /// tableFunctions() of each table global, and of each walked section;
  /// std::map and StringMap, whose values stay where they are while the
  /// walk of one table adds others.
  mutable std::map<const GlobalEntry *, std::optional<FunctionNames>>
      TableFunctionsCache;
  mutable llvm::StringMap<std::optional<FunctionNames>> SectionFunctionsCache;
  const std::optional<FunctionNames> &
  tableFunctions(unsigned M, llvm::StringRef Table) const;
  std::optional<std::vector<FnId>>
  tableTargets(unsigned M, llvm::StringRef Table,
               llvm::StringRef CallType) const;
  /// What phaseAt() needs of a function: the function and its phase sets.
  struct PhaseFacts {
    FnId Fn = NoFn;
    bool OncePerThread = false, StartUpOnly = false, ShutdownOnly = false,
         ThreadShutdownOnly = false;
  };
  PhaseFacts phaseFacts(FnId F) const {
    PhaseFacts P;
    P.Fn = F;
    P.OncePerThread = OncePerThread.contains(F);
    P.StartUpOnly = StartUpOnly.contains(F);
    P.ShutdownOnly = ShutdownOnly.contains(F);
    P.ThreadShutdownOnly = ThreadShutdownOnly.contains(F);
    return P;
  }
  /// The phase code at \p P of the function \p F describes runs in;
  /// \p BeforeThreads: isBeforeThreads there.
  Phase phaseAt(const PhaseFacts &F, const Position &P,
                bool BeforeThreads) const;
  /// What record() needs of the function an access is in, computed once
  /// per function: accesses name their function.
  struct AccessContext : PhaseFacts {
    bool Hot = false, EventPaced = false, ThreadEntry = false, InMain = false;
    double Rate = 0;
    const char *Role = nullptr;
    std::vector<std::string> DrivenBy;
  };
  mutable std::vector<llvm::StringMap<AccessContext>> AccessContexts;
  /// Computed once the solver is done (the walks of tableFunctions() run
  /// before the phases are known).
  const AccessContext &accessContext(unsigned M,
                                     llvm::StringRef Function) const;
  AccessRecord record(const GlobalUses::Access &A) const;
  /// Fills \p R's accesses and facts from \p Uses, and where each access
  /// is.
  void recordUses(GlobalUses Uses, GlobalRecord &R,
                  std::vector<ModulePosition> &WriteAt,
                  std::vector<ModulePosition> &ReadAt) const;
  SolvedGlobal solveGlobal(const GlobalEntry &G) const;
  /// \p Bounded: runsBoundedTimes' memo, shared by the sites of a program.
  std::optional<SolvedAllocation>
  solveAllocation(FnId F, int Call, llvm::DenseMap<FnId, bool> &Bounded) const;
  /// The shortest chain of calls from a root (main, a thread entry, a
  /// function no call of the program reaches) to \p F, root first.
  std::vector<FnId> callPathTo(FnId F) const;
};

} // namespace cacheline

#endif // CACHELINE_WHOLEPROGRAM_SOLVERPROGRAM_H
