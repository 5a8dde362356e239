// SPDX-License-Identifier: Apache-2.0
// The command line in four steps: the program and its commands are set up
// (`Program`), a bare call or `help` is answered (usage), the words are
// parsed and those no command takes are told with the closest one taken
// (did-you-mean), and the parsed command is run (dispatch).
#include "app/app.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "aoe_result/version.hpp"

#include "app/commands.hpp"
#include "app/help_format.hpp"
#include "commands/bank/bank_diff_render.hpp"
#include "commands/bank/bank_render.hpp"
#include "commands/check/check_render.hpp"
#include "commands/diff/diff_render.hpp"
#include "commands/failed/failed_render.hpp"
#include "commands/locate/locate_render.hpp"
#include "commands/log/log_render.hpp"
#include "commands/ops/ops_render.hpp"
#include "commands/profile/profile_render.hpp"
#include "commands/report/report_render.hpp"
#include "commands/retune/retune_render.hpp"
#include "commands/show/show_render.hpp"
#include "commands/summary/summary_render.hpp"
#include "commands/trend/trend_render.hpp"
#include "commands/watch/watch_render.hpp"
#include "core/context.hpp"
#include "core/number_option.hpp"
#include "core/output.hpp"
#include "text/shell.hpp"
#include "text/term.hpp"
#include "text/wrap.hpp"

