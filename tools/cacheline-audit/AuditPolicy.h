//===- AuditPolicy.h - Classes for data symbols of a binary -----*- C++ -*-===//
//
// Turns machine-code facts into the pass's vocabulary: write-hot,
// read-mostly, neutral, and unknown (the binary does not show every access).
// Works out the program context first: thread entries (the start routines
// handed to pthread_create and thrd_create), start-up code (main before it
// may start a thread, init-array functions, and functions reached only
// from those; fini-array functions run once, at exit), lock calls (the pthread and C11 lock family, and functions
// of the binary that hand their first argument on to them), and what known
// library functions do with the addresses they are given.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_AUDITPOLICY_H
#define CACHELINE_AUDIT_AUDITPOLICY_H

#include "CodeScanner.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

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
  /// Run-time writes that make it write-hot (a measure of heat).
  unsigned HotWrites = 0;
};

struct ProgramContext {
  bool HasThreads = false;
  std::vector<bool> ThreadEntry; ///< Per function.
  std::vector<bool> StartUp;     ///< Per function: runs only at start-up.
  std::vector<bool> Exit;        ///< Per function: a fini-array entry.
  std::vector<bool> LockWrapper; ///< Per function.
  /// Blocks of main, and per block the address from which its code may run
  /// beside threads (UINT64_MAX: none of it).
  std::vector<std::pair<uint64_t, uint64_t>> MainBlocks;
  std::vector<uint64_t> MainThreadsFrom;
  /// Natural loops (function, loop) whose own blocks call something that
  /// blocks (sleep, poll, a condition wait, an event loop; known by name,
  /// as in the pass, or a function of the binary that reaches one): they
  /// wake rarely, and what they write is not written repeatedly.
  std::set<std::pair<uint32_t, uint32_t>> WaitingLoops;

  /// True if the instruction at \p Addr of main runs before any thread.
  bool isInMainBeforeThreads(uint64_t Addr) const;
  /// True if \p A is in a loop that waits.
  bool inWaitingLoop(const DataAccess &A) const {
    return A.Loop != DataAccess::NoLoop &&
           WaitingLoops.count({A.Function, A.Loop});
  }
};

struct Audit {
  ProgramContext Context;
  /// The scanner's accesses, with calls resolved into reads, writes and
  /// lock calls where the callee is known.
  std::vector<DataAccess> Accesses;
  std::vector<SymbolVerdict> Verdicts; ///< Per data symbol.
  /// Per data symbol, its entries of Accesses (which stays unchanged).
  std::vector<std::vector<const DataAccess *>> AccessesOf;

  /// Runs at start-up, before any thread.
  bool isStartUp(const BinaryImage &Image, const DataAccess &A) const;
};

Audit classifySymbols(const BinaryImage &Image, const MachineFacts &Facts);

/// The name without a symbol version ("pthread_create@GLIBC_2.34").
llvm::StringRef baseName(llvm::StringRef Name);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_AUDITPOLICY_H
