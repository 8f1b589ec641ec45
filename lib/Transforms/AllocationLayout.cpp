//===- AllocationLayout.cpp - One line per element of an allocation -------===//

#include "cacheline/Transforms/AllocationLayout.h"
#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/ObjectAddress.h"
#include "cacheline/Summary/Sanitizer.h"
#include "cacheline/Transforms/AddressRewrite.h"
#include "cacheline/Transforms/ElementLayout.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <numeric>

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
  /// Of a struct's fields moved: leaves that use only where the struct
  /// starts, not a field (compared with null, freed).
  SmallPtrSet<const Use *, 4> Start;
  /// Memsets of the whole struct: each clears the whole new one.
  SmallVector<CallBase *, 2> Clears;
  /// The memset clearing all the memory allocated (clearingMemset): it
  /// clears all the new memory.
  SmallVector<CallBase *, 1> ClearsAll;
  /// Of operator new's memory: the deletes of its start, which become the
  /// aligned delete.
  SmallVector<CallBase *, 2> Deletes;
};

/// The deallocation that \p L's address, the object's start, is handed to,
/// if one is.
CallBase *deallocates(const AddressLeaf &L) {
  auto *CB = dyn_cast<CallBase>(L.U->getUser());
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || !CB->isArgOperand(L.U) || CB->getArgOperandNo(L.U) != 0)
    return nullptr;
  std::optional<MemoryFunction> MF = lookupMemoryFunction(F->getName());
  return MF && MF->K == MemoryFunction::Kind::Frees ? CB : nullptr;
}

/// The memset, or the sanitizer's, that \p L's address is the
/// destination of, when it sets \p Size bytes from there.
CallBase *clearsWhole(const AddressLeaf &L, uint64_t Size) {
  auto *CB = dyn_cast<CallBase>(L.U->getUser());
  if (!CB || L.Address.Offset || !L.Address.Terms.empty() ||
      !CB->isArgOperand(L.U) || CB->getArgOperandNo(L.U) != 0)
    return nullptr;
  const Function *F = CB->getCalledFunction();
  bool Memset = isa<MemSetInst>(CB) ||
                (F && F->getName() == "__asan_memset" && CB->arg_size() == 3);
  auto *Len = Memset ? dyn_cast<ConstantInt>(CB->getArgOperand(2)) : nullptr;
  return Len && Len->getZExtValue() == Size ? CB : nullptr;
}

/// Whether \p L is the object's start used as such: compared (with null),
/// or handed back to the allocator.
bool isStartOnly(const AddressLeaf &L) {
  if (L.Address.Offset || !L.Address.Terms.empty())
    return false;
  const User *Usr = L.U->getUser();
  if (isa<ICmpInst>(Usr))
    return true;
  const auto *CB = dyn_cast<CallBase>(Usr);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  std::optional<MemoryFunction> MF =
      F ? lookupMemoryFunction(F->getName()) : std::nullopt;
  return MF && MF->K == MemoryFunction::Kind::Frees && CB->isArgOperand(L.U);
}

} // namespace

std::vector<MovedFieldSpan> cacheline::placeFieldGroups(
    ArrayRef<FieldSpan> Fields, ArrayRef<FieldPart> Parts, uint64_t LineSize,
    uint64_t &NewSize) {
  std::vector<MovedFieldSpan> Out;
  uint64_t At = 0;
  for (const FieldPart &Part : Parts) {
    if (Part.Fields.empty())
      continue;
    uint64_t First = UINT64_MAX, End = 0;
    for (unsigned I : Part.Fields) {
      First = std::min(First, Fields[I].Offset);
      End = std::max(End, Fields[I].Offset + Fields[I].Size);
    }
    // Each field keeps its offset within its line, and so its alignment.
    uint64_t From = alignDown(First, LineSize);
    for (unsigned I : Part.Fields)
      Out.push_back({Fields[I].Offset, Fields[I].Size,
                     At + Fields[I].Offset - From});
    At = alignTo(At + End - From, LineSize);
  }
  NewSize = At;
  llvm::sort(Out, [](const MovedFieldSpan &A, const MovedFieldSpan &B) {
    return A.Offset < B.Offset;
  });
  return Out;
}

/// The field of \p Fields holding bytes \p First to \p Last, if one does.
static const MovedFieldSpan *fieldHolding(ArrayRef<MovedFieldSpan> Fields,
                                          int64_t First, int64_t Last) {
  for (const MovedFieldSpan &F : Fields)
    if (First >= int64_t(F.Offset) && Last < int64_t(F.Offset + F.Size))
      return &F;
  return nullptr;
}

/// Where the address \p A points, from the first byte it may point to to
/// the last; std::nullopt when an index is unbounded.
static std::optional<std::pair<int64_t, int64_t>>
pointsBetween(const ObjectAddress &A) {
  ByteRange R = toByteRange(A);
  R.Size = 1;
  return R.span();
}

