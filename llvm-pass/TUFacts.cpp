//===- TUFacts.cpp - Per-translation-unit write facts --------------------===//
//
// The walks below mirror GlobalWriteFacts.cpp (PointerWalker) and
// ThreadContext.cpp (scanFunctionAddresses, collectCallSites,
// contentsLeakOut, isWaitingLoop) rule for rule. Where those consult
// another function's body or linkage, which another TU may hold, this file
// records the question instead of answering it; Merge.cpp answers it with
// the whole program in view. Keep the three in step.
//
//===----------------------------------------------------------------------===//

#include "TUFacts.h"
#include "GlobalWriteFacts.h"
#include "KnownFunctions.h"
#include "LLVMCompat.h"
#include "PointerUseWalker.h"
#include "ThreadContext.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;

std::string cacheline::definitionFingerprint(const GlobalVariable &GV) {
  std::string S;
  raw_string_ostream OS(S);
  GV.getValueType()->print(OS);
  OS << " = ";
  if (GV.hasInitializer())
    GV.getInitializer()->print(OS);
  return utohexstr(compat::hash64(S), /*LowerCase=*/true, /*Width=*/16);
}

namespace {

std::string typeString(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// Positions, loops and frequencies of the module's instructions.
class Positions {
public:
  explicit Positions(FunctionAnalysisManager &FAM) : FAM(FAM) {}

  struct FunctionInfo {
    DenseMap<const BasicBlock *, unsigned> Block;
    DenseMap<const Instruction *, unsigned> Index;
    DenseMap<const Loop *, int> LoopId;
  };

  FunctionInfo &info(const Function &CF) {
    auto [It, New] = Infos.try_emplace(&CF);
    if (!New)
      return It->second;
    Function &F = const_cast<Function &>(CF);
    FunctionInfo &FI = It->second;
    unsigned B = 0;
    for (const BasicBlock &BB : F) {
      FI.Block[&BB] = B++;
      unsigned I = 0;
      for (const Instruction &Inst : BB)
        FI.Index[&Inst] = I++;
    }
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    int Id = 0;
    for (const Loop *L : LI.getLoopsInPreorder())
      FI.LoopId[L] = Id++;
    return FI;
  }

  int loopId(const Instruction &I) {
    FunctionInfo &FI = info(*I.getFunction());
    LoopInfo &LI =
        FAM.getResult<LoopAnalysis>(const_cast<Function &>(*I.getFunction()));
    const Loop *L = LI.getLoopFor(I.getParent());
    return L ? FI.LoopId.lookup(L) : -1;
  }

  /// "f", "b", "i", "l", "q" (frequency), "p" (profile count), "c"
  /// (direct callee) of the instruction.
  void describe(json::Object &O, const Instruction &I) {
    Function &F = const_cast<Function &>(*I.getFunction());
    FunctionInfo &FI = info(F);
    O["f"] = F.getName();
    O["b"] = int64_t(FI.Block.lookup(I.getParent()));
    O["i"] = int64_t(FI.Index.lookup(&I));
    O["l"] = int64_t(loopId(I));
    BlockFrequencyInfo &BFI = FAM.getResult<BlockFrequencyAnalysis>(F);
    O["q"] = double(BFI.getBlockFreq(I.getParent()).getFrequency()) /
             double(BFI.getBlockFreq(&F.getEntryBlock()).getFrequency());
    if (F.getEntryCount())
      if (std::optional<uint64_t> C = BFI.getBlockProfileCount(I.getParent()))
        O["p"] = int64_t(*C);
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction())
        O["c"] = Callee->getName();
  }

  FunctionAnalysisManager &FAM;

private:
  DenseMap<const Function *, FunctionInfo> Infos;
};

/// PointerWalker (GlobalWriteFacts.cpp) for one root: a global or a
/// parameter. A call handing the pointer to a named function is recorded,
/// not followed: its body may be in another TU.
class SummaryWalker : public PointerUseWalker<SummaryWalker> {
public:
  SummaryWalker(Positions &Pos) : Pos(Pos) {}

