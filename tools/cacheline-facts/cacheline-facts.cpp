//===- cacheline-facts.cpp - Merge per-TU write facts into a layout file --===//
//
//   cacheline-facts merge DIR -o FILE [--hot-write-count N]
//
// DIR holds the *.facts.json files compiles wrote with
// CACHELINE_LAYOUT_FACTS_DIR=DIR; FILE, the layout file, is what
// CACHELINE_LAYOUT_FILE=FILE applies. Exit status: 0 written, 1 bad input
// (one line on stderr naming the file and the problem), 2 bad usage.
//
//===----------------------------------------------------------------------===//

#include "Merge.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace cacheline;

static int usage(const Twine &Why) {
  errs() << "cacheline-facts: error: " << Why << "\n"
         << "usage: cacheline-facts merge DIR -o FILE [--hot-write-count N]\n";
  return 2;
}

int main(int argc, char **argv) {
  std::vector<StringRef> Args(argv + 1, argv + argc);
  if (Args.empty())
    return usage("no command");
  if (Args[0] == "-h" || Args[0] == "--help") {
    outs() << "usage: cacheline-facts merge DIR -o FILE [--hot-write-count N]\n"
              "  Merges the per-TU facts compiles wrote into DIR "
              "(CACHELINE_LAYOUT_FACTS_DIR=DIR)\n"
              "  into the layout file FILE (CACHELINE_LAYOUT_FILE=FILE).\n";
    return 0;
  }
  if (Args[0] != "merge")
    return usage("unknown command '" + Args[0] + "'");
  std::string Dir, Out;
  PolicyOptions Opts;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-o" || A == "--hot-write-count") {
      if (I + 1 == Args.size())
        return usage(A + " needs a value");
      StringRef V = Args[++I];
      if (A == "-o")
        Out = V.str();
      else if (V.getAsInteger(10, Opts.HotWriteCount))
        return usage("--hot-write-count: invalid count '" + V + "'");
    } else if (A.starts_with("-")) {
      return usage("unknown option '" + A + "'");
    } else if (Dir.empty()) {
      Dir = A.str();
    } else {
      return usage("more than one facts directory");
    }
  }
  if (Dir.empty())
    return usage("no facts directory");
  if (Out.empty())
    return usage("no output file (-o FILE)");

  std::error_code EC;
  ToolOutputFile OutFile(Out, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "cacheline-facts: error: " << Out << ": " << EC.message()
           << "\n";
    return 1;
  }
  Expected<MergeStats> Stats = mergeFacts(Dir, OutFile.os(), Opts);
  if (!Stats) {
    errs() << "cacheline-facts: error: " << toString(Stats.takeError())
           << "\n";
    return 1;
  }
  OutFile.keep();
  errs() << "cacheline-facts: " << Out << ": " << Stats->Globals
         << " globals from " << Stats->Files << " translation units: "
         << Stats->WriteHot << " write-hot, " << Stats->ReadMostly
         << " read-mostly, " << Stats->Neutral << " neutral, "
         << Stats->Skipped << " skipped\n";
  return 0;
}
