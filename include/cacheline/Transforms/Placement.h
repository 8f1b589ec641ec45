//===- Placement.h - Sections, alignment and padding, made late -*- C++ -*-===//
//
// Where each classified global lives: its section, its alignment and the
// padding that closes its lines. The layout (Layout.h) decides it and
// *marks* the global; placeMarkedGlobals makes it, right before code
// generation.
//
// Why late: a global that moves early, before the optimization pipeline of
// the link or of a ThinLTO backend, must be kept from GlobalOpt (which
// would split a padded struct, narrow a flag or drop a pad) and from
// codegen's GlobalMerge. llvm.compiler.used does that, but a global there
// has a use alias analysis cannot see: every store through a pointer may
// write it, so hot loops reload a bound they kept in a register before.
// A mark is a string attribute of the global: no pass reads it, and
// GlobalOpt's pieces of a global (its SRA parts `x.0`, `x.1`, a flag
// narrowed to `x.b`) copy it, so the placement finds them and keeps each
// origin's pieces together on its lines.
//
//  * Own lines (write-hot, and read-mostly globals that cannot join a
//    group): each origin's pieces from a line boundary, in their order, the
//    last grown so that the origin ends on one.
//  * The read-mostly group: one run per section, in the order marked,
//    line-aligned at its start and closed by a private pad.
//  * Placed globals go into llvm.compiler.used then: only codegen follows,
//    and GlobalMerge leaves them alone.
//
// A ThinLTO pre-link compile cannot count on a late step: a distributed
// backend (clang -fthinlto-index=) loads no plugins. It places what
// survives an optimization pipeline at no cost to it: the section as the
// implicit-section attributes of `#pragma clang section` (copied to
// GlobalOpt's pieces; a global GlobalOpt makes constant goes to .rodata),
// the line alignment, and a pad of one line closing each section. The
// marks stay, so a backend that loads the plugin places in full.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PLACEMENT_H
#define CACHELINE_LAYOUT_PLACEMENT_H

#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class GlobalValue;
class GlobalVariable;
class Module;
} // namespace llvm

namespace cacheline {

/// Where a marked global goes.
enum class PlacementKind {
  WriteHot,        ///< Lines of its own in the write-hot section.
  ReadMostlyAlone, ///< Lines of its own in the read-mostly section.
  ReadMostlyGroup, ///< The read-mostly group.
};

/// When placeMarkedGlobals places.
enum class PlaceMode {
  /// Code generation follows: everything.
  Final,
  /// An optimization pipeline follows that may run without the plugin (a
  /// ThinLTO pre-link compile): what survives it at no cost to it.
  Survivable,
  /// Nothing: only what Final would make of the module as it is now.
  DryRun,
};

/// What was done (or would be) with one marked origin.
struct Placed {
  std::string Section;
  uint64_t Align = 0;    ///< The origin's first piece's new alignment.
  uint64_t OldAlign = 0; ///< Its alignment before.
  uint64_t OldSize = 0;  ///< Bytes of its pieces before.
  uint64_t NewSize = 0;  ///< Bytes of its lines after (grown) or OldSize.
};

struct PlacementResult {
  /// Indexed by the order the origin was marked in (markForPlacement's
  /// return value); empty where the origin is no longer in the module.
  std::vector<std::optional<Placed>> Origins;
  /// Bytes of the pads closing the read-mostly groups.
  uint64_t GroupPadBytes = 0;
};

/// The globals of a module that ELF codegen gives a section of their own
/// once they are in a named section: a retained one for a global in
/// llvm.used, a section group for a COMDAT it keeps (not a local one: the
/// placement drops that), a linked-to one for !associated. Such a global
/// cannot join a group, nor start where its section's opener does.
class OwnSections {
public:
  explicit OwnSections(const llvm::Module &M);
  bool has(const llvm::GlobalVariable &GV) const;

private:
  llvm::SmallPtrSet<const llvm::GlobalValue *, 8> Used;
};

/// The first order a new mark takes in \p M (one past the marks there).
unsigned nextPlacementOrder(const llvm::Module &M);

/// Marks \p GV to be placed as \p Kind on lines of \p LineSize bytes, as
/// origin \p Order (the read-mostly group keeps this order).
void markForPlacement(llvm::GlobalVariable &GV, PlacementKind Kind,
                      unsigned LineSize, unsigned Order);

/// Whether \p GV carries a mark (it was laid out before: a ThinLTO
/// backend meets the pre-link compile's marks).
bool isMarkedForPlacement(const llvm::GlobalVariable &GV);

/// Places the marked globals of \p M as \p Mode says; Final removes the
/// marks.
PlacementResult placeMarkedGlobals(llvm::Module &M, PlaceMode Mode);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_PLACEMENT_H
