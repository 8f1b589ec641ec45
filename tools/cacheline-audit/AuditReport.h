//===- AuditReport.h - Table, JSON and HTML output of the audit -*- C++ -*-===//

#ifndef CACHELINE_AUDIT_AUDITREPORT_H
#define CACHELINE_AUDIT_AUDITREPORT_H

#include "Hazards.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace cacheline {
namespace audit {

class BinaryImage;
struct Audit;

struct AuditOutput {
  const BinaryImage &Image;
  const Audit &Result;
  const std::vector<Hazard> &Hazards;
  const std::vector<InnerHazard> &InnerHazards;
  uint64_t LineSize;
  std::string InputName;
};

/// The readable table: a summary, then each hazard line with its symbols.
void printTable(llvm::raw_ostream &OS, const AuditOutput &Out, unsigned MaxHazards);
/// {"line_size", "symbols": [...], "hazards": [...]}.
void printJSON(llvm::raw_ostream &OS, const AuditOutput &Out);
/// A page with an SVG grid of the data's cache lines, coloured by class.
void printHTML(llvm::raw_ostream &OS, const AuditOutput &Out);
/// The SVG grid alone.
void printSVG(llvm::raw_ostream &OS, const AuditOutput &Out);

} // namespace audit
} // namespace cacheline

#endif // CACHELINE_AUDIT_AUDITREPORT_H
