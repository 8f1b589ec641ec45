//===- FunctionSummary.cpp - The summary of one function -----------------===//
//
// The walk over one function: its summary (its blocks' loop phases and
// successors, each call site with what it calls, in which loop and how
// often, the walks of call results and pointer parameters, the pointer
// flow), and every use of its address (addressFacts()).
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/FunctionFields.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/PointerFlow.h"
#include "SummaryBuilderInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace cacheline;
using namespace cacheline::summary;

void summary::addressFacts(const Function &F, Positions &Pos,
                           InitializerFields &Fields,
                           std::vector<AddressUseSummary> &Out) {
  auto Add = [&](AddressUse Use) {
    AddressUseSummary A;
    A.Function = F.getName().str();
    A.Use = Use;
    Out.push_back(std::move(A));
    return &Out.back();
  };
  auto OwnerUse = [&](AddressUse Use, const GlobalVariable &Owner) {
    AddressUseSummary *A = Add(Use);
    A->Owner = Owner.getName().str();
    A->OwnerLocal = Owner.hasLocalLinkage();
  };

  SmallVector<const Use *, 8> Worklist;
  SmallPtrSet<const Value *, 8> SeenValues;
  for (const Use &U : F.uses())
    Worklist.push_back(&U);
  while (!Worklist.empty()) {
    const Use &U = *Worklist.pop_back_val();
    const User *Usr = U.getUser();
    if (const auto *CB = dyn_cast<CallBase>(Usr)) {
      const Function *Callee = calledFunction(*CB);
      if (CB->isCallee(&U)) {
        if (Callee != &F) // Called through a select or phi.
          Add(AddressUse::Taken);
        continue; // A direct call: a call site of its caller.
      }
      if (!CB->isArgOperand(&U) || CB->isInlineAsm()) {
        Add(AddressUse::Escaped);
        continue;
      }
      if (!Callee) {
        AddressUseSummary *A = Add(AddressUse::PassedToIndirectCall);
        A->Caller = CB->getFunction()->getName().str();
        A->Site = Pos.callSiteIndex(*CB);
        continue;
      }
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      CallbackKind K = Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&U))
                             : CallbackKind::None;
      AddressUseSummary *A = Add(AddressUse::PassedToCall);
      A->Callee = Callee->getName().str();
      A->Arg = CB->getArgOperandNo(&U);
      A->Fallback = addressUseOf(K, Known.has_value());
      continue;
    }
    // The same address under another name: a cast, or one of the values a
    // select or phi chooses from.
    const auto *CE = dyn_cast<ConstantExpr>(Usr);
    if ((CE && CE->isCast()) || isa<PHINode>(Usr) ||
        (isa<SelectInst>(Usr) && U.getOperandNo() != 0)) {
      if (SeenValues.insert(Usr).second)
        for (const Use &CU : Usr->uses())
          Worklist.push_back(&CU);
      continue;
    }
    if (const auto *C = dyn_cast<Constant>(Usr)) {
      for (const GlobalVariable *Owner : initializerOwners(*C)) {
        StringRef Name = Owner->getName();
        if (Name == "llvm.global_ctors")
          Add(AddressUse::Ctor);
        else if (Name == "llvm.global_dtors")
          Add(AddressUse::AtExit);
        else if (Name == "llvm.used" || Name == "llvm.compiler.used")
          Add(AddressUse::Escaped);
        else {
          OwnerUse(AddressUse::InInitializer, *Owner);
          if (std::optional<std::vector<std::string>> In =
                  Fields.fieldsOf(*Owner, F))
            Out.back().Fields = std::move(*In);
        }
      }
      continue;
    }
    if (const auto *SI = dyn_cast<StoreInst>(Usr);
        SI && SI->getValueOperand() == U.get()) {
      const Value *Dest = getUnderlyingObject(SI->getPointerOperand());
      const auto *DestGV = dyn_cast<GlobalVariable>(Dest);
      // libstdc++'s std::call_once hands its callable over through these
      // two thread-locals before calling pthread_once.
      if (DestGV && (DestGV->getName() == "_ZSt11__once_call" ||
                     DestGV->getName() == "_ZSt15__once_callable"))
        Add(AddressUse::RunOnce);
      else if (DestGV)
        OwnerUse(AddressUse::StoredTo, *DestGV);
      else
        Add(AddressUse::Taken); // The program's own memory (leakFacts).
      if (std::string Field = accessedField(*SI); !Field.empty())
        Out.back().Fields = {Field};
      continue;
    }
    // Compared, or called: its callers are indirect calls.
    Add(AddressUse::Taken);
  }
}

