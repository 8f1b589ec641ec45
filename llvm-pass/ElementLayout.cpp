//===- ElementLayout.cpp - One line per element of an array global -------===//

#include "ElementLayout.h"
#include "KnownFunctions.h"
#include "ObjectAddress.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;

namespace {

Error cannot(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// A use of an address computed from the global by something that is not
/// itself address arithmetic: where the new address goes.
struct Leaf {
  Use *U;
  ObjectAddress Address;
};

/// The function \p V is in, for messages.
std::string where(Value *V) {
  if (auto *I = dyn_cast<Instruction>(V))
    return I->getFunction()->getName().str();
  if (auto *A = dyn_cast<Argument>(V))
    return A->getParent()->getName().str();
  return "a constant";
}

/// Checks on the IR that what a pointer into one element is used for stays
/// inside that element, whatever code touched it since the summary was
/// made (a ThinLTO backend vectorizes after the facts were written).
class InsideElement {
public:
  InsideElement(const DataLayout &DL, uint64_t Size) : DL(DL), Size(Size) {}

  /// \p V points between \p Lo and \p Hi bytes into an element; empty if
  /// every use of it stays inside, else what does not.
  std::string check(Value *V, int64_t Lo, int64_t Hi) {
    auto [It, New] = Seen.try_emplace(V, Lo, Hi);
    if (!New) {
      if (It->second != std::make_pair(Lo, Hi))
        return "a pointer stepped in a loop in " + where(V);
      return {};
    }
    if (Lo < 0 || Hi >= int64_t(Size))
      return "an address past its element in " + where(V);
    for (Use &U : V->uses())
      if (std::string Why = checkUse(U, Lo, Hi); !Why.empty())
        return Why;
    return {};
  }

  /// The same for the one use \p U of such a pointer.
  std::string checkUse(Use &U, int64_t Lo, int64_t Hi) {
    User *Usr = U.getUser();
    if (isa<ICmpInst>(Usr))
      return {}; // Comparing addresses reads nothing.
    if (isa<PtrToIntInst>(Usr)) {
      if (all_of(Usr->users(), [](User *C) { return isa<ICmpInst>(C); }))
        return {};
      return "an element's address converted to an integer in " + where(Usr);
    }
    if (isa<LoadInst>(Usr) || isa<StoreInst>(Usr) ||
        isa<AtomicRMWInst>(Usr) || isa<AtomicCmpXchgInst>(Usr)) {
      unsigned PointerOperand = isa<StoreInst>(Usr)
                                    ? StoreInst::getPointerOperandIndex()
                                    : 0; // Loads and atomics.
      if (U.getOperandNo() != PointerOperand)
        return "an element's address stored in " + where(Usr);
      uint64_t Bytes = accessSize(*Usr, DL);
      if (!Bytes || Hi + int64_t(Bytes) > int64_t(Size))
        return "an access past its element in " + where(Usr);
      return {};
    }
    if (auto *GEP = dyn_cast<GEPOperator>(Usr)) {
      std::optional<ObjectAddress> A = decomposeAddress(GEP, DL);
      if (!A || !A->Terms.empty() || A->Base != U.get())
        return "an index into an element's neighbours in " + where(Usr);
      return check(GEP, Lo + A->Offset, Hi + A->Offset);
    }
    if (isa<BitCastOperator>(Usr) || isa<AddrSpaceCastOperator>(Usr) ||
        isa<PHINode>(Usr) || isa<SelectInst>(Usr)) {
      if (isa<SelectInst>(Usr) && U.getOperandNo() == 0)
        return {};
      return check(Usr, Lo, Hi);
    }
    if (auto *CB = dyn_cast<CallBase>(Usr)) {
      if (auto *MI = dyn_cast<AnyMemIntrinsic>(CB)) {
        uint64_t Bytes = accessSize(*MI, DL);
        if (!Bytes || Hi + int64_t(Bytes) > int64_t(Size))
          return "a memory intrinsic past its element in " + where(CB);
        return {};
      }
      if (const auto *II = dyn_cast<IntrinsicInst>(CB);
          II && (II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic()))
        return {};
      Function *Callee = CB->getCalledFunction();
      if (!Callee || !CB->isArgOperand(&U))
        return "an element's address passed to an unknown call in " +
               where(CB);
      unsigned Arg = CB->getArgOperandNo(&U);
      if (!Callee->isDeclaration() && !Callee->isInterposable() &&
          Arg < Callee->arg_size())
        return check(Callee->getArg(Arg), Lo, Hi);
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      if (Known && (Known->OneObject ||
                    Known->effectOn(Arg) == CallEffect::None))
        return {};
      return "an element's address passed to " + Callee->getName().str() +
             " in " + where(CB);
    }
    if (auto *Ret = dyn_cast<ReturnInst>(Usr)) {
      Function *F = Ret->getFunction();
      for (User *Caller : F->users()) {
        auto *CB = dyn_cast<CallBase>(Caller);
        if (!CB || CB->getCalledFunction() != F)
          return "an element's address returned by " + F->getName().str() +
                 ", which is not only called";
        if (std::string Why = check(CB, Lo, Hi); !Why.empty())
          return Why;
      }
      return {};
    }
    return "an element's address used by " +
           std::string(isa<Instruction>(Usr)
                           ? cast<Instruction>(Usr)->getOpcodeName()
                           : "a constant") +
           " in " + where(Usr);
  }

private:
  const DataLayout &DL;
  uint64_t Size;
  DenseMap<Value *, std::pair<int64_t, int64_t>> Seen;
};

/// An address of the old array in the new one's terms: the element (the
/// constant offset's, plus the indices that pick one, in elements) and the
/// bytes inside it (a constant and the other indices, in bytes).
struct SlotAddress {
  int64_t Element = 0;
  int64_t Inside = 0;
  SmallVector<std::pair<Value *, uint64_t>, 2> Elements, Bytes;
};

SlotAddress inSlots(const ObjectAddress &A, uint64_t Size) {
  SlotAddress S;
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

/// The new address of \p A, slots of \p Slot bytes apart: indexing the
/// array of slots, then where it points inside that element. An index of
/// whole slots, as in the plain build, keeps codegen from sinking
/// `@g + i * slot` into base + index addressing, which costs uops in
/// read-modify-writes; the constant part comes last, where it folds into
/// the addressing mode (`&g[i].a` and `&g[i].b` share one register).
Value *rebuild(IRBuilder<> &B, GlobalVariable &New, const SlotAddress &A,
               uint64_t Slot, Type *IndexTy) {
  auto Sum = [&](ArrayRef<std::pair<Value *, uint64_t>> Terms) {
    Value *Total = nullptr;
    for (auto [Index, Scale] : Terms) {
      Value *X = B.CreateSExtOrTrunc(Index, IndexTy);
      if (Scale != 1)
        X = B.CreateMul(X, ConstantInt::get(IndexTy, Scale));
      Total = Total ? B.CreateAdd(Total, X) : X;
    }
    return Total;
  };
  int64_t Fixed = A.Inside;
  Value *Addr = &New;
  Value *Index = Sum(A.Elements), *Inner = Sum(A.Bytes);
  if (Index) {
    if (A.Element)
      Index = B.CreateAdd(Index, ConstantInt::get(IndexTy, A.Element, true));
    Addr = B.CreateGEP(New.getValueType(), Addr,
                       {ConstantInt::get(IndexTy, 0), Index});
  } else {
    Fixed += A.Element * int64_t(Slot);
  }
  if (Inner)
    Addr = B.CreateGEP(B.getInt8Ty(), Addr, Inner);
  if (Fixed || Addr == &New)
    Addr = B.CreateGEP(B.getInt8Ty(), Addr,
                       ConstantInt::get(IndexTy, Fixed, /*IsSigned=*/true));
  return Addr;
}

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

/// The alignment the new address of \p A surely has.
Align knownAlign(const GlobalVariable &New, const SlotAddress &A,
                 uint64_t Slot) {
  Align K = commonAlignment(*New.getAlign(), A.Element * int64_t(Slot) +
                                                 A.Inside);
  for (const auto &E : A.Elements)
    K = commonAlignment(K, E.second * Slot);
  for (const auto &I : A.Bytes)
    K = commonAlignment(K, I.second);
  return K;
}

/// Lowers what the user of \p U claims about its pointer's alignment to
/// \p Known: the old claim held for the old address.
void keepAlignmentTrue(Use &U, Align Known) {
  User *Usr = U.getUser();
  auto Lower = [&](Align A) { return std::min(A, Known); };
  if (auto *LI = dyn_cast<LoadInst>(Usr))
    LI->setAlignment(Lower(LI->getAlign()));
  else if (auto *SI = dyn_cast<StoreInst>(Usr))
    SI->setAlignment(Lower(SI->getAlign()));
  else if (auto *RMW = dyn_cast<AtomicRMWInst>(Usr))
    RMW->setAlignment(Lower(RMW->getAlign()));
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(Usr))
    CX->setAlignment(Lower(CX->getAlign()));
  else if (auto *CB = dyn_cast<CallBase>(Usr); CB && CB->isArgOperand(&U)) {
    unsigned Arg = CB->getArgOperandNo(&U);
    if (MaybeAlign A = CB->getParamAlign(Arg); A && *A > Known) {
      CB->removeParamAttr(Arg, Attribute::Alignment);
      CB->addParamAttr(Arg, Attribute::getWithAlignment(CB->getContext(),
                                                        Known));
    }
  }
}

} // namespace

Expected<GlobalVariable *> cacheline::padElements(GlobalVariable &Old,
                                                  uint64_t Slot) {
  Module &M = *Old.getParent();
  const DataLayout &DL = M.getDataLayout();
  auto *AT = dyn_cast<ArrayType>(Old.getValueType());
  if (!AT || !Old.hasInitializer() || !Old.hasLocalLinkage())
    return cannot("not an internal array with an initializer");
  Type *ElemTy = AT->getElementType();
  const uint64_t Size = DL.getTypeAllocSize(ElemTy);
  if (!Size || Slot < Size)
    return cannot("elements larger than their slot");

  // The addresses computed from the global, and the uses that take one
  // somewhere else.
  SetVector<Value *> Arithmetic;
  Arithmetic.insert(&Old);
  SmallVector<Leaf, 16> Leaves;
  for (size_t I = 0; I != Arithmetic.size(); ++I) {
    for (Use &U : Arithmetic[I]->uses()) {
      User *Usr = U.getUser();
      if ((isa<GEPOperator>(Usr) && U.getOperandNo() == 0) ||
          isa<BitCastOperator>(Usr) || isa<AddrSpaceCastOperator>(Usr)) {
        Arithmetic.insert(Usr);
        continue;
      }
      if (!isa<Instruction>(Usr))
        return cannot("address used by a constant");
      std::optional<ObjectAddress> A = decomposeAddress(U.get(), DL);
      if (!A || A->Base != &Old)
        return cannot("address arithmetic not followed in " +
                      cast<Instruction>(Usr)->getFunction()->getName());
      Leaves.push_back({&U, std::move(*A)});
    }
  }
  // Each leaf's address lies inside one element, and so do its uses.
  for (const Leaf &L : Leaves) {
    std::optional<std::pair<int64_t, int64_t>> In =
        toByteRange(L.Address).bytesInElement(Size);
    if (!In)
      return cannot("an address that may leave its element in " +
                    where(L.U->getUser()));
    if (std::string Why =
            InsideElement(DL, Size).checkUse(*L.U, In->first, In->second);
        !Why.empty())
      return cannot(Why);
  }

  LLVMContext &Ctx = M.getContext();
  auto *PadTy = ArrayType::get(Type::getInt8Ty(Ctx), Slot - Size);
  auto *SlotTy = StructType::get(Ctx, {ElemTy, PadTy});
  auto *NewTy = ArrayType::get(SlotTy, AT->getNumElements());
  SmallVector<Constant *, 16> Slots;
  Constant *Init = Old.getInitializer();
  for (uint64_t I = 0, E = AT->getNumElements(); I != E; ++I)
    Slots.push_back(ConstantStruct::get(
        SlotTy, {Init->getAggregateElement(I), Constant::getNullValue(PadTy)}));
  auto *New = new GlobalVariable(M, NewTy, Old.isConstant(), Old.getLinkage(),
                                 ConstantArray::get(NewTy, Slots), "", &Old,
                                 Old.getThreadLocalMode(),
                                 Old.getAddressSpace());
  New->copyAttributesFrom(&Old);
  New->setComdat(Old.getComdat());
  // Every slot starts as aligned as the array did: the array is aligned to
  // the largest power of two dividing the slot size, at least.
  New->setAlignment(std::max(DL.getPreferredAlign(&Old), Align(Slot & -Slot)));

  // Each address is rebuilt once, where the old one was computed (it
  // dominates its uses); a constant one folds to a constant.
  Type *IndexTy = DL.getIndexType(New->getType());
  DenseMap<Value *, Value *> Rebuilt;
  for (Leaf &L : Leaves) {
    Value *Old = L.U->get();
    Value *&NewAddr = Rebuilt[Old];
    SlotAddress A = inSlots(L.Address, Size);
    if (!NewAddr) {
      IRBuilder<> B(Ctx);
      if (auto *I = dyn_cast<Instruction>(Old))
        B.SetInsertPoint(I->getNextNode());
      else if (auto *Phi = dyn_cast<PHINode>(L.U->getUser()))
        B.SetInsertPoint(Phi->getIncomingBlock(*L.U)->getTerminator());
      else
        B.SetInsertPoint(cast<Instruction>(L.U->getUser()));
      NewAddr = B.CreatePointerBitCastOrAddrSpaceCast(
          rebuild(B, *New, A, Slot, IndexTy), Old->getType());
    }
    L.U->set(NewAddr);
    keepAlignmentTrue(*L.U, knownAlign(*New, A, Slot));
  }
  moveDebugInfo(Old, *New, Slot);
  // The old arithmetic is dead now.
  for (Value *V : reverse(Arithmetic))
    if (auto *I = dyn_cast<Instruction>(V); I && I->use_empty())
      I->eraseFromParent();
  Old.removeDeadConstantUsers();
  assert(Old.use_empty() && "a use the rewrite did not rebuild");
  New->takeName(&Old);
  Old.eraseFromParent();
  return New;
}
