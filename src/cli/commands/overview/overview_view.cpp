// SPDX-License-Identifier: Apache-2.0
#include "commands/overview/overview_view.hpp"

#include <algorithm>
#include <utility>

#include "aoe_result/judgement.hpp"

namespace aoe::cli {

namespace {

ReportOverview report_overview(const ResultFile& file, const Report& r, ReportJudgement judged,
                               OverviewDepth depth) {
  ReportOverview view;
  view.report = &r;
  view.totals = judged.totals;
  if (r.model) view.model_improvement_pct = aoe::model_improvement_pct(*r.model);
  view.failed = std::move(judged.failed_operators);
  view.left_out = std::move(judged.left_out);
  if (depth.top > 0 && !r.operators.empty()) {
    view.top.reserve(r.operators.size());
    for (const Operator& op : r.operators)
      view.top.push_back({&file, &r, &op, nullptr, figures(op)});
    sort_rows(view.top, SortKey::saved, depth.top);
  }
  return view;
}

}  // namespace

Overview make_overview(const std::vector<ResultFile>& files, OverviewDepth depth) {
  Overview view;
  view.files.reserve(files.size());
  for (const ResultFile& f : files) {
    FileOverview file;
    file.file = &f;
    if (f.readable) {
      ++view.readable;
      // The library's judgement: the findings only when they are counted.
      Judgement judged;
      if (depth.checks) {
        judged = judge(f);
        file.errors = judged.count(Severity::error);
        file.warnings = judged.count(Severity::warning);
      }
      for (std::size_t i = 0; i < f.reports.size(); ++i) {
        const Report& r = f.reports[i];
        file.reports.push_back(
            report_overview(f, r, depth.checks ? std::move(judged.reports[i]) : judge(r), depth));
        file.totals += file.reports.back().totals;
      }
    }
    view.totals += file.totals;
    view.errors += file.errors;
    view.warnings += file.warnings;
    view.files.push_back(std::move(file));
  }
  return view;
}

}  // namespace aoe::cli
