//===- EnumNames.h - The names of the summary's enums -----------*- C++ -*-===//
//
// The summary schema's enums with their names (Support/EnumNames.h): the
// facts file's JSON form, the reports and the solver's messages spell them
// from here.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUMMARY_ENUMNAMES_H
#define CACHELINE_LAYOUT_SUMMARY_ENUMNAMES_H

#include "cacheline/Summary/Summary.h"
#include "cacheline/Support/EnumNames.h"

namespace cacheline {

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

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SUMMARY_ENUMNAMES_H
