// SPDX-License-Identifier: Apache-2.0
// Numbers as the command line writes them (text/numbers.cpp). In JSON and
// CSV a computed number is rounded to its stated precision (no binary noise
// of the arithmetic), a value read from the file is written as read; JSON
// (`number`, `JsonWriter`) and CSV (`csv_number`) round through the one
// function, `rounded`.
#include "text/numbers.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

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

// The fast path of CSV numbers writes the characters fmt's "{}" writes
// for the rounded double, on values of every magnitude, halves and the
// edges of its range, and declines what it cannot write exactly.
// (nlohmann's dump, JSON's, is not always the shortest: 64420523.5636 is
// "64420523.563600004" there, so JSON keeps its own path.)
TEST(FmtSeconds, SplitsOnlyWhatAnIntegerHolds) {
  EXPECT_EQ(fmt_seconds(std::nullopt), "–");
  EXPECT_EQ(fmt_seconds(59.5), "59.5 s");
  EXPECT_EQ(fmt_seconds(-26), "-26 s (below 0: no duration)");  // was "-26 s", said as a time
  EXPECT_EQ(fmt_seconds(-7200), "-7200 s (below 0: no duration)");
  EXPECT_EQ(fmt_seconds(1109), "1109 s (18 min 29 s)");
  EXPECT_EQ(fmt_seconds(4000), "4000 s (1 h 6 min 40 s)");
  // A time past what llround holds was "(-30 min -8 s)".
  EXPECT_EQ(fmt_seconds(1e300), "1e+300 s");
  EXPECT_EQ(fmt_seconds(9.3e18), "9.3e+18 s");
  EXPECT_EQ(fmt_seconds(std::numeric_limits<double>::infinity()), "inf s");
  EXPECT_EQ(fmt_seconds(1e14), "100000000000000 s (27777777777 h 46 min 40 s)");
}

TEST(AppendRounded, WritesWhatFmtWrites) {
  std::vector<double> values{0.0,         -0.0,    0.0004999, 0.00005, -0.00005,          0.0001,
                             0.12345,     250.637, -1.5,      1e11,    999999999999.9994, 1e12,
                             123456.0005, 2.675,   1.0005,    -2.00005};
  std::mt19937_64 random(20261205);
  std::uniform_real_distribution<double> mantissa(1.0, 10.0);
  std::uniform_int_distribution<int> exponent(-6, 13);
  for (int i = 0; i < 200000; ++i) {
    const double v = mantissa(random) * std::pow(10.0, exponent(random));
    values.push_back(i % 2 == 0 ? v : -v);
    // A decimal of few places, as AOE writes them, and its halves.
    values.push_back(static_cast<double>(random() % 100000000) / 1000.0);
    values.push_back(static_cast<double>(random() % 100000000) / 10000.0 + 0.00005);
  }
  std::size_t declined = 0;
  for (const Precision p : {Precision::us, Precision::pct, Precision::ratio}) {
    for (const double v : values) {
      std::string fast;
      if (!append_rounded(fast, v, p)) {
        EXPECT_TRUE(fast.empty());
        ++declined;
        continue;
      }
      const double r = rounded(v, p);
      ASSERT_EQ(fast, fmt::format("{}", r)) << fmt::format("{:.17g}", v);
    }
  }
  EXPECT_GT(declined, 0U);  // 10^13 and above: too many digits for the fast path
  std::string out;
  EXPECT_FALSE(append_rounded(out, 1.5, Precision::as_read));
  EXPECT_FALSE(append_rounded(out, std::numeric_limits<double>::infinity(), Precision::us));
  EXPECT_FALSE(append_rounded(out, std::nan(""), Precision::pct));
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(append_rounded(out, -250.6370000001, Precision::us));
  EXPECT_EQ(out, "-250.637");
}

// The fast path of numbers as read, in JSON and CSV: the short decimal a
// double is nearest to, written only where both fmt's "{}" (CSV) and
// nlohmann's dump (JSON, not always the shortest) write exactly it.
TEST(AppendShortDecimal, WritesTheDecimalOrDeclines) {
  const auto fast = [](double v) {
    std::string out = "x";
    return append_short_decimal(out, v) ? out.substr(1) : std::string("declined");
  };
  EXPECT_EQ(fast(1371.433), "1371.433");
  EXPECT_EQ(fast(1.693), "1.693");
  EXPECT_EQ(fast(-0.5), "-0.5");
  EXPECT_EQ(fast(0.0001), "0.0001");
  EXPECT_EQ(fast(-0.0001), "-0.0001");
  EXPECT_EQ(fast(12.0), "12");
  EXPECT_EQ(fast(80906.0839), "80906.0839");
  EXPECT_EQ(fast(9999999999.9999), "9999999999.9999");
  EXPECT_EQ(fast(0.1 + 0.2), "declined");  // 0.30000000000000004: not a short decimal
  EXPECT_EQ(fast(1.0 / 3), "declined");
  EXPECT_EQ(fast(0.00005), "declined");  // 5 places
  EXPECT_EQ(fast(0.0), "declined");
  EXPECT_EQ(fast(-0.0), "declined");  // "-0" in CSV, "-0.0" in JSON: the callers' own
  EXPECT_EQ(fast(1e11), "declined");
  EXPECT_EQ(fast(std::numeric_limits<double>::infinity()), "declined");
  EXPECT_EQ(fast(std::nan("")), "declined");
  // Short decimals that dump() writes with 17 digits: declined, so JSON
  // keeps dump()'s bytes.
  for (const auto& [v, dumped] : {std::pair{64420523.5636, "64420523.563600004"},
                                  std::pair{1515896.6973, "1515896.6973000001"},
                                  std::pair{5572261129.5158, "5572261129.5158005"}}) {
    EXPECT_EQ(nlohmann::ordered_json(v).dump(), dumped);
    EXPECT_EQ(fast(v), "declined") << dumped;
    EXPECT_EQ(streamed(v, Precision::as_read), dumped);
  }
}

