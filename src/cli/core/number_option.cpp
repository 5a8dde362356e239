// SPDX-License-Identifier: Apache-2.0
#include "core/number_option.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <system_error>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

char to_lower_ascii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// A bound as a person writes it: "1000000000", "0", "2.5".
std::string bound(double v) { return fmt::format("{}", v); }

std::string range_words(const NumberSpec& spec) {
  if (spec.min && spec.max) {
    return spec.above_min
               ? fmt::format("above {} and at most {}", bound(*spec.min), bound(*spec.max))
               : fmt::format("from {} to {}", bound(*spec.min), bound(*spec.max));
  }
  if (spec.min) {
    return spec.above_min ? fmt::format("above {}", bound(*spec.min))
                          : fmt::format("{} or more", bound(*spec.min));
  }
  if (spec.max) return fmt::format("at most {}", bound(*spec.max));
  return {};
}

// Why a number that from_chars found out of a double's range is refused:
// beyond ±1.8e308 it is too large; nearer 0 than the smallest subnormal
// (4.9e-324, e.g. 5e-400) it would read as 0, which is not what was
// written. It is refused rather than taken as 0: 0 may be outside the
// range (--interval is above 0), and where it is not, a gate of "at least
// 5e-400" is not one of "at least 0". strtod tells the two apart (HUGE_VAL
// on overflow, a magnitude at most DBL_MIN on underflow); from_chars has
// already checked the syntax, so its locale does not matter here.
std::string out_of_range_words(std::string_view number, const NumberSpec& spec) {
  const std::string copy(number);
  if (std::fabs(std::strtod(copy.c_str(), nullptr)) >= 1.0) return " is too large";
  const bool zero_taken = (!spec.min || *spec.min < 0.0 || (*spec.min == 0.0 && !spec.above_min)) &&
                          (!spec.max || *spec.max >= 0.0);
  return zero_taken ? " is too small to be represented (write 0 for zero)"
                    : " is too small to be represented";
}

}  // namespace

std::string accepted_words(const NumberSpec& spec) {
  const std::string range = range_words(spec);
  if (spec.kind == NumberSpec::Kind::count) {
    return range.empty() ? "a whole number" : "a whole number " + range;
  }
  if (spec.kind == NumberSpec::Kind::amount) {
    return fmt::format("a number of {}{}{}, such as 1 or 0.5", spec.unit, range.empty() ? "" : " ",
                       range);
  }
  return fmt::format("a percentage{}{} such as 5 or 2.5 (5% reads as 5)", range.empty() ? "" : ", ",
                     range.empty() ? "," : range + ",");
}

NumberReading read_number(std::string_view text, const NumberSpec& spec) {
  const auto fail = [&](std::string why) {
    return NumberReading{std::nullopt, fmt::format("{}; it takes {}", why, accepted_words(spec))};
  };
  std::string_view s = text;
  if (s.empty()) return fail("the value is empty");
  if (spec.kind == NumberSpec::Kind::percent && s.back() == '%') s.remove_suffix(1);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty() || s.front() == '+') return fail(quoted_value(text) + " is not a number");
  double value = 0;
  if (spec.kind == NumberSpec::Kind::count) {
    if (s.find_first_not_of("0123456789") != std::string_view::npos) {
      const bool negative = s.front() == '-' && s.size() > 1 &&
                            s.find_first_not_of("0123456789", 1) == std::string_view::npos;
      return fail(quoted_value(text) + (negative ? " is below 0" : " is not a whole number"));
    }
    // Digits only: a run longer than any bound is too large, whatever its value.
    const std::size_t digits = s.size() - std::min(s.find_first_not_of('0'), s.size());
    if (digits > 18) return fail(quoted_value(text) + " is too large");
    std::uint64_t n = 0;
    (void)std::from_chars(s.data(), s.data() + s.size(), n);
    value = static_cast<double>(n);
  } else {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc::result_out_of_range)
      return fail(quoted_value(text) + out_of_range_words(s, spec));
    if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(value)) {
      return fail(quoted_value(text) + " is not a number");
    }
  }
  if (spec.min && value < *spec.min) {
    return fail(fmt::format("{} is below {}", quoted_value(text), bound(*spec.min)));
  }
  if (spec.min && spec.above_min && !(value > *spec.min)) {
    return fail(fmt::format("{} is not above {}", quoted_value(text), bound(*spec.min)));
  }
  if (spec.max && value > *spec.max) {
    return fail(fmt::format("{} is above {}", quoted_value(text), bound(*spec.max)));
  }
  return NumberReading{value, {}};
}

CLI::Validator number_option(const NumberSpec& spec) {
  return CLI::Validator(
      [spec](std::string& text) -> std::string {
        const NumberReading r = read_number(text, spec);
        if (!r.value) return r.problem;
        text = spec.kind == NumberSpec::Kind::count ? fmt::format("{:.0f}", *r.value)
                                                    : fmt::format("{}", *r.value);
        return {};
      },
      std::string{});
}

CLI::Validator choice_option(std::vector<Choice> choices) {
  return CLI::Validator(
      [choices = std::move(choices)](std::string& text) -> std::string {
        const auto same = [&text](const std::string& name) {
          return std::equal(name.begin(), name.end(), text.begin(), text.end(),
                            [](char a, char b) { return to_lower_ascii(a) == to_lower_ascii(b); });
        };
        std::string names;
        for (const Choice& c : choices) {
          if (same(c.name)) {
            text = c.value;
            return {};
          }
          names += (names.empty() ? "" : ", ") + c.name;
        }
        return aoe::cli::quoted_value(text) + " is not one of " + names;
      },
      std::string{});
}

const CLI::Validator& finite_number() {
  static const CLI::Validator validator = number_option(kAnyPercent);
  return validator;
}

}  // namespace aoe::cli
