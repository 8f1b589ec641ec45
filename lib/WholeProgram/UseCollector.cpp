//===- UseCollector.cpp - What is done with an object's address -----------===//
//
// Solver::Program::collectUses(): every access of a global or an
// allocation site, through the calls its address is handed to, the
// results that return it and the pointer variables that hold it, in any
// module; and what the walk learns on the way (an escape, the copies of
// functions that would name a struct's fields, the functions stored in
// it).
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/KnownFunctions.h"
#include "SolverProgram.h"

#include "llvm/ADT/Hashing.h"

#include <cstdlib>
#include <tuple>

using namespace llvm;
using namespace cacheline;

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

/// collectUses(const ObjectRoots &): a walk from the code that names the
/// object along everything done with its address (accesses, calls it is
/// handed to, results that return it, pointer variables that hold it),
/// gathering the object's GlobalUses.
class Solver::Program::UseCollector {
public:
  UseCollector(const Program &Prog, const ObjectRoots &O)
      : Prog(Prog), O(O), ElementSize(O.ElementSize), Size(O.Size),
        TrackCopies(O.TrackCopies), DefModule(O.DefModule) {}

  GlobalUses collect() {
    for (auto [M, Uses] : O.Roots)
      walk(M, *Uses, Handed());
    return std::move(Out);
  }

private:
  /// The call that handed the pointer down a chain of calls, by its phase
  /// (GlobalUses::Access::HandedIn); Steady for the code naming the global.
  /// Past a hand-off, where in the global the handed pointer points.
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

  int copyOf(FnId F, int Arg, int64_t Offset) {
    const FuncEntry &FE = Prog.Fns[F];
    FunctionCopy C;
    C.Function = FE.F->Name;
    C.Module = int(FE.Module);
    C.Arg = Arg;
    C.Offset = Offset;
    C.Instructions = FE.F->Instructions;
    if (DefModule != FE.Module)
      C.OtherSource = Prog.Modules[FE.Module].Source;
    auto It = find(Out.Copies, C);
    if (It != Out.Copies.end())
      return int(It - Out.Copies.begin());
    Out.Copies.push_back(std::move(C));
    return int(Out.Copies.size() - 1);
  }

  /// Whether to walk into (F, Arg) as \p H says, and how: the first walk
  /// records its accesses, one for another place records them again
  /// (GlobalUses::Again). For results (Arg -1), \p When says which calls'.
  bool enter(const FunctionSummary *F, int Arg, Handed &H,
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
  }

  /// Into parameter \p Arg of a function whose body some module has.
  void walkParam(const FuncEntry &FE, int Arg, Handed H) {
    if (!enter(FE.F, Arg, H))
      return;
    if (const PointerSummary *P = FE.F->param(Arg))
      walk(FE.Module, *P, H);
  }

  /// The first escape found is the one reported; so are the first
  /// difference and order of addresses.
  void first(const Handed &H, std::string &Fact, const std::string &Why) {
    if (!Fact.empty() || Why.empty())
      return;
    Fact = Why;
    if (H.Unresolved)
      Fact += " (reached through an indirect call in " + *H.Unresolved +
              " that the points-to analysis does not resolve: any "
              "function of its type)";
    else if (H.Through)
      Fact += " (reached through an indirect call in " + *H.Through + ")";
  }
  void escape(const Handed &H, const std::string &Why) {
    first(H, Out.Escape, Why);
  }

