//===- Summary.h - What one module says about its globals -------*- C++ -*-===//
//
// The program summary: IR-free, typed facts about one module, from which
// the whole-program solver (Solver.h) works out who writes each global,
// when and how often. One builder (SummaryBuilder.h) makes it, once per
// translation unit, where it compiles: carried in the object for the
// full-LTO link (SummaryInModule.h) or written as a facts file for
// `cacheline-facts merge`; a link whose objects carry none summarizes the
// merged module as it arrives. The two flows classify from the same
// summaries with the same solver, as LLVM's full and thin LTO both work
// from the ModuleSummaryIndex.
//
// A summary records nothing that needs another module to decide. Where a
// fact depends on another function's body or linkage (a pointer handed to
// a call, a function address stored in a global), it records the question
// and the answer to use if no module has that body; the solver answers it.
//
// This file is the schema. Its encodings are the files' (lib/Files): the
// JSON form of a facts file (SummaryJSON.h; docs/two-stage.md) and the
// compact form carried in objects (SummaryEncoding.h), which lists the
// same fields.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SUMMARY_H
#define CACHELINE_LAYOUT_SUMMARY_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// Version of the facts-file format; a file of another version is refused.
constexpr unsigned FactsFormatVersion = 23;

enum class AccessKind {
  Load,         ///< A load, plain or atomic.
  Store,        ///< A plain (or volatile) store.
  AtomicStore,  ///< An atomic store.
  AtomicRMW,    ///< atomicrmw.
  CmpXchg,      ///< cmpxchg.
  MemIntrinsic, ///< Destination of memset, memcpy or memmove.
  LockCall,     ///< A lock, unlock, wait or signal on the object.
  CallWrite,    ///< An external call that may write through the pointer.
  CallRead,     ///< An external call that only reads through it.
  OnceWrite,    ///< Written at most once (pthread_once control).
};

const char *accessKindName(AccessKind K);
/// Every kind but loads and calls that only read writes.
inline bool isWrite(AccessKind K) {
  return K != AccessKind::Load && K != AccessKind::CallRead;
}
/// Atomic read-modify-write or lock traffic.
inline bool isSynchronization(AccessKind K) {
  return K == AccessKind::AtomicRMW || K == AccessKind::CmpXchg ||
         K == AccessKind::LockCall;
}
/// The kind accessKindName() names \p Name, if any.
std::optional<AccessKind> parseAccessKind(llvm::StringRef Name);

/// The innermost loop around an instruction, as the solver sees it.
enum class LoopKind {
  None,    ///< Not in a loop.
  Busy,    ///< In a loop that does not block: it may run many times a second.
  Waiting, ///< In a loop that blocks each time round (sleep, poll, wait).
  /// In a loop nest that runs only a few iterations per call of its
  /// function (constant trip counts): it repeats only as often as the
  /// function runs.
  Counted,
};

const char *loopKindName(LoopKind K);
/// The kind loopKindName() names \p Name, if any.
std::optional<LoopKind> parseLoopKind(llvm::StringRef Name);

/// Where an instruction is, and what its own function says about it. Under
/// full LTO, (Function, Block, Index) leads back to the instruction
/// (InstructionIndex in SummaryBuilder.h).
struct Position {
  std::string Function;
  int Block = 0;
  int Index = 0;
  /// The innermost loop around it: its index among the function's loops in
  /// preorder, or -1.
  int Loop = -1;
  /// Block frequency relative to the function's entry.
  double Frequency = 1.0;
  /// Block frequency relative to the header of its innermost loop: how
  /// often it runs per iteration of that loop (1 outside loops).
  double LoopFrequency = 1.0;
  /// Estimated executions, with profile data (!prof).
  std::optional<uint64_t> ProfileCount;
  /// A direct call's callee.
  std::string Callee;
  /// The init flag it runs behind (OnceRegions.h), when it runs a bounded
  /// number of times per initialisation.
  std::string OnceFlag;
};

