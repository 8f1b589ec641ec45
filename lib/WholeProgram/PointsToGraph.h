//===- PointsToGraph.h - The points-to's constraint graph -------*- C++ -*-===//
//
// Private to lib/WholeProgram: PointsTo::Graph, the constraint graph of the
// points-to analysis (PointsTo.h), and the types it is made of. A node per
// pointer value of each function, per function's return value, per
// location's contents, and per operand that adds an offset or names a
// constant address. Copy edges say "the target may point wherever the
// source does"; the complex constraints add edges (and locations) as the
// sets they read grow.
//
// The graph's edges, objects and locations are in PointsToGraph.cpp, the
// constraints built from the summaries in PointsToConstraints.cpp, the
// solver and what it answers in PointsTo.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_WHOLEPROGRAM_POINTSTOGRAPH_H
#define CACHELINE_WHOLEPROGRAM_POINTSTOGRAPH_H

#include "cacheline/WholeProgram/PointsTo.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace cacheline {

/// The graph's parts, in a namespace of their own.
namespace pointsto {

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
    return llvm::is_contained(Elems, L);
  }
  size_t size() const { return Elems.size(); }
  llvm::ArrayRef<LocId> all() const { return Elems; }
  llvm::ArrayRef<LocId> sent() const {
    return llvm::ArrayRef<LocId>(Elems).take_front(Sent);
  }
  llvm::ArrayRef<LocId> unsent() const {
    return llvm::ArrayRef<LocId>(Elems).drop_front(Sent);
  }
  bool hasUnsent() const { return Sent < Elems.size(); }
  void markSent() { Sent = Elems.size(); }
  /// Replaces the list: \p SentElems, sent, then \p Others.
  void assign(llvm::ArrayRef<LocId> SentElems, llvm::ArrayRef<LocId> Others) {
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
      Index = std::make_unique<llvm::BitVector>();
    if (L >= Index->size())
      Index->resize(std::max<size_t>(L + 1, 2 * Index->size()));
    Index->set(L);
  }
  llvm::SmallVector<LocId, 4> Elems;
  std::unique_ptr<llvm::BitVector> Index;
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
  llvm::SmallVector<Entry, 2> Fields;
};

/// \p Offset as an offset in the first of elements \p Stride bytes long.
inline int64_t offsetInElement(int64_t Offset, uint64_t Stride) {
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
  llvm::SmallVector<Flow, 1> Drains, Fills;
  /// Ranges of its fields copied into another object (memcpy).
  llvm::SmallVector<CopyRange, 1> CopiesTo;
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
  llvm::SmallVector<int, 2> BoundParams;
  llvm::DenseSet<unsigned> CallbackTargets;
  /// A callback may be code the program cannot see.
  bool CallbackToUnknown = false;
};

} // namespace pointsto

// The points-to's files name them unqualified.
using pointsto::Bytes;
using pointsto::CallNodes;
using pointsto::Complex;
using pointsto::CopyRange;
using pointsto::FieldMap;
using pointsto::Flow;
using pointsto::LocId;
using pointsto::LocList;
using pointsto::Location;
using pointsto::NodeId;
using pointsto::NoId;
using pointsto::ObjId;
using pointsto::Object;
using pointsto::offsetInElement;
using pointsto::Shift;
using pointsto::SK;

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
    llvm::SmallVector<NodeId, 2> Succ;
    /// The constraints on its set, by index (a merged node's go to its
    /// representative).
    llvm::SmallVector<unsigned, 1> Constraints;
    bool OnWorklist = false;
    /// Its set outgrew MaxPointees: it holds the unknown location, and
    /// what reaches it escapes.
    bool Widened = false;
    /// Its successors are in Edges too.
    bool Hashed = false;
  };
  std::vector<Node> Nodes;
  /// The copy edges of nodes with ScanSuccessors or more (Hashed).
  llvm::DenseSet<std::pair<NodeId, NodeId>> Edges;
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
  llvm::DenseMap<std::pair<unsigned, int>, ObjId> HeapObjects, StackObjects;
  llvm::DenseMap<unsigned, ObjId> VarArgObjects;
  /// The object allocated at call \p Site of \p F, and the local variable
  /// \p Site of \p F.
  ObjId heapObject(unsigned F, int Site) {
    return siteObject(HeapObjects, Object::Kind::Heap, F, Site);
  }
  ObjId stackObject(unsigned F, int Site) {
    return siteObject(StackObjects, Object::Kind::Stack, F, Site);
  }
  ObjId siteObject(llvm::DenseMap<std::pair<unsigned, int>, ObjId> &Objs,
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
  llvm::DenseMap<std::pair<unsigned, int>, unsigned> OtherCalls;
  ObjId Unknown = 0;
  LocId UnknownLoc = 0;
  /// What has escaped: every pointer code the program cannot see may have.
  /// Its set is never loaded from: a pointer unknown code hands back is the
  /// unknown location, which stands for any escaped object.
  NodeId Escaped = 0;
  /// A node holding just the unknown location (the Unknown operand).
  NodeId UnknownPointer = 0;
  llvm::DenseMap<LocId, NodeId> ConstantNodes;
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
    bool SentUnknown = llvm::is_contained(Nd.Pts.sent(), UnknownLoc);
    Nd.Pts.clear();
    Nd.Pts.insert(UnknownLoc);
    if (SentUnknown)
      Nd.Pts.markSent();
    if (Grew)
      push(Escaped);
  }
  /// Merges each cycle of copy edges into one node (Tarjan).
  void collapseCycles(llvm::ArrayRef<NodeId> Roots);
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

} // namespace cacheline

#endif // CACHELINE_WHOLEPROGRAM_POINTSTOGRAPH_H
