//===- ApplyLayoutFile.cpp - The two-stage flow's layout -----------------===//

#include "cacheline/Passes/ApplyLayoutFile.h"
#include "cacheline/Results/LayoutFile.h"
#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Support/Diagnostics.h"
#include "cacheline/Transforms/AllocationLayout.h"
#include "cacheline/Transforms/Layout.h"

#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace cacheline;

namespace {

/// ThinLTO renames internal globals it exports to another module
/// ("counter.llvm.1234"); the layout file knows the original name.
StringRef originalName(StringRef Name) {
  size_t At = Name.find(".llvm.");
  return At == StringRef::npos ? Name : Name.take_front(At);
}

/// The function the layout file names \p Name in \p M, promoted by
/// ThinLTO or not.
Function *functionNamed(Module &M, StringRef Name) {
  if (Function *F = M.getFunction(Name))
    return F;
  for (Function &F : M)
    if (originalName(F.getName()) == Name && !F.isDeclaration())
      return &F;
  return nullptr;
}

/// Call \p Index of \p F, as its summary counts calls (isCallSite); null
/// if it has fewer.
CallBase *callAt(Function &F, int64_t Index) {
  for (Instruction &I : instructions(F))
    if (isCallSite(I) && Index-- == 0)
      return dyn_cast<CallBase>(&I);
  return nullptr;
}

/// The allocation \p A of \p M, as the rewrite takes it; std::nullopt,
/// with a warning, where the module no longer has it as the facts did.
std::optional<PlannedAllocation> plannedAllocation(Module &M,
                                                   const AllocationEntry &A,
                                                   const LayoutFile &File,
                                                   ApplyResult &Result) {
  Function *F = functionNamed(M, A.Function);
  if (!F || F->isDeclaration())
    return std::nullopt;
  // Padded by the compile before (a ThinLTO pre-link compile): its calls
  // are counted anew.
  if (any_of(instructions(*F), [](const Instruction &I) {
        return I.getMetadata(PaddedAllocationMetadata);
      })) {
    ++Result.AlreadyLaidOut;
    return std::nullopt;
  }
  CallBase *Call = callAt(*F, A.Call);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  if (!Callee || Callee->getName() != A.Allocator) {
    warn(M, "allocation by " + A.Allocator + " in " + A.Function + " of " +
                M.getSourceFileName() + " changed since layout file " +
                File.Path + " was merged: left alone (stale entry)");
    return std::nullopt;
  }
  PlannedAllocation P;
  P.Call = Call;
  P.ElementSize = A.ElementSize;
  P.SlotSize = A.SlotSize;
  P.Fields = A.MovedFields;
  P.NewSize = A.NewSize;
  for (const std::string &Name : A.Holders) {
    GlobalVariable *H = M.getNamedGlobal(Name);
    if (!H || !H->hasLocalLinkage()) {
      warn(M, "allocation by " + A.Allocator + " in " + A.Function + " of " +
                  M.getSourceFileName() + ": its pointer variable " + Name +
                  " is not a static here: left alone");
      return std::nullopt;
    }
    P.Holders.push_back(H);
  }
  return P;
}

} // namespace

ApplyResult cacheline::applyLayoutFile(Module &M, const LayoutFile &File,
                                       unsigned LineSize, bool DoLayout,
                                       PlaceMode When) {
  ApplyResult Result;
  LayoutPlan Plan;
  Plan.LineSize = LineSize;
  Plan.GlobalOptFollows = When != PlaceMode::Final;
  Plan.When = When;
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm.") || GV.isDeclarationForLinker() ||
        GV.isConstant() || GV.isThreadLocal())
      continue;
    const LayoutEntry *E =
        File.find(originalName(GV.getName()), M.getSourceFileName());
    if (!E) {
      if (!GV.hasPrivateLinkage())
        warn(M, "global '" + GV.getName() + "' of " + M.getSourceFileName() +
                    " is not in layout file " + File.Path +
                    ": left alone (rerun the facts build and merge)");
      continue;
    }
    if (E->Class != GlobalClass::WriteHot &&
        E->Class != GlobalClass::ReadMostly)
      continue;
    if (isMarkedForPlacement(GV)) {
      ++Result.AlreadyLaidOut; // Applied before (ThinLTO pre-link).
      continue;
    }
    if (GV.hasSection())
      continue;
    if (GV.hasCommonLinkage())
      continue; // Cannot take a section; -fno-common is clang's default.
    if (definitionFingerprint(GV) != E->Fingerprint.value_or("")) {
      ++Result.Stale;
      warn(M, "global '" + GV.getName() + "' of " + M.getSourceFileName() +
                  " changed since layout file " + File.Path +
                  " was merged: left alone (stale " +
                  globalClassName(E->Class) + " entry)");
      continue;
    }
    PlannedGlobal &P = Plan.Globals.emplace_back();
    P.GV = &GV;
    P.Class = E->Class;
    P.Inner = E->inner();
    for (const FunctionCopy &C : P.Inner.Copies)
      P.CopyBodies.push_back(functionNamed(M, C.Function));
  }
  for (const AllocationEntry &A : File.Allocations)
    if ((A.SlotSize || !A.MovedFields.empty()) &&
        A.Class == GlobalClass::WriteHot && A.Module == M.getSourceFileName())
      if (std::optional<PlannedAllocation> P =
              plannedAllocation(M, A, File, Result))
        Plan.Allocations.push_back(std::move(*P));
  Result.Applied = Plan.Globals.size() + Plan.Allocations.size();
  if (DoLayout && (!Plan.Globals.empty() || !Plan.Allocations.empty()) &&
      Triple(M.getTargetTriple()).isOSBinFormatELF()) {
    std::vector<std::string> Names;
    for (const PlannedGlobal &G : Plan.Globals)
      Names.push_back(G.GV->getName().str());
    std::vector<std::string> Sites;
    for (const PlannedAllocation &A : Plan.Allocations)
      Sites.push_back("allocation by " +
                      A.Call->getCalledFunction()->getName().str() + " in " +
                      A.Call->getFunction()->getName().str());
    LayoutOutcome Outcome = applyLayout(M, Plan);
    for (auto [Site, Done] : zip(Sites, Outcome.Allocations))
      if (!Done.Padded)
        warn(M, Site + " of " + M.getSourceFileName() + ": " + Done.Refused +
                    ": left whole, unlike layout file " + File.Path);
    Result.PaddingBytes = *Outcome.PaddingBytes;
    // The merge saw the whole program; this compile sees one module and
    // its IR as it is now: a layout inside an object it cannot check is
    // not made, and the layout file no longer says what the binary has.
    for (size_t I = 0; I < Plan.Globals.size(); ++I)
      if (const InnerLayout &Done = Outcome.Globals[I].Inner;
          Plan.Globals[I].Inner.rewrites() && !Done.rewrites())
        warn(M, "global '" + Names[I] + "' of " + M.getSourceFileName() +
                    ": " + Done.Reason +
                    ": whole-object layout kept, unlike layout file " +
                    File.Path);
  }
  return Result;
}
