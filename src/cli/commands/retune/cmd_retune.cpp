// SPDX-License-Identifier: Apache-2.0
// `retune`: writes the --tune_ops_file JSON for AOE.
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/retune/retune_command.hpp"
#include "commands/retune/retune_render.hpp"
#include "commands/retune/retune_view.hpp"
#include "core/number_option.hpp"
#include "io/input_options.hpp"
#include "io/write_file.hpp"

namespace aoe::cli {

CLI::App* setup_retune(CLI::App& app, RetuneOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "retune",
      "Write the --tune_ops_file JSON for AOE: the failed operators, and with --below PCT "
      "those that gained less than PCT");
  add_input_options(*cmd, options.inputs);
  cmd->add_option("-o,--output", options.output, "The file to write; - for standard output")
      ->required()
      ->type_name("FILE");
  cmd->add_option_function<double>(
         "--below", [&options](const double& pct) { options.below_pct = pct; },
         "Also choose operators whose improvement is below PCT percent "
         "((before - after) / after x 100, AOE's formula)")
      ->type_name("PCT")
      ->transform(finite_number());
  cmd->add_flag("--by-type", options.by_type,
                "Also write \"tune_ops_type\": the op_types of the chosen operators (AOE then "
                "re-tunes every operator of those types)");
  cmd->add_flag("-f,--force", options.force, "Overwrite FILE when it exists");
  cmd->footer(
      retune_outputs().formats().help_line() +
      "\n"
      "An existing FILE is not overwritten without --force (exit 2). When no operator is "
      "chosen, nothing is written and the exit status is 1 (as grep's when nothing matched), "
      "so a chained 'aoe --tune_ops_file=FILE' never re-tunes from an older FILE.\n\n"
      "Examples:\n"
      "  aoe-result retune -o retune.json run.json\n"
      "  aoe-result retune --below 5 -o retune.json results/ && aoe ... "
      "--tune_ops_file=retune.json\n"
      "  aoe-result retune -o - run.json | jq .");
  return cmd;
}

Exit run_retune(const RetuneOptions& options, Context& ctx) {
  const auto render = retune_outputs().pick(ctx.global.format);
  const OutputFile file{options.output, options.force, "file"};
  refuse_directory(file);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  report_inputs(inputs, ctx);
  if (!any_readable(inputs.files, file, ctx)) return worst(inputs.status, Exit::input);
  const RetuneView view = make_retune_view(
      inputs.files, {options.below_pct, options.by_type, file, output_exists(file)});

  // What was done goes to stdout, unless stdout carries the file itself.
  std::ostream& info = file.to_stdout() ? ctx.err : ctx.out;
  const bool say = !(file.to_stdout() && ctx.global.quiet);
  if (view.selection.names.empty()) {
    if (say) info << retune_note(view);
    return worst(inputs.status, Exit::findings);
  }
  refuse_overwrite(file);
  write_output(file, render(view, render_options(ctx)), ctx.out);
  if (say) info << retune_note(view);
  return inputs.status;
}

}  // namespace aoe::cli
