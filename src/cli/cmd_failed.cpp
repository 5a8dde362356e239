// SPDX-License-Identifier: Apache-2.0
// `failed`: failed operators' names, one per line.
#include <CLI/CLI.hpp>
#include <ostream>
#include <unordered_set>

#include "commands.hpp"
#include "json_out.hpp"

namespace aoe::cli {

CLI::App* setup_failed(CLI::App& app, FailedOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "failed", "Failed operators' names, one per line, de-duplicated, in file order");
  add_input_options(*cmd, options.inputs);
  cmd->footer(
      "Examples:\n"
      "  aoe-result failed run.json\n"
      "  aoe-result failed results/ | wc -l");
  return cmd;
}

Exit run_failed(const FailedOptions& options, Context& ctx) {
  ctx.require_format("failed", {Format::text, Format::json});
  Inputs inputs = load_inputs(options.inputs, ctx);
  std::vector<std::string> names;
  std::unordered_set<std::string> seen;
  for (const ResultFile& f : inputs.files) {
    for (const Report& r : f.reports) {
      for (const std::string& name : r.failed_operators) {
        if (seen.insert(name).second) names.push_back(name);
      }
    }
  }
  if (ctx.global.format == Format::json) {
    ctx.out << failed_json(names);
  } else {
    for (const std::string& name : names) ctx.out << escape_text(name) << '\n';
  }
  return inputs.status;
}

}  // namespace aoe::cli
