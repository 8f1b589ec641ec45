//===- Policy.cpp - The classification rules ------------------------------===//

#include "cacheline/Policy/Policy.h"
#include "cacheline/Support/EnumNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

namespace cacheline {
template <> struct EnumNames<GlobalClass> {
  static constexpr const char *Names[] = {"write-hot", "read-mostly",
                                          "neutral", "skipped"};
};
template <> struct EnumNames<Phase> {
  static constexpr const char *Names[] = {"start-up", "thread start-up",
                                          "run-time", "shut-down",
                                          "thread shut-down"};
};
template <> struct EnumNames<MeasuredClass> {
  static constexpr const char *Names[] = {"write-hot", "read-mostly",
                                          "neutral", "unseen",
                                          "not measured"};
};
} // namespace cacheline

const char *cacheline::globalClassName(GlobalClass C) { return enumName(C); }

std::optional<GlobalClass> cacheline::parseGlobalClass(StringRef Name) {
  return parseEnumName<GlobalClass>(Name);
}

const char *cacheline::phaseName(Phase P) { return enumName(P); }

std::optional<Phase> cacheline::parsePhase(StringRef Name) {
  return parseEnumName<Phase>(Name);
}

const char *cacheline::measuredClassName(MeasuredClass C) {
  return enumName(C);
}

namespace {

/// Why a global may not be classified at all; empty if it may.
std::string skipReason(const GlobalRecord &G) {
  const GlobalProperties &P = G.Props;
  if (P.Declaration)
    return "declaration: defined outside this module";
  if (P.Constant)
    return "constant";
  if (P.ThreadLocal)
    return "thread-local";
  if (P.ImplicitSection)
    return "section chosen by the user (#pragma clang section)";
  if (P.HasSection)
    return G.InUsedList ? "in llvm.used with a section chosen by the user"
                        : "section chosen by the user";
  if (!P.Local)
    return "exported: another module or library could write it";
  if (!P.ExportedAlias.empty())
    return "exported through alias " + P.ExportedAlias;
  if (P.ExternallyInitialized)
    return "externally initialized";
  if (P.Unsized)
    return "unsized type";
  if (P.ZeroSized)
    return "zero-sized: shares no line";
  return {};
}

/// Where an access runs, for reasons: "store in worker (thread entry) in a
/// busy loop".
std::string describe(const AccessRecord &A, const PolicyOptions &Opts) {
  std::string S = accessKindName(A.Kind);
  if (!A.Callee.empty() && A.Kind != AccessKind::MemIntrinsic) {
    S = demangle(A.Callee); // "pthread_mutex_lock", "std::...()"
    if (!StringRef(S).ends_with(")"))
      S += "()";
  }
  S += " in " + demangle(A.Function);
  if (!A.HandedBy.empty())
    S += ", through a pointer " + demangle(A.HandedBy) + " hands down at " +
         phaseName(A.When);
  else if (!A.OnceFlag.empty())
    S += " once, behind the init flag " + A.OnceFlag;
  else if (A.BeforeThreads)
    S += " before the first thread starts";
  else if (A.When == Phase::ThreadStartUp && A.ThreadEntryFunction)
    S += " (thread entry) before its loops, once per thread";
  else if (A.When == Phase::Shutdown && A.InMain)
    S += " after its loops (shut-down)";
  else if (A.When == Phase::ThreadShutdown && A.ThreadEntryFunction)
    S += " (thread entry) after its steady state, as the thread ends";
  else if (A.InMain)
    S += " after threads may exist";
  else
    S += " (" + A.Role + ")";
  if (A.Loop == LoopKind::Busy)
    S += " in a loop";
  else if (A.Loop == LoopKind::Waiting)
    S += " in a loop that waits";
  else if (A.Loop == LoopKind::Counted)
    S += " in a counted loop";
  if (A.ProfileCount)
    S += ", profile count " + std::to_string(*A.ProfileCount);
  else if (A.Rate < Opts.RareWriteRate && !A.StartUp &&
           (A.Loop == LoopKind::Busy || A.HotFunction))
    S += formatv(", {0:f2} times per iteration of the loop driving it",
                 A.Rate)
             .str();
  return S;
}

/// A run-time write that can repeat in the steady state: in a busy loop, or
/// in code such loops call.
bool repeats(const AccessRecord &A) {
  return !A.StartUp && A.Kind != AccessKind::OnceWrite &&
         (A.Loop == LoopKind::Busy ||
          (A.HotFunction && A.Loop != LoopKind::Waiting));
}

/// A run-time write that happens often enough to contend for its line: it
/// repeats, and the global's repeating writes together run at least
/// RareWriteRate times per iteration of the loops driving them (\p Rate:
/// their sum), so that a store on the branch of one command among dozens
/// is rare while a global written on every branch is not.
bool isHotWrite(const AccessRecord &A, double Rate, const PolicyOptions &Opts) {
  if (A.StartUp || A.Kind == AccessKind::OnceWrite)
    return false;
  // Measured beats guessed.
  if (A.ProfileCount)
    return *A.ProfileCount >= Opts.HotWriteCount;
  // Atomic read-modify-writes and lock calls exist because threads share
  // the object: at run time they are contention by construction.
  if (A.isSynchronization())
    return true;
  return repeats(A) && Rate >= Opts.RareWriteRate;
}

/// Orders hot writes by how clearly they show contention.
int strength(const AccessRecord &A) {
  // A write in a function that runs repeatedly beats one in a loop of code
  // that runs once (main after the threads start): the report should name
  // the per-request write, not the set-up loop.
  return (A.isSynchronization() ? 8 : 0) + (A.HotFunction ? 4 : 0) +
         (A.Loop == LoopKind::Busy ? 2 : 0) + (A.ThreadEntryFunction ? 1 : 0);
}

} // namespace

