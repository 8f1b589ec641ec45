//===- SummaryBuilder.cpp - IR to program summary ------------------------===//
//
// Where a fact depends on another function's body or linkage, which another
// module may hold, this file records the question instead of answering it:
// a call handing a pointer on names its callee and what the call would do
// without a body; a use of a function's address names the call or the
// global it goes to. The solver answers with the whole program in view.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/FunctionFields.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/ObjectAddress.h"
#include "cacheline/Summary/OnceRegions.h"
#include "cacheline/Summary/PointerFlow.h"
#include "cacheline/Summary/PointerUseWalker.h"
#include "cacheline/Summary/Sanitizer.h"
#include "cacheline/Support/LLVMCompat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;

bool cacheline::isCallSite(const Instruction &I) {
  return isa<CallBase>(I) && !isa<IntrinsicInst>(I);
}

std::string cacheline::definitionFingerprint(const GlobalVariable &GV,
                                             ModuleSlotTracker *Slots) {
  std::string S;
  raw_string_ostream OS(S);
  GV.getValueType()->print(OS);
  OS << " = ";
  if (GV.hasInitializer()) {
    if (Slots)
      GV.getInitializer()->print(OS, *Slots);
    else
      GV.getInitializer()->print(OS);
  }
  return utohexstr(compat::hash64(S), /*LowerCase=*/true, /*Width=*/16);
}

std::string cacheline::allocationFingerprint(StringRef Allocator,
                                             uint64_t ElementSize,
                                             uint64_t Elements) {
  std::string S =
      (Allocator + " " + Twine(ElementSize) + " x " + Twine(Elements)).str();
  return utohexstr(compat::hash64(S), /*LowerCase=*/true, /*Width=*/16);
}

