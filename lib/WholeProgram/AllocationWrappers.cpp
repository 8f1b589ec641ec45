//===- AllocationWrappers.cpp - Functions that return fresh memory --------===//
//
// A function's pointer statements give each value's definitions and uses;
// what it returns is followed back through copies to allocations and call
// results, and any other use of a value on the way (a store, a load
// through it, an argument) rules the function out, as does a use of a value
// copied from one. Whether a call result is fresh depends on the callee:
// wrappers are found from the ones that allocate themselves up.
//
//===----------------------------------------------------------------------===//

#include "cacheline/WholeProgram/AllocationWrappers.h"

#include "cacheline/WholeProgram/PointsTo.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace llvm;
using namespace cacheline;

using SK = PointerStatement::Kind;

WrapperScan::WrapperScan(int NumValues, int NumParams)
    : Defs(NumValues), HandedOn(NumValues, false) {
  for (int V = 0; V < NumParams && V < NumValues; ++V)
    Defs[V].push_back({Def::Other});
}

void WrapperScan::use(const PointerOperand &Op) {
  if (Op.K == PointerOperand::Kind::Value && Op.Value >= 0 &&
      size_t(Op.Value) < HandedOn.size())
    HandedOn[Op.Value] = true;
}

void WrapperScan::define(int Value, Def D) {
  if (Value >= 0 && size_t(Value) < Defs.size())
    Defs[Value].push_back(D);
}

void WrapperScan::add(const PointerStatement &S, bool ToBodilessCall) {
  switch (S.K) {
  case SK::Copy:
    if (S.Src.K == PointerOperand::Kind::Value && !S.Src.Variable) {
      define(S.Dst, {Def::Copy, S.Src.Value, S.Src.Offset});
    } else {
      use(S.Src);
      define(S.Dst, {Def::Other});
    }
    return;
  case SK::HeapObject:
    define(S.Dst, {Def::Fresh});
    return;
  case SK::Result:
    define(S.Dst, {Def::Result, S.Site});
    return;
  case SK::Load:
  case SK::StackObject:
    use(S.Addr);
    define(S.Dst, {Def::Other});
    return;
  case SK::Return:
    if (S.Src.K == PointerOperand::Kind::Value && !S.Src.Variable)
      Returns.push_back({S.Src.Value, S.Src.Offset});
    else if (!S.Src.isNone())
      ReturnsOther = true;
    return;
  case SK::Argument:
    if (!ToBodilessCall)
      use(S.Src);
    return;
  case SK::Callee:
    IndirectCalls.push_back(S.Site);
    [[fallthrough]];
  case SK::Store:
  case SK::MemCopy:
  case SK::Clobber:
  case SK::Escape:
  case SK::Callback:
    use(S.Addr);
    use(S.Src);
    return;
  }
}

std::optional<std::vector<WrapperScan::Source>> WrapperScan::finish() const {
  if (ReturnsOther || Returns.empty())
    return std::nullopt;
  // A value copied into one handed on is handed on.
  std::vector<bool> Out = HandedOn;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t V = 0; V < Defs.size(); ++V)
      if (Out[V])
        for (const Def &D : Defs[V])
          if (D.K == Def::Copy && D.Of >= 0 && size_t(D.Of) < Out.size() &&
              !Out[D.Of])
            Out[D.Of] = Changed = true;
  }
  std::vector<Source> Sources;
  // Values met, with the offset from them to what is returned: one each.
  DenseMap<int, int64_t> Seen;
  std::vector<std::pair<int, int64_t>> Work(Returns.begin(), Returns.end());
  while (!Work.empty()) {
    auto [V, Offset] = Work.back();
    Work.pop_back();
    if (V < 0 || size_t(V) >= Defs.size() || Out[V] || Defs[V].empty())
      return std::nullopt;
    auto [It, New] = Seen.try_emplace(V, Offset);
    if (!New) {
      if (It->second != Offset)
        return std::nullopt;
      continue;
    }
    for (const Def &D : Defs[V]) {
      switch (D.K) {
      case Def::Fresh:
        Sources.push_back({-1, Offset});
        break;
      case Def::Result:
        if (is_contained(IndirectCalls, D.Of))
          return std::nullopt; // Whatever its targets return.
        Sources.push_back({D.Of, Offset});
        break;
      case Def::Copy:
        Work.push_back({D.Of, Offset + D.Offset});
        break;
      case Def::Other:
        return std::nullopt;
      }
    }
  }
  return Sources;
}

std::vector<std::optional<int64_t>> cacheline::findAllocationWrappers(
    const std::vector<std::optional<std::vector<WrapperScan::Source>>> &Sources,
    function_ref<unsigned(unsigned F, int Call)> Callee) {
  std::vector<std::optional<int64_t>> Offset(Sources.size());
  // From the functions that allocate themselves up; a recursion never
  // settles, and is no wrapper.
  std::vector<bool> Decided(Sources.size(), false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned F = 0; F < Sources.size(); ++F) {
      if (Decided[F])
        continue;
      if (!Sources[F]) {
        Decided[F] = true;
        continue;
      }
      std::optional<int64_t> Found;
      bool Ready = true, Wrapper = true;
      for (const WrapperScan::Source &S : *Sources[F]) {
        int64_t At = S.Offset;
        if (S.Call >= 0) {
          unsigned C = Callee(F, S.Call);
          if (C == PointsToProgram::None)
            continue; // No body: its known effect is a statement of F's.
          if (C >= Sources.size() || (Decided[C] && !Offset[C])) {
            Wrapper = false;
            break;
          }
          if (!Decided[C]) {
            Ready = false;
            continue;
          }
          At += *Offset[C];
        }
        if (Found && *Found != At) {
          Wrapper = false;
          break;
        }
        Found = At;
      }
      if (Wrapper && !Ready)
        continue;
      Decided[F] = Changed = true;
      if (Wrapper)
        Offset[F] = Found;
    }
  }
  return Offset;
}