Decision cacheline::decide(const GlobalRecord &G, bool HasThreads,
                           const PolicyOptions &Opts) {
  if (std::string Why = skipReason(G); !Why.empty())
    return {GlobalClass::Skipped, Why};

  if (!HasThreads)
    return {GlobalClass::Neutral,
            "the program starts no threads: no line can be shared"};

  // Write-hot: written repeatedly, or synchronised on, while threads run.
  double Rate = 0;
  for (const AccessRecord &W : G.Writes)
    if (repeats(W))
      Rate += W.Rate;
  // The reason names the hot write that shows contention most clearly,
  // and of those the most frequent: a global is hot by the sum of its
  // writes' rates, and one of them may be rare by itself.
  auto Clearer = [](const AccessRecord &A, const AccessRecord &B) {
    return std::make_pair(strength(A), A.Rate) >
           std::make_pair(strength(B), B.Rate);
  };
  int Hottest = -1;
  for (size_t I = 0; I < G.Writes.size(); ++I)
    if (isHotWrite(G.Writes[I], Rate, Opts) &&
        (Hottest < 0 || Clearer(G.Writes[I], G.Writes[Hottest])))
      Hottest = I;
  if (Hottest >= 0)
    return {GlobalClass::WriteHot,
            "written while threads run: " + describe(G.Writes[Hottest], Opts),
            Hottest};

  // Padding an escaping global would be harmless, grouping it is not: we do
  // not know who else writes it.
  if (!G.EscapeReason.empty())
    return {GlobalClass::Skipped, "address escapes: " + G.EscapeReason};

  if (G.Reads.empty())
    return {GlobalClass::Neutral,
            G.Writes.empty() ? "never accessed" : "never read"};

  auto Read = std::max_element(G.Reads.begin(), G.Reads.end(),
                               [](const AccessRecord &A, const AccessRecord &B) {
                                 return A.StartUp && !B.StartUp;
                               });
  int ReadIndex = Read - G.Reads.begin();
  if (G.Writes.empty())
    return {GlobalClass::ReadMostly, "never written; read by " + describe(*Read, Opts),
            -1, ReadIndex};

  // Run-time writes that are not hot are rare: what the kernel's
  // __read_mostly admits. A global read while threads run is read-mostly
  // despite them; one read only in a bounded phase gains nothing from it.
  // Writes at the pace of events may be frequent or not: neither class.
  auto RunTimeWrite = find_if(G.Writes, [](const AccessRecord &W) {
    return !W.StartUp && W.EventPaced;
  });
  if (RunTimeWrite == G.Writes.end())
    RunTimeWrite = find_if(G.Writes, [](const AccessRecord &W) {
      return !W.StartUp;
    });
  if (RunTimeWrite != G.Writes.end()) {
    int WriteIndex = RunTimeWrite - G.Writes.begin();
    if (RunTimeWrite->EventPaced || Read->StartUp)
      return {GlobalClass::Neutral,
              "written at run time, but not repeatedly: " +
                  describe(*RunTimeWrite, Opts) +
                  (RunTimeWrite->EventPaced
                       ? std::string()
                       : std::string("; read only in ") +
                             phaseName(Read->When)),
              WriteIndex};
    return {GlobalClass::ReadMostly,
            "written only rarely while threads run (" +
                describe(*RunTimeWrite, Opts) + "); read by " +
                describe(*Read, Opts),
            WriteIndex, ReadIndex};
  }
  bool OnlyStartUp = all_of(G.Writes, [](const AccessRecord &W) {
    return W.When == Phase::StartUp;
  });
  return {GlobalClass::ReadMostly,
          (OnlyStartUp ? "written only at start-up ("
                       : "written only at start-up, thread start-up or "
                         "shut-down (") +
              describe(G.Writes.front(), Opts) +
              "); read by " + describe(*Read, Opts),
          0, ReadIndex};
}


