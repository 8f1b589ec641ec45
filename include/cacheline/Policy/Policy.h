//===- Policy.h - The classification rules ----------------------*- C++ -*-===//
//
// Turns the facts about one global into its class and a reason a person can
// read. Every rule is here and nowhere else; docs/classification.md lists
// them. The only harmful mistake is a wrong "read-mostly" (a global written
// often, grouped with data read often), so a write of unknown pace leads
// away from it; a rare write does not (the kernel's __read_mostly).
//
// The rules read IR-independent records (GlobalRecord, AccessRecord), which
// the solver (Solver.h) makes from the program's summaries, for the pass
// and for `cacheline-facts merge` alike.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_POLICY_H
#define CACHELINE_LAYOUT_POLICY_H

#include "cacheline/Files/WriteProfile.h"
#include "cacheline/Summary/Summary.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cacheline {

enum class GlobalClass { WriteHot, ReadMostly, Neutral, Skipped };

const char *globalClassName(GlobalClass C);
/// The class named \p Name ("write-hot", ...), if any.
std::optional<GlobalClass> parseGlobalClass(llvm::StringRef Name);

struct PolicyOptions {
  /// With profile data (!prof estimates, or a measured write profile):
  /// run-time writes that make a global hot.
  uint64_t HotWriteCount = 1000;
  /// A run-time write that runs less often than this per iteration of the
  /// loop that drives it (static block frequencies) is rare: a store on
  /// the branch of one command among dozens in a request dispatcher.
  double RareWriteRate = 1.0 / 16;
  /// Treat the executable's own globals as internal even when they are
  /// exported (a program linked with --export-dynamic so that backtraces
  /// name functions): a dlopen()ed module that writes them breaks this.
  bool AssumeClosed = false;
  /// Pad the elements of allocations made while threads run too (one per
  /// request or connection, perhaps): the memory is the user's to spend.
  bool PadRunTimeAllocations = false;
  /// The most bytes giving an array's elements, or a struct's groups of
  /// fields, lines of their own may add to one global.
  uint64_t MaxElementPadding = 64 * 1024;
  /// The most instructions the copies of functions made for one struct
  /// global (FunctionCopy) may add; 0 makes none.
  uint64_t MaxCopiedInstructions = 1000;
  /// Each compile of the two-stage flow applies the layout to its module
  /// alone: a copy is made only of a function whose body is in the
  /// global's own translation unit, where the copy and the global must
  /// both be; an allocation is padded only where every pointer variable
  /// holding it is a static of the allocating unit.
  bool EachModuleAlone = false;
};

/// What the skip rules need to know about a global's definition.
struct GlobalProperties {
  bool Declaration = false;
  bool Constant = false;
  bool ThreadLocal = false;
  bool ImplicitSection = false; ///< #pragma clang section.
  bool HasSection = false;
  /// Internal, or as good as internal (the whole program is known).
  bool Local = false;
  /// Internal to its own module (PolicyOptions::EachModuleAlone): no other
  /// module names it.
  bool InternalToModule = false;
  /// Non-empty: an exported alias names the global.
  std::string ExportedAlias;
  bool ExternallyInitialized = false;
  bool Unsized = false;
  bool ZeroSized = false;
  /// An array: its length and the size of one element (0 otherwise).
  uint64_t ElementCount = 0;
  uint64_t ElementSize = 0;
  /// An allocation of ElementSize-byte elements whose number is known only
  /// at run time (ElementCount 0).
  bool CountAtRunTime = false;
  /// A struct: its top-level fields (empty otherwise).
  std::vector<FieldSpan> Fields;
};

/// A copy of a function made for one global, so that the copy's accesses
/// name the global: the function's parameter Arg, to which every call the
/// copy replaces hands the global's address plus Offset, becomes that
/// address in the copy (FunctionCopies.h). A split by field class then
/// rewrites the copy's field addresses as it rewrites those of any code
/// naming the global; the original stays for other callers.
struct FunctionCopy {
  std::string Function; ///< As its summary names it.
  /// The summary defining the body copied (Solver::modules()); -1 where a
  /// layout file gives the copy (the global's own module).
  int Module = -1;
  int Arg = 0;
  int64_t Offset = 0;
  /// What the copy adds (FunctionSummary::Instructions).
  uint64_t Instructions = 0;
  /// The source file defining the function where it is not the global's
  /// translation unit (PolicyOptions::EachModuleAlone).
  std::string OtherSource;
  bool operator==(const FunctionCopy &O) const {
    return Function == O.Function && Module == O.Module && Arg == O.Arg &&
           Offset == O.Offset;
  }
};

