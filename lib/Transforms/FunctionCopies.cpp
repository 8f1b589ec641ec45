//===- FunctionCopies.cpp - Functions copied for one global --------------===//

#include "cacheline/Transforms/FunctionCopies.h"
#include "cacheline/Transforms/AddressRewrite.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-layout"

STATISTIC(NumCopies, "Functions copied for a global split by field class");
STATISTIC(NumCopiedInstructions,
          "Instructions of the functions copied for split globals");
STATISTIC(NumRedirectedCalls, "Calls pointed at a function's copy");

namespace {

/// \p V is \p GV's address plus \p Offset, whatever arithmetic of
/// constants computes it.
bool isAddressIn(const Value *V, const GlobalVariable &GV, int64_t Offset,
                 const DataLayout &DL) {
  if (V->getType() != GV.getType())
    return false;
  APInt At(DL.getIndexTypeSizeInBits(V->getType()), 0);
  const Value *Base =
      V->stripAndAccumulateConstantOffsets(DL, At, /*AllowNonInbounds=*/true);
  return Base == &GV && At.getSExtValue() == Offset;
}

/// The calls that hand \p F's parameter \p Arg the address \p GV + \p
/// Offset, directly (not through a pointer to \p F).
std::vector<CallBase *> callsHanding(Function &F, unsigned Arg,
                                     const GlobalVariable &GV, int64_t Offset) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  std::vector<CallBase *> Out;
  for (Use &U : F.uses()) {
    auto *CB = dyn_cast<CallBase>(U.getUser());
    if (!CB || !CB->isCallee(&U) ||
        CB->getFunctionType() != F.getFunctionType() ||
        Arg >= CB->arg_size() ||
        !isAddressIn(CB->getArgOperand(Arg), GV, Offset, DL))
      continue;
    Out.push_back(CB);
  }
  return Out;
}

/// A parameter whose pointee the call copies (byval, inalloca,
/// preallocated) or that the ABI treats apart: the callee's accesses are
/// not the caller's object.
bool passesByValue(const Function &F, unsigned Arg) {
  return F.getArg(Arg)->hasPointeeInMemoryValueAttr();
}

/// Instructions, debug ones not counted (FunctionSummary::Instructions).
uint64_t countInstructions(const Function &F) {
  uint64_t N = 0;
  for (const Instruction &I : instructions(F))
    N += !I.isDebugOrPseudoInst();
  return N;
}

} // namespace