  /// A range of \p H's pointer, as a range in the global.
  static std::optional<ByteRange> place(const Handed &H,
                                        const std::optional<ByteRange> &Local) {
    if (H.Root || !H.At || !Local)
      return H.Root ? Local : std::nullopt;
    return std::optional<ByteRange>(H.At->then(*Local));
  }
  /// The same, were the copy H.Copy made: the copied function's own
  /// arithmetic then names the global.
  static std::optional<ByteRange>
  copyPlace(const Handed &H, const std::optional<ByteRange> &Local) {
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
  }
  /// Every access of \p H's walk runs in the phase it was handed down in.
  static GlobalUses::Access access(unsigned M, const Handed &H,
                                   AccessKind Kind, const Position &At,
                                   const std::optional<ByteRange> &Local,
                                   int Choice) {
    return GlobalUses::Access{M,
                              Kind,
                              &At,
                              H.In,
                              H.By,
                              place(H, Local),
                              Choice,
                              H.Copy,
                              copyPlace(H, Local),
                              H.NoCopy,
                              H.NoCopyBy};
  }
  void recordAccess(unsigned M, const Handed &H, AccessKind Kind,
                    const Position &At, const std::optional<ByteRange> &Local) {
    (H.Again ? Out.Again : Out.Accesses)
        .push_back(access(M, H, Kind, At, Local, 0));
  }

  void walk(unsigned M, const PointerSummary &W, Handed H) {
    for (const AccessSummary &A : W.Accesses) {
      if (Prog.neverRuns(M, A.At.Function))
        continue;
      recordAccess(M, H, A.Kind, A.At, A.Range);
      // The other places it may fall at say what is done there.
      for (size_t I = 0; I < A.OrRanges.size(); ++I)
        Out.Again.push_back(
            access(M, H, A.Kind, A.At, A.OrRanges[I], int(I + 1)));
    }
    escape(H, W.Escape);
    first(H, Out.Distance, W.Distance);
    first(H, Out.Order, W.Order);
    if (!H.Again)
      for (const std::string &Fn : W.StoredFunctions)
        Out.StoredFunctions.push_back({M, Fn});
    Out.OpaqueStores |= W.OpaqueStores;
    walkResults(M, W, H);
    walkHolders(M, W, H);
    walkCalls(M, W, H);
  }

  void walkResults(unsigned M, const PointerSummary &W, const Handed &H) {
    for (const ReturnedPointer &RP : W.ReturnedBy) {
      // Into the callers of a function that runs only by calls of the
      // program: the calls' results are the pointer.
      const std::string &Name = RP.Function;
      FnId F = Prog.resolveFn(M, Name);
      if (Prog.NeverRuns.contains(F))
        continue;
      if (!Prog.allCallsSeen(F)) {
        escape(H, "address returned in " + Name);
        continue;
      }
      // What callers do with a result is no longer part of the call; only
      // calls whose constant arguments allow the path returning it.
      Handed Result;
      Result.Root = false;
      Result.At = place(H, RP.Range);
      Result.Through = H.Through;
      Result.Unresolved = H.Unresolved;
      if (!enter(&Prog.fn(F), -1, Result, RP.When))
        continue;
      for (const ResultUse &R : Prog.ResultUses[F])
        if (callAllows(R.Site->ConstantArgs, RP.When))
          walk(R.Module, *R.Uses, Result);
    }
  }

