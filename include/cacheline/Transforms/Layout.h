//===- Layout.h - Sections, alignment and padding for classified globals -===//
//
// Turns the classification into memory layout, following the kernel's rule:
// keep read-mostly variables away from written ones, and give each written
// variable its own lines.
//
//  * Read-mostly globals move, in one run, into .data.read_mostly (or
//    .bss.read_mostly when zero-initialised). The first is line-aligned and
//    a private pad closes the group on a line boundary.
//  * Each write-hot global moves into .data.write_hot (.bss.write_hot),
//    aligned to the line size, and grows to whole lines; an array whose
//    elements different threads write first gets a line per element
//    (ElementLayout.h), where the policy says so (decideInnerLayout).
//  * A write-hot struct the policy splits by field class becomes one
//    global per group of fields first (FieldLayout.h), each then placed
//    by its group's class.
//
// The layouts inside objects rewrite the code that reaches them, at once;
// the places (sections, alignment, padding) are marks that
// placeMarkedGlobals makes right before code generation, so that the
// optimizer sees every global it does not rewrite as it was
// (Placement.h).
//
// lld folds .data.* into .data, so isolation rests on alignment and size
// alone; the lld-config/ script only gives the groups output sections of
// their own.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_LAYOUT_H
#define CACHELINE_LAYOUT_LAYOUT_H

#include "cacheline/Policy/Policy.h"
#include "cacheline/Transforms/AllocationLayout.h"
#include "cacheline/Transforms/Placement.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
class GlobalVariable;
class Module;
} // namespace llvm

namespace cacheline {

class Solver;
class SummarySymbols;

// ReadMostlyDataSection, WriteHotBSSSection, ...: Sections.def states them
// for the pass, the linker script and cacheline-relayout.
#define CACHELINE_SECTION(Id, Name, Class, Kind)                                \
  constexpr llvm::StringLiteral Id##Section = Name;
#include "cacheline/Support/Sections.def"

/// What happened to one global.
struct LayoutChange {
  std::string Section;
  uint64_t Align = 0;
  uint64_t OldAlign = 0;
  uint64_t OldSize = 0;
  uint64_t NewSize = 0; ///< Larger than OldSize when padded.
  /// Bytes per element, when each element got lines of its own.
  uint64_t SlotSize = 0;
};

/// What the layout is to do with one global: its class and the layout
/// inside it, from the classification or from a layout file.
struct PlannedGlobal {
  llvm::GlobalVariable *GV = nullptr;
  GlobalClass Class = GlobalClass::Neutral;
  InnerLayout Inner;
  /// The definition in the module of each function Inner.Copies copies
  /// (null where the module has none).
  std::vector<llvm::Function *> CopyBodies;
};

/// The layout's input.
struct LayoutPlan {
  std::vector<PlannedGlobal> Globals;
  std::vector<PlannedAllocation> Allocations;
  unsigned LineSize = 0;
  /// The whole program, when known: the rewrites' checks follow its calls
  /// (indirect ones, and the callers of a function returning an address).
  const Solver *Program = nullptr;
  const SummarySymbols *Symbols = nullptr;
  /// GlobalOpt runs on the module after the layout (the full-LTO link's
  /// pipeline): a read-mostly global it will make constant is left to it.
  bool GlobalOptFollows = false;
  /// How the globals are placed now: Final where codegen follows, DryRun
  /// where CachelinePlacePass places them at the end of the pipeline
  /// (the full-LTO link, a ThinLTO backend), Survivable in a ThinLTO
  /// pre-link compile.
  PlaceMode When = PlaceMode::Final;
};

/// What the layout did with one planned global.
struct GlobalOutcome {
  /// The global now: the plan's, its grown replacement, or null once split
  /// by field class (Parts).
  llvm::GlobalVariable *GV = nullptr;
  /// Set once the layout has moved, grown or split the global.
  std::optional<LayoutChange> Change;
  /// The layout inside it as made: the plan's, or the whole-object layout
  /// with the reason the IR refused the plan's (Reason).
  InnerLayout Inner;
  /// A struct split by field class: the global holding each group of
  /// fields (Inner.Parts), and what the layout did with it.
  struct Part {
    std::string Name;
    std::optional<LayoutChange> Change;
  };
  std::vector<Part> Parts;
  /// The name of each copy of a function made for the split
  /// (Inner.Copies, FunctionCopies.h); empty for one that no call needed.
  std::vector<std::string> CopyNames;
  /// Why the layout left a read-mostly global where it was, if it did.
  std::string NotMoved;
};

/// What the layout did with one planned allocation.
struct AllocationOutcome {
  /// Its elements were padded (not only checked).
  bool Padded = false;
  /// Why the IR refused the plan's padding, if it did.
  std::string Refused;
};

/// The layout's output, one outcome per planned global and allocation.
struct LayoutOutcome {
  std::vector<GlobalOutcome> Globals;
  std::vector<AllocationOutcome> Allocations;
  /// Bytes added (grown write-hot globals plus the pads closing the
  /// groups); none when only checked.
  std::optional<uint64_t> PaddingBytes;
};

/// Lays out \p M as \p Plan says.
LayoutOutcome applyLayout(llvm::Module &M, const LayoutPlan &Plan);

/// What applyLayout would make of the plan's layouts inside objects,
/// changing nothing: each padding or split the IR does not allow is refused
/// with the reason applyLayout would give (report mode).
LayoutOutcome checkInnerLayouts(llvm::Module &M, const LayoutPlan &Plan);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_LAYOUT_H
