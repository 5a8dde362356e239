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

#include "io/inputs.hpp"

namespace aoe::cli {

/// What `trend` shows.
struct TrendView {
  /// Every run; the series that passed the filters, largest slowdown from
  /// the previous to the last run first, cut to `--top`.
  Trend trend;
  std::size_t matched = 0;  ///< series before `--top`
  /// `--fail-above PCT`; nullopt without it.
  std::optional<double> fail_above_pct;
  bool ignore_artefacts = false;  ///< `--ignore-artefacts`
  /// Per shown series: it breaks `--fail-above` (all false without it).
  std::vector<bool> over_limit;
  /// Series breaking the limit among all that matched (before `--top`).
  std::size_t over_limit_count = 0;
  /// Their names (with the mode and change), for the message on stderr.
  std::vector<std::string> over_limit_names;
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

/// The view of `files` (each one run, in order), run i named `labels[i]`
/// where given (else `default_run_label`).
[[nodiscard]] TrendView make_trend_view(const std::vector<ResultFile>& files,
                                        const std::vector<std::string>& labels,
                                        const TrendQuery& query);

}  // namespace aoe::cli
