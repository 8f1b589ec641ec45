//===- Layout.cpp - Sections, alignment and padding for classified globals ===//

#include "cacheline/Transforms/Layout.h"
#include "cacheline/Files/SummaryInModule.h"
#include "cacheline/Summary/SummaryBuilder.h"
#include "cacheline/Support/LLVMCompat.h"
#include "cacheline/Transforms/AddressRewrite.h"
#include "cacheline/Transforms/AllocationLayout.h"
#include "cacheline/Transforms/ElementLayout.h"
#include "cacheline/Transforms/FieldLayout.h"
#include "cacheline/Transforms/FunctionCopies.h"
#include "cacheline/Transforms/Placement.h"
#include "cacheline/WholeProgram/Solver.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/GlobalStatus.h"

using namespace llvm;
using namespace cacheline;

namespace {

uint64_t allocSize(const GlobalVariable &GV) {
  return GV.getParent()->getDataLayout().getTypeAllocSize(GV.getValueType());
}

/// The alignment codegen would give \p GV, made explicit so that the group's
/// layout can be computed here.
Align effectiveAlign(const GlobalVariable &GV) {
  return GV.getParent()->getDataLayout().getPreferredAlign(&GV);
}

/// GlobalOpt will make \p GV constant (its own test: internal, nothing
/// stores it but its initializer, no atomic access, its address goes
/// nowhere), and codegen then puts it with the read-only data, away from
/// every write: it is not marked, and the report says it stays. Moved into
/// the writable read-mostly group, a table of pointers would lose RELRO.
bool becomesConstant(const GlobalVariable &GV) {
  if (!GV.hasLocalLinkage() || !GV.hasInitializer() || GV.isConstant() ||
      GV.hasSection())
    return false;
  GlobalStatus GS;
  return !GlobalStatus::analyzeGlobal(&GV, GS) && GS.IsLoaded &&
         GS.StoredType <= GlobalStatus::InitializerStored &&
         GS.Ordering == AtomicOrdering::NotAtomic;
}

/// A global to place: a classified one, or the part of one split by field
/// class that holds a group of its fields.
struct Placement {
  GlobalOutcome *Owner;
  int Part = -1; ///< Index into Owner->Parts, or -1 for the whole global.
  GlobalVariable *GV;
  GlobalClass Class;

  void record(LayoutChange C) const {
    (Part < 0 ? Owner->Change : Owner->Parts[Part].Change) = std::move(C);
  }
};

/// The solver's resolution of calls, on the module's calls as the
/// summaries numbered them (isCallSite). Each function's calls are numbered
/// when first asked for: the layout's rewrites insert address arithmetic
/// and intrinsics only, so a function's calls keep their order and number
/// however many rewrites came before.
class SolverCallGraph final : public CallGraph {
public:
  SolverCallGraph(Module &M, const Solver &S, const SummarySymbols &Symbols)
      : M(M), S(S), Symbols(Symbols) {}

  std::optional<std::vector<CallBase *>>
  callsOf(const Function &F) const override {
    auto [Module, Name] = Symbols.origin(F);
    std::optional<std::vector<ModuleCallSite>> Sites =
        S.callsReaching(Module, Name);
    if (!Sites)
      return std::nullopt;
    std::vector<CallBase *> Out;
    for (const ModuleCallSite &Site : *Sites) {
      const Function *Caller = Symbols.function(M, Site.Module, Site.Function);
      if (!Caller)
        return std::nullopt;
      const std::vector<CallBase *> &Calls = callsIn(*Caller).InOrder;
      if (Site.Site < 0 || size_t(Site.Site) >= Calls.size())
        return std::nullopt;
      Out.push_back(Calls[Site.Site]);
    }
    return Out;
  }

