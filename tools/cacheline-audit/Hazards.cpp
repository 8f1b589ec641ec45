//===- Hazards.cpp - Cache lines where write-hot data meets other data ----===//

#include "Hazards.h"
#include "AuditPolicy.h"
#include "BinaryImage.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
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

std::vector<InnerHazard>
cacheline::audit::findInnerHazards(const BinaryImage &Image, const Audit &A,
                                   uint64_t LineSize) {
  const auto &Syms = Image.dataSymbols();
  std::vector<InnerHazard> Out;
  for (uint32_t S = 0; S != Syms.size(); ++S) {
    if (A.Verdicts[S].Class != SymbolClass::WriteHot)
      continue;
    // Run-time accesses at known offsets, by the line they fall on.
    std::map<uint64_t, InnerHazard> Lines;
    auto Collect = [&](const std::vector<SymbolAccess> &List, bool Write) {
      for (const SymbolAccess &Acc : List) {
        if (Acc.StartUp || !Acc.Range || Acc.Range->Offset < 0)
          continue;
        uint64_t Offset = uint64_t(Acc.Range->Offset);
        InnerHazard &H = Lines[(Syms[S].Address + Offset) / LineSize];
        (Write ? H.Written : H.Read).push_back({Offset, Acc.FunctionIndex});
      }
    };
    Collect(A.Writes[S], /*Write=*/true);
    Collect(A.Reads[S], /*Write=*/false);
    for (auto &Entry : Lines) {
      InnerHazard &H = Entry.second;
      // A write meets an access of other bytes (by any run-time code: one
      // thread entry may run on many threads).
      auto Meets = [&](const std::pair<uint64_t, uint32_t> &W) {
        auto Other = [&](const std::pair<uint64_t, uint32_t> &X) {
          return X.first != W.first;
        };
        return any_of(H.Written, Other) || any_of(H.Read, Other);
      };
      if (none_of(H.Written, Meets))
        continue;
      H.Symbol = S;
      H.LineAddress = Entry.first * LineSize;
      for (auto *List : {&H.Written, &H.Read}) {
        llvm::sort(*List);
        List->erase(std::unique(List->begin(), List->end()), List->end());
      }
      Out.push_back(std::move(H));
    }
  }
  return Out;
}
