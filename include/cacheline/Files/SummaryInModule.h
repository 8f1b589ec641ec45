//===- SummaryInModule.h - Summaries carried inside the bitcode -*- C++ -*-===//
//
// A compile that loads the plugin summarizes its module once, as the
// compile leaves it, and an LTO pre-link compile (full or thin) carries
// that summary inside the bitcode it writes, so that no side file can get
// out of step with the objects (the full-LTO link and `cacheline-facts
// merge` read it):
//
//   !cacheline.summaries = !{!S}         one entry per translation unit
//   !S = !{!TU, !"cacheline-summary", !"<LLVM release>", !"<target>",
//          !"<the summary, compact form (SummaryEncoding.h)>"}
//   !TU = distinct !{!"<source file>"}
//   define ... @f() !cacheline.origin !{!TU, !"f"}     every definition
//   @g = ... !cacheline.origin !{!TU, !"g"}
//
// The full-LTO link merges the modules: IRMover appends the named metadata,
// keeps the attachments, and renames internal symbols that clash (the
// attachment keeps the name the summary knows). The link then reads the
// summaries back and solves them; it summarizes no code a compile already
// summarized. If some definition of the merged module carries no summary
// (bitcode built without the plugin, a prebuilt library), the link
// summarizes the merged module itself, as it arrives, before its own
// inlining: the same IR the compiles summarized.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUMMARYINMODULE_H
#define CACHELINE_LAYOUT_SUMMARYINMODULE_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Function;
class GlobalObject;
class GlobalVariable;
class Instruction;
class Module;
} // namespace llvm

namespace cacheline {

constexpr llvm::StringLiteral SummariesMetadata = "cacheline.summaries";
constexpr llvm::StringLiteral OriginMetadata = "cacheline.origin";

/// Which summary, and which name in it, each symbol of a module stands for.
/// Empty: one summary built from the module itself (every symbol is module
/// 0's, by its own name).
class SummarySymbols {
public:
  /// \p GO is the symbol \p Name of summary \p Module.
  void add(llvm::GlobalObject &GO, unsigned Module, llvm::StringRef Name);

  /// The summary and name \p GO stands for.
  std::pair<unsigned, std::string> origin(const llvm::GlobalObject &GO) const;
  /// The definition of function \p Name of summary \p Module in \p M; null
  /// when the module's copy is another summary's (a linkonce_odr body that
  /// each compile optimized on its own: positions may differ).
  llvm::Function *function(llvm::Module &M, unsigned Module,
                           llvm::StringRef Name) const;
  /// The global variable \p Name of summary \p Module in \p M; null if none.
  llvm::GlobalVariable *global(llvm::Module &M, unsigned Module,
                               llvm::StringRef Name) const;

private:
  llvm::DenseMap<const llvm::GlobalObject *, std::pair<unsigned, std::string>>
      Origins;
  std::map<std::pair<unsigned, std::string>, llvm::GlobalObject *, std::less<>>
      Symbols;
};

/// Leads a summary position back to its instruction in the module the
/// summaries describe: remarks, the report, the instrumentation and the
/// rewrite's call graph point at instructions. The summaries describe the
/// module as the compiles left it, so this holds until the link's own
/// optimizations run.
class InstructionIndex {
public:
  InstructionIndex(llvm::Module &M, const SummarySymbols &Symbols)
      : M(M), Symbols(Symbols) {}
  /// The instruction at \p P of summary \p Module's function; null if the
  /// module has no such instruction.
  llvm::Instruction *find(unsigned Module, const Position &P);

private:
  /// A function's instructions in order, and where each block starts.
  struct FunctionInstructions {
    std::vector<llvm::Instruction *> Instructions;
    std::vector<size_t> BlockStart;
  };
  llvm::Module &M;
  const SummarySymbols &Symbols;
  llvm::DenseMap<const llvm::Function *, FunctionInstructions> Functions;
};

/// The whole program's summaries, and the module's symbols they describe.
struct ProgramSummaries {
  std::vector<ModuleSummary> Modules;
  SummarySymbols Symbols;
  /// The summaries are the compiles': the link summarized nothing.
  bool Carried = false;
  /// The external symbols of the summaries that the link made internal or
  /// dropped (SolverOptions::Internalized).
  llvm::StringSet<> Internalized;
};

/// Carries \p S, the summary of \p M as it is now, inside \p M.
void carrySummary(llvm::Module &M, const ModuleSummary &S);

/// The summaries the modules merged into \p M carried, sorted as
/// `cacheline-facts merge` sorts facts files; std::nullopt when some
/// definition of \p M carries none. An error when one cannot be used: of
/// another format version or LLVM release, of another target, damaged.
llvm::Expected<std::optional<ProgramSummaries>>
readCarriedSummaries(llvm::Module &M);

/// Every summary \p M carries, in the order the entries are (the summaries
/// of the modules merged into it); errors as readCarriedSummaries's. Unless
/// \p ContextOutlives says \p M's context outlives them, they keep a copy
/// of the bytes they were decoded from.
llvm::Expected<std::vector<ModuleSummary>>
summariesCarriedBy(const llvm::Module &M, bool ContextOutlives = false);

/// The summaries \p M carries where every definition has one, else the
/// summary of \p M built now (with a warning when a carried one could not
/// be used).
ProgramSummaries programSummaries(llvm::Module &M,
                                  llvm::FunctionAnalysisManager &FAM);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SUMMARYINMODULE_H
