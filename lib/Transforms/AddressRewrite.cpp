//===- AddressRewrite.cpp - Addresses of a global whose layout changes ---===//

#include "cacheline/Transforms/AddressRewrite.h"

#include "cacheline/Summary/AddressInteger.h"
#include "cacheline/Summary/ArgumentCondition.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/PointerUseWalker.h"
#include "cacheline/Summary/Sanitizer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;

Error cacheline::cannot(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

std::string cacheline::functionOf(Value *V) {
  if (auto *I = dyn_cast<Instruction>(V))
    return I->getFunction()->getName().str();
  if (auto *A = dyn_cast<Argument>(V))
    return A->getParent()->getName().str();
  return "a constant";
}

GlobalVariable *cacheline::newGlobalLike(GlobalVariable &Old, Constant *Init,
                                         const Twine &Name) {
  auto *New = new GlobalVariable(*Old.getParent(), Init->getType(),
                                 Old.isConstant(), Old.getLinkage(), Init, Name,
                                 &Old, Old.getThreadLocalMode(),
                                 Old.getAddressSpace());
  New->copyAttributesFrom(&Old);
  New->setComdat(Old.getComdat());
  return New;
}

namespace {

/// Checks that what a pointer into one piece of an object (an element, a
/// field) is used for stays inside that piece.
class InsidePiece {
public:
  /// \p Start: the address the check starts from; \p Calls: what is known
  /// of indirect calls, if anything; \p OrderKept: whether the new layout
  /// keeps the order of the object's addresses.
  InsidePiece(const DataLayout &DL, const Value *Start, uint64_t Size,
              StringRef Piece, bool OrderKept, const CallGraph *Calls)
      : DL(DL), Start(Start), Calls(Calls), Size(Size), OrderKept(OrderKept),
        Piece(Piece),
        APiece((StringRef("aeiou").contains(Piece.front()) ? "an " : "a ") +
               Piece.str()) {}

  /// \p V points between \p Lo and \p Hi bytes into its piece; empty if
  /// every use of it stays inside, else what does not.
  std::string check(Value *V, int64_t Lo, int64_t Hi) {
    auto [It, New] = Seen.try_emplace(V, Lo, Hi);
    if (!New) {
      if (It->second != std::make_pair(Lo, Hi))
        return "a pointer stepped in a loop in " + functionOf(V);
      return {};
    }
    if (Lo < 0 || Hi >= int64_t(Size))
      return "an address past its " + Piece + " in " + functionOf(V);
    for (Use &U : V->uses())
      if (std::string Why = checkUse(U, Lo, Hi); !Why.empty())
        return Why;
    return {};
  }

  /// The same for the one use \p U of such a pointer.
  std::string checkUse(Use &U, int64_t Lo, int64_t Hi) {
    User *Usr = U.getUser();
    std::string Its = APiece + "'s address";
    if (auto *Cmp = dyn_cast<ICmpInst>(Usr)) {
      // Comparing addresses reads nothing; their order may change.
      if (!OrderKept && comparesOrder(Cmp->getPredicate(),
                                      *Cmp->getOperand(1 - U.getOperandNo())))
        return Its + " compared for order in " + functionOf(Cmp);
      return {};
    }
    if (isa<PtrToIntOperator>(Usr)) {
      // A number, unless it becomes a pointer again or measures a distance
      // (AddressInteger.h).
      for (const AddressIntegerUse &A : followAddressInteger(*Usr)) {
        std::string In = A.At ? " in " + functionOf(const_cast<Instruction *>(
                                             A.At))
                              : std::string();
        switch (A.What) {
        case AddressIntegerUse::Escape:
          return Its + " " + A.Reason + In;
        case AddressIntegerUse::Distance:
          return Its + " subtracted from another" + In;
        case AddressIntegerUse::Order:
          if (!OrderKept)
            return Its + " compared for order" + In;
          break;
        }
      }
      return {};
    }
    if (isa<LoadInst>(Usr) || isa<StoreInst>(Usr) ||
        isa<AtomicRMWInst>(Usr) || isa<AtomicCmpXchgInst>(Usr)) {
      unsigned PointerOperand = isa<StoreInst>(Usr)
                                    ? StoreInst::getPointerOperandIndex()
                                    : 0; // Loads and atomics.
      if (U.getOperandNo() != PointerOperand)
        return Its + " stored in " + functionOf(Usr);
      uint64_t Bytes = accessSize(*Usr, DL);
      if (!Bytes || Hi + int64_t(Bytes) > int64_t(Size))
        return "an access past its " + Piece + " in " + functionOf(Usr);
      return {};
    }
    if (auto *GEP = dyn_cast<GEPOperator>(Usr)) {
      std::optional<ObjectAddress> A = decomposeAddress(GEP, DL);
      if (!A || !A->Terms.empty() || A->Base != U.get())
        return "an index into " + APiece + "'s neighbours in " +
               functionOf(Usr);
      return check(GEP, Lo + A->Offset, Hi + A->Offset);
    }
    if (isa<BitCastOperator>(Usr) || isa<AddrSpaceCastOperator>(Usr) ||
        isa<PHINode>(Usr) || isa<SelectInst>(Usr)) {
      if (isa<SelectInst>(Usr) && U.getOperandNo() == 0)
        return {};
      return check(Usr, Lo, Hi);
    }
    if (auto *CB = dyn_cast<CallBase>(Usr)) {
      if (isa<AnyMemIntrinsic>(CB) ||
          (isSanitizerMemoryCall(*CB) && CB->isArgOperand(&U) &&
           CB->getArgOperandNo(&U) < 2)) {
        uint64_t Bytes = accessSize(*CB, DL);
        if (!Bytes || Hi + int64_t(Bytes) > int64_t(Size))
          return "a memory intrinsic past its " + Piece + " in " +
                 functionOf(CB);
        return {};
      }
      if (const auto *II = dyn_cast<IntrinsicInst>(CB);
          II && (II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic()))
        return {};
      Function *Callee = CB->getCalledFunction();
      if (!CB->isArgOperand(&U))
        return Its + " passed to an unknown call in " + functionOf(CB);
      unsigned Arg = CB->getArgOperandNo(&U);
      if (!Callee) {
        // Into every function the whole program says the call may reach.
        std::optional<std::vector<Function *>> Targets =
            Calls ? Calls->targetsOf(*CB) : std::nullopt;
        if (!Targets)
          return Its + " passed to an unknown call in " + functionOf(CB);
        for (Function *T : *Targets)
          if (T->getFunctionType() != CB->getFunctionType())
            return Its + " passed to an unknown call in " + functionOf(CB);
          else if (std::string Why = checkArgument(*CB, *T, Arg, Lo, Hi);
                   !Why.empty())
            return Why;
        return {};
      }
      return checkArgument(*CB, *Callee, Arg, Lo, Hi);
    }
    if (isa<InsertElementInst>(Usr) && U.getOperandNo() == 1 &&
        onlyComparedForEquality(*Usr))
      return {};
    if (auto *Ret = dyn_cast<ReturnInst>(Usr)) {
      Function *F = Ret->getFunction();
      std::optional<ArgumentValues> When =
          returnCondition(*Ret, [this](const Value *V) {
            return V == Start || Seen.count(V);
          });
      // Its direct callers, or every call the whole program says may
      // reach it (an allocator in an ops struct).
      std::optional<std::vector<CallBase *>> Callers;
      if (onlyCalledDirectly(*F)) {
        Callers.emplace();
        for (User *Usr : F->users())
          Callers->push_back(cast<CallBase>(Usr));
      } else if (Calls && F->hasLocalLinkage()) {
        Callers = Calls->callsOf(*F);
      }
      if (!Callers)
        return Its + " returned by " + F->getName().str() +
               ", which is not only called";
      for (CallBase *CB : *Callers) {
        if (!callAllows(constantArguments(*CB), When))
          continue; // A call that cannot return it.
        if (std::string Why = check(CB, Lo, Hi); !Why.empty())
          return Why;
      }
      return {};
    }
    return Its + " used by " +
           std::string(isa<Instruction>(Usr)
                           ? cast<Instruction>(Usr)->getOpcodeName()
                           : "a constant") +
           " in " + functionOf(Usr);
  }

private:
  /// The same for the pointer passed as argument \p Arg of \p CB, which
  /// calls \p Callee.
  std::string checkArgument(CallBase &CB, Function &Callee, unsigned Arg,
                            int64_t Lo, int64_t Hi) {
    std::string Its = APiece + "'s address";
    // A claim that more bytes are there lets code load them early.
    uint64_t Claimed =
        std::max(CB.getParamDereferenceableBytes(Arg),
                 Arg < Callee.arg_size()
                     ? Callee.getArg(Arg)->getDereferenceableBytes()
                     : 0);
    if (Lo + int64_t(Claimed) > int64_t(Size))
      return Its + " said to reach " + std::to_string(Claimed) + " bytes in " +
             functionOf(&CB);
    if (!Callee.isDeclaration() && !Callee.isInterposable() &&
        Arg < Callee.arg_size())
      return check(Callee.getArg(Arg), Lo, Hi);
    std::optional<KnownFunction> Known = lookupKnownFunction(Callee);
    if (Known &&
        (Known->OneObject || Known->effectOn(Arg) == CallEffect::None))
      return {};
    // Handed to a callback of the program's (pthread_create's argument, to
    // the new thread's entry): what the callback does with it.
    if (Known)
      for (unsigned A = 0; A < KnownFunction::MaxArgs && A < CB.arg_size();
           ++A)
        for (const KnownFunction::HandedArgument &H : Known->Handed[A]) {
          auto *Callback =
              dyn_cast<Function>(CB.getArgOperand(A)->stripPointerCasts());
          if (H.Arg != int(Arg) || H.Param < 0 ||
              Known->Callbacks[A] == CallbackKind::Synchronous || !Callback ||
              Callback->isDeclaration() || Callback->isInterposable() ||
              unsigned(H.Param) >= Callback->arg_size())
            continue;
          return check(Callback->getArg(H.Param), Lo, Hi);
        }
    // An allocation's start handed back to its allocator.
    if (std::optional<MemoryFunction> MF =
            lookupMemoryFunction(Callee.getName());
        MF && MF->K == MemoryFunction::Kind::Frees && Lo == 0 && Hi == 0)
      return {};
    if (formattedArgumentEffect(CB, Arg) == CallEffect::None)
      return {}; // printf's %p.
    return Its + " passed to " + Callee.getName().str() + " in " +
           functionOf(&CB);
  }

  const DataLayout &DL;
  const Value *Start;
  const CallGraph *Calls;
  uint64_t Size;
  bool OrderKept;
  std::string Piece, APiece; ///< "element", "an element".
  DenseMap<const Value *, std::pair<int64_t, int64_t>> Seen;
};

} // namespace

Expected<AddressRewrite> AddressRewrite::collect(GlobalVariable &GV) {
  Value *Root = &GV;
  Expected<AddressRewrite> R =
      collect(ArrayRef(Root), GV.getParent()->getDataLayout());
  if (R)
    R->Old = &GV;
  return R;
}

/// \p Roots and the phis and selects that merge only them (a pointer
/// reloaded after a call, carried round a loop): the greatest set whose
/// every member's inputs are in it.
static SmallSetVector<Value *, 8> withCopyWebs(ArrayRef<Value *> Roots) {
  SmallSetVector<Value *, 8> Web;
  auto Merges = [](User *U, Use &In) {
    return isa<PHINode>(U) ||
           (isa<SelectInst>(U) && In.getOperandNo() != 0);
  };
  SmallSetVector<Value *, 8> Candidates;
  SmallVector<Value *, 8> Work(Roots.begin(), Roots.end());
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (Use &U : V->uses())
      if (Merges(U.getUser(), U) && Candidates.insert(U.getUser()))
        Work.push_back(U.getUser());
  }
  auto Inputs = [](Value *V) {
    SmallVector<Value *, 4> In;
    if (auto *Phi = dyn_cast<PHINode>(V))
      append_range(In, Phi->incoming_values());
    else if (auto *Sel = dyn_cast<SelectInst>(V))
      In = {Sel->getTrueValue(), Sel->getFalseValue()};
    return In;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Value *C : SmallVector<Value *, 8>(Candidates.begin(),
                                           Candidates.end()))
      if (any_of(Inputs(C), [&](Value *In) {
            return !is_contained(Roots, In) && !Candidates.contains(In);
          })) {
        Candidates.remove(C);
        Changed = true;
      }
  }
  Web.insert(Roots.begin(), Roots.end());
  Web.insert(Candidates.begin(), Candidates.end());
  return Web;
}

