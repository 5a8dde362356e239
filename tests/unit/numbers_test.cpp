// SPDX-License-Identifier: Apache-2.0
// Numbers as the command line writes them (text/numbers.cpp). In JSON and
// CSV a computed number is rounded to its stated precision (no binary noise
// of the arithmetic), a value read from the file is written as read; JSON
// (`number`, `JsonWriter`) and CSV (`csv_number`) round through the one
// function, `rounded`.
#include "text/numbers.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "text/csv.hpp"
#include "text/json_util.hpp"
#include "text/json_writer.hpp"

namespace aoe::cli {
namespace {

std::string json_of(double v, Precision p) { return number(v, p).dump(); }

std::string streamed(double v, Precision p) {
  std::ostringstream out;
  {
    JsonWriter w(out, -1);
    w.number_value(v, p);
  }
  return out.str();
}

TEST(Rounded, ComputedTimesLoseTheirBinaryNoise) {
  EXPECT_EQ(json_of(250.63700000000006, Precision::us), "250.637");
  EXPECT_EQ(json_of(112.12799999999999, Precision::us), "112.128");
  EXPECT_EQ(json_of(0.009000000000000341, Precision::us), "0.009");
  EXPECT_EQ(json_of(134.1 - 99.2, Precision::us), "34.9");  // 34.89999999999999
  EXPECT_EQ(csv_number(250.63700000000006, Precision::us), "250.637");
  EXPECT_EQ(csv_number(0.3 - 0.1, Precision::us), "0.2");
  EXPECT_EQ(streamed(250.63700000000006, Precision::us), "250.637");
}

TEST(Rounded, PercentagesAndRatiosToFourDecimals) {
  EXPECT_EQ(json_of(66.66666666666667, Precision::pct), "66.6667");
  EXPECT_EQ(json_of(24.99999999999999, Precision::pct), "25");
  EXPECT_EQ(csv_number(1.576613899453127, Precision::ratio), "1.5766");
  EXPECT_EQ(csv_number(2.9999999999999996, Precision::ratio), "3");
}

TEST(Rounded, ValuesReadStayAsRead) {
  EXPECT_EQ(json_of(113.588725, Precision::as_read), "113.588725");
  EXPECT_EQ(csv_number(113.588725), "113.588725");
  EXPECT_EQ(number(72.0461234567).dump(), "72.0461234567");
  EXPECT_EQ(streamed(113.588725, Precision::as_read), "113.588725");
}

TEST(Rounded, NoNegativeZeroAndWholeNumbersStayIntegers) {
  EXPECT_EQ(json_of(-0.0001, Precision::us), "0");
  EXPECT_EQ(csv_number(-0.0001, Precision::us), "0");
  EXPECT_EQ(json_of(1108.9999999999998, Precision::us), "1109");
  EXPECT_EQ(streamed(-0.00001, Precision::pct), "0");
}

TEST(Rounded, LargeAndNonFiniteValuesAreLeftAlone) {
  EXPECT_EQ(rounded(1e300, Precision::us), 1e300);
  EXPECT_TRUE(std::isnan(rounded(std::numeric_limits<double>::quiet_NaN(), Precision::pct)));
  EXPECT_EQ(rounded(std::numeric_limits<double>::infinity(), Precision::us),
            std::numeric_limits<double>::infinity());
  EXPECT_EQ(number(std::numeric_limits<double>::infinity(), Precision::us).dump(), "null");
  EXPECT_EQ(csv_number(std::nullopt, Precision::us), "");
}

TEST(Rounded, TotalsAreRounded) {
  Totals t;
  t.time_before_us = 0.1 + 0.2;  // 0.30000000000000004
  t.time_after_us = 0.1;
  t.timed_operators = 1;
  const nlohmann::ordered_json j = totals_json(t);
  EXPECT_EQ(j["time_before_us"].dump(), "0.3");
  EXPECT_EQ(j["saved_us"].dump(), "0.2");
  EXPECT_EQ(j["improvement_pct"].dump(), "200");
}

// A change over the --fail-above limit never reads as the limit itself.
TEST(DiffGate, ChangeAboveTheLimitReadsAboveIt) {
  EXPECT_EQ(fmt_signed_pct_above(2.0004, 2), "+2.0004%");
  EXPECT_EQ(fmt_signed_pct_above(2.004, 2), "+2.004%");
  EXPECT_EQ(fmt_signed_pct_above(2.5, 2), "+2.50%");
  EXPECT_EQ(fmt_signed_pct_above(50, 10), "+50.00%");
  EXPECT_EQ(fmt_signed_pct_above(1.5, 2), "+1.50%");             // not above: as always
  EXPECT_EQ(fmt_signed_pct_above(2.0000001, 2), "+2.0000001%");  // every digit it takes
}

TEST(Numbers, GroupedMicrosecondsSplitTheWholePartInThrees) {
  EXPECT_EQ(fmt_us_grouped(309875588.156), "309,875,588.156");
  EXPECT_EQ(fmt_us_grouped(24037.5684), "24,037.568");
  EXPECT_EQ(fmt_us_grouped(1591.485), "1,591.485");
  EXPECT_EQ(fmt_us_grouped(999.9994), "999.999");
  EXPECT_EQ(fmt_us_grouped(-1234567.0), "-1,234,567.000");
  EXPECT_EQ(fmt_us_grouped(-123.0), "-123.000");
  EXPECT_EQ(fmt_us_grouped(0.0), "0.000");
  EXPECT_EQ(fmt_us_grouped(std::nullopt), fmt_us(std::nullopt));
  EXPECT_EQ(group_thousands("12345"), "12,345");
  EXPECT_EQ(group_thousands("–"), "–");
  EXPECT_EQ(group_thousands("-"), "-");
  EXPECT_EQ(group_thousands(""), "");
}

}  // namespace
}  // namespace aoe::cli
