//===- PointsTo.cpp - What every pointer of the program may reach ---------===//
//
// The solve of the constraint graph (PointsToGraph.h): each complex
// constraint applied to the locations that reach its node, cycles of copy
// edges collapsed, difference propagation on a worklist; and what the
// solved graph answers, kept once the graph is freed.
//
//===----------------------------------------------------------------------===//

#include "cacheline/WholeProgram/PointsTo.h"
#include "PointsToGraph.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>
#include <tuple>

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-pointsto"

STATISTIC(NumNodes, "Points-to nodes");
STATISTIC(NumLocations, "Points-to locations");
STATISTIC(NumCollapsed, "Objects collapsed into one location");
STATISTIC(NumRounds, "Points-to cycle searches");

void PointsTo::Graph::apply(const Complex &C, LocId L) {
  if (L == UnknownLoc) {
    // Any escaped object: what it holds is unknown, what goes into it
    // escapes.
    switch (C.K) {
    case Complex::Kind::Load:
    case Complex::Kind::Field:
      addToSet(C.Target, UnknownLoc);
      return;
    case Complex::Kind::Store:
    case Complex::Kind::Fill:
      addEdge(C.Target, Escaped);
      return;
    case Complex::Kind::Escapes:
      return;
    case Complex::Kind::CopyFrom:
    case Complex::Kind::CopyTo:
    case Complex::Kind::Call:
    case Complex::Kind::Callback:
      break; // Below: copyBytes and calls of unknown code know it.
    }
  }
  ObjId O = Locs[L].Object;
  switch (C.K) {
  case Complex::Kind::Load:
    addEdge(Locs[location(O, Locs[L].Offset, C.By)].Contents, C.Target);
    return;
  case Complex::Kind::Store:
    addEdge(C.Target,
            Locs[location(O, Locs[L].Offset, C.By)].Contents);
    return;
  case Complex::Kind::Field:
    addToSet(C.Target, location(O, Locs[L].Offset, C.By));
    return;
  case Complex::Kind::Fill:
    fill(O, Flow({Locs[L].Offset, 0}, C.Target));
    return;
  case Complex::Kind::CopyFrom:
  case Complex::Kind::CopyTo: {
    MemCopy &MC = MemCopies[C.Param];
    bool IsSource = C.K == Complex::Kind::CopyFrom;
    (IsSource ? MC.Sources : MC.Destinations).push_back(L);
    // copyBytes may add pairs' locations, never to MemCopies.
    std::vector<LocId> Others = IsSource ? MC.Destinations : MC.Sources;
    for (LocId Other : Others)
      copyBytes(IsSource ? L : Other, IsSource ? Other : L, MC.Size);
    return;
  }
  case Complex::Kind::Escapes:
    escape(O);
    return;
  case Complex::Kind::Call: {
    CallNodes &Call = call(C.Caller, C.Site);
    unsigned F = objectFunction(L);
    if (F == NoId) {
      // Unknown code: it gets the arguments, and returns its pointers.
      Call.ReachesUnknown = true;
      for (auto [Arg, Src] : Call.Args)
        addEdge(Src, Escaped);
      if (Call.Result != NoId)
        addEdge(UnknownPointer, Call.Result);
      return;
    }
    Call.Targets.push_back(F);
    bind(Call, F);
    return;
  }
  case Complex::Kind::Callback: {
    CallNodes &Call = call(C.Caller, C.Site);
    unsigned F = objectFunction(L);
    if (F == NoId) {
      Call.CallbackToUnknown = true;
      if (C.Target != NoId)
        addEdge(C.Target, Escaped);
      return;
    }
    if (C.Param >= 0)
      addEdge(C.Target, param(F, C.Param));
    // The library's own pointers, in the parameters the call binds none of.
    if (Call.CallbackTargets.insert(F).second)
      for (int I = 0; I < numParams(F); ++I)
        if (!is_contained(Call.BoundParams, I))
          addEdge(UnknownPointer, Base[F] + I);
    return;
  }
  }
}

