//===- SummaryInModule.cpp - Summaries carried inside the bitcode --------===//

#include "cacheline/Files/SummaryInModule.h"
#include "cacheline/Files/JSONFile.h"
#include "cacheline/Files/SummaryEncoding.h"
#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Support/Diagnostics.h"
#include "cacheline/Support/LLVMCompat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <numeric>
#include <tuple>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-summary"

namespace {

constexpr StringLiteral EntryTag = "cacheline-summary";

/// The definitions a summary describes: every one but LLVM's own globals.
template <typename Fn> void forEachDefinition(Module &M, Fn Visit) {
  for (Function &F : M)
    if (!F.isDeclaration())
      Visit(static_cast<GlobalObject &>(F));
  for (GlobalVariable &GV : M.globals())
    if (!GV.isDeclaration() && !GV.getName().starts_with("llvm."))
      Visit(static_cast<GlobalObject &>(GV));
}

StringRef stringOperand(const MDNode &N, unsigned I) {
  if (I >= N.getNumOperands())
    return {};
  if (auto *S = dyn_cast_or_null<MDString>(N.getOperand(I).get()))
    return S->getString();
  return {};
}

/// One entry of !cacheline.summaries: its translation unit and summary.
Expected<ModuleSummary> readEntry(const MDNode &E, const Module &M,
                                  bool BytesOutlive) {
  auto *TU = E.getNumOperands() == 5
                 ? dyn_cast_or_null<MDNode>(E.getOperand(0).get())
                 : nullptr;
  if (!TU || stringOperand(E, 1) != EntryTag)
    return createStringError(inconvertibleErrorCode(),
                             "a damaged summary in the module (%s)",
                             M.getModuleIdentifier().c_str());
  std::string Origin = "summary of " + stringOperand(*TU, 0).str();
  StringRef Release = stringOperand(E, 2), Target = stringOperand(E, 3);
  if (Release != utostr(LLVM_VERSION_MAJOR))
    return fileError(Origin, "written by the plugin for LLVM " + Release +
                                 " (this one is for LLVM " +
                                 Twine(LLVM_VERSION_MAJOR) + ")");
  if (Triple(Target).getArch() != Triple(M.getTargetTriple()).getArch())
    return fileError(Origin, "target " + Target + ", the link is for " +
                                 compat::targetTriple(M));
  return decodeSummary(stringOperand(E, 4), Origin, BytesOutlive);
}

} // namespace

void SummarySymbols::add(GlobalObject &GO, unsigned Module, StringRef Name) {
  Origins[&GO] = {Module, Name.str()};
  Symbols[{Module, Name.str()}] = &GO;
}

std::pair<unsigned, std::string>
SummarySymbols::origin(const GlobalObject &GO) const {
  auto It = Origins.find(&GO);
  if (It != Origins.end())
    return It->second;
  return {0, GO.getName().str()};
}

Function *SummarySymbols::function(Module &M, unsigned Module,
                                   StringRef Name) const {
  if (Origins.empty())
    return M.getFunction(Name);
  auto It = Symbols.find(std::make_pair(Module, Name.str()));
  return It == Symbols.end() ? nullptr : dyn_cast<Function>(It->second);
}

GlobalVariable *SummarySymbols::global(Module &M, unsigned Module,
                                      StringRef Name) const {
  if (Origins.empty())
    return M.getNamedGlobal(Name);
  auto It = Symbols.find(std::make_pair(Module, Name.str()));
  return It == Symbols.end() ? nullptr
                             : dyn_cast<GlobalVariable>(It->second);
}

Instruction *InstructionIndex::find(unsigned Module, const Position &P) {
  Function *F = Symbols.function(M, Module, P.Function);
  if (!F || F->isDeclaration())
    return nullptr;
  auto [It, New] = Functions.try_emplace(F);
  FunctionInstructions &FI = It->second;
  if (New) {
    for (BasicBlock &BB : *F) {
      FI.BlockStart.push_back(FI.Instructions.size());
      for (Instruction &I : BB)
        FI.Instructions.push_back(&I);
    }
    FI.BlockStart.push_back(FI.Instructions.size());
  }
  if (P.Block < 0 || size_t(P.Block) + 1 >= FI.BlockStart.size())
    return nullptr;
  size_t Begin = FI.BlockStart[P.Block], End = FI.BlockStart[P.Block + 1];
  if (P.Index < 0 || size_t(P.Index) >= End - Begin)
    return nullptr;
  return FI.Instructions[Begin + P.Index];
}