namespace {

std::string typeString(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

const Function *calledFunction(const CallBase &CB) {
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

/// Loops in a once region with at most this many trips are table fills.
constexpr unsigned MaxOnceRegionTrips = 65536;

/// Positions, loops, frequencies and once regions of the module's
/// instructions.
class Positions {
public:
  Positions(Module &M, FunctionAnalysisManager &FAM) : FAM(FAM) {
    // One walk over the module's instructions, which are many and far
    // apart in memory: what each function's summary needs of them, and the
    // writes once regions are made of.
    std::vector<const Instruction *> Writes;
    for (const Function &F : M)
      if (!F.isDeclaration())
        scan(F, Writes);
    Once.emplace(M, Writes, FAM);
  }

  /// A call FunctionSummary::Calls lists: its block and its index there.
  struct CallPlace {
    const CallBase *Call;
    int Block;
    int Index;
  };

  /// What the instructions of a block share: a Position but for its
  /// Function, Block, Index and Callee.
  struct BlockPlace {
    bool Known = false;
    int Loop = -1;
    double Frequency = 1.0;
    double LoopFrequency = 1.0;
    std::optional<uint64_t> ProfileCount;
    const std::string *OnceFlag = nullptr;
  };

  /// What scan() finds of a function, and what is computed when first
  /// asked for.
  struct FunctionInfo {
    StringRef Name;
    bool HasEntryCount = false;
    unsigned NumBlocks = 0;
    /// Its instructions, debug ones not counted (FunctionSummary).
    uint64_t NumInstructions = 0;
    DenseMap<const BasicBlock *, unsigned> Block;
    /// FunctionSummary::Calls, in order, and each call's index there.
    std::vector<CallPlace> Calls;
    DenseMap<const CallBase *, int> CallSite;
    /// FunctionSummary::Successors, until functionSummary() takes them.
    std::vector<std::vector<int>> Successors;
    LoopInfo *Loops = nullptr;
    DenseMap<const Loop *, int> LoopId;
    /// None in a function of one block.
    BlockFrequencyInfo *BFI = nullptr;
    double EntryFrequency = 0;
    /// maxIterations() of the loops asked about.
    DenseMap<const Loop *, uint64_t> Iterations;
    /// exitsOnCountedCompare() of the loops asked about.
    DenseMap<const Loop *, bool> CountedCompare;
    /// blockPlace() of each block, by number.
    std::vector<BlockPlace> Places;
  };

  /// \p F's blocks, calls and loops. The returned reference stays valid
  /// while others are added: callers hold one across walks that ask for
  /// other functions.
  FunctionInfo &info(const Function &F) {
    std::unique_ptr<FunctionInfo> &Info = Infos[&F];
    if (!Info) { // A declaration: no blocks.
      Info = std::make_unique<FunctionInfo>();
      Info->Name = F.getName();
    }
    FunctionInfo &FI = *Info;
    if (!FI.Loops) {
      FI.Loops = &FAM.getResult<LoopAnalysis>(const_cast<Function &>(F));
      SmallVector<Loop *, 4> Preorder = FI.Loops->getLoopsInPreorder();
      FI.LoopId.reserve(Preorder.size());
      for (auto [Id, L] : enumerate(Preorder))
        FI.LoopId[L] = Id;
    }
    return FI;
  }

  /// \p CB's index in its function's FunctionSummary::Calls.
  int callSiteIndex(const CallBase &CB) {
    return Infos.find(CB.getFunction())->second->CallSite.lookup(&CB);
  }

  LoopInfo &loops(const Function &F) { return *info(F).Loops; }

  /// The index of \p BB's innermost loop, or -1; the loop's trip counts
  /// are looked at for countedLoops().
  int loopId(const BasicBlock &BB) {
    FunctionInfo &FI = info(*BB.getParent());
    const Loop *L = FI.Loops->getLoopFor(&BB);
    if (!L)
      return -1;
    maxIterations(*L);
    return FI.LoopId.lookup(L);
  }

  /// The most times the body of \p L runs per call of its function: the
  /// product of the constant maximum trip counts (SCEV's) of it and of
  /// every loop around it; 0 if one is unknown.
  uint64_t maxIterations(const Loop &L) {
    Function &F = *L.getHeader()->getParent();
    FunctionInfo &FI = info(F);
    auto [It, New] = FI.Iterations.try_emplace(&L, 0);
    if (!New)
      return It->second;
    // SCEV's exit counts are costly in large loops (an interpreter's
    // dispatch loop has hundreds of exits): ask only about loops that
    // look counted.
    for (const Loop *P = &L; P; P = P->getParentLoop())
      if (!exitsOnCountedCompare(FI, *P))
        return 0;
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    uint64_t N = 1;
    for (const Loop *P = &L; P; P = P->getParentLoop()) {
      unsigned Trips = SE.getSmallConstantMaxTripCount(P);
      if (Trips == 0)
        return 0;
      N = SaturatingMultiply(N, uint64_t(Trips));
    }
    return FI.Iterations[&L] = N;
  }

  /// Some exit of \p L compares an induction variable of its header (or
  /// the variable stepped) with a constant: `i != 256`. Once per loop: each
  /// loop inside asks about it again.
  static bool exitsOnCountedCompare(FunctionInfo &FI, const Loop &L) {
    auto [It, New] = FI.CountedCompare.try_emplace(&L, false);
    if (!New)
      return It->second;
    auto IsInduction = [&](const Value *V) {
      if (const auto *BO = dyn_cast<BinaryOperator>(V))
        V = isa<Constant>(BO->getOperand(1)) ? BO->getOperand(0) : nullptr;
      const auto *Phi = dyn_cast_or_null<PHINode>(V);
      return Phi && Phi->getParent() == L.getHeader();
    };
    SmallVector<BasicBlock *, 8> Exiting;
    L.getExitingBlocks(Exiting);
    return It->second = any_of(Exiting, [&](const BasicBlock *BB) {
             const auto *BI = dyn_cast<BranchInst>(BB->getTerminator());
             const auto *Cmp = BI && BI->isConditional()
                                   ? dyn_cast<ICmpInst>(BI->getCondition())
                                   : nullptr;
             return Cmp && isa<Constant>(Cmp->getOperand(1)) &&
                    IsInduction(Cmp->getOperand(0));
           });
  }

  /// The counted loops among those loopId() was asked about in \p F.
  std::vector<CountedLoop> countedLoops(const Function &F) {
    FunctionInfo &FI = info(F);
    std::vector<CountedLoop> Out;
    for (auto [L, N] : FI.Iterations)
      if (N)
        Out.push_back({FI.LoopId.lookup(L), N});
    llvm::sort(Out, [](const CountedLoop &A, const CountedLoop &B) {
      return A.Loop < B.Loop;
    });
    return Out;
  }

  /// Frequency of \p BB relative to its function's entry and to the header
  /// of its innermost loop.
  std::pair<double, double> frequencies(const BasicBlock &BB) {
    const Function &F = *BB.getParent();
    FunctionInfo &FI = info(F);
    if (FI.NumBlocks == 1)
      return {1.0, 1.0};
    BlockFrequencyInfo &BFI = blockFrequencies(F, FI);
    double Block = double(BFI.getBlockFreq(&BB).getFrequency());
    double Header = Block;
    if (const Loop *L = FI.Loops->getLoopFor(&BB))
      Header = double(BFI.getBlockFreq(L->getHeader()).getFrequency());
    return {Block / FI.EntryFrequency, Header > 0 ? Block / Header : 1.0};
  }

  /// The place of block number \p Block of \p FI, computed once per
  /// block: the walks record every access, many in the same blocks.
  const BlockPlace &blockPlace(FunctionInfo &FI, const BasicBlock &BB,
                               unsigned Block) {
    if (FI.Places.empty())
      FI.Places.resize(FI.NumBlocks);
    BlockPlace &P = FI.Places[Block];
    if (P.Known)
      return P;
    P.Known = true;
    P.Loop = loopId(BB);
    std::tie(P.Frequency, P.LoopFrequency) = frequencies(BB);
    if (FI.HasEntryCount)
      P.ProfileCount =
          blockFrequencies(*BB.getParent(), FI).getBlockProfileCount(&BB);
    P.OnceFlag = onceFlag(BB);
    return P;
  }

  /// Where \p I is: the place of its block, with its index and callee.
  Position at(const Instruction &I) {
    const BasicBlock &BB = *I.getParent();
    FunctionInfo &FI = info(*BB.getParent());
    Position P;
    P.Block = FI.Block.lookup(&BB);
    const BlockPlace &B = blockPlace(FI, BB, P.Block);
    P.Function = FI.Name.str();
    P.Index = std::distance(BB.begin(), I.getIterator());
    P.Loop = B.Loop;
    P.Frequency = B.Frequency;
    P.LoopFrequency = B.LoopFrequency;
    P.ProfileCount = B.ProfileCount;
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction())
        P.Callee = Callee->getName().str();
    if (B.OnceFlag)
      P.OnceFlag = *B.OnceFlag;
    return P;
  }

  /// cacheline::onlyCalledDirectly(), once per function: each call of it
  /// asks.
  bool onlyCalledDirectly(const Function &F) {
    auto [It, New] = OnlyCalledDirectly.try_emplace(&F);
    if (New)
      It->second = cacheline::onlyCalledDirectly(F);
    return It->second;
  }

  /// \p T printed: many calls share a function type.
  std::string typeName(const Type *T) {
    auto [It, New] = TypeNames.try_emplace(T);
    if (New)
      It->second = typeString(T);
    return It->second;
  }

  FunctionAnalysisManager &FAM;

private:
  /// Numbers \p F's blocks and finds its calls and successors; adds its
  /// OnceRegions::isWrite() instructions to \p Writes.
  void scan(const Function &F, std::vector<const Instruction *> &Writes) {
    std::unique_ptr<FunctionInfo> &Info = Infos[&F];
    Info = std::make_unique<FunctionInfo>();
    FunctionInfo &FI = *Info;
    FI.Name = F.getName();
    FI.HasEntryCount = F.getEntryCount().has_value();
    SmallVector<const BasicBlock *, 32> Blocks;
    // The successors of each block in turn: Targets[TargetsEnd[B - 1] ...
    // TargetsEnd[B]) are block B's.
    SmallVector<const BasicBlock *, 64> Targets;
    SmallVector<unsigned, 32> TargetsEnd;
    for (const BasicBlock &BB : F) {
      int Index = 0;
      for (const Instruction &I : BB) {
        if (isCallSite(I))
          FI.Calls.push_back({cast<CallBase>(&I), int(Blocks.size()), Index});
        else if (OnceRegions::isWrite(I))
          Writes.push_back(&I);
        if (!I.isDebugOrPseudoInst())
          ++FI.NumInstructions;
        ++Index;
      }
      Blocks.push_back(&BB);
      append_range(Targets, successors(&BB));
      TargetsEnd.push_back(Targets.size());
    }
    // Maps sized once: most functions are small, and a map grown from
    // empty starts at 64 buckets.
    FI.NumBlocks = Blocks.size();
    FI.Block.reserve(Blocks.size());
    for (auto [B, BB] : enumerate(Blocks))
      FI.Block[BB] = B;
    FI.CallSite.reserve(FI.Calls.size());
    for (auto [Site, Place] : enumerate(FI.Calls))
      FI.CallSite[Place.Call] = Site;
    FI.Successors.resize(Blocks.size());
    unsigned Begin = 0;
    for (auto [B, Successors] : enumerate(FI.Successors)) {
      auto Numbers = map_range(
          ArrayRef(Targets).slice(Begin, TargetsEnd[B] - Begin),
          [&](const BasicBlock *Succ) { return int(FI.Block.lookup(Succ)); });
      Successors.assign(Numbers.begin(), Numbers.end());
      Begin = TargetsEnd[B];
    }
    // The analyses every summary of such a function asks for, while its
    // instructions are still in the cache: its loops, and the frequencies
    // of its calls' blocks.
    info(F);
    if (FI.NumBlocks > 1 && !FI.Calls.empty())
      blockFrequencies(F, FI);
  }

  BlockFrequencyInfo &blockFrequencies(const Function &F, FunctionInfo &FI) {
    if (!FI.BFI) {
      FI.BFI = &FAM.getResult<BlockFrequencyAnalysis>(const_cast<Function &>(F));
      // (BFI's entry frequency has a type that differs between LLVM
      // releases.)
      FI.EntryFrequency =
          double(FI.BFI->getBlockFreq(&F.getEntryBlock()).getFrequency());
    }
    return *FI.BFI;
  }

  /// The init flag \p BB runs behind, if it is a latch, or in a once region
  /// and in no loop of it but short counted ones: other threads may run
  /// while a once region does, and a loop in it repeats its writes unless
  /// it is a table fill.
  const std::string *onceFlag(const BasicBlock &BB) {
    const std::string *Flag = Once->flagOf(BB);
    if (!Flag || Once->isLatch(BB))
      return Flag;
    Function &F = const_cast<Function &>(*BB.getParent());
    const Loop *L = loops(F).getLoopFor(&BB);
    if (!L)
      return Flag;
    uint64_t Iterations = maxIterations(*L);
    return Iterations && Iterations <= MaxOnceRegionTrips ? Flag : nullptr;
  }

  std::optional<OnceRegions> Once;
  DenseMap<const Function *, std::unique_ptr<FunctionInfo>> Infos;
  DenseMap<const Type *, std::string> TypeNames;
  DenseMap<const Function *, bool> OnlyCalledDirectly;
};

/// A constant table of the module's own that is only loaded from, such as
/// SimplifyCFG's switch lookup tables (`switch (i) { case 0: p = &a; ...}`):
/// a pointer loaded from it may be the address of any global in its
/// initializer, so the walk follows each load like the address itself
/// (conservative: accesses through the table's other entries count too).
/// Returns false, with \p Loads unspecified, if \p Table is not such a
/// table (writable, exported, or itself escaping).
bool lookupTableLoads(const GlobalVariable &Table,
                      SmallVectorImpl<const Value *> &Loads) {
  if (!Table.isConstant() || !Table.hasLocalLinkage() ||
      !Table.hasInitializer())
    return false;
  SmallVector<const Value *, 8> Worklist{&Table};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if ((isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr)) &&
          U.getOperandNo() == 0)
        Worklist.push_back(Usr);
      else if (isa<LoadInst>(Usr))
        Loads.push_back(Usr);
      else
        return false; // The table itself escapes: so does the address.
    }
  }
  return true;
}