  std::optional<std::vector<Function *>>
  targetsOf(const CallBase &CB) const override {
    const Function &Caller = *CB.getFunction();
    auto [Module, Name] = Symbols.origin(Caller);
    // The solver's calls are those of the copy it follows.
    std::optional<unsigned> Defining = S.definingModule(Module, Name);
    if (!Defining || Symbols.function(M, *Defining, Name) != &Caller)
      return std::nullopt;
    const NumberedCalls &Calls = callsIn(Caller);
    auto Site = Calls.Index.find(&CB);
    if (Site == Calls.Index.end())
      return std::nullopt;
    std::optional<std::vector<ModuleFunction>> Targets =
        S.indirectTargets(Module, Name, Site->second);
    if (!Targets)
      return std::nullopt;
    std::vector<Function *> Out;
    for (const ModuleFunction &T : *Targets) {
      Function *F = Symbols.function(M, T.Module, T.Name);
      if (!F)
        return std::nullopt;
      Out.push_back(F);
    }
    return Out;
  }

private:
  Module &M;
  const Solver &S;
  const SummarySymbols &Symbols;
  /// A function's calls as its summary lists them.
  struct NumberedCalls {
    std::vector<CallBase *> InOrder;
    DenseMap<const CallBase *, int> Index;
  };
  mutable DenseMap<const Function *, std::unique_ptr<NumberedCalls>> CallsIn;