/// Where in an object a pointer points, relative to the root of the walk
/// that found it (a global's start, a parameter, a call's result): Offset
/// bytes plus Stride * i for each variable index i, and Size bytes from
/// there. What code adds after the pointer was handed on (through a call's
/// parameter, a return, a phi or a select) is kept apart in Handed*: only
/// the arithmetic of the code naming a global can pick among its elements
/// in a way a layout inside the object can rewrite.
struct ByteRange {
  struct Index {
    uint64_t Stride = 0;
    /// The length of the array the index selects in, where the type gives
    /// one; 0 when nothing bounds it (pointer arithmetic).
    uint64_t Count = 0;
    /// The index is a loop's induction variable: the loop walks the
    /// elements in order.
    bool Sweeps = false;
    bool operator==(const Index &O) const {
      return Stride == O.Stride && Count == O.Count && Sweeps == O.Sweeps;
    }
  };
  int64_t Offset = 0;
  std::vector<Index> Indices;
  int64_t HandedOffset = 0;
  std::vector<Index> HandedIndices;
  /// Bytes accessed from there; 0 when not known (a buffer handed to a
  /// library call). A known function that acts on one object (a lock)
  /// gives 1: the object lies inside whatever holds it.
  uint64_t Size = 0;

  /// \p Inner, a range relative to the pointer this one describes, as a
  /// range relative to this one's root: all of it is handed arithmetic.
  ByteRange then(const ByteRange &Inner) const;

  // Inside an array of ElementSize-byte elements. An index whose stride is
  // a multiple of ElementSize, in the code naming the array (not handed),
  // picks an element; anything else must stay inside that element.

  /// The element byte \p Offset of an array lies in (negative before it).
  static int64_t elementOf(int64_t Offset, uint64_t ElementSize);
  /// The element the constant offset picks, if no variable index picks one.
  std::optional<int64_t> constantElement(uint64_t ElementSize) const;
  /// The first and last byte it can touch (at least the first), counted
  /// from the start of its element; std::nullopt when it may reach another
  /// element (an unbounded index, an offset past the element).
  std::optional<std::pair<int64_t, int64_t>>
  bytesInElement(uint64_t ElementSize) const;
  /// The first and last byte of the object it can touch; std::nullopt
  /// when an index is unbounded or the bytes touched are not known.
  std::optional<std::pair<int64_t, int64_t>> span() const;
  bool operator==(const ByteRange &O) const {
    return Offset == O.Offset && Indices == O.Indices &&
           HandedOffset == O.HandedOffset &&
           HandedIndices == O.HandedIndices && Size == O.Size;
  }
};

/// A top-level field of a struct global: where it lies, and its name where
/// debug info gives one (for reports).
struct FieldSpan {
  uint64_t Offset = 0;
  uint64_t Size = 0;
  std::string Name;
  bool operator==(const FieldSpan &O) const {
    return Offset == O.Offset && Size == O.Size && Name == O.Name;
  }
};

struct AccessSummary {
  AccessKind Kind = AccessKind::Load;
  Position At;
  /// Where in the object; none when the address arithmetic cannot be
  /// followed (a loop-carried pointer, an index that is not linear).
  std::optional<ByteRange> Range;
  /// Or one of these: through a phi or select of addresses at different
  /// places (`*(odd ? &s.a : &s.b) += 1`), Range is the first.
  std::vector<ByteRange> OrRanges;
};

/// What a call that receives a pointer does to the object behind it when no
/// module has the callee's body: a known library function's effect
/// (KnownFunctions.h), else what the parameter's attributes allow.
enum class CallEffect {
  Body,      ///< Some module may have the body: the solver follows it.
  None,      ///< Not touched, or not a pointer the analysis cares about.
  Read,      ///< Read only.
  Write,     ///< Written (initialisation, destruction): a plain write.
  WriteOnce, ///< Written at most once over the program's life (pthread_once).
  Lock,      ///< Synchronisation traffic: lock, unlock, wait, post, signal.
  Escape,    ///< Handed on to code we cannot see (a new thread's argument).
};

/// What one use of a function's address tells.
enum class AddressUse {
  ThreadEntry, ///< Handed to a thread creator.
  RunOnce,     ///< A run-once routine (pthread_once, std::call_once).
  AtExit,      ///< An exit handler or global destructor.
  Ctor,        ///< A global constructor.
  Escaped,     ///< Code we cannot see may call it, on any thread.
  Timer,       ///< A timer callback of a known event library.
  Taken,       ///< Called, if at all, by the program's indirect calls.
  Synchronous, ///< Called by the known function it is passed to.
  PassedToCall, ///< An argument of Callee: Fallback if no body is found.
  /// An argument of an indirect call (Caller's call Site): the program's
  /// functions it may reach take it, unless it reaches none.
  PassedToIndirectCall,
  InInitializer, ///< In Owner's initializer.
  StoredTo,      ///< Stored into Owner.
};

