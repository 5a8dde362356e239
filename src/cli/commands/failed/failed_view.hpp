// SPDX-License-Identifier: Apache-2.0
// `failed`: the failed operators' names, de-duplicated, in file order, and
// where each was reported.
#pragma once

#include <string>
#include <vector>

#include "aoe_result/model.hpp"

#include "io/inputs.hpp"

namespace aoe::cli {

/// One name in one report's `tuning_failed_operators`: where it came from.
struct FailedOccurrence {
  std::string op_name;  ///< raw (renderers escape)
  std::string file;     ///< `ResultFile::path`, as given ("<stdin>" for -)
  std::string report;   ///< `Report::id`; `report_1` for a list file
};

/// What `failed` prints.
struct FailedView {
  std::vector<std::string> names;  ///< raw (renderers escape), first occurrence first
  /// Every name in every report, in file and report order, duplicates kept
  /// (a name failed in two reports is two entries).
  std::vector<FailedOccurrence> occurrences;
  /// Inputs that gave nothing to read (`Inputs::problems`), for the JSON
  /// document's "problems"; set by the command.
  std::vector<InputProblem> problems;
  /// `--where`: the text lists every occurrence with its file and report.
  bool where = false;
};

/// The names of `Report::failed_operators` over every report of `files`,
/// each once, in file order, and every occurrence with its file and report.
[[nodiscard]] FailedView make_failed_view(const std::vector<ResultFile>& files);

}  // namespace aoe::cli