  const NumberedCalls &callsIn(const Function &F) const {
    std::unique_ptr<NumberedCalls> &Calls = CallsIn[&F];
    if (!Calls) {
      Calls = std::make_unique<NumberedCalls>();
      for (const Instruction &I : instructions(F))
        if (isCallSite(I)) {
          auto *CB = const_cast<CallBase *>(cast<CallBase>(&I));
          Calls->Index[CB] = Calls->InOrder.size();
          Calls->InOrder.push_back(CB);
        }
    }
    return *Calls;
  }
};

/// The whole program's call graph, when the plan has one and some object
/// is to be rewritten inside.
std::unique_ptr<CallGraph> callGraphFor(Module &M, const LayoutPlan &Plan) {
  if (!Plan.Program || none_of(Plan.Globals, [](const PlannedGlobal &G) {
        return G.Inner.rewrites();
      }))
    return nullptr;
  return std::make_unique<SolverCallGraph>(M, *Plan.Program, *Plan.Symbols);
}

/// Each global as planned, before the layout does anything.
LayoutOutcome unchanged(const LayoutPlan &Plan) {
  LayoutOutcome Out;
  for (const PlannedGlobal &G : Plan.Globals)
    Out.Globals.push_back({G.GV, std::nullopt, G.Inner, {}, {}, {}});
  Out.Allocations.resize(Plan.Allocations.size());
  return Out;
}

/// Pads each planned allocation's elements (or, with \p CheckOnly, checks
/// that the IR allows it), recording what became of each.
void padAllocations(const LayoutPlan &Plan, LayoutOutcome &Outcome,
                    const CallGraph *Calls, bool CheckOnly) {
  for (auto [A, Out] : zip(Plan.Allocations, Outcome.Allocations)) {
    if ((!A.SlotSize && A.Fields.empty()) || !A.Call)
      continue;
    if (Error E = CheckOnly ? checkPadAllocation(A, Plan.LineSize, Calls)
                            : padAllocation(A, Plan.LineSize, Calls))
      Out.Refused = "not rewritten: " + toString(std::move(E));
    else
      Out.Padded = !CheckOnly;
  }
}

/// The IR refused what the policy decided inside an object: the object
/// keeps the whole-object layout, and the report says why.
void refuseSplit(InnerLayout &Inner, Error Why) {
  Inner.Parts.clear();
  Inner.Copies.clear();
  Inner.Reason = "fields not split: " + toString(std::move(Why));
}

/// Makes the copies of functions \p G's split needs (FunctionCopies.h),
/// then splits it (or, with \p CheckOnly, only checks): the copies stay if
/// the split is made, and are undone otherwise.
Expected<std::vector<GlobalVariable *>>
splitWithCopies(const PlannedGlobal &G, GlobalOutcome &O,
                const CallGraph *Calls, bool CheckOnly) {
  std::optional<FunctionCopies> Copies;
  if (!G.Inner.Copies.empty()) {
    Expected<FunctionCopies> Made =
        FunctionCopies::make(*G.GV, G.Inner.Copies, G.CopyBodies);
    if (!Made)
      return Made.takeError();
    Copies.emplace(std::move(*Made));
  }
  if (CheckOnly) {
    if (Error E = checkSplitFields(*G.GV, G.Inner.Parts, Calls))
      return std::move(E);
    return std::vector<GlobalVariable *>();
  }
  Expected<std::vector<GlobalVariable *>> Parts =
      splitFields(*G.GV, G.Inner.Parts, Calls);
  if (Parts && Copies) {
    O.CopyNames = Copies->names();
    Copies->keep();
  }
  return Parts;
}
void refusePadding(InnerLayout &Inner, Error Why) {
  Inner.SlotSize = 0;
  Inner.Reason = "not rewritten: " + toString(std::move(Why));
}

/// Splits every write-hot struct the policy splits by field class, and
/// returns what is to be placed.
std::vector<Placement> splitStructs(const LayoutPlan &Plan,
                                    LayoutOutcome &Outcome,
                                    const CallGraph *Calls) {
  std::vector<Placement> Out;
  for (size_t I = 0; I < Plan.Globals.size(); ++I) {
    const PlannedGlobal &G = Plan.Globals[I];
    GlobalOutcome &O = Outcome.Globals[I];
    if (G.Class != GlobalClass::WriteHot || G.Inner.Parts.empty()) {
      Out.push_back({&O, -1, G.GV, G.Class});
      continue;
    }
    uint64_t Size = allocSize(*G.GV), OldAlign = effectiveAlign(*G.GV).value();
    Expected<std::vector<GlobalVariable *>> Parts =
        splitWithCopies(G, O, Calls, /*CheckOnly=*/false);
    if (!Parts) {
      refuseSplit(O.Inner, Parts.takeError());
      Out.push_back({&O, -1, G.GV, G.Class});
      continue;
    }
    O.GV = nullptr;
    O.Change = LayoutChange{"", OldAlign, OldAlign, Size, 0, 0};
    for (unsigned P = 0; P < Parts->size(); ++P) {
      GlobalVariable *GV = (*Parts)[P];
      O.Change->NewSize += allocSize(*GV);
      O.Parts.push_back({GV->getName().str(), std::nullopt});
      Out.push_back({&O, int(P), GV, G.Inner.Parts[P].Class});
    }
  }
  return Out;
}

} // namespace

LayoutOutcome cacheline::checkInnerLayouts(Module &M, const LayoutPlan &Plan) {
  LayoutOutcome Outcome = unchanged(Plan);
  std::unique_ptr<CallGraph> Calls = callGraphFor(M, Plan);
  padAllocations(Plan, Outcome, Calls.get(), /*CheckOnly=*/true);
  for (size_t I = 0; I < Plan.Globals.size(); ++I) {
    const PlannedGlobal &G = Plan.Globals[I];
    InnerLayout &Inner = Outcome.Globals[I].Inner;
    if (G.Class != GlobalClass::WriteHot || !G.GV)
      continue;
    if (!G.Inner.Parts.empty()) {
      if (Error E = splitWithCopies(G, Outcome.Globals[I], Calls.get(),
                                    /*CheckOnly=*/true)
                        .takeError())
        refuseSplit(Inner, std::move(E));
    } else if (G.Inner.SlotSize) {
      if (Error E = checkPadElements(*G.GV, G.Inner.SlotSize, Calls.get()))
        refusePadding(Inner, std::move(E));
    }
  }
  return Outcome;
}

