//===- SummaryBuilderInternal.h - The summary builder's walks ---*- C++ -*-===//
//
// Private to lib/Summary: what the files of the summary builder share.
// Positions (Positions.cpp) knows where each instruction of the module is;
// SummaryWalker (SummaryWalker.cpp) follows one root's pointer uses. The
// walks over a function (FunctionSummary.cpp) and over a global
// (GlobalSummary.cpp) use both; summarizeModule() (SummaryBuilder.cpp)
// runs them over the module.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_SUMMARY_SUMMARYBUILDERINTERNAL_H
#define CACHELINE_SUMMARY_SUMMARYBUILDERINTERNAL_H

#include "cacheline/Summary/OnceRegions.h"
#include "cacheline/Summary/PointerUseWalker.h"
#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class BlockFrequencyInfo;
class Constant;
class DataLayout;
class Function;
class GlobalVariable;
class Instruction;
class Loop;
class LoopInfo;
class Module;
class StoreInst;
class Twine;
class Type;
class Use;
class Value;
} // namespace llvm

namespace cacheline {

class InitializerFields;
struct ObjectAddress;

/// The summary builder's own types and walks.
namespace summary {

inline const llvm::Function *calledFunction(const llvm::CallBase &CB) {
  return llvm::dyn_cast<llvm::Function>(
      CB.getCalledOperand()->stripPointerCasts());
}

/// Positions, loops, frequencies and once regions of the module's
/// instructions.
class Positions {
public:
  Positions(llvm::Module &M, llvm::FunctionAnalysisManager &FAM);

  /// A call FunctionSummary::Calls lists: its block and its index there.
  struct CallPlace {
    const llvm::CallBase *Call;
    int Block;
    int Index;
  };

  /// What the instructions of a block share: a Position but for its
  /// Function, Block, Index and Callee.
  struct BlockPlace {
    bool Known = false;
    int Loop = -1;
    double Frequency = 1.0;
    double LoopFrequency = 1.0;
    std::optional<uint64_t> ProfileCount;
    const std::string *OnceFlag = nullptr;
  };

  /// What scan() finds of a function, and what is computed when first
  /// asked for.
  struct FunctionInfo {
    llvm::StringRef Name;
    bool HasEntryCount = false;
    unsigned NumBlocks = 0;
    /// Its instructions, debug ones not counted (FunctionSummary).
    uint64_t NumInstructions = 0;
    llvm::DenseMap<const llvm::BasicBlock *, unsigned> Block;
    /// FunctionSummary::Calls, in order, and each call's index there.
    std::vector<CallPlace> Calls;
    llvm::DenseMap<const llvm::CallBase *, int> CallSite;
    /// FunctionSummary::Successors, until functionSummary() takes them.
    std::vector<std::vector<int>> Successors;
    llvm::LoopInfo *Loops = nullptr;
    llvm::DenseMap<const llvm::Loop *, int> LoopId;
    /// None in a function of one block.
    llvm::BlockFrequencyInfo *BFI = nullptr;
    double EntryFrequency = 0;
    /// maxIterations() of the loops asked about.
    llvm::DenseMap<const llvm::Loop *, uint64_t> Iterations;
    /// exitsOnCountedCompare() of the loops asked about.
    llvm::DenseMap<const llvm::Loop *, bool> CountedCompare;
    /// blockPlace() of each block, by number.
    std::vector<BlockPlace> Places;
  };

  /// \p F's blocks, calls and loops. The returned reference stays valid
  /// while others are added: callers hold one across walks that ask for
  /// other functions.
  FunctionInfo &info(const llvm::Function &F);

  /// \p CB's index in its function's FunctionSummary::Calls.
  int callSiteIndex(const llvm::CallBase &CB);

  llvm::LoopInfo &loops(const llvm::Function &F);

  /// The index of \p BB's innermost loop, or -1; the loop's trip counts
  /// are looked at for countedLoops().
  int loopId(const llvm::BasicBlock &BB);

  /// The most times the body of \p L runs per call of its function: the
  /// product of the constant maximum trip counts (SCEV's) of it and of
  /// every loop around it; 0 if one is unknown.
  uint64_t maxIterations(const llvm::Loop &L);

  /// Some exit of \p L compares an induction variable of its header (or
  /// the variable stepped) with a constant: `i != 256`. Once per loop: each
  /// loop inside asks about it again.
  static bool exitsOnCountedCompare(FunctionInfo &FI, const llvm::Loop &L);

  /// The counted loops among those loopId() was asked about in \p F.
  std::vector<CountedLoop> countedLoops(const llvm::Function &F);

  /// Frequency of \p BB relative to its function's entry and to the header
  /// of its innermost loop.
  std::pair<double, double> frequencies(const llvm::BasicBlock &BB);

  /// The place of block number \p Block of \p FI, computed once per
  /// block: the walks record every access, many in the same blocks.
  const BlockPlace &blockPlace(FunctionInfo &FI, const llvm::BasicBlock &BB,
                               unsigned Block);

  /// Where \p I is: the place of its block, with its index and callee.
  Position at(const llvm::Instruction &I);

  /// cacheline::onlyCalledDirectly(), once per function: each call of it
  /// asks.
  bool onlyCalledDirectly(const llvm::Function &F);

  /// \p T printed: many calls share a function type.
  std::string typeName(const llvm::Type *T);

  llvm::FunctionAnalysisManager &FAM;

private:
  /// Numbers \p F's blocks and finds its calls and successors; adds its
  /// OnceRegions::isWrite() instructions to \p Writes.
  void scan(const llvm::Function &F,
            std::vector<const llvm::Instruction *> &Writes);

