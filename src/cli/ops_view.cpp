// SPDX-License-Identifier: Apache-2.0
#include "ops_view.hpp"

#include <algorithm>
#include <filesystem>

#include "numbers.hpp"
#include "table.hpp"

namespace aoe::cli {

std::string render_ops_table(const std::vector<OperatorRow>& rows, const OpsTableLayout& layout,
                             const Context& ctx, std::size_t indent) {
  std::vector<Column> columns;
  if (layout.file_column) columns.push_back({"file", Align::left, true, 12});
  if (layout.report_column) columns.push_back({"report", Align::left, true, 12});
  columns.push_back({"operator", Align::left, true, 12});
  columns.push_back({"type", Align::left, true, 8});
  columns.push_back({"modes", Align::left, true, 15});  // "Format+Schedule" stays whole
  columns.push_back({"before µs", Align::right, false, 0});
  columns.push_back({"after µs", Align::right, false, 0});
  columns.push_back({"saved µs", Align::right, false, 0});
  columns.push_back({"improv.", Align::right, false, 0});
  Table table(std::move(columns));
  table.enable_bar();

  double largest = 0;
  for (const OperatorRow& r : rows) {
    if (r.figures.saved_us) largest = std::max(largest, *r.figures.saved_us);
  }
  for (const OperatorRow& r : rows) {
    const OperatorFigures& f = r.figures;
    std::vector<Cell> cells;
    // The file's name tells files apart; its directory rarely does and
    // would take the room (csv/json carry the whole path).
    if (layout.file_column) {
      cells.push_back({escape_text(std::filesystem::path(r.file->path).filename().string())});
    }
    if (layout.report_column) cells.push_back({escape_text(r.report->id)});
    cells.push_back({escape_text(r.op->name.empty() ? "(unnamed)" : r.op->name)});
    cells.push_back({escape_text(joined_types(*r.op))});
    cells.push_back({escape_text(f.modes.empty() ? "–" : f.modes), Tone::dim});
    cells.push_back({fmt_us(f.before_us)});
    cells.push_back({fmt_us(f.after_us)});
    const Tone saved_tone = !f.saved_us ? Tone::plain : *f.saved_us < 0 ? Tone::bad : Tone::plain;
    cells.push_back({fmt_us(f.saved_us), saved_tone});
    Tone pct_tone = Tone::plain;
    if (f.improvement_pct) {
      pct_tone = *f.improvement_pct < 0 ? Tone::bad : *f.improvement_pct >= 10 ? Tone::good : Tone::plain;
    }
    cells.push_back({fmt_pct(f.improvement_pct), pct_tone});
    std::optional<double> bar;
    if (largest > 0 && f.saved_us && *f.saved_us > 0) bar = *f.saved_us / largest;
    table.add_row(std::move(cells), bar);
  }
  return table.render(ctx.width, ctx.global.wide, ctx.style, indent);
}

}  // namespace aoe::cli
