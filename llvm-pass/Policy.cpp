//===- Policy.cpp - The classification rules ------------------------------===//

#include "Policy.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;
using namespace cacheline;

const char *cacheline::globalClassName(GlobalClass C) {
  switch (C) {
  case GlobalClass::WriteHot:
    return "write-hot";
  case GlobalClass::ReadMostly:
    return "read-mostly";
  case GlobalClass::Neutral:
    return "neutral";
  case GlobalClass::Skipped:
    return "skipped";
  }
  llvm_unreachable("bad GlobalClass");
}

namespace {

/// Why a global may not be classified at all; empty if it may.
std::string skipReason(const GlobalFacts &Facts) {
  const GlobalVariable &GV = *Facts.GV;
  if (GV.isDeclaration())
    return "declaration: defined outside this module";
  if (GV.isConstant())
    return "constant";
  if (GV.isThreadLocal())
    return "thread-local";
  if (GV.hasImplicitSection())
    return "section chosen by the user (#pragma clang section)";
  if (GV.hasSection())
    return Facts.InUsedList ? "in llvm.used with a section chosen by the user"
                            : "section chosen by the user";
  if (!GV.hasLocalLinkage())
    return "exported: another module or library could write it";
  for (const GlobalAlias &GA : GV.getParent()->aliases())
    if (GA.getAliaseeObject() == &GV && !GA.hasLocalLinkage())
      return ("exported through alias " + GA.getName()).str();
  if (GV.isExternallyInitialized())
    return "externally initialized";
  if (!GV.getValueType()->isSized() ||
      GV.getParent()->getDataLayout().getTypeAllocSize(GV.getValueType())
          .isScalable())
    return "unsized type";
  if (GV.getParent()->getDataLayout().getTypeAllocSize(GV.getValueType())
          .isZero())
    return "zero-sized: shares no line";
  return {};
}

/// Where an access runs, for reasons: "store in worker (thread entry) in a
/// busy loop".
std::string describe(const Access &A, const ThreadContext &TC) {
  const Function &F = *A.function();
  std::string S = accessKindName(A.Kind);
  const auto *CB = dyn_cast<CallBase>(A.Inst);
  const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  if (Callee && A.Kind != AccessKind::MemIntrinsic) {
    S = demangle(Callee->getName()); // "pthread_mutex_lock", "std::...()"
    if (!StringRef(S).ends_with(")"))
      S += "()";
  }
  S += " in " + demangle(F.getName());
  if (TC.isInMainBeforeThreads(*A.Inst))
    S += " before the first thread starts";
  else if (&F == F.getParent()->getFunction("main"))
    S += " after threads may exist";
  else
    S += std::string(" (") + TC.describe(F) + ")";
  if (A.Loop == LoopKind::Busy)
    S += " in a loop";
  else if (A.Loop == LoopKind::Waiting)
    S += " in a loop that waits";
  if (A.ProfileCount)
    S += ", profile count " + std::to_string(*A.ProfileCount);
  return S;
}

/// A run-time write that happens often enough to contend for its line.
bool isHotWrite(const Access &A, const PolicyOptions &Opts) {
  if (A.StartUp || A.Kind == AccessKind::OnceWrite)
    return false;
  // Measured beats guessed.
  if (A.ProfileCount)
    return *A.ProfileCount >= Opts.HotWriteCount;
  // Atomic read-modify-writes and lock calls exist because threads share
  // the object: at run time they are contention by construction.
  if (A.isSynchronization())
    return true;
  return A.Loop == LoopKind::Busy ||
         (A.HotFunction && A.Loop != LoopKind::Waiting);
}

/// Orders hot writes by how clearly they show contention.
int strength(const Access &A) {
  return (A.isSynchronization() ? 4 : 0) +
         (A.Loop == LoopKind::Busy ? 2 : 0) + (A.ThreadEntryFunction ? 1 : 0);
}

} // namespace

Classification cacheline::classify(const GlobalFacts &Facts,
                                   const ThreadContext &TC,
                                   const PolicyOptions &Opts) {
  if (std::string Why = skipReason(Facts); !Why.empty())
    return {GlobalClass::Skipped, Why};

  if (!TC.hasThreads())
    return {GlobalClass::Neutral,
            "the program starts no threads: no line can be shared"};

  // Write-hot: written repeatedly, or synchronised on, while threads run.
  const Access *Hottest = nullptr;
  for (const Access &A : Facts.Writes)
    if (isHotWrite(A, Opts) && (!Hottest || strength(A) > strength(*Hottest)))
      Hottest = &A;
  if (Hottest)
    return {GlobalClass::WriteHot, "written while threads run: " +
                                       describe(*Hottest, TC),
            Hottest};

  // Padding an escaping global would be harmless, grouping it is not: we do
  // not know who else writes it.
  if (Facts.escapes())
    return {GlobalClass::Skipped, "address escapes: " + Facts.EscapeReason};

  if (Facts.Reads.empty())
    return {GlobalClass::Neutral,
            Facts.Writes.empty() ? "never accessed" : "never read"};

  for (const Access &A : Facts.Writes)
    if (!A.StartUp)
      return {GlobalClass::Neutral,
              "written at run time, but not repeatedly: " + describe(A, TC),
              &A};

  const Access &Read = *std::max_element(
      Facts.Reads.begin(), Facts.Reads.end(),
      [](const Access &A, const Access &B) { return A.StartUp && !B.StartUp; });
  if (Facts.Writes.empty())
    return {GlobalClass::ReadMostly,
            "never written; read by " + describe(Read, TC), &Read};
  return {GlobalClass::ReadMostly,
          "written only at start-up (" + describe(Facts.Writes.front(), TC) +
              "); read by " + describe(Read, TC),
          &Facts.Writes.front()};
}
