//===- PointerFlow.cpp - A function's pointer statements ------------------===//
//
// One pass over a function's instructions. Values of a type that may hold
// pointers (a pointer, a vector of them, an aggregate with one) get numbers;
// a vector's lanes keep their offsets, an aggregate is one bag of pointers.
// Whatever the builder does not know how to follow becomes Unknown: the
// analysis must never see fewer places a pointer can go than the program.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/PointerFlow.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/Sanitizer.h"
#include "cacheline/Support/LLVMCompat.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <numeric>

using namespace llvm;
using namespace cacheline;

namespace {

using Operand = PointerOperand;
using Statement = PointerStatement;
using SK = PointerStatement::Kind;

bool holdsPointers(const Type *T) {
  if (T->isPtrOrPtrVectorTy())
    return true;
  if (const auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), holdsPointers);
  if (const auto *AT = dyn_cast<ArrayType>(T))
    return holdsPointers(AT->getElementType());
  return false;
}

Operand unknownOperand() {
  Operand O;
  O.K = Operand::Kind::Unknown;
  return O;
}

/// What a GEP adds to its pointer: constant bytes, plus each variable index
/// times its scale.
struct GEPOffset {
  APInt Bytes;
  compat::GEPIndexScales Scales;
};

/// \p GEP's offset; none for a vector of pointers or a scalable type.
std::optional<GEPOffset> gepOffset(const GEPOperator &GEP,
                                   const DataLayout &DL) {
  unsigned Bits = DL.getIndexTypeSizeInBits(GEP.getType());
  GEPOffset O{APInt(Bits, 0), {}};
  if (GEP.getType()->isVectorTy() ||
      !GEP.collectOffset(DL, Bits, O.Scales, O.Bytes))
    return std::nullopt;
  return O;
}

/// The offsets \p GEP may add when its one variable index is a phi or a
/// select of a few constants (SimplifyCFG merges two stores to different
/// fields into one store at a chosen offset).
std::optional<SmallVector<int64_t, 4>>
offsetChoices(const GEPOperator &GEP, const DataLayout &DL) {
  constexpr unsigned MaxChoices = 4;
  std::optional<GEPOffset> GO = gepOffset(GEP, DL);
  if (!GO || GO->Scales.size() != 1)
    return std::nullopt;
  const APInt &Bytes = GO->Bytes;
  unsigned Bits = Bytes.getBitWidth();
  auto [Index, Scale] = *GO->Scales.begin();
  SmallVector<const Value *, MaxChoices> Incoming;
  if (const auto *Phi = dyn_cast<PHINode>(Index))
    append_range(Incoming, Phi->incoming_values());
  else if (const auto *Sel = dyn_cast<SelectInst>(Index))
    Incoming = {Sel->getTrueValue(), Sel->getFalseValue()};
  SmallVector<int64_t, 4> Offsets;
  for (const Value *In : Incoming) {
    const auto *C = dyn_cast<ConstantInt>(In);
    if (!C || C->getBitWidth() > 64)
      return std::nullopt;
    APInt Offset = Bytes + C->getValue().sextOrTrunc(Bits) * Scale;
    if (Offset.getSignificantBits() > 64)
      return std::nullopt;
    if (!is_contained(Offsets, Offset.getSExtValue()))
      Offsets.push_back(Offset.getSExtValue());
  }
  if (Offsets.empty() || Offsets.size() > MaxChoices)
    return std::nullopt;
  return Offsets;
}

/// \p O plus \p Bytes.
Operand shifted(Operand O, int64_t Bytes) {
  O.Offset += Bytes;
  return O;
}

