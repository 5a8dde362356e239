// SPDX-License-Identifier: Apache-2.0
// Number options (thresholds and counts) and choice options (--format,
// --color, --sort, --mode): one rule for every command. A value is a finite
// number in the option's range, or one of the option's names, or a usage
// error (exit 2) whose one-line message names the option and says in words
// what it takes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace aoe::cli {

/// What a number option accepts.
struct NumberSpec {
  enum class Kind {
    percent,  ///< a percentage: a decimal number; a trailing `%` is read as the number ("5%" is 5)
    count,    ///< a whole number (decimal digits only)
    amount,   ///< a decimal number of `unit` (seconds, minutes): no `%`
  };
  Kind kind = Kind::percent;
  /// The smallest value accepted; `nullopt`: any (a percentage may be
  /// negative, e.g. `--min-improvement -5`).
  std::optional<double> min;
  /// The largest value accepted; `nullopt`: any finite value.
  std::optional<double> max;
  /// For `amount`: what it counts, in words ("seconds").
  std::string_view unit = {};
  /// `min` itself is refused: the value must be above it ("above 0").
  bool above_min = false;
};

/// A percentage of any finite value.
inline constexpr NumberSpec kAnyPercent{NumberSpec::Kind::percent, std::nullopt, std::nullopt};
/// A percentage of 0 or more.
inline constexpr NumberSpec kPercentAtLeastZero{NumberSpec::Kind::percent, 0.0, std::nullopt};

/// What the option takes, in words: "a percentage, 0 or more, such as 5
/// or 2.5 (5% reads as 5)", "a whole number from 1 to 1000000", "a number
/// of seconds above 0 and at most 86400, such as 1 or 0.5".
[[nodiscard]] std::string accepted_words(const NumberSpec& spec);

/// The outcome of reading a number option.
struct NumberReading {
  std::optional<double> value;  ///< the number; `nullopt` when `problem` says why not
  /// Empty when read; else one line: "'nan' is not a number: it takes …".
  std::string problem;
};

/// Reads `text` by `spec`: the whole text must be one number (no spaces,
/// no hex, no `nan`/`inf`, nothing beyond ±1.8e308), within the range. Never
/// throws (but `std::bad_alloc`).
[[nodiscard]] NumberReading read_number(std::string_view text, const NumberSpec& spec);

/// A CLI11 transform for an option of `spec`: rejects what `read_number`
/// rejects (CLI11 then exits 2 with "OPTION: problem") and hands the number
/// on in plain digits, so "5%" reaches a `double` as 5. Its description is
/// empty, so `--help` shows only the option's own value name.
[[nodiscard]] CLI::Validator number_option(const NumberSpec& spec);

/// One name an option takes and the text handed on when it is given: the
/// name itself for a string option, the enumerator's number for an enum.
struct Choice {
  std::string name;
  std::string value;
};

/// A CLI11 transform for an option that takes one of `choices` by name,
/// ignoring case ("JSON" is json). Anything else (a number included: an
/// enum's numbers are not names) is refused with "'xml' is not one of
/// text, json, csv"; CLI11 then exits 2 with "OPTION: …". Its description
/// is empty, so `--help` shows only the option's own text.
[[nodiscard]] CLI::Validator choice_option(std::vector<Choice> choices);

/// `choice_option` for an enum option: each name hands on its enumerator.
template <class Enum>
[[nodiscard]] CLI::Validator enum_choice_option(
    const std::vector<std::pair<std::string, Enum>>& names) {
  std::vector<Choice> choices;
  for (const auto& [name, e] : names) {
    choices.push_back({name, std::to_string(static_cast<long long>(e))});
  }
  return choice_option(std::move(choices));
}

/// Accepts a finite number (percentages): rejects "nan", "inf" and words.
[[nodiscard]] const CLI::Validator& finite_number();

}  // namespace aoe::cli