namespace {

/// \p One for 1 ("once", "one thread"), else "N \p Many".
std::string countOf(uint64_t N, StringRef One, StringRef Many) {
  return N == 1 ? One.str() : std::to_string(N) + " " + Many.str();
}

/// Why no layout inside \p G can be made, whatever its shape: the rewrite
/// changes every address of the object, so it must be the program's own
/// and each of its accesses seen where it falls; empty if none.
std::string whyNotRewritable(const GlobalRecord &G,
                             const PolicyOptions &Opts) {
  if (!G.Props.Local)
    return "not internal to the program";
  // A compile rewrites the accesses of its own module only, and other
  // translation units may name an external global.
  if (Opts.EachModuleAlone && !G.Props.InternalToModule)
    return "external in its translation unit, and each compile of the "
           "two-stage flow rewrites its own";
  if (!G.EscapeReason.empty())
    return G.EscapeReason;
  if (!G.PlacesUnknown.empty())
    return "places not followed: " + G.PlacesUnknown;
  // Every access is seen, but C gives the difference a meaning in the old
  // layout (elements, bytes).
  if (!G.Distance.empty())
    return G.Distance;
  return {};
}

/// An array's elements on lines of their own.
InnerLayout decideElements(const GlobalRecord &G, GlobalClass Class,
                           unsigned LineSize, const PolicyOptions &Opts) {
  const GlobalProperties &P = G.Props;
  const uint64_t N = P.ElementCount, Size = P.ElementSize;
  if (Class != GlobalClass::WriteHot || (N < 2 && !P.CountAtRunTime) ||
      !Size || Size % LineSize == 0)
    return {};
  // Only elements written by different threads gain lines of their own:
  // run-time writes must reach more than one element. A loop of hot code
  // that writes the elements in order (a buffer filled, a generator's state
  // refreshed) is one thread's, and padding would only spread its sweep
  // over more lines; lock calls and atomics on elements are shared by
  // construction.
  std::vector<int64_t> Written;
  bool AnyElement = false, Synchronizes = false;
  bool Unknown = false; // A run-time write at a place not followed.
  const AccessRecord *Sweep = nullptr;
  for (const AccessRecord &A : G.Writes) {
    if (A.StartUp)
      continue;
    if (!A.Range) {
      Unknown = true;
      continue;
    }
    if (A.Kind == AccessKind::OnceWrite)
      continue;
    Synchronizes |= A.isSynchronization() || A.Kind == AccessKind::AtomicStore;
    if (std::optional<int64_t> E = A.Range->constantElement(Size))
      Written.push_back(*E);
    else
      AnyElement = true;
    bool Sweeps = any_of(A.Range->Indices, [Size](const ByteRange::Index &I) {
      return I.Stride % Size == 0 && I.Sweeps;
    });
    if (Sweeps && !Sweep && A.HotFunction && repeats(A) &&
        A.Rate >= Opts.RareWriteRate)
      Sweep = &A;
  }
  llvm::sort(Written);
  Written.erase(std::unique(Written.begin(), Written.end()), Written.end());
  if (!AnyElement && Written.size() < 2 && !Unknown)
    return {};

  auto NotRewritten = [](const Twine &Why) {
    InnerLayout Out;
    Out.Reason = ("not rewritten: " + Why).str();
    return Out;
  };
  if (Sweep && !Synchronizes)
    return NotRewritten("a loop writes the elements in order, as one thread "
                        "does: " +
                        describe(*Sweep, Opts));
  if (std::string Why = whyNotRewritable(G, Opts); !Why.empty())
    return NotRewritten(Why);
  for (const std::vector<AccessRecord> *List : {&G.Writes, &G.Reads, &G.Again})
    for (const AccessRecord &A : *List) {
      if (!A.Range)
        return NotRewritten("address arithmetic not followed: " +
                            describe(A, Opts));
      if (!A.Range->Size)
        return NotRewritten("whole array passed: " + describe(A, Opts));
      if (!A.Range->bytesInElement(Size))
        return NotRewritten("reaches beyond one element: " +
                            describe(A, Opts));
    }
  uint64_t Slot = alignTo(Size, LineSize);
  InnerLayout Out;
  Out.SlotSize = Slot;
  if (P.CountAtRunTime) {
    // The caller bounds how often it allocates (decideAllocationLayout).
    Out.Reason = formatv("each element padded from {0} to {1} bytes ({2} "
                         "more per element; their number known at run time)",
                         Size, Slot, Slot - Size);
    return Out;
  }
  uint64_t Added = N * (Slot - Size);
  if (Added > Opts.MaxElementPadding)
    return NotRewritten(formatv("padding its {0} elements would add {1} "
                                "bytes, over the limit of {2}",
                                N, Added, Opts.MaxElementPadding)
                            .str());
  Out.Reason = formatv("each of its {0} elements padded from {1} to {2} bytes",
                       N, Size, Slot);
  return Out;
}

/// Where a run-time write is: its function, its block, and which place of
/// a phi or select of addresses it writes.
using WritePlace = std::tuple<std::string, int, int>;

/// Where \p A's run-time writes are: fields written at the same places are
/// written together, by one thread at a time; the places a phi or select
/// chooses between are written apart (`*(odd ? &s.a : &s.b) += 1`).
std::vector<WritePlace> writtenAt(const GlobalRecord &A) {
  std::vector<WritePlace> At;
  for (const AccessRecord &W : A.Writes)
    if (!W.StartUp)
      At.push_back({W.Function, W.Block, W.Choice});
  return At;
}

/// The fields of \p Fields holding some byte from \p Span.first to
/// \p Span.second.
std::vector<unsigned> fieldsIn(const std::vector<FieldSpan> &Fields,
                               std::pair<int64_t, int64_t> Span) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < Fields.size(); ++I)
    if (Fields[I].Size &&
        Span.first < int64_t(Fields[I].Offset + Fields[I].Size) &&
        Span.second >= int64_t(Fields[I].Offset))
      Out.push_back(I);
  return Out;
}

