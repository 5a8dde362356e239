// SPDX-License-Identifier: Apache-2.0
#include "commands/overview/overview_view.hpp"

#include <algorithm>
#include <utility>

#include "aoe_result/judgement.hpp"

namespace aoe::cli {

namespace {

ReportOverview report_overview(const ResultFile& file, const Report& r, ReportJudgement judged,
                               std::size_t operators, OverviewDepth depth) {
  ReportOverview view;
  view.report = &r;
  view.totals = judged.totals;
  view.operators = operators;
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

// The overview of `files`: each report's judgement and operator count
// from `digest(i, k)` (report k of files[i]), or judged here.
template <class Digest>
Overview overview_of(const std::vector<ResultFile>& files, OverviewDepth depth, Digest digest) {
  Overview view;
  view.files.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const ResultFile& f = files[i];
    FileOverview file;
    file.file = &f;
    // The library's judgement: the findings only when they are counted
    // (an unreadable file's are the reader's, as `check` counts them).
    Judgement judged;
    if (depth.checks) {
      judged = judge(f);
      file.errors = judged.count(Severity::error);
      file.warnings = judged.count(Severity::warning);
      file.infos = judged.count(Severity::info);
      file.verdict = judged.verdict();
    }
    if (f.readable) {
      ++view.readable;
      for (std::size_t k = 0; k < f.reports.size(); ++k) {
        const Report& r = f.reports[k];
        ReportDigest d = depth.checks
                             ? ReportDigest{std::move(judged.reports[k]), r.operators.size()}
                             : digest(i, k);
        file.reports.push_back(report_overview(f, r, std::move(d.judged), d.operators, depth));
        file.totals += file.reports.back().totals;
      }
    }
    view.totals += file.totals;
    view.errors += file.errors;
    view.warnings += file.warnings;
    view.infos += file.infos;
    view.verdict = std::max(view.verdict, file.verdict);
    view.files.push_back(std::move(file));
  }
  return view;
}

}  // namespace

Overview make_overview(const std::vector<ResultFile>& files, OverviewDepth depth) {
  return overview_of(files, depth, [&](std::size_t i, std::size_t k) {
    const Report& r = files[i].reports[k];
    return ReportDigest{judge(r), r.operators.size()};
  });
}

void ReportsDigester::done(const ResultFile& file) {
  std::vector<ReportJudging> judging = take_states(file);
  std::vector<ReportDigest> out;
  out.reserve(judging.size());
  for (std::size_t k = 0; k < judging.size(); ++k) {
    const std::size_t operators = judging[k].judge.operators();
    out.push_back({std::move(judging[k].judge).finish(file.reports[k]), operators});
  }
  done_(std::move(out));
}

Overview make_overview(const std::vector<ResultFile>& files,
                       std::vector<std::vector<ReportDigest>> digests) {
  return overview_of(files, OverviewDepth{},
                     [&](std::size_t i, std::size_t k) { return std::move(digests.at(i).at(k)); });
}

}  // namespace aoe::cli
