// SPDX-License-Identifier: Apache-2.0
#include "ops_render.hpp"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "json_out.hpp"
#include "json_util.hpp"
#include "numbers.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

std::string csv_field(std::string_view s) {
  const std::string safe = escape_text(s);
  if (safe.find_first_of(",\"") == std::string::npos) return safe;
  std::string out = "\"";
  for (const char c : safe) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_number(std::optional<double> v) {
  return v && std::isfinite(*v) ? fmt::format("{}", *v) : "";
}

namespace {

ojson row_json(const OperatorRow& r) {
  const OperatorFigures& f = r.figures;
  return ojson{{"file", r.file->path},
               {"report", r.report->id},
               {"op_name", r.op->name},
               {"op_type", r.op->types},
               {"modes", f.modes},
               {"update_mode", f.update_mode},
               {"before_us", number(f.before_us)},
               {"after_us", number(f.after_us)},
               {"saved_us", number(f.saved_us)},
               {"improvement_pct", number(f.improvement_pct)},
               {"reported_improvement_pct", number(f.reported_improvement_pct)},
               {"speedup", number(f.speedup)}};
}

}  // namespace

std::string ops_text(const OpsView& view, const Context& ctx) {
  if (view.rows.empty()) {
    return view.matched == 0 ? "no operator matches\n" : "";
  }
  std::string out = render_ops_table(view.rows, view.layout, ctx, 0);
  if (view.rows.size() < view.matched) {
    out += ctx.style.dim(fmt::format("{} of {} {} shown (--top 0 for every one)", view.rows.size(),
                                     view.matched,
                                     view.grain == RowGrain::per_mode ? "rows" : "operators")) +
           "\n";
  }
  return out;
}

std::string ops_csv(const OpsView& view, const Context& /*ctx*/) {
  std::string out = std::string(kOpsCsvHeader) + "\n";
  for (const OperatorRow& r : view.rows) {
    const OperatorFigures& f = r.figures;
    out +=
        fmt::format("{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(r.file->path),
                    csv_field(r.report->id), csv_field(r.op->name), csv_field(joined_types(*r.op)),
                    csv_field(f.modes), csv_field(f.update_mode), csv_number(f.before_us),
                    csv_number(f.after_us), csv_number(f.saved_us), csv_number(f.improvement_pct),
                    csv_number(f.reported_improvement_pct), csv_number(f.speedup));
  }
  return out;
}

std::string ops_json(const OpsView& view, const Context& /*ctx*/) {
  ojson rows = ojson::array();
  for (const OperatorRow& r : view.rows) rows.push_back(row_json(r));
  return dump(ojson{{"schema_version", kSchemaVersion},
                    {"grain", view.grain == RowGrain::per_mode ? "mode" : "operator"},
                    {"matched", view.matched},
                    {"rows", std::move(rows)}});
}

std::string ops_jsonl(const OpsView& view, const Context& /*ctx*/) {
  std::string out;
  for (const OperatorRow& r : view.rows) out += dump(row_json(r), -1);
  return out;
}

MarkdownTable ops_markdown_table(const std::vector<OperatorRow>& rows,
                                 const OpsTableLayout& layout) {
  std::vector<std::string> headers;
  std::vector<Align> aligns;
  const auto col = [&](const char* h, Align a) {
    headers.emplace_back(h);
    aligns.push_back(a);
  };
  if (layout.file_column) col("file", Align::left);
  if (layout.report_column) col("report", Align::left);
  col("operator", Align::left);
  col("type", Align::left);
  col("modes", Align::left);
  for (const char* h : {"before µs", "after µs", "saved µs", "improv."}) col(h, Align::right);
  MarkdownTable table(std::move(headers), std::move(aligns));
  for (const OperatorRow& r : rows) {
    const OperatorFigures& f = r.figures;
    std::vector<std::string> cells;
    if (layout.file_column) cells.push_back(md_escape(r.file->path));
    if (layout.report_column) cells.push_back(md_escape(r.report->id));
    cells.push_back(md_escape(r.op->name.empty() ? "(unnamed)" : r.op->name));
    cells.push_back(md_escape(joined_types(*r.op)));
    cells.push_back(f.modes.empty() ? kNoValue : md_escape(f.modes));
    cells.push_back(fmt_us(f.before_us));
    cells.push_back(fmt_us(f.after_us));
    cells.push_back(fmt_us(f.saved_us));
    cells.push_back(fmt_pct(f.improvement_pct));
    table.add_row(std::move(cells));
  }
  return table;
}

std::string ops_markdown(const OpsView& view, const Context& ctx) {
  std::string out = "## AOE tuned operators\n\n";
  if (view.rows.empty()) return out + "No operator matches.\n";
  std::string note;
  if (view.rows.size() < view.matched) {
    note = fmt::format("\n_{} of {} {} shown (--top)._\n", view.rows.size(), view.matched,
                       view.grain == RowGrain::per_mode ? "rows" : "operators");
  }
  out += ops_markdown_table(view.rows, view.layout)
             .render(remaining(ctx.markdown_limit_bytes, out.size() + note.size()));
  return out + note;
}

const std::vector<Renderer<OpsView>>& ops_renderers() {
  static const std::vector<Renderer<OpsView>> renderers{{Format::text, &ops_text},
                                                        {Format::json, &ops_json},
                                                        {Format::jsonl, &ops_jsonl},
                                                        {Format::csv, &ops_csv},
                                                        {Format::markdown, &ops_markdown}};
  return renderers;
}

}  // namespace aoe::cli
