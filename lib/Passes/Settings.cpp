//===- Settings.cpp - What a user sets, typed and read once ---------------===//

#include "cacheline/Passes/Settings.h"
#include "cacheline/Support/LineSize.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdlib>

using namespace llvm;
using namespace cacheline;

namespace {

Error invalid(const char *What, StringRef Text, const char *Expected) {
  return createStringError(inconvertibleErrorCode(),
                           "invalid %s '%s': expected %s", What,
                           Text.str().c_str(), Expected);
}

const SettingName Names[] = {
    {SettingKind::Mode, "cacheline-layout-mode", "CACHELINE_LAYOUT_MODE"},
    {SettingKind::LineSize, "cacheline-line-size",
     "CACHELINE_LAYOUT_LINE_SIZE"},
    {SettingKind::HotWriteCount, "cacheline-hot-write-count",
     "CACHELINE_LAYOUT_HOT_WRITE_COUNT"},
    {SettingKind::RareWriteRate, "cacheline-rare-write-rate",
     "CACHELINE_LAYOUT_RARE_WRITE_RATE"},
    {SettingKind::MaxElementPadding, "cacheline-max-element-padding",
     "CACHELINE_LAYOUT_MAX_ELEMENT_PADDING"},
    {SettingKind::MaxCopiedInstructions, "cacheline-max-copied-instructions",
     "CACHELINE_LAYOUT_MAX_COPIED_INSTRUCTIONS"},
    {SettingKind::AssumeClosed, "cacheline-assume-closed",
     "CACHELINE_LAYOUT_ASSUME_CLOSED"},
    {SettingKind::PadRunTimeAllocations,
     "cacheline-pad-run-time-allocations",
     "CACHELINE_LAYOUT_PAD_RUN_TIME_ALLOCATIONS"},
    {SettingKind::Report, "cacheline-layout-report",
     "CACHELINE_LAYOUT_REPORT"},
    {SettingKind::Profile, "cacheline-profile", "CACHELINE_LAYOUT_PROFILE"},
    {SettingKind::FactsDir, "cacheline-facts-dir",
     "CACHELINE_LAYOUT_FACTS_DIR"},
    {SettingKind::LayoutFile, "cacheline-layout-file",
     "CACHELINE_LAYOUT_FILE"},
};

} // namespace

ArrayRef<SettingName> cacheline::settingNames() { return Names; }

const SettingName &cacheline::settingName(SettingKind Kind) {
  const SettingName *N =
      find_if(Names, [&](const SettingName &N) { return N.Kind == Kind; });
  assert(N != std::end(Names) && "every setting has names");
  return *N;
}

Expected<PassMode> cacheline::parseMode(StringRef Text) {
  if (Text == "layout")
    return PassMode::Layout;
  if (Text == "report")
    return PassMode::Report;
  if (Text == "instrument")
    return PassMode::Instrument;
  return invalid("mode", Text, "'layout', 'report' or 'instrument'");
}

Expected<uint64_t> cacheline::parseCount(StringRef Text) {
  uint64_t N;
  if (Text.trim().getAsInteger(10, N))
    return invalid("count", Text, "a non-negative integer");
  return N;
}

Expected<uint64_t> cacheline::parseBytes(StringRef Text) {
  uint64_t N;
  if (Text.trim().getAsInteger(10, N))
    return invalid("size", Text, "a non-negative number of bytes");
  return N;
}

Expected<double> cacheline::parseRate(StringRef Text) {
  double R;
  if (Text.trim().getAsDouble(R) || !(R >= 0 && R <= 1))
    return invalid("rate", Text, "a number from 0 to 1");
  return R;
}

Expected<bool> cacheline::parseFlag(StringRef Text) {
  if (Text == "0" || Text == "1")
    return Text == "1";
  return invalid("value", Text, "0 or 1");
}

namespace {

/// Parses \p Text with \p Parse into \p Out.
template <typename T, typename ParseFn>
Error parseInto(StringRef Text, ParseFn Parse, T &Out) {
  auto V = Parse(Text);
  if (!V)
    return V.takeError();
  Out = *V;
  return Error::success();
}

Error parseSetting(Settings &S, SettingKind Kind, StringRef Text,
                   StringRef Origin) {
  switch (Kind) {
  case SettingKind::Mode:
    return parseInto(Text, parseMode, S.Mode);
  case SettingKind::LineSize: {
    Expected<unsigned> Size = parseLineSize(Text);
    if (!Size)
      return Size.takeError();
    S.LineSize = *Size;
    return Error::success();
  }
  case SettingKind::HotWriteCount:
    return parseInto(Text, parseCount, S.Policy.HotWriteCount);
  case SettingKind::RareWriteRate:
    return parseInto(Text, parseRate, S.Policy.RareWriteRate);
  case SettingKind::MaxElementPadding:
    return parseInto(Text, parseBytes, S.Policy.MaxElementPadding);
  case SettingKind::MaxCopiedInstructions:
    return parseInto(Text, parseCount, S.Policy.MaxCopiedInstructions);
  case SettingKind::AssumeClosed:
    return parseInto(Text, parseFlag, S.Policy.AssumeClosed);
  case SettingKind::PadRunTimeAllocations:
    return parseInto(Text, parseFlag, S.Policy.PadRunTimeAllocations);
  case SettingKind::Report:
    S.Report = {Text.str(), Origin.str()};
    return Error::success();
  case SettingKind::Profile:
    S.Profile = {Text.str(), Origin.str()};
    return Error::success();
  case SettingKind::FactsDir:
    S.FactsDir = {Text.str(), Origin.str()};
    return Error::success();
  case SettingKind::LayoutFile:
    S.LayoutFile = {Text.str(), Origin.str()};
    return Error::success();
  }
  llvm_unreachable("every setting parsed");
}

} // namespace

Error cacheline::setSetting(Settings &S, SettingKind Kind, StringRef Text,
                            StringRef Origin) {
  if (Error E = parseSetting(S, Kind, Text, Origin))
    return createStringError(inconvertibleErrorCode(), "%s: %s",
                             Origin.str().c_str(),
                             toString(std::move(E)).c_str());
  return Error::success();
}

Error cacheline::readEnvironment(Settings &S, ArrayRef<SettingKind> Kinds) {
  for (SettingKind Kind : Kinds) {
    StringRef Env = settingName(Kind).Env;
    const char *Text = std::getenv(Env.data());
    if (!Text || !*Text)
      continue;
    if (Error E = setSetting(S, Kind, Text, Env))
      return E;
  }
  return Error::success();
}
