//===- cacheline-facts.cpp - Facts files, layout files and write profiles ---===//
//
//   cacheline-facts merge DIR|OBJECT... -o FILE [--hot-write-count N]
//                         [--rare-write-rate R] [--line-size N]
//                         [--max-element-padding N]
//                         [--max-copied-instructions N] [--profile PROFILE]
//   cacheline-facts solve DIR|OBJECT... [--stages] [--hot-write-count N]
//                         [--rare-write-rate R]
//   cacheline-facts profile-merge PROFILE... -o FILE
//   cacheline-facts profile-compare REPORT PROFILE [--json]
//                                   [--hot-write-count N]
//
// merge: DIR holds the *.facts.json files compiles wrote with
// CACHELINE_LAYOUT_FACTS_DIR=DIR; an OBJECT is bitcode that carries the
// summaries of its compile (-flto -fpass-plugin); FILE, the layout file, is
// what CACHELINE_LAYOUT_FILE=FILE applies.
// solve: the same inputs, solved and classified, printed as
// print<cacheline-layout> prints a module (each global's class and reason,
// each function's role): the solver and the rules on summaries alone;
// --stages prints what each of the solver's stages found first.
// profile-merge: joins the write profiles of several runs or processes of
// one instrumented build (CACHELINE_LAYOUT_PROFILE_OUT) into one.
// profile-compare: the static classes of a report against a write profile.
// Exit status: 0 done, 1 bad input (one line on stderr naming the file and
// the problem), 2 bad usage.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Files/WriteProfile.h"
#include "cacheline/Passes/Merge.h"
#include "cacheline/Passes/Settings.h"
#include "cacheline/Support/LineSize.h"
#include "ProfileCompare.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace llvm;
using namespace cacheline;

static constexpr const char *Usage =
    "usage: cacheline-facts merge DIR|OBJECT... -o FILE [--hot-write-count N] "
    "[--rare-write-rate R] [--line-size N] [--max-element-padding N] "
    "[--max-copied-instructions N] [--profile PROFILE]\n"
    "       cacheline-facts solve DIR|OBJECT... [--stages] "
    "[--hot-write-count N] [--rare-write-rate R]\n"
    "       cacheline-facts profile-merge PROFILE... -o FILE\n"
    "       cacheline-facts profile-compare REPORT PROFILE [--json] "
    "[--hot-write-count N]\n";

static int usage(const Twine &Why) {
  errs() << "cacheline-facts: error: " << Why << "\n" << Usage;
  return 2;
}

static int failure(Error E) {
  errs() << "cacheline-facts: error: " << toString(std::move(E)) << "\n";
  return 1;
}

static int cannotWrite(StringRef Path, std::error_code EC) {
  errs() << "cacheline-facts: error: " << Path << ": " << EC.message() << "\n";
  return 1;
}

namespace {

/// The arguments of one command: its operands and the options it takes.
struct Arguments {
  std::vector<std::string> Operands;
  std::string Out;
  /// The policy's and the line size, as the pass's settings: given here,
  /// else by the pass's environment variables.
  Settings Set;
  bool JSON = false;
  bool Stages = false;
};

/// The options that are settings of the pass.
constexpr std::pair<StringLiteral, SettingKind> SettingOptions[] = {
    {"--hot-write-count", SettingKind::HotWriteCount},
    {"--rare-write-rate", SettingKind::RareWriteRate},
    {"--line-size", SettingKind::LineSize},
    {"--max-element-padding", SettingKind::MaxElementPadding},
    {"--max-copied-instructions", SettingKind::MaxCopiedInstructions},
    {"--profile", SettingKind::Profile},
};

/// Parses \p Args; \p Allowed lists the options the command takes.
std::optional<std::string> parseArguments(ArrayRef<StringRef> Args,
                                          ArrayRef<StringRef> Allowed,
                                          Arguments &Parsed) {
  // What the command line does not set, the environment may, as for the
  // pass at the link: the merge then classifies as the link does.
  std::vector<SettingKind> FromEnvironment = {
      SettingKind::HotWriteCount, SettingKind::RareWriteRate,
      SettingKind::LineSize, SettingKind::MaxElementPadding,
      SettingKind::MaxCopiedInstructions, SettingKind::AssumeClosed,
      SettingKind::PadRunTimeAllocations, SettingKind::Profile};
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (!A.starts_with("-") || A == "-") {
      Parsed.Operands.push_back(A.str());
      continue;
    }
    if (!is_contained(Allowed, A))
      return ("unknown option '" + A + "'").str();
    if (A == "--json" || A == "--stages") {
      (A == "--json" ? Parsed.JSON : Parsed.Stages) = true;
      continue;
    }
    if (I + 1 == Args.size())
      return (A + " needs a value").str();
    StringRef V = Args[++I];
    if (A == "-o") {
      Parsed.Out = V.str();
      continue;
    }
    const auto *Setting = find_if(
        SettingOptions, [&](const auto &S) { return S.first == A; });
    assert(Setting != std::end(SettingOptions) && "an allowed option");
    if (Error E = setSetting(Parsed.Set, Setting->second, V, A))
      return toString(std::move(E));
    FromEnvironment.erase(std::remove(FromEnvironment.begin(),
                                      FromEnvironment.end(), Setting->second),
                          FromEnvironment.end());
  }
  if (Error E = readEnvironment(Parsed.Set, FromEnvironment))
    return toString(std::move(E));
  return std::nullopt;
}

