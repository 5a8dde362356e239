// SPDX-License-Identifier: Apache-2.0
#include "commands/trend/trend_view.hpp"

#include <utility>

#include <fmt/format.h>

#include "aoe_result/locate.hpp"

#include "io/inputs.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

std::string default_run_label(const std::string& path) {
  if (path == "-" || path == "<stdin>") return "<stdin>";
  const std::string name = std::filesystem::path(path).filename().string();
  if (const auto stamp = result_file_timestamp(name)) return *stamp;
  return name.empty() ? path : name;
}

std::vector<std::string> run_labels(const std::vector<ResultFile>& files,
                                    const std::vector<std::string>& labels) {
  std::vector<std::string> names;
  names.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    names.push_back(i < labels.size() && !labels[i].empty() ? labels[i]
                                                            : default_run_label(files[i].path));
  }
  return names;
}

TrendView make_trend_view(const std::vector<ResultFile>& files,
                          const std::vector<std::string>& labels, const TrendQuery& query) {
  return make_trend_view(trend(files, run_labels(files, labels), query.spec), query);
}

TrendView make_trend_view(Trend trend, const TrendQuery& query) {
  TrendView view;
  view.trend = std::move(trend);
  view.matched = view.trend.series.size();
  const RowFilter& filter = query.spec.filter;
  view.filtered = !filter.types.empty() || filter.name || filter.mode || filter.min_improvement_pct;
  view.fail_above_pct = query.fail_above_pct;
  view.ignore_artefacts = query.ignore_artefacts;
  if (query.fail_above_pct) {
    view.judged = judgeable(view.trend);
    view.runs_with_operators = runs_with_operators(view.trend);
    for (const TrendSeries* s :
         over_limit(view.trend, *query.fail_above_pct, query.ignore_artefacts)) {
      ++view.over_limit_count;
      std::string name = s->op_name;
      if (s->mode) name += " (" + *s->mode + ")";
      if (s->failed_last_after_tuned) {
        ++view.failed_last_count;
        view.failed_last_names.push_back(std::move(name));
        continue;
      }
      name += s->change_prev_last_pct
                  ? " " + fmt_signed_pct_above(*s->change_prev_last_pct, *query.fail_above_pct)
                  : " " + change_without_pct(s->previous_run ? s->points[*s->previous_run].after_us
                                                             : std::nullopt);
      view.over_limit_names.push_back(std::move(name));
    }
  }
  if (query.top > 0 && view.trend.series.size() > query.top) view.trend.series.resize(query.top);
  for (const TrendSeries& s : view.trend.series) {
    view.over_limit.push_back(query.fail_above_pct &&
                              aoe::over_limit(s, *query.fail_above_pct, query.ignore_artefacts));
  }
  return view;
}

std::string trend_gate_options(const TrendView& view) {
  return "--fail-above " + fmt_plain(view.fail_above_pct.value_or(0)) +
         (view.ignore_artefacts ? " --ignore-artefacts" : "");
}

std::string trend_gate_finding(const TrendView& view, bool names) {
  const std::string limit = fmt_plain(view.fail_above_pct.value_or(0));
  if (!view.judged) {
    return view.runs_with_operators < 2
               ? fmt::format(
                     "{} of {} held an operator, so nothing was compared",
                     view.runs_with_operators == 0 ? std::string("none") : std::string("only 1"),
                     plural(view.trend.runs.size(), "run"))
               : std::string(
                     "no operator has a time in the last run and in an earlier one, so "
                     "nothing was compared");
  }
  const auto joined = [](const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& n : list) out += (out.empty() ? "" : ", ") + escape_text(n);
    return out;
  };
  std::string out;
  if (view.failed_last_count > 0) {
    out = fmt::format("{} failed in the last run after being tuned in an earlier one",
                      plural(view.failed_last_count, "operator"));
    if (names) out += " (" + joined(view.failed_last_names) + ")";
  }
  const std::size_t n_slower = view.over_limit_count - view.failed_last_count;
  if (n_slower > 0 || out.empty()) {
    out += fmt::format("{}{} slower in the last run than in {} previous run by more than {}%",
                       out.empty() ? "" : ", ", gate_count(n_slower, "operator"),
                       n_slower > 1 ? "their" : "its", limit);
    if (names && n_slower > 0) out += ": " + joined(view.over_limit_names);
  }
  return out;
}

}  // namespace aoe::cli