namespace aoe::cli {

namespace {

// --format NAME -> Format, from the one list of names (output.hpp).
std::vector<std::pair<std::string, Format>> format_map() {
  std::vector<std::pair<std::string, Format>> map;
  for (const FormatName& f : format_names()) map.emplace_back(f.name, f.format);
  for (const FormatName& f : format_aliases()) map.emplace_back(f.name, f.format);
  return map;
}

std::string format_list() {
  std::string out;
  for (const FormatName& f : format_names()) {
    out += (out.empty() ? "" : ", ") + std::string(f.name);
    for (const FormatName& a : format_aliases()) {
      if (a.format == f.format) out += " (or " + std::string(a.name) + ")";
    }
  }
  return out;
}

const std::vector<std::pair<std::string, ColorWhen>> kColors{
    {"auto", ColorWhen::automatic}, {"always", ColorWhen::always}, {"never", ColorWhen::never}};

struct Command {
  CLI::App* app;
  std::function<Exit(Context&)> run;
};

// "aoe-result: error: ..." and a line on where help is, on standard error
// (wrapped at a terminal's width, as every message there); exit 2.
int tell_usage_error(const std::string& escaped_message, std::string_view help_line) {
  const std::optional<std::size_t> width = process_err_width();
  write_error(std::cerr, escaped_message, width);
  std::cerr << (width ? wrap_text(help_line, *width, 0, 2) : std::string(help_line) + "\n");
  return static_cast<int>(Exit::usage);
}

int usage_error(const std::string& message) {
  return tell_usage_error(escape_text(message),
                          "Run 'aoe-result --help' (or 'aoe-result COMMAND --help') for usage.");
}

// The command being parsed ("retune", "bank check"); empty before one.
std::string command_path(const CLI::App& app) {
  std::string path;
  for (const CLI::App* a = &app; !a->get_subcommands().empty();) {
    a = a->get_subcommands().front();
    path += (path.empty() ? "" : " ") + a->get_name();
  }
  return path;
}

// The formats the command at `path` writes ("text, json, csv"); empty for
// one not listed here.
std::string formats_written(std::string_view path) {
  using Names = std::string (*)();
  static const std::vector<std::pair<std::string_view, Names>> kTables{
      {"show", [] { return show_outputs().formats().names(); }},
      {"summary", [] { return summary_outputs().formats().names(); }},
      {"ops", [] { return ops_outputs().formats().names(); }},
      {"failed", [] { return failed_outputs().formats().names(); }},
      {"check", [] { return check_outputs().formats().names(); }},
      {"diff", [] { return diff_outputs().formats().names(); }},
      {"retune", [] { return retune_outputs().formats().names(); }},
      {"locate", [] { return locate_outputs().formats().names(); }},
      {"watch", [] { return watch_outputs().formats().names(); }},
      {"report", [] { return report_outputs().formats().names(); }},
      {"trend", [] { return trend_outputs().formats().names(); }},
      {"bank", [] { return bank_outputs().formats().names(); }},
      {"bank check", [] { return check_outputs().formats().names(); }},
      {"bank diff", [] { return bank_diff_outputs().formats().names(); }},
      {"bank merge", [] { return std::string("text"); }},
      {"log", [] { return log_outputs().formats().names(); }},
      {"profile", [] { return profile_outputs().formats().names(); }},
  };
  for (const auto& [name, names] : kTables) {
    if (name == path) return names();
  }
  return {};
}

const CLI::Option* option_named(const CLI::App& command, const std::string& word);

// CLI11's "--top: 1 required UINT missing" (an option last on the line, or
// before another option) said as the help names the value: "--top needs a
// value: --top N"; `nullopt` for any other message.
std::optional<std::string> missing_value(const CLI::App& app, const std::string& message) {
  constexpr std::string_view kRequired = " required ";
  constexpr std::string_view kMissing = " missing";
  const std::size_t colon = message.find(": ");
  if (colon == std::string::npos || message.size() < kMissing.size() ||
      message.compare(message.size() - kMissing.size(), kMissing.size(), kMissing) != 0 ||
      message.find(kRequired, colon) == std::string::npos || message[0] != '-') {
    return std::nullopt;
  }
  const std::string option = message.substr(0, colon);
  // The option is the command's own or a parent's (a global one).
  std::vector<const CLI::App*> chain{&app};
  while (!chain.back()->get_subcommands().empty()) {
    chain.push_back(chain.back()->get_subcommands().front());
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (const CLI::Option* o = option_named(**it, option)) {
      const std::string value = option_value_name(*o);
      return option + " needs a value" + (value.empty() ? "" : ": " + option + " " + value);
    }
  }
  return option + " needs a value";
}

// A usage error met while parsing: said of the command being parsed, when
// there is one ("--format: 'xml' is not one of text, json, csv" lists the
// formats that command writes; help is that command's).
int parse_error(const CLI::App& app, const std::string& message) {
  const std::string path = command_path(app);
  std::string said = missing_value(app, message).value_or(message);
  // CLI11's "--top excludes --all" (CLI::ExcludesError), said plainly.
  if (const auto at = said.find(" excludes ");
      at != std::string::npos && said.rfind("--", 0) == 0) {
    said = said.substr(0, at) + " and " + said.substr(at + 10) + " cannot be given together";
  }
  if (path.empty()) return usage_error(said);
  constexpr std::string_view kFormat = "--format: ";
  if (said.rfind(kFormat, 0) == 0) {
    if (const std::string names = formats_written(path); !names.empty()) {
      if (const auto at = said.find(" is not one of "); at != std::string::npos) {
        said = said.substr(0, at) + " is not a format '" + path + "' writes; it writes " + names;
      }
    }
  }
  return tell_usage_error(escape_text(said), "Run 'aoe-result " + path + " --help' for usage.");
}

// The top level: description, version, help formatter, footer and the
// options every command takes.
void setup_top_level(CLI::App& app, GlobalOptions& global) {
  app.set_version_flag("--version", std::string("aoe-result ") + kVersion);
  // Set before the commands are added: they take the parent's formatter
  // and option defaults. An option given twice takes the last value (as
  // git's and ripgrep's), not CLI11's "At Most 1 required but received 2";
  // a list option (--type, --label) keeps every value.
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.formatter(make_help_formatter());
  app.fallthrough();
  app.footer(
      "Exit status (the worst applies: 3 over 2 over 1):\n"
      "  0    done; warnings allowed\n"
      "  1    check: a finding failed the check (an error; a warning with --strict) or a\n"
      "         threshold was broken or could not be judged\n"
      "       diff, trend: --fail-above was broken (an operator slower by more, one\n"
      "         failed in NEW / in the last run) or had nothing to compare\n"
      "       retune: no operator to re-tune (nothing written)\n"
      "       watch: check's verdict on what was read failed (an incomplete run, a cut-off\n"
      "         file, an error)\n"
      "       bank check: a record is broken or conflicts (an error; a warning with --strict)\n"
      "       bank merge: a conflict without --prefer, a line that is no record, or OUT did\n"
      "         not read back (nothing written)\n"
      "       log: a log says the run failed (an error code) or was interrupted (neither\n"
      "         \"Aoe process finished\" nor an error code)\n"
      "       profile: BEFORE AFTER broke a gate (--fail-above, --min-gain, --p95-worse) or\n"
      "         could not judge it; --result with one PROFILE cross-checked no operator\n"
      "       show, summary, ops, failed, locate, report, bank, bank diff: never\n"
      "  2    usage error (unknown option, bad value, a format the command does not write;\n"
      "         an output file that exists without --force, or cannot be written)\n"
      "  3    an input could not be read at all (missing, not JSON, not an AOE result or\n"
      "         repository file; a log that cannot be opened or is not AOE's console\n"
      "         output; a profile of no row read)\n"
      "  129  watch was hung up on (SIGHUP)\n"
      "  130  watch was interrupted (Ctrl-C)\n"
      "  143  watch was terminated (SIGTERM)\n\n"
      "Examples:\n"
      "  aoe-result show aoe_result_opat_*.json\n"
      "  aoe-result summary --format json results/ | jq .totals\n"
      "  aoe-result ops --top 10 --type Conv2D run.json\n"
      "  aoe-result failed run.json\n"
      "  aoe-result check --strict --format github run.json\n"
      "  aoe-result diff --fail-above 10 old/ new/\n"
      "  aoe-result retune --below 5 -o retune.json run.json\n"
      "  aoe-result watch             # follow the run writing here, until it is over\n"
      "  aoe-result report -o report.html run.json\n"
      "  aoe-result bank check            # the custom repository tuning wrote\n"
      "  aoe-result log aoe.log           # how the run ended, from AOE's console output\n"
      "  aoe-result profile PROF_000001_...   # the model run's profile per operator\n\n"
      "Run 'aoe-result help COMMAND' (or 'aoe-result COMMAND --help') for a command's options.");
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
}

// The program: the top level, every command with its options, and their
// names. Not movable: the commands' run functions refer to its members.
class Program {
 public:
  Program()
      : app_(
            "aoe-result: reads the result files of Ascend's AOE operator auto-tuner "
            "(aoe_result_opat_*.json) and its console output, and tells what happened.",
            "aoe-result") {
    setup_top_level(app_, global_);
    // In the order of the help's list of commands.
    commands_ = {
        {setup_show(app_, show_), [this](Context& c) { return run_show(show_, c); }},
        {setup_summary(app_, summary_), [this](Context& c) { return run_summary(summary_, c); }},
        {setup_ops(app_, ops_), [this](Context& c) { return run_ops(ops_, c); }},
        {setup_failed(app_, failed_), [this](Context& c) { return run_failed(failed_, c); }},
        {setup_check(app_, check_), [this](Context& c) { return run_check(check_, c); }},
        {setup_diff(app_, diff_), [this](Context& c) { return run_diff(diff_, c); }},
        {setup_retune(app_, retune_), [this](Context& c) { return run_retune(retune_, c); }},
        {setup_locate(app_, locate_), [this](Context& c) { return run_locate(locate_, c); }},
        {setup_watch(app_, watch_), [this](Context& c) { return run_watch(watch_, c); }},
        {setup_report(app_, report_), [this](Context& c) { return run_report(report_, c); }},
        {setup_trend(app_, trend_), [this](Context& c) { return run_trend(trend_, c); }},
        {setup_bank(app_, bank_), [this](Context& c) { return run_bank(bank_, c); }},
        {setup_log(app_, log_), [this](Context& c) { return run_log(log_, c); }},
        {setup_profile(app_, profile_), [this](Context& c) { return run_profile(profile_, c); }},
    };
    for (const Command& c : commands_) names_.push_back(c.app->get_name());
    for (const std::string& n : names_) joined_names_ += (joined_names_.empty() ? "" : ", ") + n;
  }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  CLI::App& app() noexcept { return app_; }
  [[nodiscard]] const GlobalOptions& global() const noexcept { return global_; }
  [[nodiscard]] const std::vector<Command>& commands() const noexcept { return commands_; }
  /// The commands' names, in order; and joined by ", " for messages.
  [[nodiscard]] const std::vector<std::string>& names() const noexcept { return names_; }
  [[nodiscard]] const std::string& joined_names() const noexcept { return joined_names_; }