TEST(AppendShortDecimal, WritesWhatFmtAndDumpWrite) {
  std::vector<double> values;
  for (int k = -20000; k <= 400000; ++k) {
    values.push_back(k / 1000.0);
    values.push_back(k / 10000.0);
  }
  std::mt19937_64 random(20261205);
  for (int i = 0; i < 300000; ++i) {
    const int places = static_cast<int>(random() % 5);
    const auto whole = static_cast<double>((random() % 1000000000000000ULL) >> (random() % 50));
    const double v = whole / std::pow(10.0, places);
    values.push_back(i % 2 == 0 ? v : -v);
    values.push_back(std::nextafter(v, HUGE_VAL));
  }
  std::size_t written = 0;
  for (const double v : values) {
    std::string out;
    if (!append_short_decimal(out, v)) continue;
    ++written;
    ASSERT_EQ(out, fmt::format("{}", v)) << fmt::format("{:.17g}", v);
    if (v != std::floor(v)) {
      ASSERT_EQ(out, nlohmann::ordered_json(v).dump()) << fmt::format("{:.17g}", v);
    }
  }
  EXPECT_GT(written, values.size() / 2);
}

// The text tables' fixed places: the characters fmt's "{:.Nf}" writes,
// or declined near a half, where fmt rounds.
TEST(AppendFixed, WritesWhatFmtWrites) {
  const auto fixed = [](double v, int decimals, Sign sign) {
    std::string out = "x";
    return append_fixed(out, v, decimals, sign) ? out.substr(1) : std::string("declined");
  };
  EXPECT_EQ(fixed(4020.43, 3, Sign::negative_only), "4020.430");
  EXPECT_EQ(fixed(0.0, 3, Sign::negative_only), "0.000");
  EXPECT_EQ(fixed(-0.0, 3, Sign::negative_only), "-0.000");
  EXPECT_EQ(fixed(-0.0001, 3, Sign::negative_only), "-0.000");
  EXPECT_EQ(fixed(1369.74, 3, Sign::always), "+1369.740");
  EXPECT_EQ(fixed(0.0, 2, Sign::always), "+0.00");
  EXPECT_EQ(fixed(-8.0, 3, Sign::always), "-8.000");
  EXPECT_EQ(fixed(35.354, 2, Sign::negative_only), "35.35");
  EXPECT_EQ(fixed(2.5, 0, Sign::negative_only), "declined");  // a half
  EXPECT_EQ(fixed(0.0125, 3, Sign::negative_only), "declined");
  EXPECT_EQ(fixed(1e11, 3, Sign::negative_only), "declined");
  EXPECT_EQ(fixed(std::nan(""), 2, Sign::negative_only), "declined");
  std::vector<double> values;
  for (int k = -30000; k <= 300000; ++k) {
    values.push_back(k / 1000.0);
    values.push_back(k / 1000.0 + 0.0005);  // halves, as a double may hold them
    values.push_back(k / 100.0 + 0.005);
  }
  std::mt19937_64 random(20261205);
  std::uniform_real_distribution<double> mantissa(1.0, 10.0);
  std::uniform_int_distribution<int> exponent(-6, 12);
  for (int i = 0; i < 300000; ++i) {
    const double v = mantissa(random) * std::pow(10.0, exponent(random));
    values.push_back(i % 2 == 0 ? v : -v);
  }
  std::size_t written = 0;
  for (const double v : values) {
    for (int decimals = 0; decimals <= 4; ++decimals) {
      std::string plain;
      std::string plus;
      if (!append_fixed(plain, v, decimals, Sign::negative_only)) continue;
      ASSERT_TRUE(append_fixed(plus, v, decimals, Sign::always));
      ++written;
      ASSERT_EQ(plain, fmt::format("{:.{}f}", v, decimals)) << fmt::format("{:.17g}", v);
      ASSERT_EQ(plus, fmt::format("{:+.{}f}", v, decimals)) << fmt::format("{:.17g}", v);
    }
  }
  EXPECT_GT(written, values.size() * 4);
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

// A value that is not finite is written as JSON writes it, as no value.
TEST(Numbers, NotFiniteIsNoValueInText) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(fmt_us(kInf), kNoValue);
  EXPECT_EQ(fmt_us(-kInf), kNoValue);
  EXPECT_EQ(fmt_us(std::numeric_limits<double>::quiet_NaN()), kNoValue);
  EXPECT_EQ(fmt_us_grouped(kInf), kNoValue);
  EXPECT_EQ(fmt_pct(kInf), kNoValue);
  EXPECT_EQ(fmt_ratio(kInf), kNoValue);
  // Finite but no measurement: four digits and an exponent, not 310 digits.
  EXPECT_EQ(fmt_us(1.7e308), "1.700e+308");
  EXPECT_EQ(fmt_us(-2.5e20), "-2.500e+20");
  EXPECT_EQ(fmt_us(999999999999999.0), "999999999999999.000");
  EXPECT_EQ(fmt_pct(1.7e308), "1.700e+308%");
  EXPECT_EQ(fmt_ratio(2.1e32), "2.100e+32×");
  EXPECT_EQ(change_without_pct(0.0), "from 0 µs");
  EXPECT_EQ(change_without_pct(5.0), "by a change beyond a double's range");
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
