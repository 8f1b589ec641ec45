//===- SummaryWalker.cpp - The uses of one root's pointers ----------------===//
//
// SummaryWalker (SummaryBuilderInternal.h): from a global, a pointer
// parameter, a call's result or a pointer variable's loads, every access
// and where in the object it falls, every call the pointer is handed to
// with what the call would do without a body, and what else the address
// meets: an escape, a difference or order of addresses, the functions
// stored through it.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/ObjectAddress.h"
#include "cacheline/Summary/Sanitizer.h"
#include "SummaryBuilderInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;
using namespace cacheline::summary;

namespace {

/// A constant table of the module's own that is only loaded from, such as
/// SimplifyCFG's switch lookup tables (`switch (i) { case 0: p = &a; ...}`):
/// a pointer loaded from it may be the address of any global in its
/// initializer, so the walk follows each load like the address itself
/// (conservative: accesses through the table's other entries count too).
/// Returns false, with \p Loads unspecified, if \p Table is not such a
/// table (writable, exported, or itself escaping).
bool lookupTableLoads(const GlobalVariable &Table,
                      SmallVectorImpl<const Value *> &Loads) {
  if (!Table.isConstant() || !Table.hasLocalLinkage() ||
      !Table.hasInitializer())
    return false;
  SmallVector<const Value *, 8> Worklist{&Table};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if ((isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr)) &&
          U.getOperandNo() == 0)
        Worklist.push_back(Usr);
      else if (isa<LoadInst>(Usr))
        Loads.push_back(Usr);
      else
        return false; // The table itself escapes: so does the address.
    }
  }
  return true;
}

} // namespace

bool summary::isPointerVariable(const GlobalVariable &GV) {
  if (GV.isThreadLocal())
    return false;
  // A pointer, or a pointer followed by padding bytes (AddressSanitizer's
  // redzone after a global).
  Type *T = GV.getValueType();
  if (auto *ST = dyn_cast<StructType>(T);
      ST && ST->getNumElements() == 2 && ST->getElementType(1)->isArrayTy() &&
      ST->getElementType(1)->getArrayElementType()->isIntegerTy(8))
    T = ST->getElementType(0);
  return T->isPointerTy();
}

void SummaryWalker::walk(ArrayRef<const Value *> From) {
  Root = From.front();
  Roots.clear();
  Roots.insert(From.begin(), From.end());
  RangeIndex.clear(); // Relative to the previous root.
  Ranges.clear();
  PointerUseWalker::walk(From);
  // Where each access falls, once every value derived from the root is
  // known: a phi's inputs that are not (null, fresh memory) point
  // elsewhere, and do not make the place unknown.
  for (const PendingRange &P : Pending)
    placeRange(P);
  Pending.clear();
}

void SummaryWalker::record(AccessKind Kind, const Instruction *I) {
  Pending.push_back({PendingRange::Access, Uses.Accesses.size(),
                     currentUse().get(), accessSize(*I, DL)});
  Uses.Accesses.push_back({Kind, Pos.at(*I), std::nullopt, {}});
  noteStoredValue(Kind, *I);
}

void SummaryWalker::placeRange(const PendingRange &P) {
  std::optional<ByteRange> Range = rangeOf(P.Ptr);
  switch (P.Of) {
  case PendingRange::Access: {
    AccessSummary &A = Uses.Accesses[P.Index];
    if (!Range) {
      A.OrRanges = placesOf(P.Ptr);
      if (!A.OrRanges.empty()) {
        Range = A.OrRanges.front();
        A.OrRanges.erase(A.OrRanges.begin());
      }
    }
    for (ByteRange &R : A.OrRanges)
      R.Size = P.Size;
    if (Range)
      Range->Size = P.Size;
    A.Range = std::move(Range);
    return;
  }
  case PendingRange::Call:
    if (Range && P.Size)
      Range->Size = P.Size;
    Uses.Calls[P.Index].Range = std::move(Range);
    return;
  case PendingRange::Return:
    Uses.ReturnedBy[P.Index].Range = std::move(Range);
    return;
  }
}