/// A pointer \p R describes is used outside the fields it points into:
/// what code adds to it after it was handed on (R's Handed*) reaches
/// another field, or the bytes it reaches are not known.
bool leavesItsField(const std::vector<FieldSpan> &Fields, const ByteRange &R) {
  std::optional<std::pair<int64_t, int64_t>> Span = R.span();
  ByteRange Root = R;
  Root.HandedOffset = 0;
  Root.HandedIndices.clear();
  Root.Size = 1;
  std::optional<std::pair<int64_t, int64_t>> RootSpan = Root.span();
  if (!Span || !RootSpan)
    return true;
  std::vector<unsigned> Touched = fieldsIn(Fields, *Span);
  std::vector<unsigned> RootFields = fieldsIn(Fields, *RootSpan);
  return !Touched.empty() && !RootFields.empty() &&
         (RootFields.front() < Touched.front() ||
          RootFields.front() > Touched.back());
}

/// "fast_mutex_lock, fast_mutex_init": the functions of \p Copies at
/// \p Which, a function copied at several places with each place.
std::string copyNames(const std::vector<FunctionCopy> &Copies,
                      const std::vector<unsigned> &Which) {
  std::string Out;
  ListSeparator Sep;
  for (unsigned I : Which) {
    const FunctionCopy &C = Copies[I];
    Out += StringRef(Sep);
    Out += demangle(C.Function);
    if (count_if(Which, [&](unsigned J) {
          return Copies[J].Function == C.Function;
        }) > 1)
      Out += formatv(" (argument {0} at +{1})", C.Arg, C.Offset).str();
  }
  return Out;
}

