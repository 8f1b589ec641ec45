//===- ArgumentCondition.cpp - Argument values of a return ---------------===//

#include "cacheline/Summary/ArgumentCondition.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace cacheline;

namespace {

/// The values of integer argument \p A under which blocks can run, from
/// the switches and comparisons on \p A along the paths into them.
class ArgumentPaths {
public:
  explicit ArgumentPaths(const Argument &A)
      : A(A), Bits(A.getType()->getIntegerBitWidth()) {}

  /// Values under which \p BB can run.
  ConstantRange reaching(const BasicBlock *BB) {
    if (BB->isEntryBlock())
      return full();
    if (auto It = Memo.find(BB); It != Memo.end())
      return It->second; // Known, or a cycle (still every value).
    // Long chains and large functions allow every value: a bounded walk.
    if (Depth > MaxDepth || Memo.size() > MaxBlocks)
      return full();
    Memo.insert({BB, full()});
    ++Depth;
    ConstantRange R = ConstantRange::getEmpty(Bits);
    for (const BasicBlock *Pred : predecessors(BB))
      R = R.unionWith(reaching(Pred).intersectWith(edge(Pred, BB)));
    --Depth;
    Memo.find(BB)->second = R;
    return R;
  }

  /// Values under which control passes from \p From to \p To.
  ConstantRange edge(const BasicBlock *From, const BasicBlock *To) const {
    const Instruction *T = From->getTerminator();
    if (const auto *SI = dyn_cast<SwitchInst>(T)) {
      std::optional<APInt> Off = offsetOf(SI->getCondition());
      if (!Off)
        return full();
      bool ByDefault = SI->getDefaultDest() == To;
      ConstantRange R = ByDefault ? full() : ConstantRange::getEmpty(Bits);
      for (const auto &Case : SI->cases()) {
        ConstantRange V(Case.getCaseValue()->getValue() - *Off);
        if (Case.getCaseSuccessor() == To)
          R = R.unionWith(V);
        else if (ByDefault)
          R = R.difference(V);
      }
      return R;
    }
    const auto *BI = dyn_cast<BranchInst>(T);
    if (!BI || !BI->isConditional() ||
        BI->getSuccessor(0) == BI->getSuccessor(1))
      return full();
    const auto *Cmp = dyn_cast<ICmpInst>(BI->getCondition());
    if (!Cmp)
      return full();
    CmpInst::Predicate Pred = Cmp->getPredicate();
    const Value *Other = Cmp->getOperand(1);
    std::optional<APInt> Off = offsetOf(Cmp->getOperand(0));
    if (!Off) {
      Pred = Cmp->getSwappedPredicate();
      Other = Cmp->getOperand(0);
      Off = offsetOf(Cmp->getOperand(1));
    }
    const auto *C = dyn_cast<ConstantInt>(Other);
    if (!Off || !C)
      return full();
    if (BI->getSuccessor(1) == To)
      Pred = CmpInst::getInversePredicate(Pred);
    return ConstantRange::makeAllowedICmpRegion(Pred,
                                                ConstantRange(C->getValue()))
        .subtract(*Off);
  }

  /// The constant \p V adds to the argument, when \p V is the argument
  /// plus or minus a constant (`kind - 2`, as a range check on a switch's
  /// cases tests it), or the argument itself.
  std::optional<APInt> offsetOf(const Value *V) const {
    if (V == &A)
      return APInt(Bits, 0);
    const auto *BO = dyn_cast<BinaryOperator>(V);
    const auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
    if (!C || BO->getOperand(0) != &A)
      return std::nullopt;
    if (BO->getOpcode() == Instruction::Add)
      return C->getValue();
    if (BO->getOpcode() == Instruction::Sub)
      return -C->getValue();
    return std::nullopt;
  }

private:
  ConstantRange full() const { return ConstantRange::getFull(Bits); }

  static constexpr unsigned MaxDepth = 32;
  static constexpr unsigned MaxBlocks = 128;
  const Argument &A;
  unsigned Bits;
  unsigned Depth = 0;
  DenseMap<const BasicBlock *, ConstantRange> Memo;
};

/// Values of \p A under which \p Ret returns a value \p Carries holds.
ConstantRange returning(const Argument &A, const ReturnInst &Ret,
                        function_ref<bool(const Value *)> Carries) {
  ArgumentPaths Paths(A);
  ConstantRange R = Paths.reaching(Ret.getParent());
  // Through a phi: only the edges that bring the pointer.
  const auto *Phi = dyn_cast<PHINode>(Ret.getReturnValue());
  if (!Phi)
    return R;
  ConstantRange In = ConstantRange::getEmpty(R.getBitWidth());
  for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I) {
    if (!Carries(Phi->getIncomingValue(I)))
      continue;
    const BasicBlock *From = Phi->getIncomingBlock(I);
    In = In.unionWith(
        Paths.reaching(From).intersectWith(Paths.edge(From, Phi->getParent())));
  }
  return In.isEmptySet() ? R : R.intersectWith(In);
}

} // namespace

std::optional<ArgumentValues>
cacheline::returnCondition(const ReturnInst &Ret,
                           function_ref<bool(const Value *)> Carries) {
  const Function &F = *Ret.getFunction();
  for (const Argument &A : F.args()) {
    if (!A.getType()->isIntegerTy() || A.getType()->getIntegerBitWidth() > 64)
      continue;
    // Only an argument a switch or a branch tests (itself, or plus a
    // constant) can narrow anything.
    auto Tested = [](const User *U) {
      return isa<SwitchInst>(U) ||
             (isa<ICmpInst>(U) && any_of(U->users(), [](const User *B) {
                return isa<BranchInst>(B);
              }));
    };
    if (none_of(A.users(), [&](const User *U) {
          return Tested(U) || (isa<BinaryOperator>(U) &&
                               any_of(U->users(), Tested));
        }))
      continue;
    ConstantRange R = returning(A, Ret, Carries);
    if (R.isFullSet() || R.isEmptySet())
      continue;
    return ArgumentValues{int(A.getArgNo()), R.getBitWidth(),
                          R.getLower().getSExtValue(),
                          R.getUpper().getSExtValue()};
  }
  return std::nullopt;
}

std::vector<std::pair<int, int64_t>>
cacheline::constantArguments(const CallBase &CB) {
  std::vector<std::pair<int, int64_t>> Out;
  for (const Use &Arg : CB.args())
    if (const auto *C = dyn_cast<ConstantInt>(Arg.get());
        C && C->getBitWidth() <= 64)
      Out.push_back({int(CB.getArgOperandNo(&Arg)), C->getSExtValue()});
  return Out;
}