SmallVector<const Value *, 4>
SummaryWalker::mergedPointers(const Value *V, bool ThroughCalls) {
  SmallVector<const Value *, 4> Inputs;
  if (const auto *Phi = dyn_cast<PHINode>(V)) {
    append_range(Inputs, Phi->incoming_values());
  } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
    Inputs = {Sel->getTrueValue(), Sel->getFalseValue()};
  } else if (const auto *CB = dyn_cast<CallBase>(V); CB && ThroughCalls) {
    const Function *Callee = calledFunction(*CB);
    if (Callee && !Callee->isDeclaration())
      for (const BasicBlock &BB : *Callee)
        if (const auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
          Inputs.push_back(Ret->getReturnValue());
  }
  return Inputs;
}

int SummaryWalker::chosenTermIndex(const ObjectAddress &A) const {
  // A global's arithmetic the rewrite rebuilds term by term.
  if (isa<GlobalValue>(Root))
    return -1;
  for (auto [I, T] : enumerate(A.Terms))
    if (constantChoices(T.Index))
      return int(I);
  return -1;
}

bool SummaryWalker::chosenTerm(const ObjectAddress &A) const {
  return chosenTermIndex(A) >= 0;
}

std::vector<ByteRange> SummaryWalker::placesOf(const Value *V) {
  constexpr size_t MaxPlaces = 8;
  std::optional<ObjectAddress> A =
      decomposeAddress(const_cast<Value *>(V), DL);
  if (!A)
    return {};
  std::vector<ByteRange> Places;
  // An index chosen among constants: each is a place.
  if (int Chosen = chosenTermIndex(*A); Chosen >= 0) {
    std::optional<ByteRange> Base =
        A->Base == Root || Roots.contains(A->Base)
            ? std::optional<ByteRange>(ByteRange())
            : rangeOf(A->Base);
    if (!Base)
      return {};
    AddressTerm T = A->Terms[Chosen];
    ObjectAddress One = *A;
    One.Terms.erase(One.Terms.begin() + Chosen);
    SmallVector<int64_t, 4> Choices = *constantChoices(T.Index);
    for (int64_t C : Choices) {
      ObjectAddress Here = One;
      Here.Offset += C * int64_t(T.Stride);
      ByteRange R = *Base == ByteRange() ? toByteRange(Here)
                                        : Base->then(toByteRange(Here));
      if (!is_contained(Places, R))
        Places.push_back(std::move(R));
    }
    return Places;
  }
  for (const Value *In : mergedPointers(A->Base, /*ThroughCalls=*/false)) {
    if (!reached(In))
      continue; // Another object's address, or null.
    std::optional<ByteRange> R = rangeOf(In);
    if (!R)
      return {};
    ByteRange Here = R->then(toByteRange(*A));
    if (!is_contained(Places, Here))
      Places.push_back(std::move(Here));
  }
  if (Places.size() > MaxPlaces)
    return {};
  return Places;
}

std::optional<ByteRange> SummaryWalker::rangeOf(const Value *V) {
  // A cycle (a pointer stepped in a loop) finds itself in progress:
  // unknown.
  auto [It, New] = RangeIndex.try_emplace(V, Ranges.size());
  if (!New)
    return Ranges[It->second];
  unsigned I = Ranges.size();
  Ranges.emplace_back();
  std::optional<ByteRange> R = computeRange(V);
  Ranges[I] = R;
  return R;
}

std::optional<ByteRange> SummaryWalker::computeRange(const Value *V) {
  std::optional<ObjectAddress> A =
      decomposeAddress(const_cast<Value *>(V), DL);
  if (!A || chosenTerm(*A))
    return std::nullopt; // One of several places: placesOf().

  ByteRange Local = toByteRange(*A);
  if (A->Base == Root || Roots.contains(A->Base))
    return Local;
  // A value that merges pointers: all must point at the same place.
  // Merges of merges with nothing added between them (a loop's phis of a
  // pointer reloaded after a call) are one value: only the pointers
  // entering that web count.
  SmallSetVector<const Value *, 4> Web;
  Web.insert(A->Base);
  SmallVector<const Value *, 4> Entering;
  for (size_t I = 0; I < Web.size(); ++I)
    for (const Value *In : mergedPointers(Web[I], /*ThroughCalls=*/true)) {
      if (In && !reached(In))
        continue; // Another object's address, or null.
      std::optional<ObjectAddress> Step =
          In ? decomposeAddress(const_cast<Value *>(In), DL) : std::nullopt;
      if (Step && !Step->Offset && Step->Terms.empty() &&
          !mergedPointers(Step->Base, /*ThroughCalls=*/true).empty() &&
          Step->Base != Root && !Roots.contains(Step->Base))
        Web.insert(Step->Base);
      else
        Entering.push_back(In);
    }
  std::optional<ByteRange> Merged;
  for (const Value *In : Entering) {
    std::optional<ByteRange> R = In ? rangeOf(In) : std::nullopt;
    if (!R || (Merged && !(*R == *Merged)))
      return std::nullopt;
    Merged = R;
  }
  if (!Merged)
    return std::nullopt;
  // A web only of the root's own value (not a global's address, which the
  // rewrite names itself) is the root: AddressRewrite takes it as one.
  if (*Merged == ByteRange() && !isa<GlobalValue>(Root))
    return Local;
  return Merged->then(Local);
}