/// A global that holds one pointer (`T *P = &t;`, `P = &t;`): what code
/// loads from it is the address stored in it, which the solver follows
/// into the loads (GlobalSummary::Loaded) when the program keeps it to
/// itself.
bool isPointerVariable(const GlobalVariable &GV) {
  if (GV.isThreadLocal())
    return false;
  // A pointer, or a pointer followed by padding bytes (AddressSanitizer's
  // redzone after a global).
  Type *T = GV.getValueType();
  if (auto *ST = dyn_cast<StructType>(T);
      ST && ST->getNumElements() == 2 && ST->getElementType(1)->isArrayTy() &&
      ST->getElementType(1)->getArrayElementType()->isIntegerTy(8))
    T = ST->getElementType(0);
  return T->isPointerTy();
}

/// Follows one root (a global or a pointer parameter) and summarizes its
/// uses. A call handing the pointer to a named function is recorded, not
/// followed: its body may be in another module.
class SummaryWalker : public PointerUseWalker<SummaryWalker> {
public:
  SummaryWalker(Positions &Pos, const DataLayout &DL) : Pos(Pos), DL(DL) {}

  void walk(const Value *From) { walk(ArrayRef(From)); }
  /// From values that all point to the same place (the loads of a pointer
  /// variable: each is where the variable's pointer points).
  void walk(ArrayRef<const Value *> From) {
    Root = From.front();
    Roots.clear();
    Roots.insert(From.begin(), From.end());
    RangeIndex.clear(); // Relative to the previous root.
    Ranges.clear();
    PointerUseWalker::walk(From);
    // Where each access falls, once every value derived from the root is
    // known: a phi's inputs that are not (null, fresh memory) point
    // elsewhere, and do not make the place unknown.
    for (const PendingRange &P : Pending)
      placeRange(P);
    Pending.clear();
  }

  PointerSummary Uses;
  bool InUsedList = false;

private:
  friend class PointerUseWalker<SummaryWalker>;

  void record(AccessKind Kind, const Instruction *I) {
    Pending.push_back({PendingRange::Access, Uses.Accesses.size(),
                       currentUse().get(), accessSize(*I, DL)});
    Uses.Accesses.push_back({Kind, Pos.at(*I), std::nullopt, {}});
    noteStoredValue(Kind, *I);
  }

  /// A range to fill in at the end of the walk.
  struct PendingRange {
    enum { Access, Call, Return } Of;
    size_t Index; ///< In Uses.Accesses, Uses.Calls or Uses.ReturnedBy.
    const Value *Ptr;
    /// Access: the bytes it touches. Call: 1 for a known function acting
    /// on one object (a lock), else 0 (the range's own size).
    uint64_t Size;
  };
  std::vector<PendingRange> Pending;

  void placeRange(const PendingRange &P) {
    std::optional<ByteRange> Range = rangeOf(P.Ptr);
    switch (P.Of) {
    case PendingRange::Access: {
      AccessSummary &A = Uses.Accesses[P.Index];
      if (!Range) {
        A.OrRanges = placesOf(P.Ptr);
        if (!A.OrRanges.empty()) {
          Range = A.OrRanges.front();
          A.OrRanges.erase(A.OrRanges.begin());
        }
      }
      for (ByteRange &R : A.OrRanges)
        R.Size = P.Size;
      if (Range)
        Range->Size = P.Size;
      A.Range = std::move(Range);
      return;
    }
    case PendingRange::Call:
      if (Range && P.Size)
        Range->Size = P.Size;
      Uses.Calls[P.Index].Range = std::move(Range);
      return;
    case PendingRange::Return:
      Uses.ReturnedBy[P.Index].Range = std::move(Range);
      return;
    }
  }

  /// The pointers \p V merges: a phi's incoming values, a select's two
  /// arms and, \p ThroughCalls, what the internal function a call of it
  /// calls returns (null for a return of no value); empty for any other.
  static SmallVector<const Value *, 4> mergedPointers(const Value *V,
                                                      bool ThroughCalls) {
    SmallVector<const Value *, 4> Inputs;
    if (const auto *Phi = dyn_cast<PHINode>(V)) {
      append_range(Inputs, Phi->incoming_values());
    } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Inputs = {Sel->getTrueValue(), Sel->getFalseValue()};
    } else if (const auto *CB = dyn_cast<CallBase>(V); CB && ThroughCalls) {
      const Function *Callee = calledFunction(*CB);
      if (Callee && !Callee->isDeclaration())
        for (const BasicBlock &BB : *Callee)
          if (const auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
            Inputs.push_back(Ret->getReturnValue());
    }
    return Inputs;
  }

  /// The places \p V may point at, when it is a phi or select (after GEPs
  /// and casts) of addresses whose places rangeOf knows but differ: each
  /// input's, at most MaxPlaces; empty otherwise.
  /// The term of \p A whose index chooses among constants, if one does;
  /// -1 if none.
  int chosenTermIndex(const ObjectAddress &A) const {
    // A global's arithmetic the rewrite rebuilds term by term.
    if (isa<GlobalValue>(Root))
      return -1;
    for (auto [I, T] : enumerate(A.Terms))
      if (constantChoices(T.Index))
        return int(I);
    return -1;
  }
  bool chosenTerm(const ObjectAddress &A) const {
    return chosenTermIndex(A) >= 0;
  }

