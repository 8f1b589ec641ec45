//===- ThreadContext.cpp - Which code runs when, on which threads --------===//

#include "ThreadContext.h"
#include "KnownFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;

const char *cacheline::loopKindName(LoopKind K) {
  switch (K) {
  case LoopKind::None:
    return "none";
  case LoopKind::Busy:
    return "busy";
  case LoopKind::Waiting:
    return "waiting";
  }
  llvm_unreachable("bad LoopKind");
}

static const Function *calledFunction(const CallBase &CB) {
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

/// The global variables whose initializer holds constant \p C, found by
/// walking up through constant expressions and aggregates.
static void collectInitializerOwners(const Constant *C,
                                     SmallPtrSetImpl<const GlobalVariable *> &Out,
                                     SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  for (const User *U : C->users()) {
    if (const auto *GV = dyn_cast<GlobalVariable>(U))
      Out.insert(GV);
    else if (const auto *CU = dyn_cast<Constant>(U))
      collectInitializerOwners(CU, Out, Seen);
  }
}

/// True when code we cannot see may read a pointer out of \p GV: its
/// address is passed to a call, stored, returned or put in an initializer.
/// A function whose address sits in such memory may be called by anyone.
static bool contentsLeakOut(const GlobalVariable &GV) {
  return !GV.hasLocalLinkage() ||
         contentsMayLeak(GV, [](const CallBase &, const Function *,
                                const Use &) { return false; });
}

bool cacheline::contentsMayLeak(
    const GlobalVariable &GV,
    function_ref<bool(const CallBase &, const Function *, const Use &)>
        OutsideCall) {
  SmallVector<const Value *, 8> Worklist{&GV};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if (isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr) ||
          isa<AddrSpaceCastOperator>(Usr) || isa<PHINode>(Usr) ||
          isa<SelectInst>(Usr)) {
        Worklist.push_back(Usr);
        continue;
      }
      if (isa<LoadInst>(Usr) || isa<ICmpInst>(Usr))
        continue;
      if (const auto *SI = dyn_cast<StoreInst>(Usr);
          SI && SI->getPointerOperand() == U.get())
        continue;
      if (const auto *CB = dyn_cast<CallBase>(Usr)) {
        const Function *Callee = calledFunction(*CB);
        // Into the module's own code: its loads are indirect calls we see.
        if (Callee && (Callee->isIntrinsic() ||
                       (!Callee->isDeclaration() && !Callee->isInterposable())))
          continue;
        if (OutsideCall(*CB, Callee, U))
          continue;
      }
      return true;
    }
  }
  return false;
}

ThreadContext::ThreadContext(Module &M, FunctionAnalysisManager &FAM)
    : FAM(FAM), Once(M, FAM) {
  Main = M.getFunction("main");
  if (Main && (Main->isDeclaration() || Main->hasLocalLinkage()))
    Main = nullptr;
  scanFunctionAddresses(M);
  collectCallSites(M);
  computeTransitiveFlags();
  computeMainBeforeThreads();
  computeStartUpOnly();
  computeHot();

  HasThreads = !ThreadEntries.empty() || !Escaped.empty();
  if (!Main)
    HasThreads |= any_of(M, [](const Function &F) {
      return !F.isDeclaration() && !F.hasLocalLinkage();
    });
}

