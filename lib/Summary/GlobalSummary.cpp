//===- GlobalSummary.cpp - The summary of one global ---------------------===//
//
// The walk over one global: its linkage, section, size, elements and
// fields, the functions and pointers of its initializer, the uses of its
// address (SummaryWalker), what code that loads a pointer variable does
// with the pointer, and whether code this module cannot see may read
// pointers out of it.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/AddressInteger.h"
#include "cacheline/Summary/AllocationShape.h"
#include "cacheline/Summary/KnownFunctions.h"
#include "cacheline/Summary/PointerFlow.h"
#include "cacheline/Summary/Sanitizer.h"
#include "SummaryBuilderInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;
using namespace cacheline;
using namespace cacheline::summary;

namespace {

void collectInitializerOwners(const Constant *C,
                              SmallSetVector<const GlobalVariable *, 4> &Out,
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

} // namespace

SmallSetVector<const GlobalVariable *, 4>
summary::initializerOwners(const Constant &C) {
  SmallSetVector<const GlobalVariable *, 4> Owners;
  SmallPtrSet<const Constant *, 8> Seen;
  if (const auto *GV = dyn_cast<GlobalVariable>(&C))
    Owners.insert(GV);
  else
    collectInitializerOwners(&C, Owners, Seen);
  return Owners;
}

namespace {

/// Whether code this module cannot see may read pointers out of \p GV: its
/// address goes to a call, is returned, or converted to an integer that
/// may become a pointer again (AddressInteger.h). Calls to named
/// functions go to G.LeakCallees and stores of the address into other
/// globals to G.LeakThrough, for the solver. A store into memory that is no
/// global (a local, the heap) is the program's own business: the program's
/// indirect calls are the ones that load from it.
void leakFacts(const GlobalVariable &GV, GlobalSummary &G) {
  SmallVector<const Value *, 8> Worklist{&GV};
  SmallPtrSet<const Value *, 8> Seen;
  auto Leak = [&] {
    G.ContentsLeak = true;
    Worklist.clear();
  };
  while (!Worklist.empty()) {
    const Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if (isSanitizerUse(U))
        continue;
      if (isa<GEPOperator>(Usr) || isa<BitCastOperator>(Usr) ||
          isa<AddrSpaceCastOperator>(Usr) || isa<PHINode>(Usr) ||
          isa<SelectInst>(Usr)) {
        Worklist.push_back(Usr);
        continue;
      }
      if (isa<LoadInst>(Usr) || isa<ICmpInst>(Usr))
        continue;
      if (isa<PtrToIntOperator>(Usr)) {
        if (any_of(followAddressInteger(*Usr), [](const AddressIntegerUse &A) {
              return A.What == AddressIntegerUse::Escape;
            })) {
          Leak();
          break;
        }
        continue;
      }
      if (const auto *SI = dyn_cast<StoreInst>(Usr)) {
        if (SI->getPointerOperand() == U.get())
          continue;
        const Value *Dest = getUnderlyingObject(SI->getPointerOperand());
        if (const auto *DestGV = dyn_cast<GlobalVariable>(Dest))
          G.LeakThrough.push_back(DestGV->getName().str());
        continue;
      }
      if (const auto *CB = dyn_cast<CallBase>(Usr)) {
        const Function *Callee = calledFunction(*CB);
        if (Callee && Callee->isIntrinsic())
          continue;
        // Printed, or read as a string: no pointer is read out of it.
        if (CB->isArgOperand(&U) &&
            formattedArgumentEffect(*CB, CB->getArgOperandNo(&U)))
          continue;
        if (Callee && CB->isArgOperand(&U)) {
          G.LeakCallees.push_back(Callee->getName().str());
          continue;
        }
      }
      if (const auto *C = dyn_cast<Constant>(Usr)) {
        // In another global's initializer: the contents leak if that
        // global's do. llvm.used keeps it for code we cannot see (the
        // solver knows when that is the program's own __start_ walk).
        for (const GlobalVariable *Owner : initializerOwners(*C)) {
          StringRef Name = Owner->getName();
          if (Name == "llvm.used" || Name == "llvm.compiler.used")
            G.InUsedList = true;
          else
            G.LeakThrough.push_back(Name.str());
        }
        continue;
      }
      Leak();
      break;
    }
  }
}

/// Of a pointer variable: whether this module only loads it and stores to
/// it, and what it does with each pointer it loads.
void loadedFacts(const GlobalVariable &GV, Positions &Pos, GlobalSummary &G) {
  SmallVector<const Value *, 8> Loads;
  bool OnlyAllocations = true;
  for (const Use &U : GV.uses()) {
    if (isSanitizerUse(U))
      continue;
    const auto *SI = dyn_cast<StoreInst>(U.getUser());
    if (SI && SI->getPointerOperand() == U.get() && !SI->isVolatile()) {
      const Value *Stored = SI->getValueOperand();
      const auto *CB = dyn_cast<CallBase>(Stored);
      OnlyAllocations &= isa<ConstantPointerNull>(Stored) ||
                         (CB && allocationShape(*CB).has_value());
      continue;
    }
    const auto *LI = dyn_cast<LoadInst>(U.getUser());
    if (!LI || LI->isVolatile() || !LI->getType()->isPointerTy())
      return;
    Loads.push_back(LI);
  }
  G.OnlyLoadedAndStored = true;
  G.HoldsOnlyAllocations = OnlyAllocations;
  if (Loads.empty())
    return;
  // Each load gives where the variable's pointer points: a phi of two
  // loads (one reloaded after a call) points there too.
  SummaryWalker W(Pos, GV.getParent()->getDataLayout());
  W.walk(Loads);
  G.Loaded = std::move(W.Uses);
}

/// The section's name if a program can name it by __start_/__stop_.
std::string identifierSection(const GlobalVariable &GV) {
  StringRef S = GV.getSection();
  if (S.empty() || !all_of(S, [](char C) { return isAlnum(C) || C == '_'; }) ||
      isDigit(S.front()))
    return {};
  return S.str();
}

void initializerFunctions(const Constant *C, std::vector<std::string> &Out,
                          SmallPtrSetImpl<const Constant *> &Seen) {
  if (!Seen.insert(C).second)
    return;
  if (const auto *F = dyn_cast<Function>(C)) {
    Out.push_back(F->getName().str());
    return;
  }
  if (isa<GlobalValue>(C))
    return;
  for (const Use &Op : C->operands())
    if (const auto *CO = dyn_cast<Constant>(Op.get()))
      initializerFunctions(CO, Out, Seen);
}

/// The name debug info gives the member of \p GV's type that starts at byte
/// \p Offset and spans \p Size bytes, if any.
std::string memberName(const GlobalVariable &GV, uint64_t Offset,
                       uint64_t Size) {
  SmallVector<DIGlobalVariableExpression *, 1> GVEs;
  GV.getDebugInfo(GVEs);
  for (const DIGlobalVariableExpression *GVE : GVEs) {
    if (GVE->getExpression()->getNumElements())
      continue; // A fragment, or an offset: not the whole variable.
    const DIType *T = GVE->getVariable()->getType();
    // Through typedefs and qualifiers to the struct.
    while (const auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
      if (D->getTag() == dwarf::DW_TAG_member)
        return {};
      T = D->getBaseType();
    }
    const auto *CT = dyn_cast_or_null<DICompositeType>(T);
    if (!CT || (CT->getTag() != dwarf::DW_TAG_structure_type &&
                CT->getTag() != dwarf::DW_TAG_class_type))
      continue;
    for (const DINode *N : CT->getElements()) {
      const auto *M = dyn_cast<DIDerivedType>(N);
      if (M && M->getTag() == dwarf::DW_TAG_member && !M->isBitField() &&
          M->getOffsetInBits() == Offset * 8 &&
          M->getSizeInBits() <= Size * 8 && !M->getName().empty())
        return M->getName().str();
    }
  }
  return {};
}

/// The top-level fields of \p GV, a global of struct type \p ST.
std::vector<FieldSpan> structFields(const GlobalVariable &GV,
                                    StructType &ST) {
  const DataLayout &DL = GV.getParent()->getDataLayout();
  const StructLayout *SL = DL.getStructLayout(&ST);
  std::vector<FieldSpan> Fields;
  for (unsigned I = 0, E = ST.getNumElements(); I != E; ++I) {
    FieldSpan F;
    F.Offset = SL->getElementOffset(I);
    F.Size = DL.getTypeAllocSize(ST.getElementType(I)).getFixedValue();
    F.Name = memberName(GV, F.Offset, F.Size);
    Fields.push_back(std::move(F));
  }
  return Fields;
}

} // namespace

