//===- PointsToGraph.cpp - The graph's edges, objects and locations -------===//
//
// What the constraint graph (PointsToGraph.h) is made of as it grows: copy
// edges and merged nodes, each object's locations (its fields, an array's
// element fields, one location once collapsed) and what flows into and out
// of them, memcpy between objects, and escapes.
//
//===----------------------------------------------------------------------===//

#include "PointsToGraph.h"

#include <numeric>

using namespace llvm;
using namespace cacheline;

void PointsTo::Graph::addEdge(NodeId From, NodeId To) {
  From = find(From);
  To = find(To);
  if (From == To)
    return;
  // Most nodes have a few successors: a scan finds a repeat faster than a
  // hash set; long lists are also kept in Edges.
  SmallVectorImpl<NodeId> &Out = Nodes[From].Succ;
  if (Out.size() < ScanSuccessors) {
    if (is_contained(Out, To))
      return;
  } else {
    if (!Nodes[From].Hashed) {
      Nodes[From].Hashed = true;
      for (NodeId S : Out)
        Edges.insert({From, S});
    }
    if (!Edges.insert({From, To}).second)
      return;
  }
  Out.push_back(To);
  ++EdgesSinceCycles;
  NewEdgeSources.push_back(From);
  // What From has sent on, To gets now; the rest follows from the
  // worklist.
  bool Grew = false;
  for (LocId L : Nodes[From].Pts.sent())
    Grew |= Nodes[To].Pts.insert(L);
  if (Grew)
    push(To);
}

void PointsTo::Graph::merge(NodeId A, NodeId B) {
  A = find(A);
  B = find(B);
  if (A == B)
    return;
  Parent[B] = A;
  Node &NA = Nodes[A], &NB = Nodes[B];
  // What both had sent on stays sent; the rest the merged node sends (the
  // other's successors and constraints have not seen it).
  SmallVector<LocId, 8> Sent, Others;
  for (LocId L : NA.Pts.sent())
    (is_contained(NB.Pts.sent(), L) ? Sent : Others).push_back(L);
  append_range(Others, NA.Pts.unsent());
  for (LocId L : NB.Pts.all())
    if (!NA.Pts.contains(L))
      Others.push_back(L);
  NA.Pts.assign(Sent, Others);
  append_range(NA.Succ, NB.Succ);
  append_range(NA.Constraints, NB.Constraints);
  NA.Widened = NA.Widened || NB.Widened;
  NA.Hashed = false; // B's successors are not in Edges.
  NB = Node();
  push(A);
}

LocId PointsTo::Graph::newLocation(ObjId O, int64_t Offset) {
  LocId L = Locs.size();
  NodeId Contents = newNode();
  Locs.push_back({O, Offset, Contents});
  Objects[O].Fields.tryEmplace(Offset, L);
  // Copies of flows in: addEdge may make locations of other objects.
  connectField(O, L);
  return L;
}

void PointsTo::Graph::connectField(ObjId O, LocId L) {
  // Copies of flows in: addEdge may make locations of other objects.
  bool Whole = Objects[O].Collapsed;
  uint64_t Stride = Objects[O].Stride;
  int64_t Offset = Locs[L].Offset;
  NodeId Contents = Locs[L].Contents;
  for (Flow D : SmallVector<Flow, 1>(Objects[O].Drains))
    if (Whole || D.covers(Offset, Stride))
      addEdge(Contents, D.Node);
  for (Flow F : SmallVector<Flow, 1>(Objects[O].Fills))
    if (Whole || F.covers(Offset, Stride))
      addEdge(F.Node, Contents);
  for (CopyRange C : SmallVector<CopyRange, 1>(Objects[O].CopiesTo)) {
    if (!C.covers(Offset, Stride))
      continue;
    if (Stride) // A field of every element: anywhere in the bytes copied.
      fill(C.To, Flow({C.At, C.Size}, Contents));
    else
      addEdge(Contents, Locs[location(C.To, C.At + Offset - C.From)].Contents);
  }
}

void PointsTo::Graph::setStride(ObjId O, uint64_t Stride) {
  Object &Obj = Objects[O];
  uint64_t New = Obj.Stride ? std::gcd(Obj.Stride, Stride) : Stride;
  if (New == Obj.Stride)
    return;
  Obj.Stride = New;
  // Each field joins the one at its offset in the first element.
  SmallVector<std::pair<int64_t, LocId>, 8> Fields(Obj.Fields.begin(),
                                                   Obj.Fields.end());
  Obj.Fields.clear();
  SmallVector<LocId, 8> Kept;
  for (auto [Offset, L] : Fields) {
    int64_t InElement = offsetInElement(Offset, New);
    auto [There, First] = Objects[O].Fields.tryEmplace(InElement, L);
    if (First) {
      Locs[L].Offset = InElement;
      Kept.push_back(L);
    } else {
      merge(Locs[There].Contents, Locs[L].Contents);
    }
  }
  // A field now stands for some the flows did not cover.
  for (LocId L : Kept)
    connectField(O, L);
}

