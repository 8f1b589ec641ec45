//===- PointsTo.cpp - What every pointer of the program may reach ---------===//
//
// The constraint graph: a node per pointer value of each function, per
// function's return value, per location's contents, and per operand that
// adds an offset or names a constant address. Copy edges say "the target
// may point wherever the source does"; the complex constraints add edges
// (and locations) as the sets they read grow.
//
//===----------------------------------------------------------------------===//

#include "cacheline/WholeProgram/PointsTo.h"
#include "cacheline/WholeProgram/AllocationWrappers.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>


using namespace llvm;
using namespace cacheline;

#define DEBUG_TYPE "cacheline-pointsto"

STATISTIC(NumNodes, "Points-to nodes");
STATISTIC(NumLocations, "Points-to locations");
STATISTIC(NumCollapsed, "Objects collapsed into one location");
STATISTIC(NumRounds, "Points-to cycle searches");
STATISTIC(NumWrapperCalls, "Calls of allocation wrappers, each a site");

namespace {

using NodeId = unsigned;
using LocId = unsigned;
using ObjId = unsigned;
/// The locations a node may point to, in the order they arrived; the
/// first Sent of them the node has passed on, so that difference
/// propagation needs no set difference. Membership is a scan while the list
/// is short (most hold a handful, and none but the escaped node's more than
/// MaxPointees), a bit vector once longer.
class LocList {
public:
  bool insert(LocId L) {
    if (contains(L))
      return false;
    Elems.push_back(L);
    if (Index)
      indexOne(L);
    else if (Elems.size() > ScanAbove)
      for (LocId E : Elems)
        indexOne(E);
    return true;
  }
  bool contains(LocId L) const {
    if (Index)
      return L < Index->size() && Index->test(L);
    return is_contained(Elems, L);
  }
  size_t size() const { return Elems.size(); }
  ArrayRef<LocId> all() const { return Elems; }
  ArrayRef<LocId> sent() const { return ArrayRef<LocId>(Elems).take_front(Sent); }
  ArrayRef<LocId> unsent() const { return ArrayRef<LocId>(Elems).drop_front(Sent); }
  bool hasUnsent() const { return Sent < Elems.size(); }
  void markSent() { Sent = Elems.size(); }
  /// Replaces the list: \p SentElems, sent, then \p Others.
  void assign(ArrayRef<LocId> SentElems, ArrayRef<LocId> Others) {
    clear();
    for (LocId L : SentElems)
      insert(L);
    markSent();
    for (LocId L : Others)
      insert(L);
  }
  void clear() {
    Elems.clear();
    Index.reset();
    Sent = 0;
  }

private:
  static constexpr size_t ScanAbove = 32;
  void indexOne(LocId L) {
    if (!Index)
      Index = std::make_unique<BitVector>();
    if (L >= Index->size())
      Index->resize(std::max<size_t>(L + 1, 2 * Index->size()));
    Index->set(L);
  }
  SmallVector<LocId, 4> Elems;
  std::unique_ptr<BitVector> Index;
  unsigned Sent = 0;
};
using SK = PointerStatement::Kind;
constexpr unsigned NoId = PointsToProgram::None;

/// An object's locations by offset, in order: most objects have a few
/// fields, which a search of a short vector finds faster than a hash table
/// does, in less memory.
class FieldMap {
public:
  using Entry = std::pair<int64_t, LocId>;
  /// The location at \p Offset; NoId if none.
  LocId lookup(int64_t Offset) const {
    const Entry *It = lowerBound(Offset);
    return It != Fields.end() && It->first == Offset ? It->second : NoId;
  }
  /// Adds \p L at \p Offset unless a location is there: the location at
  /// \p Offset, and whether it is \p L.
  std::pair<LocId, bool> tryEmplace(int64_t Offset, LocId L) {
    const Entry *It = lowerBound(Offset);
    if (It != Fields.end() && It->first == Offset)
      return {It->second, false};
    Fields.insert(Fields.begin() + (It - Fields.begin()), {Offset, L});
    return {L, true};
  }
  size_t size() const { return Fields.size(); }
  void clear() { Fields.clear(); }
  const Entry *begin() const { return Fields.begin(); }
  const Entry *end() const { return Fields.end(); }

private:
  const Entry *lowerBound(int64_t Offset) const {
    return llvm::lower_bound(
        Fields, Offset, [](const Entry &E, int64_t O) { return E.first < O; });
  }
  SmallVector<Entry, 2> Fields;
};

/// \p Offset as an offset in the first of elements \p Stride bytes long.
int64_t offsetInElement(int64_t Offset, uint64_t Stride) {
  int64_t S = int64_t(Stride);
  return (Offset % S + S) % S;
}

/// Bytes From .. From+Size of an object; Size 0: to its end.
struct Bytes {
  int64_t From = 0;
  uint64_t Size = 0;
  bool covers(int64_t Offset) const {
    return Offset >= From && (Size == 0 || uint64_t(Offset - From) < Size);
  }
  /// Whether they hold the field at \p Offset of some element of an array
  /// of elements \p Stride bytes long (0: not an array).
  bool covers(int64_t Offset, uint64_t Stride) const {
    if (!Stride)
      return covers(Offset);
    return Size == 0 || Size >= Stride ||
           uint64_t(offsetInElement(Offset - From, Stride)) < Size;
  }
};

/// What an operand adds to the pointer it starts from (PointerOperand).
struct Shift {
  int64_t Offset = 0;
  bool Variable = false;
  uint64_t Stride = 0;
  static Shift of(const PointerOperand &Op) {
    return {Op.Offset, Op.Variable, Op.Stride};
  }
  bool isZero() const { return Offset == 0 && !Variable; }
};

/// The fields in some bytes of an object, and a node they flow into or
/// that flows into them.
struct Flow : Bytes {
  NodeId Node = 0;
  Flow(Bytes B, NodeId Node) : Bytes(B), Node(Node) {}
};

/// The fields in some bytes of one object flow into the fields at the
/// same distance from At in object To (a memcpy).
struct CopyRange : Bytes {
  ObjId To = 0;
  int64_t At = 0;
  CopyRange(Bytes B, ObjId To, int64_t At) : Bytes(B), To(To), At(At) {}
};

struct Object {
  enum class Kind { Unknown, Global, Function, Heap, Stack, VarArgs } K =
      Kind::Unknown;
  /// The global (NoId: all those without pointers, PointsToProgram::
  /// GlobalPointerFree) or function; the allocating function.
  unsigned Id = NoId;
  int Site = -1;      ///< Heap, Stack.
  bool Collapsed = false;
  bool Escaped = false;
  /// Its fields repeat every Stride bytes (0: they do not): an array whose
  /// elements are not told apart, each field one location for all of them.
  uint64_t Stride = 0;
  /// Its locations by offset.
  FieldMap Fields;
  /// Nodes the contents of the fields in a range flow into, and that flow
  /// into the fields in a range (the unknown memory, an unknown function's
  /// writes), as fields appear.
  SmallVector<Flow, 1> Drains, Fills;
  /// Ranges of its fields copied into another object (memcpy).
  SmallVector<CopyRange, 1> CopiesTo;
};

struct Location {
  ObjId Object;
  int64_t Offset;
  NodeId Contents;
};

/// A constraint on the locations a node's set holds: applied to each as it
/// arrives (applying one twice changes nothing).
struct Complex {
  enum class Kind {
    Load,     ///< Target may be what is at the location (+ By).
    Store,    ///< What is at the location (+ By) may be Target's.
    Field,    ///< Target may point to the location (+ By).
    Fill,     ///< Target flows into every field from the location on.
    CopyFrom, ///< The source of memcpy Param (MemCopies).
    CopyTo,   ///< Its destination.
    Call,     ///< Indirect call Site of Caller.
    Callback, ///< A known function calls the location's function.
    Escapes,  ///< The location's object escapes (the unknown contents).
  } K;
  NodeId Pointer;
  NodeId Target = NoId;
  Shift By = {};
  unsigned Caller = NoId;
  int Site = -1;
  int Param = -1;
};

/// An indirect call's or a callback-taking call's pointers.
struct CallNodes {
  std::vector<std::pair<int, NodeId>> Args;
  NodeId Result = NoId;
  /// Indirect calls: the targets found, and whether unknown code is one.
  std::vector<unsigned> Targets;
  bool ReachesUnknown = false;
  bool Indirect = false;
  /// Callbacks: the parameters the call binds, and the functions whose
  /// other parameters were given unknown pointers.
  SmallVector<int, 2> BoundParams;
  DenseSet<unsigned> CallbackTargets;
  /// A callback may be code the program cannot see.
  bool CallbackToUnknown = false;
};

} // namespace

