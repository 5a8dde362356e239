// SPDX-License-Identifier: Apache-2.0
// A `report` view made from files and the page rendered from it (shared by
// report_view_test.cpp and report_render_test.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"

#include "commands/report/report_render.hpp"
#include "commands/report/report_view.hpp"

namespace aoe::test {

/// How many times `what` occurs in `s` (overlaps counted).
inline std::size_t occurrences(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
  return n;
}

/// The view of `files` (and of `baseline`), with a fixed time and path.
inline cli::ReportView view_of(const std::vector<ResultFile>& files, std::size_t rows = 5000,
                               const std::vector<ResultFile>* baseline = nullptr,
                               unsigned threads = 1) {
  cli::ReportViewOptions o;
  o.rows = rows;
  o.threads = threads;
  o.generated_at = "2026-01-01 00:00:00 UTC";
  o.paths = {"run.json"};
  return cli::make_report_view(files, baseline, o);
}

/// The page of `v`, rendered with the default options.
inline std::string page_of(const cli::ReportView& v) {
  const cli::RenderOptions options;
  return cli::report_html(v, options);
}

}  // namespace aoe::test
