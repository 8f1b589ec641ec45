//===- Classification.cpp - What the whole program decided ---------------===//

#include "cacheline/Pipeline/Classification.h"
#include "cacheline/Files/SummaryInModule.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cacheline;

void CachelineClassification::print(raw_ostream &OS) const {
  if (!Program)
    return;
  OS << "line size: " << LineSize << "\n";
  for (const ClassifiedGlobal &G : Globals)
    OS << "global " << G.Name << ": "
       << globalClassName(G.Class.Class) << ": " << G.Class.Reason << "\n";
  for (const ClassifiedGlobal &G : DroppedGlobals)
    OS << "dropped global " << G.Name << ": "
       << globalClassName(G.Class.Class) << ": " << G.Class.Reason << "\n";
  Program->print(OS);
}

ClassifiedGlobal ClassifiedGlobal::fromSolved(SolvedGlobal &&S,
                                              const Solver &Program) {
  ClassifiedGlobal G;
  G.Name = std::move(S.Name);
  if (S.Module >= 0)
    G.Module = Program.modules()[S.Module].Source;
  G.Definition = S.Definition;
  if (S.Definition)
    G.Fingerprint = S.Definition->Fingerprint;
  G.Facts = std::move(S.Record);
  G.WriteAt = std::move(S.WriteAt);
  G.ReadAt = std::move(S.ReadAt);
  return G;
}

const Instruction *
ClassifiedGlobal::decisiveInstruction(InstructionIndex &Index) const {
  if (Class.DecisiveWrite >= 0)
    if (const Instruction *I =
            Index.find(WriteAt[Class.DecisiveWrite].Module,
                       WriteAt[Class.DecisiveWrite].At))
      return I;
  if (Class.DecisiveRead >= 0)
    if (const Instruction *I = Index.find(ReadAt[Class.DecisiveRead].Module,
                                          ReadAt[Class.DecisiveRead].At))
      return I;
  for (const std::vector<ModulePosition> *List : {&WriteAt, &ReadAt})
    for (const ModulePosition &P : *List)
      if (const Instruction *I = Index.find(P.Module, P.At))
        return I;
  return nullptr;
}