/// A call handing the pointer to a named function, whose body another
/// module may have, or to an indirect call, whose targets the solver
/// resolves.
struct PointerCall {
  std::string Callee; ///< Empty for an indirect call.
  /// An indirect call: its index in the caller's FunctionSummary::Calls.
  int Site = -1;
  int Arg = 0;
  std::string CallType; ///< The call's function type, printed.
  CallEffect Fallback = CallEffect::Body;
  /// What the call makes of a function address passed there when no
  /// module has the callee's body: a known function's callback (a thread
  /// entry for pthread_create), else code we cannot see may call it. The
  /// solver follows a function address passed to a pointer parameter of the
  /// program's own into these (a wrapper around pthread_create).
  AddressUse Callback = AddressUse::Taken;
  std::string EscapeReason; ///< With Fallback == Escape.
  Position At;
  /// Where in the object the handed pointer points (Size: what a known
  /// library callee touches).
  std::optional<ByteRange> Range;
};

/// Values of a function's integer argument: [Lo, Hi) in Bits-bit modular
/// arithmetic, wrapping past the largest value as llvm::ConstantRange does
/// (neither empty nor every value).
struct ArgumentValues {
  int Arg = 0;
  unsigned Bits = 0;
  int64_t Lo = 0;
  int64_t Hi = 0;
  bool allows(int64_t Value) const;
  bool operator==(const ArgumentValues &O) const {
    return Arg == O.Arg && Bits == O.Bits && Lo == O.Lo && Hi == O.Hi;
  }
};

/// Whether a call with the integer constant arguments \p Constants (by
/// argument number) can take a path \p C allows: an argument that is no
/// constant, or no condition, allows every path.
bool callAllows(const std::vector<std::pair<int, int64_t>> &Constants,
                const std::optional<ArgumentValues> &C);

/// A function that returns the pointer, and where in the object it points.
struct ReturnedPointer {
  std::string Function;
  std::optional<ByteRange> Range;
  /// It returns it only when an argument has one of these values
  /// (ArgumentCondition.h).
  std::optional<ArgumentValues> When;
};

/// Everything done with one pointer: a global's address or a parameter.
struct PointerSummary {
  std::vector<AccessSummary> Accesses;
  std::vector<PointerCall> Calls;
  /// Why some access cannot be seen, if one cannot.
  std::string Escape;
  /// Why the places inside the object must stay where they are, if they
  /// must: code takes the difference of two of its addresses ("difference
  /// of two addresses of g in main"; AddressInteger.h). Every access is
  /// still seen: no escape, but no layout inside the object.
  std::string Distance;
  /// Why its fields must keep their order, if they must: code compares two
  /// of its addresses for order. Element padding keeps the order; a split
  /// of the fields into globals does not.
  std::string Order;
  /// Functions that return the pointer and that some other module or an
  /// indirect call may call: the solver follows it into their callers'
  /// CallResults.
  std::vector<ReturnedPointer> ReturnedBy;
  /// Pointer variables (globals) the pointer is stored in, by a store or
  /// in their initializer: the solver follows it into the pointers loaded
  /// from them (GlobalSummary::Loaded).
  std::vector<std::string> HeldBy;
  /// Functions whose address is stored through the pointer.
  std::vector<std::string> StoredFunctions;
  /// Something else that may be a function pointer is written through it
  /// (a pointer that is no constant, a memory copy, an unknown call): the
  /// function pointers loaded from its memory may come from anywhere.
  bool OpaqueStores = false;
};

