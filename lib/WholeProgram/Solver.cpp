//===- Solver.cpp - The whole program, from its summaries ----------------===//

#include "cacheline/WholeProgram/Solver.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Support/StageTimer.h"
#include "cacheline/WholeProgram/PointsTo.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <numeric>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-solver"

namespace {

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
  BitVector Bits;
  unsigned Size = 0;
};

} // namespace

struct Solver::Program {
  Program(ArrayRef<ModuleSummary> Modules, const SolverOptions &Opts)
      : Modules(Modules), Opts(Opts) {}

  ArrayRef<ModuleSummary> Modules;
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
  StringMap<FnId> ExternalFns;
  std::vector<StringMap<FnId>> LocalFns;
  /// Every global the summaries mention once, in module order.
  std::vector<GlobalEntry> Globals;
  /// By name: the external globals, and each module's internal ones.
  StringMap<unsigned> ExternalGlobals;
  std::vector<StringMap<unsigned>> LocalGlobals;
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
  DenseMap<FnId, double> EscapeShare;
  void escape(FnId F, double Share = 1) {
    Escaped.insert(F);
    double &S = EscapeShare[F];
    S = std::max(S, Share);
  }
  std::vector<FnId> ThreadEntryList;
  /// Of each function whose every address use puts it in struct fields
  /// (FunctionFields.h): those fields.
  DenseMap<FnId, std::set<std::string>> OnlyInFields;
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
    BitVector Blocks;
    DenseMap<int, int> FirstCreation;
    bool contains(int Block) const {
      return Block >= 0 && unsigned(Block) < Blocks.size() && Blocks[Block];
    }
  };
  /// Main, and the functions that start threads but that only start-up
  /// code calls (an init routine starting a logger thread): start-up runs
  /// into each up to its first thread creation.
  DenseMap<FnId, BeforeThreads> SplitAtFirstThread;

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
  DenseMap<FnId, double> Rate;
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
    BitVector Blocks;
    DenseMap<int, int> LastSteadyCall;
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
  bool neverRuns(unsigned M, StringRef Name) const {
    return !NeverRuns.empty() && NeverRuns.contains(resolveFn(M, Name));
  }

  static std::string localKey(unsigned M, StringRef Name) {
    return std::to_string(M) + "\x01" + Name.str();
  }
  /// \p G's name, qualified by its module when internal.
  static std::string keyOf(const GlobalEntry &G) {
    return G.Module >= 0 ? localKey(G.Module, G.Name) : G.Name;
  }
  /// The function \p Name refers to in module \p M; NoFn if no module
  /// defines it.
  FnId resolveFn(unsigned M, StringRef Name) const {
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
  bool internalized(StringRef Name) const {
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
           all_of(CS.Targets, [&](FnId T) { return bodyVisible(T); });
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
           all_of(P.Mentions, [](const auto &MS) {
             return MS.second->OnlyLoadedAndStored && !MS.second->InUsedList;
           });
  }
  const GlobalEntry *findGlobal(unsigned M, StringRef Name, bool Local) const {
    const StringMap<unsigned> &ByName =
        Local ? LocalGlobals[M] : ExternalGlobals;
    auto It = ByName.find(Name);
    return It == ByName.end() ? nullptr : &Globals[It->second];
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
  void leakRoots(const GlobalEntry *G, StringRef Key,
                 SmallPtrSetImpl<const GlobalEntry *> &Visiting,
                 std::set<std::string> &Roots) const;
  /// The program names __start_\p Section or __stop_\p Section.
  bool sectionWalked(StringRef Section) const {
    return !Section.empty() &&
           (ExternalGlobals.count(("__start_" + Section).str()) ||
            ExternalGlobals.count(("__stop_" + Section).str()));
  }
  std::set<std::string> leakRoots(unsigned M, StringRef Name,
                                  bool Local) const {
    SmallPtrSet<const GlobalEntry *, 8> Visiting;
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
  handedUses(FnId F, int Arg, DenseSet<std::pair<FnId, int>> &Seen) const;
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
    return CS.Waits ||
           any_of(CS.Targets, [&](FnId T) { return MayLoop.contains(T); });
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
                          function_ref<bool(const CallSite &)> InPhase);
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
  bool runsBoundedTimes(FnId F, DenseMap<FnId, bool> &Known) const;
  /// \p CS runs a bounded number of times: in start-up, shut-down or a
  /// once region, or outside loops (or in a counted one) of a caller that
  /// \p CallerBounded says runs so.
  bool callRunsBounded(const CallSite &CS,
                       function_ref<bool(FnId)> CallerBounded) const;
  LoopKind loopKind(FnId F, int Loop) const;
  const char *describe(FnId F) const;

  /// What solve()'s stages found, each after the stages it reads.
  enum class Stage { AddressUses, PointsTo, CallGraph, NeverRuns, Phases, Hot };
  void printStage(Stage S, raw_ostream &OS) const;
  /// \p F as a stage prints it: its name, and its module's source file
  /// when internal.
  std::string label(FnId F) const;
  /// "  What: f, g (t.c)", \p Labels sorted, or nothing when there are
  /// none.
  static void printLabels(raw_ostream &OS, StringRef What,
                          std::vector<std::string> Labels);
  /// printLabels() of \p Set's members.
  void printSet(raw_ostream &OS, StringRef What, const FnSet &Set) const;

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
  mutable StringMap<std::optional<FunctionNames>> SectionFunctionsCache;
  const std::optional<FunctionNames> &tableFunctions(unsigned M,
                                                     StringRef Table) const;
  std::optional<std::vector<FnId>> tableTargets(unsigned M, StringRef Table,
                                                StringRef CallType) const;
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
  mutable std::vector<StringMap<AccessContext>> AccessContexts;
  /// Computed once the solver is done (the walks of tableFunctions() run
  /// before the phases are known).
  const AccessContext &accessContext(unsigned M, StringRef Function) const;
  AccessRecord record(const GlobalUses::Access &A) const;
  /// Fills \p R's accesses and facts from \p Uses, and where each access
  /// is.
  void recordUses(GlobalUses Uses, GlobalRecord &R,
                  std::vector<ModulePosition> &WriteAt,
                  std::vector<ModulePosition> &ReadAt) const;
  SolvedGlobal solveGlobal(const GlobalEntry &G) const;
  /// \p Bounded: runsBoundedTimes' memo, shared by the sites of a program.
  std::optional<SolvedAllocation>
  solveAllocation(FnId F, int Call, DenseMap<FnId, bool> &Bounded) const;
  /// The shortest chain of calls from a root (main, a thread entry, a
  /// function no call of the program reaches) to \p F, root first.
  std::vector<FnId> callPathTo(FnId F) const;
};

void Solver::Program::index() {
  LocalFns.resize(Modules.size());
  LocalGlobals.resize(Modules.size());
  for (unsigned M = 0; M < Modules.size(); ++M) {
    for (const FunctionSummary &F : Modules[M].Functions) {
      StringMap<FnId> &ByName = F.Local ? LocalFns[M] : ExternalFns;
      // A linkonce_odr body in several modules: one function, the first.
      if (!ByName.try_emplace(F.Name, FnId(Fns.size())).second)
        continue;
      Fns.push_back({M, &F, F.Local ? localKey(M, F.Name) : F.Name,
                     !F.Local && internalized(F.Name)});
    }
    for (const GlobalSummary &G : Modules[M].Globals) {
      StringMap<unsigned> &ByName = G.Local ? LocalGlobals[M] : ExternalGlobals;
      auto [It, New] = ByName.try_emplace(G.Name, Globals.size());
      if (New) {
        Globals.emplace_back();
        Globals.back().Name = G.Name;
        Globals.back().Module = G.Local ? int(M) : -1;
      }
      GlobalEntry &E = Globals[It->second];
      if (G.Definition && !E.Def)
        E.Def = &G;
      E.Mentions.push_back({M, &G});
    }
  }
  ByKey.resize(Fns.size());
  std::iota(ByKey.begin(), ByKey.end(), 0);
  llvm::sort(ByKey, [&](FnId A, FnId B) { return Fns[A].Key < Fns[B].Key; });
  CallSites.resize(Fns.size());
  // Filled by linkCallers() once every call site is known; until then a
  // rule that asks (the functions of a table, while the call sites are
  // collected) learns of no caller and no use of a result.
  Callers.resize(Fns.size());
  ResultUses.resize(Fns.size());
  DrivenBy.assign(Fns.size(), NoFn);
  WaitingLoopCache.resize(Fns.size());
  AfterSteadyCache.resize(Fns.size());
  auto MainIt = ExternalFns.find("main");
  if (MainIt != ExternalFns.end()) {
    Main = MainIt->second;
    AllLocal = Opts.BeforeLink;
  }
}

void Solver::Program::leakRoots(const GlobalEntry *G, StringRef Key,
                                SmallPtrSetImpl<const GlobalEntry *> &Visiting,
                                std::set<std::string> &Roots) const {
  if (!G || !localGlobal(*G)) {
    Roots.insert(Key.str());
    return;
  }
  if (!Visiting.insert(G).second)
    return; // Already being answered.
  std::string Own = keyOf(*G);
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

void Solver::Program::applyRootUse(FnId F, AddressUse Use) {
  switch (Use) {
  case AddressUse::ThreadEntry:
    if (ThreadEntries.insert(F))
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
Solver::Program::handedUses(FnId F, int Arg,
                            DenseSet<std::pair<FnId, int>> &Seen) const {
  std::vector<AddressUse> Out;
  const PointerSummary *Param = fn(F).param(Arg);
  if (!Param || !Seen.insert({F, Arg}).second)
    return Out;
  unsigned M = Fns[F].Module;
  for (const PointerCall &C : Param->Calls) {
    if (C.Callee.empty())
      continue; // Indirect: the handed function is taken, nothing more.
    FnId Callee = resolveFn(M, C.Callee);
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
  for (FnId F = 0; F != Fns.size(); ++F) {
    if (fn(F).ThreadTrampoline)
      applyRootUse(F, AddressUse::ThreadEntry);
    if (fn(F).OnceBody)
      RunOnceRoots.insert(F);
  }
  FnSet NotOnlyInFields;
  // Of each global handed to code we cannot see: the functions whose
  // addresses it holds, with those of the tables it leads to (a command
  // table and its subcommand tables are one table to the code handed it).
  std::map<std::string, std::set<FnId>> EscapedThrough;
  for (unsigned M = 0; M < Modules.size(); ++M) {
    for (const AddressUseSummary &A : Modules[M].AddressUses) {
      FnId F = resolveFn(M, A.Function);
      if (F == NoFn)
        continue; // Only defined functions matter.
      AddressUse Use = A.Use;
      if (Use == AddressUse::PassedToCall) {
        // Handed to code we can see: it is called, if at all, through an
        // indirect call of the program, and becomes whatever the calls
        // that code hands the parameter to make of it.
        FnId Callee = resolveFn(M, A.Callee);
        if (!bodyVisible(Callee)) {
          Use = A.Fallback;
        } else {
          Use = AddressUse::Taken;
          DenseSet<std::pair<FnId, int>> Seen;
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
        if (FnId Caller = resolveFn(M, A.Caller); Caller != NoFn)
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
  for (const auto &[Owner, Held] : EscapedThrough)
    for (FnId F : Held)
      escape(F, 1.0 / Held.size());
  for (FnId F : NotOnlyInFields.members())
    OnlyInFields.erase(F);
}

void Solver::Program::solvePointsTo() {
  PointsToProgram In;
  In.Functions.reserve(Fns.size());
  for (const FuncEntry &FE : Fns) {
    In.Functions.push_back(FE.F);
    In.FunctionModules.push_back(FE.Module);
  }
  In.FunctionCalledFromOutside.resize(Fns.size());
  for (FnId F = 0; F != Fns.size(); ++F)
    In.FunctionCalledFromOutside[F] = F == Main || !localFn(F);
  In.NumGlobals = Globals.size();
  In.GlobalVisibleOutside.resize(Globals.size());
  In.GlobalPointerFree.resize(Globals.size());
  In.GlobalInitializers.resize(Globals.size(), {0, nullptr});
  for (auto [I, G] : enumerate(Globals)) {
    // Set or walked by code the program cannot see: exported, filled by
    // the loader, or a member of a section walked by __start_/__stop_.
    In.GlobalVisibleOutside[I] =
        !localGlobal(G) || !G.Def || G.Def->ExternallyInitialized ||
        (G.Def->HasSection && !G.Def->Section.empty());
    In.GlobalPointerFree[I] =
        G.Def && G.Def->Constant && G.Def->InitialPointers.empty();
    for (auto [M, S] : G.Mentions)
      if (S == G.Def)
        In.GlobalInitializers[I] = {M, &S->InitialPointers};
  }
  In.ResolveFunction = [this](unsigned M, StringRef Name) {
    FnId F = resolveFn(M, Name);
    return F == NoFn ? PointsToProgram::None : F;
  };
  In.ResolveGlobal = [this](unsigned M, StringRef Name) {
    const GlobalEntry *G = resolveGlobal(M, Name);
    return G ? unsigned(G - Globals.data()) : PointsToProgram::None;
  };
  Pointers = std::make_unique<PointsTo>(std::move(In));
  LLVM_DEBUG({
    dbgs() << DEBUG_TYPE ": points-to: ";
    Pointers->printStatistics(dbgs());
  });
}

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
  ObjectRoots O;
  for (auto &[M, S] : G.Mentions) {
    O.Roots.push_back({M, &S->Uses});
    if (S == G.Def)
      O.DefModule = M;
  }
  O.ElementSize = G.Def ? G.Def->ElementSize : 0;
  O.Size = G.Def ? G.Def->Size : 0;
  // Copies matter only to a struct's fields (Policy's decideFields).
  O.TrackCopies = G.Def && G.Def->Fields.size() > 1;
  return collectUses(O);
}

std::optional<std::pair<std::vector<FnId>, int>>
Solver::Program::handedToCallbacks(unsigned M, const PointerCall &C) const {
  if (C.Callee.empty() || C.Arg < 0)
    return std::nullopt;
  std::optional<KnownFunction> K = lookupKnownFunction(C.Callee);
  if (!K)
    return std::nullopt;
  int Param = -1;
  for (unsigned A = 0; A < KnownFunction::MaxArgs; ++A)
    for (const KnownFunction::HandedArgument &H : K->Handed[A])
      if (H.Arg == C.Arg && H.Param >= 0 &&
          K->Callbacks[A] != CallbackKind::Synchronous)
        Param = H.Param;
  FnId Caller = resolveFn(M, C.At.Function);
  if (Param < 0 || Caller == NoFn)
    return std::nullopt;
  const std::vector<CallSiteSummary> &Calls = fn(Caller).Calls;
  auto Site = find_if(Calls, [&](const CallSiteSummary &S) {
    return S.Block == C.At.Block && S.Index == C.At.Index;
  });
  if (Site == Calls.end())
    return std::nullopt;
  std::optional<std::vector<unsigned>> Targets =
      Pointers->callbackTargets(Caller, int(Site - Calls.begin()));
  if (!Targets || Targets->empty() ||
      any_of(*Targets, [&](FnId T) { return fn(T).NumArgs <= Param; }))
    return std::nullopt;
  return std::make_pair(std::vector<FnId>(Targets->begin(), Targets->end()),
                        Param);
}

bool Solver::Program::holdsAllocationStart(const GlobalEntry &P,
                                           const PointsTo::Site &A) const {
  // The points-to says where its pointers point; the summaries, that each
  // is an allocation's start, not an address inside one.
  std::optional<PointsTo::Site> Held =
      Pointers->heldAllocation(unsigned(&P - Globals.data()));
  return Held && *Held == A && loadsFollowed(P) &&
         all_of(P.Mentions, [](const auto &MS) {
           return MS.second->HoldsOnlyAllocations;
         });
}

GlobalUses Solver::Program::collectUses(const ObjectRoots &O) const {
  GlobalUses Out;
  const uint64_t ElementSize = O.ElementSize;
  const uint64_t Size = O.Size;
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
    /// a signature's every function. Unresolved: the first whose targets
    /// are (CallSite::BySignature), which the escape names instead.
    const std::string *Through = nullptr;
    const std::string *Unresolved = nullptr;
    /// Past a direct call of the code naming the global, at a constant
    /// place, into a body: the copy of the callee that would name the
    /// global (GlobalUses::Copies), and where this walk's pointer would
    /// point in the global were it made. InCopy: this walk is the callee's
    /// own, whose arithmetic the copy's is.
    int Copy = -1;
    std::optional<ByteRange> CopyAt;
    bool InCopy = false;
    GlobalUses::Access::NoCopyKind NoCopy = GlobalUses::Access::CopyPossible;
    const std::string *NoCopyBy = nullptr;
  };
  const bool TrackCopies = O.TrackCopies;
  // The module whose summary defines the global: a copy is made there in
  // the two-stage flow (PolicyOptions::EachModuleAlone).
  const std::optional<unsigned> DefModule = O.DefModule;
  auto CopyOf = [&](FnId F, int Arg, int64_t Offset) {
    const FuncEntry &FE = Fns[F];
    FunctionCopy C;
    C.Function = FE.F->Name;
    C.Module = int(FE.Module);
    C.Arg = Arg;
    C.Offset = Offset;
    C.Instructions = FE.F->Instructions;
    if (DefModule != FE.Module)
      C.OtherSource = Modules[FE.Module].Source;
    auto It = find(Out.Copies, C);
    if (It != Out.Copies.end())
      return int(It - Out.Copies.begin());
    Out.Copies.push_back(std::move(C));
    return int(Out.Copies.size() - 1);
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
    // A function a copy would replace is walked for each copy, and apart
    // from where no copy would (what the policy asks of each differs);
    // deeper, where the first walk falls in its copy stands for all.
    size_t CopyKey = 0;
    if (TrackCopies) {
      if (!handOffKey(H.CopyAt, ElementSize, Size))
        H.CopyAt.reset();
      CopyKey = hash_combine(H.InCopy ? H.Copy : -1, int(H.NoCopy));
    }
    if (!VisitedAt
             .insert({F, Arg, int(H.In),
                      size_t(hash_combine(K ? size_t(*K) : 0, Calls,
                                          CopyKey))})
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
    return Out.Escape.empty() && Out.PlacesUnknown.empty() &&
           Out.Distance.empty();
  };
  // Pointer variables whose loads were walked into.
  SmallPtrSet<const GlobalEntry *, 4> Holders;
  std::function<void(unsigned, const PointerSummary &, Handed)> Walk;
  // Into parameter Arg of a function whose body some module has.
  auto WalkParam = [&](const FuncEntry &FE, int Arg, Handed H) {
    if (!Enter(FE.F, Arg, H))
      return;
    if (const PointerSummary *P = FE.F->param(Arg))
      Walk(FE.Module, *P, H);
  };
  Walk = [&](unsigned M, const PointerSummary &W, Handed H) {
    // The first escape found is the one reported; so are the first
    // difference and order of addresses.
    auto First = [&](std::string &Fact, const std::string &Why) {
      if (!Fact.empty() || Why.empty())
        return;
      Fact = Why;
      if (H.Unresolved)
        Fact += " (reached through an indirect call in " + *H.Unresolved +
                " that the points-to analysis does not resolve: any "
                "function of its type)";
      else if (H.Through)
        Fact += " (reached through an indirect call in " + *H.Through + ")";
    };
    auto Escape = [&](const std::string &Why) { First(Out.Escape, Why); };
    // A range of this walk's pointer, as a range in the global.
    auto Place = [&](const std::optional<ByteRange> &Local) {
      if (H.Root || !H.At || !Local)
        return H.Root ? Local : std::nullopt;
      return std::optional<ByteRange>(H.At->then(*Local));
    };
    // The same, were the copy H.Copy made: the copied function's own
    // arithmetic then names the global.
    auto CopyPlace = [&](const std::optional<ByteRange> &Local) {
      std::optional<ByteRange> R;
      if (H.Copy < 0 || !H.CopyAt || !Local)
        return R;
      if (H.InCopy) {
        R = *Local;
        R->Offset += H.CopyAt->Offset;
      } else {
        R = H.CopyAt->then(*Local);
      }
      return R;
    };
    // Every access of this walk runs in the phase it was handed down in.
    auto Access = [&](AccessKind Kind, const Position &At,
                      const std::optional<ByteRange> &Local, int Choice) {
      return GlobalUses::Access{M,
                                Kind,
                                &At,
                                H.In,
                                H.By,
                                Place(Local),
                                Choice,
                                H.Copy,
                                CopyPlace(Local),
                                H.NoCopy,
                                H.NoCopyBy};
    };
    auto Record = [&](AccessKind Kind, const Position &At,
                      const std::optional<ByteRange> &Local) {
      (H.Again ? Out.Again : Out.Accesses)
          .push_back(Access(Kind, At, Local, 0));
    };
    for (const AccessSummary &A : W.Accesses) {
      if (neverRuns(M, A.At.Function))
        continue;
      Record(A.Kind, A.At, A.Range);
      // The other places it may fall at say what is done there.
      for (size_t I = 0; I < A.OrRanges.size(); ++I)
        Out.Again.push_back(Access(A.Kind, A.At, A.OrRanges[I], int(I + 1)));
    }
    Escape(W.Escape);
    First(Out.Distance, W.Distance);
    First(Out.Order, W.Order);
    if (!H.Again)
      for (const std::string &Fn : W.StoredFunctions)
        Out.StoredFunctions.push_back({M, Fn});
    Out.OpaqueStores |= W.OpaqueStores;
    for (const ReturnedPointer &RP : W.ReturnedBy) {
      // Into the callers of a function that runs only by calls of the
      // program: the calls' results are the pointer.
      const std::string &Name = RP.Function;
      FnId F = resolveFn(M, Name);
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
      Result.Unresolved = H.Unresolved;
      if (!Enter(&fn(F), -1, Result, RP.When))
        continue;
      for (const ResultUse &R : ResultUses[F])
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
      Loaded.Unresolved = H.Unresolved;
      if (!Holders.insert(P).second)
        continue;
      // A pointer variable holding only an allocation's start: code that
      // loads it names the allocation, as code names a global.
      if (O.Allocation) {
        if (holdsAllocationStart(*P, *O.Allocation)) {
          Loaded = Handed();
          if (O.Holders)
            O.Holders->push_back(P);
        } else if (Out.PlacesUnknown.empty()) {
          Out.PlacesUnknown = "the pointer variable " + Name +
                              " may hold other addresses too";
        }
      }
      for (auto &[PM, PS] : P->Mentions)
        Walk(PM, PS->Loaded, Loaded);
    }
    for (const PointerCall &C : W.Calls) {
      if (neverRuns(M, C.At.Function))
        continue;
      Handed Down = H;
      if (Down.In == Phase::Steady) {
        PhaseFacts Caller = phaseFacts(resolveFn(M, C.At.Function));
        Down.In = phaseAt(Caller, C.At, isBeforeThreads(Caller.Fn, C.At));
        Down.By = &C.At.Function;
      }
      Down.Root = false;
      Down.At = Place(C.Range);
      if (TrackCopies && H.Copy >= 0) {
        // Deeper: the copy hands on the address it names.
        Down.CopyAt = CopyPlace(C.Range);
        Down.InCopy = false;
      }
      if (C.Site >= 0) {
        // Into every function the indirect call may reach.
        if (const CallSite *CS = pointerCallSite(M, C)) {
          if (!Down.Through)
            Down.Through = &C.At.Function;
          if (!Down.Unresolved && CS->BySignature)
            Down.Unresolved = &C.At.Function;
          if (TrackCopies && H.Root) {
            Down.NoCopy = GlobalUses::Access::NoCopyIndirect;
            Down.NoCopyBy = &C.At.Function;
          }
          for (FnId T : CS->Targets)
            WalkParam(Fns[T], C.Arg, Down);
          continue;
        }
      }
      FnId Callee = resolveFn(M, C.Callee);
      if (bodyVisible(Callee)) {
        // Into the callee's body, wherever it is.
        const FuncEntry &FE = Fns[Callee];
        if (C.Arg < FE.F->NumArgs && FE.F->Type == C.CallType) {
          if (TrackCopies && H.Root) {
            // A copy of the callee would name the global where the call
            // hands it a constant place in it.
            if (C.Range && C.Range->Indices.empty() &&
                C.Range->HandedIndices.empty() && !C.Range->HandedOffset) {
              Down.Copy = CopyOf(Callee, C.Arg, C.Range->Offset);
              Down.CopyAt = C.Range;
              Down.InCopy = true;
            } else {
              Down.NoCopy = GlobalUses::Access::NoCopyVaries;
              Down.NoCopyBy = &C.Callee;
            }
          }
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
        if (auto To = handedToCallbacks(M, C)) {
          // Into the callbacks, which run on their own (a new thread), not
          // during the call.
          Down.In = Phase::Steady;
          Down.By = nullptr;
          // Each call of the loop that hands out its elements starts
          // another: the callbacks do not walk them in order.
          if (Down.At)
            for (ByteRange::Index &I : Down.At->Indices)
              I.Sweeps = false;
          if (TrackCopies && H.Root) {
            Down.NoCopy = GlobalUses::Access::NoCopyCallback;
            Down.NoCopyBy = &C.Callee;
          }
          for (FnId T : To->first)
            WalkParam(Fns[T], To->second, Down);
          break;
        }
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
  for (auto [M, Uses] : O.Roots)
    Walk(M, *Uses, Handed());
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
  FnId F = C.Fn;
  C.Role = describe(F);
  if (F == NoFn)
    return C;
  C.Hot = Hot.contains(F);
  C.EventPaced = EventPaced.contains(F);
  C.ThreadEntry = ThreadEntries.contains(F);
  C.InMain = F == Main;
  C.Rate = Rate.lookup(F);
  for (FnId D = DrivenBy[F]; D != NoFn && C.DrivenBy.size() < 8 &&
                             !is_contained(C.DrivenBy, fn(D).Name);
       D = DrivenBy[D])
    C.DrivenBy.push_back(fn(D).Name);
  return C;
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

AccessRecord Solver::Program::record(const GlobalUses::Access &A) const {
  const Position &At = *A.At;
  const AccessContext &C = accessContext(A.Module, At.Function);
  FnId F = C.Fn;
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
  R.Copy = A.Copy;
  R.CopyRange = A.CopyRange;
  switch (A.NoCopy) {
  case GlobalUses::Access::CopyPossible:
    break;
  case GlobalUses::Access::NoCopyIndirect:
    R.NoCopy = "handed on by an indirect call in " + demangle(*A.NoCopyBy) +
               ": no copy of a function names the global there";
    break;
  case GlobalUses::Access::NoCopyCallback:
    R.NoCopy = "handed to the functions " + demangle(*A.NoCopyBy) +
               " calls back: no copy of a function names the global there";
    break;
  case GlobalUses::Access::NoCopyVaries:
    R.NoCopy = "handed to " + demangle(*A.NoCopyBy) +
               " at no constant place: no copy of it names the global";
    break;
  }
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
    P.InternalToModule = G.Module >= 0;
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
  recordUses(collectUses(G), R, S.WriteAt, S.ReadAt);
  return S;
}

void Solver::Program::recordUses(GlobalUses Uses, GlobalRecord &R,
                                 std::vector<ModulePosition> &WriteAt,
                                 std::vector<ModulePosition> &ReadAt) const {
  R.EscapeReason = Uses.Escape;
  R.PlacesUnknown = Uses.PlacesUnknown;
  R.Copies = std::move(Uses.Copies);
  R.Distance = Uses.Distance;
  R.Order = Uses.Order;
  size_t Writes = count_if(Uses.Accesses, [](const GlobalUses::Access &A) {
    return isWrite(A.Kind);
  });
  R.Writes.reserve(Writes);
  WriteAt.reserve(Writes);
  R.Reads.reserve(Uses.Accesses.size() - Writes);
  ReadAt.reserve(Uses.Accesses.size() - Writes);
  R.Again.reserve(Uses.Again.size());
  for (const GlobalUses::Access &A : Uses.Accesses) {
    AccessRecord AR = record(A);
    bool Write = AR.isWrite();
    (Write ? R.Writes : R.Reads).push_back(std::move(AR));
    (Write ? WriteAt : ReadAt).push_back({A.Module, *A.At});
  }
  for (const GlobalUses::Access &A : Uses.Again)
    R.Again.push_back(record(A));
}

/// The smallest stride of an index of \p R's accesses that \p Admits; 0 if
/// none.
static uint64_t
smallestIndexStride(const GlobalRecord &R,
                    function_ref<bool(const ByteRange::Index &)> Admits) {
  uint64_t Stride = 0;
  for (const std::vector<AccessRecord> *List : {&R.Writes, &R.Reads})
    for (const AccessRecord &A : *List)
      if (A.Range)
        for (const ByteRange::Index &I : A.Range->Indices)
          if (Admits(I) && (!Stride || I.Stride < Stride))
            Stride = I.Stride;
  return Stride;
}

/// The stride of the elements an allocation of one \p Size-byte element
/// is indexed in: the smallest stride of an index of the code naming it
/// that divides \p Size into two or more parts and that no type bounds to
/// fewer (an index into an array field of a struct picks no element of
/// the allocation); 0 if none.
static uint64_t indexedStride(const GlobalRecord &R, uint64_t Size) {
  return smallestIndexStride(R, [&](const ByteRange::Index &I) {
    return I.Stride && I.Stride < Size && Size % I.Stride == 0 &&
           (!I.Count || I.Count * I.Stride == Size);
  });
}

/// The fields of a struct of \p Size bytes that has no type here (an
/// allocation): the bytes its accesses reach, overlapping ones merged.
/// None where an access's bytes are not known: every access then lies in
/// one field, and no field split is made.
static std::vector<FieldSpan> fieldsAccessed(const GlobalRecord &R,
                                             uint64_t Size) {
  std::vector<std::pair<int64_t, int64_t>> Spans;
  for (const std::vector<AccessRecord> *List : {&R.Writes, &R.Reads, &R.Again})
    for (const AccessRecord &A : *List) {
      std::optional<std::pair<int64_t, int64_t>> Span =
          A.Range ? A.Range->span() : std::nullopt;
      if (!Span || Span->first < 0 || uint64_t(Span->second) >= Size)
        return {};
      // A memset of the whole struct (it is cleared) says nothing of its
      // fields; the rewrite clears the whole new one.
      if (A.Kind == AccessKind::MemIntrinsic && Span->first == 0 &&
          uint64_t(Span->second) == Size - 1)
        continue;
      Spans.push_back(*Span);
    }
  llvm::sort(Spans);
  std::vector<FieldSpan> Fields;
  for (auto [First, Last] : Spans) {
    if (!Fields.empty() &&
        First < int64_t(Fields.back().Offset + Fields.back().Size)) {
      FieldSpan &F = Fields.back();
      F.Size = std::max<uint64_t>(F.Size, Last + 1 - F.Offset);
      continue;
    }
    Fields.push_back({uint64_t(First), uint64_t(Last - First + 1), ""});
  }
  return Fields;
}

/// The stride of the elements of an allocation whose count is known only
/// at run time, where the code indexes it by a multiple of the
/// \p ElementSize its call gives: the smallest such index no type bounds;
/// 0 if none.
static uint64_t runTimeStride(const GlobalRecord &R, uint64_t ElementSize) {
  return smallestIndexStride(R, [&](const ByteRange::Index &I) {
    return !I.Count && I.Stride > ElementSize && I.Stride % ElementSize == 0;
  });
}

std::optional<SolvedAllocation>
Solver::Program::solveAllocation(FnId F, int Call,
                                 DenseMap<FnId, bool> &Bounded) const {
  const FuncEntry &FE = Fns[F];
  const CallSiteSummary &CS = FE.F->Calls[Call];
  SolvedAllocation S;
  S.Caller = {FE.Module, FE.F->Name};
  S.Call = Call;
  S.At.Function = FE.F->Name;
  S.At.Block = CS.Block;
  S.At.Index = CS.Index;
  S.At.Loop = CS.Loop;
  S.At.Frequency = CS.Frequency;
  S.At.LoopFrequency = CS.LoopFrequency;
  S.At.Callee = CS.Callee;
  S.At.OnceFlag = CS.OnceFlag;
  GlobalUses::Access Allocation;
  Allocation.Module = FE.Module;
  Allocation.Kind = AccessKind::Store;
  Allocation.At = &S.At;
  S.Allocated = record(Allocation);
  S.Allocated.Range.reset();
  // A call that runs a bounded number of times while threads run (in main
  // or what only main calls, outside loops or in counted ones: an init
  // routine called after the first thread started, one that starts the
  // workers) allocates a bounded number of objects, as start-up does: none
  // per request.
  if (!S.Allocated.StartUp && (CS.Loop < 0 || isCountedLoop(F, CS.Loop)) &&
      runsBoundedTimes(F, Bounded))
    S.Allocated.StartUp = true;

  ObjectRoots O;
  for (const auto &[Site, Uses] : FE.F->CallResults)
    if (Site == Call)
      O.Roots.push_back({FE.Module, &Uses});
  O.ElementSize = CS.AllocElementSize;
  O.Size = CS.AllocElementSize * CS.AllocCount;
  O.Allocation = PointsTo::Site{F, Call};
  std::vector<const GlobalEntry *> Holders;
  O.Holders = &Holders;
  GlobalProperties &P = S.Record.Props;
  P.Local = true;
  P.InternalToModule = true; // Its holders: HolderElsewhere.
  P.ElementSize = CS.AllocElementSize;
  P.ElementCount = CS.AllocCount;
  P.CountAtRunTime = !CS.AllocCount;
  recordUses(collectUses(O), S.Record, S.WriteAt, S.ReadAt);
  // The elements as the code indexes them: the accesses again, for them.
  auto Regather = [&](uint64_t ElementSize, uint64_t Count) {
    P.ElementSize = O.ElementSize = ElementSize;
    P.ElementCount = Count;
    GlobalRecord R;
    R.Props = P;
    S.WriteAt.clear();
    S.ReadAt.clear();
    Holders.clear();
    recordUses(collectUses(O), R, S.WriteAt, S.ReadAt);
    S.Record = std::move(R);
  };
  if (!CS.AllocCount) {
    // Known only at run time: elements of the stride the code indexes it
    // by, where that is a multiple of what the call says (C++'s new[] of
    // 24-byte elements, its bytes known only to be a multiple of 8).
    if (uint64_t Stride = runTimeStride(S.Record, O.ElementSize))
      Regather(Stride, 0);
  } else if (CS.AllocCount == 1) {
    // One element, perhaps an array the optimizer folded the size of.
    if (uint64_t Stride = indexedStride(S.Record, O.Size))
      Regather(Stride, O.Size / Stride);
  }
  if (P.ElementCount == 1)
    P.Fields = fieldsAccessed(S.Record, O.Size);
  for (const GlobalEntry *H : Holders) {
    unsigned M = H->Mentions.front().first;
    for (auto &[HM, HS] : H->Mentions)
      if (HS == H->Def)
        M = HM;
    S.Holders.push_back({M, H->Name});
    if (S.HolderElsewhere.empty() && (M != FE.Module || !H->Def->Local))
      S.HolderElsewhere = H->Name;
  }
  return S;
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