GlobalSummary summary::globalSummary(GlobalVariable &GV, Positions &Pos) {
  const DataLayout &DL = GV.getParent()->getDataLayout();
  GlobalSummary G;
  G.Name = GV.getName().str();
  G.Local = GV.hasLocalLinkage();
  G.Definition = !GV.isDeclaration();
  G.Constant = GV.isConstant();
  G.ThreadLocal = GV.isThreadLocal();
  G.ImplicitSection = GV.hasImplicitSection();
  G.HasSection = GV.hasSection();
  G.Section = identifierSection(GV);
  G.ExternallyInitialized = GV.isExternallyInitialized();
  G.Interposable = GV.isInterposable();
  G.Unsized = !GV.getValueType()->isSized() ||
              DL.getTypeAllocSize(GV.getValueType()).isScalable();
  if (!G.Unsized)
    G.Size = DL.getTypeAllocSize(GV.getValueType()).getFixedValue();
  if (auto *AT = dyn_cast<ArrayType>(GV.getValueType()); AT && !G.Unsized) {
    G.ElementCount = AT->getNumElements();
    G.ElementSize = DL.getTypeAllocSize(AT->getElementType()).getFixedValue();
  }
  if (auto *ST = dyn_cast<StructType>(GV.getValueType()); ST && !G.Unsized)
    G.Fields = structFields(GV, *ST);
  for (const GlobalAlias &GA : GV.getParent()->aliases())
    if (GA.getAliaseeObject() == &GV && !GA.hasLocalLinkage()) {
      G.ExportedAlias = GA.getName().str();
      break;
    }
  if (G.Definition) {
    SmallPtrSet<const Constant *, 16> Seen;
    initializerFunctions(GV.getInitializer(), G.InitializerFunctions, Seen);
    G.InitialPointers = initializerPointers(GV);
  }
  // Constants and thread-locals cannot share a line with other threads'
  // writes; their accesses are not worth gathering.
  if (!G.Constant && !G.ThreadLocal) {
    SummaryWalker W(Pos, DL);
    W.walk(&GV);
    G.InUsedList = W.InUsedList;
    G.Uses = std::move(W.Uses);
  }
  if (isPointerVariable(GV))
    loadedFacts(GV, Pos, G);
  leakFacts(GV, G);
  return G;
}
