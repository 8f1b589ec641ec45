//===- Settings.h - What a user sets, typed and read once -------*- C++ -*-===//
//
// Each setting of the pass is a command-line option (-cacheline-...) and an
// environment variable (CACHELINE_LAYOUT_...): lld parses -mllvm before it
// loads pass plugins (llvm-project #90956), so at the link the environment
// is the way in. The command line wins where both are given. Settings.def
// declares each once.
// cacheline-facts reads the same variables for what its own command line
// does not give, so that the merge classifies as the link does. One parser
// per kind of value serves the options, the variables and the tool, and
// says what is wrong in one line.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_PASSES_SETTINGS_H
#define CACHELINE_LAYOUT_PASSES_SETTINGS_H

#include "cacheline/Policy/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace cacheline {

/// What the pass does with its classification.
enum class PassMode { Layout, Report, Instrument };

/// A file or directory setting, and where it came from ("-cacheline-..."
/// or the variable's name) for messages; empty when not given.
struct PathSetting {
  std::string Path, Origin;
  explicit operator bool() const { return !Path.empty(); }
};

/// Every setting, typed.
struct Settings {
  PassMode Mode = PassMode::Layout;
  /// Else the target's (defaultLineSize).
  std::optional<unsigned> LineSize;
  PolicyOptions Policy;
  PathSetting Report, Profile, FactsDir, LayoutFile;
};

enum class SettingKind {
#define CACHELINE_SETTING(Kind, Option, Env, Value, Commands, Description)     \
  Kind,
#include "cacheline/Passes/Settings.def"
};

/// The cacheline-facts commands that take a setting as an option
/// (SettingInfo::Commands), and whether it decides classes (Classifies:
/// every command reads its variable).
namespace SettingCommand {
enum : unsigned {
  Merge = 1 << 0,
  Solve = 1 << 1,
  ProfileCompare = 1 << 2,
  Classifies = 1 << 3,
};
} // namespace SettingCommand

/// One setting, as Settings.def declares it.
struct SettingInfo {
  SettingKind Kind;
  /// The pass's option (without its dash) and the environment variable.
  llvm::StringLiteral Option, Env;
  /// What the value is ("bytes", "0|1", ...).
  llvm::StringLiteral Value;
  unsigned Commands;
  llvm::StringLiteral Description;

  /// A flag: its option given alone (-cacheline-assume-closed) is on.
  bool isFlag() const { return Value == "0|1"; }
  /// Its cacheline-facts option, without the dashes ("hot-write-count").
  llvm::StringRef toolOption() const;
};

/// Every setting, in Settings.def's order.
llvm::ArrayRef<SettingInfo> settingTable();
const SettingInfo &settingInfo(SettingKind Kind);

// The parsers: the error says what is wrong with \p Text, not where it
// came from.
llvm::Expected<PassMode> parseMode(llvm::StringRef Text);
/// A non-negative integer.
llvm::Expected<uint64_t> parseCount(llvm::StringRef Text);
/// A non-negative number of bytes.
llvm::Expected<uint64_t> parseBytes(llvm::StringRef Text);
/// A number from 0 to 1.
llvm::Expected<double> parseRate(llvm::StringRef Text);
/// 0 or 1.
llvm::Expected<bool> parseFlag(llvm::StringRef Text);

/// Parses \p Text as setting \p Kind into \p S; the error begins with
/// \p Origin.
llvm::Error setSetting(Settings &S, SettingKind Kind, llvm::StringRef Text,
                       llvm::StringRef Origin);

/// Checks \p Text as a value of setting \p Kind; the error says what is
/// wrong with it (a command-line parser's message).
llvm::Error checkSetting(SettingKind Kind, llvm::StringRef Text);

/// A command-line parser of a setting's value (the pass's options,
/// cacheline-facts'): checks it as setSetting parses it, so that a bad
/// value is the command line's error, and keeps its text, which a flag
/// given alone makes "1".
class SettingTextParser : public llvm::cl::basic_parser<std::string> {
public:
  SettingTextParser(llvm::cl::Option &O)
      : llvm::cl::basic_parser<std::string>(O), Printer(O) {}
  bool parse(llvm::cl::Option &O, llvm::StringRef, llvm::StringRef Arg,
             std::string &Value);
  llvm::StringRef getValueName() const override {
    return Printer.getValueName();
  }
  /// cl's own parser of strings, which is final, prints the option's value
  /// (-print-options).
  operator const llvm::cl::parser<std::string> &() const { return Printer; }

  /// The setting the option gives; set by whoever makes the option.
  SettingKind Kind = SettingKind::Mode;

private:
  llvm::cl::parser<std::string> Printer;
};

using SettingOption = llvm::cl::opt<std::string, false, SettingTextParser>;

/// Reads the environment variables of \p Kinds (those given nowhere else)
/// into \p S; the error names the variable.
llvm::Error readEnvironment(Settings &S, llvm::ArrayRef<SettingKind> Kinds);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_PASSES_SETTINGS_H
