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
// An allocation site is counted as a global is: every access the solver
// attributes to it, and the allocating call itself. Its objects' addresses
// are known only at run time: an access whose address is the call's result
// or a load of a pointer variable that holds only that result counts
// always; one through a pointer that may point elsewhere counts when it is
// inside the site's latest object, whose start and size the call records.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Transforms/Instrument.h"
#include "cacheline/Files/WriteProfileABI.h"
#include "cacheline/Pipeline/Classification.h"
#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Support/LLVMCompat.h"

#include "WriteProfileRuntime.inc"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IRBuilder.h"
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
constexpr const char *CountersName =
    CACHELINE_PROF_NAME(CACHELINE_PROF_COUNTERS);
constexpr const char *RegisterName =
    CACHELINE_PROF_NAME(CACHELINE_PROF_REGISTER);
constexpr const char *CreateBeginName =
    CACHELINE_PROF_NAME(CACHELINE_PROF_CREATE_BEGIN);
constexpr const char *CreateEndName =
    CACHELINE_PROF_NAME(CACHELINE_PROF_CREATE_END);
constexpr const char *DescriptorName =
    CACHELINE_PROF_NAME(CACHELINE_PROF_DESCRIPTOR);

/// Bits of __cacheline_prof_site::flags.
enum SiteFlags : uint32_t {
  SiteWrites = CACHELINE_PROF_SITE_WRITES,
  SiteSynchronizes = CACHELINE_PROF_SITE_SYNC,
  SiteAllocates = CACHELINE_PROF_SITE_ALLOCATES
};

/// The IR type of a field of WriteProfileABI.h's structs.
Type *fieldType(LLVMContext &Ctx, StringRef Kind) {
  if (Kind == "u32")
    return Type::getInt32Ty(Ctx);
  if (Kind == "u64" || Kind == "i64")
    return Type::getInt64Ty(Ctx);
  return PointerType::getUnqual(Ctx); // str, globals, sites
}

#define CACHELINE_PROF_IR_FIELD(Kind, Name) fieldType(Ctx, #Kind),
/// The structs of WriteProfileABI.h, field for field.
StructType *profileGlobalType(LLVMContext &Ctx) {
  return StructType::get(
      Ctx, {CACHELINE_PROF_GLOBAL_FIELDS(CACHELINE_PROF_IR_FIELD)});
}
StructType *profileSiteType(LLVMContext &Ctx) {
  return StructType::get(Ctx,
                         {CACHELINE_PROF_SITE_FIELDS(CACHELINE_PROF_IR_FIELD)});
}
StructType *profileModuleType(LLVMContext &Ctx) {
  return StructType::get(
      Ctx, {CACHELINE_PROF_MODULE_FIELDS(CACHELINE_PROF_IR_FIELD)});
}
#undef CACHELINE_PROF_IR_FIELD

/// One counter: an access to a global or to an allocation site's memory,
/// or an allocation site's call.
struct Site {
  unsigned Object; ///< Its entry in the descriptor.
  AccessKind Kind;
  Instruction *Inst;
  /// The global accessed; null for an allocation site.
  const GlobalVariable *GV = nullptr;
  /// Of an allocation site: the slot of its latest object's range, where
  /// the call records one (-1 otherwise); whether the address is certainly
  /// the site's; whether this is the call itself.
  int Range = -1;
  bool Certain = false;
  bool Allocates = false;
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
  void collectAllocation(const ClassifiedAllocation &A, StringRef Module,
                         InstructionIndex &Instructions);
  Error linkRuntime();
  void emitDescriptor();
  void countSite(unsigned Slot, const Site &S);
  /// counters[Slot] += 1 before \p Before.
  void emitIncrement(Instruction *Before, unsigned Slot);
  /// Records the start and size of the object \p Call allocated in range
  /// slot \p Range; false where the call's result has no single place
  /// after it (an invoke whose normal destination has other predecessors).
  bool recordRange(CallBase &Call, int Range);
  /// Whether one of \p Addresses is inside range slot \p Range's object.
  Value *insideRange(IRBuilder<> &B, ArrayRef<Value *> Addresses, int Range);
  /// Whether one of \p Addresses is in [\p Start, \p Start + \p Size);
  /// null if there is none.
  Value *anyInside(IRBuilder<> &B, ArrayRef<Value *> Addresses, Value *Start,
                   Value *Size);
  /// The address of word \p Field (0: start, 1: size) of slot \p Range.
  Value *rangeField(IRBuilder<> &B, int Range, unsigned Field);
  void markThreadCreation(CallBase &CB);
  Constant *string(StringRef S);