 private:
  CLI::App app_;
  GlobalOptions global_;
  ShowOptions show_;
  SummaryOptions summary_;
  OpsOptions ops_;
  FailedOptions failed_;
  CheckOptions check_;
  DiffOptions diff_;
  RetuneOptions retune_;
  LocateOptions locate_;
  WatchOptions watch_;
  ReportOptions report_;
  TrendOptions trend_;
  BankOptions bank_;
  LogOptions log_;
  ProfileOptions profile_;
  std::vector<Command> commands_;
  std::vector<std::string> names_;
  std::string joined_names_;
};

// Bare `aoe-result`: a short usage with the commands (exit 2).
int bare_usage(const Program& program) {
  // At a terminal's width when standard error is one; else a line each.
  const std::optional<std::size_t> width = process_err_width();
  const auto line = [&width](const std::string& text, std::size_t hang) {
    std::cerr << (width ? wrap_text(text, *width, 0, hang) : text + "\n");
  };
  line(
      "usage: aoe-result [--format FORMAT] [--color WHEN] [-q] [--wide] COMMAND [OPTIONS] "
      "[PATH...]",
      7);
  std::cerr << "\ncommands:\n";
  for (const Command& c : program.commands()) {
    const std::string name = "  " + pad(c.app->get_name(), 8, Align::left) + "  ";
    if (!width) {
      std::cerr << name << c.app->get_description() << "\n";
      continue;
    }
    // The description in its column, its lines under one another.
    std::string wrapped = wrap_text(c.app->get_description(), *width, name.size(), 12);
    wrapped.replace(0, name.size(), name);
    std::cerr << wrapped;
  }
  std::cerr << "\n";
  line("Run 'aoe-result help' for the global options, 'aoe-result help COMMAND' for a command's.",
       0);
  return static_cast<int>(Exit::usage);
}

// `aoe-result help [COMMAND [SUBCOMMAND...]]`: the help of the program, of
// COMMAND, or of one of its subcommands (`help bank merge`), each as its
// `--help` prints it. `help help` is the program's help, which tells it.
int help(Program& program, int argc, const char* const* argv) {
  if (argc == 2 || std::string_view(argv[2]) == "help") {
    std::cout << program.app().help();
    return 0;
  }
  const CLI::App* command = nullptr;
  for (const Command& c : program.commands()) {
    if (c.app->get_name() == argv[2]) command = c.app;
  }
  if (command == nullptr) {
    const auto guess = closest_word(argv[2], program.names());
    return usage_error("unknown command '" + std::string(argv[2]) + "'" +
                       (guess ? "; did you mean '" + *guess + "'?"
                              : " (commands: " + program.joined_names() + ")"));
  }
  std::string path = command->get_name();  // the command helped so far: "bank", "bank merge"
  std::string parents = "aoe-result";      // its usage line's words before its name
  for (int i = 3; i < argc; ++i) {
    const std::vector<const CLI::App*> subs =
        command->get_subcommands([](const CLI::App*) { return true; });
    std::vector<std::string> names;
    const CLI::App* found = nullptr;
    for (const CLI::App* sub : subs) {
      names.push_back(sub->get_name());
      if (sub->get_name() == argv[i]) found = sub;
    }
    if (found == nullptr) {
      const std::string help_line = "Run 'aoe-result help " + path + "' for usage.";
      if (names.empty()) {
        return tell_usage_error(escape_text("'" + path + "' has no subcommands"), help_line);
      }
      const auto guess = closest_word(argv[i], names);
      std::string list;
      for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
      return tell_usage_error(
          escape_text("unknown subcommand '" + std::string(argv[i]) + "' of '" + path + "'" +
                      (guess ? "; did you mean '" + *guess + "'?" : " (" + list + ")")),
          help_line);
    }
    parents = "aoe-result " + path;
    path += " " + found->get_name();
    command = found;
  }
  std::cout << command->help(parents);  // "Usage: aoe-result bank merge", as its --help
  return 0;
}

// A first word that is no command: the closest command, and the list; a
// word that names a file or folder gets the command that reads it
// (`aoe-result run.json`: "to read it, name a command first").
int unknown_command(const Program& program, const std::string& word) {
  const auto guess = closest_word(word, program.names());
  std::error_code error;
  const bool a_path = std::filesystem::exists(std::filesystem::path(word), error);
  return tell_usage_error(
      "unknown command '" + escape_text(word) + "'" +
          (a_path ? std::string("; it is a path: to read it, name a command first (aoe-result "
                                "show ") +
                        escape_text(shell_word(word)) + ")"
           : guess ? "; did you mean '" + *guess + "'?"
                   : "") +
          " (commands: " + program.joined_names() + ")",
      "Run 'aoe-result --help' for usage.");
}

// The option of `command` itself (not of its subcommands) that `word`
// ("--name", "--name=value", "-n", "-nVALUE") names, or null.
const CLI::Option* option_named(const CLI::App& command, const std::string& word) {
  const bool long_form = word.compare(0, 2, "--") == 0;
  const std::string name = long_form ? word.substr(2, word.find('=') - 2) : word.substr(1, 1);
  for (const CLI::Option* o : command.get_options()) {
    const std::vector<std::string>& names = long_form ? o->get_lnames() : o->get_snames();
    if (std::find(names.begin(), names.end(), name) != names.end()) return o;
  }
  return nullptr;
}

bool takes_option(const CLI::App& command, const std::string& word) {
  return option_named(command, word) != nullptr;
}

// An option of the command given before it (`aoe-result --top 3 show`,
// `aoe-result --strict bank check`): the command would have taken it after
// its name. `word` is "--name", "--name=value", "-n" or "-nVALUE". The
// command's words ("show", "bank check") when a command or subcommand
// given takes it, else empty.
std::string command_of_option_before_command(const CLI::App& app, const std::string& word) {
  std::vector<const CLI::App*> chain;
  for (const CLI::App* a = &app; !a->get_subcommands().empty();) {
    a = a->get_subcommands().front();
    chain.push_back(a);
  }
  for (std::size_t depth = chain.size(); depth > 0; --depth) {
    if (!takes_option(*chain[depth - 1], word)) continue;
    std::string words;
    for (std::size_t k = 0; k < depth; ++k) words += (k > 0 ? " " : "") + chain[k]->get_name();
    return words;
  }
  return {};
}

// An option given with no command (`aoe-result --top 3`): the commands
// that take it ("show", "bank check" for a subcommand's when `bank` does
// not), in the order of `--help`; empty when none does.
std::vector<std::string> commands_taking_option(const CLI::App& app, const std::string& word) {
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands({})) {
    if (takes_option(*command, word)) {
      names.push_back(command->get_name());  // its subcommands too: named once
      continue;
    }
    for (const CLI::App* sub : command->get_subcommands({})) {
      if (takes_option(*sub, word)) names.push_back(command->get_name() + " " + sub->get_name());
    }
  }
  return names;
}

// "a", "a and b", "a, b and c".
std::string joined_words(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  }
  return out;
}

