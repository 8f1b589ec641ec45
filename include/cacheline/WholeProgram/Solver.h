//===- Solver.h - The whole program, from its summaries ---------*- C++ -*-===//
//
// The one whole-program analysis, on summaries only (Summary.h): the
// full-LTO pass and `cacheline-facts merge` give it every translation
// unit's (the full-LTO pass the merged module's, where the objects carry
// none). It works out
//
//  * the call graph: direct calls, callbacks handed to known library
//    functions, and indirect calls resolved to the functions whose
//    addresses can reach them;
//  * thread entries: functions handed to thread creators, the trampolines
//    of std::thread and std::async, callbacks of code it cannot see;
//  * start-up code: constructors, run-once routines, main before its first
//    call that may create a thread, and every function called only from
//    there; writes behind an init flag (once regions);
//  * hot code: invoked repeatedly while threads run: thread entries and
//    what they call, and whatever a busy loop calls. A timer callback runs
//    at the timer's pace and is not hot; a loop whose body blocks (sleep,
//    poll, condition wait, an event-loop dispatch) is a waiting loop; a
//    counted loop in code that runs a bounded number of times (main, and
//    what only it calls outside its loops) is none;
//  * every access to each global, through calls into any module, with that
//    context: Policy's GlobalRecord.
//
// Callers name functions and globals by module and name, since two
// modules may each have a static `counter`; inside, each is an index into
// the solver's tables, its sets bit vectors over them, and the stages
// (address uses, call graph, functions that never run, phases, hot code
// and its rates) print what they find (printStages(): cacheline-facts
// solve --stages; -debug-only=cacheline-solver as each stage ends).
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SOLVER_H
#define CACHELINE_LAYOUT_SOLVER_H

#include "cacheline/Policy/Policy.h"
#include "cacheline/Summary/Summary.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

struct SolverOptions {
  /// The summaries are the translation units of one program before its
  /// link. If one defines main, every external symbol is the program's own,
  /// as the full-LTO link internalizes them; else (a library) external
  /// symbols stay exported. Without this, linkage is as the summaries say,
  /// and Internalized (the full-LTO link).
  bool BeforeLink = false;
  /// AssumeClosed: an executable's own exported globals (not weak) count
  /// as internal. HotWriteCount: a counted loop of fewer iterations
  /// repeats only as often as its function runs.
  PolicyOptions Policy;
  /// Every call of the program is a call site of the summaries, so that a
  /// function no call reaches and whose address nothing takes never runs.
  /// IR holds every call; machine code may hide some (a jump the scanner
  /// does not follow into another function).
  bool CallsComplete = true;
  /// At a full-LTO link that solves the compiles' summaries (BeforeLink
  /// false): the external symbols of the summaries that the link made
  /// internal. Everything else keeps the linkage its summary gives.
  llvm::StringSet<> Internalized;
};

/// A position in one module's summary: the module's index among the
/// solver's summaries, since two modules may each have a static `helper`.
struct ModulePosition {
  unsigned Module = 0;
  Position At;
};

/// A function of the program, by the module whose summary defines it.
struct ModuleFunction {
  unsigned Module = 0;
  std::string Name;
};

/// A call of the program: its function, by the module whose summary
/// defines it, and its index among that function's calls
/// (FunctionSummary::Calls).
struct ModuleCallSite {
  unsigned Module = 0;
  std::string Function;
  int Site = -1;
};

/// How the program's indirect calls were resolved: by the points-to
/// analysis (PointsTo.h), against the signature fallback (every function
/// of the call's type whose address is taken).
struct IndirectCallFigures {
  unsigned Calls = 0;
  /// Calls the points-to resolved to functions of the program only.
  unsigned Resolved = 0;
  /// Their targets by points-to, and by signature.
  uint64_t ResolvedTargets = 0, ResolvedSignatureTargets = 0;
  /// Targets by signature of every indirect call.
  uint64_t SignatureTargets = 0;
};

/// One global as the solver found it.
struct SolvedGlobal {
  std::string Name;
  /// Its index among the globals the summaries mention (Solver::solveGlobals
  /// order).
  unsigned Id = 0;
  /// The module of an internal global; -1 for an external one.
  int Module = -1;
  /// Its definition, if any module has it.
  const GlobalSummary *Definition = nullptr;
  /// What the rules read.
  GlobalRecord Record;
  /// Where each access of Record.Writes and Record.Reads is.
  std::vector<ModulePosition> WriteAt, ReadAt;
};