/// Whether the integer \p P2I makes of an address may become a pointer
/// again: turned back (inttoptr), stored, or handed to code that might.
/// Compares, arithmetic that only the comparisons and branches read, and
/// indices into other objects cannot.
bool mayBecomePointer(const PtrToIntOperator &P2I) {
  SmallVector<const Value *, 8> Work{&P2I};
  SmallPtrSet<const Value *, 8> Seen{&P2I};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if (isa<ICmpInst>(Usr) || isa<BranchInst>(Usr) || isa<SwitchInst>(Usr) ||
          isa<GEPOperator>(Usr))
        continue;
      if (const auto *Sel = dyn_cast<SelectInst>(Usr);
          Sel && U.getOperandNo() == 0)
        continue;
      if (isa<BinaryOperator>(Usr) || isa<TruncInst>(Usr) ||
          isa<ZExtInst>(Usr) || isa<SExtInst>(Usr) || isa<PHINode>(Usr) ||
          isa<SelectInst>(Usr) || isa<FreezeInst>(Usr)) {
        if (Seen.insert(Usr).second)
          Work.push_back(Usr);
        continue;
      }
      // A sanitizer's shadow of the address, or its check of it.
      if (isa<IntToPtrInst>(Usr) && isShadowAddress(*Usr))
        continue;
      if (const auto *CB = dyn_cast<CallBase>(Usr);
          CB && CB->getCalledFunction() &&
          isSanitizerCheck(CB->getCalledFunction()->getName()))
        continue;
      return true;
    }
  }
  return false;
}

class FlowBuilder {
public:
  FlowBuilder(const DataLayout &DL, std::vector<Statement> &Out)
      : DL(DL), Out(Out) {}

  /// What \p V is as an operand: constant offsets folded in.
  Operand operand(const Value *V);
  /// Statements storing the pointers of \p V (of any type) at \p Addr.
  void storeValue(const Operand &Addr, const Value *V);
  /// The pointers in constant \p C, stored at \p Addr.
  void storeConstant(const Operand &Addr, const Constant *C);
  /// Every global and function whose address constant \p C (an integer
  /// made of addresses) holds escapes: the builder cannot follow it.
  void escapeAddressesIn(const Constant *C);

  int value(const Value *V) {
    auto [It, New] = Values.try_emplace(V, NextValue);
    if (New)
      ++NextValue;
    return It->second;
  }
  int newValue() { return NextValue++; }
  Statement &add(SK K) {
    Out.emplace_back();
    Out.back().K = K;
    Out.back().Fallback = Fallback;
    return Out.back();
  }
  void copy(int Dst, Operand Src) {
    if (Src.isNone())
      return;
    Statement &S = add(SK::Copy);
    S.Dst = Dst;
    S.Src = std::move(Src);
  }
  void escape(Operand Src) {
    if (Src.isNone())
      return;
    add(SK::Escape).Src = std::move(Src);
  }

  const DataLayout &DL;
  std::vector<Statement> &Out;
  DenseMap<const Value *, int> Values;
  /// The GEPs whose variable offset is one of a few constants, by those
  /// offsets: values of their own (copyOffsetChoices()).
  DenseMap<const Value *, SmallVector<int64_t, 4>> OffsetChoices;
  int NextValue = 0;
  /// The call whose fallback the statements added now are, or -1.
  int Fallback = -1;
};

