//===- PointerUseWalker.h - Follow every pointer derived from a value -*- C++ -*-===//
//
// The summary builder's walk (SummaryBuilder.cpp): from a root (a global,
// a parameter) through every GEP, cast, phi, select and alias, and from an
// internal function's return into its direct callers, to the instructions
// that load, store, compare or hand on the address, and through the
// integers a ptrtoint makes of it (AddressInteger.h). What an access or a
// call means is the derived walker's business: it provides
//
//   void record(AccessKind, const Instruction *);
//   void escape(const Twine &Reason, const Instruction *At);
//   void distance(const Instruction *At); // two addresses subtracted
//   void order(const Instruction *At);    // compared for order
//   void stored(const StoreInst &); // the address is the value stored
//   void returned(const Function &, std::optional<ArgumentValues> When);
//   void visitCall(const CallBase &, const Use &);
//   void visitConstant(const Constant &);
//
// and befriends PointerUseWalker<Derived>.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_POINTERUSEWALKER_H
#define CACHELINE_LAYOUT_POINTERUSEWALKER_H

#include "cacheline/Summary/AddressInteger.h"
#include "cacheline/Summary/ArgumentCondition.h"
#include "cacheline/Summary/Sanitizer.h"
#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constant.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

namespace cacheline {

/// Every use of \p F is a direct call of its own type: its callers are its
/// users.
inline bool onlyCalledDirectly(const llvm::Function &F) {
  return llvm::all_of(F.uses(), [&F](const llvm::Use &U) {
    const auto *CB = llvm::dyn_cast<llvm::CallBase>(U.getUser());
    return CB && CB->isCallee(&U) &&
           CB->getFunctionType() == F.getFunctionType();
  });
}

/// Whether the vector \p V, into which an address was inserted, is only
/// compared for equality (`!a || !b`, vectorized): built up by more
/// insertelements and shuffles, it reads nothing, and the comparisons hold
/// in any layout.
inline bool onlyComparedForEquality(const llvm::Value &V, unsigned Depth = 0) {
  using namespace llvm;
  if (Depth > 8)
    return false;
  return all_of(V.uses(), [&](const Use &U) {
    const User *Usr = U.getUser();
    if (const auto *Cmp = dyn_cast<ICmpInst>(Usr))
      return Cmp->isEquality();
    if ((isa<InsertElementInst>(Usr) && U.getOperandNo() == 0) ||
        isa<ShuffleVectorInst>(Usr))
      return onlyComparedForEquality(*Usr, Depth + 1);
    return false;
  });
}

template <class Derived> class PointerUseWalker {
public:
  void walk(const llvm::Value *Root) { walk(llvm::ArrayRef(Root)); }
  /// Walks from several roots at once: values that all point where the
  /// first does (the loads of one pointer variable).
  void walk(llvm::ArrayRef<const llvm::Value *> Roots) {
    for (const llvm::Value *Root : Roots)
      push(Root);
    while (!Worklist.empty()) {
      const llvm::Value *V = Worklist.pop_back_val();
      for (const llvm::Use &U : V->uses())
        visitUse(U);
    }
  }

protected:
  /// Follows \p V's uses too (once).
  void push(const llvm::Value *V) {
    if (Visited.insert(V).second)
      Worklist.push_back(V);
  }
  /// The use being visited: its value is the pointer the derived walker's
  /// callbacks are about.
  const llvm::Use &currentUse() const { return *Current; }
  /// Whether the walk has reached \p V (derived from the root), so far.
  bool reached(const llvm::Value *V) const { return Visited.contains(V); }

private:
  Derived &derived() { return static_cast<Derived &>(*this); }
  void visitUse(const llvm::Use &U);

  llvm::SmallVector<const llvm::Value *, 16> Worklist;
  llvm::SmallPtrSet<const llvm::Value *, 16> Visited;
  const llvm::Use *Current = nullptr;
};

template <class Derived>
void PointerUseWalker<Derived>::visitUse(const llvm::Use &U) {
  using namespace llvm;
  const User *Usr = U.getUser();
  const auto *I = dyn_cast<Instruction>(Usr);
  Current = &U;
  if (isSanitizerUse(U))
    return;

  if (isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr) ||
      isa<AddrSpaceCastOperator>(Usr) || isa<PHINode>(Usr) ||
      isa<SelectInst>(Usr) || isa<GlobalAlias>(Usr)) {
    if (isa<SelectInst>(Usr) && U.getOperandNo() == 0)
      return; // The condition, not an address.
    push(Usr);
    return;
  }
  if (isa<PtrToIntOperator>(Usr)) {
    // An instruction or a constant expression: what becomes of the number.
    for (const AddressIntegerUse &A : followAddressInteger(*Usr)) {
      switch (A.What) {
      case AddressIntegerUse::Escape:
        derived().escape("address " + A.Reason, A.At);
        break;
      case AddressIntegerUse::Distance:
        derived().distance(A.At);
        break;
      case AddressIntegerUse::Order:
        derived().order(A.At);
        break;
      }
    }
    return;
  }
  if (const auto *C = dyn_cast<Constant>(Usr)) {
    derived().visitConstant(*C);
    return;
  }
  if (!I) {
    derived().escape("used by a non-instruction", nullptr);
    return;
  }