/// A struct's fields in groups by class, each group a global of its own
/// (\p Pieces "globals"), or lines of its own inside one allocation
/// ("groups of lines").
InnerLayout decideFields(const GlobalRecord &G, GlobalClass Class,
                         unsigned LineSize, const PolicyOptions &Opts,
                         StringRef Pieces = "globals") {
  const GlobalProperties &P = G.Props;
  const std::vector<FieldSpan> &Fields = P.Fields;
  if (Class != GlobalClass::WriteHot || Fields.size() < 2)
    return {};
  InnerLayout Out;
  auto NotSplit = [&Out](const Twine &Why) {
    Out.Reason = ("fields not split: " + Why).str();
    return Out;
  };
  if (std::string Why = whyNotRewritable(G, Opts); !Why.empty())
    return NotSplit(Why);
  // The parts are globals of their own, in no order; padded elements keep
  // theirs.
  if (!G.Order.empty())
    return NotSplit(G.Order);

  // Each field's accesses, as if it were a global of its own. An access
  // across fields keeps them together, in their order (a vectorized load
  // or store of two counters), unless the rewrite can cut it at the
  // fields' bounds: a memset or memcpy into the struct at a constant place.
  std::vector<GlobalRecord> PerField(Fields.size());
  for (GlobalRecord &F : PerField) {
    F.Props = P;
    F.Props.Fields.clear();
    F.InUsedList = G.InUsedList;
  }
  // JoinedBy[I]: the access that keeps field I with field I + 1, if any.
  std::vector<const AccessRecord *> JoinedBy(Fields.size(), nullptr);
  // NeededBy[I]: the first access that needs the copy G.Copies[I], if any.
  std::vector<const AccessRecord *> NeededBy(G.Copies.size(), nullptr);
  for (const std::vector<AccessRecord> *List : {&G.Writes, &G.Reads, &G.Again})
    for (const AccessRecord &A : *List) {
      if (!A.Range)
        return NotSplit("address arithmetic not followed: " +
                        describe(A, Opts));
      std::optional<std::pair<int64_t, int64_t>> Span = A.Range->span();
      if (!Span)
        return NotSplit("bytes reached not known: " + describe(A, Opts));
      std::vector<unsigned> Touched = fieldsIn(Fields, *Span);
      // Only the code naming the global picks the field: a pointer handed
      // on must be used inside the fields it points into, unless a copy of
      // the function it was handed to would name the global instead.
      if (leavesItsField(Fields, *A.Range)) {
        if (A.Copy < 0)
          return NotSplit("reaches beyond its field: " + describe(A, Opts) +
                          (A.NoCopy.empty() ? "" : ", " + A.NoCopy));
        if (!A.CopyRange || leavesItsField(Fields, *A.CopyRange))
          return NotSplit("reaches beyond its field: " + describe(A, Opts) +
                          ", even in a copy of " +
                          demangle(G.Copies[A.Copy].Function) +
                          " naming the global");
        if (!NeededBy[A.Copy])
          NeededBy[A.Copy] = &A;
      }
      bool Cut = A.Kind == AccessKind::MemIntrinsic &&
                 A.Range->Indices.empty() && A.Range->HandedIndices.empty();
      if (Touched.size() > 1 && !Cut)
        for (unsigned I = Touched.front(); I < Touched.back(); ++I)
          if (!JoinedBy[I])
            JoinedBy[I] = &A;
      for (unsigned I : Touched)
        (A.isWrite() ? PerField[I].Writes : PerField[I].Reads).push_back(A);
    }
  for (unsigned I = 0; I < Fields.size(); ++I)
    Out.FieldClasses.push_back(decide(PerField[I], /*HasThreads=*/true, Opts));

  // Fields kept together form a unit, whose class is the most demanding of
  // theirs. Write-hot units written in the same blocks stay together; the
  // read-mostly ones form one group, the rest another.
  using Places = std::vector<WritePlace>;
  std::vector<Places> HotKeys;
  FieldPart ReadMostly{GlobalClass::ReadMostly, {}};
  FieldPart Rest{GlobalClass::Neutral, {}};
  std::vector<FieldPart> Hot;
  const AccessRecord *Mixed = nullptr; // Kept fields of two classes together.
  for (unsigned First = 0, Last; First < Fields.size(); First = Last + 1) {
    for (Last = First; JoinedBy[Last]; ++Last)
      ;
    bool AnyHot = false, AllReadMostly = true;
    Places Key;
    for (unsigned I = First; I <= Last; ++I) {
      GlobalClass C = Out.FieldClasses[I].Class;
      AnyHot |= C == GlobalClass::WriteHot;
      AllReadMostly &= C == GlobalClass::ReadMostly;
      if (I > First && C != Out.FieldClasses[First].Class && !Mixed)
        Mixed = JoinedBy[First];
      if (C == GlobalClass::WriteHot)
        append_range(Key, writtenAt(PerField[I]));
    }
    llvm::sort(Key);
    Key.erase(std::unique(Key.begin(), Key.end()), Key.end());
    FieldPart *Part = AllReadMostly ? &ReadMostly : &Rest;
    if (AnyHot) {
      auto It = find(HotKeys, Key);
      if (It == HotKeys.end()) {
        HotKeys.push_back(std::move(Key));
        Hot.push_back({GlobalClass::WriteHot, {}});
        It = HotKeys.end() - 1;
      }
      Part = &Hot[It - HotKeys.begin()];
    }
    for (unsigned I = First; I <= Last; ++I)
      Part->Fields.push_back(I);
  }
  // Only a read-mostly field on a writer's line, or two writers' fields
  // on one line, gain from the split.
  if (Hot.empty() || (Hot.size() == 1 && ReadMostly.Fields.empty())) {
    if (Mixed)
      return NotSplit("reaches across fields: " + describe(*Mixed, Opts));
    Out.FieldClasses.clear();
    return Out;
  }

  auto Bytes = [&](const FieldPart &Part) {
    uint64_t N = 0;
    for (unsigned I : Part.Fields)
      N += Fields[I].Size;
    return N;
  };
  uint64_t Whole = 0;
  for (const FieldSpan &F : Fields)
    Whole = std::max(Whole, F.Offset + F.Size);
  uint64_t After = Bytes(ReadMostly) + Bytes(Rest);
  for (const FieldPart &Part : Hot)
    After += alignTo(std::max<uint64_t>(Bytes(Part), 1), LineSize);
  uint64_t Added = After - std::min(After, alignTo(Whole, LineSize));
  if (Added > Opts.MaxElementPadding)
    return NotSplit(formatv("giving its {0} groups of written fields lines "
                            "of their own would add about {1} bytes, over "
                            "the limit of {2}",
                            Hot.size(), Added, Opts.MaxElementPadding)
                        .str());

  // The copies of functions the split needs, within their limit.
  std::vector<unsigned> Needed;
  for (unsigned I = 0; I < NeededBy.size(); ++I)
    if (NeededBy[I])
      Needed.push_back(I);
  uint64_t Copied = 0;
  for (unsigned I : Needed) {
    const FunctionCopy &C = G.Copies[I];
    if (Opts.EachModuleAlone && !C.OtherSource.empty())
      return NotSplit("reaches beyond its field: " +
                      describe(*NeededBy[I], Opts) + "; no copy of " +
                      demangle(C.Function) + " can name the global: its " +
                      "body is in " + C.OtherSource +
                      ", and each compile lays out its own translation unit");
    Copied += C.Instructions;
  }
  std::string CopyNames = copyNames(G.Copies, Needed);
  if (!Needed.empty() && Copied > Opts.MaxCopiedInstructions)
    return NotSplit(
        formatv("reaches beyond its field: {0}; {1} {2} naming the global "
                "would add {3} instructions, over the limit of {4}",
                describe(*NeededBy[Needed.front()], Opts),
                Needed.size() == 1 ? "a copy of" : "copies of", CopyNames,
                Copied, Opts.MaxCopiedInstructions)
            .str());
  for (unsigned I : Needed)
    Out.Copies.push_back(G.Copies[I]);

  std::string Why = formatv("fields split into {0} {1}: ",
                            Hot.size() + !ReadMostly.Fields.empty() +
                                !Rest.Fields.empty(),
                            Pieces);
  Out.Parts = std::move(Hot);
  for (FieldPart *Part : {&ReadMostly, &Rest})
    if (!Part->Fields.empty())
      Out.Parts.push_back(std::move(*Part));
  ListSeparator Sep("; ");
  for (const FieldPart &Part : Out.Parts) {
    Why += StringRef(Sep);
    Why += globalClassName(Part.Class);
    Why += " {";
    ListSeparator Comma;
    for (unsigned I : Part.Fields) {
      Why += StringRef(Comma);
      Why += fieldName(P, I);
    }
    Why += "}";
  }
  if (!Needed.empty())
    Why += formatv("; with {0} {1} naming it (+{2} instructions)",
                   Needed.size() == 1 ? "a copy of" : "copies of", CopyNames,
                   Copied);
  Out.Reason = std::move(Why);
  return Out;
}

} // namespace