int option_before_command(const std::string& command, const std::string& word) {
  const std::string name =
      word.compare(0, 2, "--") == 0 ? word.substr(0, word.find('=')) : word.substr(0, 2);
  return tell_usage_error("'" + escape_text(name) + "' is an option of '" + command +
                              "': put it after the command (aoe-result " + command + " " +
                              escape_text(name) + " ...)",
                          "Run 'aoe-result " + command + " --help' for usage.");
}

// An option not taken (`word`, "--name" or "--name=value"): the closest one
// the command (or the program) takes.
int unknown_option(const CLI::App& app, const std::string& word) {
  std::vector<const CLI::App*> apps{&app};
  if (!app.get_subcommands().empty()) {  // the command, and its subcommand if given
    for (const CLI::App* a = &app; !a->get_subcommands().empty();) {
      a = a->get_subcommands().front();
      apps.push_back(a);
    }
  } else {  // no command given: any command's option may be the one meant
    for (const CLI::App* command : app.get_subcommands({})) {
      apps.push_back(command);
      for (const CLI::App* sub : command->get_subcommands({})) apps.push_back(sub);
    }
  }
  std::vector<std::string> taken;
  for (const CLI::App* a : apps) {
    for (const CLI::Option* o : a->get_options()) {
      for (const std::string& l : o->get_lnames()) taken.push_back("--" + l);
    }
  }
  const std::string name = escape_text(word.substr(0, word.find('=')));
  // A word like a file name ("-run.json") is more likely a path than an
  // option: say how to give it.
  if (word.compare(0, 2, "--") != 0 && word.find_first_of("./") != std::string::npos) {
    return usage_error("unknown option '" + escape_text(word) +
                       "'; a path that starts with '-' goes after '--' (aoe-result COMMAND -- " +
                       escape_text(word) + ") or is written ./" + escape_text(word));
  }
  const auto guess = closest_word(name, taken);
  return usage_error("unknown option '" + name + "'" +
                     (guess ? "; did you mean '" + *guess + "'?" : "") +
                     (app.get_subcommands().empty()
                          ? std::string()
                          : " (aoe-result " + command_path(app) + " --help lists its options)"));
}

