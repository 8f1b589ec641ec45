//===- FunctionCopies.h - Functions copied for one global -------*- C++ -*-===//
//
// A function that several instances of a struct hand their address to (a
// lock routine called with each lock) reaches the instance's fields
// through its parameter: only the code naming a global may pick its field
// for a split by field class (FieldLayout.h), so every instance would stay
// whole. The policy plans a copy of such a function per instance
// (Policy's FunctionCopy); here the copy is made: the function cloned, the
// parameter's uses replaced by the instance's address (plus the offset
// every call hands), so that the copy's accesses name the global, and
// every direct call of the function handing it that address pointed at the
// copy. The call still passes the argument, as poison: the signature stays
// (the calls keep their identity, so the solver's numbering of a
// function's calls holds), and the link's DeadArgElim drops it. The
// original stays for its other callers. The copies are undone if the split
// that needs them is not made (the IR refuses it, or the layout only
// checks).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_FUNCTIONCOPIES_H
#define CACHELINE_LAYOUT_FUNCTIONCOPIES_H

#include "cacheline/Policy/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Attributes.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class CallBase;
class Function;
class GlobalVariable;
class Value;
} // namespace llvm

namespace cacheline {

/// The copies made for one global, until kept or undone.
class FunctionCopies {
public:
  /// Copies each function of \p Copies, whose definition in the module is
  /// \p Bodies (in the same order; null where the module has none), for
  /// \p GV, and points at the copy every direct call of the function that
  /// hands it \p GV's address plus the copy's offset. A function no such
  /// call reaches is not copied (its name in names() stays empty). An error
  /// saying why when a copy cannot be made: nothing is changed then.
  static llvm::Expected<FunctionCopies>
  make(llvm::GlobalVariable &GV, llvm::ArrayRef<FunctionCopy> Copies,
       llvm::ArrayRef<llvm::Function *> Bodies);

  FunctionCopies(FunctionCopies &&O);
  FunctionCopies &operator=(FunctionCopies &&) = delete;
  /// Undoes them unless kept.
  ~FunctionCopies();

  /// The copies stay.
  void keep();
  /// The calls point at the originals again, with their arguments and
  /// attributes, and the copies are erased.
  void undo();

  /// The name of each copy made, in the order of the plan's copies; empty
  /// for a function no call hands the address to.
  const std::vector<std::string> &names() const { return Names; }
  /// The instructions the copies made add.
  uint64_t instructions() const { return Instructions; }

private:
  FunctionCopies() = default;

  /// A call pointed at a copy, and what it was.
  struct Redirected {
    llvm::CallBase *Call;
    llvm::Function *Original;
    unsigned Arg;
    llvm::Value *Address;
    llvm::AttributeList Attributes;
  };
  std::vector<Redirected> Calls;
  std::vector<llvm::Function *> Made;
  std::vector<std::string> Names;
  uint64_t Instructions = 0;
  bool Done = false;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_FUNCTIONCOPIES_H
