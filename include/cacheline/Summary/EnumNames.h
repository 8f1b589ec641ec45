//===- EnumNames.h - The names of the summary's enums -----------*- C++ -*-===//
//
// Each enum of the summary's schema with its names, in the enum's order:
// the facts file's JSON form, the reports and the solver's messages all
// spell them from this one table.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUMMARY_ENUMNAMES_H
#define CACHELINE_LAYOUT_SUMMARY_ENUMNAMES_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cassert>
#include <optional>

namespace cacheline {

/// An enum's names, in the enum's order: the JSON form and the reports use
/// them.
template <typename E> struct EnumNames;

template <> struct EnumNames<AccessKind> {
  static constexpr const char *Names[] = {
      "load",         "store",     "atomic store",       "atomicrmw",
      "cmpxchg",      "memory intrinsic", "lock call",   "call that writes",
      "call that reads", "run-once control"};
};
template <> struct EnumNames<LoopKind> {
  static constexpr const char *Names[] = {"none", "busy", "waiting",
                                          "counted"};
};
template <> struct EnumNames<CallEffect> {
  static constexpr const char *Names[] = {"body", "none",      "read", "write",
                                          "once", "lock", "escape"};
};
template <> struct EnumNames<CallKind> {
  static constexpr const char *Names[] = {"direct", "indirect", "asm"};
};
template <> struct EnumNames<AddressUse> {
  static constexpr const char *Names[] = {
      "entry", "once",  "atexit", "ctor", "escaped", "timer",
      "taken", "sync", "arg",    "iarg", "init", "store"};
};

template <> struct EnumNames<PointerOperand::Kind> {
  static constexpr const char *Names[] = {"none", "v", "g", "f", "unknown",
                                          "varargs"};
};
template <> struct EnumNames<PointerStatement::Kind> {
  static constexpr const char *Names[] = {
      "copy",   "load",    "store",    "memcpy", "heap",   "stack",  "escape",
      "clobber", "callback", "arg",    "result", "callee", "return"};
};

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

#endif // CACHELINE_LAYOUT_SUMMARY_ENUMNAMES_H