Expected<AddressRewrite> AddressRewrite::collect(ArrayRef<Value *> Given,
                                                 const DataLayout &DL) {
  AddressRewrite R;
  // A global's own uses name it; other roots may be merged by phis.
  SmallSetVector<Value *, 8> All;
  if (Given.size() == 1 && isa<GlobalVariable>(Given.front()))
    All.insert(Given.front());
  else
    All = withCopyWebs(Given);
  ArrayRef<Value *> Roots = All.getArrayRef();
  R.Arithmetic.insert(Roots.begin(), Roots.end());
  for (size_t I = 0; I != R.Arithmetic.size(); ++I) {
    for (Use &U : R.Arithmetic[I]->uses()) {
      User *Usr = U.getUser();
      if ((isa<GEPOperator>(Usr) && U.getOperandNo() == 0) ||
          isa<BitCastOperator>(Usr) || isa<AddrSpaceCastOperator>(Usr)) {
        R.Arithmetic.insert(Usr);
        continue;
      }
      // A phi of roots, itself one: the rewrite keeps it.
      if (All.contains(Usr) && (isa<PHINode>(Usr) || isa<SelectInst>(Usr)))
        continue;
      // A ptrtoint folded to a constant (`(uintptr_t)&g[3] >> 7`) is
      // rebuilt as one.
      if (!isa<Instruction>(Usr) && !isa<PtrToIntOperator>(Usr))
        return cannot("address used by a constant");
      std::optional<ObjectAddress> A = decomposeAddress(U.get(), DL);
      if (!A || !is_contained(Roots, A->Base))
        return cannot("address arithmetic not followed in " +
                      functionOf(Usr));
      R.Leaves.push_back({&U, std::move(*A)});
    }
  }
  return std::move(R);
}

