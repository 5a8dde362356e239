// SPDX-License-Identifier: Apache-2.0
#include "reader/fast_decimal.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>

#include <gtest/gtest.h>

namespace aoe::internal {
namespace {

// What std::from_chars gives (the reader's conversion otherwise).
double from_chars_value(const std::string& text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  EXPECT_EQ(ec, std::errc()) << text;
  EXPECT_EQ(end, text.data() + text.size()) << text;
  return value;
}

void expect_same_as_from_chars(const std::string& text) {
  const std::optional<double> fast = fast_decimal_value(text);
  ASSERT_TRUE(fast.has_value()) << text;
  const double slow = from_chars_value(text);
  EXPECT_EQ(*fast, slow) << text;
  EXPECT_EQ(std::signbit(*fast), std::signbit(slow)) << text;
}

TEST(FastDecimal, TheReadersCommonNumbers) {
  for (const char* text :
       {"1414.466", "0.5", "-12.5", "0.000123", "-0.0", "0.0", "99.0", "9007199254740.992", "0.1",
        "0.3", "123456789012345.6", "0.000000000000000001"}) {
    expect_same_as_from_chars(text);
  }
  EXPECT_EQ(*fast_decimal_value("1414.466"), 1414.466);
  EXPECT_TRUE(std::signbit(*fast_decimal_value("-0.0")));
}

TEST(FastDecimal, LeavesTheRestToFromChars) {
  for (const char* text : {"12",                             // an integer
                           "1e5", "1.5e3", "2.5E-3",         // an exponent
                           "12345678901234567890.5",         // 21 digits
                           "9007199254740993.5",             // above 2^53
                           "1.7976931348623157",             // above 2^53
                           "0.00000000000000000000001",      // 23 after the point
                           "1.", ".5", "-", "", "1.2.3"}) {  // not well formed
    EXPECT_FALSE(fast_decimal_value(text).has_value()) << text;
  }
}

// Random decimals of every length it takes, and of the lengths around the
// limits, against std::from_chars: the same double, bit for bit.
TEST(FastDecimal, RandomDecimalsAgreeWithFromChars) {
  std::mt19937_64 random(20261207);
  std::size_t fast = 0;
  for (int i = 0; i < 200000; ++i) {
    const auto int_digits = static_cast<std::size_t>(random() % 17);
    const auto frac_digits = static_cast<std::size_t>(1 + random() % 23);
    std::string text = random() % 4 == 0 ? "-" : "";
    if (int_digits == 0) {
      text += '0';
    } else {
      text += static_cast<char>('1' + random() % 9);
      for (std::size_t d = 1; d < int_digits; ++d) text += static_cast<char>('0' + random() % 10);
    }
    text += '.';
    for (std::size_t d = 0; d < frac_digits; ++d) text += static_cast<char>('0' + random() % 10);
    const std::optional<double> value = fast_decimal_value(text);
    if (!value) continue;
    ++fast;
    const double slow = from_chars_value(text);
    ASSERT_EQ(*value, slow) << text;
    ASSERT_EQ(std::signbit(*value), std::signbit(slow)) << text;
  }
  EXPECT_GT(fast, 50000U);  // the fast path was taken, not only the fallback
}

}  // namespace
}  // namespace aoe::internal