  std::vector<ByteRange> placesOf(const Value *V) {
    constexpr size_t MaxPlaces = 8;
    std::optional<ObjectAddress> A =
        decomposeAddress(const_cast<Value *>(V), DL);
    if (!A)
      return {};
    std::vector<ByteRange> Places;
    // An index chosen among constants: each is a place.
    if (int Chosen = chosenTermIndex(*A); Chosen >= 0) {
      std::optional<ByteRange> Base =
          A->Base == Root || Roots.contains(A->Base)
              ? std::optional<ByteRange>(ByteRange())
              : rangeOf(A->Base);
      if (!Base)
        return {};
      AddressTerm T = A->Terms[Chosen];
      ObjectAddress One = *A;
      One.Terms.erase(One.Terms.begin() + Chosen);
      SmallVector<int64_t, 4> Choices = *constantChoices(T.Index);
      for (int64_t C : Choices) {
        ObjectAddress Here = One;
        Here.Offset += C * int64_t(T.Stride);
        ByteRange R = *Base == ByteRange() ? toByteRange(Here)
                                          : Base->then(toByteRange(Here));
        if (!is_contained(Places, R))
          Places.push_back(std::move(R));
      }
      return Places;
    }
    for (const Value *In : mergedPointers(A->Base, /*ThroughCalls=*/false)) {
      if (!reached(In))
        continue; // Another object's address, or null.
      std::optional<ByteRange> R = rangeOf(In);
      if (!R)
        return {};
      ByteRange Here = R->then(toByteRange(*A));
      if (!is_contained(Places, Here))
        Places.push_back(std::move(Here));
    }
    if (Places.size() > MaxPlaces)
      return {};
    return Places;
  }

  /// Where \p V points in the root's object, if the arithmetic from the
  /// root can be followed: GEPs, casts and aliases, and phis, selects and
  /// internal functions' returns whose every input points at the same
  /// place (after which arithmetic is handed: ByteRange).
  std::optional<ByteRange> rangeOf(const Value *V) {
    // A cycle (a pointer stepped in a loop) finds itself in progress:
    // unknown.
    auto [It, New] = RangeIndex.try_emplace(V, Ranges.size());
    if (!New)
      return Ranges[It->second];
    unsigned I = Ranges.size();
    Ranges.emplace_back();
    std::optional<ByteRange> R = computeRange(V);
    Ranges[I] = R;
    return R;
  }

  std::optional<ByteRange> computeRange(const Value *V) {
    std::optional<ObjectAddress> A =
        decomposeAddress(const_cast<Value *>(V), DL);
    if (!A || chosenTerm(*A))
      return std::nullopt; // One of several places: placesOf().
    
    ByteRange Local = toByteRange(*A);
    if (A->Base == Root || Roots.contains(A->Base))
      return Local;
    // A value that merges pointers: all must point at the same place.
    // Merges of merges with nothing added between them (a loop's phis of a
    // pointer reloaded after a call) are one value: only the pointers
    // entering that web count.
    SmallSetVector<const Value *, 4> Web;
    Web.insert(A->Base);
    SmallVector<const Value *, 4> Entering;
    for (size_t I = 0; I < Web.size(); ++I)
      for (const Value *In : mergedPointers(Web[I], /*ThroughCalls=*/true)) {
        if (In && !reached(In))
          continue; // Another object's address, or null.
        std::optional<ObjectAddress> Step =
            In ? decomposeAddress(const_cast<Value *>(In), DL) : std::nullopt;
        if (Step && !Step->Offset && Step->Terms.empty() &&
            !mergedPointers(Step->Base, /*ThroughCalls=*/true).empty() &&
            Step->Base != Root && !Roots.contains(Step->Base))
          Web.insert(Step->Base);
        else
          Entering.push_back(In);
      }
    std::optional<ByteRange> Merged;
    for (const Value *In : Entering) {
      std::optional<ByteRange> R = In ? rangeOf(In) : std::nullopt;
      if (!R || (Merged && !(*R == *Merged)))
        return std::nullopt;
      Merged = R;
    }
    if (!Merged)
      return std::nullopt;
    // A web only of the root's own value (not a global's address, which the
    // rewrite names itself) is the root: AddressRewrite takes it as one.
    if (*Merged == ByteRange() && !isa<GlobalValue>(Root))
      return Local;
    return Merged->then(Local);
  }

  /// What a write puts in the memory, as far as function pointers go.
  void noteStoredValue(AccessKind Kind, const Instruction &I) {
    const Value *Stored = nullptr;
    switch (Kind) {
    case AccessKind::Store:
    case AccessKind::AtomicStore:
      Stored = cast<StoreInst>(I).getValueOperand();
      break;
    case AccessKind::AtomicRMW:
      Stored = cast<AtomicRMWInst>(I).getValOperand();
      break;
    case AccessKind::CmpXchg:
      Stored = cast<AtomicCmpXchgInst>(I).getNewValOperand();
      break;
    case AccessKind::MemIntrinsic:
      if (!isa<MemSetInst>(I))
        Uses.OpaqueStores = true; // A copy may bring function pointers.
      return;
    case AccessKind::CallWrite:
      Uses.OpaqueStores = true;
      return;
    default:
      return;
    }
    if (!Stored->getType()->isPtrOrPtrVectorTy())
      return;
    // Through selects and phis: `x.f = cond ? fa : fb` stores either.
    SmallVector<const Value *, 4> Values;
    getUnderlyingObjects(Stored, Values);
    for (const Value *V : Values) {
      if (const auto *F = dyn_cast<Function>(V))
        Uses.StoredFunctions.push_back(F->getName().str());
      else if (!isa<Constant>(V))
        Uses.OpaqueStores = true;
    }
  }

  void returned(const Function &F, std::optional<ArgumentValues> When) {
    Pending.push_back({PendingRange::Return, Uses.ReturnedBy.size(),
                       currentUse().get(), 0});
    Uses.ReturnedBy.push_back({F.getName().str(), std::nullopt, When});
  }

  void stored(const StoreInst &SI) {
    const auto *Var = dyn_cast<GlobalVariable>(SI.getPointerOperand());
    if (Var && isPointerVariable(*Var))
      Uses.HeldBy.push_back(Var->getName().str());
    else
      escape("address stored to memory", &SI);
  }

  void escape(const Twine &Reason, const Instruction *At) {
    if (!Uses.Escape.empty())
      return;
    Uses.Escape = Reason.str() + in(At);
  }

  void distance(const Instruction *At) {
    if (Uses.Distance.empty())
      Uses.Distance = "difference of two addresses" + ofRoot() + in(At);
  }

  void order(const Instruction *At) {
    if (Uses.Order.empty())
      Uses.Order = "order of two addresses" + ofRoot() + " compared" + in(At);
  }

  /// " of g" for a walk from a global: a parameter's walk does not know
  /// whose address it has.
  std::string ofRoot() const {
    const auto *GV = dyn_cast<GlobalVariable>(Root);
    return GV ? " of " + GV->getName().str() : std::string();
  }

  static std::string in(const Instruction *At) {
    return At ? " in " + At->getFunction()->getName().str() : std::string();
  }

  void visitCall(const CallBase &CB, const Use &U);
  void visitConstant(const Constant &C);

  Positions &Pos;
  const DataLayout &DL;
  const Value *Root = nullptr;
  /// All the roots of the walk, Root first.
  SmallPtrSet<const Value *, 4> Roots;
  /// rangeOf() of the values asked about, by index in Ranges.
  DenseMap<const Value *, unsigned> RangeIndex;
  std::vector<std::optional<ByteRange>> Ranges;
};