std::string cacheline::fieldName(const GlobalProperties &P, unsigned Field) {
  const FieldSpan &F = P.Fields[Field];
  if (!F.Name.empty())
    return F.Name;
  return formatv("field {0} (+{1})", Field, F.Offset).str();
}

InnerLayout cacheline::decideInnerLayout(const GlobalRecord &G,
                                         GlobalClass Class, unsigned LineSize,
                                         const PolicyOptions &Opts) {
  if (G.Props.ElementCount || G.Props.CountAtRunTime)
    return decideElements(G, Class, LineSize, Opts);
  return decideFields(G, Class, LineSize, Opts);
}

InnerLayout cacheline::decideAllocationLayout(const GlobalRecord &G,
                                              const AccessRecord &Allocated,
                                              GlobalClass Class,
                                              unsigned LineSize,
                                              const PolicyOptions &Opts,
                                              StringRef HolderElsewhere,
                                              const MeasuredAllocations
                                                  *Measured) {
  // An array's elements padded, or one struct's fields in groups, each
  // group on lines of its own inside the allocation.
  const GlobalProperties &P = G.Props;
  InnerLayout Out;
  if (P.ElementCount == 1 && !P.CountAtRunTime)
    Out = decideFields(G, Class, LineSize, Opts, "groups of lines");
  else if (P.ElementCount || P.CountAtRunTime)
    Out = decideElements(G, Class, LineSize, Opts);
  if (!Out.rewrites() && Out.Reason.empty())
    return Out; // Nothing inside it calls for a layout.
  // Padding costs memory per object: a site that allocates while threads
  // run may allocate one per request or connection. A profile that saw it
  // allocate no more often than threads were created says it does not.
  if (!Allocated.StartUp && !Opts.PadRunTimeAllocations) {
    InnerLayout No;
    if (!Measured) {
      No.Reason = "not rewritten: allocated while threads run (" +
                  describe(Allocated, Opts) +
                  "), perhaps once per request: padding would cost memory "
                  "per object (-cacheline-pad-run-time-allocations allows "
                  "it)";
      return No;
    }
    std::string Times =
        "allocated " + countOf(Measured->After, "once", "times") +
        " after start-up in the profiled runs, which created " +
        countOf(Measured->ThreadsCreated, "one thread", "threads");
    if (!Measured->oncePerThread()) {
      No.Reason = "not rewritten: " + Times +
                  ": padding would cost memory per object "
                  "(-cacheline-pad-run-time-allocations allows it)";
      return No;
    }
    // Lines written a few times move a few times: not worth a line per
    // element of a table whose size only the run knows.
    if (Out.rewrites() && Measured->WritesAfter < Opts.HotWriteCount) {
      No.Reason = "not rewritten: " + Times + ", and written only " +
                  countOf(Measured->WritesAfter, "once", "times") +
                  " after start-up (fewer than the hot write count, " +
                  std::to_string(Opts.HotWriteCount) +
                  "): padding would cost more memory than the line's moves";
      return No;
    }
    if (Out.rewrites())
      Out.Reason += " (profile: " + Times + ")";
  }
  // Every address computed from the allocation's start must be rewritten
  // by the compile that rewrites the call.
  if (Out.rewrites() && Opts.EachModuleAlone && !HolderElsewhere.empty()) {
    InnerLayout No;
    No.Reason = ("not rewritten: the pointer variable " + HolderElsewhere +
                 " is no static of the allocating translation unit, and "
                 "each compile of the two-stage flow rewrites its own")
                    .str();
    return No;
  }
  return Out;
}

