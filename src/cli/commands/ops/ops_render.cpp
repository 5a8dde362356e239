// SPDX-License-Identifier: Apache-2.0
#include "commands/ops/ops_render.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <ostream>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/ops/ops_group_render.hpp"
#include "text/csv.hpp"
#include "text/file_labels.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/json_writer.hpp"
#include "text/numbers.hpp"
#include "text/ordered_rounds.hpp"
#include "text/table.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

namespace {

// The columns of `ops --format csv` and of the rows of `--format json` and
// `jsonl`, in order: the one list the CSV header, the CSV rows, the JSON
// keys and the help read.
struct OpsColumn {
  std::string_view name;
  void (*csv)(const OperatorRow& r, std::string& out);  ///< appends the cell
  ojson (*json)(const OperatorRow& r);
};

const std::vector<OpsColumn>& ops_columns() {
  static const std::vector<OpsColumn> list{
      {"file", [](const OperatorRow& r, std::string& out) { append_csv_field(out, r.file->path); },
       [](const OperatorRow& r) { return ojson(r.file->path); }},
      {"report",
       [](const OperatorRow& r, std::string& out) { append_csv_field(out, r.report->id); },
       [](const OperatorRow& r) { return ojson(r.report->id); }},
      {"op_name", [](const OperatorRow& r, std::string& out) { append_csv_field(out, r.op->name); },
       [](const OperatorRow& r) { return ojson(r.op->name); }},
      // One cell in CSV ("Conv2D+Relu"), a list in JSON.
      {"op_type",
       [](const OperatorRow& r, std::string& out) {
         if (r.op->types.size() == 1) {  // most operators: no joined copy
           append_csv_field(out, r.op->types.front());
         } else {
           append_csv_field(out, joined_types(*r.op));
         }
       },
       [](const OperatorRow& r) { return ojson(r.op->types); }},
      {"modes",
       [](const OperatorRow& r, std::string& out) { append_csv_field(out, r.figures.modes); },
       [](const OperatorRow& r) { return ojson(r.figures.modes); }},
      {"update_mode",
       [](const OperatorRow& r, std::string& out) { append_csv_field(out, r.figures.update_mode); },
       [](const OperatorRow& r) { return ojson(r.figures.update_mode); }},
      {"before_us",
       [](const OperatorRow& r, std::string& out) { append_csv_number(out, r.figures.before_us); },
       [](const OperatorRow& r) { return number(r.figures.before_us); }},
      {"after_us",
       [](const OperatorRow& r, std::string& out) { append_csv_number(out, r.figures.after_us); },
       [](const OperatorRow& r) { return number(r.figures.after_us); }},
      {"saved_us",
       [](const OperatorRow& r, std::string& out) {
         append_csv_number(out, r.figures.saved_us, Precision::us);
       },
       [](const OperatorRow& r) { return number(r.figures.saved_us, Precision::us); }},
      {"improvement_pct",
       [](const OperatorRow& r, std::string& out) {
         append_csv_number(out, r.figures.improvement_pct, Precision::pct);
       },
       [](const OperatorRow& r) { return number(r.figures.improvement_pct, Precision::pct); }},
      {"reported_improvement_pct",
       [](const OperatorRow& r, std::string& out) {
         append_csv_number(out, r.figures.reported_improvement_pct);
       },
       [](const OperatorRow& r) { return number(r.figures.reported_improvement_pct); }},
      {"speedup",
       [](const OperatorRow& r, std::string& out) {
         append_csv_number(out, r.figures.speedup, Precision::ratio);
       },
       [](const OperatorRow& r) { return number(r.figures.speedup, Precision::ratio); }},
      // Every mode an `update` within 1 µs: the writer's artefact, not a
      // measured gain (`is_writer_artefact`; the text marks it "*").
      {"writer_artefact",
       [](const OperatorRow& r, std::string& out) {
         out += r.figures.writer_artefact ? "true" : "false";
       },
       [](const OperatorRow& r) { return ojson(r.figures.writer_artefact); }},
      // Why the row is left out of every sum (`left_out_reason`): empty in
      // CSV, null in JSON, when it counts.
      {"left_out",
       [](const OperatorRow& r, std::string& out) {
         if (r.figures.left_out) append_csv_field(out, to_string(*r.figures.left_out));
       },
       [](const OperatorRow& r) {
         return r.figures.left_out ? ojson(std::string(to_string(*r.figures.left_out)))
                                   : ojson(nullptr);
       }},
  };
  return list;
}

}  // namespace

