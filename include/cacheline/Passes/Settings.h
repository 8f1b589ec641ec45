//===- Settings.h - What a user sets, typed and read once -------*- C++ -*-===//
//
// Each setting of the pass is a command-line option (-cacheline-...) and an
// environment variable (CACHELINE_LAYOUT_...): lld parses -mllvm before it
// loads pass plugins (llvm-project #90956), so at the link the environment
// is the way in. The command line wins where both are given.
// cacheline-facts reads the same variables for what its own command line
// does not give, so that the merge classifies as the link does. One parser
// per kind of value serves the options, the variables and the tool, and
// says what is wrong in one line.
//
//===----------------------------------------------------------------------===//

#ifndef CACHELINE_LAYOUT_SETTINGS_H
#define CACHELINE_LAYOUT_SETTINGS_H

#include "cacheline/Policy/Policy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
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
  Mode,
  LineSize,
  HotWriteCount,
  RareWriteRate,
  MaxElementPadding,
  MaxCopiedInstructions,
  AssumeClosed,
  PadRunTimeAllocations,
  Report,
  Profile,
  FactsDir,
  LayoutFile,
};

/// A setting's names: the pass's option (without its dash) and the
/// environment variable.
struct SettingName {
  SettingKind Kind;
  llvm::StringLiteral Option, Env;
};
llvm::ArrayRef<SettingName> settingNames();
const SettingName &settingName(SettingKind Kind);

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

/// Reads the environment variables of \p Kinds (those given nowhere else)
/// into \p S; the error names the variable.
llvm::Error readEnvironment(Settings &S, llvm::ArrayRef<SettingKind> Kinds);

} // namespace cacheline

#endif // CACHELINE_LAYOUT_SETTINGS_H
