//===- OnceRegions.cpp - Code behind an initialisation flag ---------------===//

#include "cacheline/Summary/OnceRegions.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <map>
#include <optional>
#include <set>

using namespace llvm;
using namespace cacheline;

namespace {

/// A location: a global and a byte offset into it.
using Location = std::pair<const GlobalVariable *, int64_t>;

std::optional<Location> constantLocation(const Value *Ptr,
                                         const DataLayout &DL) {
  APInt Offset(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
  const Value *Base = Ptr->stripAndAccumulateConstantOffsets(
      DL, Offset, /*AllowNonInbounds=*/true);
  const auto *GV = dyn_cast<GlobalVariable>(Base);
  if (!GV)
    return std::nullopt;
  return Location{GV, Offset.getSExtValue()};
}

/// One write into a global: [Offset, Offset + Size), Size 0 if unknown.
struct Write {
  int64_t Offset = 0;
  uint64_t Size = 0;
  /// Set for a flag candidate: a plain store of an integer or a pointer.
  const StoreInst *Store = nullptr;
};

struct Flag {
  Location Loc;
  Type *Ty = nullptr;
  const Constant *Initial = nullptr;
  SmallVector<const StoreInst *, 4> Sets, Resets;
};

/// A conditional branch on a flag: the edge taken while the flag holds its
/// initial value, and the other one.
struct Guard {
  BasicBlockEdge Initial, Changed;
  bool InLoop; ///< Tested over and over (while (!stop) ...).
};

class FlagFinder {
public:
  FlagFinder(Module &M, ArrayRef<const Instruction *> Candidates)
      : DL(M.getDataLayout()) {
    for (const Instruction *I : Candidates)
      recordWrite(*I);
    for (auto &[GV, List] : Writes)
      if (!UnknownOffset.contains(GV))
        for (const Write &W : List)
          if (W.Store)
            addCandidate(*GV, W, List);
  }

  std::vector<Flag> Flags;

  /// The flag whose value \p Cond tests, and whether true means "still its
  /// initial value". Understood: icmp eq/ne X, C and a bare i1 X, where X is
  /// a load of the flag or its truncation.
  std::optional<std::pair<const Flag *, bool>> testedFlag(const Value *Cond) {
    const auto *Cmp = dyn_cast<ICmpInst>(Cond);
    const Value *X = Cond;
    if (Cmp) {
      if (!Cmp->isEquality() || !isa<Constant>(Cmp->getOperand(1)))
        return std::nullopt;
      X = Cmp->getOperand(0);
    }
    bool Truncated = false;
    if (const auto *T = dyn_cast<TruncInst>(X)) {
      X = T->getOperand(0);
      Truncated = true;
    }
    const auto *LI = dyn_cast<LoadInst>(X);
    if (!LI || LI->isVolatile())
      return std::nullopt;
    std::optional<Location> Loc = constantLocation(LI->getPointerOperand(), DL);
    auto It = Loc ? FlagIndex.find(*Loc) : FlagIndex.end();
    if (It == FlagIndex.end())
      return std::nullopt;
    const Flag &F = Flags[It->second];
    // A flag that only ever holds 0 or 1 may be truncated or tested bare.
    bool TwoValued = zeroOrOne(F);
    if (F.Ty != LI->getType() || ((Truncated || !Cmp) && !TwoValued))
      return std::nullopt;
    uint64_t Initial = TwoValued ? cast<ConstantInt>(F.Initial)->getZExtValue()
                                 : 0;
    if (!Cmp)
      return std::make_pair(&F, Initial == 1); // br X: true when X is 1.
    const auto *C = cast<Constant>(Cmp->getOperand(1));
    const auto *CI = dyn_cast<ConstantInt>(C);
    bool CIsInitial;
    if (!Truncated && C == F.Initial)
      CIsInitial = true;
    else if (TwoValued && CI && CI->getValue().ule(1))
      CIsInitial = CI->getZExtValue() == Initial;
    else
      return std::nullopt; // "== 5" says nothing about "initial or not".
    bool TrueIfEqual = Cmp->getPredicate() == ICmpInst::ICMP_EQ;
    return std::make_pair(&F, TrueIfEqual == CIsInitial);
  }

private:
  const DataLayout &DL;
  /// In the order of the first write: the flags' order decides which
  /// flag names a block several regions hold.
  MapVector<const GlobalVariable *, SmallVector<Write, 4>> Writes;
  SmallPtrSet<const GlobalVariable *, 8> UnknownOffset;
  std::map<Location, unsigned> FlagIndex;
  /// Every location addCandidate was asked about: each store to it asks.
  std::set<Location> Considered;

  static bool zeroOrOne(const Flag &F) {
    auto IsBit = [](const Constant *C) {
      const auto *CI = dyn_cast<ConstantInt>(C);
      return CI && CI->getValue().ule(1);
    };
    return IsBit(F.Initial) && all_of(F.Sets, [&](const StoreInst *S) {
             const auto *C = dyn_cast<Constant>(S->getValueOperand());
             return C && IsBit(C);
           });
  }

  void recordWrite(const Instruction &I) {
    const Value *Ptr = nullptr;
    uint64_t Size = 0;
    const StoreInst *Store = nullptr;
    if (const auto *SI = dyn_cast<StoreInst>(&I)) {
      Ptr = SI->getPointerOperand();
      Type *Ty = SI->getValueOperand()->getType();
      Size = DL.getTypeStoreSize(Ty).getKnownMinValue();
      if (!SI->isVolatile() && (Ty->isIntegerTy() || Ty->isPointerTy()) &&
          !isa<UndefValue>(SI->getValueOperand()))
        Store = SI;
    } else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      Ptr = RMW->getPointerOperand();
      Size = DL.getTypeStoreSize(RMW->getValOperand()->getType());
    } else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
      Ptr = CX->getPointerOperand();
      Size = DL.getTypeStoreSize(CX->getNewValOperand()->getType());
    } else if (const auto *MI = dyn_cast<AnyMemIntrinsic>(&I)) {
      Ptr = MI->getRawDest();
      if (const auto *Len = dyn_cast<ConstantInt>(MI->getLength()))
        Size = Len->getZExtValue();
    } else {
      return;
    }
    if (std::optional<Location> Loc = constantLocation(Ptr, DL)) {
      Writes[Loc->first].push_back({Loc->second, Size, Store});
      if (Size == 0)
        UnknownOffset.insert(Loc->first);
    } else if (const auto *GV =
                   dyn_cast<GlobalVariable>(getUnderlyingObject(Ptr))) {
      UnknownOffset.insert(GV);
    }
  }

