//===- FunctionFields.h - Fields holding function pointers -----*- C++ -*-===//
//
// Which struct field an indirect call loads its callee from, and which
// fields each function's address is put in, so that the solver can narrow
// the signature fallback: a function whose every address use puts it in
// other fields is no target of a call that loads from this one (`ops->read`
// does not reach a function found only in `->write` slots or in another
// struct's fields).
//
// A field is named by the innermost struct that holds it and the offset in
// that struct ("sqlite3_vfs+96"): a load or store by its struct-path TBAA
// tag (`!tbaa`, walked down to the innermost struct), an initializer slot by
// the named struct types around it (C's "name" and C++'s "_ZTS<len><name>",
// as clang names them in TBAA). Accesses without a struct-path tag (unions,
// -fno-strict-aliasing builds, arrays of function pointers) name no field:
// nothing is narrowed by them. Type punning between struct types is assumed
// away, as TBAA itself assumes it.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_FUNCTIONFIELDS_H
#define CACHELINE_LAYOUT_FUNCTIONFIELDS_H

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class GlobalVariable;
class Instruction;
class Value;
} // namespace llvm

namespace cacheline {

/// The field the load or store \p I accesses, by its struct-path TBAA tag;
/// empty if it has none.
std::string accessedField(const llvm::Instruction &I);

/// The field the callee \p Callee of an indirect call is loaded from (through
/// pointer casts); empty if it is not such a load.
std::string calleeField(const llvm::Value *Callee);

/// The fields of \p Owner's initializer that hold \p F; std::nullopt if
/// one of its places there is in no named struct (an array of function
/// pointers, a union).
class InitializerFields {
public:
  std::optional<std::vector<std::string>>
  fieldsOf(const llvm::GlobalVariable &Owner, const llvm::Function &F);

private:
  struct Places {
    std::vector<std::string> Fields;
    bool Unnamed = false;
  };
  using Table = llvm::DenseMap<const llvm::Function *, Places>;
  llvm::DenseMap<const llvm::GlobalVariable *, Table> Owners;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_FUNCTIONFIELDS_H
