// SPDX-License-Identifier: Apache-2.0
// One line of AOE's console output, classified: the only code that knows
// the documented spellings (include/aoe_result/log.hpp lists them). Knows
// nothing of files, streams or line numbers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aoe::internal {

/// What a line is.
enum class LogLineKind {
  run_finished,       ///< `[Aoe]Aoe process finished,cost time <N>s.`
  operator_finished,  ///< `[Aoe]<op> [Single operator t|T]uning process finished.`
  improvement,        ///< `<name> process finished. Performance improved by <xx>%`
  code,               ///< a line holding `<code>:` (an error or warning code)
  reason,             ///< `Reason: ...` alone (the reason of the code line before)
  aoe_other,          ///< another `[Aoe]` line
  plog_info,          ///< `[INFO]`, `[DEBUG]`, `[EVENT]`
  plog_warning,       ///< `[WARNING]`
  plog_error,         ///< `[ERROR]`
  blank,              ///< empty or white space only
  unknown,            ///< anything else
};

/// A line classified, with what it says. Views point into the line.
struct LogLine {
  LogLineKind kind = LogLineKind::unknown;
  std::string_view name;  ///< the operator or the improved thing
  /// `operator_finished`: true for 6.0.1's `Single operator tuning`.
  bool single_operator = false;
  std::optional<double> number;  ///< cost time in s, or the improvement in %
  /// `run_finished` whose cost time is printed but no duration (`-5s`,
  /// `abc`): the text after `cost time`, trimmed, without the final `.`.
  std::optional<std::string_view> unread_cost_time;
  std::string_view code;                   ///< `code`: "EG0013"
  std::string_view message;                ///< `code`: the text after the code, before "Reason:"
  std::optional<std::string_view> reason;  ///< `code`, `reason`: after "Reason:"
};

/// Classifies `line` (without its line end; a CR at its end is ignored).
[[nodiscard]] LogLine classify_log_line(std::string_view line);

/// The first `<code>:` in `text` at the start or after white space or `]`:
/// `E` or `W`, a capital letter or digit, then 4 or 5 digits; its offset,
/// or npos.
[[nodiscard]] std::size_t find_log_code(std::string_view text, std::size_t& length);

}  // namespace aoe::internal