  json::Array Accesses, Calls;
  std::string Escape;
  bool InUsedList = false;

private:
  friend class PointerUseWalker<SummaryWalker>;

  void record(AccessKind Kind, const Instruction *I) {
    json::Object O{{"k", accessKindName(Kind)}};
    Pos.describe(O, *I);
    Accesses.push_back(std::move(O));
  }

  void escape(const Twine &Reason, const Instruction *At) {
    if (!Escape.empty())
      return;
    Escape = Reason.str();
    if (At)
      Escape += " in " + At->getFunction()->getName().str();
  }

  void visitCall(const CallBase &CB, const Use &U);
  void visitConstant(const Constant &C);

  Positions &Pos;
};

void SummaryWalker::visitCall(const CallBase &CB, const Use &U) {
  if (CB.isCallee(&U)) {
    escape("address called as a function", &CB);
    return;
  }
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB)) {
    if (const auto *MI = dyn_cast<AnyMemIntrinsic>(II)) {
      if (MI->getRawDest() == U.get() && U.getOperandNo() == 0)
        record(AccessKind::MemIntrinsic, &CB);
      else
        record(AccessKind::Load, &CB);
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

  // What the call does if no TU has the callee's body: known library
  // function, else parameter attributes.
  json::Object Call;
  auto Fallback = [&](StringRef What) {
    Call["fb"] = What;
    Call["callee"] = Callee->getName();
    Call["arg"] = int64_t(ArgNo);
    Call["fty"] = typeString(CB.getFunctionType());
    Pos.describe(Call, CB);
    Calls.push_back(std::move(Call));
  };

  if (Callee && !Callee->isDeclaration() && !Callee->isInterposable()) {
    // The body is here: the merge follows the parameter (or finds it is
    // variadic); it never needs a fallback.
    Fallback("body");
    return;
  }
  if (Callee) {
    if (std::optional<KnownFunction> Known = lookupKnownFunction(*Callee)) {
      switch (Known->effectOn(ArgNo)) {
      case ArgEffect::None:
        return Fallback("none");
      case ArgEffect::Read:
        return Fallback(accessKindName(AccessKind::CallRead));
      case ArgEffect::Write:
        return Fallback(accessKindName(AccessKind::CallWrite));
      case ArgEffect::WriteOnce:
        return Fallback(accessKindName(AccessKind::OnceWrite));
      case ArgEffect::Lock:
        return Fallback(accessKindName(AccessKind::LockCall));
      case ArgEffect::Escape:
        Call["esc"] = ("address passed to " + Callee->getName() + " in " +
                       CB.getFunction()->getName())
                          .str();
        return Fallback("escape");
      }
    }
  }
  if (CB.doesNotCapture(ArgNo)) {
    if (CB.doesNotAccessMemory(ArgNo)) {
      if (Callee)
        Fallback("none");
      return;
    }
    AccessKind K =
        CB.onlyReadsMemory(ArgNo) ? AccessKind::CallRead : AccessKind::CallWrite;
    if (Callee)
      Fallback(accessKindName(K));
    else
      record(K, &CB);
    return;
  }
  if (Callee) {
    Call["esc"] = ("address passed to unknown function " + Callee->getName() +
                   " in " + CB.getFunction()->getName())
                      .str();
    Fallback("escape");
  } else {
    escape("address passed to an indirect call", &CB);
  }
}

void SummaryWalker::visitConstant(const Constant &C) {
  SmallVector<const Constant *, 8> WL{&C};
  SmallPtrSet<const Constant *, 8> Seen;
  while (!WL.empty()) {
    const Constant *Cur = WL.pop_back_val();
    if (!Seen.insert(Cur).second)
      continue;
    if (const auto *GV = dyn_cast<GlobalVariable>(Cur)) {
      StringRef Name = GV->getName();
      SmallVector<const Value *, 8> Loads;
      if (Name == "llvm.used" || Name == "llvm.compiler.used")
        InUsedList = true;
      else if (lookupTableLoads(*GV, Loads))
        for (const Value *L : Loads)
          push(L); // As GlobalWriteFacts does.
      else
        escape("address stored in the initializer of " + Name, nullptr);
      continue;
    }
    for (const User *U : Cur->users())
      if (const auto *CU = dyn_cast<Constant>(U))
        WL.push_back(CU);
      else
        push(Cur);
  }
}

const Function *calledFunction(const CallBase &CB) {
  return dyn_cast<Function>(CB.getCalledOperand()->stripPointerCasts());
}

void collectInitializerOwners(const Constant *C,
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

/// contentsLeakOut (ThreadContext.cpp) without the linkage test and with
/// calls to functions whose body is not here left to the merge: sets
/// "leak" and "leakc" (callee names) on \p O.
void leakFacts(const GlobalVariable &GV, json::Object &O) {
  json::Array Callees;
  O["leak"] = contentsMayLeak(
      GV, [&](const CallBase &CB, const Function *Callee, const Use &U) {
        if (!Callee || !CB.isArgOperand(&U))
          return false;
        Callees.push_back(Callee->getName());
        return true;
      });
  if (!Callees.empty())
    O["leakc"] = std::move(Callees);
}

/// One record per use of \p F's address (scanFunctionAddresses).
void addressFacts(const Function &F, json::Array &Out) {
  auto Add = [&](StringRef Use, json::Object Extra = {}) {
    Extra["fn"] = F.getName();
    Extra["u"] = Use;
    Out.push_back(std::move(Extra));
  };
  auto Category = [](CallbackKind K, bool Known) -> StringRef {
    switch (K) {
    case CallbackKind::ThreadEntry:
      return "entry";
    case CallbackKind::RunOnce:
      return "once";
    case CallbackKind::AtExit:
      return "atexit";
    case CallbackKind::Synchronous:
      return "none";
    case CallbackKind::Async:
      return "escaped";
    case CallbackKind::Timer:
      return "timer";
    case CallbackKind::None:
      break;
    }
    return Known ? "taken" : "escaped";
  };
  auto OwnerUse = [&](StringRef Use, const GlobalVariable &Owner) {
    Add(Use, json::Object{{"owner", Owner.getName()},
                          {"owner_local", Owner.hasLocalLinkage()}});
  };

  SmallVector<const Use *, 8> Worklist;
  SmallPtrSet<const Value *, 8> SeenCasts;
  for (const Use &U : F.uses())
    Worklist.push_back(&U);
  while (!Worklist.empty()) {
    const Use &U = *Worklist.pop_back_val();
    const User *Usr = U.getUser();
    if (const auto *CB = dyn_cast<CallBase>(Usr)) {
      if (CB->isCallee(&U))
        continue;
      const Function *Callee = calledFunction(*CB);
      if (!Callee || !CB->isArgOperand(&U)) {
        Add("escaped");
        continue;
      }
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      CallbackKind K = Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&U))
                             : CallbackKind::None;
      // "taken" if some TU has the callee's body, else the fallback.
      Add("arg", json::Object{{"callee", Callee->getName()},
                              {"fb", Category(K, Known.has_value())}});
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
          Add("ctor");
        else if (Name == "llvm.global_dtors")
          Add("atexit");
        else if (Name == "llvm.used" || Name == "llvm.compiler.used")
          Add("escaped");
        else
          OwnerUse("init", *Owner); // escaped if its contents leak out
      }
      continue;
    }
    if (const auto *SI = dyn_cast<StoreInst>(Usr);
        SI && SI->getValueOperand() == U.get()) {
      const Value *Dest = getUnderlyingObject(SI->getPointerOperand());
      const auto *DestGV = dyn_cast<GlobalVariable>(Dest);
      if (DestGV && (DestGV->getName() == "_ZSt11__once_call" ||
                     DestGV->getName() == "_ZSt15__once_callable"))
        Add("once");
      else if (DestGV)
        OwnerUse("store", *DestGV);
      else if (isa<AllocaInst>(Dest))
        Add("taken");
      else
        Add("escaped");
      continue;
    }
    Add("taken");
  }
}

