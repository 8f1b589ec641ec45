//===- CachelineLayout.h - The cacheline-layout passes ----------*- C++ -*-===//
//
// CachelineClassificationAnalysis classifies every global of a module as
// write-hot, read-mostly, neutral or skipped. CachelineLayoutPass (the
// "cacheline-layout" pass) reports the classification and applies it at the
// full-LTO link; print<cacheline-layout> prints it.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PASSES_CACHELINELAYOUT_H
#define CACHELINE_LAYOUT_PASSES_CACHELINELAYOUT_H

#include "cacheline/Pipeline/Classification.h"

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// The result of CachelineClassificationAnalysis.
struct CachelineClassificationResult : CachelineClassification {
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
  using Result = CachelineClassificationResult;
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

#endif // CACHELINE_LAYOUT_PASSES_CACHELINELAYOUT_H
