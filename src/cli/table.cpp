// SPDX-License-Identifier: Apache-2.0
#include "table.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aoe::cli {

void Table::add_row(std::vector<Cell> cells, std::optional<double> bar) {
  cells.resize(columns_.size());
  rows_.push_back({std::move(cells), bar});
}

std::string draw_bar(double fraction, std::size_t width) {
  static constexpr const char* kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  if (!(fraction > 0)) return {};
  fraction = std::min(fraction, 1.0);
  const auto eighths = static_cast<std::size_t>(std::lround(fraction * static_cast<double>(width) * 8));
  std::string out;
  for (std::size_t i = 0; i < eighths / 8; ++i) out += "█";
  out += kEighths[eighths % 8];
  if (out.empty()) out = "▏";  // a non-zero value stays visible
  return out;
}

namespace {
std::string tone(const Style& style, Tone t, const std::string& s) {
  switch (t) {
    case Tone::good: return style.green(s);
    case Tone::bad: return style.red(s);
    case Tone::warn: return style.yellow(s);
    case Tone::dim: return style.dim(s);
    case Tone::plain: break;
  }
  return s;
}
}  // namespace

std::string Table::render(std::size_t width, bool wide, const Style& style,
                          std::size_t indent) const {
  const std::size_t n = columns_.size();
  std::vector<std::size_t> w(n, 0);
  for (std::size_t c = 0; c < n; ++c) {
    w[c] = display_width(columns_[c].header);
    for (const Row& r : rows_) w[c] = std::max(w[c], display_width(r.cells[c].text));
  }
  constexpr std::size_t kGap = 2;
  const auto used = [&] {
    return indent + std::accumulate(w.begin(), w.end(), std::size_t{0}) + kGap * (n - 1);
  };
  std::size_t bar = 0;
  if (bar_width_ > 0 && !wide) {
    // The bar takes what room is left, between 4 and bar_width_ columns.
    const std::size_t base = used() + kGap;
    bar = base + 4 <= width ? std::min(bar_width_, width - base) : 0;
  } else if (bar_width_ > 0) {
    bar = bar_width_;
  }
  if (!wide) {
    // Shrink the widest shrinkable column first until the table fits.
    while (used() + (bar > 0 ? bar + kGap : 0) > width) {
      std::size_t best = n;
      for (std::size_t c = 0; c < n; ++c) {
        if (columns_[c].shrinkable && w[c] > columns_[c].min_width &&
            (best == n || w[c] > w[best])) {
          best = c;
        }
      }
      if (best == n) break;
      --w[best];
    }
  }

  const std::string margin(indent, ' ');
  std::string out;
  const auto line = [&](const std::vector<Cell>& cells, bool header, std::optional<double> fraction) {
    std::string text = margin;
    for (std::size_t c = 0; c < n; ++c) {
      std::string cell = wide ? cells[c].text : shorten_middle(cells[c].text, w[c]);
      const bool last = c + 1 == n && bar == 0;
      cell = (last && columns_[c].align == Align::left) ? cell : pad(cell, w[c], columns_[c].align);
      text += header ? style.bold(cell) : tone(style, cells[c].tone, cell);
      if (!last) text += std::string(kGap, ' ');
    }
    if (bar > 0 && fraction) text += style.cyan(draw_bar(*fraction, bar));
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text;
    out += '\n';
  };
  std::vector<Cell> head;
  for (const Column& c : columns_) head.push_back({c.header, Tone::plain});
  line(head, true, std::nullopt);
  for (const Row& r : rows_) line(r.cells, false, r.bar);
  return out;
}

}  // namespace aoe::cli
