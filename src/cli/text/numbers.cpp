// SPDX-License-Identifier: Apache-2.0
#include "text/numbers.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace aoe::cli {

namespace {
// Avoids printing "-0.000" for a tiny negative value.
double tidy(double v, double unit) { return std::fabs(v) < unit / 2 ? 0.0 : v; }
}  // namespace

namespace {

int decimals_of(Precision precision) noexcept {
  switch (precision) {
    case Precision::us:
      return kUsDecimals;
    case Precision::pct:
      return kPctDecimals;
    case Precision::ratio:
      return kRatioDecimals;
    case Precision::as_read:
      break;
  }
  return 0;
}

constexpr std::array<std::uint64_t, 5> kPowersOfTen{1, 10, 100, 1000, 10000};
static_assert(kUsDecimals < 5 && kPctDecimals < 5 && kRatioDecimals < 5);

}  // namespace

double rounded(double v, Precision precision) noexcept {
  if (precision == Precision::as_read) return v;
  const int decimals = decimals_of(precision);
  double scale = 1;  // 10^decimals, exact
  for (int i = 0; i < decimals; ++i) scale *= 10;
  constexpr double kExact = 9007199254740992.0;  // 2^53: every whole number below is a double
  if (!std::isfinite(v) || std::fabs(v) * scale >= kExact) return v;
  // n / scale of a whole n is correctly rounded: the double nearest to n × 10^-decimals.
  return std::round(v * scale) / scale + 0.0;  // + 0.0: -0 becomes 0
}

namespace {

// Appends whole / 10^decimals with no trailing zeros after the point
// ("-250.637", "12"); |whole| below 10^15.
void append_scaled(std::string& out, std::int64_t whole, int decimals) {
  if (whole == 0) {
    out += '0';
    return;
  }
  const std::uint64_t magnitude =
      whole < 0 ? static_cast<std::uint64_t>(-whole) : static_cast<std::uint64_t>(whole);
  const std::uint64_t unit = kPowersOfTen[static_cast<std::size_t>(decimals)];
  char digits[32];
  char* end = digits;
  if (whole < 0) *end++ = '-';
  end = std::to_chars(end, digits + sizeof digits, magnitude / unit).ptr;
  std::uint64_t fraction = magnitude % unit;
  if (fraction != 0) {
    int places = decimals;
    while (fraction % 10 == 0) {  // no trailing zeros
      fraction /= 10;
      --places;
    }
    *end++ = '.';
    for (int i = places - 1; i >= 0; --i) {
      end[i] = static_cast<char>('0' + fraction % 10);
      fraction /= 10;
    }
    end += places;
  }
  out.append(digits, static_cast<std::size_t>(end - digits));
}

}  // namespace

bool append_short_decimal(std::string& out, double v) {
  constexpr int kDecimals = kPctDecimals;
  constexpr double kScale = 10000.0;
  static_assert(kDecimals == 4);
  // Below 10^11, v × 10^4 is below 10^15: a decimal of at most 15 digits.
  constexpr double kLimit = 1e11;
  if (!std::isfinite(v) || v == 0 || !(std::fabs(v) < kLimit)) return false;
  const double whole = std::round(v * kScale);
  // v × 10^4 − whole, rounded once: (v − decimal) × 10^4.
  const double residual = std::fma(v, kScale, -whole);
  const double gap = std::min(v - std::nextafter(v, -HUGE_VAL), std::nextafter(v, HUGE_VAL) - v);
  // Within 7/16 of the gap, so 1/16 of it inside the rounding interval of
  // v (half the gap each way): nlohmann's search (Grisu2) narrows that
  // interval by a few units of 2^-63 of v, well under 1/16 of the gap (at
  // least 2^-55 of v); the decimal then lies in what it searches.
  constexpr double kWithin = 7.0 / 16;
  if (whole == 0 || !(std::fabs(residual) < gap * kScale * kWithin)) return false;
  append_scaled(out, static_cast<std::int64_t>(whole), kDecimals);
  return true;
}

bool append_fixed(std::string& out, double v, int decimals, Sign sign) {
  if (decimals < 0 || decimals > 4 || !std::isfinite(v) || !(std::fabs(v) < 1e11)) return false;
  const auto unit = kPowersOfTen[static_cast<std::size_t>(decimals)];
  const auto scale = static_cast<double>(unit);
  const double whole = std::round(v * scale);
  // v × 10^decimals − whole, rounded once: under a half (by a margin far
  // above that rounding), whole is the exact value's nearest integer, the
  // digits a correctly rounded "{:.Nf}" writes.
  if (!(std::fabs(std::fma(v, scale, -whole)) < 0.4995)) return false;
  const auto magnitude = static_cast<std::uint64_t>(std::fabs(whole));
  char digits[32];
  char* end = digits;
  if (std::signbit(v)) {
    *end++ = '-';  // also for a value that rounds to 0, as fmt writes it
  } else if (sign == Sign::always) {
    *end++ = '+';
  }
  end = std::to_chars(end, digits + sizeof digits, magnitude / unit).ptr;
  if (decimals > 0) {
    *end++ = '.';
    std::uint64_t fraction = magnitude % unit;
    for (int i = decimals - 1; i >= 0; --i) {
      end[i] = static_cast<char>('0' + fraction % 10);
      fraction /= 10;
    }
    end += decimals;
  }
  out.append(digits, static_cast<std::size_t>(end - digits));
  return true;
}