  llvm::BlockFrequencyInfo &blockFrequencies(const llvm::Function &F,
                                             FunctionInfo &FI);

  /// The init flag \p BB runs behind, if it is a latch, or in a once region
  /// and in no loop of it but short counted ones: other threads may run
  /// while a once region does, and a loop in it repeats its writes unless
  /// it is a table fill.
  const std::string *onceFlag(const llvm::BasicBlock &BB);

  std::optional<OnceRegions> Once;
  llvm::DenseMap<const llvm::Function *, std::unique_ptr<FunctionInfo>> Infos;
  llvm::DenseMap<const llvm::Type *, std::string> TypeNames;
  llvm::DenseMap<const llvm::Function *, bool> OnlyCalledDirectly;
};

/// A global that holds one pointer (`T *P = &t;`, `P = &t;`): what code
/// loads from it is the address stored in it, which the solver follows
/// into the loads (GlobalSummary::Loaded) when the program keeps it to
/// itself.
bool isPointerVariable(const llvm::GlobalVariable &GV);

/// Follows one root (a global or a pointer parameter) and summarizes its
/// uses. A call handing the pointer to a named function is recorded, not
/// followed: its body may be in another module.
class SummaryWalker : public PointerUseWalker<SummaryWalker> {
public:
  SummaryWalker(Positions &Pos, const llvm::DataLayout &DL)
      : Pos(Pos), DL(DL) {}

  void walk(const llvm::Value *From) { walk(llvm::ArrayRef(From)); }
  /// From values that all point to the same place (the loads of a pointer
  /// variable: each is where the variable's pointer points).
  void walk(llvm::ArrayRef<const llvm::Value *> From);

  PointerSummary Uses;
  bool InUsedList = false;

private:
  friend class PointerUseWalker<SummaryWalker>;

  void record(AccessKind Kind, const llvm::Instruction *I);

  /// A range to fill in at the end of the walk.
  struct PendingRange {
    enum { Access, Call, Return } Of;
    size_t Index; ///< In Uses.Accesses, Uses.Calls or Uses.ReturnedBy.
    const llvm::Value *Ptr;
    /// Access: the bytes it touches. Call: 1 for a known function acting
    /// on one object (a lock), else 0 (the range's own size).
    uint64_t Size;
  };
  std::vector<PendingRange> Pending;

  void placeRange(const PendingRange &P);

  /// The pointers \p V merges: a phi's incoming values, a select's two
  /// arms and, \p ThroughCalls, what the internal function a call of it
  /// calls returns (null for a return of no value); empty for any other.
  static llvm::SmallVector<const llvm::Value *, 4>
  mergedPointers(const llvm::Value *V, bool ThroughCalls);

  /// The term of \p A whose index chooses among constants, if one does;
  /// -1 if none.
  int chosenTermIndex(const ObjectAddress &A) const;
  bool chosenTerm(const ObjectAddress &A) const;

  /// The places \p V may point at, when it is a phi or select (after GEPs
  /// and casts) of addresses whose places rangeOf knows but differ: each
  /// input's, at most MaxPlaces; empty otherwise.
  std::vector<ByteRange> placesOf(const llvm::Value *V);

  /// Where \p V points in the root's object, if the arithmetic from the
  /// root can be followed: GEPs, casts and aliases, and phis, selects and
  /// internal functions' returns whose every input points at the same
  /// place (after which arithmetic is handed: ByteRange).
  std::optional<ByteRange> rangeOf(const llvm::Value *V);

  std::optional<ByteRange> computeRange(const llvm::Value *V);

  /// What a write puts in the memory, as far as function pointers go.
  void noteStoredValue(AccessKind Kind, const llvm::Instruction &I);

  void returned(const llvm::Function &F, std::optional<ArgumentValues> When);

  void stored(const llvm::StoreInst &SI);

  void escape(const llvm::Twine &Reason, const llvm::Instruction *At);

  void distance(const llvm::Instruction *At);

  void order(const llvm::Instruction *At);

  /// " of g" for a walk from a global: a parameter's walk does not know
  /// whose address it has.
  std::string ofRoot() const;

  static std::string in(const llvm::Instruction *At);

  void visitCall(const llvm::CallBase &CB, const llvm::Use &U);
  void visitConstant(const llvm::Constant &C);

  Positions &Pos;
  const llvm::DataLayout &DL;
  const llvm::Value *Root = nullptr;
  /// All the roots of the walk, Root first.
  llvm::SmallPtrSet<const llvm::Value *, 4> Roots;
  /// rangeOf() of the values asked about, by index in Ranges.
  llvm::DenseMap<const llvm::Value *, unsigned> RangeIndex;
  std::vector<std::optional<ByteRange>> Ranges;
};

/// The globals whose initializer holds \p C (\p C itself if a global uses
/// it directly), through constant expressions and aggregates; in the order
/// of the uses, so that summaries are the same from run to run.
llvm::SmallSetVector<const llvm::GlobalVariable *, 4>
initializerOwners(const llvm::Constant &C);

/// Every use of \p F's address.
void addressFacts(const llvm::Function &F, Positions &Pos,
                  InitializerFields &Fields,
                  std::vector<AddressUseSummary> &Out);

FunctionSummary functionSummary(llvm::Function &F, Positions &Pos,
                                bool IsMain);

GlobalSummary globalSummary(llvm::GlobalVariable &GV, Positions &Pos);

} // namespace summary
} // namespace cacheline

#endif // CACHELINE_SUMMARY_SUMMARYBUILDERINTERNAL_H
