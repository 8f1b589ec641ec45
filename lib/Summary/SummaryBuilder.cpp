//===- SummaryBuilder.cpp - IR to program summary ------------------------===//
//
// The builder's entry points: summarizeModule() runs the walks of each
// global and function (SummaryBuilderInternal.h) over a module, and
// writeSummaryToDir() writes the summary out; with the fingerprints that
// tie a layout file and a write profile to a build.
//
// Where a fact depends on another function's body or linkage, which another
// module may hold, the builder records the question instead of answering it:
// a call handing a pointer on names its callee and what the call would do
// without a body; a use of a function's address names the call or the
// global it goes to. The solver answers with the whole program in view.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Summary/FunctionFields.h"
#include "cacheline/Support/LLVMCompat.h"
#include "SummaryBuilderInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;
using namespace cacheline::summary;

bool cacheline::isCallSite(const Instruction &I) {
  return isa<CallBase>(I) && !isa<IntrinsicInst>(I);
}

std::string cacheline::definitionFingerprint(const GlobalVariable &GV,
                                             ModuleSlotTracker *Slots) {
  std::string S;
  raw_string_ostream OS(S);
  GV.getValueType()->print(OS);
  OS << " = ";
  if (GV.hasInitializer()) {
    if (Slots)
      GV.getInitializer()->print(OS, *Slots);
    else
      GV.getInitializer()->print(OS);
  }
  return utohexstr(compat::hash64(S), /*LowerCase=*/true, /*Width=*/16);
}

std::string cacheline::allocationFingerprint(StringRef Allocator,
                                             uint64_t ElementSize,
                                             uint64_t Elements) {
  std::string S =
      (Allocator + " " + Twine(ElementSize) + " x " + Twine(Elements)).str();
  return utohexstr(compat::hash64(S), /*LowerCase=*/true, /*Width=*/16);
}

ModuleSummary cacheline::summarizeModule(Module &M,
                                         FunctionAnalysisManager &FAM) {
  Positions Pos(M, FAM);
  ModuleSummary S;
  S.Module = M.getModuleIdentifier();
  S.Source = M.getSourceFileName();
  S.Target = compat::targetTriple(M);
  Function *Main = M.getFunction("main");
  if (Main && (Main->isDeclaration() || Main->hasLocalLinkage()))
    Main = nullptr;
  // One slot tracker for every initializer printed: each print would
  // otherwise number the module again.
  ModuleSlotTracker Slots(&M, /*ShouldInitializeAllMetadata=*/false);
  S.Globals.reserve(M.global_size());
  for (GlobalVariable &GV : M.globals()) {
    if (GV.getName().starts_with("llvm."))
      continue;
    S.Globals.push_back(globalSummary(GV, Pos));
    // What a layout file is matched by: only globals one can lay out.
    if (!GV.isDeclaration() && !GV.isConstant() && !GV.isThreadLocal())
      S.Globals.back().Fingerprint = definitionFingerprint(GV, &Slots);
  }
  InitializerFields Fields;
  S.Functions.reserve(M.size());
  for (Function &F : M) {
    if (F.isIntrinsic())
      continue;
    addressFacts(F, Pos, Fields, S.AddressUses);
    if (!F.isDeclaration())
      S.Functions.push_back(functionSummary(F, Pos, &F == Main));
  }
  // Last: the walks above asked about every loop that matters.
  for (FunctionSummary &FS : S.Functions)
    FS.CountedLoops = Pos.countedLoops(*M.getFunction(FS.Name));
  return S;
}