// The command `word` names among `parent`'s, or null.
const CLI::App* command_named(const CLI::App& parent, std::string_view word) {
  for (const CLI::App* command : parent.get_subcommands({})) {
    if (command->get_name() == word) return command;
  }
  return nullptr;
}

// An option of the command written before the command, or one no part of
// the command line takes, found in `argv` when parsing failed for another
// reason: `aoe-result --below 3 retune` fails first on retune's missing
// --output, but the option's place is the mistake to tell. `nullopt` when
// there is none.
std::optional<int> option_before_command_in(const CLI::App& app, int argc,
                                            const char* const* argv) {
  int at = 1;  // the command's word (values of global options are passed over)
  const CLI::App* command = nullptr;
  for (; at < argc && command == nullptr; ++at) {
    if (argv[at][0] != '-') command = command_named(app, argv[at]);
  }
  if (command == nullptr) return std::nullopt;
  const CLI::App* sub = at < argc ? command_named(*command, argv[at]) : nullptr;
  for (int i = 1; i < at - 1; ++i) {
    const std::string word = argv[i];
    if (word.size() < 2 || word.front() != '-' || word == "--" || takes_option(app, word)) {
      continue;  // no option, or a global one
    }
    if (sub != nullptr && takes_option(*sub, word)) {
      return option_before_command(command->get_name() + " " + sub->get_name(), word);
    }
    if (takes_option(*command, word)) return option_before_command(command->get_name(), word);
  }
  // An option no part of the command line takes, after the command: told
  // before what the command misses (`bank merge --prefr a A B` lacks -o;
  // `diff -old.json -new.json`, dash-named paths, "lack" OLD).
  const std::vector<const CLI::App*> chain{&app, command, sub};
  for (int i = at; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;  // paths from here on
    const bool number = word.size() >= 2 && word.front() == '-' &&
                        (std::isdigit(static_cast<unsigned char>(word[1])) != 0 || word[1] == '.');
    if (word.size() < 2 || word.front() != '-' || number) continue;  // a path or a value
    const CLI::Option* option = nullptr;
    for (const CLI::App* a : chain) {
      if (a != nullptr && option == nullptr) option = option_named(*a, word);
    }
    if (option == nullptr) return unknown_option(app, word);
    // Its value is the next word ("--name -x"), unless written in this one.
    const bool value_here =
        word.find('=') != std::string::npos || (word.compare(0, 2, "--") != 0 && word.size() > 2);
    if (option->get_expected_min() != 0 && !value_here) ++i;  // flags take none
  }
  return std::nullopt;
}

