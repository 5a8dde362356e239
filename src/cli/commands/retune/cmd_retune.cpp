// SPDX-License-Identifier: Apache-2.0
// `retune`: writes the --tune_ops_file JSON for AOE.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <system_error>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include "commands/retune/retune_command.hpp"
#include "commands/retune/retune_render.hpp"
#include "core/number_option.hpp"
#include "io/input_options.hpp"
#include "io/write_file.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {
namespace fs = std::filesystem;

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

namespace {

// The path as a shell word: quoted when it holds anything but safe characters.
std::string shell_word(const std::string& s) {
  const bool safe = !s.empty() && s.find_first_not_of(
                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                      "0123456789_./-+=:,@%") == std::string::npos;
  if (safe) return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

Exit run_retune(const RetuneOptions& options, Context& ctx) {
  const auto render = retune_outputs().pick(ctx.global.format);
  const bool to_stdout = options.output == "-";
  if (!to_stdout) {
    std::error_code ec;
    if (fs::is_directory(options.output, ec)) {
      throw UsageError(escape_text(options.output + " is a directory; -o names the file to write"));
    }
  }
  const Inputs inputs = load_inputs(options.inputs, ctx);
  report_inputs(inputs, ctx);
  RetuneCriteria criteria;
  criteria.below_pct = options.below_pct;
  RetuneView view;
  view.selection = select_for_retune(inputs.files, criteria);
  view.by_type = options.by_type;
  const RetuneSelection& sel = view.selection;

  // What was done goes to stdout, unless stdout carries the file itself.
  std::ostream& info = to_stdout ? ctx.err : ctx.out;
  const bool say = !(to_stdout && ctx.global.quiet);
  std::string why = fmt::format("{} failed", sel.failed);
  if (options.below_pct) {
    why += fmt::format(", {} gained less than {}%", sel.below, fmt_plain(*options.below_pct));
  }
  const bool any_readable = std::any_of(inputs.files.begin(), inputs.files.end(),
                                        [](const ResultFile& f) { return f.readable; });
  if (!any_readable) {
    ctx.error("no input could be read; " + (to_stdout
                                                ? std::string("nothing written")
                                                : escape_text(options.output) + " not written"));
    return worst(inputs.status, Exit::input);
  }
  std::error_code ec;
  const bool exists = !to_stdout && fs::exists(options.output, ec);
  if (sel.names.empty()) {
    // Nothing to re-tune is not a success to chain on (`retune -o f && aoe
    // --tune_ops_file=f`): an existing FILE is not from this run.
    if (say) {
      info << "aoe-result: no operator to re-tune (" << why << "); "
           << (to_stdout ? std::string("nothing written")
                         : escape_text(options.output) + " not written")
           << (exists ? " (the existing file is left as it was; it is not from this run)" : "")
           << "\n";
    }
    return worst(inputs.status, Exit::findings);
  }
  if (exists && !options.force) {
    throw UsageError(
        escape_text(options.output + " exists; use --force to overwrite it, or choose another -o"));
  }
  const std::string doc = render(view, render_options(ctx));
  if (to_stdout) {
    ctx.out << doc;
  } else {
    write_file_whole(options.output, doc);
  }
  if (say) {
    const std::string file = to_stdout ? std::string("<saved file>") : shell_word(options.output);
    info << fmt::format("{} operator{} chosen ({}){}{}\n", sel.names.size(),
                        sel.names.size() == 1 ? "" : "s", why,
                        options.by_type ? ", " + plural(sel.types.size(), "type") : "",
                        to_stdout ? "" : "; written to " + escape_text(options.output));
    info << "re-tune them with:  aoe --tune_ops_file=" << escape_text(file)
         << "  (plus your usual aoe options)\n";
  }
  return inputs.status;
}

}  // namespace aoe::cli