/// A pointer as the points-to analysis (PointsTo.h) sees an operand: a
/// pointer value of its function, a global's or a function's address, or a
/// pointer from code the program cannot see; plus the bytes added to it.
struct PointerOperand {
  enum class Kind {
    None,     ///< Null, undef, or no pointer at all.
    Value,    ///< The function's pointer value number Value.
    Global,   ///< The address of the global Name.
    Function, ///< The address of the function Name.
    Unknown,  ///< Anything code the program cannot see may hold.
    /// The arguments a variadic function gets beyond its parameters: what
    /// va_start points its va_list at.
    VarArgs,
  };
  Kind K = Kind::None;
  int Value = -1;
  std::string Name;
  /// Bytes added by constant offsets.
  int64_t Offset = 0;
  /// Plus a variable offset: a multiple of Stride (an array's elements:
  /// the same field of any of them), or with Stride 0 any number of bytes
  /// (anywhere in its object).
  bool Variable = false;
  uint64_t Stride = 0;
  bool isNone() const { return K == Kind::None; }
  /// Makes the offset any number of bytes.
  void anywhere() {
    Variable = true;
    Stride = 0;
  }
  bool operator==(const PointerOperand &O) const {
    return K == O.K && Value == O.Value && Name == O.Name &&
           Offset == O.Offset && Variable == O.Variable && Stride == O.Stride;
  }
};

/// One statement of a function's pointer flow (PointerFlow.h), over its
/// pointer values: 0 .. NumArgs-1 are its parameters, the others what
/// instructions define (loads, phis, selects, calls, allocas). Together
/// they are the constraints of an inclusion-based (Andersen) points-to
/// analysis: "Dst may point to what Src points to", and so on.
struct PointerStatement {
  enum class Kind {
    Copy,     ///< Dst may point where Src points.
    Load,     ///< Dst may point where the pointers stored at Addr point.
    Store,    ///< The pointer stored at Addr may point where Src points.
    /// The pointers stored in Addr's object may be those in Src's (memcpy,
    /// realloc).
    MemCopy,
    /// Dst points to a new object: allocation site Site (the index of the
    /// allocating call in Calls), of Size bytes when known.
    HeapObject,
    /// Dst points to a local variable (Site: its index among the
    /// function's allocas), of Size bytes.
    StackObject,
    Escape,  ///< Code the program cannot see may read Src, and what it reaches.
    Clobber, ///< Code the program cannot see may store pointers at Addr.
    /// A known library function calls the functions Addr points to, with
    /// Src as parameter Dst (-1: with none of the program's pointers);
    /// their parameters that no such statement of the call binds are
    /// pointers of code the program cannot see.
    Callback,
    Argument, ///< Call Site passes Src as argument Dst.
    Result,   ///< Dst is what call Site returns.
    Callee,   ///< Call Site (indirect) calls the functions Src points to.
    Return,   ///< The function returns Src.
  };
  Kind K = Kind::Copy;
  int Dst = -1;
  int Site = -1;
  /// What direct call Fallback (an index into Calls) does when no module
  /// has the callee's body: a known function's effect, or what an unknown
  /// one may do. -1: an effect of the function's own code.
  int Fallback = -1;
  uint64_t Size = 0;
  PointerOperand Addr, Src;
  bool operator==(const PointerStatement &O) const {
    return K == O.K && Dst == O.Dst && Site == O.Site &&
           Fallback == O.Fallback && Size == O.Size && Addr == O.Addr &&
           Src == O.Src;
  }
};

const char *pointerStatementName(PointerStatement::Kind K);

struct GlobalSummary {
  std::string Name;
  bool Local = false;
  bool Definition = false;
  bool Constant = false;
  bool ThreadLocal = false;
  bool ImplicitSection = false; ///< #pragma clang section.
  bool HasSection = false;
  std::string Section; ///< The section, when it is a C identifier.
  bool ExternallyInitialized = false;
  bool Unsized = false;
  /// Weak or common: another module's definition may replace it.
  bool Interposable = false;
  uint64_t Size = 0;
  /// An array: its length and the size of one element (0 otherwise).
  uint64_t ElementCount = 0;
  uint64_t ElementSize = 0;
  /// A struct: its fields, in order (empty otherwise).
  std::vector<FieldSpan> Fields;
  std::string ExportedAlias;
  /// definitionFingerprint() of a definition one can lay out (not
  /// constant, not thread-local): what a layout file is matched by.
  std::string Fingerprint;
  bool InUsedList = false;
  /// Code of this module hands the address (or a pointer derived from it)
  /// to code it cannot see, which may read pointers out of it.
  bool ContentsLeak = false;
  /// Calls that receive the address whose bodies other modules may hold:
  /// the contents leak unless the solver finds the body.
  std::vector<std::string> LeakCallees;
  /// Globals the address is stored into: the contents leak if theirs do.
  std::vector<std::string> LeakThrough;
  /// Functions whose address is in the initializer.
  std::vector<std::string> InitializerFunctions;
  /// The pointers in the initializer: Store statements at the global's
  /// offsets (PointerStatement).
  std::vector<PointerStatement> InitialPointers;
  PointerSummary Uses;
  /// A pointer variable that this module only loads and stores (no other
  /// use of its address): Loaded is what is done with the pointers loaded
  /// from it.
  bool OnlyLoadedAndStored = false;
  PointerSummary Loaded;
  /// Such a pointer variable, and every pointer this module stores in it
  /// is null or what an allocation call (CallSiteSummary::AllocElementSize)
  /// returned: a pointer loaded from it is the start of an allocation.
  bool HoldsOnlyAllocations = false;
};

