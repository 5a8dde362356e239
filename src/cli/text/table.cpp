// SPDX-License-Identifier: Apache-2.0
#include "text/table.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "text/shorten.hpp"

namespace aoe::cli {

void Table::add_row(std::vector<Cell> cells, std::optional<double> bar) {
  cells.resize(columns_.size());
  rows_.push_back({std::move(cells), bar});
}

std::string draw_bar(double fraction, std::size_t width) {
  static constexpr const char* kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  if (!(fraction > 0)) return {};
  fraction = std::min(fraction, 1.0);
  const auto eighths =
      static_cast<std::size_t>(std::lround(fraction * static_cast<double>(width) * 8));
  std::string out;
  for (std::size_t i = 0; i < eighths / 8; ++i) out += "█";
  out += kEighths[eighths % 8];
  if (out.empty()) out = "▏";  // a non-zero value stays visible
  return out;
}

namespace {
std::string tone(const Style& style, Tone t, std::string s) {
  switch (t) {
    case Tone::good:
      return style.green(s);
    case Tone::bad:
      return style.red(s);
    case Tone::warn:
      return style.yellow(s);
    case Tone::dim:
      return style.dim(s);
    case Tone::plain:
      break;
  }
  return s;
}
constexpr std::size_t kGap = 2;  // between columns
}  // namespace

void append_table_line(std::string& out, const TableLayout& layout,
                       const std::vector<std::string>& cells, const std::vector<Tone>& tones,
                       bool header, std::optional<double> fraction) {
  const std::size_t n = layout.columns.size();
  std::size_t last_shown = n;
  for (std::size_t c = 0; c < n; ++c) {
    if (layout.shown[c]) last_shown = c;
  }
  const std::size_t start = out.size();
  out.append(layout.indent, ' ');
  for (std::size_t c = 0; c < n; ++c) {
    if (!layout.shown[c]) continue;
    const std::size_t w = layout.widths[c];
    const bool last = c == last_shown && layout.bar == 0;
    const Align align = layout.columns[c].align;
    std::size_t cell_width = display_width(cells[c]);
    if (!layout.wide && cell_width > w) {
      std::string cell = shorten_middle(cells[c], w);
      if (!(last && align == Align::left)) cell = pad(cell, w, align);
      out += header ? layout.style.bold(cell) : tone(layout.style, tones[c], std::move(cell));
    } else {
      // Fits: written in place, padded (most cells of every table).
      const std::size_t fill = last && align == Align::left ? 0 : w - std::min(w, cell_width);
      const bool styled = layout.style.enabled() && (header || tones[c] != Tone::plain);
      if (styled) {
        std::string cell = align == Align::left ? cells[c] + std::string(fill, ' ')
                                                : std::string(fill, ' ') + cells[c];
        out += header ? layout.style.bold(cell) : tone(layout.style, tones[c], std::move(cell));
      } else {
        if (align != Align::left) out.append(fill, ' ');
        out += cells[c];
        if (align == Align::left) out.append(fill, ' ');
      }
    }
    if (!last) out.append(kGap, ' ');
  }
  if (layout.bar > 0 && fraction) out += layout.style.cyan(draw_bar(*fraction, layout.bar));
  while (out.size() > start && out.back() == ' ') out.pop_back();
  out += '\n';
}

std::string Table::render(std::size_t width, bool wide, const Style& style,
                          std::size_t indent) const {
  const std::size_t n = columns_.size();
  std::vector<std::size_t> w(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    w[c] = display_width(columns_[c].header);
    for (const Row& r : rows_) w[c] = std::max(w[c], display_width(r.cells[c].text));
  }
  std::vector<bool> shown(n, true);
  const auto used = [&] {
    std::size_t total = indent;
    std::size_t count = 0;
    for (std::size_t c = 0; c < n; ++c) {
      if (!shown[c]) continue;
      total += w[c];
      ++count;
    }
    return total + (count > 0 ? kGap * (count - 1) : 0);
  };
  std::size_t bar = 0;
  if (bar_width_ > 0 && !wide) {
    // The bar takes what room is left, between 4 and bar_width_ columns.
    const std::size_t base = used() + kGap;
    bar = base + 4 <= width ? std::min(bar_width_, width - base) : 0;
  } else if (bar_width_ > 0) {
    bar = bar_width_;
  }
  // The cells of each shortened column as printed; a column left empty is
  // printed as its cells are (no copy of every cell of every column).
  std::vector<std::vector<std::string>> text(n);
  if (!wide) {
    // Shrink the widest shrinkable column until the table fits: first down
    // to each column's minimum, then below it. A shrunk column keeps what
    // tells its rows apart (shorten_column); one that cannot is dropped,
    // except the first of them, which names the rows (an operator, a
    // file): it is given the least width that keeps its rows apart, and
    // the other columns make room. Should the columns that cannot shrink
    // still be too wide, the last ones are dropped: the table fits its
    // width, always.
    std::vector<std::size_t> keep_apart(n, 0);  // least width of a naming column
    const auto shrink = [&](bool below_min) {
      while (used() + (bar > 0 ? bar + kGap : 0) > width) {
        std::size_t best = n;
        for (std::size_t c = 0; c < n; ++c) {
          const std::size_t floor = std::max(below_min ? 1 : columns_[c].min_width, keep_apart[c]);
          if (shown[c] && columns_[c].shrinkable && w[c] > floor && (best == n || w[c] > w[best])) {
            best = c;
          }
        }
        if (best == n) return;
        --w[best];
      }
    };
    for (;;) {
      shrink(false);
      shrink(true);
      // Of the columns that cannot keep their rows apart, the last goes;
      // when that is the naming column, it widens instead.
      std::size_t drop = n;
      std::size_t naming = n;  // the first shown shrinkable column
      std::vector<std::vector<std::string>> named(n);
      for (std::size_t c = 0; c < n; ++c) {
        if (!shown[c] || !columns_[c].shrinkable) continue;
        if (naming == n) naming = c;
        for (const Row& r : rows_) {
          if (!r.cells[c].label) named[c].push_back(r.cells[c].text);
        }
        if (auto fitted = shorten_column(named[c], w[c])) {
          std::size_t k = 0;
          text[c].resize(rows_.size());
          for (std::size_t i = 0; i < rows_.size(); ++i) {
            const Cell& cell = rows_[i].cells[c];
            text[c][i] = cell.label ? shorten_middle(cell.text, w[c]) : std::move((*fitted)[k++]);
          }
        } else {
          drop = c;
        }
      }
      if (drop == n) break;
      if (drop == naming) {
        // The least width that keeps its rows apart (at its full width it
        // holds the names whole, which are as distinct as they are).
        std::size_t full = display_width(columns_[drop].header);
        for (const std::string& cell : named[drop]) full = std::max(full, display_width(cell));
        std::size_t lo = w[drop] + 1;
        std::size_t hi = std::max(full, lo);
        while (lo < hi) {
          const std::size_t mid = lo + (hi - lo) / 2;
          if (shorten_column(named[drop], mid)) {
            hi = mid;
          } else {
            lo = mid + 1;
          }
        }
        keep_apart[drop] = lo;
      } else {
        shown[drop] = false;
      }
      // The room of a dropped column goes back to the others: start again
      // from their full widths.
      for (std::size_t c = 0; c < n; ++c) {
        if (!shown[c]) continue;
        w[c] = display_width(columns_[c].header);
        for (const Row& r : rows_) w[c] = std::max(w[c], display_width(r.cells[c].text));
      }
    }
    if (used() + (bar > 0 ? bar + kGap : 0) > width) bar = 0;
    for (std::size_t c = n; c-- > 1 && used() > width;) {
      if (keep_apart[c] == 0) shown[c] = false;  // the naming column stays
    }
    std::size_t first = 0;
    while (first < n && !shown[first]) ++first;
    if (first < n && used() > width) {  // one column left, still too wide
      w[first] = width > indent ? width - indent : 1;
      std::vector<std::string> cells;
      for (const Row& r : rows_) cells.push_back(r.cells[first].text);
      if (auto fitted = shorten_column(cells, w[first])) {
        text[first] = std::move(*fitted);
      } else {
        text[first].clear();
        for (const Row& r : rows_)
          text[first].push_back(shorten_middle(r.cells[first].text, w[first]));
      }
    }
  }

  const TableLayout layout{columns_, w, shown, indent, bar, wide, style};
  std::string out;
  std::vector<std::string> cells;
  std::vector<Tone> tones(n, Tone::plain);
  for (const Column& c : columns_) cells.push_back(c.header);
  append_table_line(out, layout, cells, tones, true, std::nullopt);
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    for (std::size_t c = 0; c < n; ++c) {
      if (text[c].empty()) {
        cells[c] = rows_[i].cells[c].text;
      } else {
        cells[c] = std::move(text[c][i]);
      }
      tones[c] = rows_[i].cells[c].tone;
    }
    append_table_line(out, layout, cells, tones, false, rows_[i].bar);
  }
  return out;
}

}  // namespace aoe::cli
