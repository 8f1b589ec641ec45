//===- Merge.cpp - Whole-program classification from per-TU facts --------===//
//
// The whole-program half of ThreadContext.cpp and GlobalWriteFacts.cpp,
// rule for rule, on the summaries TUFacts.cpp writes. Functions and globals
// are keyed by name; internal ones by TU and name, since two TUs may each
// have a static `counter`.
//
//===----------------------------------------------------------------------===//

#include "Merge.h"
#include "JSONFile.h"
#include "TUFacts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

using namespace llvm;
using namespace cacheline;

namespace {

// --- the summaries, as read -------------------------------------------------

struct Pos {
  std::string Fn;
  int64_t B = 0, I = 0, Loop = -1;
  double Freq = 1.0;
  std::optional<int64_t> Prof;
  std::string Callee;
};

struct SAccess {
  AccessKind Kind = AccessKind::Load;
  Pos P;
};

struct SCall {
  std::string Callee, FTy, Fb, Esc;
  int64_t Arg = 0;
  Pos P;
};

struct SWalk {
  std::vector<SAccess> Acc;
  std::vector<SCall> Calls;
  std::string Esc;
};

struct SGlobal {
  std::string Name, Alias, FP;
  bool Local = false, Def = false, Const = false, TLS = false, ISec = false,
       Sec = false, ExtInit = false, Unsized = false, Used = false,
       Leak = false;
  int64_t Size = 0;
  std::vector<std::string> LeakC;
  SWalk W;
};

struct SSite {
  int64_t B = 0, I = 0, Loop = -1;
  std::vector<int64_t> WL;
  std::string T, Callee, FTy;
  bool Known = false, Creates = false, Waits = false;
  std::vector<std::string> Sync, Cb;
};

struct SFunction {
  std::string Name, FTy;
  bool Local = false, Interposable = false, Trampoline = false,
       OnceBody = false;
  int64_t NArgs = 0;
  std::vector<std::vector<int64_t>> Succ;
  std::vector<SSite> Sites;
  std::map<int64_t, SWalk> Params;
};

struct SAddr {
  std::string Fn, Use, Callee, Fb, Owner;
  bool OwnerLocal = false;
};

struct TU {
  std::string Path, Module, Source, Target;
  std::vector<SGlobal> Globals;
  std::vector<SFunction> Functions;
  std::vector<SAddr> Addr;
  StringSet<> LocalFns;
};

bool fromJSON(const json::Value &V, Pos &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("f", P.Fn) && O.map("b", P.B) && O.map("i", P.I) &&
         O.mapOptional("l", P.Loop) && O.mapOptional("q", P.Freq) && O.mapOptional("p", P.Prof) &&
         O.mapOptional("c", P.Callee);
}

bool fromJSON(const json::Value &V, SAccess &A, json::Path Path) {
  json::ObjectMapper O(V, Path);
  std::string Kind;
  if (!O || !O.map("k", Kind) || !fromJSON(V, A.P, Path))
    return false;
  std::optional<AccessKind> K = parseAccessKind(Kind);
  if (!K) {
    Path.field("k").report("unknown access kind");
    return false;
  }
  A.Kind = *K;
  return true;
}

bool fromJSON(const json::Value &V, SCall &C, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("callee", C.Callee) && O.map("arg", C.Arg) &&
         O.map("fty", C.FTy) && O.map("fb", C.Fb) && O.mapOptional("esc", C.Esc) &&
         fromJSON(V, C.P, Path);
}

bool walkFromJSON(json::ObjectMapper &O, SWalk &W) {
  return O.mapOptional("acc", W.Acc) && O.mapOptional("calls", W.Calls) &&
         O.mapOptional("esc", W.Esc);
}

bool fromJSON(const json::Value &V, SGlobal &G, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("name", G.Name) && O.map("local", G.Local) &&
         O.map("def", G.Def) && O.mapOptional("const", G.Const) &&
         O.mapOptional("tls", G.TLS) && O.mapOptional("isec", G.ISec) &&
         O.mapOptional("sec", G.Sec) && O.mapOptional("extinit", G.ExtInit) &&
         O.mapOptional("unsized", G.Unsized) && O.mapOptional("size", G.Size) &&
         O.mapOptional("alias", G.Alias) && O.mapOptional("fp", G.FP) &&
         O.mapOptional("used", G.Used) && O.mapOptional("leak", G.Leak) &&
         O.mapOptional("leakc", G.LeakC) && walkFromJSON(O, G.W);
}

bool fromJSON(const json::Value &V, SSite &S, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("b", S.B) && O.map("i", S.I) && O.mapOptional("l", S.Loop) &&
         O.mapOptional("wl", S.WL) && O.map("t", S.T) && O.mapOptional("callee", S.Callee) &&
         O.mapOptional("fty", S.FTy) && O.mapOptional("known", S.Known) &&
         O.mapOptional("creates", S.Creates) && O.mapOptional("waits", S.Waits) &&
         O.mapOptional("sync", S.Sync) && O.mapOptional("cb", S.Cb);
}

struct SParam {
  int64_t Arg = 0;
  SWalk W;
};

bool fromJSON(const json::Value &V, SParam &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("arg", P.Arg) && walkFromJSON(O, P.W);
}

bool fromJSON(const json::Value &V, SFunction &F, json::Path Path) {
  json::ObjectMapper O(V, Path);
  std::vector<SParam> Params;
  if (!O || !O.map("name", F.Name) || !O.map("local", F.Local) ||
      !O.mapOptional("interposable", F.Interposable) || !O.map("fty", F.FTy) ||
      !O.map("nargs", F.NArgs) || !O.mapOptional("trampoline", F.Trampoline) ||
      !O.mapOptional("once_body", F.OnceBody) || !O.mapOptional("succ", F.Succ) ||
      !O.map("sites", F.Sites) || !O.mapOptional("params", Params))
    return false;
  for (SParam &P : Params)
    F.Params[P.Arg] = std::move(P.W);
  return true;
}

bool fromJSON(const json::Value &V, SAddr &A, json::Path Path) {
  json::ObjectMapper O(V, Path);
  return O && O.map("fn", A.Fn) && O.map("u", A.Use) &&
         O.mapOptional("callee", A.Callee) && O.mapOptional("fb", A.Fb) &&
         O.mapOptional("owner", A.Owner) && O.mapOptional("owner_local", A.OwnerLocal);
}

bool fromJSON(const json::Value &V, TU &T, json::Path Path) {
  json::ObjectMapper O(V, Path);
  std::string Format;
  int64_t Version = 0;
  if (!O || !O.map("format", Format) || !O.map("version", Version))
    return false;
  if (Format != "cacheline-facts") {
    Path.field("format").report("not a cacheline-facts file");
    return false;
  }
  if (Version != FactsFormatVersion) {
    Path.field("version").report("unsupported version");
    return false;
  }
  return O.map("module", T.Module) && O.map("source", T.Source) &&
         O.mapOptional("target", T.Target) && O.map("globals", T.Globals) &&
         O.map("functions", T.Functions) && O.map("addr", T.Addr);
}

Expected<TU> readTU(StringRef Path) {
  Expected<json::Value> V = readJSONFile(Path, "facts file");
  if (!V)
    return V.takeError();
  TU T;
  json::Path::Root Root("facts");
  if (!fromJSON(*V, T, Root))
    return corruptFileError(Path, "facts file", Root);
  T.Path = Path.str();
  for (const SFunction &F : T.Functions)
    if (F.Local)
      T.LocalFns.insert(F.Name);
  return T;
}

// --- the whole program ------------------------------------------------------

struct FuncEntry {
  unsigned TU;
  const SFunction *F;
};

struct GlobalEntry {
  std::string Name;
  int Module = -1; ///< Its TU when internal.
  const SGlobal *Def = nullptr;
  std::vector<std::pair<unsigned, const SGlobal *>> Mentions;
};

struct CallSite {
  std::string Caller;
  const SSite *Site;
  std::vector<std::string> Targets;
  bool StartsThreads = false, Waits = false;
};

class Program {
public:
  explicit Program(std::vector<TU> TUs) : TUs(std::move(TUs)) {
    index();
    computeContext();
  }

