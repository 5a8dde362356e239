// SPDX-License-Identifier: Apache-2.0
// The value of a short decimal number in one division (the reader's
// common case: AOE writes times such as 1414.466), before std::from_chars.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace aoe::internal {

/// The value of `text`, digits, a point and digits after an optional minus
/// sign ("-12.5", "0.000123"; a JSON number with a fraction and no
/// exponent, or such a number in a string), when its digits, the point left out,
/// are at most 19 and make an integer m ≤ 2^53 and it has at most 22
/// digits after the point (k): m / 10^k. Both are exact doubles and IEEE
/// division rounds once, so this is the correctly rounded value, as
/// `std::from_chars` gives it (Clinger's fast path, W. D. Clinger, "How to
/// read floating point numbers accurately", PLDI 1990). `nullopt`
/// otherwise (an exponent, more digits, an integer): the caller converts
/// those with `std::from_chars`. The sign is kept: "-0.0" is -0.0.
[[nodiscard]] inline std::optional<double> fast_decimal_value(std::string_view text) noexcept {
  static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char* p = text.data();
  const char* const end = p + text.size();
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  std::uint64_t m = 0;
  std::size_t digits = 0;
  std::size_t after_point = 0;
  bool point = false;
  for (; p != end; ++p) {
    const char c = *p;
    if (c >= '0' && c <= '9') {
      if (++digits > 19) return std::nullopt;
      m = m * 10 + static_cast<std::uint64_t>(c - '0');
      after_point += point ? 1 : 0;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      return std::nullopt;  // an exponent (or not a number)
    }
  }
  constexpr std::uint64_t kExactBelow = std::uint64_t{1} << 53U;
  if (!point || after_point == 0 || digits == after_point || m > kExactBelow || after_point > 22) {
    return std::nullopt;
  }
  const double value = static_cast<double>(m) / kPow10[after_point];
  return negative ? -value : value;
}

}  // namespace aoe::internal