void SummaryWalker::visitCall(const CallBase &CB, const Use &U) {
  if (CB.isCallee(&U)) {
    escape("address called as a function", &CB);
    return;
  }
  // The allocation's own clearing (calloc's, written out).
  if (const auto *Alloc = dyn_cast<CallBase>(Root);
      Alloc && U.get() == Alloc && clearingMemset(*Alloc) == &CB)
    return;
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    if (const auto *MI = dyn_cast<AnyMemIntrinsic>(II)) {
      if (MI->getRawDest() == U.get() && U.getOperandNo() == 0)
        record(AccessKind::MemIntrinsic, &CB);
      else
        record(AccessKind::Load, &CB); // The source of memcpy/memmove.
      return;
    }
    if (II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic() ||
        II->getIntrinsicID() == Intrinsic::prefetch ||
        II->getIntrinsicID() == Intrinsic::objectsize)
      return;
  }
  if (!CB.isArgOperand(&U)) {
    escape("address passed in an operand bundle", &CB);
    return;
  }
  unsigned ArgNo = CB.getArgOperandNo(&U);
  // The sanitizer's checked memset or memcpy: the intrinsic's access.
  if (isSanitizerMemoryCall(CB) && ArgNo < 2) {
    record(ArgNo == 0 ? AccessKind::MemIntrinsic : AccessKind::Load, &CB);
    return;
  }
  // What the parameter's attributes allow: the effect when no body and no
  // known-library entry says more.
  CallEffect ByAttributes = !CB.doesNotCapture(ArgNo)      ? CallEffect::Escape
                            : CB.doesNotAccessMemory(ArgNo) ? CallEffect::None
                            : CB.onlyReadsMemory(ArgNo)     ? CallEffect::Read
                                                            : CallEffect::Write;
  if (CB.isInlineAsm()) {
    if (ByAttributes == CallEffect::Escape)
      escape("address passed to inline assembly", &CB);
    else if (ByAttributes != CallEffect::None)
      record(ByAttributes == CallEffect::Read ? AccessKind::CallRead
                                              : AccessKind::CallWrite,
             &CB);
    return;
  }

  // The solver follows the parameter into the callee's body if some module
  // has it (into every function an indirect call may reach), else uses the
  // fallback recorded here.
  PointerCall Call;
  Call.Arg = ArgNo;
  Call.CallType = Pos.typeName(CB.getFunctionType());
  Call.At = Pos.at(CB);
  Call.Fallback = ByAttributes;
  uint64_t OneObject = 0;
  std::string Receiver;
  if (const Function *Callee = calledFunction(CB)) {
    Call.Callee = Callee->getName().str();
    Receiver = "unknown function " + Call.Callee;
    if (!Callee->isDeclaration() && !Callee->isInterposable()) {
      Call.Fallback = CallEffect::Body;
    } else if (std::optional<KnownFunction> Known =
                   lookupKnownFunction(*Callee)) {
      Call.Fallback = Known->effectOn(ArgNo);
      Call.Callback = addressUseOf(Known->callbackIn(CB, ArgNo), true);
      Receiver = Call.Callee;
      if (Known->OneObject)
        OneObject = 1; // The object lies inside what holds it.
    } else if (std::optional<MemoryFunction> MF =
                   lookupMemoryFunction(Callee->getName());
               MF && MF->K == MemoryFunction::Kind::Frees) {
      // Releases the memory: no access the layout must keep in place.
      Call.Fallback = CallEffect::None;
      Receiver = Call.Callee;
    } else {
      Call.Callback = addressUseOf(CallbackKind::None, false);
      // printf's `%p` prints the address, `%s` reads a string there.
      if (std::optional<CallEffect> E = formattedArgumentEffect(CB, ArgNo)) {
        Call.Fallback = *E;
        Receiver = Call.Callee;
      }
    }
  } else {
    Call.Site = Pos.callSiteIndex(CB);
    Receiver = "an indirect call";
  }
  if (Call.Fallback == CallEffect::Escape)
    Call.EscapeReason = ("address passed to " + Receiver + " in " +
                         CB.getFunction()->getName())
                            .str();
  Pending.push_back(
      {PendingRange::Call, Uses.Calls.size(), U.get(), OneObject});
  Uses.Calls.push_back(std::move(Call));
}

void SummaryWalker::visitConstant(const Constant &C) {
  // An address inside another global's initializer.
  SmallVector<const Constant *, 8> Worklist{&C};
  SmallPtrSet<const Constant *, 8> Seen;
  while (!Worklist.empty()) {
    const Constant *Cur = Worklist.pop_back_val();
    if (!Seen.insert(Cur).second)
      continue;
    if (const auto *GV = dyn_cast<GlobalVariable>(Cur)) {
      StringRef Name = GV->getName();
      SmallVector<const Value *, 8> Loads;
      if (Name == "llvm.used" || Name == "llvm.compiler.used")
        InUsedList = true;
      else if (lookupTableLoads(*GV, Loads))
        for (const Value *L : Loads)
          push(L);
      else if (isPointerVariable(*GV)) // `T *P = &t;`: P holds the address.
        Uses.HeldBy.push_back(Name.str());
      else
        escape("address stored in the initializer of " + Name, nullptr);
      continue;
    }
    for (const User *U : Cur->users())
      if (const auto *CU = dyn_cast<Constant>(U))
        Worklist.push_back(CU);
      else
        push(Cur); // A constant expression used by instructions.
  }
}

void collectInitializerOwners(const Constant *C,
                              SmallSetVector<const GlobalVariable *, 4> &Out,
                              SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  for (const User *U : C->users()) {
    if (const auto *GV = dyn_cast<GlobalVariable>(U))
      Out.insert(GV);
    else if (const auto *CU = dyn_cast<Constant>(U))
      collectInitializerOwners(CU, Out, Seen);
  }
}

/// The globals whose initializer holds \p C (\p C itself if a global uses
/// it directly), through constant expressions and aggregates; in the order
/// of the uses, so that summaries are the same from run to run.
SmallSetVector<const GlobalVariable *, 4> initializerOwners(const Constant &C) {
  SmallSetVector<const GlobalVariable *, 4> Owners;
  SmallPtrSet<const Constant *, 8> Seen;
  if (const auto *GV = dyn_cast<GlobalVariable>(&C))
    Owners.insert(GV);
  else
    collectInitializerOwners(&C, Owners, Seen);
  return Owners;
}