void PointsTo::Graph::collapseCycles(ArrayRef<NodeId> Roots) {
  // Tarjan's strongly connected components over the copy edges of the
  // representatives, iteratively; each becomes one node.
  ++Rounds;
  // Kept between searches, all zero outside one: a search from one node
  // costs what it visits.
  std::vector<unsigned> &Index = Search.Index, &Low = Search.Low;
  std::vector<bool> &OnStack = Search.OnStack;
  Index.resize(Parent.size(), 0);
  Low.resize(Parent.size(), 0);
  OnStack.resize(Parent.size(), false);
  std::vector<NodeId> Stack, Absorbed, Seen;
  unsigned Next = 1;
  struct Frame {
    NodeId Node;
    unsigned Edge;
  };
  std::vector<Frame> Frames;
  for (NodeId Root : Roots) {
    Root = find(Root);
    // A node without successors is in no cycle (nor, as a root, in a
    // search).
    if (Index[Root] || Nodes[Root].Succ.empty())
      continue;
    Frames.push_back({Root, 0});
    Index[Root] = Low[Root] = Next++;
    Seen.push_back(Root);
    Stack.push_back(Root);
    OnStack[Root] = true;
    while (!Frames.empty()) {
      Frame &Top = Frames.back();
      NodeId V = Top.Node;
      if (Top.Edge < Nodes[V].Succ.size()) {
        NodeId W = find(Nodes[V].Succ[Top.Edge++]);
        if (W == V)
          continue;
        if (!Index[W]) {
          Index[W] = Low[W] = Next++;
          Seen.push_back(W);
          Stack.push_back(W);
          OnStack[W] = true;
          Frames.push_back({W, 0});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Index[W]);
        }
        continue;
      }
      Frames.pop_back();
      if (!Frames.empty())
        Low[Frames.back().Node] = std::min(Low[Frames.back().Node], Low[V]);
      if (Low[V] != Index[V])
        continue;
      NodeId W;
      bool Merged = false;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack[W] = false;
        if (W != V) {
          merge(V, W);
          Merged = true;
        }
      } while (W != V);
      if (Merged)
        Absorbed.push_back(V);
    }
  }
  for (NodeId V : Seen)
    Index[V] = Low[V] = 0;
  // A node that absorbed others lists each successor once, by its
  // representative (addEdge keeps the others' lists free of repeats).
  for (NodeId V : Absorbed) {
    V = find(V);
    SmallVectorImpl<NodeId> &Out = Nodes[V].Succ;
    for (NodeId &S : Out)
      S = find(S);
    llvm::sort(Out);
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    Out.erase(std::remove(Out.begin(), Out.end(), V), Out.end());
  }
}

void PointsTo::Graph::solve() {
  std::vector<NodeId> All(Parent.size());
  std::iota(All.begin(), All.end(), 0);
  collapseCycles(All);
  EdgesSinceCycles = 0;
  NewEdgeSources.clear();
  // Difference propagation: a node sends on, and its constraints see, only
  // what it has not sent yet. Cycles formed on the way are collapsed once
  // enough edges have been added for new ones to be likely; each runs
  // through a new edge, so the search starts from their sources alone.
  size_t Next = 0;
  while (Next < Worklist.size()) {
    NodeId N = Worklist[Next++];
    Nodes[N].OnWorklist = false;
    if (Next > 4096 && Next * 2 > Worklist.size()) {
      Worklist.erase(Worklist.begin(), Worklist.begin() + Next);
      Next = 0;
    }
    N = find(N);
    if (N != Escaped && (Nodes[N].Widened ||
                         Nodes[N].Pts.size() > PointsTo::MaxPointees))
      widen(N);
    if (!Nodes[N].Pts.hasUnsent())
      continue;
    // apply() may add nodes (and move this one) or merge N into another
    // node (a collapsed object's fields): that node is on the worklist
    // then, with what N's constraints have not seen.
    SmallVector<LocId, 8> New(Nodes[N].Pts.unsent());
    Nodes[N].Pts.markSent();
    SmallVector<unsigned, 4> Cs(Nodes[N].Constraints.begin(),
                                Nodes[N].Constraints.end());
    for (unsigned C : Cs)
      for (LocId L : New)
        apply(Constraints[C], L);
    N = find(N);
    for (size_t I = 0; I < Nodes[N].Succ.size(); ++I) {
      NodeId S = find(Nodes[N].Succ[I]);
      if (S == N)
        continue;
      bool Grew = false;
      for (LocId L : New)
        Grew |= Nodes[S].Pts.insert(L);
      if (Grew)
        push(S);
    }
    if (EdgesSinceCycles > std::max<size_t>(4096, Parent.size() / 8)) {
      EdgesSinceCycles = 0;
      std::vector<NodeId> Roots;
      Roots.swap(NewEdgeSources);
      collapseCycles(Roots);
    }
  }
  NumNodes += Parent.size();
  NumLocations += Locs.size();
  NumCollapsed += Collapsed;
  NumRounds += Rounds;
  for (CallNodes &C : Calls) {
    llvm::sort(C.Targets);
    C.Targets.erase(std::unique(C.Targets.begin(), C.Targets.end()),
                    C.Targets.end());
  }
  LLVM_DEBUG(dbgs() << "points-to: " << Parent.size() << " nodes, "
                    << Locs.size() << " locations, " << Collapsed
                    << " objects collapsed, " << Rounds << " rounds\n");
}

