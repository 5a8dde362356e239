// SPDX-License-Identifier: Apache-2.0
// `summary`: one compact block per report plus totals.
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/summary/summary_command.hpp"
#include "commands/summary/summary_render.hpp"
#include "io/input_options.hpp"

namespace aoe::cli {

CLI::App* setup_summary(CLI::App& app, SummaryOptions& options) {
  CLI::App* cmd = app.add_subcommand("summary", "One compact block per report, plus totals");
  add_input_options(*cmd, options.inputs);
  cmd->footer(summary_outputs().formats().help_line() +
              "\n\n"
              "Examples:\n"
              "  aoe-result summary results/\n"
              "  aoe-result summary --format json run.json | jq '.totals.improvement_pct'");
  return cmd;
}

Exit run_summary(const SummaryOptions& options, Context& ctx) {
  const auto render = summary_outputs().pick(ctx.global.format);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  report_inputs(inputs, ctx);
  Overview view = make_overview(inputs.files, OverviewDepth{});
  view.problems = inputs.problems;
  render.write(ctx.out, view, render_options(ctx));
  return inputs.status;
}

}  // namespace aoe::cli
