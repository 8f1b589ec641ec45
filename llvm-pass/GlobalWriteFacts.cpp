//===- GlobalWriteFacts.cpp - Who reads and writes each global -----------===//

#include "GlobalWriteFacts.h"
#include "PointerUseWalker.h"
#include "KnownFunctions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;

const char *cacheline::accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::AtomicStore:
    return "atomic store";
  case AccessKind::AtomicRMW:
    return "atomicrmw";
  case AccessKind::CmpXchg:
    return "cmpxchg";
  case AccessKind::MemIntrinsic:
    return "memory intrinsic";
  case AccessKind::LockCall:
    return "lock call";
  case AccessKind::CallWrite:
    return "call that writes";
  case AccessKind::CallRead:
    return "call that reads";
  case AccessKind::OnceWrite:
    return "run-once control";
  }
  llvm_unreachable("bad AccessKind");
}

std::optional<AccessKind> cacheline::parseAccessKind(StringRef Name) {
  for (AccessKind K :
       {AccessKind::Load, AccessKind::Store, AccessKind::AtomicStore,
        AccessKind::AtomicRMW, AccessKind::CmpXchg, AccessKind::MemIntrinsic,
        AccessKind::LockCall, AccessKind::CallWrite, AccessKind::CallRead,
        AccessKind::OnceWrite})
    if (Name == accessKindName(K))
      return K;
  return std::nullopt;
}

const Function *Access::function() const { return Inst->getFunction(); }

namespace {

/// Follows every pointer derived from one global and records its accesses.
class PointerWalker : public PointerUseWalker<PointerWalker> {
public:
  explicit PointerWalker(GlobalFacts &Facts) : Facts(Facts) {}

private:
  friend class PointerUseWalker<PointerWalker>;

  void record(AccessKind Kind, const Instruction *I) {
    Access A;
    A.Kind = Kind;
    A.Inst = I;
    (A.isWrite() ? Facts.Writes : Facts.Reads).push_back(A);
  }

  void escape(const Twine &Reason, const Instruction *At) {
    if (Facts.escapes())
      return; // The first reason is enough.
    Facts.EscapeReason = Reason.str();
    if (At)
      Facts.EscapeReason += " in " + At->getFunction()->getName().str();
    Facts.EscapeAt = At;
  }

  void visitCall(const CallBase &CB, const Use &U);
  void visitConstant(const Constant &C);
  bool followLookupTable(const GlobalVariable &Table);

  GlobalFacts &Facts;
};

void PointerWalker::visitCall(const CallBase &CB, const Use &U) {
  if (CB.isCallee(&U)) {
    escape("address called as a function", &CB);
    return;
  }
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
  const auto *Callee =
      dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());

  // A body we can see: follow the parameter into it.
  if (Callee && !Callee->isDeclaration() && !Callee->isInterposable()) {
    if (ArgNo < Callee->arg_size() &&
        Callee->getFunctionType() == CB.getFunctionType())
      push(Callee->getArg(ArgNo));
    else
      escape("address passed as a variadic argument of " + Callee->getName(),
             &CB);
    return;
  }

  if (Callee) {
    if (std::optional<KnownFunction> Known = lookupKnownFunction(*Callee)) {
      switch (Known->effectOn(ArgNo)) {
      case ArgEffect::None:
        return;
      case ArgEffect::Read:
        record(AccessKind::CallRead, &CB);
        return;
      case ArgEffect::Write:
        record(AccessKind::CallWrite, &CB);
        return;
      case ArgEffect::WriteOnce:
        record(AccessKind::OnceWrite, &CB);
        return;
      case ArgEffect::Lock:
        record(AccessKind::LockCall, &CB);
        return;
      case ArgEffect::Escape:
        escape("address passed to " + Callee->getName(), &CB);
        return;
      }
    }
  }

  // An unknown function: its parameter attributes say what it may do.
  if (CB.doesNotCapture(ArgNo)) {
    if (CB.doesNotAccessMemory(ArgNo))
      return;
    record(CB.onlyReadsMemory(ArgNo) ? AccessKind::CallRead
                                     : AccessKind::CallWrite,
           &CB);
    return;
  }
  if (Callee)
    escape("address passed to unknown function " + Callee->getName(), &CB);
  else
    escape("address passed to an indirect call", &CB);
}

void PointerWalker::visitConstant(const Constant &C) {
  // An address inside another global's initializer.
  SmallVector<const Constant *, 8> Worklist{&C};
  SmallPtrSet<const Constant *, 8> Seen;
  while (!Worklist.empty()) {
    const Constant *Cur = Worklist.pop_back_val();
    if (!Seen.insert(Cur).second)
      continue;
    if (const auto *GV = dyn_cast<GlobalVariable>(Cur)) {
      StringRef Name = GV->getName();
      if (Name == "llvm.used" || Name == "llvm.compiler.used")
        Facts.InUsedList = true;
      else if (!followLookupTable(*GV))
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

bool PointerWalker::followLookupTable(const GlobalVariable &Table) {
  SmallVector<const Value *, 8> Loads;
  if (!lookupTableLoads(Table, Loads))
    return false;
  for (const Value *L : Loads)
    push(L);
  return true;
}

void addContext(Access &A, const ThreadContext &TC, BFIGetter GetBFI,
                bool WantFrequencies) {
  Function &F = const_cast<Function &>(*A.function());
  A.StartUp = TC.isStartUp(*A.Inst) || TC.onceFlag(*A.Inst);
  A.Loop = TC.loopKind(*A.Inst);
  A.HotFunction = TC.isHot(F);
  A.ThreadEntryFunction = TC.isThreadEntry(F);
  // Block frequencies feed only the report and, with profile data, the
  // hot-write test; BFI (with branch probabilities and post-dominators) for
  // every function touching a global is a large part of the pass's cost.
  if (!WantFrequencies && !F.getEntryCount())
    return;
  BlockFrequencyInfo &BFI = GetBFI(F);
  const BasicBlock *BB = A.Inst->getParent();
  // (The entry block's frequency is BFI's entry frequency, whose type
  // differs between LLVM releases.)
  A.Frequency = double(BFI.getBlockFreq(BB).getFrequency()) /
                double(BFI.getBlockFreq(&F.getEntryBlock()).getFrequency());
  if (F.getEntryCount())
    A.ProfileCount = BFI.getBlockProfileCount(BB);
}

} // namespace

std::vector<GlobalFacts> cacheline::collectGlobalFacts(Module &M,
                                                       const ThreadContext &TC,
                                                       BFIGetter GetBFI,
                                                       bool WantFrequencies) {
  std::vector<GlobalFacts> Result;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue; // Intrinsic globals: llvm.used, llvm.global_ctors, ...
    GlobalFacts Facts{&GV, {}, {}, {}, nullptr, false};
    // Constants and thread-locals cannot share a line with other threads'
    // writes; their accesses are not worth gathering.
    if (!GV.isDeclaration() && !GV.isConstant() && !GV.isThreadLocal()) {
      PointerWalker(Facts).walk(&GV);
      for (Access &A : Facts.Writes)
        addContext(A, TC, GetBFI, WantFrequencies);
      for (Access &A : Facts.Reads)
        addContext(A, TC, GetBFI, WantFrequencies);
    }
    Result.push_back(std::move(Facts));
  }
  return Result;
}

bool cacheline::lookupTableLoads(const GlobalVariable &Table,
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