/// When an access runs, in the life of the program.
enum class Phase {
  StartUp,       ///< Before threads: main's start, constructors, init once.
  ThreadStartUp, ///< A thread entry before its loops: once per thread.
  Steady,        ///< While threads run.
  Shutdown,      ///< main after its loops, exit handlers.
  /// A function that runs once per thread, after its steady state: once
  /// per thread, as the thread ends.
  ThreadShutdown,
};

const char *phaseName(Phase P);
/// The phase named \p Name ("start-up", ...), if any.
std::optional<Phase> parsePhase(llvm::StringRef Name);

/// One access with its whole-program context, as the rules see it.
struct AccessRecord {
  AccessKind Kind = AccessKind::Load;
  Phase When = Phase::Steady;
  /// Runs only a bounded number of times: in any phase but the steady one.
  bool StartUp = false;
  LoopKind Loop = LoopKind::None;
  bool HotFunction = false;
  /// Not hot, but runs at the pace of events or timers (in a waiting loop,
  /// or in code such loops or timers call): it may repeat, but how often
  /// is unknown.
  bool EventPaced = false;
  bool ThreadEntryFunction = false;
  std::optional<uint64_t> ProfileCount;
  /// Block frequency relative to its function's entry.
  double Frequency = 1.0;
  /// How many times it runs per iteration of the busy loop that drives it
  /// (static block frequencies along the calls from that loop).
  double Rate = 1.0;
  // For reasons only.
  std::string Function; ///< Mangled name of the function doing it.
  int Block = -1;       ///< Its basic block in that function.
  std::string Callee;   ///< Mangled name of a directly called function.
  /// In main, or a start-up function that starts threads, before its
  /// first thread creation.
  bool BeforeThreads = false;
  bool InMain = false;
  std::string Role; ///< Solver::describe of the function.
  std::string OnceFlag; ///< Runs behind this init flag (OnceRegions.h).
  /// Through a pointer that a call of this function handed down in a
  /// phase that does not repeat (When): it runs during that call.
  std::string HandedBy;
  /// Of a hot function: its callers back to the loop or root that drives
  /// it, nearest first (at most 8).
  std::vector<std::string> DrivenBy;
  /// Where in the global, if the address arithmetic could be followed.
  std::optional<ByteRange> Range;
  /// Which place of a phi or select of addresses at different places it is
  /// at (0: the first, or the only one): one run writes one of them.
  int Choice = 0;
  /// Through a pointer the code naming the global handed to a function of
  /// the program by a direct call, at a constant place: the copy of that
  /// function that would name the global (an index into
  /// GlobalRecord::Copies), and where in the global the access would fall
  /// in it (the copy's own arithmetic no longer handed), if known.
  int Copy = -1;
  std::optional<ByteRange> CopyRange;
  /// Handed on where no copy of a function would name the global, why
  /// ("handed on by an indirect call in worker").
  std::string NoCopy;

  bool isWrite() const { return cacheline::isWrite(Kind); }
  bool isSynchronization() const { return cacheline::isSynchronization(Kind); }
};

struct GlobalRecord {
  GlobalProperties Props;
  std::vector<AccessRecord> Writes;
  std::vector<AccessRecord> Reads;
  std::string EscapeReason;
  bool InUsedList = false;
  /// Accesses already in Writes or Reads, reached again through a pointer
  /// handed down at another place in the global: they tell what is done
  /// at that place (an element, a field), not how often the global is
  /// accessed.
  std::vector<AccessRecord> Again;
  /// Why Again may lack some places, if it may: no layout inside the
  /// object then.
  std::string PlacesUnknown;
  /// The copies of functions accesses could be made in
  /// (AccessRecord::Copy).
  std::vector<FunctionCopy> Copies;
  /// Why the places inside the object must stay where they are, if they
  /// must (the difference of two of its addresses): no layout inside it.
  std::string Distance;
  /// Why its fields must keep their order, if they must (two of its
  /// addresses compared for order): no split of its fields.
  std::string Order;
};

