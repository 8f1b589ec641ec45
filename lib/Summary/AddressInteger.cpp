//===- AddressInteger.cpp - An address made an integer --------------------===//

#include "cacheline/Summary/AddressInteger.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/PointerUseWalker.h"
#include "cacheline/Summary/Sanitizer.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;

namespace {

/// \p V is surely no address: an integer (or floating-point) constant, a
/// vector of them, undef, poison or null. A constant expression may be one
/// (a ptrtoint of a global).
bool isNumber(const Value *V) {
  if (isa<ConstantInt>(V) || isa<ConstantFP>(V) || isa<UndefValue>(V) ||
      isa<ConstantAggregateZero>(V) || isa<ConstantDataVector>(V) ||
      isa<ConstantPointerNull>(V))
    return true;
  if (const auto *CV = dyn_cast<ConstantVector>(V))
    return all_of(CV->operands(), [](const Use &Op) { return isNumber(Op); });
  return false;
}

/// The first user of \p C that is a \p T, through other constants: the
/// instruction that computes a constant expression, the global whose
/// initializer holds it.
template <class T> const T *firstUserThrough(const Constant &C) {
  SmallVector<const Value *, 8> Worklist{&C};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      if (const auto *Found = dyn_cast<T>(U))
        return Found;
      if (isa<Constant>(U) && !isa<GlobalValue>(U))
        Worklist.push_back(U);
    }
  }
  return nullptr;
}

/// How a number made of the address moves with it: where it still rises
/// (`p + 8`, `p >> 7`) or falls (`-1 - p`, `~p`) with the address, its
/// difference from, or its order against, another value is one of the
/// address. A hash, a mask of the low bits or a remainder moves with it in
/// no order.
enum class Trend { None, Up, Down };

Trend reverse(Trend T) {
  return T == Trend::Up ? Trend::Down : T == Trend::Down ? Trend::Up : T;
}

/// What a value made of the address is.
struct Number {
  Trend T = Trend::Up;
  /// A difference of two addresses, or a number made of one: it gives
  /// neither address back without the other, whose own uses show it
  /// (`(uintptr_t)base + d`, `base + d`). Stored, passed or returned, it is
  /// a number; only turned into a pointer it may be the address again.
  bool Relative = false;
  unsigned key() const { return unsigned(T) * 2 + Relative; }
};

class Follow {
public:
  SmallVector<AddressIntegerUse, 2> run(const Value &Int) {
    push(&Int, Number());
    while (!Worklist.empty() && !Escaped) {
      auto [V, N] = Worklist.pop_back_val();
      for (const Use &U : V->uses()) {
        if (N.Relative)
          visitRelative(U);
        else
          visit(U, N.T);
        if (Escaped)
          break;
      }
    }
    return std::move(Out);
  }

private:
  /// Values made of the address beyond this many are not followed: an
  /// escape, rather than a walk over a whole program's arithmetic.
  static constexpr size_t MaxValues = 4096;

  /// Follows \p V's uses too: \p N, a number made of the address.
  void push(const Value *V, Number N) {
    if (!Seen.insert({V, N.key()}).second)
      return;
    if (Seen.size() > MaxValues) {
      found(AddressIntegerUse::Escape,
            "converted to an integer used too widely to follow", V);
      return;
    }
    Worklist.push_back({V, N});
  }
  /// A number that moves with the address as \p T says.
  void push(const Value *V, Trend T) { push(V, Number{T, false}); }
  /// A difference of two addresses.
  void pushRelative(const Value *V) { push(V, Number{Trend::None, true}); }

  void found(AddressIntegerUse::Kind What, const Twine &Reason,
             const Value *Where) {
    if (any_of(Out, [&](const AddressIntegerUse &A) { return A.What == What; }))
      return;
    AddressIntegerUse A;
    A.What = What;
    A.Reason = Reason.str();
    A.At = dyn_cast_or_null<Instruction>(Where);
    if (const auto *C = dyn_cast_or_null<Constant>(Where))
      A.At = firstUserThrough<Instruction>(*C);
    if (What == AddressIntegerUse::Escape) {
      Out.clear(); // Nothing else matters.
      Escaped = true;
    }
    Out.push_back(std::move(A));
  }

  void visit(const Use &U, Trend T);
  void visitRelative(const Use &U);
  /// A call that receives \p N.
  void visitCall(const CallBase &CB, const Use &U, Number N);

  SmallVector<std::pair<const Value *, Number>, 16> Worklist;
  DenseSet<std::pair<const Value *, unsigned>> Seen;
  SmallVector<AddressIntegerUse, 2> Out;
  bool Escaped = false;
};

