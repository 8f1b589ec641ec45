//===- SolverIndex.cpp - The program's tables, and what addresses reach ---===//
//
// The first stages of Solver::Program::solve(): index() numbers every
// function and global of the summaries; scanFunctionAddresses() finds what
// each function's address is used for (a thread entry, a constructor, a
// callback of code the program cannot see, ...); solvePointsTo() runs the
// points-to analysis over the index.
//
//===----------------------------------------------------------------------===//

#include "SolverProgram.h"

#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <numeric>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-solver"

void Solver::Program::index() {
  LocalFns.resize(Modules.size());
  LocalGlobals.resize(Modules.size());
  for (unsigned M = 0; M < Modules.size(); ++M) {
    for (const FunctionSummary &F : Modules[M].Functions) {
      StringMap<FnId> &ByName = F.Local ? LocalFns[M] : ExternalFns;
      // A linkonce_odr body in several modules: one function, the first.
      if (!ByName.try_emplace(F.Name, FnId(Fns.size())).second)
        continue;
      Fns.push_back({M, &F, F.Local ? localKey(M, F.Name) : F.Name,
                     !F.Local && internalized(F.Name)});
    }
    for (const GlobalSummary &G : Modules[M].Globals) {
      StringMap<unsigned> &ByName = G.Local ? LocalGlobals[M] : ExternalGlobals;
      auto [It, New] = ByName.try_emplace(G.Name, Globals.size());
      if (New) {
        Globals.emplace_back();
        Globals.back().Name = G.Name;
        Globals.back().Module = G.Local ? int(M) : -1;
      }
      GlobalEntry &E = Globals[It->second];
      if (G.Definition && !E.Def)
        E.Def = &G;
      E.Mentions.push_back({M, &G});
    }
  }
  ByKey.resize(Fns.size());
  std::iota(ByKey.begin(), ByKey.end(), 0);
  llvm::sort(ByKey, [&](FnId A, FnId B) { return Fns[A].Key < Fns[B].Key; });
  CallSites.resize(Fns.size());
  // Filled by linkCallers() once every call site is known; until then a
  // rule that asks (the functions of a table, while the call sites are
  // collected) learns of no caller and no use of a result.
  Callers.resize(Fns.size());
  ResultUses.resize(Fns.size());
  DrivenBy.assign(Fns.size(), NoFn);
  WaitingLoopCache.resize(Fns.size());
  AfterSteadyCache.resize(Fns.size());
  auto MainIt = ExternalFns.find("main");
  if (MainIt != ExternalFns.end()) {
    Main = MainIt->second;
    AllLocal = Opts.BeforeLink;
  }
}

void Solver::Program::leakRoots(const GlobalEntry *G, StringRef Key,
                                SmallPtrSetImpl<const GlobalEntry *> &Visiting,
                                std::set<std::string> &Roots) const {
  if (!G || !localGlobal(*G)) {
    Roots.insert(Key.str());
    return;
  }
  if (!Visiting.insert(G).second)
    return; // Already being answered.
  std::string Own = keyOf(*G);
  for (auto &[M, S] : G->Mentions) {
    // Kept by llvm.used for code we cannot see, unless it sits in a section
    // the program itself walks through __start_/__stop_.
    if (S->ContentsLeak || (S->InUsedList && !sectionWalked(S->Section)))
      Roots.insert(Own);
    for (const std::string &Callee : S->LeakCallees)
      if (!bodyVisible(resolveFn(M, Callee)))
        Roots.insert(Own);
    for (const std::string &Owner : S->LeakThrough)
      leakRoots(resolveGlobal(M, Owner), Owner, Visiting, Roots);
  }
}

void Solver::Program::applyRootUse(FnId F, AddressUse Use) {
  switch (Use) {
  case AddressUse::ThreadEntry:
    if (ThreadEntries.insert(F))
      ThreadEntryList.push_back(F);
    break;
  case AddressUse::RunOnce:
    RunOnceRoots.insert(F);
    break;
  case AddressUse::AtExit:
    AtExitRoots.insert(F);
    break;
  case AddressUse::Ctor:
    CtorRoots.insert(F);
    break;
  case AddressUse::Escaped:
    escape(F);
    break;
  case AddressUse::Timer:
    TimerCallbacks.insert(F);
    break;
  case AddressUse::Taken:
    AddressTaken.insert(F);
    break;
  case AddressUse::Synchronous:
    break; // An edge from the call: see collectCallSites.
  case AddressUse::PassedToCall:
  case AddressUse::PassedToIndirectCall:
  case AddressUse::InInitializer:
  case AddressUse::StoredTo:
    llvm_unreachable("resolved by scanFunctionAddresses");
  }
}

std::vector<AddressUse>
Solver::Program::handedUses(FnId F, int Arg,
                            DenseSet<std::pair<FnId, int>> &Seen) const {
  std::vector<AddressUse> Out;
  const PointerSummary *Param = fn(F).param(Arg);
  if (!Param || !Seen.insert({F, Arg}).second)
    return Out;
  unsigned M = Fns[F].Module;
  for (const PointerCall &C : Param->Calls) {
    if (C.Callee.empty())
      continue; // Indirect: the handed function is taken, nothing more.
    FnId Callee = resolveFn(M, C.Callee);
    if (!bodyVisible(Callee)) {
      Out.push_back(C.Callback);
      continue;
    }
    std::vector<AddressUse> Deeper = handedUses(Callee, C.Arg, Seen);
    Out.insert(Out.end(), Deeper.begin(), Deeper.end());
  }
  return Out;
}

