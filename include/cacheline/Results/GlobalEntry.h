//===- GlobalEntry.h - What a report and a layout file say alike -*- C++ -*-===//
//
// The report (Report.h) and the layout file (LayoutFile.h) list every
// global on a line of its own, and close with the same facts about the
// program. What they share is stated here once, as typed structs, each
// written by one function (streamed: no json::Value is built) and read by
// one fromJSON: a global's class, reason, accesses and layout inside it
// (GlobalEntry), and the program's closing facts (ProgramFacts). Each file
// adds its own fields to these; docs/reference.md describes the keys.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_GLOBALENTRY_H
#define CACHELINE_LAYOUT_GLOBALENTRY_H

#include "cacheline/Policy/Policy.h"
#include "cacheline/Transforms/AllocationLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

class JSONLinesWriter;
class Solver;
struct SolvedAllocation;

/// One access of a global's "writes", as the rules saw it.
struct AccessEntry {
  Phase Context = Phase::Steady;
  AccessKind Kind = AccessKind::Load;
  LoopKind Loop = LoopKind::None;
  std::string Function;
  std::string Role;
  /// Of a hot function: the callers back to the loop that drives it.
  std::vector<std::string> DrivenBy;
  std::string OnceFlag;
  std::optional<uint64_t> ProfileCount;
  /// Block frequency relative to the function's entry, to 3 decimals.
  double Frequency = 1;
  /// Runs per iteration of the driving loop, to 4 decimals, when below 1
  /// in the steady phase.
  std::optional<double> Rate;

  AccessEntry() = default;
  explicit AccessEntry(const AccessRecord &A);
};

/// One top-level field of a struct whose fields were classified.
struct FieldEntry {
  std::string Name; ///< fieldName(): "hits", or "field 3 (+24)".
  uint64_t Offset = 0;
  uint64_t Size = 0;
  GlobalClass Class = GlobalClass::Neutral;
  std::string Reason;
};

/// A function copied so that its accesses name a split struct (Policy's
/// FunctionCopy).
struct CopyEntry {
  std::string Function;
  int64_t Arg = 0;
  int64_t Offset = 0;
  uint64_t Instructions = 0;
  /// The copy's name (a report of a layout that made it).
  std::string Name;
};

/// What the report and the layout file both say of one global.
struct GlobalEntry {
  std::string Name;
  /// The source file of an internal global, where the file names one.
  std::optional<std::string> Module;
  GlobalClass Class = GlobalClass::Neutral;
  std::string Reason;
  /// Why the rules could not see every access, if so.
  std::string Escape;
  /// Bytes, before any layout.
  uint64_t Size = 0;
  uint64_t Reads = 0;
  std::vector<AccessEntry> Writes;
  /// What is done inside the global, or why not (InnerLayout::Reason).
  std::string InnerReason;
  std::vector<FieldEntry> Fields;
  /// The functions copied for a split (InnerLayout::Copies).
  std::vector<CopyEntry> Copies;
  /// Each of Elements elements in SlotSize bytes; 0 when not padded.
  uint64_t SlotSize = 0;
  uint64_t Elements = 0;

  /// The facts and the rules' answer; the layout's fields stay empty.
  static GlobalEntry classified(llvm::StringRef Name, const GlobalRecord &G,
                                const Decision &D);
  /// The layout inside the global \p Inner states: its reason, and the
  /// fields of a struct as it classified them.
  void setInner(const GlobalProperties &P, const InnerLayout &Inner);

  /// Writes the attribute \p Key of the global's line if the global has a
  /// value for it; returns whether \p Key is one of GlobalEntry's keys
  /// (each file's entry writes its own keys and delegates the rest here).
  bool writeAttribute(llvm::json::OStream &J, llvm::StringRef Key) const;
};

/// One allocation site (Solver's SolvedAllocation): where it is, its
/// class, and the layout of its elements, in a report or a layout file.
struct AllocationEntry {
  std::string Function;
  /// The source file of its function's translation unit, where the
  /// summaries are the compiles' (a report of carried summaries, a layout
  /// file).
  std::string Module;
  int64_t Call = -1; ///< Its index among the function's calls.
  std::string Allocator;
  /// "file:line" of the call, where debug info says.
  std::string Source;
  /// The functions of the shortest chain of calls reaching it, from a
  /// root (SolvedAllocation::CallPath).
  std::vector<std::string> CallPath;
  /// The phase the call runs in: how often the site allocates.
  Phase Allocated = Phase::Steady;
  GlobalClass Class = GlobalClass::Neutral;
  std::string Reason;
  /// The rules' class and reason, where a write profile decided Class.
  std::optional<GlobalClass> StaticClass;
  std::string StaticReason;
  uint64_t ElementSize = 0;
  /// How many elements; 0: known only at run time.
  uint64_t Elements = 0;
  /// Pointer variables holding only its start.
  std::vector<std::string> Holders;
  /// What is done inside it, or why not.
  std::string InnerReason;
  /// Bytes per slot where its elements are (to be) padded; 0 otherwise.
  uint64_t SlotSize = 0;
  /// One struct's fields (to be) placed in groups on lines of their own:
  /// where each goes, and the struct's size then.
  std::vector<MovedFieldSpan> MovedFields;
  uint64_t NewSize = 0;
  std::string EscapeReason;