int solveCommand(const Arguments &Args) {
  if (Args.Operands.empty())
    return usage("no facts directory or object");
  if (Error E =
          printSolved(Args.Operands, outs(), Args.Set.Policy, Args.Stages))
    return failure(std::move(E));
  return 0;
}

int mergeCommand(const Arguments &Args) {
  if (Args.Operands.empty())
    return usage("no facts directory or object");
  if (Args.Out.empty())
    return usage("no output file (-o FILE)");
  std::error_code EC;
  ToolOutputFile OutFile(Args.Out, EC, sys::fs::OF_Text);
  if (EC)
    return cannotWrite(Args.Out, EC);
  Expected<MergeStats> Stats =
      mergeFacts(Args.Operands, OutFile.os(), Args.Set.Policy,
                 Args.Set.LineSize.value_or(0), Args.Set.Profile);
  if (!Stats)
    return failure(Stats.takeError());
  for (const std::string &W : Stats->Warnings)
    errs() << "cacheline-facts: warning: " << W << "\n";
  OutFile.keep();
  errs() << "cacheline-facts: " << Args.Out << ": " << Stats->Globals
         << " globals from " << Stats->Files << " translation units: "
         << Stats->WriteHot << " write-hot, " << Stats->ReadMostly
         << " read-mostly, " << Stats->Neutral << " neutral, "
         << Stats->Skipped << " skipped\n";
  return 0;
}

int profileMergeCommand(const Arguments &Args) {
  if (Args.Operands.empty())
    return usage("no profiles to merge");
  if (Args.Out.empty())
    return usage("no output file (-o FILE)");
  std::optional<WriteProfile> Merged;
  for (const std::string &Path : Args.Operands) {
    Expected<WriteProfile> P = WriteProfile::read(Path);
    if (!P)
      return failure(P.takeError());
    if (!Merged)
      Merged = std::move(*P);
    else if (Error E = Merged->merge(*P, Path))
      return failure(std::move(E));
  }
  std::error_code EC;
  ToolOutputFile OutFile(Args.Out, EC, sys::fs::OF_Text);
  if (EC)
    return cannotWrite(Args.Out, EC);
  Merged->write(OutFile.os());
  OutFile.keep();
  errs() << "cacheline-facts: " << Args.Out << ": " << Merged->Runs
         << " runs of " << Merged->Globals.size() << " globals\n";
  return 0;
}

int profileCompareCommand(const Arguments &Args) {
  if (Args.Operands.size() != 2)
    return usage("profile-compare takes a report and a profile");
  Expected<WriteProfile> Profile = WriteProfile::read(Args.Operands[1]);
  if (!Profile)
    return failure(Profile.takeError());
  CompareOptions Opts;
  Opts.Policy = Args.Set.Policy;
  Opts.JSON = Args.JSON;
  if (Error E = compareWithProfile(Args.Operands[0], *Profile, Opts, outs()))
    return failure(std::move(E));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<StringRef> Args(argv + 1, argv + argc);
  if (Args.empty())
    return usage("no command");
  if (Args[0] == "-h" || Args[0] == "--help") {
    outs() << Usage
           << "  merge: the per-TU facts compiles wrote into DIR "
              "(CACHELINE_LAYOUT_FACTS_DIR=DIR),\n"
              "    or the summaries objects carry (-flto -fpass-plugin),\n"
              "    into the layout file FILE (CACHELINE_LAYOUT_FILE=FILE).\n"
              "  solve: the same, each global's class and reason and each "
              "function's role, printed.\n"
              "  profile-merge: write profiles of several runs of one "
              "instrumented build into one.\n"
              "  profile-compare: the static classes of a report against a "
              "write profile.\n";
    return 0;
  }
  struct Command {
    StringRef Name;
    std::vector<StringRef> Options;
    int (*Run)(const Arguments &);
  };
  const Command Commands[] = {
      {"merge",
       {"-o", "--hot-write-count", "--rare-write-rate", "--line-size",
        "--max-element-padding", "--max-copied-instructions", "--profile"},
       mergeCommand},
      {"solve",
       {"--stages", "--hot-write-count", "--rare-write-rate"},
       solveCommand},
      {"profile-merge", {"-o"}, profileMergeCommand},
      {"profile-compare", {"--json", "--hot-write-count"},
       profileCompareCommand},
  };
  for (const Command &C : Commands) {
    if (Args[0] != C.Name)
      continue;
    Arguments Parsed;
    if (std::optional<std::string> Error =
            parseArguments(ArrayRef(Args).drop_front(), C.Options, Parsed))
      return usage(*Error);
    return C.Run(Parsed);
  }
  return usage("unknown command '" + Args[0] + "'");
}