  void write(raw_ostream &OS, const PolicyOptions &Opts, MergeStats &Stats);

private:
  static std::string localKey(unsigned T, StringRef Name) {
    return std::to_string(T) + "\x01" + Name.str();
  }
  /// The function \p Name refers to in TU \p T; empty if no TU defines it.
  std::string resolveFn(unsigned T, StringRef Name) const {
    if (TUs[T].LocalFns.contains(Name))
      return localKey(T, Name);
    if (Funcs.count(Name))
      return Name.str();
    return {};
  }
  /// Calls into \p Key run its body: it is defined, and in a library not
  /// replaceable at run time.
  bool bodyVisible(const std::string &Key) const {
    if (Key.empty())
      return false;
    return Executable || !Funcs.find(Key)->second.F->Interposable;
  }
  bool localFn(const std::string &Key) const {
    return Executable || Funcs.find(Key)->second.F->Local;
  }
  bool localGlobal(const GlobalEntry &G) const {
    if (G.Module >= 0)
      return true;
    return Executable && G.Def;
  }
  bool contentsLeakOut(unsigned T, StringRef Name, bool Local) const;

  void index();
  void computeContext();
  void scanFunctionAddresses();
  void collectCallSites();
  void computeTransitiveFlags();
  void computeMainBeforeThreads();
  void computeStartUpOnly();
  void computeHot();

