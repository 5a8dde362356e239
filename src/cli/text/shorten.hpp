// SPDX-License-Identifier: Apache-2.0
// Shortening that keeps what tells rows apart: a column of 200 result file
// names shortened in the middle becomes 200 times `aoe_re….json`; cutting
// what every cell shares instead keeps `…0428_203017761_pid18230.json`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace aoe::cli {

/// The cells of one column, each at most `width` display columns, keeping
/// what differs between them: a cell that fits is kept; one that does not
/// loses what all cells share at the start ("…" + its end: file names keep
/// their timestamp/pid part, report ids their tail), else what they share
/// at the end, else both ("…" + the middle + "…"), and only when even the
/// differing part is too wide is that part cut in its middle. Cells are
/// already escaped.
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
