// SPDX-License-Identifier: Apache-2.0
// The reader's raw capture on its own (reader/raw_capture.hpp): unknown
// sections kept as compact JSON, up to a limit.
#include "reader/raw_capture.hpp"

#include <string>

#include <gtest/gtest.h>

#include "scalars.hpp"

namespace aoe::internal {
namespace {

using test::number;
using test::text;

TEST(ReaderRawCapture, CompactJsonUpToTheLimit) {
  RawWriter raw(1000);
  raw.open('{');
  raw.key("a\"b");
  raw.open('[');
  raw.scalar(number(1.5), nullptr);
  const std::string_view kept = "2.50";
  raw.scalar(number(2.5), &kept);
  raw.scalar(text("x"), nullptr);
  raw.scalar(Scalar{}, nullptr);
  raw.close(']');
  raw.close('}');
  EXPECT_FALSE(raw.cut());
  EXPECT_EQ(raw.take(), R"({"a\"b":[1.500000,2.50,"x",null]})");

  RawWriter small(8);
  small.open('[');
  small.scalar(text("a long string"), nullptr);
  small.close(']');
  EXPECT_TRUE(small.cut());
  EXPECT_LE(small.take().size(), 8U);
}

}  // namespace
}  // namespace aoe::internal