void ThreadContext::scanFunctionAddresses(Module &M) {
  auto AddEntry = [&](const Function &F) {
    if (ThreadEntries.insert(&F).second)
      ThreadEntryList.push_back(&F);
  };

  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (isLibraryThreadTrampoline(F))
      AddEntry(F);
    if (isCallOnceBody(F))
      RunOnceRoots.insert(&F);

    SmallVector<const Use *, 8> Worklist;
    SmallPtrSet<const Value *, 8> SeenCasts;
    for (const Use &U : F.uses())
      Worklist.push_back(&U);
    while (!Worklist.empty()) {
      const Use &U = *Worklist.pop_back_val();
      const User *Usr = U.getUser();
      if (const auto *CB = dyn_cast<CallBase>(Usr)) {
        if (CB->isCallee(&U))
          continue; // A direct call: see collectCallSites.
        const Function *Callee = calledFunction(*CB);
        if (!Callee || !CB->isArgOperand(&U)) {
          Escaped.insert(&F);
          continue;
        }
        if (!Callee->isDeclaration() && !Callee->isInterposable()) {
          // Handed to code we can see: it is called, if at all, through
          // an indirect call of the module.
          AddressTaken.insert(&F);
          continue;
        }
        std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
        switch (Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&U))
                      : CallbackKind::None) {
        case CallbackKind::ThreadEntry:
          AddEntry(F);
          break;
        case CallbackKind::RunOnce:
          RunOnceRoots.insert(&F);
          break;
        case CallbackKind::AtExit:
          AtExitRoots.insert(&F);
          break;
        case CallbackKind::Synchronous:
          break; // An edge from this call: see collectCallSites.
        case CallbackKind::Async:
          Escaped.insert(&F);
          break;
        case CallbackKind::Timer:
          TimerCallbacks.insert(&F);
          break;
        case CallbackKind::None:
          if (Known)
            AddressTaken.insert(&F);
          else
            Escaped.insert(&F); // Unknown code may call it on any thread.
          break;
        }
        continue;
      }
      if (const auto *CE = dyn_cast<ConstantExpr>(Usr);
          CE && CE->isCast() && SeenCasts.insert(CE).second) {
        for (const Use &CU : CE->uses())
          Worklist.push_back(&CU);
        continue;
      }
      if (const auto *C = dyn_cast<Constant>(Usr)) {
        SmallPtrSet<const GlobalVariable *, 4> Owners;
        SmallPtrSet<const Constant *, 8> Seen;
        if (const auto *GV = dyn_cast<GlobalVariable>(C))
          Owners.insert(GV);
        else
          collectInitializerOwners(C, Owners, Seen);
        for (const GlobalVariable *Owner : Owners) {
          StringRef Name = Owner->getName();
          if (Name == "llvm.global_ctors")
            CtorRoots.insert(&F);
          else if (Name == "llvm.global_dtors")
            AtExitRoots.insert(&F);
          else if (Name == "llvm.used" || Name == "llvm.compiler.used" ||
                   contentsLeakOut(*Owner))
            Escaped.insert(&F); // Reachable from outside.
          else
            AddressTaken.insert(&F); // A table of the module's own.
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
                       DestGV->getName() == "_ZSt15__once_callable")) {
          RunOnceRoots.insert(&F);
          continue;
        }
        // Memory of the module's own: called, if at all, by the module's
        // indirect calls. Anywhere else, code we cannot see may call it.
        if ((DestGV && !contentsLeakOut(*DestGV)) || isa<AllocaInst>(Dest))
          AddressTaken.insert(&F);
        else
          Escaped.insert(&F);
        continue;
      }
      // Compared, selected, cast: its callers are the module's indirect
      // calls of a matching type.
      AddressTaken.insert(&F);
    }
  }
}

void ThreadContext::collectCallSites(Module &M) {
  // Indirect calls may reach any function whose address is taken and whose
  // type matches the call's.
  DenseMap<FunctionType *, SmallVector<Function *, 4>> IndirectTargets;
  for (Function &F : M)
    if (!F.isDeclaration() &&
        (AddressTaken.contains(&F) || Escaped.contains(&F) ||
         TimerCallbacks.contains(&F) || RunOnceRoots.contains(&F) ||
         AtExitRoots.contains(&F) || ThreadEntries.contains(&F)))
      IndirectTargets[F.getFunctionType()].push_back(&F);

  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    std::vector<CallSite> &Sites = CallSites[&F];
    for (Instruction &I : instructions(F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || isa<IntrinsicInst>(CB))
        continue;
      CallSite CS{CB, {}};
      const Function *Callee = calledFunction(*CB);
      if (CB->isInlineAsm()) {
        // No calls hidden in inline assembly are followed.
      } else if (!Callee) {
        auto It = IndirectTargets.find(CB->getFunctionType());
        if (It != IndirectTargets.end())
          CS.Targets.append(It->second.begin(), It->second.end());
      } else if (!Callee->isDeclaration()) {
        CS.Targets.push_back(const_cast<Function *>(Callee));
      } else {
        std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
        for (const Use &Arg : CB->args()) {
          auto *Fn = dyn_cast<Function>(Arg.get()->stripPointerCasts());
          if (!Fn || Fn->isDeclaration())
            continue;
          CallbackKind Kind =
              Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&Arg))
                    : CallbackKind::None;
          if (Kind == CallbackKind::Synchronous)
            CS.Targets.push_back(Fn);
          else if (!Known || isDeferredCallback(Kind))
            CS.StartsThreads = true; // Unknown code got a callback.
        }
        if (Known) {
          CS.StartsThreads |= Known->CreatesThread;
          CS.Waits = Known->Waits;
        }
      }
      Sites.push_back(std::move(CS));
    }
  }
  for (auto &Entry : CallSites)
    for (const CallSite &CS : Entry.second)
      for (Function *T : CS.Targets)
        Callers[T].push_back(&CS);
}

