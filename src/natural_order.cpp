// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/natural_order.hpp"

#include <cstddef>

namespace aoe {
namespace {

constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

constexpr int sign(int v) noexcept { return (v > 0) - (v < 0); }

}  // namespace

int natural_compare(std::string_view a, std::string_view b) noexcept {
  std::size_t i = 0;
  std::size_t j = 0;
  // The first difference in leading zeros between equal numbers: decides
  // only when nothing else does.
  int zeros = 0;
  while (i < a.size() && j < b.size()) {
    if (!is_digit(a[i]) || !is_digit(b[j])) {
      if (a[i] != b[j]) {
        return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
      }
      ++i;
      ++j;
      continue;
    }
    // Two digit runs: skip leading zeros, then the longer number is the
    // larger, and equal lengths compare digit by digit.
    const std::size_t a_run = i;
    const std::size_t b_run = j;
    while (i < a.size() && a[i] == '0') ++i;
    while (j < b.size() && b[j] == '0') ++j;
    const std::size_t a_digits = i;
    const std::size_t b_digits = j;
    while (i < a.size() && is_digit(a[i])) ++i;
    while (j < b.size() && is_digit(b[j])) ++j;
    const std::size_t a_len = i - a_digits;
    const std::size_t b_len = j - b_digits;
    if (a_len != b_len) return a_len < b_len ? -1 : 1;
    const int digits = a.substr(a_digits, a_len).compare(b.substr(b_digits, b_len));
    if (digits != 0) return sign(digits);
    if (zeros == 0) {
      const std::size_t a_zeros = a_digits - a_run;
      const std::size_t b_zeros = b_digits - b_run;
      if (a_zeros != b_zeros) zeros = a_zeros < b_zeros ? -1 : 1;
    }
  }
  if (i < a.size()) return 1;   // b is a prefix of a
  if (j < b.size()) return -1;  // a is a prefix of b
  return zeros;
}

}  // namespace aoe
