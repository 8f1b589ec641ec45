//===- PerfC2C.cpp - Observed contention from `perf c2c report --stdio` ---===//

#include "PerfC2C.h"
#include "AuditPolicy.h"
#include "BinaryImage.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;
using namespace cacheline::audit;

static bool parseHex(StringRef Token, uint64_t &Value) {
  return Token.consume_front("0x") && !Token.getAsInteger(16, Value);
}

static bool parsePercent(StringRef Token, double &Value) {
  if (!Token.consume_back("%"))
    return false;
  return !Token.getAsDouble(Value);
}

Expected<std::vector<ObservedLine>>
cacheline::audit::parsePerfC2C(StringRef Text) {
  std::vector<ObservedLine> Lines;
  size_t Pareto = Text.find("Shared Cache Line Distribution Pareto");
  if (Pareto == StringRef::npos)
    return createStringError(inconvertibleErrorCode(),
                             "not a `perf c2c report --stdio` output: no "
                             "\"Shared Cache Line Distribution Pareto\"");
  SmallVector<StringRef, 0> Rows;
  Text.substr(Pareto).split(Rows, '\n');
  bool ExpectLineHeader = false;
  for (StringRef Row : Rows) {
    StringRef Trimmed = Row.trim();
    if (Trimmed.starts_with("#") || Trimmed.empty())
      continue;
    if (Trimmed.starts_with("----")) {
      ExpectLineHeader = !ExpectLineHeader;
      continue;
    }
    SmallVector<StringRef, 24> Tokens;
    SplitString(Trimmed, Tokens);
    if (ExpectLineHeader) {
      // "  0  1060  0  0  0  0x602180": the line's number, counts, address.
      uint64_t Address;
      for (StringRef T : Tokens)
        if (parseHex(T, Address)) {
          Lines.push_back({Address, {}});
          break;
        }
      continue;
    }
    if (Lines.empty())
      continue;
    // "0.00%  100.00%  50.00%  0.00%  0x8  0  1  0x400b52 ... [.] fn obj":
    // HITM shares, store shares, the offset, the code address, the symbol.
    ObservedAccess Obs;
    SmallVector<double, 4> Percents;
    size_t I = 0;
    for (double P; I < Tokens.size() && parsePercent(Tokens[I], P); ++I)
      Percents.push_back(P);
    if (Percents.empty() || I >= Tokens.size() || !parseHex(Tokens[I], Obs.Offset))
      continue;
    Obs.HitmPercent = Percents[0] + (Percents.size() > 1 ? Percents[1] : 0);
    for (size_t P = 2; P < Percents.size(); ++P)
      Obs.StorePercent += Percents[P];
    for (size_t J = I + 1; J < Tokens.size(); ++J) {
      if (!Obs.CodeAddress && parseHex(Tokens[J], Obs.CodeAddress))
        continue;
      if (Tokens[J] == "[.]" && J + 1 < Tokens.size()) {
        Obs.Symbol = Tokens[J + 1].str();
        break;
      }
    }
    Lines.back().Accesses.push_back(std::move(Obs));
  }
  if (Lines.empty())
    return createStringError(inconvertibleErrorCode(),
                             "the perf c2c report lists no cache lines");
  return Lines;
}

/// For a PIE or shared library: the load base that puts the report's code
/// addresses inside the functions it names.
static std::optional<uint64_t>
inferLoadBase(const BinaryImage &Image, const std::vector<ObservedLine> &Lines) {
  std::map<uint64_t, unsigned> Votes;
  for (const ObservedLine &L : Lines)
    for (const ObservedAccess &O : L.Accesses) {
      if (O.Symbol.empty() || !O.CodeAddress)
        continue;
      for (const CodeRange &F : Image.functions()) {
        if (F.Name != O.Symbol || O.CodeAddress < F.Begin)
          continue;
        // Bases are page-aligned and the code address lies in [Begin, end).
        uint64_t Base = (O.CodeAddress - F.Begin) & ~uint64_t(0xfff);
        for (uint64_t B : {Base, Base - 0x1000})
          if (O.CodeAddress - B >= F.Begin && O.CodeAddress - B < F.end())
            ++Votes[B];
      }
    }
  std::optional<uint64_t> Best;
  unsigned BestVotes = 0;
  for (const auto &[Base, N] : Votes)
    if (N > BestVotes) {
      Best = Base;
      BestVotes = N;
    }
  return Best;
}

Expected<unsigned>
cacheline::audit::applyObservations(const BinaryImage &Image, Audit &A,
                                    const std::vector<ObservedLine> &Lines,
                                    std::optional<uint64_t> LoadBase) {
  if (Image.kind() == BinaryKind::Relocatable)
    return createStringError(inconvertibleErrorCode(),
                             "--perf-c2c needs a linked binary, not a "
                             "relocatable object");
  if (!LoadBase) {
    if (Image.isPositionIndependent()) {
      LoadBase = inferLoadBase(Image, Lines);
      if (!LoadBase)
        return createStringError(
            inconvertibleErrorCode(),
            "cannot infer where the position-independent binary was loaded "
            "from the perf c2c report: pass --load-base=ADDRESS");
    } else {
      LoadBase = 0;
    }
  }
  unsigned Matched = 0;
  for (const ObservedLine &L : Lines) {
    if (L.Address < *LoadBase)
      continue;
    bool Inside = false;
    for (const ObservedAccess &O : L.Accesses) {
      uint64_t Addr = L.Address + O.Offset - *LoadBase;
      const DataSymbol *Sym = Image.dataSymbolAt(Addr);
      if (!Sym)
        continue;
      Inside = true;
      SymbolVerdict &V = A.Verdicts[Sym - Image.dataSymbols().data()];
      if (O.StorePercent <= 0)
        continue;
      if (V.Class == SymbolClass::WriteHot) {
        if (!V.Observed)
          V.Reason += "; confirmed by perf c2c";
        V.Observed = true;
        continue;
      }
      V.Class = SymbolClass::WriteHot;
      V.Observed = true;
      V.HotWrites = std::max(1u, V.HotWrites);
      V.Reason = formatv("observed by perf c2c: stores and {0:F1}% of the "
                         "line's HITM at offset {1:x} (was: {2})",
                         O.HitmPercent, O.Offset, V.Reason)
                     .str();
    }
    Matched += Inside;
  }
  return Matched;
}