/// A call of a library allocator (CallSiteSummary::AllocElementSize) as
/// the solver found it: an object classified like a global from what the
/// code that names it does (the call's result, and the pointer variables
/// that hold only its start).
struct SolvedAllocation {
  ModuleFunction Caller;
  /// The call's index among its function's calls, and where it is.
  int Call = -1;
  Position At;
  /// The allocation call itself, as an access at its place: its phase says
  /// how often the site allocates.
  AccessRecord Allocated;
  /// Record.Props: Local, and the elements: as the call says, or, for an
  /// allocation of one element, the stride of an index that picks among
  /// equal parts of it (`malloc(8 * sizeof(T))` folded to 192 bytes).
  GlobalRecord Record;
  std::vector<ModulePosition> WriteAt, ReadAt;
  /// The pointer variables whose loads name it, as the module defining
  /// each names it.
  std::vector<std::pair<unsigned, std::string>> Holders;
  /// The first of them that is not a static of the allocating translation
  /// unit, if one is not.
  std::string HolderElsewhere;
  /// The functions of the shortest chain of calls that reaches the
  /// allocating function from main, a thread entry or a function no call
  /// of the program reaches (a callback of unknown code), that root first.
  std::vector<std::string> CallPath;
};

class Solver {
public:
  Solver(std::vector<ModuleSummary> Modules, const SolverOptions &Opts);
  ~Solver();

  llvm::ArrayRef<ModuleSummary> modules() const { return Modules; }
  /// The program may run more than one thread.
  bool hasThreads() const { return HasThreads; }
  /// Some module defines main: the summaries are an executable's.
  bool isExecutable() const { return !Main.empty(); }

  /// Every global the summaries mention, in module order.
  std::vector<SolvedGlobal> solveGlobals() const;
  /// The global \p Name of module \p Module (internal or not).
  std::optional<SolvedGlobal> solveGlobal(unsigned Module,
                                          llvm::StringRef Name) const;
  /// Every global the summaries mention whose Id is not in \p Solved (the
  /// globals a link dropped, after it solved those it kept).
  std::vector<SolvedGlobal>
  solveGlobalsOtherThan(const llvm::BitVector &Solved) const;

  /// Every allocation site of the program's code (a call of malloc, calloc
  /// or aligned_alloc for whole elements) in a function that runs.
  std::vector<SolvedAllocation> solveAllocations() const;

  /// The calls of the program that may reach the function \p Name of
  /// module \p Module; std::nullopt when code the summaries do not have
  /// may call it too.
  std::optional<std::vector<ModuleCallSite>>
  callsReaching(unsigned Module, llvm::StringRef Name) const;
  /// The functions call \p Site of \p Function (as module \p Module names
  /// it) may reach, if it is an indirect call; std::nullopt unless every
  /// one is known and has its body here.
  std::optional<std::vector<ModuleFunction>>
  indirectTargets(unsigned Module, llvm::StringRef Function, int Site) const;

  /// The module whose body of the function \p Name (as module \p Module
  /// names it) the solver follows: the first of several linkonce_odr
  /// copies.
  std::optional<unsigned> definingModule(unsigned Module,
                                         llvm::StringRef Name) const;

  std::vector<std::string> threadEntries() const;
  /// How the points-to analysis resolved the program's indirect calls.
  IndirectCallFigures indirectCalls() const;
  std::vector<std::string> startUpFunctions() const;
  /// Why the function \p Name of module \p Module runs when it does.
  const char *describe(unsigned Module, llvm::StringRef Name) const;
  /// One line per function: its role.
  void print(llvm::raw_ostream &OS) const;
  /// What each stage found: the functions' address uses, the call graph,
  /// the functions that never run and what calls may do, the phases, the
  /// hot functions with their rates and drivers.
  void printStages(llvm::raw_ostream &OS) const;

private:
  struct Program;
  std::vector<ModuleSummary> Modules;
  std::unique_ptr<Program> P;
  std::string Main;
  bool HasThreads = false;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SOLVER_H
