//===- Classification.h - What the whole program decided --------*- C++ -*-===//
//
// The classification of a module's globals and allocation sites: for each,
// the solver's facts, the rules' class with its reason, and the inner
// layout the policy chose. CachelineClassificationAnalysis makes it; the
// layout plans from it, the report and the remarks describe it, the
// instrumentation counts the accesses it lists.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PIPELINE_CLASSIFICATION_H
#define CACHELINE_LAYOUT_PIPELINE_CLASSIFICATION_H

#include "cacheline/Files/SummaryInModule.h"
#include "cacheline/Files/WriteProfile.h"
#include "cacheline/Policy/Policy.h"
#include "cacheline/WholeProgram/Solver.h"

#include "llvm/IR/DebugLoc.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
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
  /// Its definition's fingerprint (definitionFingerprint), which a write
  /// profile's entry must match; filled where a profile is given.
  std::string Fingerprint;
  /// Its definition in the summaries, if any module has one.
  const GlobalSummary *Definition = nullptr;
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

  /// \p S as \p Program solved it: named as the summaries name it, its
  /// module's source file where it is internal.
  static ClassifiedGlobal fromSolved(SolvedGlobal &&S, const Solver &Program);

  /// Its name as the summaries give it (what a layout file and a write
  /// profile of carried summaries name).
  llvm::StringRef summaryName() const {
    return SummaryName.empty() ? Name : SummaryName;
  }

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

/// What the whole program decided: the classes and inner layouts of its
/// globals and allocation sites, for the layout, the report and the
/// remarks.
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
  /// With carried summaries: the globals they mention that the link
  /// dropped (no GV), decided as the others are, so that the report lists
  /// what the two-stage flow's layout file lists.
  std::vector<ClassifiedGlobal> DroppedGlobals;
  std::vector<ClassifiedAllocation> Allocations;
  unsigned LineSize = 0;
  /// The write profile the classes came from, if one was given.
  std::optional<WriteProfile> Profile;

  void print(llvm::raw_ostream &OS) const;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_PIPELINE_CLASSIFICATION_H