std::string ops_csv_header() {
  std::string out;
  for (const OpsColumn& c : ops_columns()) out += (out.empty() ? "" : ",") + std::string(c.name);
  return out;
}

namespace {

// The rows the sums leave out (the judgement's rule: a time missing,
// negative or not finite): no saved time or improvement, named below.
void write_left_out_note(std::ostream& out, const std::vector<OperatorRow>& rows,
                         const RenderOptions& options, std::size_t indent) {
  std::size_t n = 0;
  std::string names;
  for (const OperatorRow& r : rows) {
    if (!r.figures.left_out) continue;
    if (++n <= 5) {
      names += (n == 1 ? "" : ", ") + escape_text(shown_name(r.op->name)) + " (" +
               std::string(to_string(*r.figures.left_out)) + ")";
    }
  }
  if (n == 0) return;
  if (n > 5) names += fmt::format(" and {} more", n - 5);
  out << prose(options, fmt::format("{} left out of every sum: {}", plural(n, "row"), names),
               indent, indent + 2, ProseInk::warn);
}

}  // namespace

void write_ops_table(std::ostream& out, const std::vector<OperatorRow>& rows,
                     const OpsTableLayout& layout, const RenderOptions& options,
                     std::size_t indent) {
  // On a narrow terminal the columns that tell least go first (fit_table.hpp):
  // the file, the report and the modes, then the type, rather than an
  // operator's name be cut; then the before and after times. The operator
  // and the time saved always stay.
  std::vector<FitColumn> columns;
  const auto column = [&columns](Column c, unsigned drop_rank) {
    columns.push_back({std::move(c), drop_rank, {}});
    return columns.size() - 1;
  };
  // When the report ids do not tell the files apart (report_1 in each
  // list-layout file, or no report column), the file is the rows' data:
  // shortened, keeping what differs, rather than left out for the names.
  bool ids_repeat = false;
  if (layout.file_column && layout.report_column) {
    std::map<std::string_view, const ResultFile*> file_of_id;
    for (const OperatorRow& r : rows) {
      const auto [at, added] = file_of_id.emplace(r.report->id, r.file);
      if (!added && at->second != r.file) {
        ids_repeat = true;
        break;
      }
    }
  }
  const bool file_needed = ids_repeat || !layout.report_column;
  if (layout.file_column) column({"file", Align::left, true, 12}, file_needed ? 4U : 8U);
  if (layout.report_column) column({"report", Align::left, true, 12}, ids_repeat ? 8U : 7U);
  column({"operator", Align::left, true, 12}, 0);
  column({"type", Align::left, true, 8}, kSpareRank);
  column({"modes", Align::left, true, 15}, 6);  // "Format+Schedule" stays whole
  column({"before µs", Align::right, false, 0}, 4);
  column({"after µs", Align::right, false, 0}, 3);
  column({"saved µs", Align::right, false, 0}, 0);
  column({"improv.", Align::right, false, 0}, 2);

  double largest = 0;
  bool any_artefact = false;
  for (const OperatorRow& r : rows) {
    if (r.figures.saved_us) largest = std::max(largest, *r.figures.saved_us);
    any_artefact = any_artefact || r.figures.writer_artefact;
  }
  // Made a row at a time, on several cores for many rows (write_fitted):
  // reads the rows only.
  // The file's name tells files apart; its directory rarely does and would
  // take the room (csv/json carry the whole path), but where two files of
  // the rows share a name, their paths are shown (file_labels).
  std::unordered_map<const ResultFile*, std::string> file_text;
  if (layout.file_column) {
    std::vector<const ResultFile*> files;
    for (const OperatorRow& r : rows) {
      if (files.empty() || files.back() != r.file) files.push_back(r.file);
    }
    std::vector<std::string> paths;
    paths.reserve(files.size());
    for (const ResultFile* f : files) paths.push_back(f->path);
    const auto labels = file_labels(paths);
    for (const ResultFile* f : files) file_text.emplace(f, escape_text(labels.at(f->path)));
  }
  const FillRow fill = [&rows, &layout, &file_text, any_artefact](std::size_t i,
                                                                  std::vector<Cell>& cells) {
    const OperatorRow& r = rows[i];
    const OperatorFigures& f = r.figures;
    std::size_t c = 0;
    if (layout.file_column) cells[c++] = {file_text.at(r.file)};
    if (layout.report_column) cells[c++] = {escape_text(r.report->id)};
    cells[c++] = {escape_text(shown_name(r.op->name))};
    cells[c++] = {escape_text(joined_types(*r.op))};
    cells[c++] = {escape_text(f.modes.empty() ? "–" : f.modes.view()), Tone::dim};
    cells[c++] = {fmt_us(f.before_us)};
    cells[c++] = {fmt_us(f.after_us)};
    const Tone saved_tone = !f.saved_us ? Tone::plain : *f.saved_us < 0 ? Tone::bad : Tone::plain;
    // "*": the saving is the writer's artefact (footnote below).
    cells[c++] = {fmt_us(f.saved_us) + (f.writer_artefact ? "*"
                                        : any_artefact    ? " "
                                                          : ""),
                  f.writer_artefact ? Tone::dim : saved_tone};
    Tone pct_tone = Tone::plain;
    if (f.improvement_pct) {
      pct_tone = *f.improvement_pct < 0     ? Tone::bad
                 : *f.improvement_pct >= 10 ? Tone::good
                                            : Tone::plain;
    }
    cells[c] = {fmt_pct(f.improvement_pct), pct_tone};
  };
  const BarOf bar = [&rows, largest](std::size_t i) -> std::optional<double> {
    const OperatorFigures& f = rows[i].figures;
    if (largest > 0 && f.saved_us && *f.saved_us > 0) return *f.saved_us / largest;
    return std::nullopt;
  };
  write_fitted(out, std::move(columns), rows.size(), fill, options.width, options.wide,
               options.style, indent, bar);
  write_left_out_note(out, rows, options, indent);
  if (any_artefact) {
    out << prose(options, std::string("* ") + kOpsArtefactNote, indent, indent + 2, ProseInk::dim);
  }
}

