//===- Positions.cpp - Where each instruction of a module is --------------===//
//
// Positions (SummaryBuilderInternal.h): one scan of the module's blocks and
// calls, and what the summaries ask of each place once per function or
// block: its loop and the loop's trip counts, its frequencies, its profile
// count and the once region it is in.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/SummaryBuilder.h"
#include "SummaryBuilderInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <iterator>
#include <tuple>

using namespace llvm;
using namespace cacheline;
using namespace cacheline::summary;

namespace {

std::string typeString(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// Loops in a once region with at most this many trips are table fills.
constexpr unsigned MaxOnceRegionTrips = 65536;

} // namespace

Positions::Positions(Module &M, FunctionAnalysisManager &FAM) : FAM(FAM) {
  // One walk over the module's instructions, which are many and far
  // apart in memory: what each function's summary needs of them, and the
  // writes once regions are made of.
  std::vector<const Instruction *> Writes;
  for (const Function &F : M)
    if (!F.isDeclaration())
      scan(F, Writes);
  Once.emplace(M, Writes, FAM);
}

Positions::FunctionInfo &Positions::info(const Function &F) {
  std::unique_ptr<FunctionInfo> &Info = Infos[&F];
  if (!Info) { // A declaration: no blocks.
    Info = std::make_unique<FunctionInfo>();
    Info->Name = F.getName();
  }
  FunctionInfo &FI = *Info;
  if (!FI.Loops) {
    FI.Loops = &FAM.getResult<LoopAnalysis>(const_cast<Function &>(F));
    SmallVector<Loop *, 4> Preorder = FI.Loops->getLoopsInPreorder();
    FI.LoopId.reserve(Preorder.size());
    for (auto [Id, L] : enumerate(Preorder))
      FI.LoopId[L] = Id;
  }
  return FI;
}

int Positions::callSiteIndex(const CallBase &CB) {
  return Infos.find(CB.getFunction())->second->CallSite.lookup(&CB);
}

LoopInfo &Positions::loops(const Function &F) { return *info(F).Loops; }

int Positions::loopId(const BasicBlock &BB) {
  FunctionInfo &FI = info(*BB.getParent());
  const Loop *L = FI.Loops->getLoopFor(&BB);
  if (!L)
    return -1;
  maxIterations(*L);
  return FI.LoopId.lookup(L);
}

uint64_t Positions::maxIterations(const Loop &L) {
  Function &F = *L.getHeader()->getParent();
  FunctionInfo &FI = info(F);
  auto [It, New] = FI.Iterations.try_emplace(&L, 0);
  if (!New)
    return It->second;
  // SCEV's exit counts are costly in large loops (an interpreter's
  // dispatch loop has hundreds of exits): ask only about loops that
  // look counted.
  for (const Loop *P = &L; P; P = P->getParentLoop())
    if (!exitsOnCountedCompare(FI, *P))
      return 0;
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  uint64_t N = 1;
  for (const Loop *P = &L; P; P = P->getParentLoop()) {
    unsigned Trips = SE.getSmallConstantMaxTripCount(P);
    if (Trips == 0)
      return 0;
    N = SaturatingMultiply(N, uint64_t(Trips));
  }
  return FI.Iterations[&L] = N;
}

bool Positions::exitsOnCountedCompare(FunctionInfo &FI, const Loop &L) {
  auto [It, New] = FI.CountedCompare.try_emplace(&L, false);
  if (!New)
    return It->second;
  auto IsInduction = [&](const Value *V) {
    if (const auto *BO = dyn_cast<BinaryOperator>(V))
      V = isa<Constant>(BO->getOperand(1)) ? BO->getOperand(0) : nullptr;
    const auto *Phi = dyn_cast_or_null<PHINode>(V);
    return Phi && Phi->getParent() == L.getHeader();
  };
  SmallVector<BasicBlock *, 8> Exiting;
  L.getExitingBlocks(Exiting);
  return It->second = any_of(Exiting, [&](const BasicBlock *BB) {
           const auto *BI = dyn_cast<BranchInst>(BB->getTerminator());
           const auto *Cmp = BI && BI->isConditional()
                                 ? dyn_cast<ICmpInst>(BI->getCondition())
                                 : nullptr;
           return Cmp && isa<Constant>(Cmp->getOperand(1)) &&
                  IsInduction(Cmp->getOperand(0));
         });
}

std::vector<CountedLoop> Positions::countedLoops(const Function &F) {
  FunctionInfo &FI = info(F);
  std::vector<CountedLoop> Out;
  for (auto [L, N] : FI.Iterations)
    if (N)
      Out.push_back({FI.LoopId.lookup(L), N});
  llvm::sort(Out, [](const CountedLoop &A, const CountedLoop &B) {
    return A.Loop < B.Loop;
  });
  return Out;
}

std::pair<double, double> Positions::frequencies(const BasicBlock &BB) {
  const Function &F = *BB.getParent();
  FunctionInfo &FI = info(F);
  if (FI.NumBlocks == 1)
    return {1.0, 1.0};
  BlockFrequencyInfo &BFI = blockFrequencies(F, FI);
  double Block = double(BFI.getBlockFreq(&BB).getFrequency());
  double Header = Block;
  if (const Loop *L = FI.Loops->getLoopFor(&BB))
    Header = double(BFI.getBlockFreq(L->getHeader()).getFrequency());
  return {Block / FI.EntryFrequency, Header > 0 ? Block / Header : 1.0};
}

const Positions::BlockPlace &
Positions::blockPlace(FunctionInfo &FI, const BasicBlock &BB, unsigned Block) {
  if (FI.Places.empty())
    FI.Places.resize(FI.NumBlocks);
  BlockPlace &P = FI.Places[Block];
  if (P.Known)
    return P;
  P.Known = true;
  P.Loop = loopId(BB);
  std::tie(P.Frequency, P.LoopFrequency) = frequencies(BB);
  if (FI.HasEntryCount)
    P.ProfileCount =
        blockFrequencies(*BB.getParent(), FI).getBlockProfileCount(&BB);
  P.OnceFlag = onceFlag(BB);
  return P;
}

Position Positions::at(const Instruction &I) {
  const BasicBlock &BB = *I.getParent();
  FunctionInfo &FI = info(*BB.getParent());
  Position P;
  P.Block = FI.Block.lookup(&BB);
  const BlockPlace &B = blockPlace(FI, BB, P.Block);
  P.Function = FI.Name.str();
  P.Index = std::distance(BB.begin(), I.getIterator());
  P.Loop = B.Loop;
  P.Frequency = B.Frequency;
  P.LoopFrequency = B.LoopFrequency;
  P.ProfileCount = B.ProfileCount;
  if (const auto *CB = dyn_cast<CallBase>(&I))
    if (const Function *Callee = CB->getCalledFunction())
      P.Callee = Callee->getName().str();
  if (B.OnceFlag)
    P.OnceFlag = *B.OnceFlag;
  return P;
}

bool Positions::onlyCalledDirectly(const Function &F) {
  auto [It, New] = OnlyCalledDirectly.try_emplace(&F);
  if (New)
    It->second = cacheline::onlyCalledDirectly(F);
  return It->second;
}

std::string Positions::typeName(const Type *T) {
  auto [It, New] = TypeNames.try_emplace(T);
  if (New)
    It->second = typeString(T);
  return It->second;
}

void Positions::scan(const Function &F,
                     std::vector<const Instruction *> &Writes) {
  std::unique_ptr<FunctionInfo> &Info = Infos[&F];
  Info = std::make_unique<FunctionInfo>();
  FunctionInfo &FI = *Info;
  FI.Name = F.getName();
  FI.HasEntryCount = F.getEntryCount().has_value();
  SmallVector<const BasicBlock *, 32> Blocks;
  // The successors of each block in turn: Targets[TargetsEnd[B - 1] ...
  // TargetsEnd[B]) are block B's.
  SmallVector<const BasicBlock *, 64> Targets;
  SmallVector<unsigned, 32> TargetsEnd;
  for (const BasicBlock &BB : F) {
    int Index = 0;
    for (const Instruction &I : BB) {
      if (isCallSite(I))
        FI.Calls.push_back({cast<CallBase>(&I), int(Blocks.size()), Index});
      else if (OnceRegions::isWrite(I))
        Writes.push_back(&I);
      if (!I.isDebugOrPseudoInst())
        ++FI.NumInstructions;
      ++Index;
    }
    Blocks.push_back(&BB);
    append_range(Targets, successors(&BB));
    TargetsEnd.push_back(Targets.size());
  }
  // Maps sized once: most functions are small, and a map grown from
  // empty starts at 64 buckets.
  FI.NumBlocks = Blocks.size();
  FI.Block.reserve(Blocks.size());
  for (auto [B, BB] : enumerate(Blocks))
    FI.Block[BB] = B;
  FI.CallSite.reserve(FI.Calls.size());
  for (auto [Site, Place] : enumerate(FI.Calls))
    FI.CallSite[Place.Call] = Site;
  FI.Successors.resize(Blocks.size());
  unsigned Begin = 0;
  for (auto [B, Successors] : enumerate(FI.Successors)) {
    auto Numbers = map_range(
        ArrayRef(Targets).slice(Begin, TargetsEnd[B] - Begin),
        [&](const BasicBlock *Succ) { return int(FI.Block.lookup(Succ)); });
    Successors.assign(Numbers.begin(), Numbers.end());
    Begin = TargetsEnd[B];
  }
  // The analyses every summary of such a function asks for, while its
  // instructions are still in the cache: its loops, and the frequencies
  // of its calls' blocks.
  info(F);
  if (FI.NumBlocks > 1 && !FI.Calls.empty())
    blockFrequencies(F, FI);
}

BlockFrequencyInfo &Positions::blockFrequencies(const Function &F,
                                                FunctionInfo &FI) {
  if (!FI.BFI) {
    FI.BFI = &FAM.getResult<BlockFrequencyAnalysis>(const_cast<Function &>(F));
    // (BFI's entry frequency has a type that differs between LLVM
    // releases.)
    FI.EntryFrequency =
        double(FI.BFI->getBlockFreq(&F.getEntryBlock()).getFrequency());
  }
  return *FI.BFI;
}

const std::string *Positions::onceFlag(const BasicBlock &BB) {
  const std::string *Flag = Once->flagOf(BB);
  if (!Flag || Once->isLatch(BB))
    return Flag;
  Function &F = const_cast<Function &>(*BB.getParent());
  const Loop *L = loops(F).getLoopFor(&BB);
  if (!L)
    return Flag;
  uint64_t Iterations = maxIterations(*L);
  return Iterations && Iterations <= MaxOnceRegionTrips ? Flag : nullptr;
}