namespace {

/// The names of the objects \p V may be based on (through selects, phis
/// and offsets), when all are a \p T; empty otherwise.
template <class T> std::vector<std::string> underlyingNames(const Value *V) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(V, Objects);
  std::vector<std::string> Names;
  for (const Value *O : Objects) {
    if (!isa<T>(O))
      return {};
    if (!is_contained(Names, O->getName()))
      Names.push_back(O->getName().str());
  }
  return Names;
}

/// The globals an indirect call's pointer may be loaded from, when it is
/// loaded from globals only: the tables an indirect call takes its target
/// from.
std::vector<std::string> loadedFrom(const Value *Callee) {
  const auto *LI = dyn_cast<LoadInst>(Callee->stripPointerCasts());
  return LI ? underlyingNames<GlobalVariable>(LI->getPointerOperand())
            : std::vector<std::string>();
}

/// The functions an indirect call's pointer is chosen among, when it is a
/// select or phi of function addresses only.
std::vector<std::string> chosenCallees(const Value *Callee) {
  if (isa<Function>(Callee->stripPointerCasts()))
    return {};
  return underlyingNames<Function>(Callee);
}

/// Adds to \p Out the calls whose results \p V is (through pointer casts,
/// phis and selects; null counts as none), by index in \p FI's call sites;
/// false if it may be something else.
bool resultOfCalls(const Value *V, const Positions::FunctionInfo &FI,
                   std::vector<int> &Out) {
  SmallVector<const Value *, 4> Worklist{V};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *U = Worklist.pop_back_val()->stripPointerCasts();
    if (!Seen.insert(U).second || isa<ConstantPointerNull>(U))
      continue;
    if (const auto *Phi = dyn_cast<PHINode>(U)) {
      append_range(Worklist, Phi->incoming_values());
    } else if (const auto *Sel = dyn_cast<SelectInst>(U)) {
      Worklist.push_back(Sel->getTrueValue());
      Worklist.push_back(Sel->getFalseValue());
    } else if (auto It = FI.CallSite.find(dyn_cast<CallBase>(U));
               It != FI.CallSite.end() && !cast<CallBase>(U)->isInlineAsm()) {
      if (!is_contained(Out, It->second))
        Out.push_back(It->second);
    } else {
      return false;
    }
  }
  llvm::sort(Out);
  return true;
}

} // namespace