bool append_rounded(std::string& out, double v, Precision precision) {
  const int decimals = decimals_of(precision);
  if (decimals == 0 || !std::isfinite(v)) return false;
  const double scaled = v * static_cast<double>(kPowersOfTen[static_cast<std::size_t>(decimals)]);
  // Below 10^15, the decimal has at most 15 significant digits: every
  // other decimal that short reads back as another double, so the
  // shortest form of the double nearest to it is the decimal itself.
  constexpr double kFifteenDigits = 1e15;
  if (!(std::fabs(scaled) < kFifteenDigits)) return false;
  // as `rounded` rounds
  append_scaled(out, static_cast<std::int64_t>(std::round(scaled)), decimals);
  return true;
}

std::string change_without_pct(std::optional<double> earlier_us) {
  return earlier_us && *earlier_us == 0 ? "from 0 µs" : "by a change beyond a double's range";
}

std::string fmt_us(std::optional<double> us) {
  if (!us || !std::isfinite(*us)) return kNoValue;
  if (std::fabs(*us) >= kExponentFrom) return fmt::format("{:.3e}", *us);
  const double v = tidy(*us, 0.001);
  std::string out;
  return append_fixed(out, v, 3) ? out : fmt::format("{:.3f}", v);
}

std::string group_thousands(std::string number) {
  const std::size_t digits_from = !number.empty() && (number[0] == '-' || number[0] == '+') ? 1 : 0;
  if (number.size() <= digits_from ||
      !std::isdigit(static_cast<unsigned char>(number[digits_from]))) {
    return number;
  }
  std::size_t end = digits_from;
  while (end < number.size() && std::isdigit(static_cast<unsigned char>(number[end]))) ++end;
  for (std::size_t at = end; at > digits_from + 3; at -= 3) number.insert(at - 3, 1, ',');
  return number;
}

std::string fmt_us_grouped(std::optional<double> us) { return group_thousands(fmt_us(us)); }

std::string fmt_pct(std::optional<double> pct) {
  if (!pct || !std::isfinite(*pct)) return kNoValue;
  if (std::fabs(*pct) >= kExponentFrom) return fmt::format("{:.3e}%", *pct);
  const double v = tidy(*pct, 0.01);
  std::string out;
  return append_fixed(out, v, 2) ? out + '%' : fmt::format("{:.2f}%", v);
}

std::string fmt_signed_pct_above(double pct, double limit) {
  for (int decimals = 2; decimals < 6; ++decimals) {
    const double scale = std::pow(10.0, decimals);
    // Above the limit as printed: the value rounded down at this precision.
    if (pct <= limit || std::floor(pct * scale) / scale > limit) {
      return fmt::format("{:+.{}f}%", pct, decimals);
    }
  }
  return fmt::format("{:+}%", pct);  // every digit it takes
}

std::string fmt_ratio(std::optional<double> ratio) {
  if (!ratio || !std::isfinite(*ratio)) return kNoValue;
  return std::fabs(*ratio) >= kExponentFrom ? fmt::format("{:.3e}×", *ratio)
                                            : fmt::format("{:.3f}×", *ratio);
}

std::string fmt_plain(double value) { return fmt::format("{}", value); }

std::string fmt_bytes(std::uint64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes) / 1024.0;
  std::size_t unit = 0;
  while (v >= 1024.0 && unit + 1 < std::size(kUnits)) {
    v /= 1024.0;
    ++unit;
  }
  return fmt::format("{:.1f} {}", v, kUnits[unit]);
}

std::string fmt_count(std::size_t n, Digits digits) {
  std::string plain = fmt::format("{}", n);
  return digits == Digits::grouped ? group_thousands(std::move(plain)) : plain;
}

std::string plural(std::size_t n, std::string_view word, Digits digits) {
  return fmt::format("{} {}{}", fmt_count(n, digits), word, n == 1 ? "" : "s");
}

std::string fmt_seconds(std::optional<double> s) {
  if (!s) return kNoValue;
  std::string out = fmt::format("{} s", *s);
  // As read, and said to be no duration (`check` finds it: negative-time).
  if (*s < 0) return out + " (below 0: no duration)";
  // Split into hours, minutes and seconds only where the whole seconds
  // are exact in a 64-bit integer (1e300 s, or infinity, is no duration
  // to split: llround would overflow).
  if (*s >= 60 && *s < 1e15) {
    const auto total = static_cast<long long>(std::llround(*s));
    const long long h = total / 3600;
    const long long m = (total % 3600) / 60;
    const long long sec = total % 60;
    out += h > 0 ? fmt::format(" ({} h {} min {} s)", h, m, sec)
                 : fmt::format(" ({} min {} s)", m, sec);
  }
  return out;
}

}  // namespace aoe::cli