Operand FlowBuilder::operand(const Value *V) {
  int64_t Offset = 0;
  bool Variable = false;
  uint64_t Stride = 0; // With Variable; 0: any offset.
  // A variable offset that is a multiple of \p Step (0: of anything).
  auto AddVariable = [&](uint64_t Step) {
    Stride = !Variable ? Step : Stride && Step ? std::gcd(Stride, Step) : 0;
    Variable = true;
  };
  for (;;) {
    if (const auto *GEP = dyn_cast<GEPOperator>(V);
        GEP && !OffsetChoices.count(GEP)) {
      if (std::optional<GEPOffset> GO = gepOffset(*GEP, DL); !GO) {
        AddVariable(0);
      } else {
        Offset += GO->Bytes.getSExtValue();
        // An array indexed: the same field of any element.
        for (const auto &[Index, Scale] : GO->Scales)
          AddVariable(Scale.isNegative() || Scale.getActiveBits() > 63
                          ? 0
                          : Scale.getZExtValue());
      }
      V = GEP->getPointerOperand();
    } else if (isa<BitCastOperator>(V) || isa<AddrSpaceCastOperator>(V)) {
      V = cast<Operator>(V)->getOperand(0);
    } else if (const auto *GA = dyn_cast<GlobalAlias>(V)) {
      const Value *Aliasee = GA->getAliasee()->stripPointerCasts();
      const GlobalObject *Object = GA->getAliaseeObject();
      if (!Object)
        return unknownOperand();
      if (Aliasee != Object) // An alias at an offset.
        AddVariable(0);
      V = Object;
    } else {
      break;
    }
  }
  Operand O;
  O.Offset = Offset;
  O.Variable = Variable;
  O.Stride = Stride;
  if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
    O.K = Operand::Kind::Global;
    O.Name = GV->getName().str();
  } else if (const auto *F = dyn_cast<Function>(V)) {
    O.K = Operand::Kind::Function;
    O.Name = F->getName().str();
  } else if (const auto *E = dyn_cast<DSOLocalEquivalent>(V)) {
    return operand(E->getGlobalValue());
  } else if (const auto *E = dyn_cast<NoCFIValue>(V)) {
    return operand(E->getGlobalValue());
  } else if (isa<ConstantPointerNull>(V) || isa<UndefValue>(V) ||
             isa<ConstantAggregateZero>(V) || isa<BlockAddress>(V)) {
    return Operand();
  } else if (const auto *A = dyn_cast<Argument>(V)) {
    O.K = Operand::Kind::Value;
    O.Value = A->getArgNo();
  } else if (isa<Instruction>(V) && !isa<IntToPtrInst>(V)) {
    O.K = Operand::Kind::Value;
    O.Value = value(V);
  } else {
    // An integer made a pointer, or a constant expression the builder
    // does not take apart.
    return unknownOperand();
  }
  return O;
}

void FlowBuilder::escapeAddressesIn(const Constant *C) {
  SmallVector<const Constant *, 4> Work{C};
  SmallPtrSet<const Constant *, 4> Seen{C};
  while (!Work.empty()) {
    const Constant *E = Work.pop_back_val();
    if (isa<GlobalValue>(E)) {
      escape(operand(E));
      continue;
    }
    for (const Use &U : E->operands())
      if (const auto *Op = dyn_cast<Constant>(U.get());
          Op && Seen.insert(Op).second)
        Work.push_back(Op);
  }
}

void FlowBuilder::storeConstant(const Operand &Addr, const Constant *C) {
  Type *T = C->getType();
  if (isa<ConstantExpr>(C) && !T->isPtrOrPtrVectorTy()) {
    escapeAddressesIn(C); // An address as an integer (a tagged pointer).
    return;
  }
  if (!(isa<ConstantAggregate>(C) || T->isPointerTy()))
    return;
  if (T->isPointerTy()) {
    Operand Src = operand(C);
    if (Src.isNone())
      return;
    Statement &S = add(SK::Store);
    S.Addr = Addr;
    S.Src = std::move(Src);
    return;
  }
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      storeConstant(shifted(Addr, SL->getElementOffset(I)),
                    C->getAggregateElement(I));
    return;
  }
  Type *Element = isa<ArrayType>(T) ? T->getArrayElementType()
                                    : cast<VectorType>(T)->getElementType();
  uint64_t Size = DL.getTypeAllocSize(Element).getFixedValue();
  unsigned N = isa<ArrayType>(T)
                   ? T->getArrayNumElements()
                   : cast<FixedVectorType>(T)->getNumElements();
  for (unsigned I = 0; I < N; ++I)
    if (const Constant *E = C->getAggregateElement(I))
      storeConstant(shifted(Addr, int64_t(I * Size)), E);
}

void FlowBuilder::storeValue(const Operand &Addr, const Value *V) {
  Type *T = V->getType();
  if (!holdsPointers(T))
    return;
  if (const auto *C = dyn_cast<Constant>(V); C && !T->isPointerTy()) {
    storeConstant(Addr, C);
    return;
  }
  if (const auto *VT = dyn_cast<FixedVectorType>(T)) {
    // Lane by lane, each at its offset (two fields stored as one vector).
    uint64_t Size = DL.getTypeAllocSize(VT->getElementType()).getFixedValue();
    for (unsigned I = 0; I < VT->getNumElements(); ++I) {
      const Value *Lane = findScalarElement(const_cast<Value *>(V), I);
      Statement &S = add(SK::Store);
      S.Addr = shifted(Addr, int64_t(I * Size));
      S.Src = operand(Lane ? Lane : V);
    }
    return;
  }
  Statement &S = add(SK::Store);
  S.Addr = Addr;
  if (!T->isPointerTy())
    S.Addr.anywhere(); // An aggregate: its pointers anywhere in it.
  S.Src = operand(V);
}