enum class CallKind { Direct, Indirect, InlineAsm };

struct CallSiteSummary {
  int Block = 0;
  int Index = 0;
  int Loop = -1;
  double Frequency = 1.0;     ///< As Position::Frequency.
  double LoopFrequency = 1.0; ///< As Position::LoopFrequency.
  /// The loops this call makes waiting loops if it blocks: its own, and
  /// every enclosing loop whose latches it dominates.
  std::vector<int> WaitingLoops;
  /// As Position::OnceFlag: what it calls runs once too.
  std::string OnceFlag;
  CallKind Kind = CallKind::Direct;
  std::string Callee;   ///< Direct calls.
  std::string CallType; ///< Indirect calls: the function type, printed.
  /// Indirect calls through a pointer loaded from memory whose underlying
  /// objects are all globals: their names (the tables the pointer comes
  /// from: `(cond ? &ops_a : &ops_b)->fn()` has two).
  std::vector<std::string> LoadedFrom;
  /// Indirect calls of a pointer chosen among named functions (a select or
  /// phi of their addresses, where the optimizer folded a table): those.
  std::vector<std::string> ChosenCallees;
  /// Indirect calls of a pointer loaded from a struct field: the field
  /// (FunctionFields.h), which narrows the signature fallback.
  std::string Field;
  /// Indirect calls of a pointer that other calls of the caller return
  /// (through casts, phis and selects): those calls, by index.
  std::vector<int> CalleeFromCalls;
  /// Calls returning a pointer: their integer constant arguments, by
  /// argument number (ReturnedPointer::When).
  std::vector<std::pair<int, int64_t>> ConstantArgs;
  // When no module has the callee's body:
  bool Known = false; ///< A known library function (KnownFunctions.h).
  bool CreatesThread = false;
  bool JoinsThread = false;
  bool Waits = false;
  /// It returns the address of code the program does not have (dlsym).
  bool ReturnsForeignCode = false;
  /// The call never returns (exit, abort, a panic routine).
  bool NoReturn = false;
  /// Functions handed to it that it calls before returning (qsort).
  std::vector<std::string> SyncCallbacks;
  /// Functions handed to it that it may call later, on any thread.
  std::vector<std::string> DeferredCallbacks;
  /// A call of a library allocator whose memory free() releases (malloc,
  /// calloc, aligned_alloc) for a whole number of elements: the size of
  /// one (0: no such call), and how many (0: known only at run time).
  /// `calloc(n, 24)` allocates 24-byte elements, `malloc(40)` one 40-byte.
  uint64_t AllocElementSize = 0;
  uint64_t AllocCount = 0;
};

/// A loop whose body runs a known, bounded number of times per call of its
/// function: a table fill or a scan of a fixed-size array.
struct CountedLoop {
  int Loop = -1; ///< Its index among the function's loops, in preorder.
  /// The most times its body runs per call of the function: the product of
  /// the constant maximum trip counts of it and of every loop around it.
  uint64_t Iterations = 0;
};



/// A function's Params still in the compact form (SummaryEncoding.h),
/// decoded when first asked for.
class PendingParams {
public:
  virtual ~PendingParams() = default;
  virtual const std::map<int, PointerSummary> &decoded() const = 0;
};

/// A function's Pointers still in the compact form, decoded each time they
/// are asked for: the points-to analysis reads them once, and they need not
/// all be in memory at once.
class PendingPointers {
public:
  virtual ~PendingPointers() = default;
  virtual size_t size() const = 0;
  virtual std::vector<PointerStatement> decoded() const = 0;
};