void ThreadContext::computeTransitiveFlags() {
  // A call starts threads (or waits) if some function it may reach does.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto &Entry : CallSites) {
      const Function *F = Entry.first;
      for (CallSite &CS : Entry.second) {
        for (Function *T : CS.Targets) {
          if (!CS.StartsThreads && MayStartThreads.contains(T))
            CS.StartsThreads = Changed = true;
          if (!CS.Waits && MayWait.contains(T))
            CS.Waits = Changed = true;
        }
        if (CS.StartsThreads && MayStartThreads.insert(F).second)
          Changed = true;
        if (CS.Waits && MayWait.insert(F).second)
          Changed = true;
      }
    }
  }
}

void ThreadContext::computeMainBeforeThreads() {
  if (!Main)
    return;
  // Every block reachable from a thread-creating call runs after threads
  // may exist; so does the rest of that call's own block.
  SmallVector<const BasicBlock *, 16> Worklist;
  DenseSet<const BasicBlock *> After;
  for (const CallSite &CS : CallSites[Main]) {
    if (!CS.StartsThreads)
      continue;
    const BasicBlock *BB = CS.Call->getParent();
    auto [It, New] = MainFirstCreation.try_emplace(BB, CS.Call);
    if (!New && CS.Call->comesBefore(It->second))
      It->second = CS.Call;
    append_range(Worklist, successors(BB));
  }
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (After.insert(BB).second)
      append_range(Worklist, successors(BB));
  }
  for (const BasicBlock &BB : *Main)
    if (!After.contains(&BB))
      MainPreThreadBlocks.insert(&BB);
}

bool ThreadContext::isInMainBeforeThreads(const Instruction &I) const {
  const BasicBlock *BB = I.getParent();
  if (I.getFunction() != Main || !MainPreThreadBlocks.contains(BB))
    return false;
  auto It = MainFirstCreation.find(BB);
  return It == MainFirstCreation.end() || !It->second->comesBefore(&I);
}

const std::string *ThreadContext::onceFlag(const Instruction &I) const {
  const std::string *Flag = Once.flagOf(*I.getParent());
  if (!Flag)
    return nullptr;
  // Other threads may run while a once region does: a loop in it repeats
  // its writes unless it is a short counted loop (a table fill).
  Function &F = const_cast<Function &>(*I.getFunction());
  const Loop *L = FAM.getResult<LoopAnalysis>(F).getLoopFor(I.getParent());
  if (!L)
    return Flag;
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  for (; L; L = L->getParentLoop()) {
    unsigned MaxTrips = SE.getSmallConstantMaxTripCount(L);
    if (MaxTrips == 0 || MaxTrips > MaxOnceRegionTrips)
      return nullptr;
  }
  return Flag;
}

bool ThreadContext::isStartUp(const Instruction &I) const {
  return StartUpOnly.contains(I.getFunction()) || isInMainBeforeThreads(I);
}

void ThreadContext::computeStartUpOnly() {
  // Greatest fixed point: assume every candidate is start-up code, then
  // drop those with a call site outside start-up code until none changes.
  auto IsRoot = [&](const Function *F) {
    return CtorRoots.contains(F) || RunOnceRoots.contains(F);
  };
  for (auto &Entry : CallSites) {
    const Function *F = Entry.first;
    // Code that starts threads is not start-up code after that point;
    // only main is split at its first creation.
    bool Candidate = F != Main && F->hasLocalLinkage() &&
                     !Escaped.contains(F) && !TimerCallbacks.contains(F) &&
                     !ThreadEntries.contains(F) && !AtExitRoots.contains(F) &&
                     !MayStartThreads.contains(F);
    bool HasCallers = Callers.count(F) && !Callers.find(F)->second.empty();
    // A function whose address is taken but that no call of the module
    // reaches is called by code we cannot see.
    if ((IsRoot(F) && !MayStartThreads.contains(F)) ||
        (Candidate && HasCallers))
      StartUpOnly.insert(F);
  }
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Function *F : SmallVector<const Function *, 0>(
             StartUpOnly.begin(), StartUpOnly.end())) {
      auto It = Callers.find(F);
      if (It == Callers.end())
        continue;
      if (all_of(It->second,
                 [&](const CallSite *CS) { return isStartUp(*CS->Call); }))
        continue;
      StartUpOnly.erase(F);
      Changed = true;
    }
  }
}

