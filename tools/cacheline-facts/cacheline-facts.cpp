//===- cacheline-facts.cpp - Facts files, layout files and write profiles -===//
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
//   cacheline-facts settings
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
// settings: the pass's settings (Settings.def), one a line.
// Exit status: 0 done, 1 bad input (one line on stderr naming the file and
// the problem), 2 bad usage.
//
//===----------------------------------------------------------------------===//

#include "cacheline/Files/WriteProfile.h"
#include "cacheline/Passes/Merge.h"
#include "cacheline/Passes/Settings.h"
#include "cacheline/Support/LineSize.h"
#include "cacheline/Support/LLVMCompat.h"
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

namespace {

cl::SubCommand MergeCommand(
    "merge", "The per-TU facts compiles wrote into DIR "
             "(CACHELINE_LAYOUT_FACTS_DIR=DIR), or the summaries objects "
             "carry (-flto -fpass-plugin), into the layout file FILE "
             "(CACHELINE_LAYOUT_FILE=FILE)");
cl::SubCommand SolveCommand(
    "solve", "The same inputs, each global's class and reason and each "
             "function's role, printed");
cl::SubCommand ProfileMergeCommand(
    "profile-merge",
    "Write profiles of several runs of one instrumented build into one");
cl::SubCommand ProfileCompareCommand(
    "profile-compare",
    "The static classes of a report against a write profile");

cl::SubCommand SettingsCommand(
    "settings", "The pass's settings: option, environment variable, value "
                "and description, one a line (tab-separated)");

cl::list<std::string> Operands(cl::Positional, cl::desc("<input>..."),
                               cl::sub(MergeCommand), cl::sub(SolveCommand),
                               cl::sub(ProfileMergeCommand),
                               cl::sub(ProfileCompareCommand));
cl::opt<std::string> Out("o", cl::desc("The file to write"),
                         cl::value_desc("file"), cl::sub(MergeCommand),
                         cl::sub(ProfileMergeCommand));
cl::opt<bool> Stages("stages",
                     cl::desc("Print what each of the solver's stages found "
                              "first"),
                     cl::sub(SolveCommand));
cl::opt<bool> JSON("json", cl::desc("Write one JSON object"),
                   cl::sub(ProfileCompareCommand));

/// The commands' options that are settings of the pass (Settings.def).
struct CommandSettings {
  std::vector<std::unique_ptr<SettingOption>> Options;
  CommandSettings() {
    const std::pair<unsigned, cl::SubCommand *> Commands[] = {
        {SettingCommand::Merge, &MergeCommand},
        {SettingCommand::Solve, &SolveCommand},
        {SettingCommand::ProfileCompare, &ProfileCompareCommand}};
    for (const SettingInfo &S : settingTable())
      for (auto [Bit, Command] : Commands)
        if (S.Commands & Bit) {
          Options.push_back(std::make_unique<SettingOption>(
              S.toolOption(), cl::desc(S.Description),
              cl::value_desc(S.Value), cl::sub(*Command)));
          Options.back()->getParser().Kind = S.Kind;
        }
  }
};
CommandSettings Settings;

/// The settings the command line gives, then the pass's environment
/// variables for the others that decide classes: the merge then
/// classifies as the link does.
Expected<cacheline::Settings> commandSettings() {
  cacheline::Settings S;
  std::vector<SettingKind> FromEnvironment;
  for (const SettingInfo &Info : settingTable())
    if (Info.Commands & SettingCommand::Classifies)
      FromEnvironment.push_back(Info.Kind);
  for (const std::unique_ptr<SettingOption> &O : Settings.Options) {
    if (!O->getNumOccurrences())
      continue;
    SettingKind Kind = O->getParser().Kind;
    if (Error E = setSetting(S, Kind, O->getValue(), "--" + O->ArgStr.str()))
      return std::move(E);
    FromEnvironment.erase(
        std::remove(FromEnvironment.begin(), FromEnvironment.end(), Kind),
        FromEnvironment.end());
  }
  if (Error E = readEnvironment(S, FromEnvironment))
    return std::move(E);
  return S;
}

} // namespace

