// SPDX-License-Identifier: Apache-2.0
// `failed`: failed operators' names, one per line.
#include <cstddef>
#include <memory>
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/failed/failed_command.hpp"
#include "commands/failed/failed_render.hpp"
#include "io/input_options.hpp"

namespace aoe::cli {

CLI::App* setup_failed(CLI::App& app, FailedOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "failed", "Failed operators' names, one per line, de-duplicated, in file order");
  add_input_options(*cmd, options.inputs);
  cmd->add_flag("--where", options.where,
                "Each name under the file and report that failed it (a name failed in two "
                "reports is listed under both)");
  cmd->footer(failed_outputs().formats().help_line() + "\nCSV header: " + failed_csv_header() +
              " (a row per name and report)\n\n"
              "Examples:\n"
              "  aoe-result failed run.json\n"
              "  aoe-result failed results/ | wc -l\n"
              "  aoe-result failed --where results/          # which file and report\n"
              "  aoe-result --format csv failed results/ > failed.csv");
  return cmd;
}

Exit run_failed(const FailedOptions& options, Context& ctx) {
  const auto render = failed_outputs().pick(ctx.global.format);
  // The operators, which `failed` does not list, are dropped as they are
  // read (a large file's parts on every core): no model is held.
  InputOptions reports_only = options.inputs;
  reports_only.digest_operators = [](std::size_t /*index*/) {
    return std::make_unique<OperatorsDropped>();
  };
  const Inputs inputs = load_inputs(reports_only, ctx);
  report_inputs(inputs, ctx);
  FailedView view = make_failed_view(inputs.files);
  view.problems = inputs.problems;
  view.where = options.where;
  ctx.out << render(view, render_options(ctx));
  return inputs.status;
}

}  // namespace aoe::cli