/// Whether code this module cannot see may read pointers out of \p GV: its
/// address goes to a call, is returned, or converted to an integer that
/// may become a pointer again (AddressInteger.h). Calls to named
/// functions go to G.LeakCallees and stores of the address into other
/// globals to G.LeakThrough, for the solver. A store into memory that is no
/// global (a local, the heap) is the program's own business: the program's
/// indirect calls are the ones that load from it.
void leakFacts(const GlobalVariable &GV, GlobalSummary &G) {
  SmallVector<const Value *, 8> Worklist{&GV};
  SmallPtrSet<const Value *, 8> Seen;
  auto Leak = [&] {
    G.ContentsLeak = true;
    Worklist.clear();
  };
  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if (isSanitizerUse(U))
        continue;
      if (isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr) ||
          isa<AddrSpaceCastOperator>(Usr) || isa<PHINode>(Usr) ||
          isa<SelectInst>(Usr)) {
        Worklist.push_back(Usr);
        continue;
      }
      if (isa<LoadInst>(Usr) || isa<ICmpInst>(Usr))
        continue;
      if (isa<PtrToIntOperator>(Usr)) {
        if (any_of(followAddressInteger(*Usr), [](const AddressIntegerUse &A) {
              return A.What == AddressIntegerUse::Escape;
            })) {
          Leak();
          break;
        }
        continue;
      }
      if (const auto *SI = dyn_cast<StoreInst>(Usr)) {
        if (SI->getPointerOperand() == U.get())
          continue;
        const Value *Dest = getUnderlyingObject(SI->getPointerOperand());
        if (const auto *DestGV = dyn_cast<GlobalVariable>(Dest))
          G.LeakThrough.push_back(DestGV->getName().str());
        continue;
      }
      if (const auto *CB = dyn_cast<CallBase>(Usr)) {
        const Function *Callee = calledFunction(*CB);
        if (Callee && Callee->isIntrinsic())
          continue;
        // Printed, or read as a string: no pointer is read out of it.
        if (CB->isArgOperand(&U) &&
            formattedArgumentEffect(*CB, CB->getArgOperandNo(&U)))
          continue;
        if (Callee && CB->isArgOperand(&U)) {
          G.LeakCallees.push_back(Callee->getName().str());
          continue;
        }
      }
      if (const auto *C = dyn_cast<Constant>(Usr)) {
        // In another global's initializer: the contents leak if that
        // global's do. llvm.used keeps it for code we cannot see (the
        // solver knows when that is the program's own __start_ walk).
        for (const GlobalVariable *Owner : initializerOwners(*C)) {
          StringRef Name = Owner->getName();
          if (Name == "llvm.used" || Name == "llvm.compiler.used")
            G.InUsedList = true;
          else
            G.LeakThrough.push_back(Name.str());
        }
        continue;
      }
      Leak();
      break;
    }
  }
}

/// Every use of \p F's address.
void addressFacts(const Function &F, Positions &Pos, InitializerFields &Fields,
                  std::vector<AddressUseSummary> &Out) {
  auto Add = [&](AddressUse Use) {
    AddressUseSummary A;
    A.Function = F.getName().str();
    A.Use = Use;
    Out.push_back(std::move(A));
    return &Out.back();
  };
  auto OwnerUse = [&](AddressUse Use, const GlobalVariable &Owner) {
    AddressUseSummary *A = Add(Use);
    A->Owner = Owner.getName().str();
    A->OwnerLocal = Owner.hasLocalLinkage();
  };

  SmallVector<const Use *, 8> Worklist;
  SmallPtrSet<const Value *, 8> SeenValues;
  for (const Use &U : F.uses())
    Worklist.push_back(&U);
  while (!Worklist.empty()) {
    const Use &U = *Worklist.pop_back_val();
    const User *Usr = U.getUser();
    if (const auto *CB = dyn_cast<CallBase>(Usr)) {
      const Function *Callee = calledFunction(*CB);
      if (CB->isCallee(&U)) {
        if (Callee != &F) // Called through a select or phi.
          Add(AddressUse::Taken);
        continue; // A direct call: a call site of its caller.
      }
      if (!CB->isArgOperand(&U) || CB->isInlineAsm()) {
        Add(AddressUse::Escaped);
        continue;
      }
      if (!Callee) {
        AddressUseSummary *A = Add(AddressUse::PassedToIndirectCall);
        A->Caller = CB->getFunction()->getName().str();
        A->Site = Pos.callSiteIndex(*CB);
        continue;
      }
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      CallbackKind K = Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&U))
                             : CallbackKind::None;
      AddressUseSummary *A = Add(AddressUse::PassedToCall);
      A->Callee = Callee->getName().str();
      A->Arg = CB->getArgOperandNo(&U);
      A->Fallback = addressUseOf(K, Known.has_value());
      continue;
    }
    // The same address under another name: a cast, or one of the values a
    // select or phi chooses from.
    const auto *CE = dyn_cast<ConstantExpr>(Usr);
    if ((CE && CE->isCast()) || isa<PHINode>(Usr) ||
        (isa<SelectInst>(Usr) && U.getOperandNo() != 0)) {
      if (SeenValues.insert(Usr).second)
        for (const Use &CU : Usr->uses())
          Worklist.push_back(&CU);
      continue;
    }
    if (const auto *C = dyn_cast<Constant>(Usr)) {
      for (const GlobalVariable *Owner : initializerOwners(*C)) {
        StringRef Name = Owner->getName();
        if (Name == "llvm.global_ctors")
          Add(AddressUse::Ctor);
        else if (Name == "llvm.global_dtors")
          Add(AddressUse::AtExit);
        else if (Name == "llvm.used" || Name == "llvm.compiler.used")
          Add(AddressUse::Escaped);
        else {
          OwnerUse(AddressUse::InInitializer, *Owner);
          if (std::optional<std::vector<std::string>> In =
                  Fields.fieldsOf(*Owner, F))
            Out.back().Fields = std::move(*In);
        }
      }
      continue;
    }
    if (const auto *SI = dyn_cast<StoreInst>(Usr);
        SI && SI->getValueOperand() == U.get()) {
      const Value *Dest = getUnderlyingObject(SI->getPointerOperand());
      const auto *DestGV = dyn_cast<GlobalVariable>(Dest);
      // libstdc++'s std::call_once hands its callable over through these
      // two thread-locals before calling pthread_once.
      if (DestGV && (DestGV->getName() == "_ZSt11__once_call" ||
                     DestGV->getName() == "_ZSt15__once_callable"))
        Add(AddressUse::RunOnce);
      else if (DestGV)
        OwnerUse(AddressUse::StoredTo, *DestGV);
      else
        Add(AddressUse::Taken); // The program's own memory (leakFacts).
      if (std::string Field = accessedField(*SI); !Field.empty())
        Out.back().Fields = {Field};
      continue;
    }
    // Compared, or called: its callers are indirect calls.
    Add(AddressUse::Taken);
  }
}

/// The names of the objects \p V may be based on (through selects, phis
/// and offsets), when all are a \p T; empty otherwise.
template <class T> std::vector<std::string> underlyingNames(const Value *V) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(V, Objects);
  std::vector<std::string> Names;
  for (const Value *O : Objects) {
    if (!isa<T>(O))
      return {};
    if (!is_contained(Names, O->getName()))
      Names.push_back(O->getName().str());
  }
  return Names;
}

/// The globals an indirect call's pointer may be loaded from, when it is
/// loaded from globals only: the tables an indirect call takes its target
/// from.
std::vector<std::string> loadedFrom(const Value *Callee) {
  const auto *LI = dyn_cast<LoadInst>(Callee->stripPointerCasts());
  return LI ? underlyingNames<GlobalVariable>(LI->getPointerOperand())
            : std::vector<std::string>();
}

/// The functions an indirect call's pointer is chosen among, when it is a
/// select or phi of function addresses only.
std::vector<std::string> chosenCallees(const Value *Callee) {
  if (isa<Function>(Callee->stripPointerCasts()))
    return {};
  return underlyingNames<Function>(Callee);
}