  /// The site \p S of \p Program, its class \p D and its layout \p Inner
  /// for lines of \p LineSize bytes.
  static AllocationEntry classified(const Solver &Program,
                                    const SolvedAllocation &S,
                                    const Decision &D,
                                    const InnerLayout &Inner,
                                    unsigned LineSize);
};

llvm::json::Value toJSON(const AllocationEntry &A);
bool fromJSON(const llvm::json::Value &V, AllocationEntry &A,
              llvm::json::Path P);

/// The class counts, threads and start-up of the program, which close a
/// report and a layout file.
struct ProgramFacts {
  /// "summary": the globals of each class.
  struct Counts {
    uint64_t WriteHot = 0, ReadMostly = 0, Neutral = 0, Skipped = 0;
    uint64_t Globals = 0;
    /// Bytes the layout added (a report of a layout that ran).
    std::optional<uint64_t> PaddingBytes;
  } Summary;
  bool Threads = false;
  std::vector<std::string> ThreadEntries;
  std::vector<std::string> StartUpFunctions;
  /// "indirect_calls": how many the points-to analysis resolved to the
  /// program's functions, and their targets by it and by signature.
  struct IndirectCalls {
    uint64_t Calls = 0, Resolved = 0;
    uint64_t Targets = 0, SignatureTargets = 0;
  } Indirect;

  ProgramFacts() = default;
  ProgramFacts(const Solver &Program, llvm::ArrayRef<GlobalClass> Classes);

  /// Writes the facts' keys ("summary", "threads", "thread_entries",
  /// "start_up_functions", "indirect_calls"), in this order, to \p File.
  void write(JSONLinesWriter &File) const;
  /// Maps them from \p O, if present (a hand-written file may lack them).
  bool mapFrom(llvm::json::ObjectMapper &O);
};

// Nested objects are written with their keys sorted, as json::Value
// prints an object.
void writeJSON(llvm::json::OStream &J, const AccessEntry &A);
bool fromJSON(const llvm::json::Value &V, AccessEntry &A, llvm::json::Path P);
void writeJSON(llvm::json::OStream &J, const FieldEntry &F);
void writeJSON(llvm::json::OStream &J, const CopyEntry &C);
bool fromJSON(const llvm::json::Value &V, CopyEntry &C, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, FieldEntry &F, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, GlobalEntry &G, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, GlobalClass &C, llvm::json::Path P);
void writeJSON(llvm::json::OStream &J, const ProgramFacts::Counts &C);
void writeJSON(llvm::json::OStream &J, const ProgramFacts::IndirectCalls &C);
bool fromJSON(const llvm::json::Value &V, ProgramFacts::IndirectCalls &C,
              llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, ProgramFacts::Counts &C,
              llvm::json::Path P);

/// Writes a file as the report and the layout file are: an object with a
/// key a line, in the order written (json::Object would sort them),
/// compact values, and each of its "globals" on a line of its own, so that
/// tests and people can grep a global's line. The constructor opens the
/// object, the destructor closes it.
class JSONLinesWriter {
public:
  explicit JSONLinesWriter(llvm::raw_ostream &OS);
  ~JSONLinesWriter();
  JSONLinesWriter(const JSONLinesWriter &) = delete;
  JSONLinesWriter &operator=(const JSONLinesWriter &) = delete;

  /// The line of \p Key, whose value \p Write streams.
  void attribute(llvm::StringRef Key,
                 llvm::function_ref<void(llvm::json::OStream &)> Write);
  void attribute(llvm::StringRef Key, const llvm::json::Value &V);
  /// The line of \p Key, an array of \p Strings.
  void strings(llvm::StringRef Key, llvm::ArrayRef<std::string> Strings);

  /// The line of \p Key, then each of \p Objects on a line of its own.
  void lines(llvm::StringRef Key, llvm::ArrayRef<llvm::json::Value> Objects);
  /// The line of \p Key ("globals"), then each of \p Entries on a line of
  /// its own with its keys in the order of \p Keys, which must list every
  /// key an entry has: Entry::writeAttribute writes each.
  template <typename Entry>
  void globals(llvm::ArrayRef<Entry> Entries,
               llvm::ArrayRef<llvm::StringLiteral> Keys,
               llvm::StringRef Key = "globals") {
    begin(Key);
    OS << "[";
    for (const Entry &E : Entries) {
      OS << (&E == Entries.begin() ? "\n    " : ",\n    ");
      llvm::json::OStream J(OS);
      J.object([&] {
        for (llvm::StringLiteral K : Keys) {
          [[maybe_unused]] bool Known = E.writeAttribute(J, K);
          assert(Known && "a key in the order that no entry has");
        }
      });
    }
    OS << "\n  ]";
  }

private:
  /// Ends the line before and begins the line of \p Key.
  void begin(llvm::StringRef Key);

  llvm::raw_ostream &OS;
  bool First = true;
};

} // namespace cacheline

#endif // CACHELINE_LAYOUT_GLOBALENTRY_H