json::Object functionFacts(Function &F, Positions &Pos, bool IsMain) {
  FunctionAnalysisManager &FAM = Pos.FAM;
  json::Object O{{"name", F.getName()},
                 {"local", F.hasLocalLinkage()},
                 {"interposable", F.isInterposable()},
                 {"fty", typeString(F.getFunctionType())},
                 {"nargs", int64_t(F.arg_size())}};
  if (isLibraryThreadTrampoline(F))
    O["trampoline"] = true;
  if (isCallOnceBody(F))
    O["once_body"] = true;
  Positions::FunctionInfo &FI = Pos.info(F);
  if (IsMain) {
    json::Array Succ;
    for (BasicBlock &BB : F) {
      json::Array S;
      for (const BasicBlock *SB : successors(&BB))
        S.push_back(int64_t(FI.Block.lookup(SB)));
      Succ.push_back(std::move(S));
    }
    O["succ"] = std::move(Succ);
  }
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  json::Array Sites;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<IntrinsicInst>(CB))
      continue;
    json::Object S{{"b", int64_t(FI.Block.lookup(CB->getParent()))},
                   {"i", int64_t(FI.Index.lookup(CB))},
                   {"l", int64_t(Pos.loopId(*CB))}};
    // The loops this call makes waiting loops if it blocks
    // (ThreadContext::isWaitingLoop): its own loop, and every enclosing
    // loop whose latches it dominates.
    json::Array WL;
    const BasicBlock *BB = CB->getParent();
    for (const Loop *L = LI.getLoopFor(BB); L; L = L->getParentLoop()) {
      SmallVector<BasicBlock *, 4> Latches;
      L->getLoopLatches(Latches);
      if (LI.getLoopFor(BB) == L || all_of(Latches, [&](BasicBlock *Latch) {
            return DT.dominates(BB, Latch);
          }))
        WL.push_back(int64_t(FI.LoopId.lookup(L)));
    }
    if (!WL.empty())
      S["wl"] = std::move(WL);
    const Function *Callee = calledFunction(*CB);
    if (CB->isInlineAsm()) {
      S["t"] = "asm";
    } else if (!Callee) {
      S["t"] = "indirect";
      S["fty"] = typeString(CB->getFunctionType());
    } else {
      S["t"] = "direct";
      S["callee"] = Callee->getName();
      // Used when no TU has the callee's body.
      std::optional<KnownFunction> Known = lookupKnownFunction(*Callee);
      json::Array Sync, Unknown;
      for (const Use &Arg : CB->args()) {
        auto *Fn = dyn_cast<Function>(Arg.get()->stripPointerCasts());
        if (!Fn)
          continue;
        CallbackKind Kind =
            Known ? Known->callbackIn(*CB, CB->getArgOperandNo(&Arg))
                  : CallbackKind::None;
        if (Kind == CallbackKind::Synchronous)
          Sync.push_back(Fn->getName());
        else if (!Known || isDeferredCallback(Kind))
          Unknown.push_back(Fn->getName());
      }
      if (!Sync.empty())
        S["sync"] = std::move(Sync);
      if (!Unknown.empty())
        S["cb"] = std::move(Unknown);
      if (Known) {
        S["known"] = true;
        if (Known->CreatesThread)
          S["creates"] = true;
        if (Known->Waits)
          S["waits"] = true;
      }
    }
    Sites.push_back(std::move(S));
  }
  O["sites"] = std::move(Sites);
  // Accesses through each pointer parameter, for calls from other TUs.
  json::Array Params;
  for (Argument &A : F.args()) {
    if (!A.getType()->isPtrOrPtrVectorTy() || A.use_empty())
      continue;
    SummaryWalker W(Pos);
    W.walk(&A);
    json::Object P{{"arg", int64_t(A.getArgNo())}};
    if (!W.Accesses.empty())
      P["acc"] = std::move(W.Accesses);
    if (!W.Calls.empty())
      P["calls"] = std::move(W.Calls);
    if (!W.Escape.empty())
      P["esc"] = W.Escape;
    Params.push_back(std::move(P));
  }
  if (!Params.empty())
    O["params"] = std::move(Params);
  return O;
}

