//===- PointsToConstraints.cpp - The constraints of the summaries ---------===//
//
// PointsTo::Graph::build(): the nodes of every function's pointer values
// and the objects of the program, then a constraint or an edge for each
// pointer statement of the summaries (PointerStatement), in the globals'
// initializers and the functions, with the direct calls bound to their
// callees' bodies and the allocation wrappers' calls made sites of their
// own.
//
//===----------------------------------------------------------------------===//

#include "cacheline/WholeProgram/AllocationWrappers.h"
#include "PointsToGraph.h"

#include "llvm/ADT/Statistic.h"

using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-pointsto"

STATISTIC(NumWrapperCalls, "Calls of allocation wrappers, each a site");

NodeId PointsTo::Graph::constantNode(LocId L) {
  auto [It, New] = ConstantNodes.try_emplace(L, 0);
  if (New) {
    It->second = newNode();
    addToSet(It->second, L);
  }
  return It->second;
}

NodeId PointsTo::Graph::node(unsigned M, unsigned F,
                             const PointerOperand &Op) {
  using K = PointerOperand::Kind;
  switch (Op.K) {
  case K::None:
    return NoId;
  case K::Unknown:
    return UnknownPointer;
  case K::VarArgs:
    return F == NoId ? UnknownPointer : constantNode(location(varArgs(F), 0));
  case K::Function: {
    unsigned Fn = P.ResolveFunction(M, Op.Name);
    // Code the program does not have: calling it runs unknown code.
    return Fn == NoId ? UnknownPointer
                      : constantNode(location(FunctionObject[Fn], 0));
  }
  case K::Global: {
    unsigned G = P.ResolveGlobal(M, Op.Name);
    if (G == NoId)
      return UnknownPointer;
    return constantNode(location(GlobalObject[G], 0, Shift::of(Op)));
  }
  case K::Value: {
    if (F == NoId || Op.Value < 0 || Op.Value >= numValues(F))
      return UnknownPointer; // A damaged summary: assume anything.
    NodeId V = Base[F] + Op.Value;
    if (Shift::of(Op).isZero())
      return V;
    NodeId T = newNode();
    constrain({Complex::Kind::Field, V, T, Shift::of(Op)});
    return T;
  }
  }
  return UnknownPointer;
}