LocId PointsTo::Graph::location(ObjId O, int64_t Offset, bool Variable,
                                uint64_t Stride) {
  const Object &Obj = Objects[O];
  bool Single = Obj.K == Object::Kind::Unknown ||
                Obj.K == Object::Kind::Function;
  if (!Single && !Obj.Collapsed) {
    if (Variable && Stride == 0)
      collapse(O);
    else if (Variable)
      setStride(O, Stride);
    if (Objects[O].Stride)
      Offset = offsetInElement(Offset, Objects[O].Stride);
    if (Offset < 0 || (Objects[O].Fields.size() >= PointsTo::MaxFields &&
                       Objects[O].Fields.lookup(Offset) == NoId))
      collapse(O);
  }
  if (Single || Objects[O].Collapsed)
    Offset = 0;
  LocId L = Objects[O].Fields.lookup(Offset);
  return L != NoId ? L : newLocation(O, Offset);
}

void PointsTo::Graph::collapse(ObjId O) {
  Object &Obj = Objects[O];
  if (Obj.Collapsed)
    return;
  ++Collapsed;
  LocId First = Obj.Fields.lookup(0);
  if (First == NoId)
    First = newLocation(O, 0);
  Obj.Collapsed = true;
  for (auto &[Offset, L] : Obj.Fields)
    merge(Locs[First].Contents, Locs[L].Contents);
  // Its copies: the one location's pointers may be anywhere in them.
  NodeId Contents = Locs[First].Contents;
  for (CopyRange C : SmallVector<CopyRange, 1>(Objects[O].CopiesTo))
    fill(C.To, Flow({C.At, C.Size}, Contents));
}

void PointsTo::Graph::drain(ObjId O, Flow Range) { connect(O, Range, true); }

void PointsTo::Graph::fill(ObjId O, Flow Range) { connect(O, Range, false); }

void PointsTo::Graph::connect(ObjId O, Flow Range, bool OutOfFields) {
  SmallVectorImpl<Flow> &Flows =
      OutOfFields ? Objects[O].Drains : Objects[O].Fills;
  bool Whole = Objects[O].Collapsed;
  for (const Flow &F : Flows)
    if (F.Node == Range.Node &&
        (Whole || (F.From <= Range.From && F.Size == 0)))
      return; // Already all of it.
  Flows.push_back(Range);
  SmallVector<NodeId, 8> Contents;
  if (Whole) // Its fields are one node.
    Contents.push_back(Locs[location(O, 0)].Contents);
  else
    for (auto &[Offset, L] : Objects[O].Fields)
      if (Range.covers(Offset, Objects[O].Stride))
        Contents.push_back(Locs[L].Contents);
  for (NodeId N : Contents)
    OutOfFields ? addEdge(N, Range.Node) : addEdge(Range.Node, N);
}

void PointsTo::Graph::copyBytes(LocId Src, LocId Dst, uint64_t Size) {
  if (Src == UnknownLoc && Dst == UnknownLoc)
    return;
  if (Src == UnknownLoc) { // Unknown pointers into those bytes.
    fill(Locs[Dst].Object, Flow({Locs[Dst].Offset, Size}, UnknownPointer));
    return;
  }
  if (Dst == UnknownLoc) { // Those bytes' pointers escape.
    drain(Locs[Src].Object, Flow({Locs[Src].Offset, Size}, Escaped));
    return;
  }
  ObjId From = Locs[Src].Object, To = Locs[Dst].Object;
  if (Objects[From].Collapsed) {
    // One location: its pointers may be anywhere in the bytes copied.
    fill(To, Flow({Locs[Dst].Offset, Size}, Locs[Src].Contents));
    return;
  }
  CopyRange C({Locs[Src].Offset, Size}, To, Locs[Dst].Offset);
  Objects[From].CopiesTo.push_back(C);
  uint64_t Stride = Objects[From].Stride;
  SmallVector<std::pair<int64_t, NodeId>, 8> Fields;
  for (auto &[Offset, L] : Objects[From].Fields)
    if (C.covers(Offset, Stride))
      Fields.push_back({Offset, Locs[L].Contents});
  for (auto [Offset, Contents] : Fields) {
    if (Stride) // A field of every element: anywhere in the bytes copied.
      fill(To, Flow({C.At, C.Size}, Contents));
    else
      addEdge(Contents, Locs[location(To, C.At + Offset - C.From)].Contents);
  }
}

void PointsTo::Graph::escape(ObjId O) {
  if (Objects[O].Escaped)
    return;
  Objects[O].Escaped = true;
  // Unknown code reads what it holds and may store any escaped pointer.
  drain(O, Flow({0, 0}, Escaped));
  fill(O, Flow({0, 0}, UnknownPointer));
  if (Objects[O].K == Object::Kind::Function) {
    unsigned F = Objects[O].Id;
    for (int I = 0; I < numParams(F); ++I)
      addEdge(UnknownPointer, Base[F] + I);
    addEdge(Return[F], Escaped);
  }
}
