// SPDX-License-Identifier: Apache-2.0
// Shortening that keeps what tells rows apart: a column of 200 result file
// names shortened in the exact middle may become 200 times `aoe_re….json`;
// moving the one "…" into what every cell shares keeps
// `aoe_result…_203017761_pid18230.json`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace aoe::cli {

/// The cells of one column, each at most `width` display columns, keeping
/// what differs between them: a cell that fits is kept; one that does not
/// loses one stretch of its middle, written as one "…" (never two): inside
/// what all cells share at the start when what follows fits (file names
/// keep their timestamp/pid part, report ids their tail), else inside what
/// they share at the end, else the very middle; the cut is never nearer an
/// end than the middle. When that leaves two cells alike, every cell keeps
/// its end ("…" + end), or else its start. Cells are already escaped.
///
/// `nullopt` when no shortening to `width` keeps distinct cells distinct:
/// the caller drops the column rather than print cells that all read the
/// same. Cells that were equal may stay equal.
[[nodiscard]] std::optional<std::vector<std::string>> shorten_column(
    const std::vector<std::string>& cells, std::size_t width);

/// One label shortened to `width` columns keeping its end ("soc versions:
/// Ascend910B1, Ascend910B2" → "…Ascend910B1, Ascend910B2"), for a line
/// whose start is a fixed label. Unchanged when it fits.
[[nodiscard]] std::string shorten_keeping_end(const std::string& s, std::size_t width);

}  // namespace aoe::cli
