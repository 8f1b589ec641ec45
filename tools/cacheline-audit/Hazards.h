//===- Hazards.h - Cache lines where write-hot data meets other data -*- C++ -*-===//
//
// A hazard is a cache line holding a write-hot symbol and any other symbol:
// each write invalidates the line for every core that reads or writes the
// others. Hazards are ranked by how hot the writes are times how many
// functions read the other symbols on the line.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_AUDIT_HAZARDS_H
#define CACHELINE_AUDIT_HAZARDS_H

#include <cstdint>
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

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_HAZARDS_H