/// Adds to \p Out the calls whose results \p V is (through pointer casts,
/// phis and selects; null counts as none), by index in \p FI's call sites;
/// false if it may be something else.
bool resultOfCalls(const Value *V, const Positions::FunctionInfo &FI,
                   std::vector<int> &Out) {
  SmallVector<const Value *, 4> Worklist{V};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *U = Worklist.pop_back_val()->stripPointerCasts();
    if (!Seen.insert(U).second || isa<ConstantPointerNull>(U))
      continue;
    if (const auto *Phi = dyn_cast<PHINode>(U)) {
      append_range(Worklist, Phi->incoming_values());
    } else if (const auto *Sel = dyn_cast<SelectInst>(U)) {
      Worklist.push_back(Sel->getTrueValue());
      Worklist.push_back(Sel->getFalseValue());
    } else if (auto It = FI.CallSite.find(dyn_cast<CallBase>(U));
               It != FI.CallSite.end() && !cast<CallBase>(U)->isInlineAsm()) {
      if (!is_contained(Out, It->second))
        Out.push_back(It->second);
    } else {
      return false;
    }
  }
  llvm::sort(Out);
  return true;
}

FunctionSummary functionSummary(Function &F, Positions &Pos, bool IsMain) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  FunctionSummary S;
  S.Name = F.getName().str();
  S.Type = Pos.typeName(F.getFunctionType());
  S.Local = F.hasLocalLinkage();
  S.Interposable = F.isInterposable();
  S.ThreadTrampoline = isLibraryThreadTrampoline(F.getName());
  S.OnceBody = isCallOnceBody(F.getName());
  S.NumArgs = F.arg_size();
  Positions::FunctionInfo &FI = Pos.info(F);
  S.Instructions = FI.NumInstructions;
  ArrayRef<Positions::CallPlace> Calls = FI.Calls;
  LoopInfo &LI = *FI.Loops;
  // The CFG of code that may start threads (by its calls), for start-up,
  // which runs into main and the functions only start-up calls up to their
  // first thread creation; and of code with loops, for its loop phases.
  bool KeepCFG = IsMain || !Calls.empty();
  std::vector<bool> InLoop(FI.NumBlocks);
  for (const Loop *L : LI)
    for (const BasicBlock *BB : L->blocks())
      InLoop[FI.Block.lookup(BB)] = true;
  markLoopPhases(FI.Successors, InLoop, S);
  if (KeepCFG)
    S.Successors = std::move(FI.Successors);
  FI.Successors = {};
  DominatorTree &DT = Pos.FAM.getResult<DominatorTreeAnalysis>(F);
  S.Calls.reserve(Calls.size());
  for (const Positions::CallPlace &Place : Calls) {
    auto *CB = const_cast<CallBase *>(Place.Call);
    CallSiteSummary Site;
    const Positions::BlockPlace &At =
        Pos.blockPlace(FI, *CB->getParent(), Place.Block);
    Site.Block = Place.Block;
    Site.Index = Place.Index;
    Site.Loop = At.Loop;
    Site.NoReturn = CB->doesNotReturn();
    Site.Frequency = At.Frequency;
    Site.LoopFrequency = At.LoopFrequency;
    if (At.OnceFlag)
      Site.OnceFlag = *At.OnceFlag;
    // A blocking call makes its own loop a waiting loop, and every
    // enclosing loop whose latches it dominates (sleep_for inlines as a
    // loop retrying nanosleep); an inner loop that waits only sometimes
    // (while the queue is empty) does not make the work around it rare.
    const BasicBlock *BB = CB->getParent();
    for (const Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop()) {
      SmallVector<BasicBlock *, 4> Latches;
      L->getLoopLatches(Latches);
      if (LI.getLoopFor(BB) == L || all_of(Latches, [&](BasicBlock *Latch) {
            return DT.dominates(BB, Latch);
          }))
        Site.WaitingLoops.push_back(FI.LoopId.lookup(L));
    }
    const Function *Callee = calledFunction(*CB);
    if (CB->isInlineAsm()) {
      Site.Kind = CallKind::InlineAsm; // No calls hidden in it are followed.
    } else if (!Callee) {
      Site.Kind = CallKind::Indirect;
      Site.CallType = Pos.typeName(CB->getFunctionType());
      Site.LoadedFrom = loadedFrom(CB->getCalledOperand());
      Site.ChosenCallees = chosenCallees(CB->getCalledOperand());
      Site.Field = calleeField(CB->getCalledOperand());
      if (!resultOfCalls(CB->getCalledOperand(), FI, Site.CalleeFromCalls))
        Site.CalleeFromCalls.clear();
    } else {
      Site.Kind = CallKind::Direct;
      Site.Callee = Callee->getName().str();
      // Used when no module has the callee's body.
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      for (const Use &Arg : CB->args()) {
        auto *Fn = dyn_cast<Function>(Arg.get()->stripPointerCasts());
        if (!Fn)
          continue;
        recordCallbackArgument(
            Site, Known.has_value(),
            Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&Arg))
                  : CallbackKind::None,
            Fn->getName().str());
      }
      if (Known)
        recordKnownCallee(Site, *Known);
      if (std::optional<AllocationShape> A = allocationShape(*CB)) {
        Site.AllocElementSize = A->ElementSize;
        Site.AllocCount = A->Count;
      }
    }
    // For what the callee returns (ReturnedPointer::When), where a body
    // may be found.
    if (CB->getType()->isPtrOrPtrVectorTy() &&
        (!Callee || !Callee->isDeclaration()))
      Site.ConstantArgs = constantArguments(*CB);
    S.Calls.push_back(std::move(Site));
  }
  if (F.getReturnType()->isPointerTy()) {
    for (const BasicBlock &BB : F)
      if (const auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
          Ret && !resultOfCalls(Ret->getReturnValue(), FI, S.ReturnedCalls)) {
        S.ReturnedCalls.clear();
        break;
      }
  }
  // What callers do with the pointers that calls return, where the callee
  // may return a global's address without the walk seeing the call: a
  // function of another module, an indirect call, an internal function
  // whose address is taken.
  for (auto [Site, Place] : enumerate(Calls)) {
    const CallBase &CB = *Place.Call;
    if (!CB.getType()->isPtrOrPtrVectorTy() || CB.use_empty() ||
        CB.isInlineAsm())
      continue;
    if (const Function *Callee = calledFunction(CB))
      if ((Callee->hasLocalLinkage() && Pos.onlyCalledDirectly(*Callee)) ||
          lookupKnownFunction(*Callee))
        continue;
    SummaryWalker W(Pos, DL);
    W.walk(&CB);
    S.CallResults.push_back({int(Site), std::move(W.Uses)});
  }
  buildPointerFlow(
      F, [&Pos](const CallBase &CB) { return Pos.callSiteIndex(CB); }, S);
  // Accesses through each pointer parameter, for calls from other modules.
  for (Argument &A : F.args()) {
    if (!A.getType()->isPtrOrPtrVectorTy() || A.use_empty())
      continue;
    SummaryWalker W(Pos, DL);
    W.walk(&A);
    S.Params[A.getArgNo()] = std::move(W.Uses);
  }
  return S;
}

/// Of a pointer variable: whether this module only loads it and stores to
/// it, and what it does with each pointer it loads.
void loadedFacts(const GlobalVariable &GV, Positions &Pos, GlobalSummary &G) {
  SmallVector<const Value *, 8> Loads;
  bool OnlyAllocations = true;
  for (const Use &U : GV.uses()) {
    if (isSanitizerUse(U))
      continue;
    const auto *SI = dyn_cast<StoreInst>(U.getUser());
    if (SI && SI->getPointerOperand() == U.get() && !SI->isVolatile()) {
      const Value *Stored = SI->getValueOperand();
      const auto *CB = dyn_cast<CallBase>(Stored);
      OnlyAllocations &= isa<ConstantPointerNull>(Stored) ||
                         (CB && allocationShape(*CB).has_value());
      continue;
    }
    const auto *LI = dyn_cast<LoadInst>(U.getUser());
    if (!LI || LI->isVolatile() || !LI->getType()->isPointerTy())
      return;
    Loads.push_back(LI);
  }
  G.OnlyLoadedAndStored = true;
  G.HoldsOnlyAllocations = OnlyAllocations;
  if (Loads.empty())
    return;
  // Each load gives where the variable's pointer points: a phi of two
  // loads (one reloaded after a call) points there too.
  SummaryWalker W(Pos, GV.getParent()->getDataLayout());
  W.walk(Loads);
  G.Loaded = std::move(W.Uses);
}

