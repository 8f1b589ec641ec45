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

constexpr SettingInfo Table[] = {
#define CACHELINE_SETTING(Kind, Option, Env, Value, Commands, Description)     \
  {SettingKind::Kind, Option, Env, Value, Commands, Description},
#include "cacheline/Passes/Settings.def"
};

} // namespace

ArrayRef<SettingInfo> cacheline::settingTable() { return Table; }

const SettingInfo &cacheline::settingInfo(SettingKind Kind) {
  assert(Table[unsigned(Kind)].Kind == Kind && "the table in enum order");
  return Table[unsigned(Kind)];
}

StringRef SettingInfo::toolOption() const {
  StringRef Name = Option;
  Name.consume_front("cacheline-");
  return Name;
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

Error cacheline::checkSetting(SettingKind Kind, StringRef Text) {
  Settings Scratch;
  return parseSetting(Scratch, Kind, Text, "");
}

bool SettingTextParser::parse(cl::Option &O, StringRef, StringRef Arg,
                              std::string &Value) {
  const SettingInfo &Info = settingInfo(Kind);
  if (Arg.empty() && Info.isFlag())
    Arg = "1";
  if (Error E = checkSetting(Info.Kind, Arg))
    return O.error(toString(std::move(E)));
  Value = Arg.str();
  return false;
}

Error cacheline::readEnvironment(Settings &S, ArrayRef<SettingKind> Kinds) {
  for (SettingKind Kind : Kinds) {
    StringRef Env = settingInfo(Kind).Env;
    const char *Text = std::getenv(Env.data());
    if (!Text || !*Text)
      continue;
    if (Error E = setSetting(S, Kind, Text, Env))
      return E;
  }
  return Error::success();
}