std::string render_ops_table(const std::vector<OperatorRow>& rows, const OpsTableLayout& layout,
                             const RenderOptions& options, std::size_t indent) {
  std::ostringstream out;
  write_ops_table(out, rows, layout, options, indent);
  return std::move(out).str();
}

void write_ops_text(const OpsView& view, const RenderOptions& options, std::ostream& out) {
  if (view.groups) {
    out << ops_groups_text(*view.groups, options);
    return;
  }
  if (view.rows.empty()) {
    if (view.matched == 0) out << "no operator matches\n";
    return;
  }
  write_ops_table(out, view.rows, view.layout, options, 0);
  if (view.rows.size() < view.matched) {
    out << options.style.dim(fmt::format("{} of {} {} shown (--top 0 for every one)",
                                         view.rows.size(), view.matched,
                                         view.grain == RowGrain::per_mode ? "rows" : "operators"))
        << "\n";
  }
}

void write_ops_csv(const OpsView& view, const RenderOptions& options, std::ostream& out) {
  if (view.groups) {
    out << ops_groups_csv(*view.groups, options);
    return;
  }
  out << ops_csv_header() << '\n';
  // Rows made on several cores (ordered_rounds.hpp): they read the view only.
  write_rows_in_order(out, view.rows.size(), [&view](std::size_t i, std::string& line) {
    bool first = true;
    for (const OpsColumn& c : ops_columns()) {
      if (!first) line += ',';
      first = false;
      c.csv(view.rows[i], line);
    }
    line += '\n';
  });
}

