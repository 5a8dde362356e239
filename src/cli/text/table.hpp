// SPDX-License-Identifier: Apache-2.0
// A text table that fits a width: shrinkable columns are shortened in the
// middle with "…", numbers are right-aligned, and an optional bar column
// draws each row's share of the largest value.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "text/term.hpp"

namespace aoe::cli {

/// The spaces between two columns of a text table (`Table`, `render_fitted`).
inline constexpr std::size_t kColumnGap = 2;

/// How a cell is coloured when colour is on.
enum class Tone { plain, good, bad, warn, dim };

struct Cell {
  std::string text;  ///< already escaped
  Tone tone = Tone::plain;
  /// A row's label, not a value (a totals row's "all 3 groups", or its
  /// blank key cells): shortening a column keeps it out of what the
  /// column's values share and must tell apart.
  bool label = false;
};

struct Column {
  std::string header;
  Align align = Align::left;
  bool shrinkable = false;    ///< may be shortened with "…" to fit
  std::size_t min_width = 6;  ///< never shortened below this
  /// Shortened by whole phrases (a list such as "failed 1, missing 4"
  /// becomes "failed 1, …"; `shorten_phrases`), never inside one: for
  /// cells that are values, not names to tell apart.
  bool by_phrases = false;
  /// Shortened keeping its start when that keeps the rows apart (a time
  /// stamp loses its milliseconds, not its date; `shorten_column`).
  bool keep_start = false;
};

class Table {
 public:
  explicit Table(std::vector<Column> columns) : columns_(std::move(columns)) {}

  /// Adds a row; `bar` in [0, 1] is drawn in the bar column when enabled.
  void add_row(std::vector<Cell> cells, std::optional<double> bar = std::nullopt);

  /// Draw a bar column of at most `max_width` columns after the last column.
  void enable_bar(std::size_t max_width = 16) { bar_width_ = max_width; }

  [[nodiscard]] bool empty() const noexcept { return rows_.empty(); }

  /// The table as text, each line indented by `indent` spaces, fitted to
  /// `width` columns unless `wide`. A column left out to fit is named in a
  /// note under the table (`hidden_columns_note`); with `dropped` set, the
  /// indices of those columns go there instead, for a caller that writes
  /// one note of its own.
  [[nodiscard]] std::string render(std::size_t width, bool wide, const Style& style,
                                   std::size_t indent = 0,
                                   std::vector<std::size_t>* dropped = nullptr) const;

 private:
  struct Row {
    std::vector<Cell> cells;
    std::optional<double> bar;
  };
  class Fitting;  // widths, shown columns and shortened cells (table.cpp)
  std::vector<Column> columns_;
  std::vector<Row> rows_;
  std::size_t bar_width_ = 0;
};

/// The line under a table that left columns out, `names` (their headers,
/// in order): "type, modes hidden at 80 columns; --wide shows all", wrapped
/// at `width` after `indent` spaces, dimmed; empty for no names.
[[nodiscard]] std::string hidden_columns_note(const std::vector<std::string>& names,
                                              std::size_t width, const Style& style,
                                              std::size_t indent);

/// How the lines of a table are laid out once its column widths are known.
struct TableLayout {
  const std::vector<Column>& columns;
  const std::vector<std::size_t>& widths;  ///< per column
  const std::vector<bool>& shown;          ///< per column
  std::size_t indent = 0;
  std::size_t bar = 0;  ///< width of the bar column; 0 for none
  bool wide = false;    ///< cells are written whole, not cut to their width
  const Style& style;
};

/// Appends one line of a table: the cells of the shown columns cut to
/// their widths (unless `wide`) and padded (the last, when left-aligned,
/// is not), two spaces apart, coloured by tone (a header line bold), then
/// the bar of `fraction`; trailing spaces trimmed; '\n' at the end.
void append_table_line(std::string& out, const TableLayout& layout,
                       const std::vector<std::string>& cells, const std::vector<Tone>& tones,
                       bool header, std::optional<double> fraction);

/// A horizontal bar of `fraction` (0..1) of `width` columns, drawn with
/// Unicode block characters (eighths).
[[nodiscard]] std::string draw_bar(double fraction, std::size_t width);

}  // namespace aoe::cli
