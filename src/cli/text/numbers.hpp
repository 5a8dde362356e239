// SPDX-License-Identifier: Apache-2.0
// How numbers look in text output: µs with 3 decimals, percentages with 2,
// and "–" for no value.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace aoe::cli {

inline constexpr const char* kNoValue = "–";

/// "4020.430" (3 decimals); "–" for nullopt.
[[nodiscard]] std::string fmt_us(std::optional<double> us);
/// "35.35%" (2 decimals); "–" for nullopt.
[[nodiscard]] std::string fmt_pct(std::optional<double> pct);
/// `pct` signed, with 2 decimals or as many more as it takes to read above
/// `limit` when it is above it: "+2.0004%" for 2.0004 over a limit of 2,
/// never "+2.00%", which would read as not above it.
[[nodiscard]] std::string fmt_signed_pct_above(double pct, double limit);
/// "1.23×"; "–" for nullopt.
[[nodiscard]] std::string fmt_ratio(std::optional<double> ratio);
/// A number as short as it reads back ("1109", "113.588725").
[[nodiscard]] std::string fmt_plain(double value);
/// "1109 s (18 min 29 s)"; "–" for nullopt.
[[nodiscard]] std::string fmt_seconds(std::optional<double> s);
/// "1 operator", "2 operators": `n` and `word`, with an "s" unless `n` is 1.
[[nodiscard]] std::string plural(std::size_t n, std::string_view word);

}  // namespace aoe::cli
