//===- Records.cpp - What the rules read of globals and allocations -------===//
//
// From an object's uses (UseCollector.cpp) to Policy's GlobalRecord: each
// access with its phase, loop, rate and role (record()), a global's facts
// (solveGlobal()), and an allocation site's, with the elements and fields
// its code indexes it by (solveAllocation()).
//
//===----------------------------------------------------------------------===//

#include "SolverProgram.h"

#include "llvm/Demangle/Demangle.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

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
  S.Id = &G - Globals.data();
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
