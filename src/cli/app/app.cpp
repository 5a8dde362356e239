// SPDX-License-Identifier: Apache-2.0
#include "app/app.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <iostream>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "aoe_result/version.hpp"

#include "app/commands.hpp"
#include "app/help_format.hpp"
#include "core/number_option.hpp"
#include "core/output.hpp"
#include "text/term.hpp"

namespace aoe::cli {

namespace {

// --format NAME -> Format, from the one list of names (output.hpp).
std::vector<std::pair<std::string, Format>> format_map() {
  std::vector<std::pair<std::string, Format>> map;
  for (const FormatName& f : format_names()) map.emplace_back(f.name, f.format);
  return map;
}

std::string format_list() {
  std::string out;
  for (const FormatName& f : format_names()) out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

const std::vector<std::pair<std::string, ColorWhen>> kColors{
    {"auto", ColorWhen::automatic}, {"always", ColorWhen::always}, {"never", ColorWhen::never}};

struct Command {
  CLI::App* app;
  std::function<Exit(Context&)> run;
};

int usage_error(const std::string& message) {
  std::cerr << "aoe-result: error: " << escape_text(message) << "\n"
            << "Run 'aoe-result --help' (or 'aoe-result COMMAND --help') for usage.\n";
  return static_cast<int>(Exit::usage);
}

}  // namespace

int run_app(int argc, const char* const* argv) {
  CLI::App app{
      "aoe-result: reads the result files of Ascend's AOE operator auto-tuner "
      "(aoe_result_opat_*.json) and tells what happened.",
      "aoe-result"};
  app.set_version_flag("--version", std::string("aoe-result ") + kVersion);
  // Set before the commands are added: they take the parent's formatter.
  app.formatter(make_help_formatter());
  app.fallthrough();
  app.footer(
      "Exit status: 0 done (warnings allowed), 1 check found an error or a threshold was "
      "broken\n(retune: nothing to re-tune), 2 usage error, 3 an input could not be read at "
      "all.\n\n"
      "Examples:\n"
      "  aoe-result show aoe_result_opat_20250428_203017761_pid18230.json\n"
      "  aoe-result summary --format json results/ | jq .totals\n"
      "  aoe-result ops --top 10 --type Conv2D run.json\n"
      "  aoe-result failed run.json\n"
      "  aoe-result check --strict --format github run.json\n"
      "  aoe-result diff --fail-above 10 old/ new/\n"
      "  aoe-result retune --below 5 -o retune.json run.json\n"
      "  aoe-result watch             # follow the run writing here, until it is over\n"
      "  aoe-result report -o report.html run.json\n\n"
      "Run 'aoe-result help COMMAND' (or 'aoe-result COMMAND --help') for a command's options.");

  GlobalOptions global;
  app.add_option("--format", global.format,
                 "Output format: " + format_list() +
                     " (each command takes those that fit it; its --help lists them)")
      ->transform(enum_choice_option(format_map()))
      ->option_text("FORMAT");
  app.add_option("--color,--colour", global.color,
                 "Colour: auto (only on a terminal, not with NO_COLOR or TERM=dumb), always, never")
      ->transform(enum_choice_option(kColors))
      ->option_text("WHEN");
  app.add_flag("-q,--quiet", global.quiet, "No warnings on stderr");
  app.add_flag("--wide", global.wide, "Never shorten names to fit the terminal");

  ShowOptions show;
  SummaryOptions summary;
  FailedOptions failed;
  DiffOptions diff;
  RetuneOptions retune;
  LocateOptions locate;
  TrendOptions trend;
  OpsOptions ops;
  CheckOptions check_options;
  WatchOptions watch;

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
      {setup_watch(app, watch), [&](Context& c) { return run_watch(watch, c); }},

      {setup_report(app, report), [&](Context& c) { return run_report(report, c); }},

      {setup_trend(app, trend), [&](Context& c) { return run_trend(trend, c); }},
  };