Expected<FunctionCopies>
FunctionCopies::make(GlobalVariable &GV, ArrayRef<FunctionCopy> Copies,
                     ArrayRef<Function *> Bodies) {
  assert(Copies.size() == Bodies.size() && "a body per copy");
  Module &M = *GV.getParent();
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  const uint64_t Size = DL.getTypeAllocSize(GV.getValueType());
  // Checked before anything changes.
  for (size_t I = 0; I < Copies.size(); ++I) {
    const FunctionCopy &C = Copies[I];
    Function *F = Bodies[I];
    if (!F || F->isDeclaration())
      return cannot("no body of " + C.Function + " to copy in this module");
    if (F->isInterposable())
      return cannot("the body of " + C.Function +
                    " may be replaced at link time: no copy of it");
    if (C.Arg < 0 || unsigned(C.Arg) >= F->arg_size() ||
        !F->getArg(C.Arg)->getType()->isPointerTy() || F->isVarArg())
      return cannot("no pointer parameter " + Twine(C.Arg) + " of " +
                    C.Function + " to copy it for");
    if (any_of(*F, [](const BasicBlock &BB) { return BB.hasAddressTaken(); }))
      return cannot("the addresses of blocks of " + C.Function +
                    " are taken: no copy of it");
    if (passesByValue(*F, C.Arg))
      return cannot("the parameter of " + C.Function +
                    " gets a copy of the global: no copy of it");
    if (C.Offset < 0 || uint64_t(C.Offset) >= Size)
      return cannot(C.Function + " is handed an address outside the global");
  }
  FunctionCopies Out;
  // Every copy first: a copy's own calls of a function copied too hand it
  // the global's address, and are pointed at that copy below.
  std::vector<std::vector<CallBase *>> Calls;
  for (size_t I = 0; I < Copies.size(); ++I)
    Calls.push_back(callsHanding(*Bodies[I], Copies[I].Arg, GV,
                                 Copies[I].Offset));
  for (size_t I = 0; I < Copies.size(); ++I) {
    const FunctionCopy &C = Copies[I];
    Function *F = Bodies[I];
    if (Calls[I].empty()) {
      Out.Made.push_back(nullptr);
      Out.Names.emplace_back();
      continue;
    }
    Constant *Address = &GV;
    if (C.Offset)
      Address = ConstantExpr::getInBoundsGetElementPtr(
          Type::getInt8Ty(Ctx), &GV,
          ConstantInt::get(DL.getIndexType(GV.getType()), C.Offset));
    ValueToValueMapTy VMap;
    Function *Copy = CloneFunction(F, VMap);
    // "lock.m_a"; "next_field.tl+16" for a place inside the global.
    Copy->setName(F->getName() + "." + GV.getName() +
                  (C.Offset ? "+" + Twine(C.Offset) : Twine()));
    Copy->setLinkage(GlobalValue::InternalLinkage);
    Copy->setVisibility(GlobalValue::DefaultVisibility);
    Copy->setDLLStorageClass(GlobalValue::DefaultStorageClass);
    Copy->setDSOLocal(true);
    Copy->setComdat(nullptr);
    Copy->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    // The parameter is the global now: what was said of it (nonnull,
    // noundef, ...) is not said of the poison it is passed; and the copy
    // accesses a global where the original accessed its argument's memory.
    Copy->getArg(C.Arg)->replaceAllUsesWith(Address);
    Copy->setAttributes(
        Copy->getAttributes().removeParamAttributes(Ctx, C.Arg));
    Copy->removeFnAttr(Attribute::Memory);
    uint64_t N = countInstructions(*Copy);
    Out.Instructions += N;
    Out.Made.push_back(Copy);
    Out.Names.push_back(Copy->getName().str());
    LLVM_DEBUG(dbgs() << "cacheline-layout: copied " << F->getName() << " as "
                      << Copy->getName() << " (" << N << " instructions) for "
                      << GV.getName() << "\n");
  }
  // Calls inside the copies count too: gather again.
  for (size_t I = 0; I < Copies.size(); ++I) {
    const FunctionCopy &C = Copies[I];
    Function *F = Bodies[I], *Copy = Out.Made[I];
    if (!Copy)
      continue;
    for (CallBase *CB : callsHanding(*F, C.Arg, GV, C.Offset)) {
      Out.Calls.push_back({CB, F, unsigned(C.Arg), CB->getArgOperand(C.Arg),
                           CB->getAttributes()});
      CB->setCalledFunction(Copy);
      CB->setArgOperand(C.Arg, PoisonValue::get(CB->getArgOperand(C.Arg)
                                                    ->getType()));
      CB->setAttributes(CB->getAttributes()
                            .removeParamAttributes(Ctx, C.Arg)
                            .removeFnAttribute(Ctx, Attribute::Memory));
    }
  }
  return std::move(Out);
}

FunctionCopies::FunctionCopies(FunctionCopies &&O)
    : Calls(std::move(O.Calls)), Made(std::move(O.Made)),
      Names(std::move(O.Names)), Instructions(O.Instructions), Done(O.Done) {
  O.Done = true;
}

FunctionCopies::~FunctionCopies() {
  if (!Done)
    undo();
}

void FunctionCopies::keep() {
  assert(!Done && "kept or undone once");
  Done = true;
  for (Function *F : Made)
    NumCopies += F != nullptr;
  NumCopiedInstructions += Instructions;
  NumRedirectedCalls += Calls.size();
}

void FunctionCopies::undo() {
  assert(!Done && "kept or undone once");
  Done = true;
  for (Redirected &R : reverse(Calls)) {
    R.Call->setCalledFunction(R.Original);
    R.Call->setArgOperand(R.Arg, R.Address);
    R.Call->setAttributes(R.Attributes);
  }
  Calls.clear();
  for (Function *F : Made)
    if (F) {
      F->dropAllReferences();
      F->eraseFromParent();
    }
  Made.clear();
  Names.clear();
  Instructions = 0;
}
