//===- Instrument.h - Count every access to every global -------*- C++ -*-===//
//
// -cacheline-layout-mode=instrument (CACHELINE_LAYOUT_MODE=instrument at the
// link): instead of laying globals out, the pass makes a build that measures
// them. Every access the facts attribute to a defined, writable global (a
// load, store, atomic, memory intrinsic, lock call, or call that reads or
// writes through a pointer to it, also inside callees) increments a counter
// of its own in a per-thread block; so does every access the points-to
// analysis attributes to an allocation site's memory, and the site's call.
// Calls that may create a thread switch the phase from start-up to after
// start-up. The runtime (runtime/WriteProfile.c, embedded in the plugin as
// bitcode) is linked into the module, so the build needs no other flag or
// library. An object whose address escapes is counted in part: its
// accesses cannot all be seen. docs/write-profile.md describes the
// profile.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_INSTRUMENT_H
#define CACHELINE_LAYOUT_INSTRUMENT_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace cacheline {

class CachelineClassification;

struct InstrumentStats {
  unsigned Globals = 0;
  unsigned Allocations = 0; ///< Allocation sites.
  unsigned InPart = 0; ///< Objects counted in part (an escape).
  unsigned Sites = 0;
  unsigned ThreadCreations = 0;
};

/// Instruments \p M for a write profile, from the facts of \p Result.
/// Fails (and changes nothing) on a target the runtime was not built for.
llvm::Expected<InstrumentStats>
instrumentForWriteProfile(llvm::Module &M,
                          const CachelineClassification &Result);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_INSTRUMENT_H