// `left`, a word CLI11 left over, as the command line wrote it: CLI11
// takes the short flags it knows from the front of a word ("-run.json"
// gives -r and leaves "-un.json"); the first word that ends as `left` does
// after its dash, else `left`.
std::string as_written(const std::string& left, int argc, const char* const* argv) {
  if (left.size() < 2 || left.compare(0, 2, "--") == 0) return left;
  const std::string_view tail = std::string_view(left).substr(1);
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word.size() > tail.size() && word.front() == '-' && word.compare(0, 2, "--") != 0 &&
        word.substr(word.size() - tail.size()) == tail) {
      return std::string(word);
    }
  }
  return left;
}

// After parsing: the words no command took, told (the exit status), or
// `nullopt` when there are none and a command was given.
std::optional<int> words_not_taken(Program& program, int argc, const char* const* argv) {
  CLI::App& app = program.app();
  // "--" (what follows it is a path, even "-weird.json") is kept among
  // the remaining words by CLI11, though it is no word left over.
  std::vector<std::string> extras = app.remaining(true);
  extras.erase(std::remove(extras.begin(), extras.end(), "--"), extras.end());
  if (app.get_subcommands().empty()) {
    const auto word = std::find_if(extras.begin(), extras.end(), [](const std::string& w) {
      return !w.empty() && w.front() != '-';
    });
    // An option before any command ("3" of `--top 3` is no command).
    if (!extras.empty() && extras.front().size() >= 2 && extras.front().front() == '-') {
      const std::string& option = extras.front();
      const std::vector<std::string> commands = commands_taking_option(app, option);
      if (!commands.empty()) {
        const std::string name = escape_text(option.substr(0, option.find('=')));
        return tell_usage_error("'" + name + "' is an option of " + joined_words(commands) +
                                    ", not of aoe-result itself: name the command first "
                                    "(aoe-result " +
                                    commands.front() + " " + name + " ...)",
                                "Run 'aoe-result --help' for the commands.");
      }
      return unknown_option(app, option);
    }
    if (word != extras.end()) return unknown_command(program, *word);
    if (extras.empty()) {
      // `aoe-result -- summary F`: after "--" every word is a path.
      const auto dashes = std::find(argv + 1, argv + argc, std::string_view("--"));
      const std::vector<std::string>& names = program.names();
      const auto command = std::find_if(dashes, argv + argc, [&names](const char* w) {
        return std::find(names.begin(), names.end(), w) != names.end();
      });
      if (command != argv + argc) {
        return usage_error("'--' ends the options, and what follows it is read as paths: '" +
                           std::string(*command) + "' after it is no command; name the command " +
                           "first (aoe-result " + *command + " -- FILE...)");
      }
      return usage_error("a command is required (commands: " + program.joined_names() + ")");
    }
  }
  if (extras.empty()) return std::nullopt;
  for (const std::string& w : extras) {
    if (w.size() < 2 || w.front() != '-') continue;
    if (const std::string command = command_of_option_before_command(app, w); !command.empty()) {
      return option_before_command(command, w);
    }
  }
  // An option not taken, "--name" or "-x…" (CLI11 has taken the short
  // flags it knows: "-run.json" is left as "-un.json" once -r is taken).
  const auto option = std::find_if(extras.begin(), extras.end(), [](const std::string& w) {
    return w.size() >= 2 && w.front() == '-';
  });
  if (option != extras.end()) return unknown_option(app, as_written(*option, argc, argv));
  // Words beyond what the command takes (`diff OLD NEW THIRD`), told as
  // `bank merge` tells them: "'diff' takes OLD NEW; '/tmp' is one too many".
  const std::string path = command_path(app);
  if (path.empty()) return usage_error(CLI::ExtrasError(extras).what());
  const CLI::App* command = &app;
  while (!command->get_subcommands().empty()) command = command->get_subcommands().front();
  std::string takes;
  for (const CLI::Option* o : command->get_options()) {
    if (!o->get_positional()) continue;
    takes += (takes.empty() ? "" : " ") + o->get_name();
    if (o->get_expected_max() > 1) takes += "...";
  }
  return tell_usage_error(
      escape_text("'" + path + "' takes " + (takes.empty() ? "no argument" : takes) + "; '" +
                  extras.front() + "'" +
                  (extras.size() > 1
                       ? " and " + std::to_string(extras.size() - 1) + " more are too many"
                       : " is one too many")),
      "Run 'aoe-result " + path + " --help' for usage.");
}

