// SPDX-License-Identifier: Apache-2.0
// A text table that fits its width by leaving out the columns that matter
// least, then shortening names (table.hpp): for tables with more columns
// than a narrow terminal holds (`trend`, `ops --group-by`).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "table.hpp"
#include "term.hpp"

namespace aoe::cli {

/// One column with all its cells.
struct FitColumn {
  Column column;
  /// 0: always shown; otherwise columns are left out highest first (ties:
  /// the rightmost first) while the table is wider than the width.
  unsigned drop_rank = 0;
  std::vector<Cell> cells;  ///< one per row
};

/// The table fitted to `width` (every column with `wide`): columns of
/// rank > 0 are left out, highest rank first, until its widest line fits
/// when shrinkable columns are at their smallest; `bars` (one per row, or
/// empty for none) draws a bar column after the last.
[[nodiscard]] std::string render_fitted(const std::vector<FitColumn>& columns,
                                        const std::vector<std::optional<double>>& bars,
                                        std::size_t width, bool wide, const Style& style,
                                        std::size_t indent = 0);

/// A sparkline of `levels` (0..7, `nullopt` a gap shown as '·') with the
/// eight block characters ▁▂▃▄▅▆▇█.
[[nodiscard]] std::string draw_sparkline(const std::vector<std::optional<unsigned>>& levels);

}  // namespace aoe::cli