static int usage(const Twine &Why) {
  errs() << "cacheline-facts: error: " << Why
         << " (cacheline-facts --help)\n";
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

int solveCommand(const cacheline::Settings &Set) {
  if (Operands.empty())
    return usage("no facts directory or object");
  if (Error E = printSolved(Operands, outs(), Set.Policy, Stages))
    return failure(std::move(E));
  return 0;
}

int mergeCommand(const cacheline::Settings &Set) {
  if (Operands.empty())
    return usage("no facts directory or object");
  if (Out.empty())
    return usage("no output file (-o FILE)");
  std::error_code EC;
  ToolOutputFile OutFile(Out, EC, sys::fs::OF_Text);
  if (EC)
    return cannotWrite(Out, EC);
  Expected<MergeStats> Stats = mergeFacts(
      Operands, OutFile.os(), Set.Policy, Set.LineSize.value_or(0),
      Set.Profile);
  if (!Stats)
    return failure(Stats.takeError());
  for (const std::string &W : Stats->Warnings)
    errs() << "cacheline-facts: warning: " << W << "\n";
  OutFile.keep();
  errs() << "cacheline-facts: " << Out << ": " << Stats->Globals
         << " globals from " << Stats->Files << " translation units: "
         << Stats->WriteHot << " write-hot, " << Stats->ReadMostly
         << " read-mostly, " << Stats->Neutral << " neutral, "
         << Stats->Skipped << " skipped\n";
  return 0;
}

int profileMergeCommand() {
  if (Operands.empty())
    return usage("no profiles to merge");
  if (Out.empty())
    return usage("no output file (-o FILE)");
  std::optional<WriteProfile> Merged;
  for (const std::string &Path : Operands) {
    Expected<WriteProfile> P = WriteProfile::read(Path);
    if (!P)
      return failure(P.takeError());
    if (!Merged)
      Merged = std::move(*P);
    else if (Error E = Merged->merge(*P, Path))
      return failure(std::move(E));
  }
  std::error_code EC;
  ToolOutputFile OutFile(Out, EC, sys::fs::OF_Text);
  if (EC)
    return cannotWrite(Out, EC);
  Merged->write(OutFile.os());
  OutFile.keep();
  errs() << "cacheline-facts: " << Out << ": " << Merged->Runs
         << " runs of " << Merged->Globals.size() << " globals\n";
  return 0;
}

int settingsCommand() {
  for (const SettingInfo &S : settingTable())
    outs() << "-" << S.Option << "\t" << S.Env << "\t" << S.Value << "\t"
           << S.Description << "\n";
  return 0;
}

int profileCompareCommand(const cacheline::Settings &Set) {
  if (Operands.size() != 2)
    return usage("profile-compare takes a report and a profile");
  Expected<WriteProfile> Profile = WriteProfile::read(Operands[1]);
  if (!Profile)
    return failure(Profile.takeError());
  CompareOptions Opts;
  Opts.Policy = Set.Policy;
  Opts.JSON = JSON;
  if (Error E = compareWithProfile(Operands[0], *Profile, Opts, outs()))
    return failure(std::move(E));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  // A command first: cl would read anything else as an operand.
  if (argc < 2)
    return usage("no command");
  StringRef First = argv[1];
  if (!First.starts_with("-") &&
      none_of(cl::getRegisteredSubcommands(),
              [&](cl::SubCommand *C) { return C->getName() == First; }))
    return usage("unknown command '" + First + "'");
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (!compat::parseCommandLine(
          argc, argv,
          "cacheline-facts: facts files, layout files and write profiles\n",
          ErrorStream)) {
    errs() << ErrorStream.str();
    return 2;
  }
  if (!MergeCommand && !SolveCommand && !ProfileMergeCommand &&
      !ProfileCompareCommand && !SettingsCommand)
    return usage("no command");
  if (ProfileMergeCommand)
    return profileMergeCommand();
  if (SettingsCommand)
    return settingsCommand();
  Expected<cacheline::Settings> Set = commandSettings();
  if (!Set)
    return usage(toString(Set.takeError()));
  if (MergeCommand)
    return mergeCommand(*Set);
  if (SolveCommand)
    return solveCommand(*Set);
  return profileCompareCommand(*Set);
}
