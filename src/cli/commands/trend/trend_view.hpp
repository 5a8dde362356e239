// SPDX-License-Identifier: Apache-2.0
// `trend`: the runs and operator series it shows, filtered, ordered, cut
// to --top, with the verdict of --fail-above.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/trend.hpp"

#include "core/gate_line.hpp"
#include "io/inputs.hpp"

namespace aoe::cli {

/// What `trend` shows.
struct TrendView {
  /// Every run; the series that passed the filters, largest slowdown from
  /// the previous to the last run first, cut to `--top`.
  Trend trend;
  std::size_t matched = 0;  ///< series before `--top`
  /// `--type` or `--name` was given: an empty list is then "no operators
  /// match", else there was no operator to follow.
  bool filtered = false;
  /// `--fail-above PCT`; nullopt without it.
  std::optional<double> fail_above_pct;
  bool ignore_artefacts = false;  ///< `--ignore-artefacts`
  /// Per shown series: it breaks `--fail-above` (all false without it).
  std::vector<bool> over_limit;
  /// Series breaking the limit among all that matched (before `--top`):
  /// slower than in their previous run by more than the limit, or failed in
  /// the last run after being tuned (`failed_last_count` of them).
  std::size_t over_limit_count = 0;
  std::size_t failed_last_count = 0;
  /// The names (with the mode) of those failed in the last run, then of
  /// the slower ones (with the change), for the message on stderr.
  std::vector<std::string> failed_last_names;
  std::vector<std::string> over_limit_names;
  /// The gate had something to judge (`aoe::judgeable`; true without
  /// `--fail-above`). A gate not judged fails.
  bool judged = true;
  /// Runs holding an operator that matched (`aoe::runs_with_operators`).
  std::size_t runs_with_operators = 0;

  /// Broken, not judged, or passed (passed without `--fail-above`).
  [[nodiscard]] GateVerdict verdict() const noexcept {
    return over_limit_count > 0 ? GateVerdict::broken
           : judged             ? GateVerdict::passed
                                : GateVerdict::not_judged;
  }
  /// Inputs that gave nothing to read (`Inputs::problems`), for the JSON
  /// document's "problems"; set by the command.
  std::vector<InputProblem> problems;
};

/// How to make the view.
struct TrendQuery {
  TrendSpec spec;       ///< grain and filter
  std::size_t top = 0;  ///< series kept; 0: every one
  std::optional<double> fail_above_pct;
  bool ignore_artefacts = false;
};

/// The run label when none is given: the `YYYYMMDD_HHMMSSmmm` timestamp in
/// an `aoe_result_opat_*` name, else the file name (without directories;
/// "<stdin>" for standard input).
[[nodiscard]] std::string default_run_label(const std::string& path);

/// The names of the runs of `files` (each one run, in order): run i named
/// `labels[i]` where given and not empty, else `default_run_label`.
[[nodiscard]] std::vector<std::string> run_labels(const std::vector<ResultFile>& files,
                                                  const std::vector<std::string>& labels);

/// The view of `files` (each one run, in order), named by `run_labels`.
[[nodiscard]] TrendView make_trend_view(const std::vector<ResultFile>& files,
                                        const std::vector<std::string>& labels,
                                        const TrendQuery& query);

/// The view of `trend`, computed with `query.spec` (`TrendBuilder`).
[[nodiscard]] TrendView make_trend_view(Trend trend, const TrendQuery& query);

/// The gate's options as typed: "--fail-above 10", "--fail-above 10
/// --ignore-artefacts".
[[nodiscard]] std::string trend_gate_options(const TrendView& view);

/// What `--fail-above` found, in words: "1 operator failed in the last run
/// after being tuned in an earlier one, 2 operators slower in the last run
/// than in their previous run by more than 10%", or why nothing was judged;
/// with `names`, the operators named (the stderr line). The gate line is
/// `gate_line(trend_gate_options(v), trend_gate_finding(v, false),
/// v.verdict())`. Requires `view.fail_above_pct`.
[[nodiscard]] std::string trend_gate_finding(const TrendView& view, bool names);

}  // namespace aoe::cli
