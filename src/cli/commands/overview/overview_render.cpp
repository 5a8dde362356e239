// SPDX-License-Identifier: Apache-2.0
#include "commands/overview/overview_render.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "text/markdown.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

std::string status_word(Status status, const Style& style) {
  const std::string name(to_string(status));
  switch (status) {
    case Status::successful:
      return style.green(name);
    case Status::failed:
      return style.red(name);
    case Status::incomplete:
      return style.yellow(name);
    case Status::unknown:
      break;
  }
  return style.dim(name);
}

std::string status_cell(Status status) {
  switch (status) {
    case Status::successful:
      return "✅ successful";
    case Status::failed:
      return "❌ failed";
    case Status::incomplete:
      return "⚠️ incomplete";
    case Status::unknown:
      break;
  }
  return "unknown";
}

std::string_view missing_tuning_time(bool written, Status status) {
  if (written) return "written, but no usable number: see its error";
  const bool finished = status == Status::successful || status == Status::failed;
  return finished ? "not written" : "not written: the run was interrupted?";
}

std::string repo_text(const RepoSummary& s, Digits digits) {
  const auto n = [digits](const std::optional<std::int64_t>& v) {
    if (!v) return std::string(kNoValue);
    return digits == Digits::grouped ? group_thousands(std::to_string(*v)) : std::to_string(*v);
  };
  return fmt::format("{} added, {} hit ({} updated, {} reserved), {} unsatisfied, {} total",
                     n(s.add_num), n(s.hit_num), n(s.update_num), n(s.reserved_num),
                     n(s.unsatisfied_num), n(s.total_num));
}

std::string totals_text(const Totals& t) {
  if (t.timed_operators == 0) return "no timed operator";
  return fmt::format("{} → {} µs, saved {} µs (improvement {}), geomean speed-up {}",
                     fmt_us(t.time_before_us), fmt_us(t.time_after_us), fmt_us(t.saved_us()),
                     fmt_pct(t.improvement_pct()), fmt_ratio(t.geomean_speedup()));
}

std::string left_out_text(const std::vector<LeftOut>& left_out, EscapeFor for_output,
                          std::size_t shown) {
  if (left_out.empty()) return {};
  const auto escape = [for_output](const std::string& s) {
    return for_output == EscapeFor::markdown ? md_escape(s) : escape_text(s);
  };
  std::string names;
  for (std::size_t i = 0; i < left_out.size() && i < shown; ++i) {
    names += (i == 0 ? "" : ", ") + escape(left_out[i].op) + " (" +
             std::string(to_string(left_out[i].reason)) + ")";
  }
  if (left_out.size() > shown) names += fmt::format(" and {} more", left_out.size() - shown);
  return fmt::format("{} left out: {}", plural(left_out.size(), "operator"), names);
}

std::string fitted_task_name(const std::string& name, std::string_view id, std::size_t width) {
  const std::size_t taken = display_width(id) + 2;
  return shorten_middle(name, std::max<std::size_t>(20, width > taken ? width - taken : 0));
}

}  // namespace aoe::cli
