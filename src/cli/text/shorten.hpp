// SPDX-License-Identifier: Apache-2.0
// Shortening that keeps what tells rows apart, with one "…" per cell: in
// the middle when that keeps the cells distinct, else nearer the start or
// the end, wherever what differs is kept.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace aoe::cli {

/// The cells of one column, each at most `width` display columns, keeping
/// what differs between them: a cell that fits is kept; one that does not
/// loses one stretch, written as one "…" (never two): its middle first
/// (`aoe_result_opat…_pid20431.json`); when that leaves two distinct cells
/// alike, the "…" moves towards the start (more of the end kept: a pid, a
/// thread id), then towards the end. Cells are already escaped.
///
/// A start that every cell shares tells no row from another: it gives way
/// first (`aoe_r…20230315_094502113_pid20431.json`, `…pid20431.json`).
/// With `keep_start` (cells whose start says most, as a time stamp
/// `20221103_101522418`), the "…" goes at the end first (`20221103_1015…`)
/// when that keeps the cells apart and they share no start.
///
/// `nullopt` when no shortening to `width` keeps distinct cells distinct:
/// the caller drops the column rather than print cells that all read the
/// same. Cells that were equal may stay equal.
[[nodiscard]] std::optional<std::vector<std::string>> shorten_column(
    const std::vector<std::string>& cells, std::size_t width, bool keep_start = false);

/// A list of phrases (", " apart) in at most `width` columns: the first
/// phrases whole and ", …" for the rest, or "…" alone when not even the
/// first fits with it; never cut inside a phrase ("failed 1, newly failed
/// 1, missing 4" at 20 columns: "failed 1, …"). Unchanged when it fits.
[[nodiscard]] std::string shorten_phrases(const std::string& s, std::size_t width);

/// One label shortened to `width` columns keeping its end ("soc versions:
/// Ascend910B1, Ascend910B2" → "…Ascend910B1, Ascend910B2"), for a line
/// whose start is a fixed label. Unchanged when it fits.
[[nodiscard]] std::string shorten_keeping_end(const std::string& s, std::size_t width);

}  // namespace aoe::cli
