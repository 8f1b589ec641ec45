//===- Hazards.cpp - Cache lines where write-hot data meets other data ----===//

#include "Hazards.h"
#include "AuditPolicy.h"
#include "BinaryImage.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <unordered_set>

using namespace llvm;
using namespace cacheline::audit;
using cacheline::LoopKind;

std::vector<Hazard> cacheline::audit::findHazards(const BinaryImage &Image,
                                                  const Audit &A,
                                                  uint64_t LineSize) {
  const auto &Syms = Image.dataSymbols();
  // Symbols per line, for the lines that hold a write-hot symbol.
  std::map<uint64_t, std::vector<uint32_t>> Lines;
  std::unordered_set<uint64_t> HotLines;
  for (uint32_t S = 0; S != Syms.size(); ++S) {
    uint64_t First = Syms[S].Address / LineSize,
             Last = (Syms[S].Address + Syms[S].Size - 1) / LineSize;
    // Lines strictly inside a symbol hold nothing else: only its first and
    // last lines can be shared.
    for (uint64_t L : {First, Last}) {
      Lines[L].push_back(S);
      if (A.Verdicts[S].Class == SymbolClass::WriteHot)
        HotLines.insert(L);
      if (Last == First)
        break;
    }
  }
  std::vector<Hazard> Hazards;
  for (const auto &[Line, Members] : Lines) {
    if (Members.size() < 2 || !HotLines.count(Line))
      continue;
    Hazard H;
    H.LineAddress = Line * LineSize;
    // Heat: hot write sites on the line. Exposure: what those writes slow
    // down, run-time reads of the other symbols (twice in loops) and, when
    // several write-hot symbols share the line, each other's writes.
    DenseSet<uint32_t> ReaderFunctions;
    uint64_t Heat = 0, Exposure = 0;
    for (uint32_t S : Members) {
      bool Hot = A.Verdicts[S].Class == SymbolClass::WriteHot;
      (Hot ? H.WriteHot : H.Others).push_back(S);
      if (Hot)
        Heat += std::max(1u, A.Verdicts[S].HotWrites);
      for (const SymbolAccess &R : A.Reads[S]) {
        if (R.StartUp)
          continue; // Run-time reads only.
        ReaderFunctions.insert(R.FunctionIndex);
        if (!Hot)
          Exposure += R.Loop != LoopKind::None ? 2 : 1;
      }
    }
    if (H.WriteHot.size() > 1)
      Exposure += Heat;
    H.Readers = ReaderFunctions.size();
    H.Score = Heat * (1 + Exposure);
    Hazards.push_back(std::move(H));
  }
  llvm::sort(Hazards, [](const Hazard &X, const Hazard &Y) {
    return X.Score != Y.Score ? X.Score > Y.Score
                              : X.LineAddress < Y.LineAddress;
  });
  return Hazards;
}