/// Statements of \p F's instructions.
class FunctionFlow : public FlowBuilder {
public:
  FunctionFlow(const Function &F, function_ref<int(const CallBase &)> CallIndex,
               std::vector<Statement> &Out)
      : FlowBuilder(F.getParent()->getDataLayout(), Out), F(F),
        CallIndex(CallIndex) {
    NextValue = F.arg_size();
  }

  void build() {
    copyOffsetChoices();
    int Allocas = 0;
    for (const Instruction &I : instructions(F)) {
      if (const auto *AI = dyn_cast<AllocaInst>(&I)) {
        Statement &S = add(SK::StackObject);
        S.Dst = value(AI);
        S.Site = Allocas++;
        if (std::optional<TypeSize> Size = AI->getAllocationSize(DL);
            Size && !Size->isScalable())
          S.Size = Size->getFixedValue();
      } else {
        visit(I);
      }
    }
  }

private:
  /// Each GEP whose offset is one of a few constants becomes a value that
  /// is a copy of its base at each of them, as a phi of the fields: with a
  /// variable offset the object would be taken for an array.
  void copyOffsetChoices() {
    for (const Instruction &I : instructions(F))
      if (const auto *GEP = dyn_cast<GetElementPtrInst>(&I))
        if (auto Offsets = offsetChoices(*cast<GEPOperator>(GEP), DL))
          OffsetChoices[GEP] = std::move(*Offsets);
    for (const Instruction &I : instructions(F)) {
      auto It = OffsetChoices.find(&I);
      if (It == OffsetChoices.end())
        continue;
      int Dst = value(&I);
      Operand Base = operand(cast<GetElementPtrInst>(I).getPointerOperand());
      for (int64_t Offset : It->second)
        copy(Dst, shifted(Base, Offset));
    }
  }
  void visit(const Instruction &I);
  void visitCall(const CallBase &CB);
  void visitIntrinsic(const IntrinsicInst &II);
  /// Statements for call \p Site of \p Callee, which has no body here, for
  /// when no module has one; \p Result: the call's value, or -1.
  void fallback(const CallBase &CB, const Function &Callee, int Site,
                int Result);
  /// \p Dst may be what is stored at \p Addr, lane by lane for vectors.
  void load(const Value &Loaded, const Operand &Addr) {
    int Dst = value(&Loaded);
    Type *T = Loaded.getType();
    unsigned Lanes = 1;
    uint64_t Size = 0;
    if (const auto *VT = dyn_cast<FixedVectorType>(T)) {
      Lanes = VT->getNumElements();
      Size = DL.getTypeAllocSize(VT->getElementType()).getFixedValue();
    }
    for (unsigned L = 0; L < Lanes; ++L) {
      Statement &S = add(SK::Load);
      S.Dst = Dst;
      S.Addr = shifted(Addr, int64_t(L * Size));
      if (!T->isPtrOrPtrVectorTy())
        S.Addr.anywhere();
    }
  }
  const Function &F;
  function_ref<int(const CallBase &)> CallIndex;
};

