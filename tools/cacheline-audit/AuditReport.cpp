//===- AuditReport.cpp - Table, JSON and HTML output of the audit ---------===//

#include "AuditReport.h"
#include "AuditPolicy.h"
#include "BinaryImage.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <unordered_set>
#include <set>

using namespace llvm;
using namespace cacheline::audit;
using cacheline::LoopKind;

namespace {

/// Relocatable objects have no addresses yet: show section offsets.
std::string addressText(const BinaryImage &Image, uint64_t Addr) {
  if (Image.kind() == BinaryKind::Relocatable)
    return formatv("{0:x}", Addr & 0xffffffff).str();
  return formatv("{0:x}", Addr).str();
}

std::string lineText(const AuditOutput &Out, uint64_t Line,
                     ArrayRef<uint32_t> Members) {
  std::string S = addressText(Out.Image, Line);
  if (Out.Image.kind() == BinaryKind::Relocatable && !Members.empty())
    S = Out.Image.dataSymbols()[Members.front()].Section + "+" + S;
  return S;
}

/// Functions that write the symbol at run time: "srv_worker (loop)".
std::vector<std::string> writers(const AuditOutput &Out, uint32_t Sym,
                                 size_t Max) {
  std::vector<std::string> Names;
  std::set<std::string> Seen;
  for (const SymbolAccess &A : Out.Result.Writes[Sym]) {
    if (A.StartUp)
      continue;
    std::string Name = demangle(Out.Image.functions()[A.FunctionIndex].Name);
    if (A.Loop != LoopKind::None)
      Name += A.Loop == LoopKind::Waiting ? " (waiting loop)" : " (loop)";
    if (Seen.insert(Name).second && Names.size() < Max)
      Names.push_back(Name);
  }
  return Names;
}

/// "+0x8 by srv_worker" for each (offset, function) of an inner hazard.
std::vector<std::string>
offsetsByFunction(const AuditOutput &Out,
                  ArrayRef<std::pair<uint64_t, uint32_t>> Accesses) {
  std::vector<std::string> Text;
  for (auto [Offset, F] : Accesses)
    Text.push_back(formatv("+{0:x} by {1}", Offset,
                           demangle(Out.Image.functions()[F].Name))
                       .str());
  return Text;
}

std::array<unsigned, 4> classCounts(const Audit &R) {
  std::array<unsigned, 4> Counts = {0, 0, 0, 0};
  for (const SymbolVerdict &V : R.Verdicts)
    ++Counts[unsigned(V.Class)];
  return Counts;
}

/// Symbol names come from the file: JSON needs them as valid UTF-8.
std::string text(StringRef S) {
  return json::isUTF8(S) ? S.str() : json::fixUTF8(S);
}

const char *archName(const BinaryImage &Image) {
  return Image.triple().getArch() == Triple::x86_64 ? "x86-64" : "AArch64";
}

} // namespace

void cacheline::audit::printTable(raw_ostream &OS, const AuditOutput &Out,
                                  unsigned MaxHazards) {
  const BinaryImage &Image = Out.Image;
  const auto &Syms = Image.dataSymbols();
  auto Counts = classCounts(Out.Result);
  OS << "cacheline-audit: " << Out.InputName << ": " << archName(Image) << ' '
     << binaryKindName(Image.kind()) << ", symbols from "
     << Image.symbolTable() << ", " << Out.LineSize << "-byte lines\n";
  OS << Syms.size() << " data symbols: " << Counts[0] << " write-hot, "
     << Counts[1] << " read-mostly, " << Counts[2] << " neutral, " << Counts[3]
     << " unknown; " << Out.Hazards.size() << " hazard line"
     << (Out.Hazards.size() == 1 ? "" : "s") << '\n';
  if (!Out.Result.HasThreads)
    OS << "no thread creation found: no line can be shared\n";

  unsigned Shown = 0;
  for (const Hazard &H : Out.Hazards) {
    if (Shown++ == MaxHazards) {
      OS << "\n... " << Out.Hazards.size() - MaxHazards
         << " more (--max-hazards=N, or --json)\n";
      break;
    }
    std::vector<uint32_t> Members(H.WriteHot);
    llvm::append_range(Members, H.Others);
    llvm::sort(Members, [&](uint32_t A, uint32_t B) {
      return Syms[A].Address < Syms[B].Address;
    });
    OS << formatv("\nhazard {0}: line {1} (score {2}: {3} write-hot, {4} "
                  "other, {5} reader function{6})\n",
                  Shown, lineText(Out, H.LineAddress, Members), H.Score,
                  H.WriteHot.size(), H.Others.size(), H.Readers,
                  H.Readers == 1 ? "" : "s");
    OS << formatv("  {0,-8} {1,6}  {2,-12} {3,-32} {4}\n", "offset", "size",
                  "class", "symbol", "written at run time by");
    for (uint32_t S : Members) {
      int64_t Offset = int64_t(Syms[S].Address) - int64_t(H.LineAddress);
      std::string OffsetText =
          Offset < 0 ? formatv("-{0:x}", -Offset).str()
                     : formatv("+{0:x}", Offset).str();
      OS << formatv("  {0,-8} {1,6}  {2,-12} {3,-32} {4}\n", OffsetText,
                    Syms[S].Size, symbolClassName(Out.Result.Verdicts[S].Class),
                    demangle(Syms[S].Name), join(writers(Out, S, 3), ", "));
    }
  }
  if (Out.Hazards.empty())
    OS << "no line holds a write-hot symbol together with other data\n";

  for (const InnerHazard &H : Out.InnerHazards) {
    const DataSymbol &Sym = Syms[H.Symbol];
    // Offsets are the symbol's own.
    OS << formatv("\ninner hazard: {0}, line {1}: ", demangle(Sym.Name),
                  lineText(Out, H.LineAddress, {H.Symbol}));
    OS << "written at " << join(offsetsByFunction(Out, H.Written), ", ");
    if (!H.Read.empty())
      OS << "; read at " << join(offsetsByFunction(Out, H.Read), ", ");
    OS << '\n';
  }
}