LayoutOutcome cacheline::applyLayout(Module &M, const LayoutPlan &Plan) {
  LayoutOutcome Outcome = unchanged(Plan);
  const unsigned Line = Plan.LineSize;
  // A global codegen gives a section of its own cannot join a group: it
  // gets whole lines.
  const OwnSections Own(M);
  std::unique_ptr<CallGraph> Calls = callGraphFor(M, Plan);
  // Before any global is replaced: a holder is one.
  padAllocations(Plan, Outcome, Calls.get(), /*CheckOnly=*/false);
  std::vector<Placement> Placements =
      splitStructs(Plan, Outcome, Calls.get());

  // The layouts inside objects first, which rewrite the code that reaches
  // them; then each global is marked for its place (Placement.h).
  struct Before {
    uint64_t Size, Align;
  };
  std::vector<Before> Was;
  std::vector<std::optional<unsigned>> Order(Placements.size());
  unsigned Next = nextPlacementOrder(M);
  for (unsigned I = 0; I < Placements.size(); ++I) {
    Placement &P = Placements[I];
    Was.push_back({allocSize(*P.GV), effectiveAlign(*P.GV).value()});
    if (P.Class != GlobalClass::WriteHot && P.Class != GlobalClass::ReadMostly)
      continue;
    bool Hot = P.Class == GlobalClass::WriteHot;
    InnerLayout &Inner = P.Owner->Inner;
    if (Hot && P.Part < 0 && Inner.SlotSize) {
      if (Expected<GlobalVariable *> Padded =
              padElements(*P.GV, Inner.SlotSize, Calls.get()))
        P.Owner->GV = P.GV = *Padded;
      else
        refusePadding(Inner, Padded.takeError());
    }
    // (A COMDAT it keeps: not internal, laid out from a layout file at
    // compile time, an inline variable.)
    PlacementKind Kind = Hot             ? PlacementKind::WriteHot
                         : Own.has(*P.GV) ? PlacementKind::ReadMostlyAlone
                                          : PlacementKind::ReadMostlyGroup;
    if (Kind == PlacementKind::ReadMostlyGroup && Plan.GlobalOptFollows &&
        P.Part < 0 && becomesConstant(*P.GV)) {
      P.Owner->NotMoved = "left in place: nothing stores it, and the "
                          "link makes it constant";
      continue;
    }
    markForPlacement(*P.GV, Kind, Line, Next);
    Order[I] = Next++;
  }

  // What the placement makes of the module as it is now: the report's.
  PlacementResult Placed = placeMarkedGlobals(M, PlaceMode::DryRun);
  uint64_t PaddingBytes = Placed.GroupPadBytes;
  for (unsigned I = 0; I < Placements.size(); ++I) {
    if (!Order[I] || *Order[I] >= Placed.Origins.size() ||
        !Placed.Origins[*Order[I]])
      continue;
    const Placement &P = Placements[I];
    const cacheline::Placed &Done = *Placed.Origins[*Order[I]];
    bool Hot = P.Class == GlobalClass::WriteHot;
    uint64_t Slot = Hot && P.Part < 0 ? P.Owner->Inner.SlotSize : 0;
    P.record(LayoutChange{Done.Section, Done.Align, Was[I].Align, Was[I].Size,
                          Done.NewSize, Slot});
    PaddingBytes += Done.NewSize - Was[I].Size;
  }
  if (Plan.When != PlaceMode::DryRun) {
    // A global grown to whole lines is a new one, of the same name.
    std::vector<std::string> Names;
    for (const GlobalOutcome &O : Outcome.Globals)
      Names.push_back(O.GV ? O.GV->getName().str() : "");
    placeMarkedGlobals(M, Plan.When);
    for (auto [O, Name] : zip(Outcome.Globals, Names))
      if (O.GV)
        O.GV = M.getNamedGlobal(Name);
  }
  Outcome.PaddingBytes = PaddingBytes;
  return Outcome;
}