MeasuredClass cacheline::measuredClass(const ProfiledGlobal &G,
                                       const PolicyOptions &Opts) {
  // Two writing threads move the line between cores however rarely each
  // writes; one thread's writes only matter when they are many. Counts in
  // part are lower bounds: they can show that much, and nothing else.
  bool WriteHot = G.WritesAfter && (G.WritingThreads >= 2 ||
                                    G.WritesAfter >= Opts.HotWriteCount);
  if (G.InPart)
    return WriteHot ? MeasuredClass::WriteHot : MeasuredClass::NotMeasured;
  if (!G.seen())
    return MeasuredClass::Unseen;
  if (WriteHot)
    return MeasuredClass::WriteHot;
  if (G.ReadsAfter && !G.WritesAfter)
    return MeasuredClass::ReadMostly;
  return MeasuredClass::Neutral;
}

std::optional<Decision>
cacheline::decideFromProfile(const ProfiledGlobal &G, GlobalClass Static,
                             const PolicyOptions &Opts) {
  // A skip is about what the program could do beyond the measured runs
  // (another module, an escape): no measurement lifts it.
  if (Static == GlobalClass::Skipped)
    return std::nullopt;
  Decision D;
  switch (measuredClass(G, Opts)) {
  case MeasuredClass::Unseen:
  case MeasuredClass::NotMeasured:
    return std::nullopt;
  case MeasuredClass::WriteHot:
    D.Class = GlobalClass::WriteHot;
    D.Reason = "profile: written " + std::to_string(G.WritesAfter) +
               " times after start-up by " +
               countOf(G.WritingThreads, "one thread", "threads");
    break;
  case MeasuredClass::ReadMostly:
    D.Class = GlobalClass::ReadMostly;
    D.Reason = "profile: read " + std::to_string(G.ReadsAfter) +
               " times after start-up, never written after it";
    break;
  case MeasuredClass::Neutral:
    D.Class = GlobalClass::Neutral;
    D.Reason = G.WritesAfter
                   ? "profile: written only " + std::to_string(G.WritesAfter) +
                         " times after start-up, by " +
                         countOf(G.WritingThreads, "one thread", "threads")
                   : std::string("profile: not accessed after start-up");
    break;
  }
  return D;
}
