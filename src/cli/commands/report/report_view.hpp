// SPDX-License-Identifier: Apache-2.0
// `report`: what the HTML page shows, computed once from the files read
// (and the baseline run, when given) before anything is rendered. The
// renderer (report_render.hpp) only turns this into markup.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/diff.hpp"
#include "aoe_result/judgement.hpp"
#include "aoe_result/model.hpp"
#include "aoe_result/profile.hpp"
#include "aoe_result/profile_compare.hpp"

#include "commands/check/check_view.hpp"
#include "text/svg_chart.hpp"

namespace aoe::cli {

/// The default `--rows`, and the most rows a page holds whatever `--rows`
/// asks: a page of more takes a browser too long to open (the page of the
/// 300,000-operator file is 1.4 MB with 5,000 rows, drawn by Chromium in
/// about 2 s; 20,000 rows took 4.8 s). `ops --format csv` gives every row.
inline constexpr std::size_t kReportDefaultRows = 5000;
inline constexpr std::size_t kReportMaxRows = 10'000;

/// A task name in the title and in a report's line: at most this many
/// columns, cut in the middle ("very_long…_name"); a report's facts give
/// the whole name when it was cut.
inline constexpr std::size_t kReportNameColumns = 120;

/// Which findings the page lists (`--findings`): every finding (info
/// folded away), errors and warnings only, or none; every code's count is
/// given whichever.
enum class FindingsShown { all, warnings, none };
/// Findings listed per code at most; the rest are counted.
inline constexpr std::size_t kReportFindingsPerCode = 100;

/// A file read, as the page's header lists it.
struct ReportFileLine {
  std::string path;
  bool readable = false;
  std::string layout;  ///< "report-keyed" | "list"; "" when not readable
  bool complete = true;
  std::size_t reports = 0;
  std::size_t operators = 0;
};

/// One tuning report's figures.
struct ReportBlock {
  std::string file;  ///< path of the file holding it
  std::string id;
  std::optional<std::string> tuning_name;
  Status status = Status::unknown;
  std::optional<std::string> status_raw;
  std::optional<double> tuning_time_s;
  bool tuning_time_written = false;  ///< `Report::tuning_time_written`
  bool complete = true;
  bool has_opat = false;
  std::optional<ModelPerformance> model;
  std::optional<double> model_improvement_pct;  ///< `model_improvement_pct`
  std::optional<RepoSummary> repo;
  Totals totals;                              ///< the judgement's (`judge`)
  std::vector<std::string> failed_operators;  ///< de-duplicated, file order
  std::vector<LeftOut> left_out;              ///< operators not in any sum
};

/// One row of the operator table (per operator, over all its modes).
struct ReportRow {
  std::string report;  ///< report id
  std::string file;    ///< the file's name (no folder): what `line` is a line of
  std::string name;
  std::string types;        ///< joined by `+` for a fused operator
  std::string modes;        ///< "Format+Schedule"; "" for flat entries
  std::string update_mode;  ///< "add", "update", "add+update"
  OperatorFigures figures;
  /// An `update` entry whose before − after is from 0 to 1 µs: possibly the
  /// writer's artefact (AOE stores before = after + 1 when the repository
  /// was updated but the time did not drop; format.md), not a measurement.
  bool writer_artefact = false;
  std::size_t line = 0;  ///< line of the operator's object in its file
};

/// A sum of time saved under a label (an operator, a type, a mode).
/// The label of the entries that name no tuning mode (CANN 6.0.1/6.2).
inline constexpr std::string_view kUnspecifiedMode = "unspecified";

struct SavedAmount {
  std::string label;
  double saved_us = 0;
  std::size_t operators = 0;
  /// What tells this amount from another of the same label among those
  /// shown (" · report_3", " · run.json", " · run.json report_3", " · line
  /// 40"): the file where they differ, the report id where two of one file
  /// differ, else the line; a long file name or id cut in the middle
  /// (`kReportQualifierColumns`); "" when the label is not repeated.
  std::string qualifier = {};
};

/// A file name or report id in a qualifier (`SavedAmount::qualifier`): at
/// most this many columns, cut in the middle ("aoe_result_…d7311.json").
inline constexpr std::size_t kReportQualifierColumns = 22;

/// A bar of a figure of the comparison: an operator whose after-tune time
/// changed.
struct ReportChange {
  std::string op_name;
  /// The change in % of the baseline's after-tune time, as a size: how
  /// much slower (a slowdown) or faster (a speed-up).
  double pct = 0;
  /// At most 1 µs: maybe the writer's +1 µs artefact
  /// (`DiffEntry::within_writer_artefact`).
  bool within_writer_artefact = false;
};

/// The comparison with `--baseline`: the same join and classes as `diff`.
struct ReportBaseline {
  std::vector<ReportFileLine> files;
  DiffSummary summary;
  /// The `kReportTopN` largest slowdowns (%), largest first; an entry
  /// without a change % (`DiffEntry::change_pct`) is counted but has no bar.
  std::vector<ReportChange> slowdowns;
  std::vector<ReportChange> speedups;  ///< as `slowdowns`, the largest speed-ups
  /// One of those top entries changed by at most 1 µs (the note under the
  /// figures says what † means).
  bool any_within_writer_artefact = false;
};

/// The findings of one code (and severity), as the page lists them.
struct FindingGroup {
  Code code = Code::truncated;
  Severity severity = Severity::info;
  std::size_t count = 0;  ///< findings of this code in all
  /// The first `kReportFindingsPerCode` in file order; none when
  /// `--findings` leaves this severity out.
  std::vector<Diagnostic> listed;
};

/// Bars in each top-N figure.
inline constexpr std::size_t kReportTopN = 15;

/// `report --profile PROFILE`: AOE's after-tune times set beside a model
/// run's profile, as `profile --result` judges them (the library's
/// `cross_check`; nothing recomputed here).
struct ReportProfileCheck {
  std::string label;  ///< PROFILE as given
  std::size_t profile_rows = 0;
  CrossCheck check;
  /// Per entry of `check.entries`: the median task duration of the
  /// profile's operator of that name and type, µs; nullopt when the name
  /// is not in the profile, has no timed row, or names operators of
  /// several types (whose medians do not combine).
  std::vector<std::optional<double>> median_us;
};

/// The cross-check of `files` with `profile`, and the medians beside it.
[[nodiscard]] ReportProfileCheck make_report_profile_check(const std::vector<ResultFile>& files,
                                                           const Profile& profile,
                                                           std::string label);

/// Everything the page shows.
struct ReportView {
  std::string title;
  std::string generator;     ///< "aoe-result 0.1.0"
  std::string generated_at;  ///< "2026-12-01 10:30:00 UTC"
  std::vector<ReportFileLine> files;
  CheckView check;  ///< findings with the default policy, as `check` gives them
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
  /// The findings by code: errors first, then warnings, then info; within
  /// a severity the most frequent code first.
  std::vector<FindingGroup> findings;
  FindingsShown findings_shown = FindingsShown::all;
  std::vector<ReportBlock> reports;
  Totals totals;  ///< over every report
  /// The operator table: every operator by time saved (largest first;
  /// rows without times last), at most `row_limit` of them.
  std::vector<ReportRow> rows;
  std::size_t rows_total = 0;                  ///< operators in all
  std::size_t row_limit = kReportDefaultRows;  ///< rows the page holds at most
  /// `--rows` as given: more than `kReportMaxRows` is cut to it (and the
  /// page says so).
  std::size_t rows_asked = kReportDefaultRows;
  std::size_t writer_artefacts = 0;  ///< among all operators, not only those shown
  /// `aoe-result ops --format csv <paths>`: gives every row.
  std::string csv_command;
  /// `aoe-result check <paths>`: lists every finding.
  std::string check_command;
  std::vector<SavedAmount> top_saved;  ///< operators saving most, at most kReportTopN, saved > 0
  std::vector<svg::Bin> improvement_bins;  ///< over every timed operator
  std::vector<SavedAmount> by_type;  ///< by joined type, largest saving first, at most kReportTopN
  std::size_t types_total = 0;       ///< distinct (joined) types
  std::vector<SavedAmount> by_mode;  ///< per tuning mode (each mode's own times)
  std::optional<ReportBaseline> baseline;
  std::optional<ReportProfileCheck> profile_check;  ///< with --profile
};

/// What the view is made from besides the files.
struct ReportViewOptions {
  std::string title;  ///< "" for the default ("AOE tuning report: <first task name>")
  std::size_t rows = kReportDefaultRows;  ///< `--rows`; above `kReportMaxRows` holds that many
  FindingsShown findings = FindingsShown::all;
  std::string generated_at;        ///< the time of making, as shown
  std::vector<std::string> paths;  ///< the PATH arguments, for the CSV command
  /// Inputs that gave no file (`Inputs::empty_inputs`): findings of the
  /// verdict as `check` makes them (`no-result-file`).
  std::vector<EmptyInput> empty_inputs;
  /// Threads to make and sort the operator rows on (`-j`); 1: the calling thread.
  unsigned threads = 1;
};

/// Computes the page: totals, rows, figures and findings of `files`, and
/// with `baseline` the comparison `diff(baseline, files)`. Reads nothing,
/// prints nothing.
[[nodiscard]] ReportView make_report_view(const std::vector<ResultFile>& files,
                                          const std::vector<ResultFile>* baseline,
                                          const ReportViewOptions& options);

}  // namespace aoe::cli
