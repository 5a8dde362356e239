// SPDX-License-Identifier: Apache-2.0
// `summary`: one compact block per report plus totals.
#include <memory>
#include <ostream>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands/summary/summary_command.hpp"
#include "commands/summary/summary_render.hpp"
#include "io/input_options.hpp"
#include "io/per_report_digest.hpp"

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
  // Each report judged as its operators are read, on the thread that
  // reads it (a large file's parts on every core), none of them kept: no
  // model is held (the 127 MB file of 300,000 operators: 8 MB rather than
  // 62 MB, ~0.8x the time).
  InputOptions digested = options.inputs;
  DigestsByFile<std::vector<ReportDigest>> digests;
  digested.digest_operators = [&digests](std::size_t index) {
    return std::make_unique<ReportsDigester>(digests.keeper(index));
  };
  const Inputs inputs = load_inputs(digested, ctx);
  report_inputs(inputs, ctx);
  Overview view = make_overview(inputs.files, digests.take(inputs.files.size()));
  view.problems = inputs.problems;
  render.write(ctx.out, view, render_options(ctx));
  return inputs.status;
}

}  // namespace aoe::cli
