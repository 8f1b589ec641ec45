//===- PerfC2C.h - Observed contention from `perf c2c report --stdio` -*- C++ -*-===//
//
// Reads the text of `perf c2c report --stdio` and marks the data symbols at
// the offsets it shows with HITM (a load that hit a line modified in another
// core's cache) as observed, overriding the static guess: an offset with
// stores makes its symbol write-hot. Addresses in the report are run-time
// addresses; for a position-independent binary the load base comes from
// --load-base or is inferred from the code addresses and symbols the
// report names.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_PERFC2C_H
#define CACHELINE_AUDIT_PERFC2C_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace cacheline {
namespace audit {

class BinaryImage;
struct Audit;

struct ObservedAccess {
  uint64_t Offset = 0;     ///< From the start of the line.
  double HitmPercent = 0;  ///< Share of the line's HITM at this offset.
  double StorePercent = 0; ///< Share of the line's stores at this offset.
  uint64_t CodeAddress = 0;
  std::string Symbol; ///< The function the access came from.
};

struct ObservedLine {
  uint64_t Address = 0; ///< Run-time address of the line.
  std::vector<ObservedAccess> Accesses;
};

/// Parses the report's "Shared Cache Line Distribution Pareto".
llvm::Expected<std::vector<ObservedLine>> parsePerfC2C(llvm::StringRef Text);

/// Marks the symbols the report shows as observed; returns how many lines
/// of the report fell inside the image's data.
llvm::Expected<unsigned> applyObservations(const BinaryImage &Image, Audit &A,
                                           const std::vector<ObservedLine> &Lines,
                                           std::optional<uint64_t> LoadBase);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_PERFC2C_H
