//===- SummaryEncodingTest.cpp - A summary through its two encodings -----===//

#include "cacheline/Files/SummaryEncoding.h"
#include "cacheline/Files/SummaryJSON.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace cacheline;
using namespace llvm;

namespace {

/// The message of \p E, or "" for success (llvm/Testing/Support has
/// matchers for this, but Debian ships no library of it).
std::string message(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : std::string();
}

/// A summary with a bit of every kind of record.
ModuleSummary sample() {
  ModuleSummary S;
  S.Module = "a.c";
  S.Source = "/src/a.c";
  S.Target = "x86_64-pc-linux-gnu";
  GlobalSummary &G = S.Globals.emplace_back();
  G.Name = "counter";
  G.Local = true;
  G.Definition = true;
  G.Size = 64;
  G.ElementCount = 8;
  G.ElementSize = 8;
  G.Fields.push_back({0, 8, "hits"});
  G.Fingerprint = "0123456789abcdef";
  FunctionSummary &F = S.Functions.emplace_back();
  F.Name = "worker";
  F.NumArgs = 1;
  F.Instructions = 12;
  CallSiteSummary &C = F.Calls.emplace_back();
  C.Kind = CallKind::Indirect;
  C.CallType = "void (ptr)";
  C.Frequency = 4;
  PointerSummary &P = F.Params[0];
  AccessSummary &A = P.Accesses.emplace_back();
  A.Kind = AccessKind::AtomicRMW;
  A.Range = ByteRange();
  A.Range->Offset = 8;
  A.Range->Size = 8;
  F.NumPointerValues = 2;
  PointerStatement &St = F.Pointers.emplace_back();
  St.K = PointerStatement::Kind::Load;
  St.Dst = 1;
  St.Addr.K = PointerOperand::Kind::Global;
  St.Addr.Name = "counter";
  St.Addr.Offset = 8;
  return S;
}

/// The facts-file form, which prints every field: two summaries are the
/// same when they print the same.
std::string facts(const ModuleSummary &S) {
  std::string Text;
  raw_string_ostream OS(Text);
  writeFacts(OS, S);
  return OS.str();
}

TEST(SummaryEncodingTest, FactsFileRoundTrip) {
  ModuleSummary S = sample();
  std::string Text = facts(S);
  Expected<ModuleSummary> Back = parseFacts(Text, "sample");
  ASSERT_TRUE(bool(Back)) << message(Back.takeError());
  EXPECT_EQ(facts(*Back), Text);
  EXPECT_EQ(Back->Functions[0].pointers(), S.Functions[0].Pointers);
}

TEST(SummaryEncodingTest, CompactFormRoundTrip) {
  ModuleSummary S = sample();
  std::string Bytes = encodeSummary(S);
  Expected<ModuleSummary> Back = decodeSummary(Bytes, "sample");
  ASSERT_TRUE(bool(Back)) << message(Back.takeError());
  EXPECT_EQ(facts(*Back), facts(S));
  // Left encoded until asked for, and the same once decoded.
  EXPECT_EQ(Back->Functions[0].numPointers(), 1u);
  ASSERT_NE(Back->Functions[0].param(0), nullptr);
  EXPECT_EQ(Back->Functions[0].param(0)->Accesses.size(), 1u);
}

// A function's parameters and pointers are written after their size, which
// the reader uses to skip them until asked: sizes of more than one byte, and
// fields after them, must come back.
TEST(SummaryEncodingTest, SizedFieldsOfManyFunctions) {
  ModuleSummary S = sample();
  FunctionSummary Big = S.Functions[0];
  Big.Name = "big";
  Big.NumPointerValues = 300;
  for (unsigned I = 0; I < 300; ++I) {
    PointerStatement &St = Big.Pointers.emplace_back();
    St.K = PointerStatement::Kind::Load;
    St.Dst = I;
    St.Addr.K = PointerOperand::Kind::Global;
    St.Addr.Name = "counter";
    St.Addr.Offset = I * 8;
  }
  S.Functions.push_back(Big);
  S.Functions.push_back(sample().Functions[0]);
  S.Functions.back().Name = "after";
  std::string Bytes = encodeSummary(S);
  Expected<ModuleSummary> Back = decodeSummary(Bytes, "sample");
  ASSERT_TRUE(bool(Back)) << message(Back.takeError());
  EXPECT_EQ(facts(*Back), facts(S));
  ASSERT_EQ(Back->Functions.size(), 3u);
  EXPECT_EQ(Back->Functions[1].numPointers(), 301u);
  EXPECT_EQ(Back->Functions[2].pointers(), S.Functions[2].Pointers);
}

TEST(SummaryEncodingTest, DamageIsAnError) {
  std::string Bytes = encodeSummary(sample());
  Bytes[Bytes.size() / 2] ^= 0x55;
  EXPECT_NE(message(decodeSummary(Bytes, "damaged").takeError()), "");
  EXPECT_NE(message(decodeSummary("CLSUM", "short").takeError()), "");
  EXPECT_NE(
      message(parseFacts("{\"format\":\"other\"}", "other").takeError()),
      "");
}

} // namespace
