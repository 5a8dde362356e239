// SPDX-License-Identifier: Apache-2.0
#include "app.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <map>

#include "aoe_result/version.hpp"
#include "commands.hpp"
#include "term.hpp"

namespace aoe::cli {

void add_input_options(CLI::App& command, InputOptions& inputs) {
  command
      .add_option("paths", inputs.paths,
                  "Result files, directories (their aoe_result_opat_*.json, oldest first), or - "
                  "for stdin. None: the newest result in $ASCEND_WORK_PATH, "
                  "$ASCEND_WORK_PATH/aoe_data, then the current directory")
      ->type_name("PATH");
  command.add_flag("-r,--recursive", inputs.recursive, "Look in subdirectories of directories too");
  command
      .add_option("-j,--jobs", inputs.jobs,
                  "Files read at the same time (default 0: one per available core)")
      ->type_name("N");
}

const CLI::Validator& finite_number() {
  static const CLI::Validator validator(
      [](std::string& s) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(s, v) || !std::isfinite(v)) {
          return "'" + s + "' is not a finite number";
        }
        return {};
      },
      "NUMBER");
  return validator;
}

namespace {

const std::map<std::string, Format> kFormats{
    {"text", Format::text},         {"json", Format::json},   {"jsonl", Format::jsonl},
    {"csv", Format::csv},           {"markdown", Format::markdown},
    {"junit", Format::junit},       {"github", Format::github}};
const std::map<std::string, ColorWhen> kColors{
    {"auto", ColorWhen::automatic}, {"always", ColorWhen::always}, {"never", ColorWhen::never}};

struct Command {
  CLI::App* app;
  std::function<Exit(Context&)> run;
};

}  // namespace

int run_app(int argc, const char* const* argv) {
  CLI::App app{
      "aoe-result: reads the result files of Ascend's AOE operator auto-tuner "
      "(aoe_result_opat_*.json) and tells what happened.",
      "aoe-result"};
  app.set_version_flag("--version", std::string("aoe-result ") + kVersion);
  app.require_subcommand(1);
  app.fallthrough();
  app.footer(
      "Exit status: 0 done (warnings allowed), 1 check found an error or a threshold was "
      "broken,\n2 usage error, 3 an input could not be read at all.\n\n"
      "Examples:\n"
      "  aoe-result show aoe_result_opat_20250428_203017761_pid18230.json\n"
      "  aoe-result summary --format json results/ | jq .totals\n"
      "  aoe-result ops --top 10 --type Conv2D run.json\n"
      "  aoe-result failed run.json\n"
      "  aoe-result check --strict --format github run.json\n"
      "  aoe-result diff --fail-above 10 old/ new/\n"
      "  aoe-result retune --below 5 -o retune.json run.json\n"
      "  aoe-result report -o report.html run.json\n\n"
      "Run 'aoe-result COMMAND --help' for a command's options.");

  GlobalOptions global;
  std::string format_name = "text";
  std::string color_name = "auto";
  app.add_option("--format", format_name,
                 "Output format: text, json, jsonl, csv, markdown, junit, github (each command "
                 "takes those that fit it)")
      ->transform(CLI::IsMember(kFormats, CLI::ignore_case))
      ->option_text("FORMAT")
      ->capture_default_str();
  app.add_option("--color,--colour", color_name,
                 "Colour: auto (only on a terminal, not with NO_COLOR or TERM=dumb), always, never")
      ->transform(CLI::IsMember(kColors, CLI::ignore_case))
      ->option_text("WHEN")
      ->capture_default_str();
  app.add_flag("-q,--quiet", global.quiet, "No warnings on stderr");
  app.add_flag("--wide", global.wide, "Never shorten names to fit the terminal");

  ShowOptions show;
  SummaryOptions summary;
  FailedOptions failed;
  DiffOptions diff;
  RetuneOptions retune;
  LocateOptions locate;
  OpsOptions ops;
  CheckOptions check_options;
  ReportOptions report;
  const std::vector<Command> commands{
      {setup_show(app, show), [&](Context& c) { return run_show(show, c); }},
      {setup_summary(app, summary), [&](Context& c) { return run_summary(summary, c); }},
      {setup_ops(app, ops), [&](Context& c) { return run_ops(ops, c); }},
      {setup_failed(app, failed), [&](Context& c) { return run_failed(failed, c); }},
      {setup_check(app, check_options), [&](Context& c) { return run_check(check_options, c); }},
      {setup_diff(app, diff), [&](Context& c) { return run_diff(diff, c); }},
      {setup_retune(app, retune), [&](Context& c) { return run_retune(retune, c); }},
      {setup_locate(app, locate), [&](Context& c) { return run_locate(locate, c); }},
      {setup_report(app, report), [&](Context& c) { return run_report(report, c); }},
  };

  // A first word that is no command gets a plain answer, not CLI11's
  // "A subcommand is required".
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--format" || arg == "--color" || arg == "--colour") {
      ++i;  // its value
      continue;
    }
    if (arg.empty() || arg.front() == '-') continue;
    const bool known = std::any_of(commands.begin(), commands.end(),
                                   [&](const Command& c) { return c.app->get_name() == arg; });
    if (!known) {
      std::string names;
      for (const Command& c : commands) names += (names.empty() ? "" : ", ") + c.app->get_name();
      std::cerr << "aoe-result: error: unknown command '" << escape_text(arg)
                << "' (commands: " << names << ")\n"
                << "Run 'aoe-result --help' for usage.\n";
      return static_cast<int>(Exit::usage);
    }
    break;
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
      (void)app.exit(e, std::cout, std::cerr);  // --help, --version
      return 0;
    }
    std::cerr << "aoe-result: error: " << e.what() << "\n"
              << "Run 'aoe-result --help' (or 'aoe-result COMMAND --help') for usage.\n";
    return static_cast<int>(Exit::usage);
  }

  global.format = kFormats.at(format_name);
  global.color = kColors.at(color_name);
  Context ctx = make_process_context(global);
  for (const Command& c : commands) {
    if (!c.app->parsed()) continue;
    try {
      const Exit status = c.run(ctx);
      ctx.out.flush();
      return static_cast<int>(status);
    } catch (const UsageError& e) {
      ctx.error(e.what());
      return static_cast<int>(Exit::usage);
    }
  }
  return static_cast<int>(Exit::usage);
}

}  // namespace aoe::cli
