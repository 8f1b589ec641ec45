//===- ByteRangeTest.cpp - Where in an object an access falls ------------===//

#include "cacheline/Summary/Summary.h"

#include "gtest/gtest.h"

using namespace cacheline;

namespace {

ByteRange range(int64_t Offset, uint64_t Size) {
  ByteRange R;
  R.Offset = Offset;
  R.Size = Size;
  return R;
}

TEST(ByteRangeTest, ConstantElement) {
  EXPECT_EQ(range(24, 8).constantElement(16), 1);
  EXPECT_EQ(range(-1, 1).constantElement(16), -1);
  ByteRange Indexed = range(8, 8);
  Indexed.Indices.push_back({/*Stride=*/16, /*Count=*/4});
  // An index over whole elements: any of them.
  EXPECT_FALSE(Indexed.constantElement(16));
}

TEST(ByteRangeTest, BytesInElement) {
  // Bytes 8..15 of every 16-byte element an index reaches.
  ByteRange R = range(8, 8);
  R.Indices.push_back({16, 4});
  auto In = R.bytesInElement(16);
  ASSERT_TRUE(In);
  EXPECT_EQ(*In, std::make_pair(int64_t(8), int64_t(15)));
  // Crossing the element's end: no single place inside it.
  EXPECT_FALSE(range(12, 8).bytesInElement(16));
}

TEST(ByteRangeTest, SpanOfIndexedAccess) {
  ByteRange R = range(0, 4);
  R.Indices.push_back({4, 8});
  auto Span = R.span();
  ASSERT_TRUE(Span);
  EXPECT_EQ(*Span, std::make_pair(int64_t(0), int64_t(31)));
  // An index nothing bounds (pointer arithmetic): anywhere.
  R.Indices.push_back({4, 0});
  EXPECT_FALSE(R.span());
  EXPECT_FALSE(range(0, 0).span());
}

TEST(ByteRangeTest, ThenAddsTheCalleesPlace) {
  // The caller hands down base+32; the callee accesses 4 bytes at +8.
  ByteRange Outer = range(32, 0);
  ByteRange Inner = range(8, 4);
  ByteRange R = Outer.then(Inner);
  auto Span = R.span();
  ASSERT_TRUE(Span);
  EXPECT_EQ(*Span, std::make_pair(int64_t(40), int64_t(43)));
}

} // namespace
