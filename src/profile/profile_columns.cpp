// SPDX-License-Identifier: Apache-2.0
// The header tables of op_summary and kernel_details (profile_columns.hpp).
#include "profile/profile_columns.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace aoe::internal {
namespace {

bool same_name(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// The column named one of `names` (case aside), the first in the header.
std::optional<std::size_t> column_of(const std::vector<std::string_view>& header,
                                     std::initializer_list<std::string_view> names) {
  for (std::size_t i = 0; i < header.size(); ++i) {
    const std::string_view h = trim_blanks(header[i]);
    for (const std::string_view n : names) {
      if (same_name(h, n)) return i;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view trim_blanks(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool is_absent_value(std::string_view s) noexcept {
  s = trim_blanks(s);
  return s.empty() || s == "N/A";
}

std::optional<double> parse_profile_number(std::string_view s) noexcept {
  s = trim_blanks(s);
  if (s.empty()) return std::nullopt;
  if (s.front() == '+') s.remove_prefix(1);
  double v = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<std::int64_t> parse_profile_integer(std::string_view s) noexcept {
  s = trim_blanks(s);
  if (s.empty()) return std::nullopt;
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<ProfileColumns> profile_columns(const std::vector<std::string_view>& header,
                                              std::string& why) {
  ProfileColumns c;
  c.count = header.size();
  const std::optional<std::size_t> op_name = column_of(header, {"Op Name"});
  const std::optional<std::size_t> task_duration = column_of(header, {"Task Duration(us)"});
  const std::optional<std::size_t> name = column_of(header, {"Name"});
  const std::optional<std::size_t> duration = column_of(header, {"Duration(us)"});
  if (op_name && task_duration) {
    c.format = ProfileFormat::op_summary;
    c.name = *op_name;
    c.duration = *task_duration;
    c.type = column_of(header, {"OP Type"});
    c.task_type = column_of(header, {"Task Type"});
    c.start = column_of(header, {"Task Start Time(us)"});
    c.device = column_of(header, {"Device_id"});
    c.step = column_of(header, {"Step Id"});
  } else if (name && duration) {
    c.format = ProfileFormat::kernel_details;
    c.name = *name;
    c.duration = *duration;
    c.type = column_of(header, {"Type"});
    c.task_type = column_of(header, {"Accelerator Core"});
    c.start = column_of(header, {"Start Time(us)"});
    c.device = column_of(header, {"Device_id"});
    c.step = column_of(header, {"Step Id"});
  } else {
    if (op_name) {
      why = "the header has `Op Name` but no `Task Duration(us)`";
    } else if (name) {
      why = "the header has `Name` but no `Duration(us)`";
    } else {
      why =
          "the first line is no profile header: expected `Op Name` and `Task Duration(us)` "
          "(msprof op_summary) or `Name` and `Duration(us)` (torch_npu kernel_details)";
    }
    return std::nullopt;
  }
  c.duration_name = std::string(trim_blanks(header[c.duration]));
  return c;
}

}  // namespace aoe::internal