  void addCandidate(const GlobalVariable &GV, const Write &W,
                    ArrayRef<Write> All) {
    Location Loc{&GV, W.Offset};
    // The answer is the same whichever store at Loc asks.
    if (!Considered.insert(Loc).second || !GV.hasLocalLinkage() ||
        GV.isThreadLocal() || !GV.hasDefinitiveInitializer())
      return;
    // Every write that touches the flag is a plain store of its width.
    for (const Write &Other : All) {
      bool Overlaps = Other.Offset < W.Offset + int64_t(W.Size) &&
                      W.Offset < Other.Offset + int64_t(Other.Size);
      if (Overlaps && (!Other.Store || Other.Offset != W.Offset ||
                       Other.Size != W.Size))
        return;
    }
    Type *Ty = W.Store->getValueOperand()->getType();
    Constant *Initial = ConstantFoldLoadFromConst(
        const_cast<Constant *>(GV.getInitializer()), Ty, APInt(64, W.Offset),
        DL);
    if (!Initial || !(isa<ConstantInt>(Initial) || Initial->isNullValue()))
      return;
    Flag F{Loc, Ty, Initial, {}, {}};
    bool Created = false;
    for (const Write &Other : All) {
      if (Other.Offset != W.Offset || !Other.Store)
        continue;
      const StoreInst *S = Other.Store;
      if (S->getValueOperand()->getType() != Ty)
        return;
      Created |= !isa<Constant>(S->getValueOperand());
      (S->getValueOperand() == Initial ? F.Resets : F.Sets).push_back(S);
    }
    // Stores of computed values make a flag only of a pointer that starts
    // null and is never set back: an object created lazily, once (if
    // creation fails, the region runs again, as an exception does). An
    // integer computed, or a pointer that returns to null (a one-slot
    // mailbox), changes over and over.
    if (F.Sets.empty() ||
        (Created && (!Ty->isPointerTy() || !F.Resets.empty())))
      return;
    FlagIndex[Loc] = Flags.size();
    Flags.push_back(std::move(F));
  }
};

/// The guards in \p F on flags \p Finder knows.
std::vector<std::pair<const Flag *, Guard>>
guardsIn(Function &F, FlagFinder &Finder, FunctionAnalysisManager &FAM) {
  std::vector<std::pair<const Flag *, Guard>> Result;
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  for (BasicBlock &BB : F) {
    const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    auto Tested = Finder.testedFlag(Br->getCondition());
    if (!Tested)
      continue;
    unsigned InitialSucc = Tested->second ? 0 : 1;
    Result.push_back(
        {Tested->first,
         Guard{BasicBlockEdge(&BB, Br->getSuccessor(InitialSucc)),
               BasicBlockEdge(&BB, Br->getSuccessor(1 - InitialSucc)),
               LI.getLoopFor(&BB) != nullptr}});
  }
  return Result;
}