  bool isInMainBeforeThreads(const std::string &F, int64_t B, int64_t I) const;
  bool isStartUp(const std::string &F, int64_t B, int64_t I) const {
    return StartUpOnly.contains(F) || isInMainBeforeThreads(F, B, I);
  }
  LoopKind loopKind(const std::string &F, int64_t Loop) const;
  const char *describe(const std::string &F) const;

  void collectAccesses(const GlobalEntry &G,
                       std::vector<std::pair<unsigned, SAccess>> &Out,
                       std::string &Esc) const;
  AccessRecord record(unsigned T, const SAccess &A) const;

  std::vector<TU> TUs;
  bool Executable = false;
  std::string Main;
  StringMap<FuncEntry> Funcs;
  std::vector<std::string> FuncOrder;
  StringMap<GlobalEntry> Globals;
  std::vector<std::string> GlobalOrder;

  StringSet<> ThreadEntries, RunOnceRoots, CtorRoots, AtExitRoots,
      AddressTaken, Escaped, TimerCallbacks, MayStartThreads, MayWait,
      StartUpOnly, Hot;
  std::vector<std::string> ThreadEntryList;
  std::map<std::string, std::vector<CallSite>> CallSites;
  std::map<std::string, std::vector<const CallSite *>> Callers;
  std::set<int64_t> MainPreThreadBlocks;
  std::map<int64_t, int64_t> MainFirstCreation;
  mutable std::map<std::pair<std::string, int64_t>, bool> WaitingLoopCache;
  bool HasThreads = false;
};

void Program::index() {
  for (unsigned T = 0; T < TUs.size(); ++T) {
    for (const SFunction &F : TUs[T].Functions) {
      std::string Key = F.Local ? localKey(T, F.Name) : F.Name;
      // A linkonce_odr body in several TUs: one function, the first.
      if (Funcs.try_emplace(Key, FuncEntry{T, &F}).second)
        FuncOrder.push_back(Key);
    }
    for (const SGlobal &G : TUs[T].Globals) {
      std::string Key = G.Local ? localKey(T, G.Name) : G.Name;
      auto [It, New] = Globals.try_emplace(Key);
      GlobalEntry &E = It->second;
      if (New) {
        GlobalOrder.push_back(Key);
        E.Name = G.Name;
        E.Module = G.Local ? int(T) : -1;
      }
      if (G.Def && !E.Def)
        E.Def = &G;
      E.Mentions.push_back({T, &G});
    }
  }
  auto MainIt = Funcs.find("main");
  if (MainIt != Funcs.end() && !MainIt->second.F->Local) {
    Executable = true;
    Main = "main";
  }
}

bool Program::contentsLeakOut(unsigned T, StringRef Name, bool Local) const {
  auto It = Globals.find(Local ? localKey(T, Name) : Name.str());
  if (It == Globals.end() || !localGlobal(It->second))
    return true;
  for (auto &[MT, G] : It->second.Mentions) {
    if (G->Leak)
      return true;
    for (const std::string &Callee : G->LeakC)
      if (!bodyVisible(resolveFn(MT, Callee)))
        return true;
  }
  return false;
}

void Program::computeContext() {
  scanFunctionAddresses();
  collectCallSites();
  computeTransitiveFlags();
  computeMainBeforeThreads();
  computeStartUpOnly();
  computeHot();
  HasThreads = !ThreadEntries.empty() || !Escaped.empty();
  if (Main.empty())
    HasThreads |= any_of(FuncOrder, [&](const std::string &K) {
      return !Funcs.find(K)->second.F->Local;
    });
}

void Program::scanFunctionAddresses() {
  auto AddEntry = [&](const std::string &F) {
    if (ThreadEntries.insert(F).second)
      ThreadEntryList.push_back(F);
  };
  for (const std::string &K : FuncOrder) {
    const SFunction &F = *Funcs.find(K)->second.F;
    if (F.Trampoline)
      AddEntry(K);
    if (F.OnceBody)
      RunOnceRoots.insert(K);
  }
  for (unsigned T = 0; T < TUs.size(); ++T) {
    for (const SAddr &A : TUs[T].Addr) {
      std::string F = resolveFn(T, A.Fn);
      if (F.empty())
        continue; // Only defined functions matter.
      StringRef Use = A.Use;
      if (Use == "arg")
        Use = bodyVisible(resolveFn(T, A.Callee)) ? "taken" : A.Fb;
      else if (Use == "init" || Use == "store")
        Use = contentsLeakOut(T, A.Owner, A.OwnerLocal) ? "escaped" : "taken";
      if (Use == "entry")
        AddEntry(F);
      else if (Use == "once")
        RunOnceRoots.insert(F);
      else if (Use == "atexit")
        AtExitRoots.insert(F);
      else if (Use == "ctor")
        CtorRoots.insert(F);
      else if (Use == "escaped")
        Escaped.insert(F);
      else if (Use == "timer")
        TimerCallbacks.insert(F);
      else if (Use == "taken")
        AddressTaken.insert(F);
    }
  }
}

void Program::collectCallSites() {
  std::map<std::string, std::vector<std::string>> IndirectTargets;
  for (const std::string &K : FuncOrder)
    if (AddressTaken.contains(K) || Escaped.contains(K) ||
        TimerCallbacks.contains(K) ||
        RunOnceRoots.contains(K) || AtExitRoots.contains(K) ||
        ThreadEntries.contains(K))
      IndirectTargets[Funcs.find(K)->second.F->FTy].push_back(K);

  for (const std::string &K : FuncOrder) {
    const FuncEntry &FE = Funcs.find(K)->second;
    std::vector<CallSite> &Sites = CallSites[K];
    for (const SSite &S : FE.F->Sites) {
      CallSite CS{K, &S, {}};
      if (S.T == "indirect") {
        auto It = IndirectTargets.find(S.FTy);
        if (It != IndirectTargets.end())
          CS.Targets = It->second;
      } else if (S.T == "direct") {
        std::string Callee = resolveFn(FE.TU, S.Callee);
        if (!Callee.empty()) {
          CS.Targets.push_back(Callee);
        } else {
          for (const std::string &N : S.Sync)
            if (std::string Fn = resolveFn(FE.TU, N); !Fn.empty())
              CS.Targets.push_back(Fn);
          for (const std::string &N : S.Cb)
            if (!resolveFn(FE.TU, N).empty())
              CS.StartsThreads = true; // Unknown code got a callback.
          CS.StartsThreads |= S.Creates;
          CS.Waits = S.Waits;
        }
      }
      Sites.push_back(std::move(CS));
    }
  }
  for (auto &[K, Sites] : CallSites)
    for (const CallSite &CS : Sites)
      for (const std::string &T : CS.Targets)
        Callers[T].push_back(&CS);
}

void Program::computeTransitiveFlags() {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto &[F, Sites] : CallSites) {
      for (CallSite &CS : Sites) {
        for (const std::string &T : CS.Targets) {
          if (!CS.StartsThreads && MayStartThreads.contains(T))
            CS.StartsThreads = Changed = true;
          if (!CS.Waits && MayWait.contains(T))
            CS.Waits = Changed = true;
        }
        if (CS.StartsThreads && MayStartThreads.insert(F).second)
          Changed = true;
        if (CS.Waits && MayWait.insert(F).second)
          Changed = true;
      }
    }
  }
}

