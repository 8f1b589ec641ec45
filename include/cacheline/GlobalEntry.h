//===- GlobalEntry.h - What a report and a layout file say alike -*- C++ -*-===//
//
// The report (Report.h) and the layout file (LayoutFile.h) list every
// global on a line of its own, and close with the same facts about the
// program. What they share is stated here once, as typed structs with one
// toJSON and one fromJSON each: a global's class, reason, accesses and
// layout inside it (GlobalEntry), and the program's closing facts
// (ProgramFacts). Each file adds its own fields to these; docs/reference.md
// describes the keys.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_GLOBALENTRY_H
#define CACHELINE_LAYOUT_GLOBALENTRY_H

#include "cacheline/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cacheline {

class Solver;

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
  /// Each of Elements elements in SlotSize bytes; 0 when not padded.
  uint64_t SlotSize = 0;
  uint64_t Elements = 0;

  /// The facts and the rules' answer; the layout's fields stay empty.
  static GlobalEntry classified(llvm::StringRef Name, const GlobalRecord &G,
                                const Decision &D);
  /// The layout inside the global \p Inner states: its reason, and the
  /// fields of a struct as it classified them.
  void setInner(const GlobalProperties &P, const InnerLayout &Inner);
};

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

  ProgramFacts() = default;
  ProgramFacts(const Solver &Program, llvm::ArrayRef<GlobalClass> Classes);

  /// Adds the facts' keys ("summary", "threads", "thread_entries",
  /// "start_up_functions") to \p File.
  void addTo(llvm::json::Object &File) const;
  /// Maps them from \p O, if present (a hand-written file may lack them).
  bool mapFrom(llvm::json::ObjectMapper &O);
};

llvm::json::Value toJSON(const AccessEntry &A);
bool fromJSON(const llvm::json::Value &V, AccessEntry &A, llvm::json::Path P);
llvm::json::Value toJSON(const FieldEntry &F);
bool fromJSON(const llvm::json::Value &V, FieldEntry &F, llvm::json::Path P);
/// An object of the shared keys; each file's toJSON adds its own.
llvm::json::Object toJSON(const GlobalEntry &G);
bool fromJSON(const llvm::json::Value &V, GlobalEntry &G, llvm::json::Path P);
bool fromJSON(const llvm::json::Value &V, GlobalClass &C, llvm::json::Path P);
llvm::json::Value toJSON(const ProgramFacts::Counts &C);
bool fromJSON(const llvm::json::Value &V, ProgramFacts::Counts &C,
              llvm::json::Path P);

/// \p File as the report and the layout file are written: a key a line in
/// the order of \p Keys (json::Object would sort them), compact values,
/// and each of its "globals" on a line of its own, with the keys in the
/// order of \p EntryKeys (sorted if empty), so that tests and people can
/// grep a global's line. Every key must be listed.
void writeJSONLines(llvm::raw_ostream &OS, const llvm::json::Object &File,
                    llvm::ArrayRef<llvm::StringLiteral> Keys,
                    llvm::ArrayRef<llvm::StringLiteral> EntryKeys = {});

} // namespace cacheline

#endif // CACHELINE_LAYOUT_GLOBALENTRY_H