void SummaryWalker::noteStoredValue(AccessKind Kind, const Instruction &I) {
  const Value *Stored = nullptr;
  switch (Kind) {
  case AccessKind::Store:
  case AccessKind::AtomicStore:
    Stored = cast<StoreInst>(I).getValueOperand();
    break;
  case AccessKind::AtomicRMW:
    Stored = cast<AtomicRMWInst>(I).getValOperand();
    break;
  case AccessKind::CmpXchg:
    Stored = cast<AtomicCmpXchgInst>(I).getNewValOperand();
    break;
  case AccessKind::MemIntrinsic:
    if (!isa<MemSetInst>(I))
      Uses.OpaqueStores = true; // A copy may bring function pointers.
    return;
  case AccessKind::CallWrite:
    Uses.OpaqueStores = true;
    return;
  default:
    return;
  }
  if (!Stored->getType()->isPtrOrPtrVectorTy())
    return;
  // Through selects and phis: `x.f = cond ? fa : fb` stores either.
  SmallVector<const Value *, 4> Values;
  getUnderlyingObjects(Stored, Values);
  for (const Value *V : Values) {
    if (const auto *F = dyn_cast<Function>(V))
      Uses.StoredFunctions.push_back(F->getName().str());
    else if (!isa<Constant>(V))
      Uses.OpaqueStores = true;
  }
}

void SummaryWalker::returned(const Function &F,
                             std::optional<ArgumentValues> When) {
  Pending.push_back({PendingRange::Return, Uses.ReturnedBy.size(),
                     currentUse().get(), 0});
  Uses.ReturnedBy.push_back({F.getName().str(), std::nullopt, When});
}

void SummaryWalker::stored(const StoreInst &SI) {
  const auto *Var = dyn_cast<GlobalVariable>(SI.getPointerOperand());
  if (Var && isPointerVariable(*Var))
    Uses.HeldBy.push_back(Var->getName().str());
  else
    escape("address stored to memory", &SI);
}

void SummaryWalker::escape(const Twine &Reason, const Instruction *At) {
  if (!Uses.Escape.empty())
    return;
  Uses.Escape = Reason.str() + in(At);
}

void SummaryWalker::distance(const Instruction *At) {
  if (Uses.Distance.empty())
    Uses.Distance = "difference of two addresses" + ofRoot() + in(At);
}

void SummaryWalker::order(const Instruction *At) {
  if (Uses.Order.empty())
    Uses.Order = "order of two addresses" + ofRoot() + " compared" + in(At);
}

std::string SummaryWalker::ofRoot() const {
  const auto *GV = dyn_cast<GlobalVariable>(Root);
  return GV ? " of " + GV->getName().str() : std::string();
}

std::string SummaryWalker::in(const Instruction *At) {
  return At ? " in " + At->getFunction()->getName().str() : std::string();
}