  void walkHolders(unsigned M, const PointerSummary &W, const Handed &H) {
    for (const std::string &Name : W.HeldBy) {
      // Into the pointers loaded from a pointer variable that holds it
      // (and perhaps other addresses: their accesses count too), where
      // offsets are no longer followed.
      const GlobalEntry *P = Prog.resolveGlobal(M, Name);
      if (!P || !Prog.loadsFollowed(*P)) {
        escape(H, "address stored in " + Name +
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
        if (Prog.holdsAllocationStart(*P, *O.Allocation)) {
          Loaded = Handed();
          if (O.Holders)
            O.Holders->push_back(P);
        } else if (Out.PlacesUnknown.empty()) {
          Out.PlacesUnknown = "the pointer variable " + Name +
                              " may hold other addresses too";
        }
      }
      for (auto &[PM, PS] : P->Mentions)
        walk(PM, PS->Loaded, Loaded);
    }
  }

  void walkCalls(unsigned M, const PointerSummary &W, const Handed &H) {
    for (const PointerCall &C : W.Calls) {
      if (Prog.neverRuns(M, C.At.Function))
        continue;
      Handed Down = H;
      if (Down.In == Phase::Steady) {
        PhaseFacts Caller = Prog.phaseFacts(Prog.resolveFn(M, C.At.Function));
        Down.In =
            Prog.phaseAt(Caller, C.At, Prog.isBeforeThreads(Caller.Fn, C.At));
        Down.By = &C.At.Function;
      }
      Down.Root = false;
      Down.At = place(H, C.Range);
      if (TrackCopies && H.Copy >= 0) {
        // Deeper: the copy hands on the address it names.
        Down.CopyAt = copyPlace(H, C.Range);
        Down.InCopy = false;
      }
      if (C.Site >= 0) {
        // Into every function the indirect call may reach.
        if (const CallSite *CS = Prog.pointerCallSite(M, C)) {
          if (!Down.Through)
            Down.Through = &C.At.Function;
          if (!Down.Unresolved && CS->BySignature)
            Down.Unresolved = &C.At.Function;
          if (TrackCopies && H.Root) {
            Down.NoCopy = GlobalUses::Access::NoCopyIndirect;
            Down.NoCopyBy = &C.At.Function;
          }
          for (FnId T : CS->Targets)
            walkParam(Prog.Fns[T], C.Arg, Down);
          continue;
        }
      }
      FnId Callee = Prog.resolveFn(M, C.Callee);
      if (Prog.bodyVisible(Callee)) {
        // Into the callee's body, wherever it is.
        const FuncEntry &FE = Prog.Fns[Callee];
        if (C.Arg < FE.F->NumArgs && FE.F->Type == C.CallType) {
          if (TrackCopies && H.Root) {
            // A copy of the callee would name the global where the call
            // hands it a constant place in it.
            if (C.Range && C.Range->Indices.empty() &&
                C.Range->HandedIndices.empty() && !C.Range->HandedOffset) {
              Down.Copy = copyOf(Callee, C.Arg, C.Range->Offset);
              Down.CopyAt = C.Range;
              Down.InCopy = true;
            } else {
              Down.NoCopy = GlobalUses::Access::NoCopyVaries;
              Down.NoCopyBy = &C.Callee;
            }
          }
          walkParam(FE, C.Arg, Down);
        } else {
          escape(H, "address passed as a variadic argument of " + C.Callee +
                        " in " + C.At.Function);
        }
        continue;
      }
      switch (C.Fallback) {
      case CallEffect::Body:
      case CallEffect::None:
        break;
      case CallEffect::Escape:
        if (auto To = Prog.handedToCallbacks(M, C)) {
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
            walkParam(Prog.Fns[T], To->second, Down);
          break;
        }
        escape(H, C.EscapeReason);
        break;
      case CallEffect::Read:
        recordAccess(M, H, AccessKind::CallRead, C.At, C.Range);
        break;
      case CallEffect::Write:
        recordAccess(M, H, AccessKind::CallWrite, C.At, C.Range);
        Out.OpaqueStores = true;
        break;
      case CallEffect::WriteOnce:
        recordAccess(M, H, AccessKind::OnceWrite, C.At, C.Range);
        break;
      case CallEffect::Lock:
        recordAccess(M, H, AccessKind::LockCall, C.At, C.Range);
        break;
      }
    }
  }

  const Program &Prog;
  const ObjectRoots &O;
  GlobalUses Out;
  const uint64_t ElementSize;
  const uint64_t Size;
  const bool TrackCopies;
  /// The module whose summary defines the global: a copy is made there in
  /// the two-stage flow (PolicyOptions::EachModuleAlone).
  const std::optional<unsigned> DefModule;
  /// (Function, parameter, phase handed in, whose results: a hash of
  /// ReturnedPointer::When) walked into, and with which handOffKey;
  /// parameter -1 for the function's results.
  DenseSet<std::tuple<const FunctionSummary *, int, int, size_t>> Visited;
  DenseSet<std::tuple<const FunctionSummary *, int, int, size_t>> VisitedAt;
  /// Pointer variables whose loads were walked into.
  SmallPtrSet<const GlobalEntry *, 4> Holders;
};

GlobalUses Solver::Program::collectUses(const ObjectRoots &O) const {
  return UseCollector(*this, O).collect();
}
