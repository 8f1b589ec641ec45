//===- SettingsTest.cpp - The settings table and its parsers -------------===//

#include "cacheline/Passes/Settings.h"

#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

using namespace cacheline;
using namespace llvm;

namespace {

/// The message of \p E, or "" for success (llvm/Testing/Support has
/// matchers for this, but Debian ships no library of it).
std::string message(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : std::string();
}

TEST(SettingsTest, TableInEnumOrderWithUniqueNames) {
  StringSet<> Options, Envs;
  unsigned I = 0;
  for (const SettingInfo &S : settingTable()) {
    EXPECT_EQ(unsigned(S.Kind), I++);
    EXPECT_EQ(&settingInfo(S.Kind), &S);
    EXPECT_TRUE(StringRef(S.Option).starts_with("cacheline-"))
        << S.Option.str();
    EXPECT_TRUE(StringRef(S.Env).starts_with("CACHELINE_LAYOUT_"))
        << S.Env.str();
    EXPECT_TRUE(Options.insert(S.Option).second) << S.Option.str();
    EXPECT_TRUE(Envs.insert(S.Env).second) << S.Env.str();
    EXPECT_FALSE(StringRef(S.Description).empty()) << S.Option.str();
  }
  EXPECT_EQ(settingInfo(SettingKind::HotWriteCount).toolOption(),
            "hot-write-count");
}

TEST(SettingsTest, EverySettingParses) {
  for (const SettingInfo &S : settingTable()) {
    StringRef Good = S.isFlag() ? "1"
                     : S.Value == "layout|report|instrument" ? "report"
                     : S.Value == "rate"                     ? "0.5"
                     : S.Value == "bytes"                    ? "64"
                     : S.Value == "count"                    ? "7"
                                                             : "some/file";
    Settings Set;
    EXPECT_EQ(message(setSetting(Set, S.Kind, Good, S.Option)), "")
        << S.Option.str();
  }
  Settings Set;
  ASSERT_EQ(message(setSetting(Set, SettingKind::LineSize, "256", "x")), "");
  EXPECT_EQ(Set.LineSize, 256u);
  ASSERT_EQ(message(setSetting(Set, SettingKind::AssumeClosed, "1", "x")),
            "");
  EXPECT_TRUE(Set.Policy.AssumeClosed);
}

TEST(SettingsTest, BadValuesNameTheOrigin) {
  Settings Set;
  EXPECT_EQ(
      message(setSetting(Set, SettingKind::RareWriteRate, "2", "--rate")),
      "--rate: invalid rate '2': expected a number from 0 to 1");
  EXPECT_EQ(message(checkSetting(SettingKind::LineSize, "48")),
            "invalid line size '48': expected a power of two from 16 to 4096");
  EXPECT_EQ(message(checkSetting(SettingKind::Mode, "bogus")),
            "invalid mode 'bogus': expected 'layout', 'report' or "
            "'instrument'");
  EXPECT_EQ(message(checkSetting(SettingKind::AssumeClosed, "yes")),
            "invalid value 'yes': expected 0 or 1");
}

} // namespace
