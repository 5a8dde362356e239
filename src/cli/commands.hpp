// SPDX-License-Identifier: Apache-2.0
// The subcommands. Each has an options struct, a setup_ function that
// registers it with CLI11 (defined in its own file), and a run_ function
// that takes the options and a Context and never sees CLI11, so tests call
// it directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/check.hpp"
#include "context.hpp"
#include "inputs.hpp"
#include "locate_view.hpp"
#include "output.hpp"

namespace CLI {
class App;
class Validator;
}

namespace aoe::cli {

// --- show -------------------------------------------------------------------
struct ShowOptions {
  InputOptions inputs;
  std::size_t top = 10;  ///< operators listed per report
  bool all = false;      ///< list every operator
};
CLI::App* setup_show(CLI::App& app, ShowOptions& options);
[[nodiscard]] Exit run_show(const ShowOptions& options, Context& ctx);

// --- summary ----------------------------------------------------------------
struct SummaryOptions {
  InputOptions inputs;
};
CLI::App* setup_summary(CLI::App& app, SummaryOptions& options);
[[nodiscard]] Exit run_summary(const SummaryOptions& options, Context& ctx);

// --- failed -----------------------------------------------------------------
struct FailedOptions {
  InputOptions inputs;
};
CLI::App* setup_failed(CLI::App& app, FailedOptions& options);
[[nodiscard]] Exit run_failed(const FailedOptions& options, Context& ctx);

// --- ops --------------------------------------------------------------------
struct OpsOptions {
  InputOptions inputs;
  std::string sort = "saved";  ///< saved|improvement|before|after|name|type
  std::size_t top = 0;         ///< rows shown; 0: every one
  std::vector<std::string> types;         ///< --type (repeatable): any of them
  std::optional<std::string> name_regex;  ///< --name: ECMAScript regex searched in the name
  std::optional<std::string> mode;        ///< --mode: Format|Schedule|Impl
  std::optional<double> min_improvement_pct;  ///< --min-improvement, percent
  bool per_mode = false;  ///< one row per tuning mode instead of per operator
  /// --group-by KEY[,KEY...]: one row per group (type, mode, report, file).
  std::optional<std::string> group_by;
};
CLI::App* setup_ops(CLI::App& app, OpsOptions& options);
/// Throws `UsageError` for an unknown sort key, a bad regex or a format
/// `ops` does not write.
[[nodiscard]] Exit run_ops(const OpsOptions& options, Context& ctx);

// --- check ------------------------------------------------------------------
struct CheckOptions {
  InputOptions inputs;
  CheckPolicy policy;   ///< --max-failed, --min-improvement, ..., --require-complete
  bool strict = false;  ///< warnings fail too
};
CLI::App* setup_check(CLI::App& app, CheckOptions& options);
/// Exit::findings when a finding fails the check, Exit::input when an input
/// could not be read at all (the worse applies).
[[nodiscard]] Exit run_check(const CheckOptions& options, Context& ctx);

// --- diff -------------------------------------------------------------------
struct DiffOptions {
  std::string old_path;  ///< OLD: a file, a directory (pooled) or "-"
  std::string new_path;  ///< NEW: likewise
  bool recursive = false;
  unsigned jobs = 0;
  bool per_mode = false;  ///< join by name and tuning mode
  /// --fail-above PCT: exit 1 when an operator (or, with `total`, the
  /// total) got slower by more than PCT percent.
  std::optional<double> fail_above_pct;
  bool total = false;
  /// --ignore-artefacts: a regression of at most 1 µs (the writer's
  /// artefact) does not break --fail-above.
  bool ignore_artefacts = false;
};
CLI::App* setup_diff(CLI::App& app, DiffOptions& options);
[[nodiscard]] Exit run_diff(const DiffOptions& options, Context& ctx);

// --- retune -----------------------------------------------------------------
struct RetuneOptions {
  InputOptions inputs;
  std::string output;               ///< -o FILE; "-" for stdout
  std::optional<double> below_pct;  ///< --below PCT
  bool by_type = false;             ///< also write "tune_ops_type"
  bool force = false;               ///< overwrite an existing FILE
};
CLI::App* setup_retune(CLI::App& app, RetuneOptions& options);
[[nodiscard]] Exit run_retune(const RetuneOptions& options, Context& ctx);

// --- locate -----------------------------------------------------------------
struct LocateOptions {
  std::optional<std::string> soc_version;  ///< --soc-version
  /// The environment to look at; nullopt: the process's (tests set it).
  std::optional<LocateEnv> env;
};
CLI::App* setup_locate(CLI::App& app, LocateOptions& options);
[[nodiscard]] Exit run_locate(const LocateOptions& options, Context& ctx);

// --- watch ------------------------------------------------------------------
struct WatchOptions {
  /// A result file, or a directory whose newest result is followed;
  /// nullopt: discovered as by the other commands, and waited for.
  std::optional<std::string> path;
  double interval_s = 1;  ///< --interval: seconds between looks when not notified
  double stall_min = 30;  ///< --stall: minutes without a change that make a stall
  double settle_s = 10;   ///< --settle: seconds unchanged before a pid-less run is over
  bool once = false;      ///< --once: read, print, exit
};
CLI::App* setup_watch(CLI::App& app, WatchOptions& options);
/// Follows the file until the run is over. Exit 0 when every report
/// finished successful, 1 when one failed or is incomplete, 3 when the file
/// never became readable, 130 on Ctrl-C. Throws `UsageError` for a number
/// out of range or a format `watch` does not write.
[[nodiscard]] Exit run_watch(const WatchOptions& options, Context& ctx);

// --- report -----------------------------------------------------------------
struct ReportOptions {
  InputOptions inputs;
  std::string output = "aoe-report.html";  ///< -o FILE; "-" for stdout
  std::vector<std::string> baseline;        ///< --baseline OLD_PATH (repeatable)
  std::string title;                        ///< --title; "" for the default
  std::size_t rows = 5000;                  ///< --rows: operators in the table
  bool force = false;                       ///< overwrite an existing FILE
};
CLI::App* setup_report(CLI::App& app, ReportOptions& options);
/// Writes the HTML page. Throws `UsageError` for an existing FILE without
/// `force`, a --rows out of range or a --format other than the default.
[[nodiscard]] Exit run_report(const ReportOptions& options, Context& ctx);

// --- trend ------------------------------------------------------------------
struct TrendOptions {
  InputOptions inputs;
  std::vector<std::string> labels;        ///< --label (repeatable): names of runs 1, 2, ...
  bool per_mode = false;                  ///< follow each tuning mode apart
  std::size_t top = 0;                    ///< operators shown; 0: every one
  std::vector<std::string> types;         ///< --type (repeatable): any of them
  std::optional<std::string> name_regex;  ///< --name: ECMAScript regex searched in the name
  /// --fail-above PCT: exit 1 when an operator's last run is slower than its
  /// previous run by more than PCT percent.
  std::optional<double> fail_above_pct;
  bool ignore_artefacts = false;  ///< with --fail-above: changes within 1 µs never break it
};
CLI::App* setup_trend(CLI::App& app, TrendOptions& options);
/// Throws `UsageError` for a bad regex, more labels than runs or a format
/// `trend` does not write.
[[nodiscard]] Exit run_trend(const TrendOptions& options, Context& ctx);

/// Accepts a finite number (percentages): rejects "nan", "inf" and words.
[[nodiscard]] const CLI::Validator& finite_number();

/// Registers the inputs every reading command takes: [PATH...], -r and -j.
void add_input_options(CLI::App& command, InputOptions& inputs);

/// Registers -r/--recursive (with its help text) and -j/--jobs alone, for
/// a command whose paths are not [PATH...] (`diff OLD NEW`).
void add_read_options(CLI::App& command, bool& recursive, unsigned& jobs,
                      const std::string& recursive_help);

}  // namespace aoe::cli
