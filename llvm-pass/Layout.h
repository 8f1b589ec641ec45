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
//    aligned to the line size, and its type grows to whole lines; an array
//    whose elements different threads write first gets a line per element
//    (ElementLayout.h), where the policy says so (decideInnerLayout).
//  * A write-hot struct the policy splits by field class becomes one
//    global per group of fields first (FieldLayout.h), each then placed
//    by its group's class.
//
// lld folds .data.* into .data, so isolation rests on alignment and size
// alone; the lld-config/ script only gives the groups output sections of
// their own.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_LAYOUT_H
#define CACHELINE_LAYOUT_LAYOUT_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace cacheline {

class CachelineClassification;

// ReadMostlyDataSection, WriteHotBSSSection, ...: Sections.def states them
// for the pass, the linker script and cacheline-relayout.
#define CACHELINE_SECTION(Id, Name, Class, Kind)                                \
  constexpr llvm::StringLiteral Id##Section = Name;
#include "Sections.def"

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

/// Applies the layout to \p M and records each change in \p Result's
/// globals, whose facts then name the replacement globals. Returns the bytes
/// added: grown write-hot globals plus the pads closing the groups.
uint64_t applyLayout(llvm::Module &M, CachelineClassification &Result);

/// What applyLayout would make of the policy's layouts inside objects,
/// changing nothing: each padding or split the IR does not allow is refused
/// in \p Result with the reason applyLayout would give (report mode).
void checkInnerLayouts(llvm::Module &M, CachelineClassification &Result);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_LAYOUT_H
