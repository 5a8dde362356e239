// SPDX-License-Identifier: Apache-2.0
// How numbers look: in text output µs with 3 decimals, percentages with 2,
// and "–" for no value; in JSON and CSV computed numbers rounded to the
// precision docs/format.md states ("Numbers in JSON and CSV").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace aoe::cli {

inline constexpr const char* kNoValue = "–";

/// What a number written to JSON or CSV is, and so how it is rounded
/// (docs/format.md, "Numbers in JSON and CSV"). A value read from the file
/// is written as read; a computed one (a sum, a difference, a percentage, a
/// ratio) to a stated number of decimals, so that no binary noise of the
/// arithmetic shows (`250.637`, never `250.63700000000006`).
enum class Precision {
  as_read,  ///< a value from the file (or the command line): every digit it has
  us,       ///< a computed time in µs: to 0.001 µs (`kUsDecimals`), as the files carry
  pct,      ///< a computed percentage: to 0.0001 % (`kPctDecimals`)
  ratio,    ///< a computed ratio (a speed-up): to 0.0001 (`kRatioDecimals`)
};
inline constexpr int kUsDecimals = 3;
inline constexpr int kPctDecimals = 4;
inline constexpr int kRatioDecimals = 4;

/// `v` rounded half away from zero to the decimals of `precision`: the
/// double nearest to the decimal, so that the shortest form that reads back
/// (what JSON and CSV write) has at most those decimals. `as_read`, a value
/// not finite, or one too large to have such decimals in a double (above
/// 2^53 / 10^decimals) is returned as it is; -0 becomes 0. The one rounding
/// of every JSON and CSV renderer (`number`, `JsonWriter::number_value`,
/// `csv_number`).
[[nodiscard]] double rounded(double v, Precision precision) noexcept;

/// Appends `rounded(v, precision)` as the shortest decimal that reads back
/// as it (`250.637`, `-0.5`, `12`; never an exponent), the characters
/// fmt's "{}" writes for that double, and returns true;
/// returns false and appends nothing for `as_read`, a value not finite or
/// one of 10^15 / 10^decimals or more, which the caller writes its own way.
/// The fast path of every computed number in CSV (a CSV of
/// 300,000 operators writes over a million), exact by construction: a
/// decimal of at most 15 significant digits is the shortest form of the
/// double nearest to it.
bool append_rounded(std::string& out, double v, Precision precision);

/// Appends `v` as the decimal of at most 4 places (`kPctDecimals`, the
/// most any precision has) it is the nearest double to ("1371.433",
/// "-0.5", "0.0001", "12"; never an exponent) and returns true, when it is
/// one: `v` finite, not 0, below 10^11 in magnitude and that decimal well
/// inside the doubles that round to `v` (within 7/16 of the gap to its
/// neighbours; half the gap is the edge). Returns false and appends nothing
/// otherwise (about one short decimal in eight), and the caller writes `v`
/// its own way. Exact by construction: such a decimal is the only one of
/// at most 15 significant digits that reads back as `v`, so it is both the
/// shortest form fmt's "{}" writes and the one nlohmann's `dump()` finds
/// (its search, Grisu2, narrows the interval by far less than the 1/16
/// kept here; nearer the edge it may write 17 digits). The fast path of
/// the numbers read from a file (µs to 3 decimals) in JSON and CSV.
bool append_short_decimal(std::string& out, double v);

/// Whether `append_fixed` writes a sign before a number that is not negative.
enum class Sign { negative_only, always };

/// Appends `v` with exactly `decimals` places (at most 4), the characters
/// fmt's "{:.Nf}" writes (with `Sign::always`, "{:+.Nf}": "+1.500",
/// "-0.250"), and returns true, when `v` is finite, below 10^11 in
/// magnitude and not within 0.0005 of a place of a half (where rounding is
/// fmt's own to decide); returns false and appends nothing otherwise. The
/// fast path of the text tables' µs and percentages.
bool append_fixed(std::string& out, double v, int decimals, Sign sign = Sign::negative_only);

/// "4020.430" (3 decimals); "–" for nullopt or a value that is not
/// finite (JSON's null for it: text and JSON say the same).
[[nodiscard]] std::string fmt_us(std::optional<double> us);
/// `fmt_us` with the digits before the point in groups of three, split by
/// commas ("309,875,588.156"): for the report page, read by people.
[[nodiscard]] std::string fmt_us_grouped(std::optional<double> us);
/// A formatted number ("-1234567.5", "+1234.50%") with the digits before
/// its point in groups of three split by commas ("-1,234,567.5",
/// "+1,234.50%"); text that does not start with a digit, or a sign and a
/// digit, is returned as it is.
[[nodiscard]] std::string group_thousands(std::string number);
/// "35.35%" (2 decimals); "–" for nullopt or not finite.
[[nodiscard]] std::string fmt_pct(std::optional<double> pct);
/// `pct` signed, with 2 decimals or as many more as it takes to read above
/// `limit` when it is above it: "+2.0004%" for 2.0004 over a limit of 2,
/// never "+2.00%", which would read as not above it.
[[nodiscard]] std::string fmt_signed_pct_above(double pct, double limit);
/// "1.23×"; "–" for nullopt or not finite.
[[nodiscard]] std::string fmt_ratio(std::optional<double> ratio);
/// A magnitude from which `fmt_us`, `fmt_pct` and `fmt_ratio` write four
/// significant digits with an exponent ("1.700e+308") rather than every
/// digit of a fixed point: times near a double's limit (1.8e308 µs) are no
/// measurement, and 310 digits read as none.
inline constexpr double kExponentFrom = 1e15;
/// What a change without a percentage says after an operator's name in a
/// gate's list: "from 0 µs" when the earlier time was 0, else "by a change
/// beyond a double's range" (times near 1.8e308 µs).
[[nodiscard]] std::string change_without_pct(std::optional<double> earlier_us);
/// A number as short as it reads back ("1109", "113.588725").
[[nodiscard]] std::string fmt_plain(double value);
/// "1109 s (18 min 29 s)", "4000 s (1 h 6 min 40 s)"; the seconds alone
/// below 60 s and from 10^15 s (and for infinity or NaN); "-26 s (below 0:
/// no duration)" for a negative time; "–" for nullopt.
[[nodiscard]] std::string fmt_seconds(std::optional<double> s);
/// A size in bytes as people read it: "512 B", "1.9 KiB", "3.2 MiB",
/// "1.0 GiB" (binary units, one decimal above bytes).
[[nodiscard]] std::string fmt_bytes(std::uint64_t bytes);
/// How counts are written: plain ("300000") where they are copied (the
/// terminal, JSON, CSV), grouped by commas ("300,000") on the report page,
/// where people read them.
enum class Digits { plain, grouped };
/// A count as `digits` asks: "300000" or "300,000".
[[nodiscard]] std::string fmt_count(std::size_t n, Digits digits = Digits::plain);
/// "1 operator", "2 operators": `n` and `word`, with an "s" unless `n` is 1.
[[nodiscard]] std::string plural(std::size_t n, std::string_view word,
                                 Digits digits = Digits::plain);

}  // namespace aoe::cli