void cacheline::audit::printJSON(raw_ostream &OS, const AuditOutput &Out) {
  const BinaryImage &Image = Out.Image;
  const auto &Syms = Image.dataSymbols();
  auto Counts = classCounts(Out.Result);
  // Lists of accesses are capped; the counts are not.
  constexpr size_t MaxListed = 16;

  json::OStream J(OS, 1);
  J.object([&] {
    J.attribute("file", text(Out.InputName));
    J.attribute("arch", archName(Image));
    J.attribute("kind", binaryKindName(Image.kind()));
    J.attribute("symbol_table", Image.symbolTable());
    J.attribute("line_size", int64_t(Out.LineSize));
    J.attribute("threads", Out.Result.HasThreads);
    J.attributeObject("summary", [&] {
      J.attribute("symbols", int64_t(Syms.size()));
      for (unsigned C = 0; C != 4; ++C)
        J.attribute(symbolClassName(SymbolClass(C)), int64_t(Counts[C]));
      J.attribute("hazards", int64_t(Out.Hazards.size()));
      J.attribute("inner_hazards", int64_t(Out.InnerHazards.size()));
    });
    J.attributeArray("symbols", [&] {
      for (size_t S = 0; S != Syms.size(); ++S) {
        const SymbolVerdict &V = Out.Result.Verdicts[S];
        J.object([&] {
          J.attribute("name", text(Syms[S].Name));
          J.attribute("address", addressText(Image, Syms[S].Address));
          J.attribute("size", int64_t(Syms[S].Size));
          J.attribute("section", text(Syms[S].Section));
          J.attribute("class", symbolClassName(V.Class));
          J.attribute("reason", text(V.Reason));
          if (V.Observed)
            J.attribute("observed", true);
          size_t NumWrites = 0, NumReads = 0;
          J.attributeArray("writes", [&] {
            for (const SymbolAccess &A : Out.Result.Writes[S]) {
              if (NumWrites++ >= MaxListed)
                continue;
              J.object([&] {
                J.attribute("function",
                            text(Image.functions()[A.FunctionIndex].Name));
                J.attribute("kind", accessKindName(A.Kind));
                J.attribute("loop", A.Loop != LoopKind::None);
                if (A.Loop == LoopKind::Waiting)
                  J.attribute("loop_waits", true);
                J.attribute("start_up", A.StartUp);
                J.attribute("context", phaseName(A.When));
                J.attribute("function_role", A.Role);
                if (!A.DrivenBy.empty())
                  J.attributeArray("driven_by", [&] {
                    for (const std::string &F : A.DrivenBy)
                      J.value(text(F));
                  });
                J.attribute("at", addressText(Image, A.Address));
              });
            }
          });
          J.attributeArray("reads", [&] {
            for (const SymbolAccess &A : Out.Result.Reads[S]) {
              if (NumReads++ >= MaxListed)
                continue;
              J.object([&] {
                J.attribute("function",
                            text(Image.functions()[A.FunctionIndex].Name));
                J.attribute("loop", A.Loop != LoopKind::None);
                J.attribute("at", addressText(Image, A.Address));
              });
            }
          });
          J.attribute("write_count", int64_t(NumWrites));
          J.attribute("read_count", int64_t(NumReads));
        });
      }
    });
    J.attributeArray("hazards", [&] {
      for (const Hazard &H : Out.Hazards)
        J.object([&] {
          std::vector<uint32_t> Members(H.WriteHot);
          llvm::append_range(Members, H.Others);
          J.attribute("address", text(lineText(Out, H.LineAddress, Members)));
          J.attribute("score", int64_t(H.Score));
          J.attribute("readers", int64_t(H.Readers));
          J.attributeArray("write_hot", [&] {
            for (uint32_t S : H.WriteHot)
              J.value(text(Syms[S].Name));
          });
          J.attributeArray("others", [&] {
            for (uint32_t S : H.Others)
              J.value(text(Syms[S].Name));
          });
        });
    });
    auto Accesses = [&](ArrayRef<std::pair<uint64_t, uint32_t>> List) {
      for (const std::pair<uint64_t, uint32_t> &A : List)
        J.object([&] {
          J.attribute("offset", int64_t(A.first));
          J.attribute("function", text(Image.functions()[A.second].Name));
        });
    };
    J.attributeArray("inner_hazards", [&] {
      for (const InnerHazard &H : Out.InnerHazards)
        J.object([&] {
          J.attribute("symbol", text(Syms[H.Symbol].Name));
          J.attribute("address",
                      text(lineText(Out, H.LineAddress, {H.Symbol})));
          J.attributeArray("written", [&] { Accesses(H.Written); });
          J.attributeArray("read", [&] { Accesses(H.Read); });
        });
    });
  });
  OS << '\n';
}

