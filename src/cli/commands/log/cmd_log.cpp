// SPDX-License-Identifier: Apache-2.0
// `log`: how a tuning run ended, from AOE's console output.
#include <algorithm>
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/log/log_command.hpp"
#include "commands/log/log_render.hpp"
#include "io/input_options.hpp"
#include "io/log_inputs.hpp"

namespace aoe::cli {

CLI::App* setup_log(CLI::App& app, LogOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "log",
      "How a run ended, from AOE's console output: finished (cost time), failed (the error "
      "code, its meaning and reason) or interrupted; the operators whose tuning finished");
  add_input_options(*cmd, options.inputs, LogKind::naming());
  cmd->footer(
      log_outputs().formats().help_line() +
      "\n\nExit status: 0 every log says the run finished; 1 one says it failed (an "
      "error code) or was interrupted (neither the finishing line nor an error code); "
      "3 one could not be read, or is not AOE's console output (empty, or no [Aoe] line and no "
      "error code).\n\n"
      "Examples:\n"
      "  aoe-result log aoe.log\n"
      "  aoe --job_type 2 ... 2>&1 | tee aoe.log | aoe-result log\n"
      "  aoe-result --format json log aoe.log | jq '.logs[0].errors'\n"
      "  aoe-result --format jsonl log logs/");
  return cmd;
}

Exit run_log(const LogOptions& options, Context& ctx) {
  const auto render = log_outputs().pick(ctx.global.format);
  LogInputs inputs = load_log_inputs(options.inputs, ctx);
  if (ctx.person_reads_out()) {
    // A log not read is a line of the output ("PATH: not read (why)"):
    // standard error does not say it again on the same screen.
    std::erase_if(inputs.notes, [&inputs](const InputNote& note) {
      return note.kind == InputNote::Kind::lost &&
             std::any_of(inputs.files.begin(), inputs.files.end(), [&note](const LogFile& f) {
               return !f.readable && note.message.rfind(escape_text(f.path) + ": ", 0) == 0;
             });
    });
  }
  report_inputs(inputs, ctx);
  LogView view = make_log_view(inputs.files);
  view.problems = inputs.problems;
  ctx.out << render(view, render_options(ctx));
  Exit status = inputs.status;
  for (const LogEntry& entry : view.logs) status = worst(status, entry.status);
  return status;
}

}  // namespace aoe::cli
