//===- CachelineLayout.h - The cacheline-layout passes ----------*- C++ -*-===//
//
// CachelineClassificationAnalysis classifies every global of a module as
// write-hot, read-mostly, neutral or skipped. CachelineLayoutPass (the
// "cacheline-layout" pass) reports the classification and applies it at the
// full-LTO link; print<cacheline-layout> prints it.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_CACHELINELAYOUT_H
#define CACHELINE_LAYOUT_CACHELINELAYOUT_H

#include "cacheline/Layout.h"
#include "cacheline/Policy.h"
#include "cacheline/Solver.h"
#include "cacheline/SummaryInModule.h"
#include "cacheline/WriteProfile.h"

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class GlobalVariable;
class Instruction;
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// One global as the analysis classified it. The layout changes none of
/// this: what it did is its LayoutOutcome.
struct ClassifiedGlobal {
  llvm::GlobalVariable *GV = nullptr;
  std::string Name;
  /// With summaries the compiles carried: the global's name in its
  /// summary where the link renamed it (two TUs' static `scratch`), and the
  /// source file of an internal one, as a layout file names them.
  std::string SummaryName, Module;
  /// What the solver found: the rules' input.
  GlobalRecord Facts;
  /// Where each of Facts.Writes and Facts.Reads is, in the summaries
  /// (InstructionIndex leads to the instruction).
  std::vector<ModulePosition> WriteAt, ReadAt;
  Decision Class;
  /// Inside the global, as the policy decides: padded elements, split
  /// fields, or why not.
  InnerLayout Inner;
  /// With a write profile (CACHELINE_LAYOUT_PROFILE): the global's measured
  /// entry, if the profile has a current one.
  const ProfiledGlobal *Measured = nullptr;
  /// The rules' class, where the profile replaced it.
  std::optional<Decision> Static;

  /// The instruction the class rests on, else any access, else null.
  const llvm::Instruction *decisiveInstruction(InstructionIndex &Index) const;
};

/// One allocation site as the analysis classified it.
struct ClassifiedAllocation {
  SolvedAllocation Site;
  /// The allocating call in the module, if found, and the pointer
  /// variables that hold only its result.
  llvm::CallBase *Call = nullptr;
  std::vector<llvm::GlobalVariable *> Holders;
  /// "file:line" of the call, where debug info says, its function and
  /// location, for the report and remarks (the layout replaces the call).
  std::string Source;
  llvm::Function *Caller = nullptr;
  llvm::DebugLoc Loc;
  Decision Class;
  InnerLayout Inner;
  /// With a write profile: the site's measured entry, if the profile has a
  /// current one, and the rules' class where the profile replaced it.
  const ProfiledAllocation *Measured = nullptr;
  std::optional<Decision> Static;
};

/// The result of CachelineClassificationAnalysis.
class CachelineClassification {
public:
  /// The whole program, from the module's summary; null when a setting
  /// was bad (the passes then do nothing).
  std::unique_ptr<Solver> Program;
  /// The module's symbols, as the Program's summaries name them.
  SummarySymbols Symbols;
  /// How many translation units' summaries the module carried; 0 when the
  /// pass summarized the module itself.
  unsigned CarriedSummaries = 0;
  std::vector<ClassifiedGlobal> Globals;
  std::vector<ClassifiedAllocation> Allocations;
  unsigned LineSize = 0;
  /// The write profile the classes came from, if one was given.
  std::optional<WriteProfile> Profile;

  /// What the layout is to do: each global's class and inner layout, in
  /// the order of Globals (LayoutOutcome follows it too).
  LayoutPlan plan() const;
  void print(llvm::raw_ostream &OS) const;
  /// Stale once a pass does not preserve it: the layout pass, which
  /// replaces globals, does not.
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &PA,
                  llvm::ModuleAnalysisManager::Invalidator &);
};

class CachelineClassificationAnalysis
    : public llvm::AnalysisInfoMixin<CachelineClassificationAnalysis> {
  friend llvm::AnalysisInfoMixin<CachelineClassificationAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = CachelineClassification;
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

/// print<cacheline-layout>: one line per global, then the thread context.
class CachelineClassificationPrinterPass
    : public llvm::PassInfoMixin<CachelineClassificationPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit CachelineClassificationPrinterPass(llvm::raw_ostream &OS)
      : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// cacheline-layout: classify, report, lay out.
class CachelineLayoutPass : public llvm::PassInfoMixin<CachelineLayoutPass> {
public:
  /// \p AtLink: the pass runs first thing in the full-LTO link's pipeline,
  /// whose GlobalOpt comes after it (LayoutPlan::GlobalOptFollows), and
  /// CachelinePlacePass places the globals at its end;
  /// `cacheline-layout<link>` in a pipeline text.
  explicit CachelineLayoutPass(bool AtLink = false) : AtLink(AtLink) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  bool AtLink;
};

/// cacheline-place: places the globals the layout marked (Placement.h).
/// Registered at the end of the full-LTO link's pipeline and of a ThinLTO
/// backend's, where only code generation follows.
class CachelinePlacePass : public llvm::PassInfoMixin<CachelinePlacePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

/// The compile's part: summarizes the module once, carries the summary
/// inside an LTO pre-link compile's bitcode (full or thin) for the link and
/// `cacheline-facts merge`
/// (SummaryInModule.h), writes it as the module's facts
/// (CACHELINE_LAYOUT_FACTS_DIR) for the two-stage flow, and applies a
/// merged layout file (CACHELINE_LAYOUT_FILE) to the globals it defines.
/// Registered at the optimizer-last extension point, which LLVM 16 and 19
/// run in compiles without LTO, in ThinLTO and full-LTO pre-link compiles,
/// and in ThinLTO backends; never at the full-LTO link.
class CachelineCompileTimePass
    : public llvm::PassInfoMixin<CachelineCompileTimePass> {
public:
  /// \p Summarize: a compile (pre-link or without LTO), not a backend,
  /// whose module is the TU's own. \p Apply: apply a layout file if one is
  /// given (never in a full-LTO pre-link compile: the link lays out).
  /// \p Carry: carry the summary in any module, not only an LTO pre-link
  /// compile's (opt -passes=cacheline-carry-summary). \p InBackend: a
  /// ThinLTO backend, whose GlobalOpt comes after the layout
  /// (LayoutPlan::GlobalOptFollows; cacheline-apply-layout<backend>).
  CachelineCompileTimePass(bool Summarize, bool Apply, bool Carry = false,
                           bool InBackend = false)
      : Summarize(Summarize), Apply(Apply), Carry(Carry),
        InBackend(InBackend) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  bool Summarize, Apply, Carry, InBackend;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_CACHELINELAYOUT_H