json::Object globalFacts(GlobalVariable &GV, Positions &Pos) {
  const DataLayout &DL = GV.getParent()->getDataLayout();
  json::Object O{{"name", GV.getName()},
                 {"local", GV.hasLocalLinkage()},
                 {"def", !GV.isDeclaration()}};
  auto Flag = [&](StringRef Key, bool V) {
    if (V)
      O[Key] = true;
  };
  Flag("const", GV.isConstant());
  Flag("tls", GV.isThreadLocal());
  Flag("isec", GV.hasImplicitSection());
  Flag("sec", GV.hasSection());
  Flag("extinit", GV.isExternallyInitialized());
  bool Unsized = !GV.getValueType()->isSized() ||
                 DL.getTypeAllocSize(GV.getValueType()).isScalable();
  Flag("unsized", Unsized);
  if (!Unsized)
    O["size"] = int64_t(DL.getTypeAllocSize(GV.getValueType()).getFixedValue());
  for (const GlobalAlias &GA : GV.getParent()->aliases())
    if (GA.getAliaseeObject() == &GV && !GA.hasLocalLinkage()) {
      O["alias"] = GA.getName();
      break;
    }
  if (!GV.isDeclaration())
    O["fp"] = definitionFingerprint(GV);
  if (!GV.isConstant() && !GV.isThreadLocal()) {
    SummaryWalker W(Pos);
    W.walk(&GV);
    Flag("used", W.InUsedList);
    if (!W.Accesses.empty())
      O["acc"] = std::move(W.Accesses);
    if (!W.Calls.empty())
      O["calls"] = std::move(W.Calls);
    if (!W.Escape.empty())
      O["esc"] = W.Escape;
  }
  leakFacts(GV, O);
  return O;
}

} // namespace

