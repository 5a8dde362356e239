// SPDX-License-Identifier: Apache-2.0
#include "text/table.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "text/shorten.hpp"
#include "text/wrap.hpp"

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

// A label ("all 6 groups") shortened to `width` by whole words from its end,
// a count going with the word it counts ("all …"), so that no count is cut
// or parted from its unit; cut in the middle only when its first word alone
// does not fit.
std::string shorten_label(const std::string& text, std::size_t width) {
  if (display_width(text) <= width) return text;
  const auto ends_in_digit = [&text](std::size_t end) {
    return end > 0 && text[end - 1] >= '0' && text[end - 1] <= '9';
  };
  for (std::size_t end = text.rfind(' '); end != std::string::npos && end > 0;
       end = text.rfind(' ', end - 1)) {
    if (ends_in_digit(end)) continue;
    std::string kept = text.substr(0, end) + " …";
    if (display_width(kept) <= width) return kept;
  }
  return shorten_middle(text, width);
}
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
    if (!last) out.append(kColumnGap, ' ');
  }
  if (layout.bar > 0 && fraction) out += layout.style.cyan(draw_bar(*fraction, layout.bar));
  while (out.size() > start && out.back() == ' ') out.pop_back();
  out += '\n';
}

// Fitting a table to its width: the columns' widths, which are shown, the
// bar's width, and the cells of each shortened column as printed (a column
// left empty is printed as its cells are: no copy of every cell of every
// column).
class Table::Fitting {
 public:
  Fitting(const Table& table, std::size_t width, std::size_t indent)
      : columns_(table.columns_),
        rows_(table.rows_),
        n_(columns_.size()),
        width_(width),
        indent_(indent),
        w_(n_, 0),
        shown_(n_, true),
        keep_apart_(n_, 0),
        text_(n_) {
    for (std::size_t c = 0; c < n_; ++c) w_[c] = full_width(c);
  }

  [[nodiscard]] bool shown(std::size_t c) const { return shown_[c]; }

  // The bar takes what room is left, between 4 and `bar_width` columns
  // (all of them when `wide`).
  void set_bar(std::size_t bar_width, bool wide) {
    if (bar_width > 0 && !wide) {
      const std::size_t base = used() + kColumnGap;
      bar_ = base + 4 <= width_ ? std::min(bar_width, width_ - base) : 0;
    } else if (bar_width > 0) {
      bar_ = bar_width;
    }
  }

  void fit();
  [[nodiscard]] std::string lines(bool wide, const Style& style);

 private:
  // A pass over the shrinkable columns (shorten_pass): the last that
  // cannot keep its rows apart, the naming column, and the value cells of
  // each column (those not labels).
  struct Pass {
    std::size_t drop;
    std::size_t naming;
    std::vector<std::vector<std::string>> named;
  };

  [[nodiscard]] std::size_t full_width(std::size_t c) const {
    std::size_t width = display_width(columns_[c].header);
    for (const Row& r : rows_) width = std::max(width, display_width(r.cells[c].text));
    return width;
  }
  // The columns shown, their gaps and the indent.
  [[nodiscard]] std::size_t used() const {
    std::size_t total = indent_;
    std::size_t count = 0;
    for (std::size_t c = 0; c < n_; ++c) {
      if (!shown_[c]) continue;
      total += w_[c];
      ++count;
    }
    return total + (count > 0 ? kColumnGap * (count - 1) : 0);
  }
  [[nodiscard]] bool too_wide_with_bar() const {
    return used() + (bar_ > 0 ? bar_ + kColumnGap : 0) > width_;
  }
  void shrink(bool below_min);
  Pass shorten_pass();
  void keep_apart(std::size_t c, const std::vector<std::string>& named);
  void fit_last_column();

  const std::vector<Column>& columns_;
  const std::vector<Row>& rows_;
  std::size_t n_;
  std::size_t width_;
  std::size_t indent_;
  std::size_t bar_ = 0;
  std::vector<std::size_t> w_;
  std::vector<bool> shown_;
  std::vector<std::size_t> keep_apart_;  // least width of a naming column
  std::vector<std::vector<std::string>> text_;
};

// Shrinks the widest shrinkable column until the table fits: down to each
// column's minimum, or below it (to 1).
void Table::Fitting::shrink(bool below_min) {
  while (too_wide_with_bar()) {
    std::size_t best = n_;
    for (std::size_t c = 0; c < n_; ++c) {
      const std::size_t floor = std::max(below_min ? 1 : columns_[c].min_width, keep_apart_[c]);
      if (shown_[c] && columns_[c].shrinkable && w_[c] > floor &&
          (best == n_ || w_[c] > w_[best])) {
        best = c;
      }
    }
    if (best == n_) return;
    --w_[best];
  }
}