void Program::computeMainBeforeThreads() {
  if (Main.empty())
    return;
  const SFunction &F = *Funcs.find(Main)->second.F;
  std::vector<int64_t> Worklist;
  std::set<int64_t> After;
  auto Succ = [&](int64_t B) -> const std::vector<int64_t> & {
    static const std::vector<int64_t> None;
    return B >= 0 && size_t(B) < F.Succ.size() ? F.Succ[B] : None;
  };
  for (const CallSite &CS : CallSites[Main]) {
    if (!CS.StartsThreads)
      continue;
    int64_t B = CS.Site->B;
    auto [It, New] = MainFirstCreation.try_emplace(B, CS.Site->I);
    if (!New && CS.Site->I < It->second)
      It->second = CS.Site->I;
    append_range(Worklist, Succ(B));
  }
  while (!Worklist.empty()) {
    int64_t B = Worklist.back();
    Worklist.pop_back();
    if (After.insert(B).second)
      append_range(Worklist, Succ(B));
  }
  for (int64_t B = 0; B < int64_t(F.Succ.size()); ++B)
    if (!After.count(B))
      MainPreThreadBlocks.insert(B);
}

bool Program::isInMainBeforeThreads(const std::string &F, int64_t B,
                                    int64_t I) const {
  if (Main.empty() || F != Main || !MainPreThreadBlocks.count(B))
    return false;
  auto It = MainFirstCreation.find(B);
  return It == MainFirstCreation.end() || !(It->second < I);
}

