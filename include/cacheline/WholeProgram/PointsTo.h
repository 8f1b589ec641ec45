//===- PointsTo.h - What every pointer of the program may reach -*- C++ -*-===//
//
// An inclusion-based (Andersen) points-to analysis over the summaries'
// pointer statements (Summary.h, PointerStatement; PointerFlow.h builds
// them), for the whole program at once: one copy for the full-LTO link,
// `cacheline-facts merge` and the audit's solver.
//
// Abstract objects are the globals, the functions, the allocation sites
// (a call of malloc, calloc, operator new, mmap and the like, or of an
// allocation wrapper (AllocationWrappers.h), by caller and call index), the
// local variables whose address is taken, and one object
// for all the memory of code the program cannot see. A pointer points to
// locations: an object and a byte offset in it. The analysis is
// field-sensitive: a struct's fields are locations of their own, up to
// MaxFields per object; an object reached by a variable offset (an array
// indexed), by a negative one or with more fields is collapsed into one
// location. Pointers stored into and loaded from memory, copied with
// memcpy, handed to callbacks of known library functions and passed
// through indirect calls are followed; whatever reaches code the program
// cannot see escapes, and that code may store any escaped pointer into any
// escaped object and call any escaped function.
//
// It solves on a worklist by difference propagation: a node sends on, and
// its complex constraints (a load, a store, a field address, a memcpy, an
// indirect call) see, only the locations it has not sent yet (a node's
// locations are kept in the order they came, those sent first); cycles of
// copy edges are collapsed into one node (Tarjan's components over all
// nodes first, then, whenever an eighth as many edges as there are nodes
// were added, searched from those edges' sources alone, since a new cycle
// runs through a new edge: the cycle elimination of Hardekopf and Lin,
// PLDI 2007, as SVF's Andersen solvers do); until nothing changes. A set
// past MaxPointees is widened.
//
// It answers: the functions each indirect call may reach, and the pointer
// variables that hold pointers into one allocation site only.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_POINTSTO_H
#define CACHELINE_LAYOUT_POINTSTO_H

#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// What the analysis needs of the program, by the solver's ids: functions
/// with a body 0 .. Functions.size()-1, globals 0 .. NumGlobals-1.
struct PointsToProgram {
  static constexpr unsigned None = ~0u;
  std::vector<const FunctionSummary *> Functions;
  /// The module of each function's summary.
  std::vector<unsigned> FunctionModules;
  /// Code the program cannot see may call it: exported, main, a root the
  /// runtime calls.
  std::vector<bool> FunctionCalledFromOutside;
  unsigned NumGlobals = 0;
  /// Code the program cannot see may read or write it.
  std::vector<bool> GlobalVisibleOutside;
  /// Constant and holding no pointer (a string, a table of numbers): no
  /// pointer is stored in it or loaded from it, and which of them a pointer
  /// reaches matters to nothing the analysis answers, so they are one
  /// object, not one each.
  std::vector<bool> GlobalPointerFree;
  /// The pointers in each global's initializer, with its module.
  std::vector<std::pair<unsigned, const std::vector<PointerStatement> *>>
      GlobalInitializers;
  /// The function, or global, a module's name refers to; None if none.
  std::function<unsigned(unsigned Module, llvm::StringRef Name)>
      ResolveFunction, ResolveGlobal;
};

class PointsTo {
public:
  /// Objects with more fields than this are collapsed into one location.
  static constexpr unsigned MaxFields = 256;
  /// A pointer that may point to more locations than this is widened: it
  /// may point to any escaped object, and those locations escape. Sound,
  /// and it bounds the work on programs whose pointers mostly point
  /// everywhere (an allocator behind a function pointer makes one object of
  /// the heap).
  static constexpr unsigned MaxPointees = 64;

  /// Solves \p Program; the graph is freed once its answers are kept.
  explicit PointsTo(PointsToProgram Program);

  /// The functions indirect call \p Site of function \p Caller may reach,
  /// sorted; std::nullopt if it may reach code the program cannot see (or
  /// is no indirect call).
  std::optional<std::vector<unsigned>> indirectTargets(unsigned Caller,
                                                       int Site) const;
  /// The functions of the program that call \p Site of \p Caller, a known
  /// library function taking callbacks (pthread_create), may call back,
  /// sorted; std::nullopt if one may be code the program cannot see (or it
  /// takes none).
  std::optional<std::vector<unsigned>> callbackTargets(unsigned Caller,
                                                       int Site) const;
  /// An allocation site: the allocating call's function and index.
  struct Site {
    unsigned Function;
    int Call;
    bool operator==(const Site &O) const {
      return Function == O.Function && Call == O.Call;
    }
  };
  /// The one allocation site whose memory every pointer the global
  /// \p Global holds may point into (or none); std::nullopt where it may
  /// hold pointers to anything else, or code the program cannot see may
  /// store into it.
  std::optional<Site> heldAllocation(unsigned Global) const;
  /// The solution's size: nodes, locations, collapsed objects, rounds.
  void printStatistics(llvm::raw_ostream &OS) const;
  /// One line per indirect call: its function (\p Label names functions)
  /// and call index, and its targets or "code the program cannot see".
  void printIndirectCalls(
      llvm::raw_ostream &OS,
      llvm::function_ref<std::string(unsigned)> Label) const;

  /// What the solved graph answers of a call: it is freed once solved, so
  /// that the stages after it reuse its memory.
  struct IndirectCall {
    unsigned Caller;
    int Site;
    bool ReachesUnknown;
    std::vector<unsigned> Targets;
  };

private:
  class Graph;
  std::vector<IndirectCall> IndirectCalls; ///< By (Caller, Site).
  /// Calls of known functions taking callbacks, and what they call back.
  std::vector<IndirectCall> CallbackCalls;
  /// heldAllocation()'s answers, by global.
  std::vector<std::pair<unsigned, Site>> HeldAllocations;
  struct {
    size_t Nodes = 0, Representatives = 0, Widened = 0, Locations = 0,
           Collapsed = 0, Rounds = 0;
  } Size;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_POINTSTO_H