class PointsTo::Graph {
public:
  explicit Graph(PointsToProgram P) : P(std::move(P)) {}
  void build();
  void solve();

  PointsToProgram P;
  // Nodes, by union-find representative.
  std::vector<NodeId> Parent;
  /// What a representative holds, together: the solver visits a node's
  /// set, successors and constraints at once.
  struct Node {
    LocList Pts;
    SmallVector<NodeId, 2> Succ;
    /// The constraints on its set, by index (a merged node's go to its
    /// representative).
    SmallVector<unsigned, 1> Constraints;
    bool OnWorklist = false;
    /// Its set outgrew MaxPointees: it holds the unknown location, and
    /// what reaches it escapes.
    bool Widened = false;
    /// Its successors are in Edges too.
    bool Hashed = false;
  };
  std::vector<Node> Nodes;
  /// The copy edges of nodes with ScanSuccessors or more (Hashed).
  DenseSet<std::pair<NodeId, NodeId>> Edges;
  static constexpr size_t ScanSuccessors = 16;
  std::vector<Object> Objects;
  std::vector<Location> Locs;
  std::vector<Complex> Constraints;
  /// Each memcpy's locations seen so far on either side, to pair them.
  struct MemCopy {
    uint64_t Size = 0;
    std::vector<LocId> Sources, Destinations;
  };
  std::vector<MemCopy> MemCopies;
  /// Nodes whose set grew, to propagate.
  std::vector<NodeId> Worklist;
  unsigned NumWidened = 0;
  /// Copy edges added since cycles were last collapsed, and their sources.
  unsigned EdgesSinceCycles = 0;
  std::vector<NodeId> NewEdgeSources;
  /// Tarjan's numbers, kept between searches.
  struct {
    std::vector<unsigned> Index, Low;
    std::vector<bool> OnStack;
  } Search;
  /// Of each function: its first value's node, its return node.
  std::vector<NodeId> Base, Return;
  std::vector<ObjId> GlobalObject, FunctionObject;
  DenseMap<std::pair<unsigned, int>, ObjId> HeapObjects, StackObjects;
  DenseMap<unsigned, ObjId> VarArgObjects;
  /// The object allocated at call \p Site of \p F, and the local variable
  /// \p Site of \p F.
  ObjId heapObject(unsigned F, int Site) {
    return siteObject(HeapObjects, Object::Kind::Heap, F, Site);
  }
  ObjId stackObject(unsigned F, int Site) {
    return siteObject(StackObjects, Object::Kind::Stack, F, Site);
  }
  ObjId siteObject(DenseMap<std::pair<unsigned, int>, ObjId> &Objs,
                   Object::Kind K, unsigned F, int Site) {
    auto [It, New] = Objs.try_emplace({F, Site}, 0);
    if (New)
      It->second = newObject(K, F, Site);
    return It->second;
  }
  /// The calls of interest, and where each is: (caller, site).
  std::vector<CallNodes> Calls;
  std::vector<std::pair<unsigned, int>> CallKeys;
  /// Of each function, the slot of its first call in CallSlots, which
  /// holds the call's index in Calls (NoId: none yet); a site past the
  /// summary's calls (a damaged one) is in OtherCalls.
  std::vector<unsigned> FirstCallSlot, CallSlots;
  DenseMap<std::pair<unsigned, int>, unsigned> OtherCalls;
  ObjId Unknown = 0;
  LocId UnknownLoc = 0;
  /// What has escaped: every pointer code the program cannot see may have.
  /// Its set is never loaded from: a pointer unknown code hands back is the
  /// unknown location, which stands for any escaped object.
  NodeId Escaped = 0;
  /// A node holding just the unknown location (the Unknown operand).
  NodeId UnknownPointer = 0;
  DenseMap<LocId, NodeId> ConstantNodes;
  unsigned Rounds = 0, Collapsed = 0;

