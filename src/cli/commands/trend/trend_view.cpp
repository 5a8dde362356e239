// SPDX-License-Identifier: Apache-2.0
#include "commands/trend/trend_view.hpp"

#include <fmt/format.h>

#include "aoe_result/locate.hpp"

#include "io/inputs.hpp"

namespace aoe::cli {

std::string default_run_label(const std::string& path) {
  if (path == "-" || path == "<stdin>") return "<stdin>";
  const std::string name = std::filesystem::path(path).filename().string();
  if (const auto stamp = result_file_timestamp(name)) return *stamp;
  return name.empty() ? path : name;
}

TrendView make_trend_view(const std::vector<ResultFile>& files,
                          const std::vector<std::string>& labels, const TrendQuery& query) {
  std::vector<std::string> names;
  names.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    names.push_back(i < labels.size() && !labels[i].empty() ? labels[i]
                                                            : default_run_label(files[i].path));
  }
  TrendView view;
  view.trend = trend(files, names, query.spec);
  view.matched = view.trend.series.size();
  view.fail_above_pct = query.fail_above_pct;
  view.ignore_artefacts = query.ignore_artefacts;
  if (query.fail_above_pct) {
    for (const TrendSeries* s :
         over_limit(view.trend, *query.fail_above_pct, query.ignore_artefacts)) {
      ++view.over_limit_count;
      std::string name = s->op_name;
      if (s->mode) name += " (" + *s->mode + ")";
      name += s->change_prev_last_pct ? fmt::format(" {:+.2f}%", *s->change_prev_last_pct)
                                      : std::string(" from 0 µs");
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

}  // namespace aoe::cli
