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

#include "GlobalWriteFacts.h"
#include "Layout.h"
#include "Policy.h"
#include "ThreadContext.h"

#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

struct ClassifiedGlobal {
  GlobalFacts Facts;
  Classification Class;
  /// Set once the layout has moved or grown the global.
  std::optional<LayoutChange> Change;
};

/// The result of CachelineClassificationAnalysis.
class CachelineClassification {
public:
  std::unique_ptr<ThreadContext> Context;
  std::vector<ClassifiedGlobal> Globals;
  unsigned LineSize = 0;
  /// Bytes the layout added, once it has run.
  std::optional<uint64_t> PaddingBytes;

  void print(llvm::raw_ostream &OS) const;
  /// Never stale while the module's functions stay as they are; the layout
  /// pass replaces globals but keeps every function.
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
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_CACHELINELAYOUT_H
