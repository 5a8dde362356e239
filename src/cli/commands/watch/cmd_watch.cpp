// SPDX-License-Identifier: Apache-2.0
// `watch`: follows a result file while AOE writes it, until the run is over.
#include <cmath>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands/watch/watch_command.hpp"
#include "commands/watch/watch_loop.hpp"
#include "commands/watch/watch_render.hpp"
#include "core/number_option.hpp"
#include "core/output.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {
namespace {

// What the timing options take: one rule for the parser and the run.
constexpr NumberSpec kIntervalSpec{NumberSpec::Kind::amount, 0.0, 86400.0, "seconds", true};
constexpr NumberSpec kStallSpec{NumberSpec::Kind::amount, 0.0, 525600.0, "minutes", true};
constexpr NumberSpec kSettleSpec{NumberSpec::Kind::amount, 0.0, 86400.0, "seconds", true};

}  // namespace

CLI::App* setup_watch(CLI::App& app, WatchOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "watch", "Follow a tuning run while AOE writes its result file, until the run is over");
  cmd->add_option("path", options.path,
                  "A result file; or a directory, whose newest aoe_result_opat_*.json is followed "
                  "(and a newer one switched to). None: the newest result in $ASCEND_WORK_PATH, "
                  "$ASCEND_WORK_PATH/aoe_data, then the current directory, waited for if there "
                  "is none yet")
      ->type_name("PATH");
  cmd->add_option("--interval", options.interval_s,
                  "Seconds between looks at the file when the system does not report changes, "
                  "and between redraws of the screen")
      ->type_name("SECONDS")
      ->transform(number_option(kIntervalSpec))
      ->capture_default_str();
  cmd->add_option("--stall", options.stall_min,
                  "Warn once per stall when the file has not changed for this many minutes "
                  "while the run goes on (fractions accepted: 0.5 is 30 s)")
      ->type_name("MINUTES")
      ->transform(number_option(kStallSpec))
      ->capture_default_str();
  cmd->add_option("--settle", options.settle_s,
                  "Without a live writer (no pid in the name, or its process ended): the run is "
                  "over once the file has not changed for this many seconds (settled when every "
                  "report is final, else writer-gone)")
      ->type_name("SECONDS")
      ->transform(number_option(kSettleSpec))
      ->capture_default_str();
  cmd->add_flag("--once", options.once, "Read once, print the current state, and exit");
  cmd->add_option(
         "--log", options.log,
         "AOE's console output of the run (aoe ... 2>&1 | tee aoe.log), read at every look: "
         "when it says the run finished or failed, watching ends (log-ended; a run that "
         "fails before writing a result file too); the end says its verdict, and a log "
         "that says failed fails it")
      ->type_name("FILE");
  cmd->footer(
      std::string(
          "The run is over when the process named in the file name (..._pid<N>.json) has ended "
          "on this machine\nwith every report final; without a live writer, when the file has "
          "settled (writer-gone\nwhen a report is not final). SIGTERM and SIGHUP end it as "
          "Ctrl-C does. On a terminal the\nscreen is redrawn in place; elsewhere one line per "
          "event is appended (a CI log reads as a story).\n"
          "jsonl events: file, unreadable, report, operator, operator-updated, failed, status, "
          "stall, end\n(always the last line; docs/watch-events.schema.json).\n") +
      watch_outputs().formats().help_line() +
      "\n"
      "Exit status: check's verdict on what was read: 0 passed (with or without warnings; a\n"
      "failed tuning is a warning), 1 FAILED (a report not final, a cut-off file, an error), "
      "2 usage\nerror, 3 the file never became readable or cannot be watched, 130 Ctrl-C, 143 "
      "SIGTERM,\n129 SIGHUP (the state so far is printed). With --log, a log that says the run "
      "failed\nmakes 0 a 1.\n\n"
      "Examples:\n"
      "  aoe-result watch                      # the newest result here, or wait for one\n"
      "  aoe-result watch $ASCEND_WORK_PATH/aoe_data/\n"
      "  aoe-result watch --stall 10 aoe_result_opat_*.json\n"
      "  aoe-result watch --format jsonl run/ | jq -c 'select(.event == \"operator\")'\n"
      "  aoe-result watch --once run.json      # the state now, then exit\n"
      "  aoe-result watch --log aoe.log        # and end with the log's verdict");
  return cmd;
}

namespace {

// For options set by a program rather than parsed (the parser checks the same).
void require_in_range(double value, const char* option, const NumberSpec& spec) {
  if (std::isfinite(value) && value > *spec.min && value <= *spec.max) return;
  throw UsageError(fmt::format("{}: {} is out of range; it takes {}", option, fmt_plain(value),
                               accepted_words(spec)));
}

}  // namespace

Exit run_watch(const WatchOptions& options, Context& ctx) {
  const RenderFn<WatchView> render = watch_outputs().pick(ctx.global.format);
  require_in_range(options.interval_s, "--interval", kIntervalSpec);
  require_in_range(options.stall_min, "--stall", kStallSpec);
  require_in_range(options.settle_s, "--settle", kSettleSpec);
  if (options.log && *options.log == "-") {
    throw UsageError("watch --log reads a log file when watching ends; not standard input ('-')");
  }
  if (options.path && *options.path == "-") {
    throw UsageError(
        "watch follows a file or a directory that AOE writes; it cannot read "
        "standard input ('-')");
  }
  return watch_until_over(options, ctx, render);
}

}  // namespace aoe::cli
