//===- AllocationLayout.cpp - One line per element of an allocation -------===//

#include "cacheline/AllocationLayout.h"
#include "cacheline/AddressRewrite.h"
#include "cacheline/AllocationShape.h"
#include "cacheline/ElementLayout.h"
#include "cacheline/Sanitizer.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace cacheline;

namespace {

/// What the rewrite works from, once the IR is known to allow it.
struct Checked {
  AllocationShape Shape;
  /// The number of elements of ElementSize bytes, per element of the
  /// shape's: the shape may count larger ones (`malloc(8 * 24)` folded to
  /// one 192-byte element).
  uint64_t PerShapeElement = 1;
  AddressRewrite Rewrite;
  /// Leaves that are the call's result stored in a holder: kept.
  SmallPtrSet<const Use *, 4> Kept;
};

} // namespace

/// The addresses of \p P's allocation, each known to stay inside one
/// element with all its uses; an error saying why otherwise.
static Expected<Checked> check(const AllocationPadding &P,
                               const CallGraph *Calls) {
  CallBase &Call = *P.Call;
  std::optional<AllocationShape> Shape = allocationShape(Call);
  if (!Shape)
    return cannot("not an allocation of whole elements");
  const uint64_t Size = P.ElementSize;
  if (!Size || P.Slot < Size || P.Slot % P.LineSize ||
      Shape->ElementSize % Size)
    return cannot("elements larger than their slot");
  if (Shape->Alignment > P.LineSize)
    return cannot("aligned to more than a line");

  // The roots: the call's result, and every load of a holder, each of
  // whose stores stores that result or null.
  SmallVector<Value *, 8> Roots{&Call};
  for (GlobalVariable *H : P.Holders) {
    if (!H->hasLocalLinkage())
      return cannot("the pointer variable " + H->getName() +
                    " is not internal");
    for (Use &U : H->uses()) {
      if (isSanitizerUse(U))
        continue;
      if (auto *SI = dyn_cast<StoreInst>(U.getUser());
          SI && SI->getPointerOperand() == H && !SI->isVolatile() &&
          (SI->getValueOperand() == &Call ||
           isa<ConstantPointerNull>(SI->getValueOperand())))
        continue;
      auto *LI = dyn_cast<LoadInst>(U.getUser());
      if (!LI || LI->isVolatile() || !LI->getType()->isPointerTy())
        return cannot("the pointer variable " + H->getName() +
                      " holds other pointers in " + functionOf(U.getUser()));
      Roots.push_back(LI);
    }
  }
  const DataLayout &DL = Call.getModule()->getDataLayout();
  Expected<AddressRewrite> Rewrite = AddressRewrite::collect(Roots, DL);
  if (!Rewrite)
    return Rewrite.takeError();
  Checked C{*Shape, Shape->ElementSize / Size, std::move(*Rewrite), {}};
  for (const AddressLeaf &L : C.Rewrite.leaves()) {
    // The start itself, stored in a holder.
    auto *SI = dyn_cast<StoreInst>(L.U->getUser());
    if (SI && L.U->get() == &Call && is_contained(P.Holders,
                                                   SI->getPointerOperand())) {
      C.Kept.insert(L.U);
      continue;
    }
    if (Error E = checkInsideElement(L, Size, Calls))
      return std::move(E);
  }
  return std::move(C);
}

Error cacheline::checkPadAllocation(const AllocationPadding &P,
                                    const CallGraph *Calls) {
  return check(P, Calls).takeError();
}

Error cacheline::padAllocation(const AllocationPadding &P,
                               const CallGraph *Calls) {
  Expected<Checked> C = check(P, Calls);
  if (!C)
    return C.takeError();
  CallBase &Old = *P.Call;
  Module &M = *Old.getModule();
  const DataLayout &DL = M.getDataLayout();
  const Align LineAlign(P.LineSize);

  // The new allocation: count * slot bytes, line-aligned, or none where the
  // product overflows (as calloc fails then).
  IRBuilder<> B(&Old);
  IntegerType *SizeTy = DL.getIntPtrType(M.getContext());
  const AllocationShape &S = C->Shape;
  const uint64_t ShapeSlot = C->PerShapeElement * P.Slot;
  Value *Total;
  if (S.Count) {
    bool Overflow = false;
    APInt Bytes = APInt(SizeTy->getBitWidth(), S.Count)
                      .umul_ov(APInt(SizeTy->getBitWidth(), ShapeSlot),
                               Overflow);
    Total = Overflow ? ConstantInt::getAllOnesValue(SizeTy)
                     : ConstantInt::get(SizeTy, Bytes);
  } else {
    Value *Bytes = B.CreateBinaryIntrinsic(
        Intrinsic::umul_with_overflow,
        B.CreateZExtOrTrunc(S.CountValue, SizeTy),
        ConstantInt::get(SizeTy, ShapeSlot));
    Total = B.CreateSelect(B.CreateExtractValue(Bytes, 1),
                           ConstantInt::getAllOnesValue(SizeTy),
                           B.CreateExtractValue(Bytes, 0));
  }
  FunctionCallee AlignedAlloc = M.getOrInsertFunction(
      "aligned_alloc", PointerType::getUnqual(M.getContext()), SizeTy, SizeTy);
  CallInst *New = B.CreateCall(
      AlignedAlloc, {ConstantInt::get(SizeTy, P.LineSize), Total},
      Old.hasName() ? Old.getName() + ".lines" : "lines");
  New->addRetAttr(Attribute::NoAlias);
  New->setDebugLoc(Old.getDebugLoc());
  New->setMetadata(PaddedAllocationMetadata, MDNode::get(M.getContext(), {}));

  C->Rewrite.apply([&](const AddressLeaf &L) -> std::optional<NewAddress> {
    if (C->Kept.contains(L.U))
      return std::nullopt;
    Value *Base = L.Address.Base == &Old ? New : L.Address.Base;
    return inSlots(L.Address, P.ElementSize, *Base, LineAlign, P.Slot);
  });
  Old.replaceAllUsesWith(New);
  Old.eraseFromParent();
  if (S.Zeroed) {
    // calloc's zeroes, where the allocation succeeded.
    auto *Allocated = cast<Instruction>(
        IRBuilder<>(New->getNextNode()).CreateIsNotNull(New));
    Instruction *Then = SplitBlockAndInsertIfThen(
        Allocated, Allocated->getNextNode(), /*Unreachable=*/false);
    IRBuilder<> Z(Then);
    Z.CreateMemSet(New, Z.getInt8(0), Total, LineAlign);
  }
  return Error::success();
}
