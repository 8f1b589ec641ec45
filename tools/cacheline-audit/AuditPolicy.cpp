//===- AuditPolicy.cpp - Classes for data symbols of a binary -------------===//

#include "AuditPolicy.h"
#include "BinaryImage.h"
#include "cacheline/Policy/Policy.h"
#include "cacheline/WholeProgram/Solver.h"
#include "MachineSummary.h"

#include "llvm/Support/BuryPointer.h"

using namespace llvm;
using namespace cacheline;
using namespace cacheline::audit;

const char *cacheline::audit::symbolClassName(SymbolClass C) {
  switch (C) {
  case SymbolClass::WriteHot:
    return "write-hot";
  case SymbolClass::ReadMostly:
    return "read-mostly";
  case SymbolClass::Neutral:
    return "neutral";
  case SymbolClass::Unknown:
    return "unknown";
  }
  llvm_unreachable("bad SymbolClass");
}

StringRef cacheline::audit::baseName(StringRef Name) {
  return Name.take_until([](char C) { return C == '@'; });
}

Audit cacheline::audit::classifySymbols(const BinaryImage &Image,
                                        MachineFacts &&Facts,
                                        raw_ostream *Roles, bool DisableFree) {
  MachineSummary MS = summarizeMachineCode(Image, std::move(Facts));

  StringMap<uint32_t> FunctionIndex = std::move(MS.FunctionIndex);
  std::vector<std::string> SymbolNames = std::move(MS.SymbolNames);
  std::vector<ModuleSummary> Modules;
  Modules.push_back(std::move(MS.Module));
  SolverOptions Opts;
  Opts.CallsComplete = false;
  auto Solved = std::make_unique<Solver>(std::move(Modules), Opts);
  const Solver &S = *Solved;
  if (Roles)
    S.print(*Roles);

  Audit R;
  R.HasThreads = S.hasThreads();
  const auto &Syms = Image.dataSymbols();
  R.Verdicts.resize(Syms.size());
  R.Writes.resize(Syms.size());
  R.Reads.resize(Syms.size());
  // Accesses in the image's terms: where the solver's positions are.
  auto Accesses = [&](ArrayRef<AccessRecord> Records,
                      ArrayRef<ModulePosition> At) {
    std::vector<SymbolAccess> Out;
    for (size_t I = 0; I != Records.size(); ++I) {
      SymbolAccess A;
      static_cast<AccessRecord &>(A) = Records[I];
      A.FunctionIndex = FunctionIndex.lookup(At[I].At.Function);
      A.Address = Image.functions()[A.FunctionIndex].Begin + At[I].At.Index;
      Out.push_back(std::move(A));
    }
    return Out;
  };
  for (size_t I = 0; I != Syms.size(); ++I) {
    std::optional<SolvedGlobal> G = S.solveGlobal(0, SymbolNames[I]);
    SymbolVerdict &V = R.Verdicts[I];
    if (!G) {
      V = {SymbolClass::Unknown, "not in the program summary"};
      continue;
    }
    R.Writes[I] = Accesses(G->Record.Writes, G->WriteAt);
    R.Reads[I] = Accesses(G->Record.Reads, G->ReadAt);
    if (Syms[I].Relro) {
      V = {SymbolClass::ReadMostly, "read-only after relocation (RELRO)"};
      continue;
    }
    if (G->Record.Writes.empty() && G->Record.Reads.empty() &&
        G->Record.EscapeReason.empty()) {
      V = {SymbolClass::Unknown,
           "no direct access in code: reached through pointers, or unused"};
      continue;
    }
    Decision D = decide(G->Record, S.hasThreads(), Opts.Policy);
    V.Reason = std::move(D.Reason);
    switch (D.Class) {
    case GlobalClass::WriteHot:
      V.Class = SymbolClass::WriteHot;
      V.HotWrites = count_if(R.Writes[I], [](const SymbolAccess &A) {
        return !A.StartUp;
      });
      break;
    case GlobalClass::ReadMostly:
      V.Class = SymbolClass::ReadMostly;
      break;
    case GlobalClass::Neutral:
      V.Class = SymbolClass::Neutral;
      break;
    case GlobalClass::Skipped:
      V.Class = SymbolClass::Unknown;
      break;
    }
  }
  if (DisableFree)
    BuryPointer(std::move(Solved));
  return R;
}