  std::vector<std::string> command_names;
  for (const Command& c : commands) command_names.push_back(c.app->get_name());
  std::string names;
  for (const std::string& n : command_names) names += (names.empty() ? "" : ", ") + n;

  // Bare `aoe-result`: a short usage with the commands (exit 2).
  if (argc <= 1) {
    std::cerr << "usage: aoe-result [--format FORMAT] [--color WHEN] [-q] [--wide] COMMAND "
                 "[OPTIONS] [PATH...]\n\ncommands:\n";
    for (const Command& c : commands) {
      std::cerr << "  " << pad(c.app->get_name(), 8, Align::left) << "  "
                << c.app->get_description() << "\n";
    }
    std::cerr << "\nRun 'aoe-result help' for the global options, 'aoe-result help COMMAND' "
                 "for a command's.\n";
    return static_cast<int>(Exit::usage);
  }
  // `aoe-result help [COMMAND]`: the help of the program or of COMMAND.
  if (std::string_view(argv[1]) == "help") {
    if (argc == 2) {
      std::cout << app.help();
      return 0;
    }
    for (const Command& c : commands) {
      if (c.app->get_name() == argv[2]) {
        std::cout << c.app->help("aoe-result");  // "Usage: aoe-result ops", as ops --help
        return 0;
      }
    }
    const auto guess = closest_word(argv[2], command_names);
    return usage_error("unknown command '" + std::string(argv[2]) + "'" +
                       (guess ? "; did you mean '" + *guess + "'?" : " (commands: " + names + ")"));
  }

  // Words no command takes are kept by the top level (allow_extras) and
  // told after parsing: a first word that is no command gets a plain answer,
  // not CLI11's "A subcommand is required".
  // (Set after the commands are added, so that they do not inherit it and
  // keep refusing what they do not take.)
  app.allow_extras();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
      (void)app.exit(e, std::cout, std::cerr);  // --help, --version
      return 0;
    }
    return usage_error(e.what());
  }
  const std::vector<std::string> extras = app.remaining(true);
  if (app.get_subcommands().empty()) {
    const auto word = std::find_if(extras.begin(), extras.end(), [](const std::string& w) {
      return !w.empty() && w.front() != '-';
    });
    if (word != extras.end()) {
      const auto guess = closest_word(*word, command_names);
      std::cerr << "aoe-result: error: unknown command '" << escape_text(*word) << "'"
                << (guess ? "; did you mean '" + *guess + "'?" : "") << " (commands: " << names
                << ")\n"
                << "Run 'aoe-result --help' for usage.\n";
      return static_cast<int>(Exit::usage);
    }
    if (extras.empty()) return usage_error("a command is required (commands: " + names + ")");
  }
  if (!extras.empty()) {
    // An option not taken: the closest one the command (or the program) takes.
    const auto unknown = std::find_if(extras.begin(), extras.end(), [](const std::string& w) {
      return w.size() > 2 && w.compare(0, 2, "--") == 0;
    });
    if (unknown != extras.end()) {
      std::vector<const CLI::App*> apps{&app};
      if (!app.get_subcommands().empty()) apps.push_back(app.get_subcommands().front());
      std::vector<std::string> taken;
      for (const CLI::App* a : apps) {
        for (const CLI::Option* o : a->get_options()) {
          for (const std::string& l : o->get_lnames()) taken.push_back("--" + l);
        }
      }
      const std::string name = unknown->substr(0, unknown->find('='));
      const auto guess = closest_word(name, taken);
      return usage_error("unknown option '" + name + "'" +
                         (guess ? "; did you mean '" + *guess + "'?" : "") +
                         (app.get_subcommands().empty()
                              ? std::string()
                              : " (aoe-result " + app.get_subcommands().front()->get_name() +
                                    " --help lists its options)"));
    }
    return usage_error(CLI::ExtrasError(extras).what());
  }

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
