//===- PolicyTest.cpp - The classification rules on hand-made records -----===//

#include "cacheline/Policy/Policy.h"

#include "gtest/gtest.h"

using namespace cacheline;

namespace {

/// A defined internal global of 8 bytes.
GlobalRecord global() {
  GlobalRecord G;
  G.Props.Local = true;
  return G;
}

AccessRecord access(AccessKind Kind, Phase When) {
  AccessRecord A;
  A.Kind = Kind;
  A.When = When;
  A.StartUp = When != Phase::Steady;
  A.Function = "worker";
  A.Role = "thread entry";
  return A;
}

AccessRecord busyStore() {
  AccessRecord A = access(AccessKind::Store, Phase::Steady);
  A.Loop = LoopKind::Busy;
  return A;
}

TEST(PolicyTest, SkipRulesComeFirst) {
  GlobalRecord G = global();
  G.Props.Constant = true;
  G.Writes.push_back(busyStore());
  Decision D = decide(G, /*HasThreads=*/true, PolicyOptions());
  EXPECT_EQ(D.Class, GlobalClass::Skipped);
  EXPECT_EQ(D.Reason, "constant");

  G = global();
  G.Props.Local = false;
  EXPECT_EQ(decide(G, true, PolicyOptions()).Class, GlobalClass::Skipped);
}

TEST(PolicyTest, NoThreadsNoSharing) {
  GlobalRecord G = global();
  G.Writes.push_back(busyStore());
  EXPECT_EQ(decide(G, /*HasThreads=*/false, PolicyOptions()).Class,
            GlobalClass::Neutral);
}

TEST(PolicyTest, BusyWriteWhileThreadsRunIsWriteHot) {
  GlobalRecord G = global();
  G.Reads.push_back(access(AccessKind::Load, Phase::Steady));
  G.Writes.push_back(busyStore());
  Decision D = decide(G, true, PolicyOptions());
  EXPECT_EQ(D.Class, GlobalClass::WriteHot);
  EXPECT_EQ(D.DecisiveWrite, 0);
  EXPECT_EQ(D.Reason.rfind("written while threads run: store in worker", 0),
            0u)
      << D.Reason;
}

TEST(PolicyTest, RareWriteIsNotHot) {
  // A store on the branch of one command among many: below the rare rate.
  GlobalRecord G = global();
  G.Reads.push_back(access(AccessKind::Load, Phase::Steady));
  AccessRecord W = busyStore();
  W.Rate = 1.0 / 64;
  G.Writes.push_back(W);
  EXPECT_EQ(decide(G, true, PolicyOptions()).Class, GlobalClass::ReadMostly);
  PolicyOptions Strict;
  Strict.RareWriteRate = 1.0 / 128;
  EXPECT_EQ(decide(G, true, Strict).Class, GlobalClass::WriteHot);
}

TEST(PolicyTest, SynchronizationIsHotAtAnyRate) {
  GlobalRecord G = global();
  AccessRecord W = access(AccessKind::AtomicRMW, Phase::Steady);
  W.Rate = 0.001;
  G.Writes.push_back(W);
  EXPECT_EQ(decide(G, true, PolicyOptions()).Class, GlobalClass::WriteHot);
}

TEST(PolicyTest, StartUpWritesLeaveReadMostly) {
  GlobalRecord G = global();
  G.Writes.push_back(access(AccessKind::Store, Phase::StartUp));
  G.Reads.push_back(access(AccessKind::Load, Phase::Steady));
  Decision D = decide(G, true, PolicyOptions());
  EXPECT_EQ(D.Class, GlobalClass::ReadMostly);
  EXPECT_EQ(D.Reason.rfind("written only at start-up (", 0), 0u) << D.Reason;
}

TEST(PolicyTest, EscapeSkipsUnlessHot) {
  GlobalRecord G = global();
  G.EscapeReason = "address passed to an unknown function";
  G.Reads.push_back(access(AccessKind::Load, Phase::Steady));
  EXPECT_EQ(decide(G, true, PolicyOptions()).Class, GlobalClass::Skipped);
  // Padding an escaping global is harmless: a hot one is still write-hot.
  G.Writes.push_back(busyStore());
  EXPECT_EQ(decide(G, true, PolicyOptions()).Class, GlobalClass::WriteHot);
}

TEST(PolicyTest, ProfileCountDecidesHotness) {
  GlobalRecord G = global();
  AccessRecord W = busyStore();
  W.ProfileCount = 10;
  G.Writes.push_back(W);
  G.Reads.push_back(access(AccessKind::Load, Phase::Steady));
  EXPECT_NE(decide(G, true, PolicyOptions()).Class, GlobalClass::WriteHot);
  G.Writes[0].ProfileCount = 5000;
  EXPECT_EQ(decide(G, true, PolicyOptions()).Class, GlobalClass::WriteHot);
}

TEST(PolicyTest, ClassNamesRoundTrip) {
  for (GlobalClass C : {GlobalClass::WriteHot, GlobalClass::ReadMostly,
                        GlobalClass::Neutral, GlobalClass::Skipped})
    EXPECT_EQ(parseGlobalClass(globalClassName(C)), C);
  EXPECT_FALSE(parseGlobalClass("hot"));
}

} // namespace