void Follow::visit(const Use &U, Trend T) {
  const User *Usr = U.getUser();
  if (const auto *CB = dyn_cast<CallBase>(Usr)) {
    visitCall(*CB, U, Number{T, false});
    return;
  }
  if (isa<Constant>(Usr) && !isa<ConstantExpr>(Usr)) {
    const GlobalVariable *GV = dyn_cast<GlobalVariable>(Usr);
    if (!GV)
      GV = firstUserThrough<GlobalVariable>(*cast<Constant>(Usr));
    found(AddressIntegerUse::Escape,
          "stored as an integer in the initializer of " +
              (GV ? GV->getName() : StringRef("a global")),
          nullptr);
    return;
  }
  const bool First = U.getOperandNo() == 0;
  const Value *Other = Usr->getNumOperands() == 2
                           ? Usr->getOperand(First ? 1 : 0)
                           : nullptr;
  const bool ByNumber = Other && isNumber(Other);
  const auto *C = dyn_cast_or_null<ConstantInt>(Other);
  unsigned Opcode = Operator::getOpcode(Usr);
  switch (Opcode) {
  case Instruction::IntToPtr:
    if (isShadowAddress(*Usr))
      return;
    found(AddressIntegerUse::Escape, "turned back into a pointer (inttoptr)",
          Usr);
    return;
  case Instruction::Sub:
    // `p - q`, `p - base`: a distance, unless the other side is a number
    // (`p - 8`, `-1 - p`).
    if (!ByNumber && T != Trend::None) {
      found(AddressIntegerUse::Distance, "", Usr);
      pushRelative(Usr);
      return;
    }
    push(Usr, !ByNumber ? Trend::None : First ? T : reverse(T));
    return;
  case Instruction::Add:
    // Minus the address plus what may be another: a distance. Plus a
    // number, or plus anything (a hash, an offset), no distance yet.
    if (!ByNumber && T == Trend::Down) {
      found(AddressIntegerUse::Distance, "", Usr);
      pushRelative(Usr);
      return;
    }
    push(Usr, T);
    return;
  case Instruction::Xor:
    push(Usr, C && C->isMinusOne() ? reverse(T) : Trend::None); // ~p.
    return;
  case Instruction::Mul:
    // A hash's multiplier scatters it; `p * -1` is `-p`.
    push(Usr, !C           ? Trend::None
              : C->isOne() ? T
              : C->isMinusOne() ? reverse(T)
                                : Trend::None);
    return;
  case Instruction::And:
    // Clearing the low bits (`p & -64`, the line) keeps the order.
    push(Usr, C && C->getValue().isNegatedPowerOf2() ? T : Trend::None);
    return;
  case Instruction::Shl:
  case Instruction::AShr:
  case Instruction::SDiv:
    // Scaled by a number, the trend stays.
    push(Usr, First && ByNumber ? T : Trend::None);
    return;
  case Instruction::LShr:
  case Instruction::UDiv:
    push(Usr, First && ByNumber && T == Trend::Up ? T : Trend::None);
    return;
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::Or:
  case Instruction::ExtractElement:
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
  case Instruction::ExtractValue:
  case Instruction::InsertValue:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::FNeg:
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
    push(Usr, Trend::None); // A vector or a float may hold it again.
    return;
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::BitCast:
  case Instruction::Freeze:
  case Instruction::PHI:
    push(Usr, T);
    return;
  case Instruction::Select:
    if (!First) // Not the condition.
      push(Usr, T);
    return;
  case Instruction::ICmp: {
    // Equality holds in any layout; order, where the places keep theirs.
    const auto *Cmp = dyn_cast<CmpInst>(Usr);
    if (T != Trend::None &&
        (!Cmp || comparesOrder(Cmp->getPredicate(), *Other)))
      found(AddressIntegerUse::Order, "", Usr);
    return;
  }
  case Instruction::FCmp:
  case Instruction::Switch:
  case Instruction::Br:
    return; // A branch taken on it.
  case Instruction::GetElementPtr:
    // An index into another object picks a place there; from null, it is
    // the address again.
    if (isa<ConstantPointerNull>(Usr->getOperand(0)))
      found(AddressIntegerUse::Escape,
            "turned back into a pointer (getelementptr from null)", Usr);
    return;
  case Instruction::Store:
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
    // The value stored (a pointer operand is no integer).
    found(AddressIntegerUse::Escape, "stored as an integer", Usr);
    return;
  case Instruction::Ret: {
    // Into the calls of a function only the module's calls reach.
    const Function *F = cast<Instruction>(Usr)->getFunction();
    if (!F->hasLocalLinkage() || !onlyCalledDirectly(*F)) {
      found(AddressIntegerUse::Escape, "returned as an integer", Usr);
      return;
    }
    for (const User *Call : F->users())
      push(Call, T);
    return;
  }
  default:
    found(AddressIntegerUse::Escape,
          Twine("as an integer used by ") + Instruction::getOpcodeName(Opcode),
          Usr);
    return;
  }
}