void Solver::Program::scanFunctionAddresses() {
  for (FnId F = 0; F != Fns.size(); ++F) {
    if (fn(F).ThreadTrampoline)
      applyRootUse(F, AddressUse::ThreadEntry);
    if (fn(F).OnceBody)
      RunOnceRoots.insert(F);
  }
  FnSet NotOnlyInFields;
  // Of each global handed to code we cannot see: the functions whose
  // addresses it holds, with those of the tables it leads to (a command
  // table and its subcommand tables are one table to the code handed it).
  std::map<std::string, std::set<FnId>> EscapedThrough;
  for (unsigned M = 0; M < Modules.size(); ++M) {
    for (const AddressUseSummary &A : Modules[M].AddressUses) {
      FnId F = resolveFn(M, A.Function);
      if (F == NoFn)
        continue; // Only defined functions matter.
      AddressUse Use = A.Use;
      if (Use == AddressUse::PassedToCall) {
        // Handed to code we can see: it is called, if at all, through an
        // indirect call of the program, and becomes whatever the calls
        // that code hands the parameter to make of it.
        FnId Callee = resolveFn(M, A.Callee);
        if (!bodyVisible(Callee)) {
          Use = A.Fallback;
        } else {
          Use = AddressUse::Taken;
          DenseSet<std::pair<FnId, int>> Seen;
          for (AddressUse Handed : handedUses(Callee, A.Arg, Seen))
            applyRootUse(F, Handed);
        }
      } else if (Use == AddressUse::InInitializer ||
               Use == AddressUse::StoredTo) {
        // Memory of the program's own: called, if at all, by the program's
        // indirect calls. Anywhere else, code we cannot see may call it.
        std::set<std::string> Roots = leakRoots(M, A.Owner, A.OwnerLocal);
        if (!Roots.empty()) {
          for (const std::string &Root : Roots)
            EscapedThrough[Root].insert(F);
          NotOnlyInFields.insert(F);
          continue;
        }
        Use = AddressUse::Taken;
      }
      if (Use == AddressUse::Taken && !A.Fields.empty())
        OnlyInFields[F].insert(A.Fields.begin(), A.Fields.end());
      else
        NotOnlyInFields.insert(F);
      switch (Use) {
      default:
        applyRootUse(F, Use);
        break;
      case AddressUse::PassedToIndirectCall:
        // Taken by the functions the call reaches; an escape if it reaches
        // none of the program's (resolveIndirectArguments).
        AddressTaken.insert(F);
        if (FnId Caller = resolveFn(M, A.Caller); Caller != NoFn)
          IndirectArguments.push_back({F, Caller, A.Site});
        else
          escape(F);
        break;
      case AddressUse::PassedToCall:
      case AddressUse::InInitializer:
      case AddressUse::StoredTo:
        llvm_unreachable("resolved above");
      }
    }
  }
  for (const auto &[Owner, Held] : EscapedThrough)
    for (FnId F : Held)
      escape(F, 1.0 / Held.size());
  for (FnId F : NotOnlyInFields.members())
    OnlyInFields.erase(F);
}

void Solver::Program::solvePointsTo() {
  PointsToProgram In;
  In.Functions.reserve(Fns.size());
  for (const FuncEntry &FE : Fns) {
    In.Functions.push_back(FE.F);
    In.FunctionModules.push_back(FE.Module);
  }
  In.FunctionCalledFromOutside.resize(Fns.size());
  for (FnId F = 0; F != Fns.size(); ++F)
    In.FunctionCalledFromOutside[F] = F == Main || !localFn(F);
  In.NumGlobals = Globals.size();
  In.GlobalVisibleOutside.resize(Globals.size());
  In.GlobalPointerFree.resize(Globals.size());
  In.GlobalInitializers.resize(Globals.size(), {0, nullptr});
  for (auto [I, G] : enumerate(Globals)) {
    // Set or walked by code the program cannot see: exported, filled by
    // the loader, or a member of a section walked by __start_/__stop_.
    In.GlobalVisibleOutside[I] =
        !localGlobal(G) || !G.Def || G.Def->ExternallyInitialized ||
        (G.Def->HasSection && !G.Def->Section.empty());
    In.GlobalPointerFree[I] =
        G.Def && G.Def->Constant && G.Def->InitialPointers.empty();
    for (auto [M, S] : G.Mentions)
      if (S == G.Def)
        In.GlobalInitializers[I] = {M, &S->InitialPointers};
  }
  In.ResolveFunction = [this](unsigned M, StringRef Name) {
    FnId F = resolveFn(M, Name);
    return F == NoFn ? PointsToProgram::None : F;
  };
  In.ResolveGlobal = [this](unsigned M, StringRef Name) {
    const GlobalEntry *G = resolveGlobal(M, Name);
    return G ? unsigned(G - Globals.data()) : PointsToProgram::None;
  };
  Pointers = std::make_unique<PointsTo>(std::move(In));
  LLVM_DEBUG({
    dbgs() << DEBUG_TYPE ": points-to: ";
    Pointers->printStatistics(dbgs());
  });
}
