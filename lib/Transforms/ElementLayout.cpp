//===- ElementLayout.cpp - One line per element of an array global -------===//

#include "cacheline/Transforms/ElementLayout.h"
#include "cacheline/Transforms/AddressRewrite.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;

NewAddress cacheline::inSlots(const ObjectAddress &A, uint64_t Size,
                              Value &Base, Align BaseAlign, uint64_t Slot) {
  NewAddress S;
  S.Base = &Base;
  S.BaseAlign = BaseAlign;
  S.Slot = Slot;
  S.Element = ByteRange::elementOf(A.Offset, Size);
  S.Inside = A.Offset - S.Element * int64_t(Size);
  for (const AddressTerm &T : A.Terms) {
    if (T.Stride % Size == 0)
      S.Elements.push_back({T.Index, T.Stride / Size});
    else
      S.Bytes.push_back({T.Index, T.Stride});
  }
  return S;
}

namespace {

/// Gives \p New the debug info of \p Old, an array whose elements are now
/// \p Slot bytes apart: an array of slots, each a struct whose member
/// "value" is the element (`print g[i].value`). DWARF's byte stride would
/// keep `g[i]`, but gdb 13 overruns a buffer printing such an array whole.
void moveDebugInfo(GlobalVariable &Old, GlobalVariable &New, uint64_t Slot) {
  SmallVector<DIGlobalVariableExpression *, 1> GVEs;
  Old.getDebugInfo(GVEs);
  for (DIGlobalVariableExpression *GVE : GVEs) {
    DIGlobalVariable *Var = GVE->getVariable();
    auto *Array = dyn_cast_or_null<DICompositeType>(Var->getType());
    if (!Var->isDistinct() || !Array ||
        Array->getTag() != dwarf::DW_TAG_array_type ||
        Array->getElements().size() == 0)
      continue; // A typedef'd array: left without a description.
    DINodeArray Subscripts = Array->getElements();
    Module &M = *New.getParent();
    DIBuilder DIB(M);
    DIType *Element = Array->getBaseType();
    // The element type of the outer dimension: the array of the inner ones.
    if (Subscripts.size() > 1) {
      SmallVector<Metadata *, 2> Inner;
      for (unsigned I = 1; I < Subscripts.size(); ++I)
        Inner.push_back(Subscripts[I]);
      uint64_t Count = cast<ArrayType>(Old.getValueType())->getNumElements();
      Element = DIB.createArrayType(Array->getSizeInBits() / Count,
                                    Array->getAlignInBits(), Element,
                                    DIB.getOrCreateArray(Inner));
    }
    DIDerivedType *Value = DIB.createMemberType(
        Var->getScope(), "value", Var->getFile(), Var->getLine(),
        Element->getSizeInBits(), 0, 0, DINode::FlagZero, Element);
    DICompositeType *SlotTy = DIB.createStructType(
        Var->getScope(), "", Var->getFile(), Var->getLine(), Slot * 8, 0,
        DINode::FlagZero, nullptr, DIB.getOrCreateArray({Value}));
    DICompositeType *NewArray = DIB.createArrayType(
        M.getDataLayout().getTypeAllocSizeInBits(New.getValueType()),
        Array->getAlignInBits(), SlotTy, DIB.getOrCreateArray({Subscripts[0]}));
    Var->replaceOperandWith(3, NewArray); // DIVariable's type.
    New.addDebugInfo(GVE);
  }
}

} // namespace

/// Every address computed from \p Old, once each is known to stay inside
/// one element with all its uses; an error saying why otherwise.
static Expected<AddressRewrite> insideElements(GlobalVariable &Old,
                                               uint64_t Slot,
                                               const CallGraph *Calls) {
  const DataLayout &DL = Old.getParent()->getDataLayout();
  auto *AT = dyn_cast<ArrayType>(Old.getValueType());
  if (!AT || !Old.hasInitializer() || !Old.hasLocalLinkage())
    return cannot("not an internal array with an initializer");
  const uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
  if (!Size || Slot < Size)
    return cannot("elements larger than their slot");

  Expected<AddressRewrite> Rewrite = AddressRewrite::collect(Old);
  if (!Rewrite)
    return Rewrite.takeError();
  for (const AddressLeaf &L : Rewrite->leaves())
    if (Error E = checkInsideElement(L, Size, Calls))
      return std::move(E);
  return Rewrite;
}

Error cacheline::checkInsideElement(const AddressLeaf &L, uint64_t Size,
                                    const CallGraph *Calls) {
  std::optional<std::pair<int64_t, int64_t>> In =
      toByteRange(L.Address).bytesInElement(Size);
  if (!In)
    return cannot("an address that may leave its element in " +
                  functionOf(L.U->getUser()));
  if (std::string Why = AddressRewrite::checkInside(
          L, In->first, In->second, Size, "element", /*OrderKept=*/true,
          Calls);
      !Why.empty())
    return cannot(Why);
  return Error::success();
}

Error cacheline::checkPadElements(GlobalVariable &GV, uint64_t SlotSize,
                                  const CallGraph *Calls) {
  return insideElements(GV, SlotSize, Calls).takeError();
}

Expected<GlobalVariable *> cacheline::padElements(GlobalVariable &Old,
                                                  uint64_t Slot,
                                                  const CallGraph *Calls) {
  Expected<AddressRewrite> Rewrite = insideElements(Old, Slot, Calls);
  if (!Rewrite)
    return Rewrite.takeError();
  Module &M = *Old.getParent();
  const DataLayout &DL = M.getDataLayout();
  auto *AT = cast<ArrayType>(Old.getValueType());
  Type *ElemTy = AT->getElementType();
  const uint64_t Size = DL.getTypeAllocSize(ElemTy);

  LLVMContext &Ctx = M.getContext();
  auto *PadTy = ArrayType::get(Type::getInt8Ty(Ctx), Slot - Size);
  auto *SlotTy = StructType::get(Ctx, {ElemTy, PadTy});
  auto *NewTy = ArrayType::get(SlotTy, AT->getNumElements());
  SmallVector<Constant *, 16> Slots;
  Constant *Init = Old.getInitializer();
  for (uint64_t I = 0, E = AT->getNumElements(); I != E; ++I)
    Slots.push_back(ConstantStruct::get(
        SlotTy, {Init->getAggregateElement(I), Constant::getNullValue(PadTy)}));
  GlobalVariable *New =
      newGlobalLike(Old, ConstantArray::get(NewTy, Slots), "");
  // Every slot starts as aligned as the array did: the array is aligned to
  // the largest power of two dividing the slot size, at least.
  New->setAlignment(std::max(DL.getPreferredAlign(&Old), Align(Slot & -Slot)));

  Rewrite->apply([&](const AddressLeaf &L) {
    return inSlots(L.Address, Size, *New, *New->getAlign(), Slot);
  });
  moveDebugInfo(Old, *New, Slot);
  New->takeName(&Old);
  Old.eraseFromParent();
  return New;
}