void SummaryWalker::visitCall(const CallBase &CB, const Use &U) {
  if (CB.isCallee(&U)) {
    escape("address called as a function", &CB);
    return;
  }
  // The allocation's own clearing (calloc's, written out).
  if (const auto *Alloc = dyn_cast<CallBase>(Root);
      Alloc && U.get() == Alloc && clearingMemset(*Alloc) == &CB)
    return;
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    if (const auto *MI = dyn_cast<AnyMemIntrinsic>(II)) {
      if (MI->getRawDest() == U.get() && U.getOperandNo() == 0)
        record(AccessKind::MemIntrinsic, &CB);
      else
        record(AccessKind::Load, &CB); // The source of memcpy/memmove.
      return;
    }
    if (II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic() ||
        II->getIntrinsicID() == Intrinsic::prefetch ||
        II->getIntrinsicID() == Intrinsic::objectsize)
      return;
  }
  if (!CB.isArgOperand(&U)) {
    escape("address passed in an operand bundle", &CB);
    return;
  }
  unsigned ArgNo = CB.getArgOperandNo(&U);
  // The sanitizer's checked memset or memcpy: the intrinsic's access.
  if (isSanitizerMemoryCall(CB) && ArgNo < 2) {
    record(ArgNo == 0 ? AccessKind::MemIntrinsic : AccessKind::Load, &CB);
    return;
  }
  // What the parameter's attributes allow: the effect when no body and no
  // known-library entry says more.
  CallEffect ByAttributes = !CB.doesNotCapture(ArgNo)      ? CallEffect::Escape
                            : CB.doesNotAccessMemory(ArgNo) ? CallEffect::None
                            : CB.onlyReadsMemory(ArgNo)     ? CallEffect::Read
                                                            : CallEffect::Write;
  if (CB.isInlineAsm()) {
    if (ByAttributes == CallEffect::Escape)
      escape("address passed to inline assembly", &CB);
    else if (ByAttributes != CallEffect::None)
      record(ByAttributes == CallEffect::Read ? AccessKind::CallRead
                                              : AccessKind::CallWrite,
             &CB);
    return;
  }

  // The solver follows the parameter into the callee's body if some module
  // has it (into every function an indirect call may reach), else uses the
  // fallback recorded here.
  PointerCall Call;
  Call.Arg = ArgNo;
  Call.CallType = Pos.typeName(CB.getFunctionType());
  Call.At = Pos.at(CB);
  Call.Fallback = ByAttributes;
  uint64_t OneObject = 0;
  std::string Receiver;
  if (const Function *Callee = calledFunction(CB)) {
    Call.Callee = Callee->getName().str();
    Receiver = "unknown function " + Call.Callee;
    if (!Callee->isDeclaration() && !Callee->isInterposable()) {
      Call.Fallback = CallEffect::Body;
    } else if (std::optional<KnownFunction> Known =
                   lookupKnownFunction(*Callee)) {
      Call.Fallback = Known->effectOn(ArgNo);
      Call.Callback = addressUseOf(Known->callbackIn(CB, ArgNo), true);
      Receiver = Call.Callee;
      if (Known->OneObject)
        OneObject = 1; // The object lies inside what holds it.
    } else if (std::optional<MemoryFunction> MF =
                   lookupMemoryFunction(Callee->getName());
               MF && MF->K == MemoryFunction::Kind::Frees) {
      // Releases the memory: no access the layout must keep in place.
      Call.Fallback = CallEffect::None;
      Receiver = Call.Callee;
    } else {
      Call.Callback = addressUseOf(CallbackKind::None, false);
      // printf's `%p` prints the address, `%s` reads a string there.
      if (std::optional<CallEffect> E = formattedArgumentEffect(CB, ArgNo)) {
        Call.Fallback = *E;
        Receiver = Call.Callee;
      }
    }
  } else {
    Call.Site = Pos.callSiteIndex(CB);
    Receiver = "an indirect call";
  }
  if (Call.Fallback == CallEffect::Escape)
    Call.EscapeReason = ("address passed to " + Receiver + " in " +
                         CB.getFunction()->getName())
                            .str();
  Pending.push_back(
      {PendingRange::Call, Uses.Calls.size(), U.get(), OneObject});
  Uses.Calls.push_back(std::move(Call));
}

void SummaryWalker::visitConstant(const Constant &C) {
  // An address inside another global's initializer.
  SmallVector<const Constant *, 8> Worklist{&C};
  SmallPtrSet<const Constant *, 8> Seen;
  while (!Worklist.empty()) {
    const Constant *Cur = Worklist.pop_back_val();
    if (!Seen.insert(Cur).second)
      continue;
    if (const auto *GV = dyn_cast<GlobalVariable>(Cur)) {
      StringRef Name = GV->getName();
      SmallVector<const Value *, 8> Loads;
      if (Name == "llvm.used" || Name == "llvm.compiler.used")
        InUsedList = true;
      else if (lookupTableLoads(*GV, Loads))
        for (const Value *L : Loads)
          push(L);
      else if (isPointerVariable(*GV)) // `T *P = &t;`: P holds the address.
        Uses.HeldBy.push_back(Name.str());
      else
        escape("address stored in the initializer of " + Name, nullptr);
      continue;
    }
    for (const User *U : Cur->users())
      if (const auto *CU = dyn_cast<Constant>(U))
        Worklist.push_back(CU);
      else
        push(Cur); // A constant expression used by instructions.
  }
}
