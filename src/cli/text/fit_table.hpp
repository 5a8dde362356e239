// SPDX-License-Identifier: Apache-2.0
// A text table that fits its width by leaving out the columns that matter
// least, then shortening names (table.hpp): for tables with more columns
// than a narrow terminal holds (`ops`, `show`, `trend`, `ops --group-by`).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text/table.hpp"
#include "text/term.hpp"
#include "text/wrap.hpp"

namespace aoe::cli {

/// Columns of this drop rank or higher are spare: they are left out to keep
/// the names whole, not only to make the table fit.
inline constexpr unsigned kSpareRank = 5;

/// One column with all its cells.
struct FitColumn {
  Column column;
  /// 0: always shown; otherwise columns are left out highest first (ties:
  /// the rightmost first) while the table is wider than the width with its
  /// shrinkable columns at their minimum, and spare ones (rank ≥
  /// kSpareRank) also while it is wider with every name whole.
  unsigned drop_rank = 0;
  std::vector<Cell> cells;  ///< one per row
};

/// The table fitted to `width` (every column with `wide`): columns of
/// rank > 0 are left out, highest rank first, until it fits with its
/// shrinkable columns at their minimum widths, then spare ones until it
/// fits with every name whole; the Table shortens names into what is left.
/// `bars` (one per row, or empty for none) draws a bar column after the last.
[[nodiscard]] std::string render_fitted(const std::vector<FitColumn>& columns,
                                        const std::vector<std::optional<double>>& bars,
                                        std::size_t width, bool wide, const Style& style,
                                        std::size_t indent = 0);

/// Rows of one table in groups, each under its heading (a folder): the
/// columns are chosen once over every row, as `render_fitted` chooses
/// them, so each group shows the same ones and one note under the last
/// says what is hidden. `groups` hold row indices into the columns' cells;
/// their headings are written as given (escaped by the caller), bold.
struct RowGroup {
  std::string heading;
  std::vector<std::size_t> rows;
};
[[nodiscard]] std::string render_fitted_groups(const std::vector<FitColumn>& columns,
                                               const std::vector<RowGroup>& groups,
                                               std::size_t width, bool wide, const Style& style);

/// Fills `cells` (one per column, in column order; it arrives holding one
/// per column) with the cells of row `row`.
using FillRow = std::function<void(std::size_t row, std::vector<Cell>& cells)>;
/// The bar of row `row` (`render_fitted`'s `bars`), or nullopt for none.
using BarOf = std::function<std::optional<double>(std::size_t row)>;
/// Sees the measured columns of `write_fitted`: each one's width with every
/// cell whole.
using FitMeasured =
    std::function<void(std::vector<FitColumn>& columns, const std::vector<std::size_t>& whole)>;

/// What `render_fitted` gives for `columns` with the cells `fill` makes for
/// rows 0..rows-1 (and no bars), written to `out` without holding every
/// row's cells: `columns` carry none, and when the table fits `width` with
/// every cell whole (or `wide`) each row is made twice, once to measure
/// and once to write, on several cores for a large table (`fill` must be
/// safe to call from several threads at once). A table that must shorten
/// its names, which needs the whole column, is made once, held and
/// rendered as `render_fitted` does.
/// With `bar` set, a bar column is drawn as `render_fitted` draws it for
/// `bars` of one entry per row (`bar` too must be safe on several threads).
/// With `measured` set, it is given the columns and their widths with every
/// cell whole (the header's at least), once every row is measured and
/// before the columns are fitted: a column's `min_width` may be set from
/// them there, without a pass of its own over the rows.
void write_fitted(std::ostream& out, std::vector<FitColumn> columns, std::size_t rows,
                  const FillRow& fill, std::size_t width, bool wide, const Style& style,
                  std::size_t indent = 0, const BarOf& bar = {}, const FitMeasured& measured = {});

/// Appends one point of a sparkline to `out`: its level (0..7) as one of
/// the eight block characters ▁▂▃▄▅▆▇█, `nullopt` (a gap) as '·'.
void append_sparkline_level(std::string& out, std::optional<unsigned> level);

}  // namespace aoe::cli
