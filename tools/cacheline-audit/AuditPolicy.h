//===- AuditPolicy.h - Classes for data symbols of a binary -----*- C++ -*-===//
//
// Classifies a binary's data symbols in the pass's vocabulary (write-hot,
// read-mostly, neutral) with the pass's own solver and rules: the
// machine code's facts become a program summary (MachineSummary.h), the
// solver works out thread entries, start-up, thread start-up, shut-down,
// waiting loops and hot code, and `decide` gives each symbol its class.
// What only a binary shows stays here: RELRO data is read-mostly by
// construction, a symbol no code touches directly is unknown (reached
// through pointers the scanner does not follow), and so is one whose
// address escapes (the pass's "skipped").
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_AUDITPOLICY_H
#define CACHELINE_AUDIT_AUDITPOLICY_H

#include "cacheline/Policy/Policy.h"
#include "CodeScanner.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {
namespace audit {

class BinaryImage;

enum class SymbolClass { WriteHot, ReadMostly, Neutral, Unknown };
const char *symbolClassName(SymbolClass C);

struct SymbolVerdict {
  SymbolClass Class = SymbolClass::Unknown;
  std::string Reason;
  /// Set from a perf c2c profile rather than from the code.
  bool Observed = false;
  /// Write sites at run time, of a write-hot symbol (a measure of heat).
  unsigned HotWrites = 0;
};

/// One access to a symbol as the solver saw it (its AccessRecord), at its
/// place in the image.
struct SymbolAccess : AccessRecord {
  uint32_t FunctionIndex = 0; ///< Into BinaryImage::functions().
  uint64_t Address = 0;       ///< Of the instruction.
};

struct Audit {
  /// The program may run more than one thread.
  bool HasThreads = false;
  std::vector<SymbolVerdict> Verdicts; ///< Per data symbol.
  /// Per data symbol, its writes and reads.
  std::vector<std::vector<SymbolAccess>> Writes, Reads;
};

/// Classifies the data symbols of \p Image from the scanner's \p Facts,
/// which it consumes; prints the solver's role of every function (thread
/// entry, start-up, ...) to \p Roles if given. With \p DisableFree, as
/// clang's -disable-free, the program summary and the solver's tables are
/// left for the process's exit to reclaim (a large library's take a
/// quarter of a second to free): for a tool that exits soon after.
Audit classifySymbols(const BinaryImage &Image, MachineFacts &&Facts,
                      llvm::raw_ostream *Roles = nullptr,
                      bool DisableFree = false);

/// The name without a symbol version ("pthread_create@GLIBC_2.34").
llvm::StringRef baseName(llvm::StringRef Name);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_AUDITPOLICY_H
