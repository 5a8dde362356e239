// SPDX-License-Identifier: Apache-2.0
#include "fit_table.hpp"

#include <algorithm>

namespace aoe::cli {

namespace {

std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    widest = std::max(widest, display_width(std::string_view(text).substr(start, end - start)));
    start = end + 1;
  }
  return widest;
}

std::string render_columns(const std::vector<FitColumn>& columns, const std::vector<bool>& shown,
                           const std::vector<std::optional<double>>& bars, std::size_t width,
                           bool wide, const Style& style, std::size_t indent) {
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
  return table.render(width, wide, style, indent);
}

}  // namespace

std::string render_fitted(const std::vector<FitColumn>& columns,
                          const std::vector<std::optional<double>>& bars, std::size_t width,
                          bool wide, const Style& style, std::size_t indent) {
  std::vector<bool> shown(columns.size(), true);
  if (!wide) {
    // Measured without colour (escapes take no columns) and without the bar
    // (it takes only the room that is left).
    const Style plain(false);
    const std::vector<std::optional<double>> no_bars;
    while (widest_line(render_columns(columns, shown, no_bars, width, false, plain, indent)) >
           width) {
      std::size_t drop = columns.size();
      for (std::size_t c = 0; c < columns.size(); ++c) {
        if (shown[c] && columns[c].drop_rank > 0 &&
            (drop == columns.size() || columns[c].drop_rank >= columns[drop].drop_rank)) {
          drop = c;
        }
      }
      if (drop == columns.size()) break;  // only the columns that always stay: as narrow as it gets
      shown[drop] = false;
    }
  }
  return render_columns(columns, shown, bars, width, wide, style, indent);
}

std::string draw_sparkline(const std::vector<std::optional<unsigned>>& levels) {
  static constexpr const char* kLevels[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  std::string out;
  for (const auto& level : levels) out += level ? kLevels[std::min(*level, 7U)] : "·";
  return out;
}

}  // namespace aoe::cli
