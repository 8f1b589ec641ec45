//===- AllocationShape.cpp - An allocation as elements --------------------===//

#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/KnownFunctions.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/KnownBits.h"

using namespace llvm;
using namespace cacheline;
using namespace llvm::PatternMatch;

Value *cacheline::requestedBytes(IRBuilderBase &B, const AllocationShape &S,
                                Type *SizeTy) {
  if (S.Bytes)
    return B.CreateZExtOrTrunc(S.Bytes, SizeTy);
  if (S.CountValue)
    return B.CreateMul(B.CreateZExtOrTrunc(S.CountValue, SizeTy),
                       ConstantInt::get(SizeTy, S.ElementSize));
  return ConstantInt::get(SizeTy, S.Count * S.ElementSize);
}

/// The trailing zero bits \p V surely has, an all-ones value (the mark of
/// an overflowed size, which the allocator refuses) counting as any number,
/// through phis and selects.
static unsigned trailingZeros(const Value *V, unsigned Depth = 0) {
  constexpr unsigned Any = 64;
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->isMinusOne() ? Any : C->getValue().countTrailingZeros();
  SmallVector<const Value *, 4> In;
  if (const auto *Sel = dyn_cast<SelectInst>(V))
    In = {Sel->getTrueValue(), Sel->getFalseValue()};
  else if (const auto *Phi = dyn_cast<PHINode>(V))
    append_range(In, Phi->incoming_values());
  if (In.empty() || Depth > 4) {
    const auto *I = dyn_cast<Instruction>(V);
    return I ? computeKnownBits(V, I->getModule()->getDataLayout())
                   .countMinTrailingZeros()
             : 0;
  }
  unsigned Zeros = Any;
  for (const Value *X : In)
    Zeros = std::min(Zeros, trailingZeros(X, Depth + 1));
  return Zeros;
}

/// \p Size as a count times a constant element size: `n * s`, `n << k`,
/// a constant (one element), or a multiple of a power of two.
static std::optional<AllocationShape> elementsOf(Value *Size) {
  AllocationShape S;
  const APInt *C;
  Value *N;
  if (match(Size, m_APInt(C))) {
    S.ElementSize = C->getLimitedValue();
    S.Count = 1;
  } else if (match(Size, m_c_Mul(m_Value(N), m_APInt(C)))) {
    S.ElementSize = C->getLimitedValue();
    S.CountValue = N;
  } else if (match(Size, m_Shl(m_Value(N), m_APInt(C))) &&
             C->ult(63)) {
    S.ElementSize = uint64_t(1) << C->getZExtValue();
    S.CountValue = N;
  } else if (unsigned Zeros = trailingZeros(Size); Zeros >= 3) {
    // Bytes known only to be a multiple of a power of two (C++'s
    // `new T[n]` checks n * sizeof(T) for overflow, and the optimizer
    // rewrites the product): elements of that size, or of the stride the
    // code indexes it by (the rewrite counts them rounding up).
    S.ElementSize = uint64_t(1) << std::min(Zeros, 12u);
    S.Bytes = Size;
  } else {
    return std::nullopt;
  }
  if (S.CountValue)
    if (auto *K = dyn_cast<ConstantInt>(S.CountValue))
      S.Count = K->getZExtValue();
  if (!S.ElementSize || S.ElementSize == UINT64_MAX)
    return std::nullopt;
  return S;
}

std::optional<AllocationShape>
cacheline::allocationShape(const CallBase &CB) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || !Callee->isDeclaration())
    return std::nullopt;
  std::optional<MemoryFunction> MF = lookupMemoryFunction(Callee->getName());
  if (!MF || MF->K != MemoryFunction::Kind::Allocates ||
      MF->Realigns == MemoryFunction::Family::None)
    return std::nullopt;
  auto Arg = [&](int I) -> Value * {
    return I >= 0 && unsigned(I) < CB.arg_size() ? CB.getArgOperand(I)
                                                 : nullptr;
  };
  Value *First = Arg(MF->SizeArgs[0]), *Second = Arg(MF->SizeArgs[1]);
  if (!First || (MF->SizeArgs[1] >= 0 && !Second))
    return std::nullopt;
  std::optional<AllocationShape> S;
  if (Second) {
    // calloc(count, size): the element size a constant.
    auto *Size = dyn_cast<ConstantInt>(Second);
    if (!Size || Size->isZero())
      return std::nullopt;
    S.emplace();
    S->ElementSize = Size->getZExtValue();
    S->CountValue = First;
    if (auto *K = dyn_cast<ConstantInt>(First))
      S->Count = K->getZExtValue();
    S->Zeroed = true;
  } else {
    S = elementsOf(First);
    if (!S)
      return std::nullopt;
  }
  S->Family = MF->Realigns;
  if (MF->SizeArgs[0] == 1) {
    // aligned_alloc(alignment, size).
    auto *A = dyn_cast<ConstantInt>(CB.getArgOperand(0));
    if (!A)
      return std::nullopt;
    S->Alignment = A->getZExtValue();
  }
  return S;
}

CallBase *cacheline::clearingMemset(const CallBase &Alloc) {
  std::optional<MemoryFunction> MF =
      Alloc.getCalledFunction()
          ? lookupMemoryFunction(Alloc.getCalledFunction()->getName())
          : std::nullopt;
  if (!MF || MF->K != MemoryFunction::Kind::Allocates || MF->SizeArgs[1] >= 0 ||
      MF->SizeArgs[0] < 0 || unsigned(MF->SizeArgs[0]) >= Alloc.arg_size())
    return nullptr;
  const Value *Size = Alloc.getArgOperand(MF->SizeArgs[0]);
  // The first use in its block after the call, with nothing between that
  // may read the memory.
  for (const Instruction *I = Alloc.getNextNode(); I; I = I->getNextNode()) {
    auto *CB = dyn_cast<CallBase>(I);
    if (CB && CB->arg_size() >= 3 && CB->getArgOperand(0) == &Alloc) {
      const Function *F = CB->getCalledFunction();
      bool Memset = isa<MemSetInst>(CB) ||
                    (F && F->getName() == "__asan_memset");
      const auto *Value = dyn_cast<ConstantInt>(CB->getArgOperand(1));
      return Memset && Value && Value->isZero() &&
                     CB->getArgOperand(2) == Size
                 ? const_cast<CallBase *>(CB)
                 : nullptr;
    }
    if (I->mayReadOrWriteMemory() && !isa<StoreInst>(I))
      return nullptr;
  }
  return nullptr;
}