std::string AddressRewrite::checkInside(const AddressLeaf &L, int64_t Lo,
                                        int64_t Hi, uint64_t Size,
                                        StringRef Piece, bool OrderKept,
                                        const CallGraph *Calls) {
  const Value *Base = L.Address.Base;
  const Module &M = isa<GlobalValue>(Base)
                        ? *cast<GlobalValue>(Base)->getParent()
                        : *cast<Instruction>(Base)->getModule();
  return InsidePiece(M.getDataLayout(), L.U->get(), Size, Piece, OrderKept,
                     Calls)
      .checkUse(*L.U, Lo, Hi);
}

/// An index of whole slots, as in the plain build, keeps codegen from
/// sinking `@g + i * slot` into base + index addressing, which costs uops in
/// read-modify-writes; the constant part comes last, where it folds into the
/// addressing mode (`&g[i].a` and `&g[i].b` share one register).
Value *AddressRewrite::build(Instruction *At, const NewAddress &A) {
  IRBuilder<> B(At);
  Type *IndexTy =
      At->getModule()->getDataLayout().getIndexType(A.Base->getType());
  auto Sum = [&](ArrayRef<std::pair<Value *, uint64_t>> Terms) {
    Value *Total = nullptr;
    for (auto [Index, Scale] : Terms) {
      Value *X = B.CreateSExtOrTrunc(Index, IndexTy);
      if (Scale != 1)
        X = B.CreateMul(X, ConstantInt::get(IndexTy, Scale), "",
                        /*HasNUW=*/false, /*HasNSW=*/A.InBounds);
      Total = Total ? B.CreateAdd(Total, X, "", /*HasNUW=*/false,
                                  /*HasNSW=*/A.InBounds)
                    : X;
    }
    return Total;
  };
  int64_t Fixed = A.Inside;
  Value *Addr = A.Base;
  Value *Index = Sum(A.Elements), *Inner = Sum(A.Bytes);
  auto GEP = [&](Type *Ty, Value *Ptr, ArrayRef<Value *> Indices) {
    return A.InBounds ? B.CreateInBoundsGEP(Ty, Ptr, Indices)
                      : B.CreateGEP(Ty, Ptr, Indices);
  };
  if (Index) {
    if (A.Element)
      Index = B.CreateAdd(Index, ConstantInt::get(IndexTy, A.Element, true),
                          "", /*HasNUW=*/false, /*HasNSW=*/A.InBounds);
    if (auto *New = dyn_cast<GlobalVariable>(A.Base))
      Addr = GEP(New->getValueType(), Addr,
                 {ConstantInt::get(IndexTy, 0), Index});
    else // The start of an allocation: an array of slots.
      Addr = GEP(ArrayType::get(B.getInt8Ty(), A.Slot), Addr, Index);
  } else {
    Fixed += A.Element * int64_t(A.Slot);
  }
  if (Inner)
    Addr = GEP(B.getInt8Ty(), Addr, Inner);
  if (Fixed || (Addr == A.Base && isa<GlobalVariable>(A.Base)))
    Addr = GEP(B.getInt8Ty(), Addr,
               ConstantInt::get(IndexTy, Fixed, /*IsSigned=*/true));
  return Addr;
}