  NodeId find(NodeId N) {
    while (Parent[N] != N) {
      Parent[N] = Parent[Parent[N]];
      N = Parent[N];
    }
    return N;
  }
  NodeId newNode() {
    Parent.push_back(Parent.size());
    Nodes.emplace_back();
    return Parent.size() - 1;
  }
  void reserveNodes(size_t N) {
    Parent.reserve(N);
    Nodes.reserve(N);
  }
  void push(NodeId N) {
    N = find(N);
    if (!Nodes[N].OnWorklist) {
      Nodes[N].OnWorklist = true;
      Worklist.push_back(N);
    }
  }
  void constrain(Complex C) {
    Nodes[C.Pointer].Constraints.push_back(Constraints.size());
    Constraints.push_back(std::move(C));
  }
  ObjId newObject(Object::Kind K, unsigned Id, int Site = -1) {
    Objects.emplace_back();
    Objects.back().K = K;
    Objects.back().Id = Id;
    Objects.back().Site = Site;
    return Objects.size() - 1;
  }
  void addToSet(NodeId N, LocId L) {
    if (Nodes[find(N)].Pts.insert(L))
      push(N);
  }
  void addEdge(NodeId From, NodeId To);
  void merge(NodeId A, NodeId B);
  /// The location of object \p O at \p Offset (anywhere in it if
  /// \p Variable: in the same field of any element \p Stride bytes
  /// long, or with Stride 0, anywhere), made on first use.
  LocId location(ObjId O, int64_t Offset, bool Variable = false,
                 uint64_t Stride = 0);
  LocId location(ObjId O, int64_t Base, Shift By) {
    return location(O, Base + By.Offset, By.Variable, By.Stride);
  }
  /// Makes \p O an array of elements \p Stride bytes long (or of a
  /// length dividing both theirs and the one it had).
  void setStride(ObjId O, uint64_t Stride);
  LocId newLocation(ObjId O, int64_t Offset);
  /// Connects location \p L of \p O to the flows and copies of its
  /// bytes.
  void connectField(ObjId O, LocId L);
  void collapse(ObjId O);
  /// The fields of \p O in \p Range flow into, or from, its node.
  void drain(ObjId O, Flow Range);
  void fill(ObjId O, Flow Range);
  /// drain() (\p OutOfFields) or fill().
  void connect(ObjId O, Flow Range, bool OutOfFields);
  /// memcpy of \p Size bytes (0: unknown) from location \p Src to \p Dst.
  void copyBytes(LocId Src, LocId Dst, uint64_t Size);
  void escape(ObjId O);
  /// The node of \p Op as function \p F of module \p M sees it (F: NoId
  /// in an initializer); NoId for no pointer.
  NodeId node(unsigned M, unsigned F, const PointerOperand &Op);
  NodeId constantNode(LocId L);
  void addStatement(unsigned M, unsigned F, const PointerStatement &S);
  /// Call \p Site of \p Caller is one its summary lists (it has a slot).
  bool hasSlot(unsigned Caller, int Site) const {
    return Caller < P.Functions.size() && Site >= 0 &&
           size_t(Site) < P.Functions[Caller]->Calls.size();
  }
  /// Where the index in Calls of call \p Site of \p Caller goes.
  unsigned *callIndex(unsigned Caller, int Site) {
    if (hasSlot(Caller, Site))
      return &CallSlots[FirstCallSlot[Caller] + Site];
    return &OtherCalls.try_emplace({Caller, Site}, NoId).first->second;
  }
  CallNodes &call(unsigned Caller, int Site) {
    unsigned &I = *callIndex(Caller, Site);
    if (I == NoId) {
      I = Calls.size();
      Calls.emplace_back();
      CallKeys.push_back({Caller, Site});
    }
    return Calls[I];
  }
  /// Call \p C reaches \p Callee: its arguments are the parameters, its
  /// result what the callee returns.
  void bind(CallNodes &C, unsigned Callee);
  void bindArguments(CallNodes &C, unsigned Callee);
  void apply(const Complex &C, LocId L);
  /// Makes \p N a widened node: its locations escape, and it holds the
  /// unknown location instead.
  void widen(NodeId N) {
    Node &Nd = Nodes[N];
    if (!Nd.Widened) {
      Nd.Widened = true;
      ++NumWidened;
    }
    bool Grew = false;
    for (LocId L : Nd.Pts.all())
      if (L != UnknownLoc)
        Grew |= Nodes[Escaped].Pts.insert(L);
    if (Nd.Pts.size() == 1 && Nd.Pts.all()[0] == UnknownLoc)
      return;
    bool SentUnknown = is_contained(Nd.Pts.sent(), UnknownLoc);
    Nd.Pts.clear();
    Nd.Pts.insert(UnknownLoc);
    if (SentUnknown)
      Nd.Pts.markSent();
    if (Grew)
      push(Escaped);
  }
  /// Merges each cycle of copy edges into one node (Tarjan).
  void collapseCycles(ArrayRef<NodeId> Roots);
  /// The parameters with nodes: a summary without pointer statements
  /// (machine code's) has none.
  int numParams(unsigned F) const {
    return std::min(P.Functions[F]->NumArgs, numValues(F));
  }
  /// \p F's pointer values (ValueCounts).
  int numValues(unsigned F) const { return ValueCounts[F]; }
  /// Of each function, its pointer values; none if its summary claims more
  /// than its parameters and instructions can define (a damaged facts
  /// file). Counted once: the analysis asks at each statement.
  std::vector<int> ValueCounts;
  void countValues() {
    ValueCounts.resize(P.Functions.size());
    for (unsigned F = 0; F < P.Functions.size(); ++F) {
      const FunctionSummary &S = *P.Functions[F];
      int64_t Most = int64_t(S.NumArgs) + 2 * int64_t(S.Instructions) +
                     int64_t(S.numPointers()) + 16;
      ValueCounts[F] = S.NumPointerValues >= 0 && S.NumPointerValues <= Most
                           ? S.NumPointerValues
                           : 0;
    }
  }
  /// Where argument \p I of a call of \p F goes: its parameter, or past
  /// them, its variadic arguments (escaped when the summary has no
  /// statements for it).
  NodeId param(unsigned F, int I) {
    if (I < numParams(F))
      return Base[F] + I;
    if (P.Functions[F]->NumPointerValues == 0)
      return Escaped;
    return Locs[location(varArgs(F), 0)].Contents;
  }
  /// The object of \p F's variadic arguments, one location.
  ObjId varArgs(unsigned F) {
    auto [It, New] = VarArgObjects.try_emplace(F, 0);
    if (New) {
      It->second = newObject(Object::Kind::VarArgs, F);
      Objects[It->second].Collapsed = true;
    }
    return It->second;
  }
  unsigned objectFunction(LocId L) const {
    const Object &O = Objects[Locs[L].Object];
    return O.K == Object::Kind::Function ? O.Id : NoId;
  }
};

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
