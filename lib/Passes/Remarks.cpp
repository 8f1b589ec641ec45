//===- Remarks.cpp - The pass's optimization remarks ---------------------===//

#include "cacheline/Passes/Remarks.h"
#include "cacheline/Pipeline/Classification.h"
#include "cacheline/Transforms/Layout.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-layout"

std::vector<RemarkPlace>
cacheline::locateRemarks(Module &M, const CachelineClassification &Result) {
  LLVMContext &Ctx = M.getContext();
  if (!Ctx.getLLVMRemarkStreamer() &&
      !Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled(DEBUG_TYPE))
    return {};
  InstructionIndex Instructions(M, Result.Symbols);
  Function *Fallback = nullptr;
  for (Function &F : M)
    if (!F.isDeclaration()) {
      Fallback = &F;
      break;
    }
  std::vector<RemarkPlace> Places(Result.Globals.size());
  for (auto [G, Place] : zip(Result.Globals, Places)) {
    // At the deciding access, else at any access.
    if (const Instruction *At = G.decisiveInstruction(Instructions)) {
      Place.At = const_cast<Instruction *>(At);
      Place.F = const_cast<Function *>(At->getFunction());
    } else {
      Place.F = Fallback;
    }
  }
  return Places;
}

/// The remarks of each allocation site: its class, and its padding or why
/// not, at the allocating call.
static void emitAllocationRemarks(const CachelineClassification &Result,
                                  const LayoutOutcome &Outcome,
                                  OREGetter GetORE) {
  for (auto Pair : zip(Result.Allocations, Outcome.Allocations)) {
    // Not a structured binding: C++17 lambdas cannot capture one.
    const auto &A = std::get<0>(Pair);
    const auto &Done = std::get<1>(Pair);
    Function *F = A.Caller;
    if (!F)
      continue;
    DiagnosticLocation Loc(A.Loc);
    const BasicBlock *Region = &F->getEntryBlock();
    std::string Site =
        "allocation by " + A.Site.At.Callee + " in " + F->getName().str();
    GetORE(*F).emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "Allocation", Loc, Region)
             << ore::NV("Allocation", Site) << " is "
             << ore::NV("Class", globalClassName(A.Class.Class)) << ": "
             << ore::NV("Reason", A.Class.Reason);
    });
    if (Done.Padded)
      GetORE(*F).emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "PaddedAllocation", Loc, Region)
               << ore::NV("Allocation", Site) << ": "
               << ore::NV("Reason", A.Inner.Reason);
      });
    else if (std::string Why = Done.Refused.empty() ? A.Inner.Reason
                                                    : Done.Refused;
             !Why.empty())
      GetORE(*F).emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "InnerLayout", Loc, Region)
               << ore::NV("Allocation", Site) << ": "
               << ore::NV("Reason", Why);
      });
  }
}

void cacheline::emitRemarks(const CachelineClassification &Result,
                            const LayoutOutcome &Outcome,
                            ArrayRef<RemarkPlace> Places, OREGetter GetORE) {
  if (Places.empty())
    return; // No remark asked for.
  emitAllocationRemarks(Result, Outcome, GetORE);
  assert(Outcome.Globals.size() == Result.Globals.size() &&
         Places.size() == Result.Globals.size() &&
         "an outcome and a place per classified global");
  for (size_t I = 0; I < Result.Globals.size(); ++I) {
    const ClassifiedGlobal &G = Result.Globals[I];
    const GlobalOutcome &Done = Outcome.Globals[I];
    const Decision &C = G.Class;
    const InnerLayout &Inner = Done.Inner;
    if (Done.GV && Done.GV->isDeclaration())
      continue;
    auto *At = cast_or_null<Instruction>(Places[I].At);
    Function *F = Places[I].F;
    if (!F)
      continue;
    const char *RemarkName = C.Class == GlobalClass::WriteHot     ? "WriteHot"
                             : C.Class == GlobalClass::ReadMostly ? "ReadMostly"
                             : C.Class == GlobalClass::Neutral    ? "Neutral"
                                                                  : "Skipped";
    GetORE(*F).emit([&] {
      auto R = At ? OptimizationRemarkAnalysis(DEBUG_TYPE, RemarkName, At)
                  : OptimizationRemarkAnalysis(DEBUG_TYPE, RemarkName, F);
      return R << "global " << ore::NV("Global", G.Name)
               << " is " << ore::NV("Class", globalClassName(C.Class)) << ": "
               << ore::NV("Reason", C.Reason);
    });
    if (!Inner.rewrites() && !Inner.Reason.empty())
      GetORE(*F).emit([&] {
        auto R = At ? OptimizationRemarkMissed(DEBUG_TYPE, "InnerLayout", At)
                    : OptimizationRemarkMissed(DEBUG_TYPE, "InnerLayout", F);
        if (G.Facts.Props.ElementCount)
          R << "elements of global " << ore::NV("Global", G.Name) << " ";
        else
          R << "global " << ore::NV("Global", G.Name) << ": ";
        return R << ore::NV("Reason", Inner.Reason);
      });
    if (!Done.Parts.empty()) {
      GetORE(*F).emit([&] {
        auto R = At ? OptimizationRemark(DEBUG_TYPE, "Split", At)
                    : OptimizationRemark(DEBUG_TYPE, "Split", F);
        return R << globalClassName(C.Class) << " global "
                 << ore::NV("Global", G.Name) << ": "
                 << ore::NV("Reason", Inner.Reason);
      });
      // Each function copied for it, at the copy.
      for (size_t K = 0; K < Done.CopyNames.size() && K < Inner.Copies.size();
           ++K) {
        Function *Copy = F->getParent()->getFunction(Done.CopyNames[K]);
        if (!Copy)
          continue;
        const FunctionCopy &FC = Inner.Copies[K];
        GetORE(*Copy).emit([&] {
          return OptimizationRemark(DEBUG_TYPE, "Copied", Copy)
                 << "copied " << ore::NV("Function", FC.Function) << " as "
                 << ore::NV("Copy", Copy->getName()) << " ("
                 << ore::NV("Instructions", FC.Instructions)
                 << " instructions) for global " << ore::NV("Global", G.Name)
                 << ": its accesses through argument "
                 << ore::NV("Arg", FC.Arg) << " name the global";
        });
      }
      continue;
    }
    if (!Done.NotMoved.empty())
      GetORE(*F).emit([&] {
        auto R = At ? OptimizationRemarkMissed(DEBUG_TYPE, "NotMoved", At)
                    : OptimizationRemarkMissed(DEBUG_TYPE, "NotMoved", F);
        return R << globalClassName(C.Class) << " global "
                 << ore::NV("Global", G.Name) << " "
                 << ore::NV("Reason", Done.NotMoved);
      });
    if (!Done.Change)
      continue;
    const LayoutChange &Change = *Done.Change;
    GetORE(*F).emit([&] {
      auto R = At ? OptimizationRemark(DEBUG_TYPE, "Moved", At)
                  : OptimizationRemark(DEBUG_TYPE, "Moved", F);
      R << "moved " << globalClassName(C.Class) << " global "
        << ore::NV("Global", G.Name) << " to "
        << ore::NV("Section", Change.Section) << ", aligned to "
        << ore::NV("Align", Change.Align);
      if (Change.SlotSize)
        R << ", each element in " << ore::NV("SlotSize", Change.SlotSize)
          << " bytes";
      if (Change.NewSize != Change.OldSize)
        R << ", padded from " << ore::NV("OldSize", Change.OldSize) << " to "
          << ore::NV("NewSize", Change.NewSize) << " bytes";
      return R;
    });
  }
}
