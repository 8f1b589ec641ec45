//===- MachineSummary.h - The program summary of machine code ---*- C++ -*-===//
//
// Fills the pass's program summary (Summary.h) from what the scanner found
// in a binary's machine code, so that the audit classifies with the pass's
// whole-program solver and rules rather than a copy of them: the same
// thread entries, start-up, thread start-up, shut-down, waiting loops and
// hot code, from the same kind of facts.
//
// Machine code tells less than IR, and the summary says so rather than
// guess: an address handed to a function of the binary is followed only
// where that function hands its first argument on to calls (a lock
// wrapper); otherwise it escapes. A function pointer is followed the same
// way, through a callback wrapper (a function handing its first argument
// to pthread_create). Functions have no types, so an indirect call may
// reach any function whose address is taken (one dispatcher stands for
// them); there are no block frequencies or trip counts. What the
// declarations of C library functions tell the pass in IR (memset writes
// its first argument, strlen reads it) comes from a table here; locks,
// threads and callbacks from the pass's known-function table.
//
// The binary is taken as closed: its data symbols are classified by its
// own code, as if internal (another module of the process that writes one
// is not seen).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_MACHINESUMMARY_H
#define CACHELINE_AUDIT_MACHINESUMMARY_H

#include "cacheline/Summary/Summary.h"
#include "CodeScanner.h"

#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace cacheline {
namespace audit {

class BinaryImage;

struct MachineSummary {
  ModuleSummary Module;
  /// The summary's name of each function of the image (unique: a local
  /// function whose name another one has gets its address appended), and
  /// of each data symbol.
  std::vector<std::string> FunctionNames, SymbolNames;
  /// Function index by summary name.
  llvm::StringMap<uint32_t> FunctionIndex;
};

/// Consumes \p Facts: a large binary's facts take as much memory as its
/// summary.
MachineSummary summarizeMachineCode(const BinaryImage &Image,
                                    MachineFacts &&Facts);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_MACHINESUMMARY_H