// `--name=` with nothing after '=' for an option that takes a value, told
// (exit 2): CLI11 would take the next word as its value (`--top= run.json`
// read the path as the count). The option is looked for in the command
// and subcommand the line names, then among the global ones; `nullopt`
// when no such word names one. Words after "--" are paths.
std::optional<int> empty_assignment(const CLI::App& app, int argc, const char* const* argv) {
  std::vector<const CLI::App*> chain{&app};  // the line's commands, the innermost last
  for (int i = 1; i < argc && chain.size() < 3; ++i) {
    if (std::string_view(argv[i]) == "--") break;
    if (argv[i][0] == '-') continue;
    if (const CLI::App* named = command_named(*chain.back(), argv[i])) chain.push_back(named);
  }
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") break;
    if (word.size() < 4 || word.compare(0, 2, "--") != 0 || word.find('=') != word.size() - 1) {
      continue;
    }
    const std::string name(word.substr(0, word.size() - 1));
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const CLI::Option* o = option_named(**it, name);
      if (o == nullptr) continue;
      if (o->get_expected_min() == 0) break;  // a flag: CLI11 reads `--wide=` as given
      const std::string value = option_value_name(*o);
      const std::string shown = value.empty() ? "VALUE" : value;
      std::string command;
      for (const CLI::App* up = *it; up->get_parent() != nullptr; up = up->get_parent()) {
        command = up->get_name() + (command.empty() ? "" : " " + command);
      }
      return tell_usage_error(escape_text("'" + name + "=' gives " + name + " no value: write " +
                                          name + "=" + shown + " or " + name + " " + shown),
                              "Run 'aoe-result " +
                                  (command.empty() ? std::string() : command + " ") +
                                  "--help' for usage.");
    }
  }
  return std::nullopt;
}