Align AddressRewrite::knownAlign(const NewAddress &A) {
  auto *GV = dyn_cast<GlobalVariable>(A.Base);
  Align K = commonAlignment(GV ? *GV->getAlign() : A.BaseAlign,
                            A.Element * int64_t(A.Slot) + A.Inside);
  for (const auto &E : A.Elements)
    K = commonAlignment(K, E.second * A.Slot);
  for (const auto &I : A.Bytes)
    K = commonAlignment(K, I.second);
  return K;
}

void AddressRewrite::keepAlignmentTrue(Use &U, Align Known) {
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

bool AddressRewrite::inBounds(const Value *Addr) {
  SmallVector<const Value *, 8> Work{Addr};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (auto *G = dyn_cast<GEPOperator>(V)) {
      if (!G->isInBounds())
        return false;
      Work.push_back(G->getPointerOperand());
    } else if (auto *Phi = dyn_cast<PHINode>(V)) {
      append_range(Work, Phi->incoming_values());
    } else if (auto *Sel = dyn_cast<SelectInst>(V)) {
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
    } else if (auto *Op = dyn_cast<Operator>(V);
               Op && (Op->getOpcode() == Instruction::BitCast ||
                      Op->getOpcode() == Instruction::AddrSpaceCast)) {
      Work.push_back(Op->getOperand(0));
    } else if (isa<IntToPtrInst>(V) ||
               (isa<ConstantExpr>(V) &&
                cast<ConstantExpr>(V)->getOpcode() == Instruction::IntToPtr)) {
      return false; // Through integers: no claim to keep.
    }
    // Anything else is where the address starts: the object.
  }
  return true;
}

