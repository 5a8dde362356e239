// SPDX-License-Identifier: Apache-2.0
// Options, views and runs made by hand for the renderer tests (shared by
// output_test.cpp and the *_render_test.cpp files).
#pragma once

#include <algorithm>
#include <cstddef>
#include <sstream>
#include <string>

#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

#include "commands/overview/overview_view.hpp"
#include "core/output.hpp"
#include "text/term.hpp"

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
  fv.verdict = Verdict::passed_with_warnings;
  view.files.push_back(fv);
  view.totals = rv.totals;
  view.readable = 1;
  view.warnings = 3;
  view.verdict = Verdict::passed_with_warnings;
  return view;
}

/// A run (a result file at `path`) of two operators: a Conv2D tuned from
/// 100 to `x_after` µs and a MatMul from 40 to `y_after` µs.
inline ResultFile run(double x_after, double y_after, const std::string& path) {
  const std::string json =
      R"J([{"OPAT": {"opat_tuning_result": "tuning successful", "repo_modified_operators": [
      {"op_name": "conv_with_a_rather_long_name_0", "op_type": "Conv2D", "tune_performance": {"Schedule": {
        "performance_before_tune(us)": 100, "performance_after_tune(us)": )J" +
      std::to_string(x_after) + R"J(, "update_mode": "add"}}},
      {"op_name": "matmul_1", "op_type": "MatMul", "tune_performance": {"Impl": {
        "performance_before_tune(us)": 40, "performance_after_tune(us)": )J" +
      std::to_string(y_after) + R"J(, "update_mode": "add"}}}],
      "repo_summary": {"repo_add_num": 2, "repo_hit_num": 0, "repo_reserved_num": 0,
        "repo_unsatisfied_num": 0, "repo_update_num": 0, "total_num": 2}}}])J";
  return read_result_text(json, path);
}

/// The widest line of `text`, in terminal columns.
inline std::size_t widest(const std::string& text) {
  std::size_t w = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) w = std::max(w, cli::display_width(line));
  return w;
}

}  // namespace aoe::test