  if (isa<LoadInst>(I)) {
    derived().record(AccessKind::Load, I);
    return;
  }
  if (const auto *SI = dyn_cast<StoreInst>(I)) {
    if (SI->getPointerOperand() == U.get() && U.getOperandNo() == 1)
      derived().record(SI->isAtomic() ? AccessKind::AtomicStore
                                      : AccessKind::Store,
                       I);
    else
      derived().stored(*SI);
    return;
  }
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
    if (U.getOperandNo() == RMW->getPointerOperandIndex())
      derived().record(AccessKind::AtomicRMW, I);
    else
      derived().escape("address stored by atomicrmw", I);
    return;
  }
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
    if (U.getOperandNo() == CX->getPointerOperandIndex())
      derived().record(AccessKind::CmpXchg, I);
    else
      derived().escape("address stored by cmpxchg", I);
    return;
  }
  if (const auto *Cmp = dyn_cast<ICmpInst>(I)) {
    // Comparing addresses reads nothing. Equality holds in any layout;
    // order, only where the places keep theirs.
    if (comparesOrder(Cmp->getPredicate(),
                      *Cmp->getOperand(1 - U.getOperandNo())))
      derived().order(I);
    return;
  }
  if (const auto *CB = dyn_cast<CallBase>(I)) {
    derived().visitCall(*CB, U);
    return;
  }
  if (isa<ReturnInst>(I)) {
    // A function that only ever runs by calls of the program (a lock
    // allocator returning &table[i]) hands the address to its callers: the
    // calls' results are the address too. An internal function's direct
    // callers are all here; other callers (of another module, an indirect
    // call) only the solver knows: derived().returned() asks it.
    // Only the calls whose constant arguments allow a path returning it
    // (a lock allocator's static kinds).
    const Function *F = I->getFunction();
    std::optional<ArgumentValues> When =
        returnCondition(*cast<ReturnInst>(I),
                        [this](const Value *V) { return reached(V); });
    if (!F->hasLocalLinkage() || !onlyCalledDirectly(*F)) {
      derived().returned(*F, When);
      return;
    }
    for (const Use &FU : F->uses())
      if (callAllows(constantArguments(*cast<CallBase>(FU.getUser())), When))
        push(FU.getUser());
    return;
  }
  if (isa<InsertElementInst>(I) && U.getOperandNo() == 1 &&
      onlyComparedForEquality(*I))
    return;
  derived().escape(Twine("address used by ") + I->getOpcodeName(), I);
}

} // namespace cacheline

#endif // CACHELINE_LAYOUT_POINTERUSEWALKER_H
