// SPDX-License-Identifier: Apache-2.0
// The reader's value conversion on its own (reader/values.hpp): numbers,
// percentages and counters as AOE writes them.
#include "reader/values.hpp"

#include <gtest/gtest.h>

#include "scalars.hpp"

namespace aoe::internal {
namespace {

using test::number;
using test::text;

TEST(ReaderValues, NumberFromANumberOrAStringHoldingOne) {
  EXPECT_EQ(read_number_value(number(10.5)).value, 10.5);
  EXPECT_EQ(read_number_value(number(10.5)).reading, Reading::exact);
  Scalar u;
  u.kind = Scalar::Kind::unsigned_;
  u.u = 7;
  EXPECT_EQ(read_number_value(u).value, 7.0);
  const ValueReading s = read_number_value(text(" 72.046 "));
  EXPECT_EQ(s.value, 72.046);
  EXPECT_EQ(s.reading, Reading::from_string);
  EXPECT_EQ(read_number_value(text("abc")).reading, Reading::not_a_number);
  EXPECT_FALSE(read_number_value(text("abc")).value);
  EXPECT_EQ(read_number_value(text("nan")).reading, Reading::not_a_number);
  EXPECT_EQ(read_number_value(Scalar{}).reading, Reading::wrong_type);
}

TEST(ReaderValues, PercentStrings) {
  EXPECT_EQ(read_percent_value(text("60%")).value, 60.0);
  EXPECT_EQ(read_percent_value(text("60%")).reading, Reading::exact);
  EXPECT_EQ(read_percent_value(text(" -3.5% ")).value, -3.5);
  EXPECT_EQ(read_percent_value(text("35.35")).reading, Reading::no_percent_sign);
  EXPECT_EQ(read_percent_value(text("35.35")).value, 35.35);
  EXPECT_EQ(read_percent_value(number(12)).reading, Reading::bare_number);
  EXPECT_EQ(read_percent_value(number(12)).value, 12.0);
  EXPECT_EQ(read_percent_value(text("%")).reading, Reading::not_a_number);
  EXPECT_EQ(read_percent_value(text("fast%")).reading, Reading::not_a_number);
  Scalar b;
  b.kind = Scalar::Kind::boolean;
  EXPECT_EQ(read_percent_value(b).reading, Reading::wrong_type);
}

TEST(ReaderValues, WholeNumbersForCounters) {
  EXPECT_EQ(whole_number(3.0), 3);
  EXPECT_EQ(whole_number(-2.0), -2);
  EXPECT_FALSE(whole_number(2.5));
  EXPECT_FALSE(whole_number(1e16));
  EXPECT_EQ(whole_number(9.0e15), 9'000'000'000'000'000);
}

TEST(ReaderValues, DescribeNamesTheKind) {
  EXPECT_EQ(describe(Scalar{}), "null");
  EXPECT_EQ(describe(text("x")), "a string");
  EXPECT_EQ(describe(number(1)), "a number");
}

}  // namespace
}  // namespace aoe::internal
