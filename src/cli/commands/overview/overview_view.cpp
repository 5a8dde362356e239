// SPDX-License-Identifier: Apache-2.0
#include "commands/overview/overview_view.hpp"

#include <algorithm>

#include "aoe_result/check.hpp"

namespace aoe::cli {

namespace {

ReportOverview report_overview(const ResultFile& file, const Report& r, OverviewDepth depth) {
  ReportOverview view;
  view.report = &r;
  view.totals = totals(r);
  if (r.model) view.model_improvement_pct = aoe::model_improvement_pct(*r.model);
  view.failed = unique_failed_operators(r);
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
    file.totals = totals(f);
    if (f.readable) {
      ++view.readable;
      for (const Report& r : f.reports) file.reports.push_back(report_overview(f, r, depth));
      if (depth.checks) {
        const std::vector<Diagnostic> findings = check(f);
        file.errors = count(findings, Severity::error);
        file.warnings = count(findings, Severity::warning);
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