struct FunctionSummary {
  std::string Name;
  std::string Type; ///< The function type, printed.
  bool Local = false;
  bool Interposable = false;
  bool ThreadTrampoline = false; ///< std::thread's or std::async's.
  bool OnceBody = false;         ///< std::call_once's callable.
  int NumArgs = 0;
  /// Its instructions, debug ones not counted: what a copy of it adds
  /// (Policy's FunctionCopy).
  uint64_t Instructions = 0;
  /// The successors of each block, for main and every function with a
  /// call (start-up runs into a function up to its first thread creation).
  std::vector<std::vector<int>> Successors;
  /// Per block: runs only before every loop of the function (not in a
  /// loop, reached from none). Thread entries' start-up code.
  std::vector<bool> BeforeLoops;
  /// Per block: runs only after every loop (not in a loop, reaching
  /// none, reached from one): main's shutdown.
  std::vector<bool> AfterLoops;
  /// The counted loops among those around its calls and accesses, by
  /// loop index.
  std::vector<CountedLoop> CountedLoops;
  std::vector<CallSiteSummary> Calls;
  /// When every pointer it returns is what one of its calls returns
  /// (through casts, phis and selects), or null: those calls, by index.
  std::vector<int> ReturnedCalls;
  /// Accesses through each pointer parameter, by argument number. A
  /// summary decoded from an object leaves them encoded (PendingParams)
  /// until first asked for: the solver reads the few that a global's
  /// address is handed to, and they are the larger part of a summary.
  std::map<int, PointerSummary> Params;
  std::shared_ptr<const PendingParams> EncodedParams;
  /// The summary of the uses of parameter \p Arg, if it has one.
  const PointerSummary *param(int Arg) const;
  /// Params, decoded if need be.
  const std::map<int, PointerSummary> &params() const;
  /// Accesses through the pointers that calls return, by call site (an
  /// index into Calls), for ReturnedBy: calls of functions of other
  /// modules, indirect calls, and calls of internal functions whose
  /// address is taken.
  std::vector<std::pair<int, PointerSummary>> CallResults;
  /// Its pointer flow, for the points-to analysis; values 0 .. NumArgs-1
  /// are its parameters, NumPointerValues counts them all.
  int NumPointerValues = 0;
  /// A summary decoded from an object leaves them encoded
  /// (EncodedPointers): forEachPointer() reads them either way.
  std::vector<PointerStatement> Pointers;
  std::shared_ptr<const PendingPointers> EncodedPointers;
  /// How many statements Pointers has, encoded or not.
  size_t numPointers() const;
  /// Calls \p Fn on each statement of Pointers, in order, decoded if need
  /// be (and not kept).
  void forEachPointer(
      llvm::function_ref<void(const PointerStatement &)> Fn) const;
  /// A copy of Pointers, decoded if need be (for the writers).
  std::vector<PointerStatement> pointers() const;
};

/// Sets \p S's BeforeLoops and AfterLoops from its control-flow graph:
/// \p InLoop, the blocks in a cycle, and \p Successors of each block (not
/// read, and may be empty, when no block is in a cycle). The same for IR
/// (SummaryBuilder) and machine code (cacheline-audit). Without loops,
/// every block runs once per call: all are before loops.
void markLoopPhases(const std::vector<std::vector<int>> &Successors,
                    const std::vector<bool> &InLoop, FunctionSummary &S);


struct AddressUseSummary {
  std::string Function;
  AddressUse Use = AddressUse::Taken;
  std::string Callee;                       ///< PassedToCall.
  int Arg = -1;                             ///< PassedToCall.
  AddressUse Fallback = AddressUse::Escaped; ///< PassedToCall.
  std::string Owner;                        ///< InInitializer, StoredTo.
  bool OwnerLocal = false;
  std::string Caller; ///< PassedToIndirectCall.
  int Site = -1;      ///< PassedToIndirectCall: an index into Caller's Calls.
  /// InInitializer, StoredTo, Taken by a store: the struct fields it is put
  /// in (FunctionFields.h); empty if it is put in no named field.
  std::vector<std::string> Fields;
};

struct ModuleSummary {
  std::string Module; ///< The module identifier.
  std::string Source; ///< The source file name.
  std::string Target;
  std::vector<GlobalSummary> Globals;
  std::vector<FunctionSummary> Functions;
  std::vector<AddressUseSummary> AddressUses;

};


} // namespace cacheline

#endif // CACHELINE_LAYOUT_SUMMARY_H
