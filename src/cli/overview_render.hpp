// SPDX-License-Identifier: Apache-2.0
// Pieces the renderers of `show` and `summary` share: the words for a
// status, the repository summary and totals lines.
#pragma once

#include <string>

#include "aoe_result/analysis.hpp"

#include "term.hpp"

namespace aoe::cli {

/// A report status as one word, coloured: successful green, failed red,
/// incomplete yellow, unknown dim.
[[nodiscard]] std::string status_word(Status status, const Style& style);

/// A report status for Markdown: "✅ successful", "❌ failed",
/// "⚠️ incomplete", "unknown".
[[nodiscard]] std::string status_cell(Status status);

/// "3 added, 5 hit (2 updated, 1 reserved), 0 unsatisfied, 8 total"; "–"
/// for a count not written.
[[nodiscard]] std::string repo_text(const RepoSummary& s);

/// "512 → 400 µs, saved 112 µs (28.04%), geomean speed-up 1.28×", or "no
/// timed operator".
[[nodiscard]] std::string totals_text(const Totals& t);

}  // namespace aoe::cli
