// SPDX-License-Identifier: Apache-2.0
// Options and views made by hand for the renderer tests (shared by
// output_test.cpp and the *_render_test.cpp files).
#pragma once

#include "aoe_result/model.hpp"

#include "commands/overview/overview_view.hpp"
#include "core/output.hpp"

namespace aoe::test {

/// No colour, 100 columns.
inline cli::RenderOptions plain() { return cli::RenderOptions{cli::Style(false)}; }

/// A view made by hand whose numbers the analysis would never give for its
/// report (the report has no operator): the renderer prints the view's.
inline cli::Overview hand_made_overview(ResultFile& file) {
  file.path = "run.json";
  file.readable = true;
  Report r;
  r.id = "report_1";
  r.tuning_name = "resnet";
  r.status = Status::successful;
  r.tuning_time_s = 12;
  file.reports.push_back(r);
  cli::Overview view;
  cli::FileOverview fv;
  fv.file = &file;
  cli::ReportOverview rv;
  rv.report = &file.reports.front();
  rv.totals.reports = 1;
  rv.totals.operators = 7;
  rv.totals.failed_operators = 2;
  rv.failed = {"x", "y"};
  fv.reports.push_back(rv);
  fv.totals = rv.totals;
  fv.warnings = 3;
  view.files.push_back(fv);
  view.totals = rv.totals;
  view.readable = 1;
  view.warnings = 3;
  return view;
}

}  // namespace aoe::test