void Program::computeStartUpOnly() {
  auto IsRoot = [&](const std::string &F) {
    return CtorRoots.contains(F) || RunOnceRoots.contains(F);
  };
  for (auto &[F, Sites] : CallSites) {
    bool Candidate = F != Main && localFn(F) && !Escaped.contains(F) &&
                     !TimerCallbacks.contains(F) &&
                     !ThreadEntries.contains(F) && !AtExitRoots.contains(F) &&
                     !MayStartThreads.contains(F);
    auto It = Callers.find(F);
    bool HasCallers = It != Callers.end() && !It->second.empty();
    if ((IsRoot(F) && !MayStartThreads.contains(F)) ||
        (Candidate && HasCallers))
      StartUpOnly.insert(F);
  }
  bool Changed = true;
  while (Changed) {
    Changed = false;
    std::vector<std::string> Current;
    for (const auto &E : StartUpOnly)
      Current.push_back(E.getKey().str());
    for (const std::string &F : Current) {
      auto It = Callers.find(F);
      if (It == Callers.end())
        continue;
      if (all_of(It->second, [&](const CallSite *CS) {
            return isStartUp(CS->Caller, CS->Site->B, CS->Site->I);
          }))
        continue;
      StartUpOnly.erase(F);
      Changed = true;
    }
  }
}