namespace {

const char *classColour(SymbolClass C) {
  switch (C) {
  case SymbolClass::WriteHot:
    return "#d62728";
  case SymbolClass::ReadMostly:
    return "#1f77b4";
  case SymbolClass::Neutral:
    return "#b0b0b0";
  case SymbolClass::Unknown:
    return "#f2d16b";
  }
  return "#000";
}

std::string escapeXML(StringRef S) {
  std::string R;
  for (char C : S) {
    switch (C) {
    case '&': R += "&amp;"; break;
    case '<': R += "&lt;"; break;
    case '>': R += "&gt;"; break;
    case '"': R += "&quot;"; break;
    default: R += C;
    }
  }
  return R;
}

/// The lines to draw: all lines holding data when there are few; otherwise
/// the hazard lines and one line either side.
std::vector<uint64_t> linesToDraw(const AuditOutput &Out) {
  constexpr size_t MaxLines = 400;
  std::set<uint64_t> All;
  for (const DataSymbol &D : Out.Image.dataSymbols())
    for (uint64_t L = D.Address / Out.LineSize,
                  E = (D.Address + D.Size - 1) / Out.LineSize;
         L <= E && All.size() <= MaxLines; ++L)
      All.insert(L);
  if (All.size() <= MaxLines)
    return {All.begin(), All.end()};
  std::set<uint64_t> Chosen;
  for (const Hazard &H : Out.Hazards) {
    if (Chosen.size() >= MaxLines)
      break;
    uint64_t L = H.LineAddress / Out.LineSize;
    for (uint64_t N : {L - 1, L, L + 1})
      if (All.count(N) || N == L)
        Chosen.insert(N);
  }
  return {Chosen.begin(), Chosen.end()};
}

} // namespace