/// The addresses \p A may be: itself, or, where an index chooses among
/// constants (`c ? 16 : 32`), each choice, with that term's position.
static SmallVector<ObjectAddress, 2> choicesOf(const ObjectAddress &A,
                                               int &Chosen) {
  Chosen = -1;
  for (auto [I, T] : enumerate(A.Terms))
    if (constantChoices(T.Index)) {
      Chosen = int(I);
      break;
    }
  if (Chosen < 0)
    return {A};
  SmallVector<ObjectAddress, 2> Out;
  const AddressTerm &T = A.Terms[Chosen];
  SmallVector<int64_t, 4> Constants = *constantChoices(T.Index);
  for (int64_t C : Constants) {
    ObjectAddress Here = A;
    Here.Terms.erase(Here.Terms.begin() + Chosen);
    Here.Offset += C * int64_t(T.Stride);
    Out.push_back(std::move(Here));
  }
  return Out;
}

/// The new place of byte \p Offset of the struct, in field \p F.
static int64_t movedTo(const MovedFieldSpan &F, int64_t Offset) {
  return int64_t(F.NewOffset) + Offset - int64_t(F.Offset);
}

/// The addresses of \p P's allocation, each known to stay inside one
/// element (or field) with all its uses; an error saying why otherwise.
static Expected<Checked> check(const PlannedAllocation &P,
                               uint64_t LineSize, const CallGraph *Calls) {
  CallBase &Call = *P.Call;
  std::optional<AllocationShape> Shape = allocationShape(Call);
  if (!Shape)
    return cannot("not an allocation of whole elements");
  const uint64_t Size = P.ElementSize;
  if (!P.Fields.empty()) {
    if (Shape->Count != 1 || Shape->ElementSize != Size || !P.NewSize)
      return cannot("not one struct of the size the facts say");
  } else if (!Size || P.SlotSize < Size || P.SlotSize % LineSize ||
             (Shape->ElementSize % Size && Shape->Count)) {
    return cannot("elements larger than their slot");
  }
  if (Shape->Alignment > LineSize)
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
  if (isa<InvokeInst>(Call))
    return cannot("allocated by an invoke, whose unwinding the rewrite does "
                  "not keep");
  const DataLayout &DL = Call.getModule()->getDataLayout();
  Expected<AddressRewrite> Rewrite = AddressRewrite::collect(Roots, DL);
  if (!Rewrite)
    return Rewrite.takeError();
  Checked C;
  C.Shape = *Shape;
  C.PerShapeElement = Shape->ElementSize / Size;
  C.Rewrite = std::move(*Rewrite);
  CallBase *Clearing = clearingMemset(Call);
  for (const AddressLeaf &L : C.Rewrite.leaves()) {
    // The allocation's own clearing clears the new one.
    if (Clearing && L.U->getUser() == Clearing && L.U->get() == &Call) {
      C.Start.insert(L.U);
      C.ClearsAll.push_back(Clearing);
      continue;
    }
    // Operator new's memory goes back to the matching unsized delete,
    // which gets the aligned form's.
    if (CallBase *Delete = deallocates(L);
        Delete && Shape->Family != MemoryFunction::Family::Malloc) {
      StringRef Name = Delete->getCalledFunction()->getName();
      bool Array = Shape->Family == MemoryFunction::Family::NewArray;
      if (Name != (Array ? "_ZdaPv" : "_ZdlPv") || L.Address.Offset ||
          !L.Address.Terms.empty())
        return cannot("released by " + Name + " in " +
                      functionOf(Delete) + ", which has no aligned form "
                                           "here");
      C.Deletes.push_back(Delete);
    }
    // The start itself, stored in a holder.
    auto *SI = dyn_cast<StoreInst>(L.U->getUser());
    if (SI && L.U->get() == &Call && is_contained(P.Holders,
                                                   SI->getPointerOperand())) {
      C.Kept.insert(L.U);
      continue;
    }
    if (P.Fields.empty()) {
      if (Error E = checkInsideElement(L, Size, Calls))
        return std::move(E);
      continue;
    }
    if (isStartOnly(L)) {
      C.Start.insert(L.U);
      continue;
    }
    if (CallBase *Clear = clearsWhole(L, Size)) {
      C.Start.insert(L.U);
      C.Clears.push_back(Clear);
      continue;
    }
    // A field's address (each of the fields an index chooses among), used
    // inside that field.
    int Chosen;
    for (const ObjectAddress &Here : choicesOf(L.Address, Chosen)) {
      std::optional<std::pair<int64_t, int64_t>> In = pointsBetween(Here);
      const MovedFieldSpan *F =
          In ? fieldHolding(P.Fields, In->first, In->second) : nullptr;
      if (!F)
        return cannot("an address in no one field in " +
                      functionOf(L.U->getUser()));
      if (std::string Why = AddressRewrite::checkInside(
              L, In->first - F->Offset, In->second - F->Offset, F->Size,
              "field", /*OrderKept=*/false, Calls);
          !Why.empty())
        return cannot(Why);
    }
  }
  return std::move(C);
}