bool ThreadContext::isWaitingLoop(const Loop &L) const {
  auto [It, New] = WaitingLoopCache.try_emplace(&L, false);
  if (!New)
    return It->second;
  const Function *F = L.getHeader()->getParent();
  auto Sites = CallSites.find(F);
  if (Sites == CallSites.end())
    return false;
  Function &Fn = const_cast<Function &>(*F);
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(Fn);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(Fn);
  SmallVector<BasicBlock *, 4> Latches;
  L.getLoopLatches(Latches);
  // A blocking call in the loop's own blocks, or in an inner loop on every
  // path round it (sleep_for inlines as a loop retrying nanosleep). An
  // inner loop that waits only sometimes (while the queue is empty) does not
  // make the work done around it rare.
  bool Waits = any_of(Sites->second, [&](const CallSite &CS) {
    const BasicBlock *BB = CS.Call->getParent();
    if (!CS.Waits || !L.contains(BB))
      return false;
    return LI.getLoopFor(BB) == &L || all_of(Latches, [&](BasicBlock *Latch) {
             return DT.dominates(BB, Latch);
           });
  });
  WaitingLoopCache[&L] = Waits;
  return Waits;
}

LoopKind ThreadContext::loopKind(const Instruction &I) const {
  LoopInfo &LI =
      FAM.getResult<LoopAnalysis>(const_cast<Function &>(*I.getFunction()));
  const Loop *L = LI.getLoopFor(I.getParent());
  if (!L)
    return LoopKind::None;
  return isWaitingLoop(*L) ? LoopKind::Waiting : LoopKind::Busy;
}

void ThreadContext::computeHot() {
  SmallVector<const Function *, 16> Worklist;
  auto MarkHot = [&](const Function *F) {
    if (!StartUpOnly.contains(F) && Hot.insert(F).second)
      Worklist.push_back(F);
  };
  for (const Function *F : ThreadEntries)
    MarkHot(F);
  for (const Function *F : Escaped)
    MarkHot(F);
  if (!Main)
    for (auto &Entry : CallSites)
      if (!Entry.first->hasLocalLinkage())
        MarkHot(Entry.first);
  // Loop kinds need LoopInfo, the costly part: ask only when a target could
  // still become hot.
  auto AllSettled = [&](const CallSite &CS) {
    return all_of(CS.Targets, [&](const Function *T) {
      return Hot.contains(T) || StartUpOnly.contains(T);
    });
  };
  // Whatever a busy loop of run-time code calls runs repeatedly.
  for (auto &Entry : CallSites)
    for (const CallSite &CS : Entry.second)
      if (!AllSettled(CS) && !isStartUp(*CS.Call) &&
          loopKind(*CS.Call) == LoopKind::Busy)
        for (const Function *T : CS.Targets)
          MarkHot(T);
  // And so does whatever a hot function calls outside a waiting loop; a
  // function with no blocking call has no waiting loop.
  while (!Worklist.empty()) {
    const Function *F = Worklist.pop_back_val();
    for (const CallSite &CS : CallSites[F])
      if (!AllSettled(CS) &&
          (!MayWait.contains(F) || loopKind(*CS.Call) != LoopKind::Waiting))
        for (const Function *T : CS.Targets)
          MarkHot(T);
  }
}

const char *ThreadContext::describe(const Function &F) const {
  if (ThreadEntries.contains(&F))
    return "thread entry";
  if (CtorRoots.contains(&F) && StartUpOnly.contains(&F))
    return "global constructor";
  if (RunOnceRoots.contains(&F) && StartUpOnly.contains(&F))
    return "run-once routine";
  if (StartUpOnly.contains(&F))
    return "called only at start-up";
  if (Escaped.contains(&F))
    return "callback of unknown code";
  if (TimerCallbacks.contains(&F) && !Hot.contains(&F))
    return "timer callback";
  if (Hot.contains(&F))
    return "called repeatedly while threads run";
  if (AtExitRoots.contains(&F))
    return "exit handler";
  if (&F == Main)
    return "main";
  return "called at run time";
}

std::vector<const Function *> ThreadContext::startUpFunctions() const {
  std::vector<const Function *> Result(StartUpOnly.begin(), StartUpOnly.end());
  sort(Result, [](const Function *A, const Function *B) {
    return A->getName() < B->getName();
  });
  return Result;
}

void ThreadContext::print(raw_ostream &OS) const {
  OS << "threads: " << (HasThreads ? "yes" : "no") << "\n";
  std::vector<const Function *> All;
  for (auto &Entry : CallSites)
    All.push_back(Entry.first);
  sort(All, [](const Function *A, const Function *B) {
    return A->getName() < B->getName();
  });
  for (const Function *F : All)
    OS << "function " << F->getName() << ": " << describe(*F) << "\n";
}
