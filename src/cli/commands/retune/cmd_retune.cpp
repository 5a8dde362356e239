// SPDX-License-Identifier: Apache-2.0
// `retune`: writes the --tune_ops_file JSON for AOE.
#include <ostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "aoe_result/profile.hpp"

#include "commands/retune/retune_command.hpp"
#include "commands/retune/retune_render.hpp"
#include "commands/retune/retune_view.hpp"
#include "core/number_option.hpp"
#include "core/output.hpp"
#include "io/input_options.hpp"
#include "io/profile_inputs.hpp"
#include "io/write_file.hpp"
#include "text/term.hpp"

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
  CLI::Option* from =
      cmd->add_option("--from-profile", options.from_profile,
                      "Choose instead the operators with the most device time in PROFILE (a "
                      "PROF_* or ASCEND_PROFILER_OUTPUT folder, an op_summary_*.csv or "
                      "kernel_details.csv), as msprof-analyze's advisor does")
          ->type_name("PROFILE");
  cmd->add_option("--top", options.top,
                  "With --from-profile: at most N operators, the most device time first (0: every "
                  "one)")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1e9}))
      ->option_text("N")
      ->capture_default_str()
      ->needs(from);
  cmd->add_option_function<double>(
         "--min-share", [&options](const double& pct) { options.min_share_pct = pct; },
         "With --from-profile: leave out operators under PCT percent of the device time")
      ->option_text("PCT")
      ->transform(number_option(kPercentAtLeastZero))
      ->needs(from);
  cmd->add_option("--result", options.results,
                  "With --from-profile: leave out operators these result files tuned with a "
                  "gain (repeat --result for several)")
      ->type_name("RESULT")
      ->allow_extra_args(false)
      ->needs(from);
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
      "  aoe-result retune -o - run.json | jq .\n"
      "  aoe-result retune --from-profile PROF_000001_... --top 10 --min-share 1 --result "
      "run.json -o retune.json");
  return cmd;
}

namespace {

// What `retune` says of its choice: on standard output (a file written),
// wrapped at the terminal's width like every line of prose there; on
// standard error (the JSON on standard output) as one line a sentence.
std::string said(const RetuneView& view, const OutputFile& file, const Context& ctx) {
  RetuneNote note = retune_note(view);
  if (!file.to_stdout()) note.prose = reflow(render_options(ctx), note.prose);
  return note.prose + note.command;
}

// A profile's name that is not valid UTF-8 is written with U+FFFD in place
// of each bad byte (JSON carries only UTF-8), and then names no node of the
// graph: AOE would not tune it. Said, with how many, rather than lost
// unseen. (Result files are JSON: the reader refuses invalid UTF-8 there.)
void warn_names_not_utf8(const RetuneView& view, const std::string& source, Context& ctx) {
  const std::vector<std::string_view> names(view.selection.names.begin(),
                                            view.selection.names.end());
  const NamesNotUtf8 bad = names_not_utf8(source, names);
  if (bad.count == 0) return;
  const bool one = bad.count == 1;
  ctx.warn(
      escape_text(bad.message + fmt::format(", {} no node of the graph, so AOE will not tune {}",
                                            one ? "it names" : "they name", one ? "it" : "them")));
}

Exit run_retune_from_profile(const RetuneOptions& options, const OutputFile& file, Context& ctx) {
  if (!options.inputs.paths.empty()) {
    throw UsageError(
        "with --from-profile, give the result files whose tuned operators to leave out with "
        "--result, not as PATH");
  }
  if (options.below_pct) throw UsageError("--below chooses from result files, not --from-profile");
  Exit status = Exit::ok;
  Inputs results;
  if (!options.results.empty()) {
    InputOptions in;
    in.paths = options.results;
    results = load_inputs(in, ctx);
    report_inputs(results, ctx);
    status = results.status;
    if (!any_readable(results.files, file, ctx)) return worst(status, Exit::input);
  }
  // Read as `profile` reads it (the input kind), its problems said alike.
  const ReadProfile read = read_one_profile(PathOptions{}, *options.from_profile, ctx);
  if (read.profile.rows == 0) return worst(status, worst(read.status, Exit::input));
  status = worst(status, read.status);
  ProfileRetuneCriteria criteria;
  criteria.top = options.top;
  criteria.min_share_pct = options.min_share_pct;
  const RetuneView view = make_profile_retune_view(
      read.profile, *options.from_profile, results.files, !options.results.empty(), criteria,
      {std::nullopt, options.by_type, file, output_exists(file)});
  std::ostream& info = file.to_stdout() ? ctx.err : ctx.out;
  const bool say = !(file.to_stdout() && ctx.global.quiet);
  if (view.selection.names.empty()) {
    if (say) info << said(view, file, ctx);
    return worst(status, Exit::findings);
  }
  refuse_overwrite(file);
  warn_names_not_utf8(view, *options.from_profile, ctx);
  write_output(file, retune_outputs().pick(ctx.global.format)(view, render_options(ctx)), ctx.out);
  if (say) info << said(view, file, ctx);
  return status;
}

}  // namespace

Exit run_retune(const RetuneOptions& options, Context& ctx) {
  const auto render = retune_outputs().pick(ctx.global.format);
  const OutputFile file{options.output, options.force, "file"};
  refuse_directory(file);
  if (options.from_profile) return run_retune_from_profile(options, file, ctx);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  report_inputs(inputs, ctx);
  if (!any_readable(inputs.files, file, ctx)) return worst(inputs.status, Exit::input);
  const RetuneView view = make_retune_view(
      inputs.files, {options.below_pct, options.by_type, file, output_exists(file)});

  // What was done goes to stdout, unless stdout carries the file itself.
  std::ostream& info = file.to_stdout() ? ctx.err : ctx.out;
  const bool say = !(file.to_stdout() && ctx.global.quiet);
  if (view.selection.names.empty()) {
    if (say) info << said(view, file, ctx);
    return worst(inputs.status, Exit::findings);
  }
  refuse_overwrite(file);
  write_output(file, render(view, render_options(ctx)), ctx.out);
  if (say) info << said(view, file, ctx);
  return inputs.status;
}

}  // namespace aoe::cli
