// SPDX-License-Identifier: Apache-2.0
#include "text/fit_table.hpp"

#include <algorithm>
#include <ostream>

#include "text/ordered_rounds.hpp"

namespace aoe::cli {

namespace {

// The table of the `shown` columns; the ones it drops to fit (indices
// among the shown ones) are added to `dropped`.
std::string render_columns(const std::vector<FitColumn>& columns, const std::vector<bool>& shown,
                           const std::vector<std::optional<double>>& bars, std::size_t width,
                           bool wide, const Style& style, std::size_t indent,
                           std::vector<std::size_t>& dropped) {
  std::vector<Column> head;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (shown[c]) head.push_back(columns[c].column);
  }
  Table table(std::move(head));
  if (!bars.empty()) table.enable_bar();
  const std::size_t rows = columns.empty() ? 0 : columns.front().cells.size();
  for (std::size_t r = 0; r < rows; ++r) {
    std::vector<Cell> cells;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (shown[c]) cells.push_back(r < columns[c].cells.size() ? columns[c].cells[r] : Cell{});
    }
    table.add_row(std::move(cells), r < bars.size() ? bars[r] : std::nullopt);
  }
  std::vector<std::size_t> cut;
  std::string out = table.render(width, wide, style, indent, &cut);
  for (const std::size_t c : cut) {
    if (std::find(dropped.begin(), dropped.end(), c) == dropped.end()) dropped.push_back(c);
  }
  return out;
}

}  // namespace

namespace {

// The width the shown columns take at the widths `w`.
std::size_t used_width(const std::vector<bool>& shown, const std::vector<std::size_t>& w,
                       std::size_t indent) {
  std::size_t total = indent;
  std::size_t count = 0;
  for (std::size_t c = 0; c < shown.size(); ++c) {
    if (!shown[c]) continue;
    total += w[c];
    ++count;
  }
  return total + (count > 0 ? kColumnGap * (count - 1) : 0);
}

// Which columns are shown, from each one's width whole and at its
// narrowest (a shrinkable one at its minimum), measured without colour
// (escapes take no columns) and without the bar (it takes only the room
// that is left).
std::vector<bool> choose_columns(const std::vector<FitColumn>& columns,
                                 const std::vector<std::size_t>& whole, std::size_t width,
                                 bool wide, std::size_t indent) {
  std::vector<bool> shown(columns.size(), true);
  if (wide) return shown;
  std::vector<std::size_t> narrowest(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    narrowest[c] =
        columns[c].column.shrinkable ? std::min(whole[c], columns[c].column.min_width) : whole[c];
  }
  // The shown column left out next: the highest rank, the rightmost of a tie.
  const auto next_to_drop = [&] {
    std::size_t drop = columns.size();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (shown[c] && columns[c].drop_rank > 0 &&
          (drop == columns.size() || columns[c].drop_rank >= columns[drop].drop_rank)) {
        drop = c;
      }
    }
    return drop;
  };
  // First until the table fits with its names at their narrowest...
  while (used_width(shown, narrowest, indent) > width) {
    const std::size_t drop = next_to_drop();
    if (drop == columns.size()) break;  // only the columns that always stay: Table shortens more
    shown[drop] = false;
  }
  // ...then spare columns go rather than a name be shortened.
  while (used_width(shown, whole, indent) > width) {
    const std::size_t drop = next_to_drop();
    if (drop == columns.size() || columns[drop].drop_rank < kSpareRank) break;
    shown[drop] = false;
  }
  return shown;
}

// The line under a table that left columns out: those `shown` leaves out
// and those the table itself dropped to fit (`dropped`: indices among the
// shown ones), in column order.
std::string hidden_note(const std::vector<FitColumn>& columns, const std::vector<bool>& shown,
                        const std::vector<std::size_t>& dropped, std::size_t width,
                        const Style& style, std::size_t indent) {
  std::vector<std::string> names;
  std::size_t shown_index = 0;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (shown[c]) {
      const bool cut = std::find(dropped.begin(), dropped.end(), shown_index) != dropped.end();
      ++shown_index;
      if (!cut) continue;
    }
    names.push_back(columns[c].column.header);
  }
  return hidden_columns_note(names, width, style, indent);
}

std::vector<std::size_t> header_widths(const std::vector<FitColumn>& columns) {
  std::vector<std::size_t> whole(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c)
    whole[c] = display_width(columns[c].column.header);
  return whole;
}

// Each column's width with every cell whole (its header's at least).
std::vector<std::size_t> whole_widths(const std::vector<FitColumn>& columns) {
  std::vector<std::size_t> whole = header_widths(columns);
  for (std::size_t c = 0; c < columns.size(); ++c) {
    for (const Cell& cell : columns[c].cells)
      whole[c] = std::max(whole[c], display_width(cell.text));
  }
  return whole;
}

}  // namespace

std::string render_fitted(const std::vector<FitColumn>& columns,
                          const std::vector<std::optional<double>>& bars, std::size_t width,
                          bool wide, const Style& style, std::size_t indent) {
  const std::vector<bool> shown =
      choose_columns(columns, whole_widths(columns), width, wide, indent);
  std::vector<std::size_t> dropped;
  std::string out = render_columns(columns, shown, bars, width, wide, style, indent, dropped);
  return out + hidden_note(columns, shown, dropped, width, style, indent);
}