FunctionSummary summary::functionSummary(Function &F, Positions &Pos,
                                         bool IsMain) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  FunctionSummary S;
  S.Name = F.getName().str();
  S.Type = Pos.typeName(F.getFunctionType());
  S.Local = F.hasLocalLinkage();
  S.Interposable = F.isInterposable();
  S.ThreadTrampoline = isLibraryThreadTrampoline(F.getName());
  S.OnceBody = isCallOnceBody(F.getName());
  S.NumArgs = F.arg_size();
  Positions::FunctionInfo &FI = Pos.info(F);
  S.Instructions = FI.NumInstructions;
  ArrayRef<Positions::CallPlace> Calls = FI.Calls;
  LoopInfo &LI = *FI.Loops;
  // The CFG of code that may start threads (by its calls), for start-up,
  // which runs into main and the functions only start-up calls up to their
  // first thread creation; and of code with loops, for its loop phases.
  bool KeepCFG = IsMain || !Calls.empty();
  std::vector<bool> InLoop(FI.NumBlocks);
  for (const Loop *L : LI)
    for (const BasicBlock *BB : L->blocks())
      InLoop[FI.Block.lookup(BB)] = true;
  markLoopPhases(FI.Successors, InLoop, S);
  if (KeepCFG)
    S.Successors = std::move(FI.Successors);
  FI.Successors = {};
  DominatorTree &DT = Pos.FAM.getResult<DominatorTreeAnalysis>(F);
  S.Calls.reserve(Calls.size());
  for (const Positions::CallPlace &Place : Calls) {
    auto *CB = const_cast<CallBase *>(Place.Call);
    CallSiteSummary Site;
    const Positions::BlockPlace &At =
        Pos.blockPlace(FI, *CB->getParent(), Place.Block);
    Site.Block = Place.Block;
    Site.Index = Place.Index;
    Site.Loop = At.Loop;
    Site.NoReturn = CB->doesNotReturn();
    Site.Frequency = At.Frequency;
    Site.LoopFrequency = At.LoopFrequency;
    if (At.OnceFlag)
      Site.OnceFlag = *At.OnceFlag;
    // A blocking call makes its own loop a waiting loop, and every
    // enclosing loop whose latches it dominates (sleep_for inlines as a
    // loop retrying nanosleep); an inner loop that waits only sometimes
    // (while the queue is empty) does not make the work around it rare.
    const BasicBlock *BB = CB->getParent();
    for (const Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop()) {
      SmallVector<BasicBlock *, 4> Latches;
      L->getLoopLatches(Latches);
      if (LI.getLoopFor(BB) == L || all_of(Latches, [&](BasicBlock *Latch) {
            return DT.dominates(BB, Latch);
          }))
        Site.WaitingLoops.push_back(FI.LoopId.lookup(L));
    }
    const Function *Callee = calledFunction(*CB);
    if (CB->isInlineAsm()) {
      Site.Kind = CallKind::InlineAsm; // No calls hidden in it are followed.
    } else if (!Callee) {
      Site.Kind = CallKind::Indirect;
      Site.CallType = Pos.typeName(CB->getFunctionType());
      Site.LoadedFrom = loadedFrom(CB->getCalledOperand());
      Site.ChosenCallees = chosenCallees(CB->getCalledOperand());
      Site.Field = calleeField(CB->getCalledOperand());
      if (!resultOfCalls(CB->getCalledOperand(), FI, Site.CalleeFromCalls))
        Site.CalleeFromCalls.clear();
    } else {
      Site.Kind = CallKind::Direct;
      Site.Callee = Callee->getName().str();
      // Used when no module has the callee's body.
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      for (const Use &Arg : CB->args()) {
        auto *Fn = dyn_cast<Function>(Arg.get()->stripPointerCasts());
        if (!Fn)
          continue;
        recordCallbackArgument(
            Site, Known.has_value(),
            Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&Arg))
                  : CallbackKind::None,
            Fn->getName().str());
      }
      if (Known)
        recordKnownCallee(Site, *Known);
      if (std::optional<AllocationShape> A = allocationShape(*CB)) {
        Site.AllocElementSize = A->ElementSize;
        Site.AllocCount = A->Count;
      }
    }
    // For what the callee returns (ReturnedPointer::When), where a body
    // may be found.
    if (CB->getType()->isPtrOrPtrVectorTy() &&
        (!Callee || !Callee->isDeclaration()))
      Site.ConstantArgs = constantArguments(*CB);
    S.Calls.push_back(std::move(Site));
  }
  if (F.getReturnType()->isPointerTy()) {
    for (const BasicBlock &BB : F)
      if (const auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
          Ret && !resultOfCalls(Ret->getReturnValue(), FI, S.ReturnedCalls)) {
        S.ReturnedCalls.clear();
        break;
      }
  }
  // What callers do with the pointers that calls return, where the callee
  // may return a global's address without the walk seeing the call: a
  // function of another module, an indirect call, an internal function
  // whose address is taken.
  for (auto [Site, Place] : enumerate(Calls)) {
    const CallBase &CB = *Place.Call;
    if (!CB.getType()->isPtrOrPtrVectorTy() || CB.use_empty() ||
        CB.isInlineAsm())
      continue;
    if (const Function *Callee = calledFunction(CB))
      if ((Callee->hasLocalLinkage() && Pos.onlyCalledDirectly(*Callee)) ||
          lookupKnownFunction(*Callee))
        continue;
    SummaryWalker W(Pos, DL);
    W.walk(&CB);
    S.CallResults.push_back({int(Site), std::move(W.Uses)});
  }
  buildPointerFlow(
      F, [&Pos](const CallBase &CB) { return Pos.callSiteIndex(CB); }, S);
  // Accesses through each pointer parameter, for calls from other modules.
  for (Argument &A : F.args()) {
    if (!A.getType()->isPtrOrPtrVectorTy() || A.use_empty())
      continue;
    SummaryWalker W(Pos, DL);
    W.walk(&A);
    S.Params[A.getArgNo()] = std::move(W.Uses);
  }
  return S;
}