void PointsTo::Graph::addStatement(unsigned M, unsigned F,
                                   const PointerStatement &S) {
  auto Value = [&](int V) -> NodeId {
    return F != NoId && V >= 0 && V < numValues(F)
               ? Base[F] + V
               : NoId;
  };
  // A load or store at a constant offset rides on the constraint itself.
  auto AddressNode = [&](const PointerOperand &Op, Shift &By) {
    if (Op.K != PointerOperand::Kind::Value)
      return node(M, F, Op);
    PointerOperand Base = Op;
    By = Shift::of(Op);
    Base.Offset = 0;
    Base.Variable = false;
    Base.Stride = 0;
    return node(M, F, Base);
  };
  switch (S.K) {
  case SK::Copy: {
    NodeId Dst = Value(S.Dst), Src = node(M, F, S.Src);
    if (Dst != NoId && Src != NoId)
      addEdge(Src, Dst);
    return;
  }
  case SK::Load:
  case SK::Store: {
    Shift By;
    NodeId Addr = AddressNode(S.Addr, By);
    NodeId Other = S.K == SK::Load ? Value(S.Dst) : node(M, F, S.Src);
    if (Addr == NoId || Other == NoId)
      return;
    constrain({S.K == SK::Load ? Complex::Kind::Load : Complex::Kind::Store,
               Addr, Other, By});
    return;
  }
  case SK::MemCopy:
  case SK::Clobber: {
    NodeId Addr = node(M, F, S.Addr);
    if (Addr == NoId)
      return;
    if (S.K == SK::Clobber) {
      constrain({Complex::Kind::Fill, Addr, UnknownPointer});
      return;
    }
    NodeId Src = node(M, F, S.Src);
    if (Src == NoId)
      return;
    Complex From{Complex::Kind::CopyFrom, Src}, To{Complex::Kind::CopyTo, Addr};
    From.Param = To.Param = MemCopies.size();
    MemCopies.push_back({S.Size, {}, {}});
    constrain(std::move(From));
    constrain(std::move(To));
    return;
  }
  case SK::HeapObject:
  case SK::StackObject: {
    NodeId Dst = Value(S.Dst);
    if (Dst == NoId)
      return;
    addToSet(Dst, location(S.K == SK::HeapObject ? heapObject(F, S.Site)
                                                 : stackObject(F, S.Site),
                           0));
    return;
  }
  case SK::Escape:
    if (NodeId Src = node(M, F, S.Src); Src != NoId)
      addEdge(Src, Escaped);
    return;
  case SK::Callback: {
    NodeId Fn = node(M, F, S.Addr);
    if (Fn == NoId)
      return;
    NodeId Data = node(M, F, S.Src);
    CallNodes &C = call(F, S.Fallback);
    if (S.Dst >= 0 && Data != NoId)
      C.BoundParams.push_back(S.Dst);
    Complex X{Complex::Kind::Callback, Fn, Data};
    X.Caller = F;
    X.Site = S.Fallback;
    X.Param = Data == NoId ? -1 : S.Dst;
    constrain(std::move(X));
    return;
  }
  case SK::Argument:
    if (NodeId Src = node(M, F, S.Src); Src != NoId)
      call(F, S.Site).Args.push_back({S.Dst, Src});
    return;
  case SK::Result:
    if (NodeId Dst = Value(S.Dst); Dst != NoId)
      call(F, S.Site).Result = Dst;
    return;
  case SK::Callee: {
    NodeId Callee = node(M, F, S.Src);
    CallNodes &C = call(F, S.Site);
    C.Indirect = true;
    if (Callee == NoId) {
      C.ReachesUnknown = true; // Calling null: no program function.
      return;
    }
    Complex X{Complex::Kind::Call, Callee};
    X.Caller = F;
    X.Site = S.Site;
    constrain(std::move(X));
    return;
  }
  case SK::Return:
    if (NodeId Src = node(M, F, S.Src); Src != NoId && F != NoId)
      addEdge(Src, Return[F]);
    return;
  }
}

void PointsTo::Graph::bindArguments(CallNodes &C, unsigned Callee) {
  for (auto [Arg, Src] : C.Args)
    addEdge(Src, param(Callee, Arg));
}

void PointsTo::Graph::bind(CallNodes &C, unsigned Callee) {
  bindArguments(C, Callee);
  if (C.Result != NoId)
    addEdge(Return[Callee], C.Result);
}