void FunctionFlow::visit(const Instruction &I) {
  // An address as an integer constant, stored or handed on.
  if (isa<StoreInst>(I) || isa<CallBase>(I) || isa<ReturnInst>(I) ||
      isa<InsertValueInst>(I) || isa<InsertElementInst>(I))
    for (const Use &U : I.operands())
      if (const auto *CE = dyn_cast<ConstantExpr>(U.get());
          CE && !CE->getType()->isPtrOrPtrVectorTy())
        escapeAddressesIn(CE);
  if (const auto *LI = dyn_cast<LoadInst>(&I)) {
    if (holdsPointers(LI->getType()))
      load(*LI, operand(LI->getPointerOperand()));
  } else if (const auto *SI = dyn_cast<StoreInst>(&I)) {
    storeValue(operand(SI->getPointerOperand()), SI->getValueOperand());
  } else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    if (holdsPointers(RMW->getType())) {
      Operand Addr = operand(RMW->getPointerOperand());
      load(*RMW, Addr);
      storeValue(Addr, RMW->getValOperand());
    }
  } else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    if (holdsPointers(CX->getNewValOperand()->getType())) {
      Operand Addr = operand(CX->getPointerOperand());
      load(*CX, Addr);
      storeValue(Addr, CX->getNewValOperand());
    }
  } else if (const auto *P2I = dyn_cast<PtrToIntOperator>(&I)) {
    if (mayBecomePointer(*P2I))
      escape(operand(P2I->getPointerOperand()));
  } else if (const auto *Ret = dyn_cast<ReturnInst>(&I)) {
    if (const Value *V = Ret->getReturnValue(); V && holdsPointers(V->getType()))
      if (Operand Src = operand(V); !Src.isNone())
        add(SK::Return).Src = std::move(Src);
  } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
    visitCall(*CB);
  } else if (!holdsPointers(I.getType()) || isa<GetElementPtrInst>(I) ||
             isa<CastInst>(I)) {
    // Nothing: a GEP or a cast rides on its operand (IntToPtr: Unknown).
  } else if (isa<PHINode>(I) || isa<SelectInst>(I) || isa<FreezeInst>(I) ||
             isa<ExtractValueInst>(I) || isa<ExtractElementInst>(I) ||
             isa<InsertValueInst>(I) || isa<InsertElementInst>(I) ||
             isa<ShuffleVectorInst>(I)) {
    int Dst = value(&I);
    for (const Use &U : I.operands()) {
      if (isa<SelectInst>(I) && U.getOperandNo() == 0)
        continue;
      if (!holdsPointers(U->getType()))
        continue;
      Operand Src = operand(U.get());
      // A pointer stepped round a loop (p = phi(start, p + 8)) may be
      // anywhere in its object: an offset added on each trip would make
      // a location per trip.
      if (Src.K == Operand::Kind::Value && Src.Value == Dst &&
          Src.Offset != 0) {
        Src.Offset = 0;
        Src.anywhere();
      }
      copy(Dst, std::move(Src));
    }
  } else {
    // va_arg, a landing pad: pointers from code the program cannot see.
    copy(value(&I), unknownOperand());
  }
}

void FunctionFlow::visitIntrinsic(const IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove: {
    const auto &MT = cast<MemTransferInst>(II);
    Statement &S = add(SK::MemCopy);
    S.Addr = operand(MT.getRawDest());
    S.Src = operand(MT.getRawSource());
    if (const auto *Len = dyn_cast<ConstantInt>(MT.getLength()))
      S.Size = Len->getZExtValue();
    return;
  }
  case Intrinsic::threadlocal_address:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
    copy(value(&II), operand(II.getArgOperand(0)));
    return;
  case Intrinsic::ptrmask: {
    Operand Masked = operand(II.getArgOperand(0));
    Masked.anywhere();
    copy(value(&II), Masked);
    return;
  }
  case Intrinsic::vastart: {
    // The va_list points at the arguments beyond the parameters, from
    // wherever in it (its register and stack save areas).
    Statement &S = add(SK::Store);
    S.Addr = operand(II.getArgOperand(0));
    S.Addr.anywhere();
    S.Src.K = Operand::Kind::VarArgs;
    return;
  }
  case Intrinsic::vacopy: {
    Statement &S = add(SK::MemCopy);
    S.Addr = operand(II.getArgOperand(0));
    S.Src = operand(II.getArgOperand(1));
    return;
  }
  default:
    if (holdsPointers(II.getType()))
      copy(value(&II), unknownOperand());
    return;
  }
}

