// SPDX-License-Identifier: Apache-2.0
// `show`: the overview a person wants first.
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/show/show_command.hpp"
#include "commands/show/show_render.hpp"
#include "core/number_option.hpp"
#include "io/input_options.hpp"

namespace aoe::cli {

CLI::App* setup_show(CLI::App& app, ShowOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "show", "Overview per report: status, times, repository summary, top operators, failures");
  add_input_options(*cmd, options.inputs);
  CLI::Option* top =
      cmd->add_option("--top", options.top,
                      "Operators listed per report, by time saved (0: every one, as --all)")
          ->capture_default_str()
          ->option_text("N")
          ->transform(number_option({NumberSpec::Kind::count, 0.0, 1e9}));
  // Both at once would leave one of them unheard.
  cmd->add_flag("--all", options.all, "List every operator (not with --top)")->excludes(top);
  cmd->footer(show_outputs().formats().help_line() +
              "\n\n"
              "Examples:\n"
              "  aoe-result show aoe_result_opat_*.json\n"
              "  aoe-result show --all --wide results/\n"
              "  aoe-result show --format markdown run.json >> \"$GITHUB_STEP_SUMMARY\"\n"
              "  aoe-result show            # the newest result in $ASCEND_WORK_PATH or here");
  return cmd;
}

Exit run_show(const ShowOptions& options, Context& ctx) {
  const auto render = show_outputs().pick(ctx.global.format);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  report_inputs(inputs, ctx);
  OverviewDepth depth;
  depth.top = options.all || options.top == 0 ? OverviewDepth::kAll : options.top;
  depth.checks = true;
  Overview view = make_overview(inputs.files, depth);
  view.problems = inputs.problems;
  // An input that gave no file is `check`'s error `no-result-file`
  // (`add_empty_inputs`); an unreadable file's findings are counted with
  // the file.
  view.empty_inputs = inputs.empty_inputs;
  view.errors += view.empty_inputs.size();
  if (!view.empty_inputs.empty()) view.verdict = Verdict::failed;
  render.write(ctx.out, view, render_options(ctx));
  return inputs.status;
}

}  // namespace aoe::cli
