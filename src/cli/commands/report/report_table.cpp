// SPDX-License-Identifier: Apache-2.0
// `report`: the operator table, largest time saved first.
#include <vector>

#include <fmt/format.h>

#include "commands/report/report_parts.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {
namespace {

using html::Writer;

struct TableColumn {
  std::string_view key;
  std::string_view heading;
  bool number;
};

void cell_number(Writer& w, const std::string& text) { w.element("td", text, {{"class", "n"}}); }

constexpr std::string_view kArtefactTitle =
    "update entry with before − after ≤ 1 µs: AOE writes before = after + 1 when it updated the "
    "repository but the time did not drop";

// What the table holds: the first rows of how many, or all of them.
void rows_note(Writer& w, const ReportView& v) {
  if (v.rows.size() < v.rows_total) {
    w.open("p", {{"class", "note"}, {"id", "rows-note"}})
        .text(fmt::format("The first {} of {} operators by time saved; {} left out. All of them: ",
                          count_text(v.rows.size()), count_text(v.rows_total),
                          count_text(v.rows_total - v.rows.size())))
        .element("code", v.csv_command + " > ops.csv")
        .close("p");
  } else {
    w.element("p",
              v.rows_total == 0 ? std::string("No operator is listed as added to or updated in "
                                              "the repository.")
                                : counted(v.rows_total, "operator") +
                                      ", largest time saved first. Click a heading to sort.",
              {{"class", "note"}});
  }
}

// The filter box (shown by the script) and the table's head.
void table_head(Writer& w, bool by_report) {
  std::vector<TableColumn> columns{
      {"name", "operator", false},      {"type", "type", false},
      {"modes", "tuning modes", false}, {"update", "update", false},
      {"before", "before (µs)", true},  {"after", "after (µs)", true},
      {"saved", "saved (µs)", true},    {"improvement", "improvement", true},
      {"speedup", "speed-up", true}};
  if (by_report) columns.push_back({"report", "report", false});
  columns.push_back({"line", "line", true});
  w.open("div", {{"id", "filter"}, {"hidden", ""}})
      .open("label")
      .text("Filter ")
      .void_element("input", {{"type", "search"}, {"placeholder", "operator, type, mode…"}})
      .close("label")
      .text(" ")
      .element("span", "", {{"id", "shown"}, {"class", "muted"}})
      .close("div");
  w.open("div", {{"class", "wide"}}).open("table", {{"id", "ops"}});
  w.open("thead").open("tr");
  for (const TableColumn& c : columns) {
    w.element("th", c.heading,
              {{"data-key", std::string(c.key)},
               {"data-type", c.number ? "number" : "text"},
               {"class", c.number ? "n" : ""},
               {"scope", "col"}});
  }
  w.close("tr").close("thead");
}

void table_row(Writer& w, const ReportRow& r, bool by_report) {
  if (r.writer_artefact) {
    w.open("tr", {{"class", "art-row"}});
  } else {
    w.open("tr");
  }
  w.element("td", r.name, {{"class", "name"}});
  w.element("td", r.types, {{"class", "name"}});
  w.element("td", r.modes.empty() ? std::string(kNoValue) : r.modes);
  w.element("td", r.update_mode.empty() ? std::string(kNoValue) : r.update_mode);
  const OperatorFigures& f = r.figures;
  cell_number(w, fmt_us(f.before_us));
  cell_number(w, fmt_us(f.after_us));
  if (r.writer_artefact) {
    w.open("td", {{"class", "n"}})
        .text(fmt_us(f.saved_us) + " ")
        .element("span", "†", {{"class", "art"}, {"title", std::string(kArtefactTitle)}})
        .close("td");
  } else {
    cell_number(w, fmt_us(f.saved_us));
  }
  cell_number(w, fmt_pct(f.improvement_pct));
  cell_number(w, fmt_ratio(f.speedup));
  if (by_report) w.element("td", r.report);
  cell_number(w, r.line > 0 ? fmt::format("{}", r.line) : std::string(kNoValue));
  w.close("tr");
}

}  // namespace

void operators_section(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "operators"}}).element("h2", "Operators");
  rows_note(w, v);
  if (v.rows.empty()) {
    w.close("section");
    return;
  }
  const bool by_report = v.reports.size() > 1;
  table_head(w, by_report);
  w.open("tbody");
  for (const ReportRow& r : v.rows) table_row(w, r, by_report);
  w.close("tbody").close("table").close("div");
  if (v.writer_artefacts > 0) {
    w.element("p",
              fmt::format("† {}: {}; the 1 µs is not a measurement. {} in all.",
                          "possibly the writer's +1 µs artefact", kArtefactTitle,
                          counted(v.writer_artefacts, "operator")),
              {{"class", "note"}});
  }
  w.close("section");
}

}  // namespace aoe::cli
