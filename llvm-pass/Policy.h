//===- Policy.h - The classification rules ----------------------*- C++ -*-===//
//
// Turns the facts about one global into its class and a reason a person can
// read. Every rule is here and nowhere else; the README lists them. The only
// harmful mistake is a wrong "read-mostly" (a written global grouped with
// read-mostly ones), so every doubt leads away from it.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_POLICY_H
#define CACHELINE_LAYOUT_POLICY_H

#include "GlobalWriteFacts.h"

#include <cstdint>
#include <string>

namespace cacheline {

enum class GlobalClass { WriteHot, ReadMostly, Neutral, Skipped };

const char *globalClassName(GlobalClass C);

struct Classification {
  GlobalClass Class = GlobalClass::Neutral;
  std::string Reason;
  /// The access the decision rests on, if one does.
  const Access *Decisive = nullptr;
};

struct PolicyOptions {
  /// With profile data: estimated run-time writes that make a global hot.
  uint64_t HotWriteCount = 1000;
};

Classification classify(const GlobalFacts &Facts, const ThreadContext &TC,
                        const PolicyOptions &Opts);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_POLICY_H
