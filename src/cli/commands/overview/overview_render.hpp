// SPDX-License-Identifier: Apache-2.0
// Pieces the renderers of `show` and `summary` share: the words for a
// status, the repository summary and totals lines.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/judgement.hpp"

#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

/// A report status as one word, coloured: successful green, failed red,
/// incomplete yellow, unknown dim.
[[nodiscard]] std::string status_word(Status status, const Style& style);

/// A report status for Markdown: "✅ successful", "❌ failed",
/// "⚠️ incomplete", "unknown".
[[nodiscard]] std::string status_cell(Status status);

/// Why a report has no tuning time: "written, but no usable number: see
/// its error" when `written` (`basic.tuning_time(s)` held something else,
/// `Report::tuning_time_written`); else "not written", with "the run was
/// interrupted?" after it unless the report's `status` says the tuning
/// finished (successful or failed).
[[nodiscard]] std::string_view missing_tuning_time(bool written, Status status);

/// "3 added, 5 hit (2 updated, 1 reserved), 0 unsatisfied, 8 total"; "–"
/// for a count not written. `Digits::grouped` writes "1,289" as the report
/// page does.
[[nodiscard]] std::string repo_text(const RepoSummary& s, Digits digits = Digits::plain);

/// "512 → 400 µs, saved 112 µs (28.04%), geomean speed-up 1.28×", or "no
/// timed operator".
[[nodiscard]] std::string totals_text(const Totals& t);

/// "1 operator left out: G3 (negative time)", "3 operators left out: A
/// (no after-time), B (negative time), C (negative time)": the operators
/// the judgement leaves out of every sum, the first `shown` by name with
/// "and N more" after them; names escaped for `for_output` (`escape_text`,
/// `md_escape`). "" when none is left out.
enum class EscapeFor { terminal, markdown };
[[nodiscard]] std::string left_out_text(const std::vector<LeftOut>& left_out, EscapeFor for_output,
                                        std::size_t shown = 5);

/// A report's task name (escaped) shortened in the middle to share a line
/// of `width` columns with its id (escaped) and two spaces, keeping at
/// least 20 columns; whole when `width` is SIZE_MAX (`--wide`).
[[nodiscard]] std::string fitted_task_name(const std::string& name, std::string_view id,
                                           std::size_t width);

}  // namespace aoe::cli