void cacheline::audit::printSVG(raw_ostream &OS, const AuditOutput &Out) {
  const auto &Syms = Out.Image.dataSymbols();
  std::vector<uint64_t> Lines = linesToDraw(Out);
  std::unordered_set<uint64_t> HazardLines;
  for (const Hazard &H : Out.Hazards)
    HazardLines.insert(H.LineAddress / Out.LineSize);
  const unsigned LabelWidth = 150, LineWidth = 640, RowHeight = 26,
                 Top = 34, Legend = 30;
  // Gaps between drawn lines get a thin row of their own.
  unsigned Rows = Lines.size();
  for (size_t I = 1; I < Lines.size(); ++I)
    Rows += Lines[I] != Lines[I - 1] + 1;
  unsigned Width = LabelWidth + LineWidth + 40;
  unsigned Height = Top + Rows * RowHeight + Legend + 10;
  double BytePx = double(LineWidth) / Out.LineSize;

  OS << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                "height=\"{1}\" font-family=\"monospace\" font-size=\"11\">\n",
                Width, Height);
  OS << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  OS << formatv("<text x=\"8\" y=\"18\" font-size=\"13\">{0}: data as "
                "{1}-byte cache lines, {2} hazard line{3}</text>\n",
                escapeXML(Out.InputName), Out.LineSize, Out.Hazards.size(),
                Out.Hazards.size() == 1 ? "" : "s");
  unsigned Y = Top;
  auto SymIt = Syms.begin();
  for (size_t I = 0; I != Lines.size(); ++I) {
    if (I && Lines[I] != Lines[I - 1] + 1) {
      OS << formatv("<text x=\"{0}\" y=\"{1}\" fill=\"#888\">...</text>\n",
                    LabelWidth + LineWidth / 2, Y + 16);
      Y += RowHeight;
    }
    uint64_t Begin = Lines[I] * Out.LineSize, End = Begin + Out.LineSize;
    bool IsHazard = HazardLines.count(Lines[I]);
    OS << formatv("<text x=\"8\" y=\"{0}\"{2}>{1}</text>\n", Y + 16,
                  addressText(Out.Image, Begin),
                  IsHazard ? " fill=\"#d62728\" font-weight=\"bold\"" : "");
    OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                  "fill=\"#f7f7f7\" stroke=\"{4}\" stroke-width=\"{5}\"/>\n",
                  LabelWidth, Y + 2, LineWidth, RowHeight - 4,
                  IsHazard ? "#d62728" : "#ccc", IsHazard ? 3 : 1);
    while (SymIt != Syms.end() && SymIt->Address + SymIt->Size <= Begin)
      ++SymIt;
    for (auto S = SymIt; S != Syms.end() && S->Address < End; ++S) {
      uint64_t From = std::max(S->Address, Begin),
               To = std::min(S->Address + S->Size, End);
      if (To <= From)
        continue;
      const SymbolVerdict &V = Out.Result.Verdicts[S - Syms.begin()];
      double X = LabelWidth + (From - Begin) * BytePx, W = (To - From) * BytePx;
      OS << formatv("<rect x=\"{0:F1}\" y=\"{1}\" width=\"{2:F1}\" "
                    "height=\"{3}\" fill=\"{4}\" stroke=\"white\">"
                    "<title>{5} ({6} bytes): {7}: {8}</title></rect>\n",
                    X, Y + 4, W, RowHeight - 8, classColour(V.Class),
                    escapeXML(demangle(S->Name)), S->Size,
                    symbolClassName(V.Class), escapeXML(V.Reason));
      std::string Label = demangle(S->Name);
      size_t Fits = size_t(W / 7);
      if (Fits >= 3) {
        if (Label.size() > Fits)
          Label = Label.substr(0, Fits - 1) + "~";
        OS << formatv("<text x=\"{0:F1}\" y=\"{1}\" fill=\"{3}\">{2}</text>\n",
                      X + 3, Y + 17, escapeXML(Label),
                      V.Class == SymbolClass::Unknown ||
                              V.Class == SymbolClass::Neutral
                          ? "black"
                          : "white");
      }
    }
    if (IsHazard)
      OS << formatv("<text x=\"{0}\" y=\"{1}\" fill=\"#d62728\" "
                    "font-weight=\"bold\">!</text>\n",
                    LabelWidth + LineWidth + 10, Y + 17);
    Y += RowHeight;
  }
  unsigned X = 8;
  for (unsigned C = 0; C != 4; ++C) {
    OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"14\" height=\"14\" "
                  "fill=\"{2}\"/><text x=\"{3}\" y=\"{4}\">{5}</text>\n",
                  X, Y + 8, classColour(SymbolClass(C)), X + 18, Y + 19,
                  symbolClassName(SymbolClass(C)));
    X += 130;
  }
  OS << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"14\" height=\"14\" "
                "fill=\"none\" stroke=\"#d62728\" stroke-width=\"3\"/>"
                "<text x=\"{2}\" y=\"{3}\">hazard line</text>\n",
                X, Y + 8, X + 18, Y + 19);
  OS << "</svg>\n";
}

void cacheline::audit::printHTML(raw_ostream &OS, const AuditOutput &Out) {
  OS << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
     << "<title>cacheline-audit: " << escapeXML(Out.InputName) << "</title>"
     << "<style>body{font-family:sans-serif;margin:2em}"
     << "table{border-collapse:collapse}td,th{border:1px solid #ccc;"
     << "padding:2px 6px;font-family:monospace;text-align:left}</style>"
     << "</head><body>\n<h1>cacheline-audit: " << escapeXML(Out.InputName)
     << "</h1>\n<p>Hover over a symbol for its class and the reason.</p>\n";
  printSVG(OS, Out);
  OS << "<h2>Hazards</h2>\n<pre>";
  std::string Table;
  raw_string_ostream TOS(Table);
  printTable(TOS, Out, UINT32_MAX);
  OS << escapeXML(Table) << "</pre>\n</body></html>\n";
}