/// The rules' answer: the class, why, and the access it rests on (an index
/// into GlobalRecord::Writes or ::Reads), if one.
struct Decision {
  GlobalClass Class = GlobalClass::Neutral;
  std::string Reason;
  int DecisiveWrite = -1;
  int DecisiveRead = -1;
};

Decision decide(const GlobalRecord &G, bool HasThreads,
                const PolicyOptions &Opts);

/// Fields of a split struct that become one global (FieldLayout.h).
struct FieldPart {
  GlobalClass Class = GlobalClass::Neutral;
  /// Indices into GlobalProperties::Fields, in order.
  std::vector<unsigned> Fields;
};

/// Layout inside one global: an array whose elements different threads
/// write gets a line-sized slot per element (ElementLayout.h); a struct
/// whose fields have different classes is split into one global per group
/// of fields (FieldLayout.h).
struct InnerLayout {
  /// Bytes per element after the rewrite; 0 when not rewritten.
  uint64_t SlotSize = 0;
  /// The globals a struct is split into; empty when not split.
  std::vector<FieldPart> Parts;
  /// A struct's fields, each classified as a global of its own would be
  /// (when they were).
  std::vector<Decision> FieldClasses;
  /// A split struct: the functions copied for it, so that the accesses
  /// they make through the pointer handed to them name the global.
  std::vector<FunctionCopy> Copies;
  /// What is done, or why not ("not rewritten: ..."); empty when nothing
  /// inside the global calls for it.
  std::string Reason;

  bool rewrites() const { return SlotSize || !Parts.empty(); }
};

/// The inner layout of \p G, whose class is \p Class, for lines of
/// \p LineSize bytes.
InnerLayout decideInnerLayout(const GlobalRecord &G, GlobalClass Class,
                              unsigned LineSize, const PolicyOptions &Opts);

/// How many times a write profile saw an allocation site allocate after
/// start-up, the threads its runs created, and the writes to its memory
/// after start-up.
struct MeasuredAllocations {
  uint64_t After = 0;
  uint64_t ThreadsCreated = 0; ///< Summed over the runs.
  uint64_t WritesAfter = 0;

  /// At most one object per thread created: not one per request.
  bool oncePerThread() const { return After <= ThreadsCreated; }
};

/// The inner layout of an allocation site (Solver's SolvedAllocation) whose
/// class is \p Class: its elements padded as an array global's are, or the
/// fields of one struct in groups by class as a struct global's are split
/// (each group on lines of its own inside the allocation), where
/// the site allocates a bounded number of times (\p Allocated, the call as
/// an access, runs outside the steady state; or \p Measured, a profile,
/// saw it allocate at most once per thread after start-up, and its memory
/// written often: PolicyOptions::HotWriteCount times).
/// \p HolderElsewhere: a pointer variable holding it that is no static of
/// the allocating translation unit (PolicyOptions::EachModuleAlone), if
/// one is not.
InnerLayout decideAllocationLayout(const GlobalRecord &G,
                                   const AccessRecord &Allocated,
                                   GlobalClass Class, unsigned LineSize,
                                   const PolicyOptions &Opts,
                                   llvm::StringRef HolderElsewhere = {},
                                   const MeasuredAllocations *Measured =
                                       nullptr);

/// "hits" for a field with a name, else "field 3 (+24)".
std::string fieldName(const GlobalProperties &P, unsigned Field);

/// What a measured write profile says a global is.
enum class MeasuredClass {
  WriteHot,    ///< Written after start-up by two or more threads, or often.
  ReadMostly,  ///< Read after start-up and never written after it.
  Neutral,     ///< Seen, but neither.
  Unseen,      ///< Never accessed in the measured runs.
  /// The build could not count all its accesses (an escape), and those it
  /// counted do not make it write-hot.
  NotMeasured,
};

const char *measuredClassName(MeasuredClass C);

/// The measured class of \p G: the yardstick of the static rules and, with
/// CACHELINE_LAYOUT_PROFILE, the class itself.
MeasuredClass measuredClass(const ProfiledGlobal &G, const PolicyOptions &Opts);

/// The class a write profile gives a global whose static class is
/// \p Static, with the reason; std::nullopt where the static class stays
/// (skipped globals, and globals the profile did not see or measure).
std::optional<Decision> decideFromProfile(const ProfiledGlobal &G,
                                          GlobalClass Static,
                                          const PolicyOptions &Opts);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_POLICY_H