namespace {
void write_row(JsonWriter& w, const OperatorRow& r) {
  w.begin_object();
  for (const OpsColumn& c : ops_columns()) {
    w.key(c.name);
    w.tree(c.json(r));
  }
  w.end_object();
}
}  // namespace

void write_ops_json(const OpsView& view, const RenderOptions& options, std::ostream& out) {
  if (view.groups) {
    out << ops_groups_json(*view.groups, view.problems, options);
    return;
  }
  JsonWriter w(out);
  w.begin_object();
  w.member("schema_version", kSchemaVersion);
  w.member("grain", view.grain == RowGrain::per_mode ? "mode" : "operator");
  w.member("matched", view.matched);
  w.key("problems");
  w.tree(problems_json(view.problems));
  w.key("rows");
  w.begin_array();
  w.elements(view.rows.size(),
             [&view](JsonWriter& row, std::size_t i) { write_row(row, view.rows[i]); });
  w.end_array();
  w.end_object();
  w.end_document();
}

void write_ops_jsonl(const OpsView& view, const RenderOptions& options, std::ostream& out) {
  if (view.groups) {
    out << ops_groups_jsonl(*view.groups, options);
    return;
  }
  for (const OperatorRow& r : view.rows) {
    JsonWriter w(out, -1);
    write_row(w, r);
    w.end_document();
  }
}

MarkdownTable ops_markdown_table(const std::vector<OperatorRow>& rows, const OpsTableLayout& layout,
                                 std::size_t keep_within) {
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
  table.keep_within(keep_within);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (table.full()) {
      table.count_rows(rows.size() - i);
      break;
    }
    const OperatorRow& r = rows[i];
    const OperatorFigures& f = r.figures;
    std::vector<std::string> cells;
    if (layout.file_column) cells.push_back(md_escape(r.file->path));
    if (layout.report_column) cells.push_back(md_escape(r.report->id));
    cells.push_back(md_escape(shown_name(r.op->name)));
    cells.push_back(md_escape(joined_types(*r.op)));
    cells.push_back(f.modes.empty() ? kNoValue : md_escape(f.modes));
    cells.push_back(fmt_us(f.before_us));
    cells.push_back(fmt_us(f.after_us));
    cells.push_back(fmt_us(f.saved_us) + (f.writer_artefact ? "\\*" : ""));
    cells.push_back(fmt_pct(f.improvement_pct));
    table.add_row(std::move(cells));
  }
  return table;
}

std::string ops_markdown_artefact_note(const std::vector<OperatorRow>& rows) {
  const bool any = std::any_of(rows.begin(), rows.end(),
                               [](const OperatorRow& r) { return r.figures.writer_artefact; });
  return any ? fmt::format("\n> \\* {}\n", kOpsArtefactNote) : std::string();
}

std::string ops_markdown(const OpsView& view, const RenderOptions& options) {
  if (view.groups) return ops_groups_markdown(*view.groups, options);
  std::string out = "## AOE tuned operators\n\n";
  if (view.rows.empty()) return out + "No operator matches.\n";
  std::string note = ops_markdown_artefact_note(view.rows);
  if (view.rows.size() < view.matched) {
    note += fmt::format("\n_{} of {} {} shown (--top)._\n", view.rows.size(), view.matched,
                        view.grain == RowGrain::per_mode ? "rows" : "operators");
  }
  const std::size_t limit = remaining(options.markdown_limit_bytes, out.size() + note.size());
  out += ops_markdown_table(view.rows, view.layout, limit).render(limit);
  return out + note;
}

const OutputTable<OpsView>& ops_outputs() {
  static const OutputTable<OpsView> table(
      "ops", {{Format::text, &write_ops_text, "a table fitted to the terminal"},
              {Format::json, &write_ops_json, "schema version 1"},
              {Format::jsonl, &write_ops_jsonl, "one row object per line"},
              {Format::csv, &write_ops_csv, "header: see below"},
              {Format::markdown, &ops_markdown, "for $GITHUB_STEP_SUMMARY"}});
  return table;
}

}  // namespace aoe::cli
