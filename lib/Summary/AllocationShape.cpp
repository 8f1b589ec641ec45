//===- AllocationShape.cpp - An allocation as elements --------------------===//

#include "cacheline/AllocationShape.h"
#include "cacheline/KnownFunctions.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace cacheline;
using namespace llvm::PatternMatch;

/// \p Size as a count times a constant element size: `n * s`, `n << k`,
/// or a constant (one element).
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
  if (!MF || MF->K != MemoryFunction::Kind::Allocates || !MF->FreedByFree)
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
  if (MF->SizeArgs[0] == 1) {
    // aligned_alloc(alignment, size).
    auto *A = dyn_cast<ConstantInt>(CB.getArgOperand(0));
    if (!A)
      return std::nullopt;
    S->Alignment = A->getZExtValue();
  }
  return S;
}
