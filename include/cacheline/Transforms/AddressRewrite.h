//===- AddressRewrite.h - Addresses of a rewritten global -------*- C++ -*-===//
//
// What the element layout (ElementLayout.h) and the field split
// (FieldLayout.h) share: every address computed from the old global,
// decomposed (ObjectAddress.h); a check on the IR that what is done with
// one stays inside the piece of the object it points into (an element, a
// field), whatever code touched it since the summary was made (a ThinLTO
// backend vectorizes after the facts were written); and the new address of
// each, built where the old one was computed, with the alignment claims of
// its users lowered to what the new address has.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_ADDRESSREWRITE_H
#define CACHELINE_LAYOUT_ADDRESSREWRITE_H

#include "cacheline/Summary/ObjectAddress.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Constant;
class DataLayout;
class Function;
class GlobalVariable;
class Instruction;
class Use;
} // namespace llvm

namespace cacheline {

/// What the whole program knows of calls that the IR of one function does
/// not show (full LTO: the solver's resolution of indirect calls); absent in
/// a compile of one translation unit, where the check follows direct calls
/// only.
class CallGraph {
public:
  virtual ~CallGraph() = default;
  /// Every call that may reach \p F; std::nullopt when not all are known.
  virtual std::optional<std::vector<llvm::CallBase *>>
  callsOf(const llvm::Function &F) const = 0;
  /// Every function the indirect call \p CB may reach; std::nullopt when
  /// not all are known.
  virtual std::optional<std::vector<llvm::Function *>>
  targetsOf(const llvm::CallBase &CB) const = 0;
};

/// A use of an address computed from the global by something that is not
/// itself address arithmetic: where a new address goes. An instruction, or
/// a ptrtoint constant expression of a constant address.
struct AddressLeaf {
  llvm::Use *U = nullptr;
  ObjectAddress Address;
};

/// An address in the new layout: in \p Base, the element Element (plus
/// the Elements indices, in slots of Slot bytes), then Inside bytes (plus
/// the Bytes indices, in bytes). Base is the new global, or the start of
/// an allocation, BaseAlign-aligned (AllocationLayout.h).
struct NewAddress {
  llvm::Value *Base = nullptr;
  llvm::Align BaseAlign;
  uint64_t Slot = 0;
  int64_t Element = 0;
  int64_t Inside = 0;
  llvm::SmallVector<std::pair<llvm::Value *, uint64_t>, 2> Elements, Bytes;
  /// The old address was in bounds of its object (inbounds arithmetic all
  /// the way from its start), so the new one is of the new object: its
  /// GEPs are inbounds and its index arithmetic does not wrap, as the old
  /// arithmetic's did, for the optimizer's sake (SCEV, the vectorizers).
  bool InBounds = false;
};

class AddressRewrite {
public:
  /// Every address computed from \p GV, or an error saying which use is no
  /// address the rewrite can rebuild.
  static llvm::Expected<AddressRewrite> collect(llvm::GlobalVariable &GV);
  /// The same for the addresses computed from any of \p Roots, values
  /// that point to the start of one object (an allocation).
  static llvm::Expected<AddressRewrite>
  collect(llvm::ArrayRef<llvm::Value *> Roots, const llvm::DataLayout &DL);

  llvm::ArrayRef<AddressLeaf> leaves() const { return Leaves; }

  /// Empty if every use of \p L's address, which points between bytes
  /// \p Lo and \p Hi of a piece of \p Size bytes (a \p Piece: "element",
  /// "field"), stays inside that piece, and no difference of two addresses
  /// (nor, unless \p OrderKept, their order) is taken; else what does not.
  static std::string checkInside(const AddressLeaf &L, int64_t Lo, int64_t Hi,
                                 uint64_t Size, llvm::StringRef Piece,
                                 bool OrderKept, const CallGraph *Calls);

  /// Points each leaf at the address \p Map gives it, built once per old
  /// address where that was computed, and erases the old arithmetic; the
  /// old global is then unused. A leaf \p Map gives no address for was
  /// pointed elsewhere by the caller, or (of roots) stays as it is.
  void apply(
      llvm::function_ref<std::optional<NewAddress>(const AddressLeaf &)> Map);

  /// Builds \p A before \p At.
  static llvm::Value *build(llvm::Instruction *At, const NewAddress &A);
  /// The alignment \p A surely has.
  static llvm::Align knownAlign(const NewAddress &A);
  /// Lowers what the user of \p U claims about its pointer's alignment to
  /// \p Known: the old claim held for the old address.
  static void keepAlignmentTrue(llvm::Use &U, llvm::Align Known);

private:
  /// Whether \p Addr, computed from the object's start, is in bounds of it
  /// (NewAddress::InBounds).
  static bool inBounds(const llvm::Value *Addr);

  llvm::GlobalVariable *Old = nullptr;
  llvm::SetVector<llvm::Value *> Arithmetic;
  llvm::SmallVector<AddressLeaf, 16> Leaves;
};

/// The function \p V is in, for messages.
std::string functionOf(llvm::Value *V);

/// The error of a rewrite the IR does not allow: \p Why.
llvm::Error cannot(const llvm::Twine &Why);

/// A global to replace \p Old: initialized with \p Init, named \p Name,
/// inserted before \p Old, with every other property of it (linkage,
/// thread-local mode, address space, attributes, alignment, COMDAT) but
/// its metadata.
llvm::GlobalVariable *newGlobalLike(llvm::GlobalVariable &Old,
                                    llvm::Constant *Init,
                                    const llvm::Twine &Name);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_ADDRESSREWRITE_H
