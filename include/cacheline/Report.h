//===- Report.h - JSON report and optimization remarks ----------*- C++ -*-===//
//
// Explains every decision: a JSON report (one line per global, so that
// tests and people can grep it) and one optimization remark per global.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_REPORT_H
#define CACHELINE_LAYOUT_REPORT_H

#include "cacheline/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace llvm {
class Function;
class Module;
class OptimizationRemarkEmitter;
class raw_ostream;
} // namespace llvm

namespace cacheline {

/// The report's "format" and "version": written first, checked by what
/// reads a report (cacheline-facts profile-compare).
constexpr llvm::StringLiteral ReportFormat = "cacheline-layout-report";
constexpr unsigned ReportVersion = 1;

class CachelineClassification;
struct LayoutOutcome;
class Solver;

/// The "writes" of a report or layout-file entry: one object per access.
void writeAccesses(llvm::json::OStream &J,
                   llvm::ArrayRef<AccessRecord> Accesses);
llvm::json::Array accessesToJSON(llvm::ArrayRef<AccessRecord> Accesses);

/// The "fields" of a struct whose fields were classified: each one's name,
/// place, class and reason.
llvm::json::Array fieldsToJSON(const GlobalProperties &P,
                               llvm::ArrayRef<Decision> Classes);

/// \p V on one line.
std::string compactJSON(llvm::json::Value V);

/// The closing lines of a report or layout file: "summary" (the count of
/// each class, and \p Extra), "threads", "thread_entries",
/// "start_up_functions".
void writeProgramFacts(llvm::raw_ostream &OS, const Solver &Program,
                       llvm::ArrayRef<GlobalClass> Classes,
                       llvm::json::Object Extra);

/// The report: \p Result's classes and what the layout made of them
/// (\p Outcome).
void writeJSONReport(llvm::raw_ostream &OS, const llvm::Module &M,
                     const CachelineClassification &Result,
                     const LayoutOutcome &Outcome);

using OREGetter =
    llvm::function_ref<llvm::OptimizationRemarkEmitter &(llvm::Function &)>;

/// One analysis remark per global (-pass-remarks-analysis=cacheline-layout)
/// and one remark per change (-pass-remarks=cacheline-layout), located at
/// the access the decision rests on.
void emitRemarks(llvm::Module &M, const CachelineClassification &Result,
                 const LayoutOutcome &Outcome, OREGetter GetORE);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_REPORT_H
