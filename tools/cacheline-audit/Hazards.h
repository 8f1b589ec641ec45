//===- Hazards.h - Cache lines where write-hot data meets other data -*- C++ -*-===//
//
// A hazard is a cache line holding a write-hot symbol and any other symbol:
// each write invalidates the line for every core that reads or writes the
// others. Hazards are ranked by how hot the writes are times how many
// functions read the other symbols on the line.
//
// An inner hazard is the same inside one write-hot symbol: on one of its
// lines, run-time code writes some bytes while run-time code reads or
// writes other bytes (two elements of an array, a counter field beside
// configuration fields of a struct). Only the layout inside the
// object can separate them (the pass's element padding).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_HAZARDS_H
#define CACHELINE_AUDIT_HAZARDS_H

#include <cstdint>
#include <utility>
#include <vector>

namespace cacheline {
namespace audit {

class BinaryImage;
struct Audit;

struct Hazard {
  uint64_t LineAddress = 0;
  std::vector<uint32_t> WriteHot; ///< Indexes into dataSymbols().
  std::vector<uint32_t> Others;
  /// Distinct functions reading the other symbols of the line.
  unsigned Readers = 0;
  uint64_t Score = 0;
};

std::vector<Hazard> findHazards(const BinaryImage &Image, const Audit &A,
                                uint64_t LineSize);

struct InnerHazard {
  uint32_t Symbol = 0; ///< Into dataSymbols().
  uint64_t LineAddress = 0;
  /// Run-time accesses on the line: (offset in the symbol, function index).
  std::vector<std::pair<uint64_t, uint32_t>> Written, Read;
};

std::vector<InnerHazard> findInnerHazards(const BinaryImage &Image,
                                          const Audit &A, uint64_t LineSize);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_HAZARDS_H