std::string render_fitted_groups(const std::vector<FitColumn>& columns,
                                 const std::vector<RowGroup>& groups, std::size_t width, bool wide,
                                 const Style& style) {
  // Not indented: the bold heading sets each group apart.
  const std::vector<bool> shown = choose_columns(columns, whole_widths(columns), width, wide, 0);
  std::string out;
  std::vector<std::size_t> dropped;
  for (const RowGroup& group : groups) {
    std::vector<FitColumn> part;
    part.reserve(columns.size());
    for (const FitColumn& column : columns) {
      FitColumn sub{column.column, column.drop_rank, {}};
      sub.cells.reserve(group.rows.size());
      for (const std::size_t r : group.rows) {
        sub.cells.push_back(r < column.cells.size() ? column.cells[r] : Cell{});
      }
      part.push_back(std::move(sub));
    }
    out += style.bold(group.heading) + "\n";
    out += render_columns(part, shown, {}, width, wide, style, 0, dropped);
  }
  return out + hidden_note(columns, shown, dropped, width, style, 0);
}

void write_fitted(std::ostream& out, std::vector<FitColumn> columns, std::size_t rows,
                  const FillRow& fill, std::size_t width, bool wide, const Style& style,
                  std::size_t indent, const BarOf& bar, const FitMeasured& measured) {
  const std::size_t n = columns.size();
  // Rows are made on several cores, a block each (ordered_rounds.hpp).
  constexpr std::size_t kBlockRows = 8192;
  const unsigned threads = rows >= 2 * kBlockRows ? output_threads() : 1U;
  std::vector<std::vector<Cell>> cells(threads, std::vector<Cell>(n));
  std::vector<std::vector<std::size_t>> widths(threads, header_widths(columns));
  in_ordered_rounds(
      rows, kBlockRows, threads,
      [&](std::size_t begin, std::size_t end, unsigned slot) {
        for (std::size_t r = begin; r < end; ++r) {
          fill(r, cells[slot]);
          for (std::size_t c = 0; c < n; ++c) {
            widths[slot][c] = std::max(widths[slot][c], display_width(cells[slot][c].text));
          }
        }
      },
      [](unsigned) {});
  std::vector<std::size_t> whole = widths[0];
  for (const auto& w : widths) {
    for (std::size_t c = 0; c < n; ++c) whole[c] = std::max(whole[c], w[c]);
  }
  if (measured) measured(columns, whole);
  const std::vector<bool> shown = choose_columns(columns, whole, width, wide, indent);
  if (!wide && used_width(shown, whole, indent) > width) {
    // What render_columns makes of the same cells, made straight into the
    // table (the shown columns only).
    std::vector<Column> head;
    for (std::size_t c = 0; c < n; ++c) {
      if (shown[c]) head.push_back(columns[c].column);
    }
    Table table(std::move(head));
    if (bar) table.enable_bar();
    for (std::size_t r = 0; r < rows; ++r) {
      fill(r, cells[0]);
      std::vector<Cell> row;
      for (std::size_t c = 0; c < n; ++c) {
        if (shown[c]) row.push_back(std::move(cells[0][c]));
      }
      table.add_row(std::move(row), bar ? bar(r) : std::nullopt);
    }
    std::vector<std::size_t> dropped;
    out << table.render(width, wide, style, indent, &dropped);
    out << hidden_note(columns, shown, dropped, width, style, indent);
    return;
  }
  // Every cell fits whole: what Table::render writes, a line at a time. The
  // bar takes what room is left, between 4 and Table's 16 columns.
  std::size_t bar_width = 0;
  if (bar) {
    constexpr std::size_t kBarMost = 16;
    const std::size_t base = used_width(shown, whole, indent) + kColumnGap;
    bar_width = wide ? kBarMost : base + 4 <= width ? std::min(kBarMost, width - base) : 0;
  }
  std::vector<Column> head;
  for (const FitColumn& c : columns) head.push_back(c.column);
  const TableLayout layout{head, whole, shown, indent, bar_width, wide, style};
  std::vector<std::string> text(n);
  std::vector<Tone> tones(n, Tone::plain);
  for (std::size_t c = 0; c < n; ++c) text[c] = columns[c].column.header;
  std::string line;
  append_table_line(line, layout, text, tones, true, std::nullopt);
  out << line;
  std::vector<std::string> lines(threads);
  in_ordered_rounds(
      rows, kBlockRows, threads,
      [&](std::size_t begin, std::size_t end, unsigned slot) {
        std::vector<std::string> row_text(n);
        std::vector<Tone> row_tones(n, Tone::plain);
        std::vector<Cell>& row = cells[slot];
        lines[slot].clear();
        for (std::size_t r = begin; r < end; ++r) {
          fill(r, row);
          for (std::size_t c = 0; c < n; ++c) {
            row_text[c] = std::move(row[c].text);
            row_tones[c] = row[c].tone;
          }
          append_table_line(lines[slot], layout, row_text, row_tones, false,
                            bar ? bar(r) : std::nullopt);
        }
      },
      [&](unsigned slot) { out << lines[slot]; });
  out << hidden_note(columns, shown, {}, width, style, indent);
}

void append_sparkline_level(std::string& out, std::optional<unsigned> level) {
  static constexpr const char* kLevels[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  out += level ? kLevels[std::min(*level, 7U)] : "·";
}

}  // namespace aoe::cli
