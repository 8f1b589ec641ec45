//===- Instrument.cpp - Count every access to every global ---------------===//
//
// The hot path the pass emits for one counted access (one "site": one
// instruction on one global) is
//
//   %c = load ptr, ptr @__cacheline_prof_counters   ; thread-local
//   if (%c == null) %c = call @__cacheline_prof_register()   ; once a thread
//   %c[site] += 1
//
// The thread-local pointer points at the current phase's half of the
// thread's own block, so no shared cache line is written and no phase test
// is needed. An access through a pointer that may point elsewhere (a
// callee's parameter, a phi) counts only when the address is inside the
// global.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Instrument.h"
#include "cacheline/CachelineLayout.h"
#include "cacheline/KnownFunctions.h"
#include "cacheline/SummaryBuilder.h"

#include "WriteProfileRuntime.inc"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-layout"

namespace {

/// The names runtime/WriteProfile.c defines for the instrumentation.
constexpr const char *CountersName = "__cacheline_prof_counters";
constexpr const char *RegisterName = "__cacheline_prof_register";
constexpr const char *CreateBeginName = "__cacheline_prof_thread_create_begin";
constexpr const char *CreateEndName = "__cacheline_prof_thread_create_end";
constexpr const char *DescriptorName = "__cacheline_prof_module_desc";

/// Bits of __cacheline_prof_site::flags.
enum SiteFlags : uint32_t { SiteWrites = 1, SiteSynchronizes = 2 };

/// One counted access: \p Global's entry in the descriptor and the access.
struct Site {
  unsigned Global;
  const GlobalVariable *GV;
  AccessKind Kind;
  Instruction *Inst;
};

/// The addresses through which \p A reaches memory: a load's or store's
/// pointer, a memory intrinsic's destination (or source, for its read), a
/// call's pointer arguments.
SmallVector<Value *, 2> accessAddresses(AccessKind Kind, Instruction *I) {
  if (Value *P = getLoadStorePointerOperand(I))
    return {P};
  if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
    return {RMW->getPointerOperand()};
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
    return {CX->getPointerOperand()};
  if (auto *MT = dyn_cast<AnyMemTransferInst>(I))
    if (Kind == AccessKind::Load)
      return {MT->getRawSource()};
  if (auto *MI = dyn_cast<AnyMemIntrinsic>(I))
    return {MI->getRawDest()};
  SmallVector<Value *, 2> Pointers;
  for (Value *Arg : cast<CallBase>(I)->args())
    if (Arg->getType()->isPointerTy())
      Pointers.push_back(Arg);
  return Pointers;
}

class Instrumenter {
public:
  Instrumenter(Module &M) : M(M), Ctx(M.getContext()), DL(M.getDataLayout()) {}

  Expected<InstrumentStats> run(const CachelineClassification &Result);

private:
  void collect(const CachelineClassification &Result);
  Error linkRuntime();
  void emitDescriptor();
  void countSite(unsigned Slot, const Site &S);
  /// counters[Slot] += 1 before \p Before.
  void emitIncrement(Instruction *Before, unsigned Slot);
  void markThreadCreation(CallBase &CB);
  Constant *string(StringRef S);

  Module &M;
  LLVMContext &Ctx;
  const DataLayout &DL;

  /// Every defined, writable global: its descriptor entry.
  struct GlobalEntry {
    const GlobalVariable *GV;
    /// Why not every access is counted (the address escapes), if so.
    std::string InPart;
  };
  std::vector<GlobalEntry> Globals;
  std::vector<Site> Sites;
  std::vector<CallBase *> ThreadCreations;

  GlobalVariable *Counters = nullptr;
  Function *Register = nullptr, *CreateBegin = nullptr, *CreateEnd = nullptr;
  StringMap<Constant *> Strings;
};

void Instrumenter::collect(const CachelineClassification &Result) {
  InstructionIndex Instructions(M, Result.Symbols);
  for (const ClassifiedGlobal &G : Result.Globals) {
    const GlobalVariable &GV = *G.GV;
    if (GV.isDeclaration() || GV.isConstant() || GV.isThreadLocal() ||
        !GV.getValueType()->isSized())
      continue;
    // The accesses the facts see are counted all the same: lower bounds,
    // which can show the global written often, never read-mostly.
    std::string InPart =
        !G.Facts.EscapeReason.empty()
            ? "address escapes: " + G.Facts.EscapeReason
        : G.Facts.InUsedList ? "named in llvm.used: code the compiler does "
                               "not see may access it"
                             : "";
    unsigned Index = Globals.size();
    Globals.push_back({&GV, InPart});
    for (size_t I = 0; I < G.Facts.Writes.size(); ++I)
      if (Instruction *At = Instructions.find(G.WriteAt[I].Module,
                                              G.WriteAt[I].At))
        Sites.push_back({Index, &GV, G.Facts.Writes[I].Kind, At});
    for (size_t I = 0; I < G.Facts.Reads.size(); ++I)
      if (Instruction *At =
              Instructions.find(G.ReadAt[I].Module, G.ReadAt[I].At))
        Sites.push_back({Index, &GV, G.Facts.Reads[I].Kind, At});
  }
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction())
          if (std::optional<KnownFunction> K = lookupKnownFunction(*Callee);
              K && K->CreatesThread)
            ThreadCreations.push_back(CB);
}

