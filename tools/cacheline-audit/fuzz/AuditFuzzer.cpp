//===- AuditFuzzer.cpp - libFuzzer target for cacheline-audit's reader ----===//
//
// Feeds arbitrary bytes through everything the audit does with a file: the
// ELF reader, the disassembly scan, the policy, hazards and the JSON and
// SVG writers. Any crash, hang or sanitizer report is a bug: bad input must
// end in an error message. Built by utils/fuzz-audit.sh.
//
//===----------------------------------------------------------------------===//

#include "AuditPolicy.h"
#include "AuditReport.h"
#include "BinaryImage.h"
#include "CodeScanner.h"
#include "Hazards.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/TargetSelect.h"

using namespace llvm;
using namespace cacheline::audit;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  InitializeAllTargetInfos();
  InitializeAllTargetMCs();
  InitializeAllDisassemblers();
  // One thread, as the scan below.
  parallel::strategy = hardware_concurrency(1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  auto Buffer = MemoryBuffer::getMemBufferCopy(
      StringRef(reinterpret_cast<const char *>(Data), Size), "fuzz-input");
  Expected<std::unique_ptr<BinaryImage>> Image = BinaryImage::load(std::move(Buffer));
  if (!Image) {
    consumeError(Image.takeError());
    return 0;
  }
  Expected<MachineFacts> Facts = scanCode(**Image, 1);
  if (!Facts) {
    consumeError(Facts.takeError());
    return 0;
  }
  Audit Result = classifySymbols(**Image, std::move(*Facts));
  std::vector<Hazard> Hazards = findHazards(**Image, Result, 64);
  std::vector<InnerHazard> InnerHazards = findInnerHazards(**Image, Result, 64);
  AuditOutput Out{**Image, Result, Hazards, InnerHazards, 64, "fuzz-input"};
  printJSON(nulls(), Out);
  printSVG(nulls(), Out);
  return 0;
}