// Shortens each shown shrinkable column to its width (shorten_column);
// of those that cannot keep their rows apart, the last is `drop`.
Table::Fitting::Pass Table::Fitting::shorten_pass() {
  Pass pass{n_, n_, std::vector<std::vector<std::string>>(n_)};
  for (std::size_t c = 0; c < n_; ++c) {
    if (!shown_[c] || !columns_[c].shrinkable) continue;
    if (columns_[c].by_phrases) {
      text_[c].resize(rows_.size());
      for (std::size_t i = 0; i < rows_.size(); ++i)
        text_[c][i] = shorten_phrases(rows_[i].cells[c].text, w_[c]);
      continue;
    }
    if (pass.naming == n_) pass.naming = c;
    std::vector<std::string>& named = pass.named[c];
    for (const Row& r : rows_) {
      if (!r.cells[c].label) named.push_back(r.cells[c].text);
    }
    if (auto fitted = shorten_column(named, w_[c], columns_[c].keep_start)) {
      std::size_t k = 0;
      text_[c].resize(rows_.size());
      for (std::size_t i = 0; i < rows_.size(); ++i) {
        const Cell& cell = rows_[i].cells[c];
        text_[c][i] = cell.label ? shorten_label(cell.text, w_[c]) : std::move((*fitted)[k++]);
      }
    } else {
      pass.drop = c;
    }
  }
  return pass;
}

// The least width that keeps the naming column `c`'s rows apart (at its
// full width it holds the names whole, which are as distinct as they are).
void Table::Fitting::keep_apart(std::size_t c, const std::vector<std::string>& named) {
  std::size_t full = display_width(columns_[c].header);
  for (const std::string& cell : named) full = std::max(full, display_width(cell));
  std::size_t lo = w_[c] + 1;
  std::size_t hi = std::max(full, lo);
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (shorten_column(named, mid, columns_[c].keep_start)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  keep_apart_[c] = lo;
}

// A shrunk column keeps what tells its rows apart (shorten_column); one that
// cannot is dropped, except the first of them, which names the rows (an
// operator, a file): it is given the least width that keeps its rows apart,
// and the other columns make room. Should the columns that cannot shrink
// still be too wide, the last ones are dropped: the table fits its width,
// always.
void Table::Fitting::fit() {
  for (;;) {
    shrink(false);
    shrink(true);
    // Of the columns that cannot keep their rows apart, the last goes;
    // when that is the naming column, it widens instead.
    const Pass pass = shorten_pass();
    if (pass.drop == n_) break;
    if (pass.drop == pass.naming) {
      keep_apart(pass.drop, pass.named[pass.drop]);
    } else {
      shown_[pass.drop] = false;
    }
    // The room of a dropped column goes back to the others: start again
    // from their full widths.
    for (std::size_t c = 0; c < n_; ++c) {
      if (shown_[c]) w_[c] = full_width(c);
    }
  }
  if (too_wide_with_bar()) bar_ = 0;
  for (std::size_t c = n_; c-- > 1 && used() > width_;) {
    if (keep_apart_[c] == 0) shown_[c] = false;  // the naming column stays
  }
  fit_last_column();
}

// One column left, still too wide: cut to the width.
void Table::Fitting::fit_last_column() {
  std::size_t first = 0;
  while (first < n_ && !shown_[first]) ++first;
  if (first == n_ || used() <= width_) return;
  w_[first] = width_ > indent_ ? width_ - indent_ : 1;
  std::vector<std::string> cells;
  for (const Row& r : rows_) cells.push_back(r.cells[first].text);
  if (auto fitted = shorten_column(cells, w_[first], columns_[first].keep_start)) {
    text_[first] = std::move(*fitted);
  } else {
    text_[first].clear();
    for (const Row& r : rows_)
      text_[first].push_back(shorten_middle(r.cells[first].text, w_[first]));
  }
}

// The header line, then a line per row (the shortened cells moved out).
std::string Table::Fitting::lines(bool wide, const Style& style) {
  const TableLayout layout{columns_, w_, shown_, indent_, bar_, wide, style};
  std::string out;
  std::vector<std::string> cells;
  std::vector<Tone> tones(n_, Tone::plain);
  for (const Column& c : columns_) cells.push_back(c.header);
  append_table_line(out, layout, cells, tones, true, std::nullopt);
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    for (std::size_t c = 0; c < n_; ++c) {
      if (text_[c].empty()) {
        cells[c] = rows_[i].cells[c].text;
      } else {
        cells[c] = std::move(text_[c][i]);
      }
      tones[c] = rows_[i].cells[c].tone;
    }
    append_table_line(out, layout, cells, tones, false, rows_[i].bar);
  }
  return out;
}

std::string Table::render(std::size_t width, bool wide, const Style& style, std::size_t indent,
                          std::vector<std::size_t>* dropped) const {
  Fitting fitting(*this, width, indent);
  fitting.set_bar(bar_width_, wide);
  if (!wide) fitting.fit();
  std::string out = fitting.lines(wide, style);
  std::vector<std::size_t> left_out;
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    if (!fitting.shown(c)) left_out.push_back(c);
  }
  if (dropped != nullptr) {
    *dropped = std::move(left_out);
    return out;
  }
  std::vector<std::string> names;
  for (const std::size_t c : left_out) names.push_back(columns_[c].header);
  return out + hidden_columns_note(names, width, style, indent);
}

std::string hidden_columns_note(const std::vector<std::string>& names, std::size_t width,
                                const Style& style, std::size_t indent) {
  if (names.empty()) return {};
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  text += " hidden at " + std::to_string(width) + " columns; --wide shows all";
  const std::string pad(indent, ' ');
  const std::string wrapped = wrap_note(text, width > indent ? width - indent : 1);
  std::string out;
  for (std::size_t start = 0; start < wrapped.size();) {
    const std::size_t end = wrapped.find('\n', start);
    out += pad + style.dim(wrapped.substr(start, end - start)) + "\n";
    start = end + 1;
  }
  return out;
}

}  // namespace aoe::cli