/// The section's name if a program can name it by __start_/__stop_.
std::string identifierSection(const GlobalVariable &GV) {
  StringRef S = GV.getSection();
  if (S.empty() || !all_of(S, [](char C) { return isAlnum(C) || C == '_'; }) ||
      isDigit(S.front()))
    return {};
  return S.str();
}

void initializerFunctions(const Constant *C, std::vector<std::string> &Out,
                          SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  if (const auto *F = dyn_cast<Function>(C)) {
    Out.push_back(F->getName().str());
    return;
  }
  if (isa<GlobalValue>(C))
    return;
  for (const Use &Op : C->operands())
    if (const auto *CO = dyn_cast<Constant>(Op.get()))
      initializerFunctions(CO, Out, Seen);
}

/// The name debug info gives the member of \p GV's type that starts at byte
/// \p Offset and spans \p Size bytes, if any.
std::string memberName(const GlobalVariable &GV, uint64_t Offset,
                       uint64_t Size) {
  SmallVector<DIGlobalVariableExpression *, 1> GVEs;
  GV.getDebugInfo(GVEs);
  for (const DIGlobalVariableExpression *GVE : GVEs) {
    if (GVE->getExpression()->getNumElements())
      continue; // A fragment, or an offset: not the whole variable.
    const DIType *T = GVE->getVariable()->getType();
    // Through typedefs and qualifiers to the struct.
    while (const auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
      if (D->getTag() == dwarf::DW_TAG_member)
        return {};
      T = D->getBaseType();
    }
    const auto *CT = dyn_cast_or_null<DICompositeType>(T);
    if (!CT || (CT->getTag() != dwarf::DW_TAG_structure_type &&
                CT->getTag() != dwarf::DW_TAG_class_type))
      continue;
    for (const DINode *N : CT->getElements()) {
      const auto *M = dyn_cast<DIDerivedType>(N);
      if (M && M->getTag() == dwarf::DW_TAG_member && !M->isBitField() &&
          M->getOffsetInBits() == Offset * 8 &&
          M->getSizeInBits() <= Size * 8 && !M->getName().empty())
        return M->getName().str();
    }
  }
  return {};
}

/// The top-level fields of \p GV, a global of struct type \p ST.
std::vector<FieldSpan> structFields(const GlobalVariable &GV,
                                    StructType &ST) {
  const DataLayout &DL = GV.getParent()->getDataLayout();
  const StructLayout *SL = DL.getStructLayout(&ST);
  std::vector<FieldSpan> Fields;
  for (unsigned I = 0, E = ST.getNumElements(); I != E; ++I) {
    FieldSpan F;
    F.Offset = SL->getElementOffset(I);
    F.Size = DL.getTypeAllocSize(ST.getElementType(I)).getFixedValue();
    F.Name = memberName(GV, F.Offset, F.Size);
    Fields.push_back(std::move(F));
  }
  return Fields;
}

GlobalSummary globalSummary(GlobalVariable &GV, Positions &Pos) {
  const DataLayout &DL = GV.getParent()->getDataLayout();
  GlobalSummary G;
  G.Name = GV.getName().str();
  G.Local = GV.hasLocalLinkage();
  G.Definition = !GV.isDeclaration();
  G.Constant = GV.isConstant();
  G.ThreadLocal = GV.isThreadLocal();
  G.ImplicitSection = GV.hasImplicitSection();
  G.HasSection = GV.hasSection();
  G.Section = identifierSection(GV);
  G.ExternallyInitialized = GV.isExternallyInitialized();
  G.Interposable = GV.isInterposable();
  G.Unsized = !GV.getValueType()->isSized() ||
              DL.getTypeAllocSize(GV.getValueType()).isScalable();
  if (!G.Unsized)
    G.Size = DL.getTypeAllocSize(GV.getValueType()).getFixedValue();
  if (auto *AT = dyn_cast<ArrayType>(GV.getValueType()); AT && !G.Unsized) {
    G.ElementCount = AT->getNumElements();
    G.ElementSize = DL.getTypeAllocSize(AT->getElementType()).getFixedValue();
  }
  if (auto *ST = dyn_cast<StructType>(GV.getValueType()); ST && !G.Unsized)
    G.Fields = structFields(GV, *ST);
  for (const GlobalAlias &GA : GV.getParent()->aliases())
    if (GA.getAliaseeObject() == &GV && !GA.hasLocalLinkage()) {
      G.ExportedAlias = GA.getName().str();
      break;
    }
  if (G.Definition) {
    SmallPtrSet<const Constant *, 16> Seen;
    initializerFunctions(GV.getInitializer(), G.InitializerFunctions, Seen);
    G.InitialPointers = initializerPointers(GV);
  }
  // Constants and thread-locals cannot share a line with other threads'
  // writes; their accesses are not worth gathering.
  if (!G.Constant && !G.ThreadLocal) {
    SummaryWalker W(Pos, DL);
    W.walk(&GV);
    G.InUsedList = W.InUsedList;
    G.Uses = std::move(W.Uses);
  }
  if (isPointerVariable(GV))
    loadedFacts(GV, Pos, G);
  leakFacts(GV, G);
  return G;
}

} // namespace

ModuleSummary cacheline::summarizeModule(Module &M,
                                         FunctionAnalysisManager &FAM) {
  Positions Pos(M, FAM);
  ModuleSummary S;
  S.Module = M.getModuleIdentifier();
  S.Source = M.getSourceFileName();
  S.Target = compat::targetTriple(M);
  Function *Main = M.getFunction("main");
  if (Main && (Main->isDeclaration() || Main->hasLocalLinkage()))
    Main = nullptr;
  // One slot tracker for every initializer printed: each print would
  // otherwise number the module again.
  ModuleSlotTracker Slots(&M, /*ShouldInitializeAllMetadata=*/false);
  S.Globals.reserve(M.global_size());
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue;
    S.Globals.push_back(globalSummary(GV, Pos));
    // What a layout file is matched by: only globals one can lay out.
    if (!GV.isDeclaration() && !GV.isConstant() && !GV.isThreadLocal())
      S.Globals.back().Fingerprint = definitionFingerprint(GV, &Slots);
  }
  InitializerFields Fields;
  S.Functions.reserve(M.size());
  for (Function &F : M) {
    if (F.isIntrinsic())
      continue;
    addressFacts(F, Pos, Fields, S.AddressUses);
    if (!F.isDeclaration())
      S.Functions.push_back(functionSummary(F, Pos, &F == Main));
  }
  // Last: the walks above asked about every loop that matters.
  for (FunctionSummary &FS : S.Functions)
    FS.CountedLoops = Pos.countedLoops(*M.getFunction(FS.Name));
  return S;
}