void cacheline::writeTUFacts(raw_ostream &OS, Module &M,
                             FunctionAnalysisManager &FAM) {
  Positions Pos(FAM);
  Function *Main = M.getFunction("main");
  if (Main && (Main->isDeclaration() || Main->hasLocalLinkage()))
    Main = nullptr;
  // One record per line: header, globals, functions, address uses.
  OS << "{\"format\":\"cacheline-facts\",\"version\":" << FactsFormatVersion
     << ",\n\"module\":" << json::Value(M.getModuleIdentifier())
     << ",\n\"source\":" << json::Value(M.getSourceFileName())
     << ",\n\"target\":" << json::Value(M.getTargetTriple())
     << ",\n\"globals\":[";
  bool First = true;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue;
    OS << (First ? "\n" : ",\n") << json::Value(globalFacts(GV, Pos));
    First = false;
  }
  OS << "],\n\"functions\":[";
  First = true;
  json::Array Addr;
  for (Function &F : M) {
    if (F.isIntrinsic())
      continue;
    addressFacts(F, Addr);
    if (F.isDeclaration())
      continue;
    OS << (First ? "\n" : ",\n")
       << json::Value(functionFacts(F, Pos, &F == Main));
    First = false;
  }
  OS << "],\n\"addr\":[";
  First = true;
  for (json::Value &V : Addr) {
    OS << (First ? "\n" : ",\n") << V;
    First = false;
  }
  OS << "]}\n";
}

Error cacheline::writeTUFactsToDir(StringRef Dir, Module &M,
                                   FunctionAnalysisManager &FAM) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create facts directory '%s': %s",
                             Dir.str().c_str(), EC.message().c_str());
  std::string Name =
      utohexstr(compat::hash64(M.getModuleIdentifier()), true, 16) + ".facts.json";
  SmallString<256> Final(Dir);
  sys::path::append(Final, Name);
  SmallString<256> Model(Final);
  Model += ".%%%%%%.tmp";
  int FD;
  SmallString<256> Temp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return createStringError(EC, "cannot write facts in '%s': %s",
                             Dir.str().c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    writeTUFacts(OS, M, FAM);
    OS.close();
    if (OS.has_error()) {
      sys::fs::remove(Temp);
      return createStringError(OS.error(), "cannot write '%s': %s",
                               Temp.c_str(), OS.error().message().c_str());
    }
  }
  if (std::error_code EC = sys::fs::rename(Temp, Final)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "cannot write '%s': %s", Final.c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}
