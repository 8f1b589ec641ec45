//===- cacheline-audit.cpp - Find false-sharing hazards in an ELF file ----===//
//
// cacheline-audit [options] FILE
//
// Reads an x86-64 or AArch64 ELF executable, shared library or relocatable
// object, finds every store, atomic and lock call on its data symbols in
// the machine code, classifies the symbols as the CachelineLayout pass does
// and lists the cache lines where a write-hot symbol shares a line with
// other data. Exit status: 0 done, 1 hazards found with --fail-on-hazards,
// 2 bad input or options.
//
//===----------------------------------------------------------------------===//

#include "AuditPolicy.h"
#include "AuditReport.h"
#include "BinaryImage.h"
#include "cacheline/Support/LineSize.h"
#include "CodeScanner.h"
#include "Hazards.h"
#include "PerfC2C.h"

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace cacheline;
using namespace cacheline::audit;

static cl::OptionCategory AuditCategory("cacheline-audit options");

static cl::opt<std::string> InputFile(cl::Positional, cl::desc("<ELF file>"),
                                      cl::Required, cl::cat(AuditCategory));
static cl::opt<std::string>
    LineSizeText("line-size",
                 cl::desc("Cache line size in bytes (default: per target, as "
                          "the pass: 128 on x86-64 and AArch64)"),
                 cl::value_desc("N"), cl::cat(AuditCategory));
static cl::opt<std::string> JSONFile("json",
                                     cl::desc("Write the JSON report to FILE "
                                              "('-' for standard output)"),
                                     cl::value_desc("FILE"),
                                     cl::cat(AuditCategory));
static cl::opt<std::string> HTMLFile("html",
                                     cl::desc("Write an HTML page with the "
                                              "cache-line picture to FILE"),
                                     cl::value_desc("FILE"),
                                     cl::cat(AuditCategory));
static cl::opt<std::string> SVGFile("svg",
                                    cl::desc("Write the cache-line picture "
                                             "as SVG to FILE"),
                                    cl::value_desc("FILE"),
                                    cl::cat(AuditCategory));
static cl::opt<std::string>
    PerfC2CFile("perf-c2c",
                cl::desc("Mark lines that `perf c2c report --stdio` output "
                         "in FILE shows with HITM as observed-hot"),
                cl::value_desc("FILE"), cl::cat(AuditCategory));
static cl::opt<std::string>
    LoadBaseText("load-base",
                 cl::desc("Run-time load address of a position-independent "
                          "binary, for --perf-c2c (default: inferred)"),
                 cl::value_desc("ADDRESS"), cl::cat(AuditCategory));
static cl::opt<unsigned> Threads("jobs",
                                 cl::desc("Threads that decode and summarize "
                                          "(default: all cores)"),
                                 cl::init(0), cl::cat(AuditCategory));
static cl::opt<unsigned> MaxHazards("max-hazards",
                                    cl::desc("Hazards shown in the table"),
                                    cl::init(20), cl::cat(AuditCategory));
static cl::opt<bool>
    ListSymbols("symbols",
                cl::desc("Also list every data symbol with its class and "
                         "reason"),
                cl::cat(AuditCategory));
static cl::opt<bool>
    ListFunctions("functions",
                  cl::desc("Also list every function with its role (thread "
                           "entry, start-up, ...), as the classes saw it"),
                  cl::cat(AuditCategory));
static cl::opt<bool>
    FailOnHazards("fail-on-hazards",
                  cl::desc("Exit with status 1 when there are hazards"),
                  cl::cat(AuditCategory));

[[noreturn]] static void fail(const Twine &Msg) {
  WithColor::error(errs(), "cacheline-audit") << Msg << '\n';
  exit(2);
}