// Parses `argv`: the exit status when that is the end (--help, --version,
// a usage error), `nullopt` when a command is to run.
std::optional<int> parse(Program& program, int argc, const char* const* argv) {
  CLI::App& app = program.app();
  // Words no command takes are kept by the top level (allow_extras) and
  // told after parsing: a first word that is no command gets a plain answer,
  // not CLI11's "A subcommand is required".
  // (Set after the commands are added, so that they do not inherit it and
  // keep refusing what they do not take.)
  app.allow_extras();
  if (const std::optional<int> told = empty_assignment(app, argc, argv)) return *told;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
      (void)app.exit(e, std::cout, std::cerr);  // --help, --version
      return 0;
    }
    if (const std::optional<int> told = option_before_command_in(app, argc, argv)) return *told;
    return parse_error(app, e.what());
  }
  return words_not_taken(program, argc, argv);
}

// Runs the command that was parsed; its usage errors exit 2.
int dispatch(const Program& program) {
  Context ctx = make_process_context(program.global());
  for (const Command& c : program.commands()) {
    if (!c.app->parsed()) continue;
    try {
      const Exit status = c.run(ctx);
      ctx.out.flush();
      return static_cast<int>(status);
    } catch (const UsageError& e) {
      // As a parse error is told: the message, then where the usage is.
      ctx.error(e.what());
      // The subcommand's help when one was given (`bank merge --help`).
      const std::string help =
          "Run 'aoe-result " + c.app->get_name() +
          (c.app->get_subcommands().empty() ? std::string()
                                            : " " + c.app->get_subcommands().front()->get_name()) +
          " --help' for usage.";
      ctx.err << (ctx.err_width ? wrap_text(help, *ctx.err_width, 0, 2) : help + "\n");
      return static_cast<int>(Exit::usage);
    }
  }
  return static_cast<int>(Exit::usage);
}

}  // namespace

int run_app(int argc, const char* const* argv) {
  Program program;
  if (argc <= 1) return bare_usage(program);
  if (std::string_view(argv[1]) == "help") return help(program, argc, argv);
  if (const std::optional<int> done = parse(program, argc, argv)) return *done;
  return dispatch(program);
}

}  // namespace aoe::cli