/// A copy of \p Index, a select or phi of constants, choosing \p New of
/// each instead (byte offsets), beside it.
static Value *chooseMoved(Value *Index,
                          function_ref<int64_t(int64_t)> New) {
  auto Moved = [&](Value *C) {
    return ConstantInt::get(Index->getType(),
                            New(cast<ConstantInt>(C)->getSExtValue()), true);
  };
  if (auto *Sel = dyn_cast<SelectInst>(Index)) {
    auto *Out = SelectInst::Create(Sel->getCondition(),
                                   Moved(Sel->getTrueValue()),
                                   Moved(Sel->getFalseValue()), "moved");
    Out->insertAfter(Sel);
    return Out;
  }
  auto *Phi = cast<PHINode>(Index);
  PHINode *Out = PHINode::Create(Phi->getType(), Phi->getNumIncomingValues(),
                                 "moved");
  Out->insertAfter(Phi);
  for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I)
    Out->addIncoming(Moved(Phi->getIncomingValue(I)),
                     Phi->getIncomingBlock(I));
  return Out;
}

Error cacheline::checkPadAllocation(const PlannedAllocation &P,
                                    uint64_t LineSize, const CallGraph *Calls) {
  return check(P, LineSize, Calls).takeError();
}

Error cacheline::padAllocation(const PlannedAllocation &P, uint64_t LineSize,
                               const CallGraph *Calls) {
  Expected<Checked> C = check(P, LineSize, Calls);
  if (!C)
    return C.takeError();
  CallBase &Old = *P.Call;
  Module &M = *Old.getModule();
  const DataLayout &DL = M.getDataLayout();
  const Align LineAlign(LineSize);

  // The new allocation: count * slot bytes, line-aligned, or none where the
  // product overflows (as calloc fails then).
  IRBuilder<> B(&Old);
  IntegerType *SizeTy = DL.getIntPtrType(M.getContext());
  const AllocationShape &S = C->Shape;
  // One struct: its only "element" is the whole of it.
  const uint64_t NewSizeSlot = P.NewSize;
  const uint64_t ShapeSlot =
      P.Fields.empty() ? C->PerShapeElement * P.SlotSize : P.NewSize;
  Value *Total;
  if (S.Count) {
    bool Overflow = false;
    APInt Bytes = APInt(SizeTy->getBitWidth(), S.Count)
                      .umul_ov(APInt(SizeTy->getBitWidth(), ShapeSlot),
                               Overflow);
    Total = Overflow ? ConstantInt::getAllOnesValue(SizeTy)
                     : ConstantInt::get(SizeTy, Bytes);
  } else if (S.CountValue && S.ElementSize % P.ElementSize == 0) {
    Value *Bytes = B.CreateBinaryIntrinsic(
        Intrinsic::umul_with_overflow,
        B.CreateZExtOrTrunc(S.CountValue, SizeTy),
        ConstantInt::get(SizeTy, ShapeSlot));
    Total = B.CreateSelect(B.CreateExtractValue(Bytes, 1),
                           ConstantInt::getAllOnesValue(SizeTy),
                           B.CreateExtractValue(Bytes, 0));
  } else {
    // The elements in the bytes asked for, a part of one counting whole;
    // all ones (an overflowed size) stays so.
    Value *Asked = requestedBytes(B, S, SizeTy);
    Value *Element = ConstantInt::get(SizeTy, P.ElementSize);
    Value *Count = B.CreateAdd(
        B.CreateUDiv(Asked, Element),
        B.CreateZExt(B.CreateIsNotNull(B.CreateURem(Asked, Element)), SizeTy));
    Value *Bytes =
        B.CreateBinaryIntrinsic(Intrinsic::umul_with_overflow, Count,
                                ConstantInt::get(SizeTy, P.SlotSize));
    Total = B.CreateSelect(
        B.CreateOr(B.CreateExtractValue(Bytes, 1),
                   B.CreateICmpEQ(Asked, ConstantInt::getAllOnesValue(SizeTy))),
        ConstantInt::getAllOnesValue(SizeTy), B.CreateExtractValue(Bytes, 0));
  }
  // C's allocations become aligned_alloc's, operator new's its aligned
  // form's (and their deletes the matching aligned delete's).
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  Value *Line = ConstantInt::get(SizeTy, LineSize);
  CallInst *New;
  if (S.Family == MemoryFunction::Family::Malloc) {
    FunctionCallee AlignedAlloc =
        M.getOrInsertFunction("aligned_alloc", Ptr, SizeTy, SizeTy);
    New = B.CreateCall(AlignedAlloc, {Line, Total});
  } else {
    bool Array = S.Family == MemoryFunction::Family::NewArray;
    FunctionCallee AlignedNew = M.getOrInsertFunction(
        Array ? "_ZnamSt11align_val_t" : "_ZnwmSt11align_val_t", Ptr, SizeTy,
        SizeTy);
    New = B.CreateCall(AlignedNew, {Total, Line});
  }
  New->setName(Old.hasName() ? Old.getName() + ".lines" : "lines");
  // What the old call's result was said to be, it still is (noundef,
  // nonnull for operator new), but for its size; and it is line-aligned.
  AttrBuilder Ret(M.getContext(), Old.getAttributes().getRetAttrs());
  for (Attribute::AttrKind K : {Attribute::Dereferenceable,
                                Attribute::DereferenceableOrNull,
                                Attribute::Alignment})
    Ret.removeAttribute(K);
  Ret.addAttribute(Attribute::NoAlias);
  Ret.addAlignmentAttr(Align(LineSize));
  New->setAttributes(
      New->getAttributes().addRetAttributes(M.getContext(), Ret));
  New->setDebugLoc(Old.getDebugLoc());
  New->setMetadata(PaddedAllocationMetadata, MDNode::get(M.getContext(), {}));

  C->Rewrite.apply([&](const AddressLeaf &L) -> std::optional<NewAddress> {
    if (C->Kept.contains(L.U))
      return std::nullopt;
    Value *Base = L.Address.Base == &Old ? New : L.Address.Base;
    if (P.Fields.empty())
      return inSlots(L.Address, P.ElementSize, *Base, LineAlign, P.SlotSize);
    NewAddress A;
    A.Base = Base;
    A.BaseAlign = LineAlign;
    A.Slot = NewSizeSlot;
    if (C->Start.contains(L.U))
      return A;
    auto FieldOf = [&](const ObjectAddress &Here) {
      std::optional<std::pair<int64_t, int64_t>> In = pointsBetween(Here);
      return fieldHolding(P.Fields, In->first, In->second);
    };
    int Chosen;
    SmallVector<ObjectAddress, 2> Choices = choicesOf(L.Address, Chosen);
    for (auto [I, T] : enumerate(L.Address.Terms))
      if (int(I) != Chosen)
        A.Bytes.push_back({T.Index, T.Stride});
    if (Chosen < 0) {
      A.Inside = movedTo(*FieldOf(L.Address), L.Address.Offset);
      return A;
    }
    // The index chooses among the new places instead, in units of their
    // greatest common divisor (the alignment the address keeps).
    const AddressTerm &T = L.Address.Terms[Chosen];
    auto NewPlace = [&](int64_t Old) {
      ObjectAddress Here = Choices.front();
      Here.Offset = L.Address.Offset + Old * int64_t(T.Stride);
      return movedTo(*FieldOf(Here), Here.Offset);
    };
    uint64_t Unit = 0;
    SmallVector<int64_t, 4> Constants = *constantChoices(T.Index);
    for (int64_t Old : Constants)
      Unit = std::gcd(Unit, uint64_t(NewPlace(Old)));
    if (!Unit)
      return A; // Every choice is the start.
    auto InUnits = [&](int64_t Old) { return NewPlace(Old) / int64_t(Unit); };
    A.Bytes.push_back({chooseMoved(T.Index, InUnits), Unit});
    return A;
  });
  for (CallBase *Clear : C->Clears)
    Clear->setArgOperand(
        2, ConstantInt::get(Clear->getArgOperand(2)->getType(), P.NewSize));
  for (CallBase *Clear : C->ClearsAll)
    Clear->setArgOperand(2, IRBuilder<>(Clear).CreateZExtOrTrunc(
                                Total, Clear->getArgOperand(2)->getType()));
  Old.replaceAllUsesWith(New);
  Old.eraseFromParent();
  if (!C->Deletes.empty()) {
    bool Array = S.Family == MemoryFunction::Family::NewArray;
    FunctionCallee AlignedDelete = M.getOrInsertFunction(
        Array ? "_ZdaPvSt11align_val_t" : "_ZdlPvSt11align_val_t",
        Type::getVoidTy(M.getContext()), Ptr, SizeTy);
    for (CallBase *Delete : C->Deletes) {
      IRBuilder<> D(Delete);
      CallInst *Aligned =
          D.CreateCall(AlignedDelete, {Delete->getArgOperand(0), Line});
      Aligned->setDebugLoc(Delete->getDebugLoc());
      Delete->eraseFromParent();
    }
  }
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
