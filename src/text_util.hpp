// SPDX-License-Identifier: Apache-2.0
// Small text helpers shared by the library's sources (namespace
// aoe::internal: not API, not installed).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace aoe::internal {

/// Whether `a` and `b` are equal ignoring ASCII case ("Conv2D", "conv2d").
[[nodiscard]] bool equal_ignoring_case(std::string_view a, std::string_view b) noexcept;

/// `s` without leading and trailing ASCII white space.
[[nodiscard]] std::string_view trim(std::string_view s) noexcept;

/// Parses a whole decimal number ("99", " 72.046", "-1e3"); `nullopt` when
/// `s` is not one finite number.
[[nodiscard]] std::optional<double> parse_decimal(std::string_view s) noexcept;

/// The shortest text that reads back as `value` ("99", "72.046").
[[nodiscard]] std::string format_number(double value);

/// `s` for quoting in a message: at most `max_bytes` bytes, cut at a UTF-8
/// character boundary and ended with "..." when longer, so a name of tens of
/// megabytes never makes a diagnostic of the same size.
[[nodiscard]] std::string shorten_for_message(std::string_view s, std::size_t max_bytes = 80);

/// "1 operator", "2 operators": `n` and `word`, with an "s" unless `n` is 1.
[[nodiscard]] std::string plural(std::size_t n, std::string_view word);

}  // namespace aoe::internal

namespace aoe {
using internal::equal_ignoring_case;
using internal::format_number;
using internal::parse_decimal;
using internal::shorten_for_message;
using internal::trim;
}  // namespace aoe