void PointsTo::Graph::build() {
  unsigned NF = P.Functions.size();
  countValues();
  Unknown = newObject(Object::Kind::Unknown, NoId);
  UnknownLoc = location(Unknown, 0);
  Escaped = newNode();
  UnknownPointer = newNode();
  addToSet(UnknownPointer, UnknownLoc);
  Objects[Unknown].Escaped = true;

  // The nodes the functions' values need, and as many again for locations
  // and offsets: growing these vectors one node at a time moves every set.
  size_t Values = 0;
  for (unsigned F = 0; F < NF; ++F)
    Values += numValues(F) + 1;
  reserveNodes(2 * Values);
  size_t Statements = 0;
  for (unsigned F = 0; F < NF; ++F)
    Statements += P.Functions[F]->numPointers();
  Constraints.reserve(Statements);
  Objects.reserve(NF + P.NumGlobals + 1);
  FirstCallSlot.resize(NF);
  size_t Slots = 0;
  for (unsigned F = 0; F < NF; ++F) {
    FirstCallSlot[F] = Slots;
    Slots += P.Functions[F]->Calls.size();
  }
  CallSlots.assign(Slots, NoId);
  Base.resize(NF);
  Return.resize(NF);
  FunctionObject.resize(NF);
  for (unsigned F = 0; F < NF; ++F) {
    Base[F] = Parent.size();
    for (int V = 0; V < numValues(F); ++V)
      newNode();
    Return[F] = newNode();
    FunctionObject[F] = newObject(Object::Kind::Function, F);
  }
  GlobalObject.resize(P.NumGlobals);
  ObjId PointerFree = NoId;
  for (unsigned G = 0; G < P.NumGlobals; ++G) {
    if (G < P.GlobalPointerFree.size() && P.GlobalPointerFree[G]) {
      if (PointerFree == NoId) {
        PointerFree = newObject(Object::Kind::Global, NoId);
        Objects[PointerFree].Collapsed = true;
      }
      GlobalObject[G] = PointerFree;
      continue;
    }
    GlobalObject[G] = newObject(Object::Kind::Global, G);
  }

  for (unsigned G = 0; G < P.NumGlobals; ++G) {
    auto [M, Init] = P.GlobalInitializers[G];
    if (Init)
      for (const PointerStatement &S : *Init)
        addStatement(M, NoId, S);
  }
  // Which direct calls have a body to follow (the others' fallbacks
  // apply), by call slot; bound once every function's statements are in,
  // and the allocation wrappers known.
  std::vector<unsigned> Callees(CallSlots.size(), NoId);
  std::vector<std::optional<std::vector<WrapperScan::Source>>> Returned(NF);
  for (unsigned F = 0; F < NF; ++F) {
    const FunctionSummary &FS = *P.Functions[F];
    unsigned M = P.FunctionModules[F];
    // data(): a function without calls may sit past the last slot.
    unsigned *Callee = Callees.data() + FirstCallSlot[F];
    for (unsigned I = 0; I < FS.Calls.size(); ++I)
      if (FS.Calls[I].Kind == CallKind::Direct)
        Callee[I] = P.ResolveFunction(M, FS.Calls[I].Callee);
    WrapperScan Scan(numValues(F), numParams(F));
    FS.forEachPointer([&](const PointerStatement &S) {
      if (S.Fallback >= 0 && size_t(S.Fallback) < FS.Calls.size() &&
          Callee[S.Fallback] != NoId)
        return;
      addStatement(M, F, S);
      Scan.add(S, S.K == SK::Argument && S.Site >= 0 &&
                      size_t(S.Site) < FS.Calls.size() &&
                      FS.Calls[S.Site].Kind == CallKind::Direct &&
                      Callee[S.Site] == NoId);
    });
    Returned[F] = Scan.finish();
  }
  std::vector<std::optional<int64_t>> Wrapper =
      findAllocationWrappers(Returned, [&](unsigned F, int Call) {
        return hasSlot(F, Call) ? Callees[FirstCallSlot[F] + Call] : NoId;
      });
  for (unsigned F = 0; F < NF; ++F) {
    for (unsigned I = 0; I < P.Functions[F]->Calls.size(); ++I) {
      unsigned Callee = Callees[FirstCallSlot[F] + I];
      unsigned C = CallSlots[FirstCallSlot[F] + I];
      if (Callee == NoId || C == NoId)
        continue;
      if (!Wrapper[Callee] || Calls[C].Result == NoId) {
        bind(Calls[C], Callee);
        continue;
      }
      // A wrapper's call: memory of its own, allocated at this call.
      bindArguments(Calls[C], Callee);
      addToSet(Calls[C].Result,
               location(heapObject(F, I), *Wrapper[Callee]));
      ++NumWrapperCalls;
    }
  }
  for (unsigned F = 0; F < NF; ++F)
    if (P.FunctionCalledFromOutside[F])
      addToSet(Escaped, location(FunctionObject[F], 0));
  for (unsigned G = 0; G < P.NumGlobals; ++G)
    if (P.GlobalVisibleOutside[G])
      addToSet(Escaped, location(GlobalObject[G], 0));
  constrain({Complex::Kind::Escapes, Escaped});
}