Error Instrumenter::linkRuntime() {
  StringRef Bitcode(reinterpret_cast<const char *>(CachelineProfileRuntimeBitcode),
                    sizeof(CachelineProfileRuntimeBitcode));
  Expected<std::unique_ptr<Module>> RT =
      parseBitcodeFile(MemoryBufferRef(Bitcode, "WriteProfile.bc"), Ctx);
  if (!RT)
    return RT.takeError();
  (*RT)->setTargetTriple(M.getTargetTriple());
  (*RT)->setDataLayout(M.getDataLayout());
  std::vector<std::string> Defined;
  for (GlobalValue &GV : (*RT)->global_values())
    if (!GV.isDeclaration() && !GV.getName().starts_with("llvm."))
      Defined.push_back(GV.getName().str());
  if (Linker::linkModules(M, std::move(*RT)))
    return createStringError(inconvertibleErrorCode(),
                             "instrument mode: cannot link the profile runtime");
  // The runtime is the module's own: nothing of it is exported, and two
  // instrumented modules (a program and its library) never clash.
  Defined.push_back(DescriptorName);
  for (const std::string &Name : Defined)
    if (GlobalValue *GV = M.getNamedValue(Name)) {
      GV->setLinkage(GlobalValue::InternalLinkage);
      GV->setVisibility(GlobalValue::DefaultVisibility);
    }
  Counters = M.getNamedGlobal(CountersName);
  Register = M.getFunction(RegisterName);
  CreateBegin = M.getFunction(CreateBeginName);
  CreateEnd = M.getFunction(CreateEndName);
  if (!Counters || !Register || !CreateBegin || !CreateEnd)
    return createStringError(inconvertibleErrorCode(),
                             "instrument mode: the profile runtime lacks its "
                             "entry points");
  return Error::success();
}

Constant *Instrumenter::string(StringRef S) {
  Constant *&C = Strings[S];
  if (!C) {
    Constant *Init = ConstantDataArray::getString(Ctx, S);
    auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Init,
                                  "__cacheline_prof_str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    C = GV;
  }
  return C;
}