void FunctionFlow::visitCall(const CallBase &CB) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    visitIntrinsic(*II);
    return;
  }
  int Result = holdsPointers(CB.getType()) ? value(&CB) : -1;
  if (CB.isInlineAsm()) {
    for (const Use &Arg : CB.args())
      if (holdsPointers(Arg->getType()))
        escape(operand(Arg.get()));
    if (Result >= 0)
      copy(Result, unknownOperand());
    return;
  }
  int Site = CallIndex(CB);
  for (const Use &Arg : CB.args()) {
    if (!holdsPointers(Arg->getType()))
      continue;
    Operand Src = operand(Arg.get());
    if (Src.isNone())
      continue;
    Statement &S = add(SK::Argument);
    S.Site = Site;
    S.Dst = CB.getArgOperandNo(&Arg);
    S.Src = std::move(Src);
  }
  if (Result >= 0) {
    Statement &S = add(SK::Result);
    S.Site = Site;
    S.Dst = Result;
  }
  const auto *Callee =
      dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
  if (!Callee) {
    Statement &S = add(SK::Callee);
    S.Site = Site;
    S.Src = operand(CB.getCalledOperand());
    return;
  }
  if (Callee->isDeclaration()) {
    Fallback = Site;
    fallback(CB, *Callee, Site, Result);
    Fallback = -1;
  }
}

void FunctionFlow::fallback(const CallBase &CB, const Function &Callee,
                            int Site, int Result) {
  auto Arg = [&](int I) {
    return I >= 0 && unsigned(I) < CB.arg_size()
               ? operand(CB.getArgOperand(I))
               : Operand();
  };
  auto NewObject = [&](int Dst, const int SizeArgs[2]) {
    Statement &S = add(SK::HeapObject);
    S.Dst = Dst;
    S.Site = Site;
    uint64_t Size = 1;
    bool Known = SizeArgs[0] >= 0;
    for (int I = 0; I < 2 && SizeArgs[I] >= 0; ++I) {
      const auto *C = unsigned(SizeArgs[I]) < CB.arg_size()
                          ? dyn_cast<ConstantInt>(CB.getArgOperand(SizeArgs[I]))
                          : nullptr;
      Known &= C != nullptr;
      if (C)
        Size *= C->getZExtValue();
    }
    S.Size = Known ? Size : 0;
  };
  if (std::optional<MemoryFunction> MF = lookupMemoryFunction(Callee.getName())) {
    switch (MF->K) {
    case MemoryFunction::Kind::Allocates:
      if (Result >= 0)
        NewObject(Result, MF->SizeArgs);
      return;
    case MemoryFunction::Kind::AllocatesInto: {
      int Object = newValue();
      NewObject(Object, MF->SizeArgs);
      Operand Src;
      Src.K = Operand::Kind::Value;
      Src.Value = Object;
      Statement &S = add(SK::Store);
      S.Addr = Arg(MF->Dst);
      S.Src = Src;
      return;
    }
    case MemoryFunction::Kind::Reallocates: {
      if (Result < 0)
        return;
      NewObject(Result, MF->SizeArgs);
      copy(Result, Arg(MF->Src)); // It may stay where it was.
      Statement &S = add(SK::MemCopy);
      S.Addr.K = Operand::Kind::Value;
      S.Addr.Value = Result;
      S.Src = Arg(MF->Src);
      return;
    }
    case MemoryFunction::Kind::Frees:
      return;
    case MemoryFunction::Kind::ReturnsArgument:
      if (Result >= 0) {
        Operand Into = Arg(MF->Src);
        Into.anywhere();
        copy(Result, Into);
      }
      return;
    case MemoryFunction::Kind::Copies: {
      Statement &S = add(SK::MemCopy);
      S.Addr = Arg(MF->Dst);
      S.Src = Arg(MF->Src);
      if (Result >= 0)
        copy(Result, Arg(MF->Dst));
      return;
    }
    }
  }
  if (std::optional<KnownFunction> K = lookupKnownFunction(Callee)) {
    SmallVector<int, 4> HandedOn;
    for (unsigned I = 0; I < CB.arg_size(); ++I) {
      if (K->callbackIn(CB, I) == CallbackKind::None)
        continue;
      Operand Fn = Arg(I);
      bool Any = false;
      for (const KnownFunction::HandedArgument &H :
           I < KnownFunction::MaxArgs ? ArrayRef(K->Handed[I])
                                      : ArrayRef<KnownFunction::HandedArgument>()) {
        if (H.Arg < 0)
          continue;
        Statement &S = add(SK::Callback);
        S.Addr = Fn;
        S.Src = Arg(H.Arg);
        S.Dst = H.Param;
        HandedOn.push_back(H.Arg);
        Any = true;
      }
      if (!Any)
        add(SK::Callback).Addr = Fn;
    }
    // What the library keeps, code the program cannot see may read; what
    // it hands to a callback, the callback has.
    for (unsigned I = 0; I < CB.arg_size(); ++I)
      if (K->effectOn(I) == CallEffect::Escape && !is_contained(HandedOn, int(I)) &&
          holdsPointers(CB.getArgOperand(I)->getType()))
        escape(Arg(I));
    if (Result >= 0)
      copy(Result, unknownOperand());
    return;
  }
  // An unknown function: it may keep what it captures, and store pointers
  // of its own where it may write.
  for (unsigned I = 0; I < CB.arg_size(); ++I) {
    if (!holdsPointers(CB.getArgOperand(I)->getType()))
      continue;
    // What a constant format prints (%p, %s) goes nowhere.
    if (formattedArgumentEffect(CB, I))
      continue;
    if (!CB.doesNotCapture(I))
      escape(Arg(I));
    else if (!CB.onlyReadsMemory(I))
      add(SK::Clobber).Addr = Arg(I);
  }
  if (Result >= 0) {
    if (CB.returnDoesNotAlias()) {
      const int NoSize[2] = {-1, -1};
      NewObject(Result, NoSize); // An allocator of the program's libraries.
    } else {
      copy(Result, unknownOperand());
    }
  }
}

} // namespace

