//===- ObjectAddress.cpp - An address as a base plus offsets -------------===//

#include "cacheline/Summary/ObjectAddress.h"
#include "cacheline/Summary/Sanitizer.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/KnownBits.h"

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace cacheline;

namespace {

/// \p Index as X * Scale, looking through multiplications and shifts by
/// constants that cannot wrap (clang's `i * sizeof(T)` in byte offsets).
std::pair<Value *, uint64_t> scaledIndex(Value *Index) {
  uint64_t Scale = 1;
  for (;;) {
    Value *X;
    const APInt *C;
    auto *BO = dyn_cast<OverflowingBinaryOperator>(Index);
    if (!BO || !(BO->hasNoSignedWrap() || BO->hasNoUnsignedWrap()))
      break;
    if (match(Index, m_Mul(m_Value(X), m_APInt(C))) && C->getActiveBits() < 32)
      Scale *= C->getZExtValue();
    else if (match(Index, m_Shl(m_Value(X), m_APInt(C))) && C->ult(32))
      Scale <<= C->getZExtValue();
    else
      break;
    Index = X;
  }
  return {Index, Scale};
}

/// \p V without casts and added constants.
Value *stripCastsAndOffsets(Value *V) {
  for (;;) {
    Value *X;
    if (match(V, m_CombineOr(m_ZExtOrSExt(m_Value(X)), m_Trunc(m_Value(X)))) ||
        match(V, m_Add(m_Value(X), m_ConstantInt())))
      V = X;
    else
      return V;
  }
}

/// \p Index steps by a constant each time round a loop: a phi that one of
/// its incoming values increments (`i`, `i + 1` of `for (i = 0; ...; ++i)`).
bool isInductionVariable(Value *Index) {
  auto *Phi = dyn_cast<PHINode>(stripCastsAndOffsets(Index));
  if (!Phi)
    return false;
  return any_of(Phi->incoming_values(), [Phi](Value *In) {
    Value *X;
    return (match(In, m_Add(m_Value(X), m_ConstantInt())) ||
            match(In, m_Sub(m_Value(X), m_ConstantInt()))) &&
           stripCastsAndOffsets(X) == Phi;
  });
}

/// How many values \p Index can take, from 0, when its known bits bound it
/// (a mask, `i & 3`); 0 when they do not.
uint64_t knownCount(const Value *Index, const DataLayout &DL) {
  KnownBits Known = computeKnownBits(Index, DL);
  if (!Known.isNonNegative() || Known.getMaxValue().getActiveBits() > 32)
    return 0;
  return Known.getMaxValue().getZExtValue() + 1;
}

/// Adds \p Index * \p Stride to \p A: a constant to the offset, anything
/// else as a term.
bool addIndex(ObjectAddress &A, Value *Index, uint64_t Stride,
              uint64_t Count, const DataLayout &DL) {
  if (auto *C = dyn_cast<ConstantInt>(Index)) {
    if (C->getBitWidth() > 64)
      return false;
    A.Offset += C->getSExtValue() * int64_t(Stride);
    return true;
  }
  if (!Index->getType()->isIntegerTy())
    return false; // A vector GEP.
  auto [X, Scale] = scaledIndex(Index);
  if (Scale != 1)
    Count = 0; // The type bounds Index, not X.
  // An index bounded by its bits is bounded as by an array's length: the
  // optimizer indexes a struct's array as bytes from the field (LLVM 22
  // leaves no array type to say how long it is).
  if (uint64_t Known = knownCount(X, DL); Known && (!Count || Known < Count))
    Count = Known;
  A.Terms.push_back({X, Stride * Scale, Count, isInductionVariable(X)});
  return true;
}

} // namespace

std::optional<ObjectAddress>
cacheline::decomposeAddress(Value *Ptr, const DataLayout &DL) {
  ObjectAddress A;
  for (;;) {
    if (auto *GA = dyn_cast<GlobalAlias>(Ptr)) {
      Ptr = GA->getAliasee();
      continue;
    }
    if (isa<BitCastOperator>(Ptr) || isa<AddrSpaceCastOperator>(Ptr)) {
      Ptr = cast<Operator>(Ptr)->getOperand(0);
      continue;
    }
    auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP)
      break;
    // The first index steps over whole objects of the source type:
    // nothing bounds it. Each later one indexes the aggregate the previous
    // step reached.
    Type *Aggregate = nullptr;
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
         GTI != E; ++GTI) {
      Value *Index = GTI.getOperand();
      Type *Indexed = GTI.getIndexedType();
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        unsigned Field = cast<ConstantInt>(Index)->getZExtValue();
        A.Offset += DL.getStructLayout(ST)->getElementOffset(Field);
      } else {
        if (Aggregate && !isa<ArrayType>(Aggregate))
          return std::nullopt; // A vector's element.
        TypeSize Stride = DL.getTypeAllocSize(Indexed);
        if (Stride.isScalable())
          return std::nullopt;
        uint64_t Count =
            Aggregate ? cast<ArrayType>(Aggregate)->getNumElements() : 0;
        if (!addIndex(A, Index, Stride.getFixedValue(), Count, DL))
          return std::nullopt;
      }
      Aggregate = Indexed;
    }
    Ptr = GEP->getPointerOperand();
  }
  A.Base = Ptr;
  return A;
}

ByteRange cacheline::toByteRange(const ObjectAddress &A) {
  ByteRange R;
  R.Offset = A.Offset;
  for (const AddressTerm &T : A.Terms)
    R.Indices.push_back({T.Stride, T.Count, T.Sweeps});
  return R;
}

std::optional<SmallVector<int64_t, 4>>
cacheline::constantChoices(const Value *V) {
  SmallVector<const Value *, 4> In;
  if (const auto *Sel = dyn_cast<SelectInst>(V))
    In = {Sel->getTrueValue(), Sel->getFalseValue()};
  else if (const auto *Phi = dyn_cast<PHINode>(V))
    append_range(In, Phi->incoming_values());
  if (In.empty() || In.size() > 8)
    return std::nullopt;
  SmallVector<int64_t, 4> Out;
  for (const Value *C : In) {
    const auto *K = dyn_cast<ConstantInt>(C);
    if (!K || K->getBitWidth() > 64)
      return std::nullopt;
    if (!is_contained(Out, K->getSExtValue()))
      Out.push_back(K->getSExtValue());
  }
  return Out;
}

uint64_t cacheline::accessSize(const Value &User, const DataLayout &DL) {
  Type *T = nullptr;
  if (const auto *LI = dyn_cast<LoadInst>(&User))
    T = LI->getType();
  else if (const auto *SI = dyn_cast<StoreInst>(&User))
    T = SI->getValueOperand()->getType();
  else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&User))
    T = RMW->getValOperand()->getType();
  else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&User))
    T = CX->getNewValOperand()->getType();
  else if (const auto *MI = dyn_cast<AnyMemIntrinsic>(&User)) {
    if (const auto *Len = dyn_cast<ConstantInt>(MI->getLength()))
      return Len->getZExtValue();
    return 0;
  } else if (const auto *CB = dyn_cast<CallBase>(&User);
             CB && isSanitizerMemoryCall(*CB)) {
    if (const auto *Len = dyn_cast<ConstantInt>(CB->getArgOperand(2)))
      return Len->getZExtValue();
    return 0;
  }
  if (!T || !T->isSized())
    return 0;
  TypeSize Size = DL.getTypeStoreSize(T);
  return Size.isScalable() ? 0 : Size.getFixedValue();
}