void Follow::visitRelative(const Use &U) {
  const User *Usr = U.getUser();
  if (const auto *CB = dyn_cast<CallBase>(Usr)) {
    visitCall(*CB, U, Number{Trend::None, true});
    return;
  }
  if (isa<Constant>(Usr) && !isa<ConstantExpr>(Usr))
    return; // Stored in an initializer: a number.
  switch (Operator::getOpcode(Usr)) {
  case Instruction::IntToPtr:
    found(AddressIntegerUse::Escape, "turned back into a pointer (inttoptr)",
          Usr);
    return;
  case Instruction::GetElementPtr:
    if (isa<ConstantPointerNull>(Usr->getOperand(0)))
      found(AddressIntegerUse::Escape,
            "turned back into a pointer (getelementptr from null)", Usr);
    return;
  case Instruction::Ret: {
    const Function *F = cast<Instruction>(Usr)->getFunction();
    if (F->hasLocalLinkage() && onlyCalledDirectly(*F))
      for (const User *Call : F->users())
        pushRelative(Call);
    return;
  }
  case Instruction::Select:
    if (U.getOperandNo() != 0)
      pushRelative(Usr);
    return;
  case Instruction::ICmp:
  case Instruction::FCmp:
  case Instruction::Switch:
  case Instruction::Br:
  case Instruction::Store:
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
    return;
  default:
    if (!Usr->getType()->isVoidTy())
      pushRelative(Usr); // Arithmetic on it.
    return;
  }
}

void Follow::visitCall(const CallBase &CB, const Use &U, Number N) {
  if (!CB.isArgOperand(&U)) {
    found(AddressIntegerUse::Escape,
          "passed as an integer in an operand bundle", &CB);
    return;
  }
  unsigned ArgNo = CB.getArgOperandNo(&U);
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    // A number of it (llvm.umax, llvm.bswap), or the length or byte of a
    // memset; an intrinsic that makes a pointer or stores a value (a masked
    // store) may give the address back.
    if (isa<AnyMemIntrinsic>(II) || (N.Relative && CB.getType()->isVoidTy()))
      return;
    if (CB.getType()->isVoidTy() || CB.getType()->isPtrOrPtrVectorTy()) {
      found(AddressIntegerUse::Escape,
            "passed as an integer to " + II->getCalledFunction()->getName(),
            &CB);
      return;
    }
    switch (II->getIntrinsicID()) {
    case Intrinsic::umax:
    case Intrinsic::umin:
    case Intrinsic::smax:
    case Intrinsic::smin:
      push(&CB, N); // Of two bounds, one.
      return;
    default:
      push(&CB, Number{Trend::None, N.Relative});
      return;
    }
  }
  // Printed: `printf("%lu", (uintptr_t)p >> 7)`.
  if (formattedArgumentEffect(CB, ArgNo) == CallEffect::None)
    return;
  // Checked by a sanitizer, which reads its own memory.
  if (const Function *F = CB.getCalledFunction();
      F && isSanitizerCheck(F->getName()))
    return;
  // Into the body that runs.
  const auto *Callee =
      dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
  if (Callee && !Callee->isDeclaration() && !Callee->isInterposable() &&
      ArgNo < Callee->arg_size() &&
      CB.getFunctionType() == Callee->getFunctionType()) {
    push(Callee->getArg(ArgNo), N);
    return;
  }
  if (N.Relative)
    return; // A distance is a number to code we cannot see.
  if (CB.isInlineAsm())
    found(AddressIntegerUse::Escape, "passed as an integer to inline assembly",
          &CB);
  else if (Callee)
    found(AddressIntegerUse::Escape,
          "passed as an integer to unknown function " + Callee->getName(),
          &CB);
  else
    found(AddressIntegerUse::Escape,
          "passed as an integer to an indirect call", &CB);
}

} // namespace

bool cacheline::comparesOrder(unsigned Predicate, const Value &Other) {
  return !CmpInst::isEquality(CmpInst::Predicate(Predicate)) &&
         !isNumber(&Other);
}

SmallVector<AddressIntegerUse, 2>
cacheline::followAddressInteger(const Value &Int) {
  return Follow().run(Int);
}