void AddressRewrite::apply(
    function_ref<std::optional<NewAddress>(const AddressLeaf &)> Map) {
  // Each address is rebuilt once, where the old one was computed (it
  // dominates its uses); a constant one folds to a constant. Two leaves of
  // one old address land in one place of the new layout.
  // Keyed by the new place too: the start of an object whose fields moved
  // is a field's address to one use and the object's start to another.
  DenseMap<std::tuple<Value *, int64_t, int64_t>, Value *> Rebuilt;
  for (AddressLeaf &L : Leaves) {
    std::optional<NewAddress> A = Map(L);
    if (!A)
      continue;
    Value *OldAddr = L.U->get();
    A->InBounds = inBounds(OldAddr);
    if (auto *P2I = dyn_cast<ConstantExpr>(L.U->getUser())) {
      // A ptrtoint of a constant address: of the new constant one, in
      // every use of the old expression.
      assert(A->Elements.empty() && A->Bytes.empty() && "not constant");
      Constant *New = cast<Constant>(A->Base);
      if (int64_t Fixed = A->Element * int64_t(A->Slot) + A->Inside) {
        const DataLayout &DL = Old->getParent()->getDataLayout();
        Type *I8 = Type::getInt8Ty(Old->getContext());
        Constant *Offset = ConstantInt::get(DL.getIndexType(New->getType()),
                                            Fixed, /*IsSigned=*/true);
        New = A->InBounds
                  ? ConstantExpr::getInBoundsGetElementPtr(I8, New, Offset)
                  : ConstantExpr::getGetElementPtr(I8, New, Offset);
      }
      P2I->handleOperandChange(OldAddr, New);
      continue;
    }
    Value *&NewAddr = Rebuilt[{OldAddr, A->Element, A->Inside}];
    if (!NewAddr) {
      Instruction *At;
      if (auto *Phi = dyn_cast<PHINode>(OldAddr))
        At = &*Phi->getParent()->getFirstInsertionPt();
      else if (auto *I = dyn_cast<Instruction>(OldAddr))
        At = I->getNextNode();
      else if (auto *Phi = dyn_cast<PHINode>(L.U->getUser()))
        At = Phi->getIncomingBlock(*L.U)->getTerminator();
      else
        At = cast<Instruction>(L.U->getUser());
      IRBuilder<> B(At);
      NewAddr = B.CreatePointerBitCastOrAddrSpaceCast(build(At, *A),
                                                      OldAddr->getType());
    }
    L.U->set(NewAddr);
    keepAlignmentTrue(*L.U, knownAlign(*A));
  }
  // The old arithmetic is dead now.
  for (Value *V : reverse(Arithmetic))
    if (auto *I = dyn_cast<Instruction>(V);
        I && I->use_empty() && !I->mayHaveSideEffects())
      I->eraseFromParent();
  if (!Old)
    return;
  Old->removeDeadConstantUsers();
  assert(Old->use_empty() && "a use the rewrite did not rebuild");
}
