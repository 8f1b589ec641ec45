//===- Summary.cpp - The summary's model ----------------------------------===//
//
// What the schema's structs compute from their own fields; their encodings
// are in lib/Files.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Summary/Summary.h"
#include "cacheline/Summary/EnumNames.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

const std::map<int, PointerSummary> &FunctionSummary::params() const {
  return EncodedParams ? EncodedParams->decoded() : Params;
}

size_t FunctionSummary::numPointers() const {
  return EncodedPointers ? EncodedPointers->size() : Pointers.size();
}

void FunctionSummary::forEachPointer(
    function_ref<void(const PointerStatement &)> Fn) const {
  if (!EncodedPointers) {
    for (const PointerStatement &S : Pointers)
      Fn(S);
    return;
  }
  for (const PointerStatement &S : EncodedPointers->decoded())
    Fn(S);
}

std::vector<PointerStatement> FunctionSummary::pointers() const {
  return EncodedPointers ? EncodedPointers->decoded() : Pointers;
}

const PointerSummary *FunctionSummary::param(int Arg) const {
  const std::map<int, PointerSummary> &All = params();
  auto It = All.find(Arg);
  return It == All.end() ? nullptr : &It->second;
}

void cacheline::markLoopPhases(const std::vector<std::vector<int>> &Successors,
                               const std::vector<bool> &InLoop,
                               FunctionSummary &S) {
  const size_t N = InLoop.size();
  bool AnyLoop = is_contained(InLoop, true);
  S.BeforeLoops.assign(N, !AnyLoop);
  S.AfterLoops.assign(N, false);
  if (!AnyLoop)
    return;
  assert(Successors.size() == N && "a CFG with loops needs its successors");
  std::vector<std::vector<int>> Predecessors(N);
  for (size_t B = 0; B != N; ++B)
    for (int Succ : Successors[B])
      Predecessors[Succ].push_back(B);
  // The blocks reachable from loop blocks along \p Next (successors or
  // predecessors), the loop blocks' own neighbours included.
  auto ReachFromLoops = [&](const std::vector<std::vector<int>> &Next) {
    std::vector<bool> Reached(N, false);
    std::vector<int> Worklist;
    for (size_t B = 0; B != N; ++B)
      if (InLoop[B])
        append_range(Worklist, Next[B]);
    while (!Worklist.empty()) {
      int B = Worklist.back();
      Worklist.pop_back();
      if (Reached[B])
        continue;
      Reached[B] = true;
      append_range(Worklist, Next[B]);
    }
    return Reached;
  };
  std::vector<bool> FromLoop = ReachFromLoops(Successors);
  std::vector<bool> ToLoop = ReachFromLoops(Predecessors);
  for (size_t B = 0; B != N; ++B) {
    if (InLoop[B])
      continue;
    S.BeforeLoops[B] = !FromLoop[B];
    S.AfterLoops[B] = FromLoop[B] && !ToLoop[B];
  }
}

const char *cacheline::accessKindName(AccessKind K) { return enumName(K); }
std::optional<AccessKind> cacheline::parseAccessKind(StringRef Name) {
  return parseEnumName<AccessKind>(Name);
}
const char *cacheline::loopKindName(LoopKind K) { return enumName(K); }
std::optional<LoopKind> cacheline::parseLoopKind(StringRef Name) {
  return parseEnumName<LoopKind>(Name);
}

ByteRange ByteRange::then(const ByteRange &Inner) const {
  ByteRange R = *this;
  R.HandedOffset += Inner.Offset + Inner.HandedOffset;
  append_range(R.HandedIndices, Inner.Indices);
  append_range(R.HandedIndices, Inner.HandedIndices);
  R.Size = Inner.Size;
  return R;
}

int64_t ByteRange::elementOf(int64_t Offset, uint64_t ElementSize) {
  const int64_t S = int64_t(ElementSize);
  return Offset >= 0 ? Offset / S : -((-Offset + S - 1) / S);
}

std::optional<int64_t> ByteRange::constantElement(uint64_t ElementSize) const {
  for (const Index &I : Indices)
    if (I.Stride % ElementSize == 0)
      return std::nullopt;
  return elementOf(Offset, ElementSize);
}

namespace {

/// Moves \p Hi, the last byte an address can reach, by the most \p I can
/// add to it; false when nothing bounds the index (pointer arithmetic).
bool spread(const ByteRange::Index &I, int64_t &Hi) {
  if (!I.Count)
    return false;
  Hi += int64_t(I.Stride * (I.Count - 1));
  return true;
}

} // namespace

std::optional<std::pair<int64_t, int64_t>>
ByteRange::bytesInElement(uint64_t ElementSize) const {
  const int64_t S = int64_t(ElementSize);
  int64_t Lo = Offset - elementOf(Offset, ElementSize) * S + HandedOffset;
  int64_t Hi = Lo + int64_t(std::max<uint64_t>(Size, 1)) - 1;
  for (const Index &I : Indices)
    if (I.Stride % ElementSize && !spread(I, Hi))
      return std::nullopt;
  for (const Index &I : HandedIndices)
    if (!spread(I, Hi))
      return std::nullopt;
  if (Lo < 0 || Hi >= S)
    return std::nullopt;
  return std::make_pair(Lo, Hi);
}

std::optional<std::pair<int64_t, int64_t>> ByteRange::span() const {
  if (!Size)
    return std::nullopt;
  int64_t Lo = Offset + HandedOffset;
  int64_t Hi = Lo + int64_t(Size) - 1;
  for (const std::vector<Index> *List : {&Indices, &HandedIndices})
    for (const Index &I : *List)
      if (!spread(I, Hi))
        return std::nullopt;
  return std::make_pair(Lo, Hi);
}


bool ArgumentValues::allows(int64_t Value) const {
  uint64_t Mask = Bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << Bits) - 1;
  return ((uint64_t(Value) - uint64_t(Lo)) & Mask) <
         ((uint64_t(Hi) - uint64_t(Lo)) & Mask);
}

bool cacheline::callAllows(
    const std::vector<std::pair<int, int64_t>> &Constants,
    const std::optional<ArgumentValues> &C) {
  if (C)
    for (auto [Arg, Value] : Constants)
      if (Arg == C->Arg)
        return C->allows(Value);
  return true;
}

const char *cacheline::pointerStatementName(PointerStatement::Kind K) {
  return enumName(K);
}