void cacheline::carrySummary(Module &M, const ModuleSummary &S) {
  LLVMContext &Ctx = M.getContext();
  // A module summarized before (compiled again from bitcode): the new
  // summary describes all of it.
  if (NamedMDNode *Old = M.getNamedMetadata(SummariesMetadata))
    M.eraseNamedMetadata(Old);
  MDNode *TU = MDNode::getDistinct(Ctx, {MDString::get(Ctx, S.Source)});
  M.getOrInsertNamedMetadata(SummariesMetadata)
      ->addOperand(MDTuple::get(
          Ctx, {TU, MDString::get(Ctx, EntryTag),
                MDString::get(Ctx, utostr(LLVM_VERSION_MAJOR)),
                MDString::get(Ctx, S.Target),
                MDString::get(Ctx, encodeSummary(S))}));
  forEachDefinition(M, [&](GlobalObject &GO) {
    GO.setMetadata(OriginMetadata,
                   MDTuple::get(Ctx, {TU, MDString::get(Ctx, GO.getName())}));
  });
}

Expected<std::vector<ModuleSummary>>
cacheline::summariesCarriedBy(const Module &M, bool ContextOutlives) {
  std::vector<ModuleSummary> Out;
  if (const NamedMDNode *Entries = M.getNamedMetadata(SummariesMetadata))
    for (const MDNode *E : Entries->operands()) {
      Expected<ModuleSummary> S = readEntry(*E, M, ContextOutlives);
      if (!S)
        return S.takeError();
      Out.push_back(std::move(*S));
    }
  return Out;
}

Expected<std::optional<ProgramSummaries>>
cacheline::readCarriedSummaries(Module &M) {
  NamedMDNode *Entries = M.getNamedMetadata(SummariesMetadata);
  if (!Entries)
    return std::nullopt;
  // The link's context outlives the pass and what it read.
  Expected<std::vector<ModuleSummary>> Read =
      summariesCarriedBy(M, /*ContextOutlives=*/true);
  if (!Read)
    return Read.takeError();
  // The order `cacheline-facts merge` gives the facts files, whatever the
  // link order: where two summaries define one linkonce_odr function, the
  // solver takes the first.
  std::vector<unsigned> Order(Read->size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    return std::tie((*Read)[A].Source, (*Read)[A].Module, A) <
           std::tie((*Read)[B].Source, (*Read)[B].Module, B);
  });
  DenseMap<const MDNode *, unsigned> RankOf; // By translation unit.
  for (unsigned I = 0; I < Order.size(); ++I)
    RankOf[cast<MDNode>(Entries->getOperand(Order[I])->getOperand(0))] = I;

  ProgramSummaries P;
  P.Carried = true;
  bool Complete = true;
  forEachDefinition(M, [&](GlobalObject &GO) {
    MDNode *O = GO.getMetadata(OriginMetadata);
    auto *TU = O && O->getNumOperands() == 2
                   ? dyn_cast_or_null<MDNode>(O->getOperand(0).get())
                   : nullptr;
    auto It = TU ? RankOf.find(TU) : RankOf.end();
    if (It == RankOf.end()) {
      LLVM_DEBUG(if (Complete) dbgs()
                 << "cacheline-summary: " << GO.getName()
                 << " carries no summary: summarizing the module\n");
      Complete = false;
      return;
    }
    P.Symbols.add(GO, It->second, stringOperand(*O, 1));
  });
  if (!Complete)
    return std::nullopt;
  // An external symbol of the summaries that the link made internal, or
  // did not keep (dead, or another's prevailed), is nobody's to call or
  // write from outside. (The link renames only internal symbols: an
  // external one keeps its name.)
  auto Internal = [&](StringRef Name) {
    const GlobalValue *GV = M.getNamedValue(Name);
    return !GV || GV->isDeclaration() || GV->hasLocalLinkage();
  };
  for (const ModuleSummary &S : *Read) {
    for (const FunctionSummary &F : S.Functions)
      if (!F.Local && Internal(F.Name))
        P.Internalized.insert(F.Name);
    for (const GlobalSummary &G : S.Globals)
      if (G.Definition && !G.Local && Internal(G.Name))
        P.Internalized.insert(G.Name);
  }
  for (unsigned I : Order)
    P.Modules.push_back(std::move((*Read)[I]));
  return std::move(P);
}

ProgramSummaries cacheline::programSummaries(Module &M,
                                             FunctionAnalysisManager &FAM) {
  Expected<std::optional<ProgramSummaries>> Carried = readCarriedSummaries(M);
  if (!Carried)
    warn(M, toString(Carried.takeError()) +
                ": ignored, the link summarizes the module itself");
  else if (*Carried)
    return std::move(**Carried);
  ProgramSummaries P;
  P.Modules.push_back(summarizeModule(M, FAM));
  return P;
}