PointsTo::PointsTo(PointsToProgram Program) {
  Graph G(std::move(Program));
  G.build();
  G.solve();
  for (unsigned I = 0; I < G.Calls.size(); ++I) {
    CallNodes &C = G.Calls[I];
    if (C.Indirect)
      IndirectCalls.push_back({G.CallKeys[I].first, G.CallKeys[I].second,
                               C.ReachesUnknown, std::move(C.Targets)});
    if (!C.CallbackTargets.empty() || C.CallbackToUnknown) {
      std::vector<unsigned> Targets(C.CallbackTargets.begin(),
                                    C.CallbackTargets.end());
      llvm::sort(Targets);
      CallbackCalls.push_back({G.CallKeys[I].first, G.CallKeys[I].second,
                               C.CallbackToUnknown, std::move(Targets)});
    }
  }
  auto ByCall = [](const IndirectCall &A, const IndirectCall &B) {
    return std::tie(A.Caller, A.Site) < std::tie(B.Caller, B.Site);
  };
  llvm::sort(IndirectCalls, ByCall);
  llvm::sort(CallbackCalls, ByCall);
  // Globals whose fields all hold pointers into one allocation site.
  for (unsigned Gl = 0; Gl < G.GlobalObject.size(); ++Gl) {
    const Object &O = G.Objects[G.GlobalObject[Gl]];
    if (O.Id != Gl || O.Escaped)
      continue;
    std::optional<ObjId> Only;
    bool One = O.Fields.size() != 0;
    for (auto &[Offset, L] : O.Fields)
      for (LocId P : G.Nodes[G.find(G.Locs[L].Contents)].Pts.all()) {
        ObjId Held = G.Locs[P].Object;
        One &= G.Objects[Held].K == Object::Kind::Heap &&
               (!Only || *Only == Held);
        Only = Held;
      }
    if (One && Only)
      HeldAllocations.push_back(
          {Gl, {G.Objects[*Only].Id, G.Objects[*Only].Site}});
  }
  Size.Nodes = G.Parent.size();
  for (NodeId N = 0; N < G.Parent.size(); ++N)
    Size.Representatives += G.Parent[N] == N;
  Size.Widened = G.NumWidened;
  Size.Locations = G.Locs.size();
  Size.Collapsed = G.Collapsed;
  Size.Rounds = G.Rounds;
}

/// The targets of call \p Site of \p Caller in \p Calls, sorted by call;
/// std::nullopt if it may reach code the program cannot see, or is not
/// there.
static std::optional<std::vector<unsigned>>
targetsIn(ArrayRef<PointsTo::IndirectCall> Calls, unsigned Caller, int Site) {
  auto It = partition_point(Calls, [&](const PointsTo::IndirectCall &C) {
    return std::tie(C.Caller, C.Site) < std::tie(Caller, Site);
  });
  if (It == Calls.end() || It->Caller != Caller || It->Site != Site ||
      It->ReachesUnknown)
    return std::nullopt;
  return It->Targets;
}

std::optional<std::vector<unsigned>>
PointsTo::indirectTargets(unsigned Caller, int Site) const {
  return targetsIn(IndirectCalls, Caller, Site);
}

std::optional<std::vector<unsigned>>
PointsTo::callbackTargets(unsigned Caller, int Site) const {
  return targetsIn(CallbackCalls, Caller, Site);
}

std::optional<PointsTo::Site>
PointsTo::heldAllocation(unsigned Global) const {
  auto It = partition_point(HeldAllocations,
                            [&](const auto &H) { return H.first < Global; });
  if (It == HeldAllocations.end() || It->first != Global)
    return std::nullopt;
  return It->second;
}

void PointsTo::printIndirectCalls(
    raw_ostream &OS, function_ref<std::string(unsigned)> Label) const {
  for (const IndirectCall &C : IndirectCalls) {
    OS << "  " << Label(C.Caller) << " #" << C.Site << ":";
    if (C.ReachesUnknown) {
      OS << " code the program cannot see\n";
      continue;
    }
    std::vector<std::string> Names;
    for (unsigned T : C.Targets)
      Names.push_back(Label(T));
    llvm::sort(Names);
    for (const std::string &N : Names)
      OS << " " << N;
    OS << "\n";
  }
}

void PointsTo::printStatistics(raw_ostream &OS) const {
  OS << Size.Nodes << " nodes (" << Size.Representatives
     << " after cycles merged, " << Size.Widened << " widened), "
     << Size.Locations << " locations, " << Size.Collapsed
     << " objects collapsed, " << Size.Rounds << " cycle searches\n";
}
