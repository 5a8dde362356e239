// SPDX-License-Identifier: Apache-2.0
// `aoe-result report`: its options, the setup_ function that registers them
// with CLI11 (cmd_report.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "commands/report/report_view.hpp"
#include "core/context.hpp"
#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct ReportOptions {
  InputOptions inputs;
  std::string output = "aoe-report.html";  ///< -o FILE; "-" for stdout
  std::vector<std::string> baseline;       ///< --baseline OLD_PATH (repeatable)
  std::string title;                       ///< --title; "" for the default
  std::size_t rows =
      kReportDefaultRows;  ///< --rows: operators in the table (at most kReportMaxRows)
  FindingsShown findings = FindingsShown::all;  ///< --findings
  bool force = false;                           ///< overwrite an existing FILE
  /// --profile PROFILE: AOE's claim set beside a model run's profile; ""
  /// for none.
  std::string profile;
};
CLI::App* setup_report(CLI::App& app, ReportOptions& options);
/// Writes the HTML page. Throws `UsageError` for an existing FILE without
/// `force` or a --format other than the default. A --rows above
/// `kReportMaxRows` is cut to it with a warning (the page says so too).
[[nodiscard]] Exit run_report(const ReportOptions& options, Context& ctx);

}  // namespace aoe::cli
