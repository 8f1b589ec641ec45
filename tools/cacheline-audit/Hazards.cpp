//===- Hazards.cpp - Cache lines where write-hot data meets other data ----===//

#include "Hazards.h"
#include "AuditPolicy.h"
#include "BinaryImage.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace llvm;
using namespace cacheline::audit;

std::vector<Hazard> cacheline::audit::findHazards(const BinaryImage &Image,
                                                  const Audit &A,
                                                  uint64_t LineSize) {
  const auto &Syms = Image.dataSymbols();
  // Symbols per line, for the lines that hold a write-hot symbol.
  std::map<uint64_t, std::vector<uint32_t>> Lines;
  DenseSet<uint64_t> HotLines;
  for (uint32_t S = 0; S != Syms.size(); ++S) {
    uint64_t First = Syms[S].Address / LineSize,
             Last = (Syms[S].Address + Syms[S].Size - 1) / LineSize;
    for (uint64_t L = First; L <= Last; ++L) {
      Lines[L].push_back(S);
      if (A.Verdicts[S].Class == SymbolClass::WriteHot)
        HotLines.insert(L);
    }
  }
  std::vector<std::vector<const DataAccess *>> Reads(Syms.size());
  for (const DataAccess &Access : A.Accesses)
    if (Access.Kind == AccessKind::Load && !A.isStartUp(Image, Access))
      Reads[Access.Symbol].push_back(&Access);

  std::vector<Hazard> Hazards;
  for (const auto &[Line, Members] : Lines) {
    if (Members.size() < 2 || !HotLines.count(Line))
      continue;
    Hazard H;
    H.LineAddress = Line * LineSize;
    DenseSet<uint32_t> ReaderFunctions;
    uint64_t Heat = 0;
    for (uint32_t S : Members) {
      if (A.Verdicts[S].Class == SymbolClass::WriteHot) {
        H.WriteHot.push_back(S);
        Heat += std::max(1u, A.Verdicts[S].HotWrites);
      } else {
        H.Others.push_back(S);
      }
      for (const DataAccess *R : Reads[S])
        ReaderFunctions.insert(R->Function);
    }
    H.Readers = ReaderFunctions.size();
    H.Score = Heat * (1 + H.Readers);
    Hazards.push_back(std::move(H));
  }
  llvm::sort(Hazards, [](const Hazard &X, const Hazard &Y) {
    return X.Score != Y.Score ? X.Score > Y.Score
                              : X.LineAddress < Y.LineAddress;
  });
  return Hazards;
}
