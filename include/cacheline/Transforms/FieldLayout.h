//===- FieldLayout.h - A struct global split by field class -----*- C++ -*-===//
//
// Splits a struct global whose fields have different classes into one
// global per group of fields (Policy's decideInnerLayout chooses them), as
// GlobalOpt's SRA splits small structs, but of any size: each group is a
// struct of its fields in their order, and every address computed from
// the old global is rebuilt in the group holding its field. Only the code
// that names the global computes field addresses; what code does with a
// field's address past there must stay inside that field, which the
// summary shows and the rewrite checks again on the IR (AddressRewrite.h).
// A memset or memcpy into the struct at a constant place is cut at the
// fields' bounds. Debug info describes the variable as fragments in the
// new globals, as SROA does, so a debugger prints the whole struct.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_FIELDLAYOUT_H
#define CACHELINE_LAYOUT_FIELDLAYOUT_H

#include "cacheline/Policy/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class GlobalVariable;
} // namespace llvm

namespace cacheline {

class CallGraph;

/// The names of the globals a struct global \p Struct is split into, one
/// per part of \p Parts: after the struct and the part's class
/// (`stats.write_hot`, `stats.write_hot.1`, `stats.read_mostly`,
/// `stats.neutral`).
std::vector<std::string> partNames(llvm::StringRef Struct,
                                   llvm::ArrayRef<FieldPart> Parts);

/// Replaces \p GV, an internal struct global, with one global per part of
/// \p Parts, named by partNames, and returns them in the order of \p Parts;
/// an error saying why when some use of \p GV is not an address the rewrite
/// can rebuild (\p GV is then unchanged). \p Calls, if given, lets the
/// check follow indirect calls.
llvm::Expected<std::vector<llvm::GlobalVariable *>>
splitFields(llvm::GlobalVariable &GV, llvm::ArrayRef<FieldPart> Parts,
            const CallGraph *Calls = nullptr);

/// Whether splitFields(\p GV, \p Parts) would succeed: an error saying why
/// not, as splitFields gives it, changing nothing (report mode).
llvm::Error checkSplitFields(llvm::GlobalVariable &GV,
                             llvm::ArrayRef<FieldPart> Parts,
                             const CallGraph *Calls = nullptr);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_FIELDLAYOUT_H