/// Drops the statements that define values nothing else reads: a pointer
/// loaded only to reach data that is no pointer (`p->q->count++`) cannot
/// change what any pointer of the program may point to. The values keep
/// their numbers.
static void dropDeadValues(std::vector<PointerStatement> &Statements,
                           int NumValues) {
  auto Defines = [](const PointerStatement &S) {
    switch (S.K) {
    case SK::Copy:
    case SK::Load:
    case SK::Result:
    case SK::HeapObject:
    case SK::StackObject:
      return true;
    default:
      return false;
    }
  };
  std::vector<std::vector<unsigned>> Definitions(NumValues);
  std::vector<bool> Live(NumValues, false);
  SmallVector<int, 16> Work;
  auto Use = [&](const PointerOperand &Op) {
    if (Op.K == PointerOperand::Kind::Value && Op.Value >= 0 &&
        Op.Value < NumValues && !Live[Op.Value]) {
      Live[Op.Value] = true;
      Work.push_back(Op.Value);
    }
  };
  for (auto [I, S] : enumerate(Statements)) {
    if (Defines(S) && S.Dst >= 0 && S.Dst < NumValues) {
      Definitions[S.Dst].push_back(I);
      continue;
    }
    Use(S.Addr);
    Use(S.Src);
  }
  while (!Work.empty())
    for (unsigned I : Definitions[Work.pop_back_val()]) {
      Use(Statements[I].Addr);
      Use(Statements[I].Src);
    }
  llvm::erase_if(Statements, [&](const PointerStatement &S) {
    return Defines(S) && S.Dst >= 0 && S.Dst < NumValues && !Live[S.Dst];
  });
}

void cacheline::buildPointerFlow(const Function &F,
                                 function_ref<int(const CallBase &)> CallIndex,
                                 FunctionSummary &S) {
  S.Pointers.clear();
  FunctionFlow Flow(F, CallIndex, S.Pointers);
  Flow.build();
  S.NumPointerValues = Flow.NextValue;
  dropDeadValues(S.Pointers, S.NumPointerValues);
}

std::vector<PointerStatement>
cacheline::initializerPointers(const GlobalVariable &GV) {
  std::vector<PointerStatement> Out;
  // A sanitizer's descriptor names addresses for its runtime alone.
  if (!GV.hasInitializer() || isSanitizerDescriptor(GV))
    return Out;
  FlowBuilder Flow(GV.getParent()->getDataLayout(), Out);
  Operand Addr;
  Addr.K = Operand::Kind::Global;
  Addr.Name = GV.getName().str();
  Flow.storeConstant(Addr, GV.getInitializer());
  return Out;
}