std::string locationOf(const Instruction &I) {
  const DebugLoc &Loc = I.getDebugLoc();
  if (!Loc)
    return "";
  return (Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
}

/// The descriptor runtime/WriteProfile.c reads: struct
/// __cacheline_prof_module and its arrays, field for field.
void Instrumenter::emitDescriptor() {
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  auto *GlobalTy = StructType::get(Ctx, {Ptr, Ptr, I64, Ptr});
  auto *SiteTy = StructType::get(Ctx, {I32, I32, Ptr, Ptr, Ptr});
  auto *ModuleTy = StructType::get(Ctx, {I32, I32, I32, Ptr, Ptr, Ptr});

  std::vector<Constant *> GlobalInits;
  for (const GlobalEntry &G : Globals)
    GlobalInits.push_back(ConstantStruct::get(
        GlobalTy,
        {string(G.GV->getName()), string(definitionFingerprint(*G.GV)),
         ConstantInt::get(I64, DL.getTypeAllocSize(G.GV->getValueType())),
         G.InPart.empty() ? ConstantPointerNull::get(Ptr)
                          : string(G.InPart)}));
  std::vector<Constant *> SiteInits;
  for (const Site &S : Sites) {
    uint32_t Flags = 0;
    if (isWrite(S.Kind))
      Flags |= SiteWrites;
    if (isSynchronization(S.Kind))
      Flags |= SiteSynchronizes;
    SiteInits.push_back(ConstantStruct::get(
        SiteTy, {ConstantInt::get(I32, S.Global), ConstantInt::get(I32, Flags),
                 string(accessKindName(S.Kind)),
                 string(S.Inst->getFunction()->getName()),
                 string(locationOf(*S.Inst))}));
  }
  auto Array = [&](Type *ElemTy, ArrayRef<Constant *> Elems, StringRef Name) {
    auto *Ty = ArrayType::get(ElemTy, Elems.size());
    return new GlobalVariable(M, Ty, /*isConstant=*/true,
                              GlobalValue::PrivateLinkage,
                              ConstantArray::get(Ty, Elems), Name);
  };
  Constant *Init = ConstantStruct::get(
      ModuleTy, {ConstantInt::get(I32, WriteProfileVersion),
                 ConstantInt::get(I32, Globals.size()),
                 ConstantInt::get(I32, Sites.size()),
                 string(M.getTargetTriple()),
                 Array(GlobalTy, GlobalInits, "__cacheline_prof_globals"),
                 Array(SiteTy, SiteInits, "__cacheline_prof_sites")});
  new GlobalVariable(M, ModuleTy, /*isConstant=*/true,
                     GlobalValue::ExternalLinkage, Init, DescriptorName);
}

void Instrumenter::emitIncrement(Instruction *Before, unsigned Slot) {
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  IRBuilder<> B(Before);
  Value *Addr = B.CreateThreadLocalAddress(Counters);
  LoadInst *Loaded = B.CreateLoad(Ptr, Addr, "clprof.counters");
  BasicBlock *Head = Loaded->getParent();
  // A thread's first access registers its block.
  Instruction *ThenTerm = SplitBlockAndInsertIfThen(
      B.CreateIsNull(Loaded), Before, /*Unreachable=*/false,
      // LLVM 19's createUnlikelyBranchWeights(), which LLVM 16 lacks.
      MDBuilder(Ctx).createBranchWeights(1, (1U << 20) - 1));
  IRBuilder<> TB(ThenTerm);
  Value *Registered = TB.CreateCall(Register);
  BasicBlock *Tail = Before->getParent();
  B.SetInsertPoint(Tail, Tail->begin());
  PHINode *Block = B.CreatePHI(Ptr, 2, "clprof.block");
  Block->addIncoming(Loaded, Head);
  Block->addIncoming(Registered, ThenTerm->getParent());
  B.SetInsertPoint(Before);
  Value *Slot64 = B.CreateConstInBoundsGEP1_64(I64, Block, Slot);
  Value *Old = B.CreateLoad(I64, Slot64);
  B.CreateStore(B.CreateAdd(Old, ConstantInt::get(I64, 1)), Slot64);
}

void Instrumenter::countSite(unsigned Slot, const Site &S) {
  Instruction *I = S.Inst;
  SmallVector<Value *, 2> Addresses = accessAddresses(S.Kind, I);
  // Certainly this global: count unconditionally.
  if (any_of(Addresses, [&](Value *P) {
        return getUnderlyingObject(P, /*MaxLookup=*/0) == S.GV;
      })) {
    emitIncrement(I, Slot);
    return;
  }
  // Maybe this global: count when an address falls inside it.
  IRBuilder<> B(I);
  Type *IntPtr = DL.getIntPtrType(Ctx);
  Value *Base = B.CreatePtrToInt(const_cast<GlobalVariable *>(S.GV), IntPtr);
  Value *Size = ConstantInt::get(
      IntPtr, DL.getTypeAllocSize(S.GV->getValueType()).getFixedValue());
  Value *Inside = nullptr;
  for (Value *P : Addresses) {
    Value *Offset = B.CreateSub(B.CreatePtrToInt(P, IntPtr), Base);
    Value *In = B.CreateICmpULT(Offset, Size);
    Inside = Inside ? B.CreateOr(Inside, In) : In;
  }
  if (!Inside)
    return;
  Instruction *ThenTerm =
      SplitBlockAndInsertIfThen(Inside, I, /*Unreachable=*/false);
  emitIncrement(ThenTerm, Slot);
}

void Instrumenter::markThreadCreation(CallBase &CB) {
  IRBuilder<> B(&CB);
  B.CreateCall(CreateBegin);
  Type *I32 = Type::getInt32Ty(Ctx);
  // pthread_create and thrd_create return 0 on success; std::thread's
  // start throws instead of returning a failure.
  auto *Call = dyn_cast<CallInst>(&CB);
  if (!Call || !CB.getType()->isIntegerTy()) {
    B.CreateCall(CreateEnd, ConstantInt::get(I32, 1));
    return;
  }
  B.SetInsertPoint(Call->getNextNode());
  Value *Ok = B.CreateZExt(
      B.CreateICmpEQ(Call, ConstantInt::get(Call->getType(), 0)), I32);
  B.CreateCall(CreateEnd, Ok);
}

Expected<InstrumentStats>
Instrumenter::run(const CachelineClassification &Result) {
  Triple Target(M.getTargetTriple()), Runtime(CachelineProfileRuntimeTriple);
  if (Target.getArch() != Runtime.getArch() || Target.getOS() != Runtime.getOS())
    return createStringError(
        inconvertibleErrorCode(),
        "instrument mode: the profile runtime was built for %s, this module "
        "is for %s",
        static_cast<const char *>(CachelineProfileRuntimeTriple),
        M.getTargetTriple().c_str());
  collect(Result);
  // The descriptor first: linking resolves the runtime's reference to it.
  emitDescriptor();
  if (Error E = linkRuntime())
    return std::move(E);
  for (auto [Slot, S] : enumerate(Sites))
    countSite(Slot, S);
  for (CallBase *CB : ThreadCreations)
    markThreadCreation(*CB);

  InstrumentStats Stats;
  Stats.Globals = Globals.size();
  Stats.InPart =
      count_if(Globals, [](const GlobalEntry &G) { return !G.InPart.empty(); });
  Stats.Sites = Sites.size();
  Stats.ThreadCreations = ThreadCreations.size();
  return Stats;
}

} // namespace

Expected<InstrumentStats>
cacheline::instrumentForWriteProfile(Module &M,
                                     const CachelineClassification &Result) {
  return Instrumenter(M).run(Result);
}