  Module &M;
  LLVMContext &Ctx;
  const DataLayout &DL;

  /// Every defined, writable global and every allocation site: its
  /// descriptor entry (struct __cacheline_prof_global).
  struct ObjectEntry {
    /// A global's name; an allocation site's function.
    std::string Name;
    std::string Fingerprint;
    uint64_t Size = 0;
    /// Why not every access is counted (the address escapes), if so.
    std::string InPart;
    /// Of an allocation site: its translation unit and call, and why not
    /// every access is counted once it allocated more than one object.
    std::string Module;
    int64_t Call = -1;
    std::string InPartIfMany;
  };
  std::vector<ObjectEntry> Objects;
  unsigned NumGlobals = 0, NumAllocations = 0;
  std::vector<Site> Sites;
  /// The allocation sites' latest objects: [start, size) per range slot,
  /// each slot on a line of its own (a site allocating while threads run
  /// writes it).
  GlobalVariable *Ranges = nullptr;
  static constexpr unsigned RangeWords = 16; ///< 128 bytes a slot.
  int NumRanges = 0;
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
    unsigned Index = Objects.size();
    ObjectEntry &E = Objects.emplace_back();
    // Named as the summaries name it, so that the merge of the same
    // objects' summaries finds it too (two TUs' `static int scratch`).
    E.Name = G.summaryName().str();
    E.Module = G.Module;
    E.Fingerprint = definitionFingerprint(GV);
    E.Size = DL.getTypeAllocSize(GV.getValueType());
    E.InPart = std::move(InPart);
    auto Add = [&](const ModulePosition &P, AccessKind Kind) {
      if (Instruction *At = Instructions.find(P.Module, P.At)) {
        Site &S = Sites.emplace_back();
        S.Object = Index;
        S.Kind = Kind;
        S.Inst = At;
        S.GV = &GV;
      }
    };
    for (size_t I = 0; I < G.Facts.Writes.size(); ++I)
      Add(G.WriteAt[I], G.Facts.Writes[I].Kind);
    for (size_t I = 0; I < G.Facts.Reads.size(); ++I)
      Add(G.ReadAt[I], G.Facts.Reads[I].Kind);
  }
  NumGlobals = Objects.size();
  for (const ClassifiedAllocation &A : Result.Allocations)
    collectAllocation(
        A, Result.Program->modules()[A.Site.Caller.Module].Source,
        Instructions);
  NumAllocations = Objects.size() - NumGlobals;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction())
          if (std::optional<KnownFunction> K = lookupKnownFunction(*Callee);
              K && K->CreatesThread)
            ThreadCreations.push_back(CB);
}

