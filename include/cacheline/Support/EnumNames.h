//===- EnumNames.h - An enum's names, stated once ---------------*- C++ -*-===//
//
// EnumNames<E>::Names lists the names of enum E in its order; each stage
// specializes it beside its enums (Summary/EnumNames.h, Policy.cpp), and
// the files, the reports and the messages spell them from there.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUPPORT_ENUMNAMES_H
#define CACHELINE_LAYOUT_SUPPORT_ENUMNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <optional>

namespace cacheline {

/// The names of enum E, in its order: `static constexpr const char
/// *Names[]`.
template <typename E> struct EnumNames;

template <typename E> const char *enumName(E V) {
  llvm::ArrayRef<const char *> Names(EnumNames<E>::Names);
  assert(unsigned(V) < Names.size() && "enum without a name");
  return Names[unsigned(V)];
}

template <typename E> std::optional<E> parseEnumName(llvm::StringRef S) {
  llvm::ArrayRef<const char *> Names(EnumNames<E>::Names);
  for (unsigned I = 0; I < Names.size(); ++I)
    if (S == Names[I])
      return E(I);
  return std::nullopt;
}

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SUPPORT_ENUMNAMES_H
