// SPDX-License-Identifier: Apache-2.0
#include "log/log_lines.hpp"

#include <charconv>
#include <cstddef>

namespace aoe::internal {
namespace {

constexpr std::string_view kAoePrefix = "[Aoe]";
constexpr std::string_view kRunFinished = "Aoe process finished";
constexpr std::string_view kCostTime = "cost time";
constexpr std::string_view kImproved = "Performance improved by";
constexpr std::string_view kProcessFinished = " process finished";
constexpr std::string_view kSingleOperator = " Single operator tuning process finished";
constexpr std::string_view kTuning = " Tuning process finished";
constexpr std::string_view kReason = "Reason:";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim_line(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// A number at the start of `s` (digits, optionally a fraction); what
// follows it in `rest`.
std::optional<double> leading_number(std::string_view s, std::string_view& rest) {
  std::size_t end = 0;
  if (end < s.size() && s[end] == '-') ++end;
  const std::size_t digits_from = end;
  while (end < s.size() && is_digit(s[end])) ++end;
  if (end == digits_from) return std::nullopt;
  if (end + 1 < s.size() && s[end] == '.' && is_digit(s[end + 1])) {
    ++end;
    while (end < s.size() && is_digit(s[end])) ++end;
  }
  double value = 0.0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + end, value);
  if (ec != std::errc() || ptr != s.data() + end) return std::nullopt;
  rest = s.substr(end);
  return value;
}

// `Aoe process finished,cost time 1109s.`: the seconds, when printed and a
// duration (a number of 0 or more, then `s`); else, when `cost time` is
// printed, what follows it in `out.unread_cost_time`.
void cost_time(std::string_view after, LogLine& out) {
  const std::size_t at = after.find(kCostTime);
  if (at == std::string_view::npos) return;
  std::string_view printed = trim_line(after.substr(at + kCostTime.size()));
  std::string_view rest;
  const std::optional<double> n = leading_number(printed, rest);
  rest = trim_line(rest);
  // A sign is no duration's, "-0" neither ("finished in -0 s").
  if (n && !rest.empty() && rest.front() == 's' && printed.front() != '-') {
    out.number = n;
    return;
  }
  if (!printed.empty() && printed.back() == '.')
    printed = trim_line(printed.substr(0, printed.size() - 1));
  out.unread_cost_time = printed;
}

// The text after a code's `:`: the message, and the reason after "Reason:".
void split_reason(std::string_view text, LogLine& out) {
  const std::size_t at = text.find(kReason);
  if (at == std::string_view::npos) {
    out.message = trim_line(text);
    return;
  }
  out.message = trim_line(text.substr(0, at));
  out.reason = trim_line(text.substr(at + kReason.size()));
}

bool plog_level(std::string_view s, LogLineKind& kind) {
  if (starts_with(s, "[INFO]") || starts_with(s, "[DEBUG]") || starts_with(s, "[EVENT]")) {
    kind = LogLineKind::plog_info;
  } else if (starts_with(s, "[WARNING]") || starts_with(s, "[WARN]")) {
    kind = LogLineKind::plog_warning;
  } else if (starts_with(s, "[ERROR]")) {
    kind = LogLineKind::plog_error;
  } else {
    return false;
  }
  return true;
}

// The line without `[Aoe]` and a final `.`: an AOE event, or nothing.
bool aoe_event(std::string_view body, LogLine& out) {
  if (starts_with(body, kRunFinished)) {
    out.kind = LogLineKind::run_finished;
    cost_time(body.substr(kRunFinished.size()), out);
    return true;
  }
  if (const std::size_t at = body.find(kImproved); at != std::string_view::npos) {
    std::string_view rest;
    const std::optional<double> pct =
        leading_number(trim_line(body.substr(at + kImproved.size())), rest);
    const std::size_t name_end = body.find(kProcessFinished);
    if (!pct || trim_line(rest).substr(0, 1) != "%" || name_end == std::string_view::npos ||
        name_end > at) {
      return false;
    }
    out.kind = LogLineKind::improvement;
    out.number = pct;
    out.name = trim_line(body.substr(0, name_end));
    return true;
  }
  std::string_view head = body;
  if (!head.empty() && head.back() == '.') head.remove_suffix(1);
  for (const bool single : {true, false}) {
    const std::string_view suffix = single ? kSingleOperator : kTuning;
    if (head.size() > suffix.size() && head.substr(head.size() - suffix.size()) == suffix) {
      const std::string_view name = trim_line(head.substr(0, head.size() - suffix.size()));
      if (name.empty()) return false;
      out.kind = LogLineKind::operator_finished;
      out.name = name;
      out.single_operator = single;
      return true;
    }
  }
  return false;
}

}  // namespace

std::size_t find_log_code(std::string_view text, std::size_t& length) {
  for (std::size_t i = 0; i + 6 < text.size(); ++i) {
    const char c = text[i];
    if (c != 'E' && c != 'W') continue;
    if (i > 0 && !is_space(text[i - 1]) && text[i - 1] != ']') continue;
    const char second = text[i + 1];
    if (!((second >= 'A' && second <= 'Z') || is_digit(second))) continue;
    std::size_t end = i + 2;
    while (end < text.size() && end - (i + 2) < 6 && is_digit(text[end])) ++end;
    const std::size_t digits = end - (i + 2);
    if ((digits == 4 || digits == 5) && end < text.size() && text[end] == ':') {
      length = end - i;
      return i;
    }
  }
  return std::string_view::npos;
}

namespace {

// `line` without the colour codes (`ESC [ ... m`) a terminal-minded logger
// may put before its text.
std::string_view without_leading_colour(std::string_view line) {
  for (;;) {
    line = trim_line(line);
    if (line.size() < 3 || line[0] != '\x1b' || line[1] != '[') return line;
    std::size_t end = 2;
    while (end < line.size() && (is_digit(line[end]) || line[end] == ';')) ++end;
    if (end >= line.size() || line[end] != 'm') return line;
    line.remove_prefix(end + 1);
  }
}

}  // namespace

LogLine classify_log_line(std::string_view line) {
  LogLine out;
  const std::string_view s = without_leading_colour(line);
  if (s.empty()) {
    out.kind = LogLineKind::blank;
    return out;
  }
  std::size_t length = 0;
  if (const std::size_t at = find_log_code(s, length); at != std::string_view::npos) {
    out.kind = LogLineKind::code;
    out.code = s.substr(at, length);
    split_reason(s.substr(at + length + 1), out);
    return out;
  }
  if (starts_with(s, kReason)) {
    out.kind = LogLineKind::reason;
    out.reason = trim_line(s.substr(kReason.size()));
    return out;
  }
  if (plog_level(s, out.kind)) return out;
  const bool aoe = starts_with(s, kAoePrefix);
  if (aoe_event(aoe ? trim_line(s.substr(kAoePrefix.size())) : s, out)) return out;
  out.kind = aoe ? LogLineKind::aoe_other : LogLineKind::unknown;
  return out;
}

}  // namespace aoe::internal