/// Whether \p BB can run again without passing \p Through: a path from
/// it back to it that avoids the edge.
bool reachesAgainAvoiding(const BasicBlock &BB, const BasicBlockEdge &Through) {
  SmallVector<const BasicBlock *, 16> Worklist;
  SmallPtrSet<const BasicBlock *, 16> Seen;
  auto Push = [&](const BasicBlock *From) {
    for (const BasicBlock *Succ : successors(From))
      if (!(From == Through.getStart() && Succ == Through.getEnd()) &&
          Seen.insert(Succ).second)
        Worklist.push_back(Succ);
  };
  Push(&BB);
  while (!Worklist.empty()) {
    const BasicBlock *Cur = Worklist.pop_back_val();
    if (Cur == &BB)
      return true;
    Push(Cur);
  }
  return false;
}

std::string flagName(const Flag &F) {
  std::string Name = F.Loc.first->getName().str();
  if (F.Loc.second)
    Name += "+" + std::to_string(F.Loc.second);
  return Name;
}

} // namespace

bool OnceRegions::isWrite(const Instruction &I) {
  return isa<StoreInst, AtomicRMWInst, AtomicCmpXchgInst, AnyMemIntrinsic>(I);
}

OnceRegions::OnceRegions(Module &M, ArrayRef<const Instruction *> Writes,
                         FunctionAnalysisManager &FAM) {
  FlagFinder Finder(M, Writes);
  if (Finder.Flags.empty())
    return;

  // The guards of every function that writes a flag.
  std::map<Function *, std::vector<std::pair<const Flag *, Guard>>> Guards;
  for (const Flag &Fl : Finder.Flags)
    for (const auto *List : {&Fl.Sets, &Fl.Resets})
      for (const StoreInst *S : *List) {
        Function *F = const_cast<Function *>(S->getFunction());
        if (!Guards.count(F))
          Guards[F] = guardsIn(*F, Finder, FAM);
      }

  // A test inside a loop guards nothing that runs once, but the set of a
  // flag that never goes back (a latch, below).
  auto Counts = [](const Flag &Fl, const Guard &G) {
    return !G.InLoop || Fl.Resets.empty();
  };
  auto IsBehind = [&](const StoreInst *S, const Flag &Fl, bool Initial) {
    Function *F = const_cast<Function *>(S->getFunction());
    DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(*F);
    return any_of(Guards[F], [&](const auto &G) {
      return G.first == &Fl && Counts(Fl, G.second) &&
             DT.dominates(Initial ? G.second.Initial : G.second.Changed,
                          S->getParent());
    });
  };

  for (const Flag &Fl : Finder.Flags) {
    // Sets on the init path only; resets on a shutdown path only, and in
    // functions that never set the flag.
    SmallPtrSet<const Function *, 4> Setters;
    for (const StoreInst *S : Fl.Sets)
      Setters.insert(S->getFunction());
    if (!all_of(Fl.Sets, [&](const StoreInst *S) {
          return IsBehind(S, Fl, /*Initial=*/true);
        }) ||
        !all_of(Fl.Resets, [&](const StoreInst *S) {
          return !Setters.contains(S->getFunction()) &&
                 IsBehind(S, Fl, /*Initial=*/false);
        }))
      continue;

    // The once regions: what runs behind a guard that leads to a set.
    unsigned Index = Flags.size();
    Flags.push_back(flagName(Fl));
    for (const Function *Setter : Setters) {
      Function *F = const_cast<Function *>(Setter);
      DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(*F);
      for (const auto &[GFlag, G] : Guards[F]) {
        // A lambda captures no structured binding before C++20.
        const BasicBlockEdge &Initial = G.Initial;
        if (GFlag != &Fl || G.InLoop ||
            none_of(Fl.Sets, [&](const StoreInst *S) {
              return DT.dominates(Initial, S->getParent());
            }))
          continue;
        for (BasicBlock &BB : *F)
          if (DT.dominates(G.Initial, &BB))
            FlagOfBlock.try_emplace(&BB, Index);
      }
    }

    // A latch: a block that sets a flag that never goes back, behind a test
    // in a loop, and that cannot run again without passing the test (if
    // (!warned) { warned = 1; ... } in a worker's loop). Once it has run,
    // the test fails: it runs at most once per thread, whatever the loops
    // around it.
    if (!Fl.Resets.empty())
      continue;
    for (const StoreInst *S : Fl.Sets) {
      const BasicBlock *BB = S->getParent();
      if (FlagOfBlock.count(BB))
        continue;
      Function *F = const_cast<Function *>(S->getFunction());
      DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(*F);
      if (any_of(Guards[F], [&](const auto &G) {
            return G.first == &Fl && G.second.InLoop &&
                   DT.dominates(G.second.Initial, BB) &&
                   !reachesAgainAvoiding(*BB, G.second.Initial);
          })) {
        FlagOfBlock.try_emplace(BB, Index);
        Latches.insert(BB);
      }
    }
  }
}