LoopKind Program::loopKind(const std::string &F, int64_t Loop) const {
  if (Loop < 0)
    return LoopKind::None;
  auto [It, New] = WaitingLoopCache.try_emplace({F, Loop}, false);
  if (New) {
    auto Sites = CallSites.find(F);
    if (Sites != CallSites.end())
      It->second = any_of(Sites->second, [&](const CallSite &CS) {
        return CS.Waits && is_contained(CS.Site->WL, Loop);
      });
  }
  return It->second ? LoopKind::Waiting : LoopKind::Busy;
}

void Program::computeHot() {
  std::vector<std::string> Worklist;
  auto MarkHot = [&](const std::string &F) {
    if (!StartUpOnly.contains(F) && Hot.insert(F).second)
      Worklist.push_back(F);
  };
  for (const std::string &F : ThreadEntryList)
    MarkHot(F);
  for (const std::string &F : FuncOrder)
    if (Escaped.contains(F))
      MarkHot(F);
  if (Main.empty())
    for (auto &[F, Sites] : CallSites)
      if (!Funcs.find(F)->second.F->Local)
        MarkHot(F);
  for (auto &[F, Sites] : CallSites)
    for (const CallSite &CS : Sites)
      if (!isStartUp(F, CS.Site->B, CS.Site->I) &&
          loopKind(F, CS.Site->Loop) == LoopKind::Busy)
        for (const std::string &T : CS.Targets)
          MarkHot(T);
  while (!Worklist.empty()) {
    std::string F = Worklist.back();
    Worklist.pop_back();
    for (const CallSite &CS : CallSites[F])
      if (loopKind(F, CS.Site->Loop) != LoopKind::Waiting)
        for (const std::string &T : CS.Targets)
          MarkHot(T);
  }
}

const char *Program::describe(const std::string &F) const {
  if (ThreadEntries.contains(F))
    return "thread entry";
  if (CtorRoots.contains(F) && StartUpOnly.contains(F))
    return "global constructor";
  if (RunOnceRoots.contains(F) && StartUpOnly.contains(F))
    return "run-once routine";
  if (StartUpOnly.contains(F))
    return "called only at start-up";
  if (Escaped.contains(F))
    return "callback of unknown code";
  if (TimerCallbacks.contains(F) && !Hot.contains(F))
    return "timer callback";
  if (Hot.contains(F))
    return "called repeatedly while threads run";
  if (AtExitRoots.contains(F))
    return "exit handler";
  if (!Main.empty() && F == Main)
    return "main";
  return "called at run time";
}

void Program::collectAccesses(const GlobalEntry &G,
                              std::vector<std::pair<unsigned, SAccess>> &Out,
                              std::string &Esc) const {
  std::set<std::pair<std::string, int64_t>> Visited;
  std::function<void(unsigned, const SWalk &)> Walk = [&](unsigned T,
                                                          const SWalk &W) {
    for (const SAccess &A : W.Acc)
      Out.push_back({T, A});
    if (Esc.empty())
      Esc = W.Esc;
    for (const SCall &C : W.Calls) {
      std::string Callee = resolveFn(T, C.Callee);
      if (bodyVisible(Callee)) {
        // Into the callee's body, wherever it is (PointerWalker::visitCall).
        const FuncEntry &FE = Funcs.find(Callee)->second;
        if (C.Arg < FE.F->NArgs && FE.F->FTy == C.FTy) {
          if (Visited.insert({Callee, C.Arg}).second) {
            auto P = FE.F->Params.find(C.Arg);
            if (P != FE.F->Params.end())
              Walk(FE.TU, P->second);
          }
        } else if (Esc.empty()) {
          Esc = "address passed as a variadic argument of " + C.Callee +
                " in " + C.P.Fn;
        }
        continue;
      }
      if (C.Fb == "escape") {
        if (Esc.empty())
          Esc = C.Esc;
      } else if (std::optional<AccessKind> K = parseAccessKind(C.Fb)) {
        Out.push_back({T, SAccess{*K, C.P}});
      }
    }
  };
  for (auto &[T, SG] : G.Mentions)
    Walk(T, SG->W);
}