void Instrumenter::collectAllocation(const ClassifiedAllocation &A,
                                     StringRef Module,
                                     InstructionIndex &Instructions) {
  if (!A.Call)
    return;
  const SolvedAllocation &S = A.Site;
  unsigned Index = Objects.size();
  ObjectEntry &E = Objects.emplace_back();
  E.Name = S.At.Function;
  E.Module = Module.str();
  E.Call = S.Call;
  E.Fingerprint = allocationFingerprint(S.At.Callee,
                                        S.Record.Props.ElementSize,
                                        S.Record.Props.ElementCount);
  E.Size = S.Record.Props.ElementSize * S.Record.Props.ElementCount;
  if (!S.Record.EscapeReason.empty())
    E.InPart = "address escapes: " + S.Record.EscapeReason;
  int Range = NumRanges++;
  // The start of the site's object: the call's result, or a load of a
  // pointer variable that holds only that.
  auto CertainlyOurs = [&](Value *P) {
    const Value *Base = getUnderlyingObject(P, /*MaxLookup=*/0);
    if (Base == A.Call)
      return true;
    auto *Load = dyn_cast<LoadInst>(Base);
    return Load && is_contained(A.Holders, getUnderlyingObject(
                                               Load->getPointerOperand(), 0));
  };
  auto Add = [&](const ModulePosition &P, AccessKind Kind) {
    Instruction *At = Instructions.find(P.Module, P.At);
    if (!At)
      return;
    Site &T = Sites.emplace_back();
    T.Object = Index;
    T.Kind = Kind;
    T.Inst = At;
    T.Range = Range;
    T.Certain = any_of(accessAddresses(Kind, At), CertainlyOurs);
    if (!T.Certain && E.InPartIfMany.empty())
      E.InPartIfMany = "allocated more than once: accesses through pointers "
                       "that may reach other memory (in " +
                       At->getFunction()->getName().str() +
                       ") counted for its latest object only";
  };
  for (size_t I = 0; I < S.Record.Writes.size(); ++I)
    Add(S.WriteAt[I], S.Record.Writes[I].Kind);
  for (size_t I = 0; I < S.Record.Reads.size(); ++I)
    Add(S.ReadAt[I], S.Record.Reads[I].Kind);
  Site &Call = Sites.emplace_back();
  Call.Object = Index;
  Call.Kind = AccessKind::Store; // Not an access: Allocates says what.
  Call.Inst = A.Call;
  Call.Range = Range;
  Call.Allocates = true;
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
  StructType *GlobalTy = profileGlobalType(Ctx);
  StructType *SiteTy = profileSiteType(Ctx);
  StructType *ModuleTy = profileModuleType(Ctx);

  auto StringOrNull = [&](StringRef S) {
    return S.empty() ? ConstantPointerNull::get(Ptr) : string(S);
  };
  std::vector<Constant *> GlobalInits;
  for (const ObjectEntry &E : Objects)
    GlobalInits.push_back(ConstantStruct::get(
        GlobalTy,
        {string(E.Name), string(E.Fingerprint), ConstantInt::get(I64, E.Size),
         StringOrNull(E.InPart), StringOrNull(E.Module),
         ConstantInt::get(I64, E.Call, /*isSigned=*/true),
         StringOrNull(E.InPartIfMany)}));
  std::vector<Constant *> SiteInits;
  for (const Site &S : Sites) {
    uint32_t Flags = 0;
    if (S.Allocates)
      Flags |= SiteAllocates;
    else if (isWrite(S.Kind))
      Flags |= SiteWrites;
    if (!S.Allocates && isSynchronization(S.Kind))
      Flags |= SiteSynchronizes;
    SiteInits.push_back(ConstantStruct::get(
        SiteTy, {ConstantInt::get(I32, S.Object), ConstantInt::get(I32, Flags),
                 string(S.Allocates ? "allocation" : accessKindName(S.Kind)),
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
      ModuleTy, {ConstantInt::get(I32, CACHELINE_PROF_VERSION),
                 ConstantInt::get(I32, Objects.size()),
                 ConstantInt::get(I32, Sites.size()),
                 string(compat::targetTriple(M)),
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

bool Instrumenter::recordRange(CallBase &Call, int Range) {
  std::optional<AllocationShape> Shape = allocationShape(Call);
  Instruction *After = Call.getNextNode();
  if (auto *Invoke = dyn_cast<InvokeInst>(&Call)) {
    BasicBlock *Normal = Invoke->getNormalDest();
    if (!Normal->getSinglePredecessor())
      return false;
    After = &*Normal->getFirstInsertionPt();
  }
  if (!Shape || !After)
    return false;
  IRBuilder<> B(After);
  Type *IntPtr = DL.getIntPtrType(Ctx);
  Value *Bytes = requestedBytes(B, *Shape, IntPtr);
  // Relaxed atomics: threads may allocate at the site while others read.
  auto Store = [&](Value *V, unsigned Field) {
    B.CreateAlignedStore(V, rangeField(B, Range, Field), Align(8))
        ->setAtomic(AtomicOrdering::Monotonic);
  };
  Store(B.CreatePtrToInt(&Call, IntPtr), 0);
  Store(Bytes, 1);
  return true;
}

Value *Instrumenter::rangeField(IRBuilder<> &B, int Range, unsigned Field) {
  return B.CreateConstInBoundsGEP2_32(Ranges->getValueType(), Ranges, 0,
                                      Range * RangeWords + Field);
}

Value *Instrumenter::insideRange(IRBuilder<> &B, ArrayRef<Value *> Addresses,
                                 int Range) {
  Type *IntPtr = DL.getIntPtrType(Ctx);
  auto Load = [&](unsigned Field) {
    LoadInst *L =
        B.CreateAlignedLoad(IntPtr, rangeField(B, Range, Field), Align(8));
    L->setAtomic(AtomicOrdering::Monotonic);
    return L;
  };
  Value *Start = Load(0), *Size = Load(1);
  return anyInside(B, Addresses, Start, Size);
}

Value *Instrumenter::anyInside(IRBuilder<> &B, ArrayRef<Value *> Addresses,
                               Value *Start, Value *Size) {
  Type *IntPtr = DL.getIntPtrType(Ctx);
  Value *Inside = nullptr;
  for (Value *P : Addresses) {
    Value *Offset = B.CreateSub(B.CreatePtrToInt(P, IntPtr), Start);
    Value *In = B.CreateICmpULT(Offset, Size);
    Inside = Inside ? B.CreateOr(Inside, In) : In;
  }
  return Inside;
}

void Instrumenter::countSite(unsigned Slot, const Site &S) {
  Instruction *I = S.Inst;
  if (S.Allocates || S.Certain) {
    emitIncrement(I, Slot);
    return;
  }
  SmallVector<Value *, 2> Addresses = accessAddresses(S.Kind, I);
  if (!S.GV) {
    // Perhaps an allocation site's memory: inside its latest object.
    if (S.Range < 0 || Addresses.empty())
      return;
    IRBuilder<> B(I);
    Instruction *ThenTerm = SplitBlockAndInsertIfThen(
        insideRange(B, Addresses, S.Range), I, /*Unreachable=*/false);
    emitIncrement(ThenTerm, Slot);
    return;
  }
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
  Value *Inside = anyInside(B, Addresses, Base, Size);
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
        compat::targetTriple(M).c_str());
  collect(Result);
  // The descriptor first: linking resolves the runtime's reference to it.
  emitDescriptor();
  if (Error E = linkRuntime())
    return std::move(E);
  // The allocation sites' latest objects: a start and a size per site,
  // each pair on a line of its own (a site allocating while threads run
  // writes its pair).
  if (NumRanges) {
    auto *Ty = ArrayType::get(DL.getIntPtrType(Ctx), NumRanges * RangeWords);
    Ranges = new GlobalVariable(M, Ty, /*isConstant=*/false,
                                GlobalValue::InternalLinkage,
                                ConstantAggregateZero::get(Ty),
                                "__cacheline_prof_ranges");
    Ranges->setAlignment(Align(RangeWords * 8));
  }
  // Where a call cannot record its object, accesses that may reach other
  // memory go uncounted.
  DenseSet<int> Unrecorded;
  for (Site &S : Sites)
    if (S.Allocates && !recordRange(*cast<CallBase>(S.Inst), S.Range))
      Unrecorded.insert(S.Range);
  for (auto [Slot, S] : enumerate(Sites)) {
    if (!S.GV && !S.Allocates && Unrecorded.contains(S.Range))
      S.Range = -1;
    countSite(Slot, S);
  }
  for (CallBase *CB : ThreadCreations)
    markThreadCreation(*CB);

  InstrumentStats Stats;
  Stats.Globals = NumGlobals;
  Stats.Allocations = NumAllocations;
  Stats.InPart =
      count_if(Objects, [](const ObjectEntry &E) { return !E.InPart.empty(); });
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