static void writeFile(StringRef Path, function_ref<void(raw_ostream &)> Write) {
  if (Path == "-") {
    Write(outs());
    return;
  }
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC)
    fail("cannot write '" + Path + "': " + EC.message());
  Write(Out.os());
  Out.keep();
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  InitializeAllTargetInfos();
  InitializeAllTargetMCs();
  InitializeAllDisassemblers();
  cl::HideUnrelatedOptions(AuditCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "cacheline-audit: find cache lines where data written by threads sits "
      "beside other data\n");
  // --jobs bounds the scan's threads and llvm::parallelFor's.
  parallel::strategy = hardware_concurrency(Threads);

  Expected<std::unique_ptr<BinaryImage>> ImageOr = BinaryImage::load(InputFile);
  if (!ImageOr)
    fail(toString(ImageOr.takeError()));
  const BinaryImage &Image = **ImageOr;

  uint64_t LineSize = defaultLineSize(Image.triple());
  if (LineSizeText.getNumOccurrences()) {
    Expected<unsigned> L = parseLineSize(LineSizeText, "--line-size");
    if (!L)
      fail(toString(L.takeError()));
    LineSize = *L;
  }
  std::optional<uint64_t> LoadBase;
  if (LoadBaseText.getNumOccurrences()) {
    uint64_t V;
    StringRef T = LoadBaseText;
    if (!T.consume_front("0x") || T.getAsInteger(16, V))
      fail("--load-base: '" + LoadBaseText +
           "' is not a hexadecimal address such as 0x555555554000");
    LoadBase = V;
  }

  Expected<MachineFacts> FactsOr = scanCode(Image, Threads);
  if (!FactsOr)
    fail(toString(FactsOr.takeError()));
  std::string Roles;
  raw_string_ostream RolesOS(Roles);
  Audit Result = classifySymbols(Image, std::move(*FactsOr),
                                 ListFunctions ? &RolesOS : nullptr,
                                 /*DisableFree=*/true);

  if (!PerfC2CFile.empty()) {
    auto BufferOr = MemoryBuffer::getFile(PerfC2CFile, /*IsText=*/true);
    if (!BufferOr)
      fail("cannot read '" + PerfC2CFile + "': " + BufferOr.getError().message());
    Expected<std::vector<ObservedLine>> Lines =
        parsePerfC2C((*BufferOr)->getBuffer());
    if (!Lines)
      fail("'" + PerfC2CFile + "': " + toString(Lines.takeError()));
    Expected<unsigned> Matched = applyObservations(Image, Result, *Lines, LoadBase);
    if (!Matched)
      fail(toString(Matched.takeError()));
    if (*Matched == 0)
      WithColor::warning(errs(), "cacheline-audit")
          << "no line of the perf c2c report lies in " << InputFile
          << "'s data\n";
  }

  std::vector<Hazard> Hazards = findHazards(Image, Result, LineSize);
  std::vector<InnerHazard> InnerHazards =
      findInnerHazards(Image, Result, LineSize);
  AuditOutput Out{Image, Result, Hazards, InnerHazards, LineSize, InputFile};
  if (JSONFile != "-")
    printTable(outs(), Out, MaxHazards);
  if (ListSymbols && JSONFile != "-") {
    outs() << "\nsymbols:\n";
    const auto &Syms = Image.dataSymbols();
    for (size_t S = 0; S != Syms.size(); ++S)
      outs() << "  " << symbolClassName(Result.Verdicts[S].Class) << "  "
             << Syms[S].Name << ": " << Result.Verdicts[S].Reason << '\n';
  }
  if (ListFunctions && JSONFile != "-")
    outs() << "\nfunctions:\n" << Roles;
  if (!JSONFile.empty())
    writeFile(JSONFile, [&](raw_ostream &OS) { printJSON(OS, Out); });
  if (!HTMLFile.empty())
    writeFile(HTMLFile, [&](raw_ostream &OS) { printHTML(OS, Out); });
  if (!SVGFile.empty())
    writeFile(SVGFile, [&](raw_ostream &OS) { printSVG(OS, Out); });
  // As classifySymbols' tables, the image's are left for the exit to
  // reclaim.
  BuryPointer(std::move(*ImageOr));
  return FailOnHazards && !Hazards.empty() ? 1 : 0;
}