AccessRecord Program::record(unsigned T, const SAccess &A) const {
  std::string F = resolveFn(T, A.P.Fn);
  AccessRecord R;
  R.Kind = A.Kind;
  R.StartUp = isStartUp(F, A.P.B, A.P.I);
  R.Loop = loopKind(F, A.P.Loop);
  R.HotFunction = Hot.contains(F);
  R.ThreadEntryFunction = ThreadEntries.contains(F);
  if (A.P.Prof)
    R.ProfileCount = uint64_t(*A.P.Prof);
  R.Function = A.P.Fn;
  R.Callee = A.P.Callee;
  R.InMainBeforeThreads = isInMainBeforeThreads(F, A.P.B, A.P.I);
  R.InMain = A.P.Fn == "main";
  R.Role = describe(F);
  return R;
}

std::string compact(json::Value V) {
  std::string S;
  raw_string_ostream OS(S);
  OS << V;
  return S;
}

void Program::write(raw_ostream &OS, const PolicyOptions &Opts,
                    MergeStats &Stats) {
  std::map<std::string, int64_t> Counts;
  for (GlobalClass C : {GlobalClass::WriteHot, GlobalClass::ReadMostly,
                        GlobalClass::Neutral, GlobalClass::Skipped})
    Counts[globalClassName(C)] = 0;
  OS << "{\n  \"format\": \"cacheline-layout-file\",\n  \"version\": 1,\n";
  OS << "  \"program\": \"" << (Executable ? "executable" : "library")
     << "\",\n";
  OS << "  \"target\": "
     << compact(TUs.empty() ? std::string() : TUs.front().Target) << ",\n";
  OS << "  \"globals\": [";
  bool First = true;
  for (const std::string &Key : GlobalOrder) {
    const GlobalEntry &G = Globals.find(Key)->second;
    GlobalRecord R;
    GlobalProperties &P = R.Props;
    if (!G.Def) {
      P.Declaration = true;
    } else {
      const SGlobal &D = *G.Def;
      P.Constant = D.Const;
      P.ThreadLocal = D.TLS;
      P.ImplicitSection = D.ISec;
      P.HasSection = D.Sec;
      P.Local = localGlobal(G);
      // Internalized with the global in an executable (full LTO does so).
      P.ExportedAlias = Executable ? std::string() : D.Alias;
      P.ExternallyInitialized = D.ExtInit;
      P.Unsized = D.Unsized;
      P.ZeroSized = !D.Unsized && D.Size == 0;
    }
    for (auto &[T, SG] : G.Mentions)
      R.InUsedList |= SG->Used;
    std::vector<std::pair<unsigned, SAccess>> Accesses;
    if (G.Def && !G.Def->Const && !G.Def->TLS)
      collectAccesses(G, Accesses, R.EscapeReason);
    json::Array Writes;
    for (auto &[T, A] : Accesses) {
      AccessRecord AR = record(T, A);
      if (!AR.isWrite()) {
        R.Reads.push_back(std::move(AR));
        continue;
      }
      Writes.push_back(json::Object{
          {"function", AR.Function},
          {"kind", accessKindName(AR.Kind)},
          {"context", AR.StartUp ? "start-up" : "run-time"},
          {"loop", loopKindName(AR.Loop)},
          {"function_role", AR.Role},
          {"frequency", std::round(A.P.Freq * 1000) / 1000}});
      if (AR.ProfileCount)
        Writes.back().getAsObject()->insert(
            {"profile_count", int64_t(*AR.ProfileCount)});
      R.Writes.push_back(std::move(AR));
    }
    Decision D = decide(R, HasThreads, Opts);
    ++Counts[globalClassName(D.Class)];
    switch (D.Class) {
    case GlobalClass::WriteHot:
      ++Stats.WriteHot;
      break;
    case GlobalClass::ReadMostly:
      ++Stats.ReadMostly;
      break;
    case GlobalClass::Neutral:
      ++Stats.Neutral;
      break;
    case GlobalClass::Skipped:
      ++Stats.Skipped;
      break;
    }
    json::Object O{{"name", G.Name},
                   {"class", globalClassName(D.Class)},
                   {"reason", D.Reason},
                   {"reads", int64_t(R.Reads.size())},
                   {"writes", std::move(Writes)},
                   {"size", G.Def ? G.Def->Size : 0}};
    if (G.Module >= 0)
      O["module"] = TUs[G.Module].Source;
    if (G.Def)
      O["fingerprint"] = G.Def->FP;
    if (!R.EscapeReason.empty())
      O["escape"] = R.EscapeReason;
    OS << (First ? "\n    " : ",\n    ") << compact(std::move(O));
    First = false;
  }
  OS << "\n  ],\n";
  json::Object Summary;
  for (auto &[Name, N] : Counts)
    Summary[Name] = N;
  Summary["globals"] = int64_t(GlobalOrder.size());
  Stats.Globals = GlobalOrder.size();
  OS << "  \"summary\": " << compact(std::move(Summary)) << ",\n";
  OS << "  \"threads\": " << (HasThreads ? "true" : "false") << ",\n";
  auto Names = [&](const std::vector<std::string> &Keys) {
    json::Array A;
    for (const std::string &K : Keys)
      A.push_back(Funcs.find(K)->second.F->Name);
    return compact(std::move(A));
  };
  OS << "  \"thread_entries\": " << Names(ThreadEntryList) << ",\n";
  std::vector<std::string> StartUp;
  for (const auto &E : StartUpOnly)
    StartUp.push_back(E.getKey().str());
  sort(StartUp, [&](const std::string &A, const std::string &B) {
    return Funcs.find(A)->second.F->Name < Funcs.find(B)->second.F->Name;
  });
  OS << "  \"start_up_functions\": " << Names(StartUp) << ",\n";
  json::Array Modules;
  for (const TU &T : TUs)
    Modules.push_back(T.Source);
  OS << "  \"modules\": " << compact(std::move(Modules)) << "\n}\n";
}

} // namespace

Expected<MergeStats> cacheline::mergeFacts(StringRef Dir, raw_ostream &OS,
                                           const PolicyOptions &Opts) {
  if (!sys::fs::is_directory(Dir))
    return createStringError(inconvertibleErrorCode(),
                             "%s: no such facts directory", Dir.str().c_str());
  std::vector<std::string> Paths;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (StringRef(It->path()).ends_with(".facts.json"))
      Paths.push_back(It->path());
  if (EC)
    return createStringError(EC, "%s: %s", Dir.str().c_str(),
                             EC.message().c_str());
  if (Paths.empty())
    return createStringError(inconvertibleErrorCode(),
                             "%s: no *.facts.json files (compile with "
                             "CACHELINE_LAYOUT_FACTS_DIR=%s first)",
                             Dir.str().c_str(), Dir.str().c_str());
  // Deterministic order, whatever the file system's.
  std::vector<TU> TUs;
  for (const std::string &P : Paths) {
    Expected<TU> T = readTU(P);
    if (!T)
      return T.takeError();
    TUs.push_back(std::move(*T));
  }
  std::sort(TUs.begin(), TUs.end(), [](const TU &A, const TU &B) {
    return std::tie(A.Source, A.Module) < std::tie(B.Source, B.Module);
  });
  MergeStats Stats;
  Stats.Files = TUs.size();
  Program(std::move(TUs)).write(OS, Opts, Stats);
  return Stats;
}
