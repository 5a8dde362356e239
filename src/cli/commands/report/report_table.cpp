// SPDX-License-Identifier: Apache-2.0
// `report`: the operator table, largest time saved first.
#include <initializer_list>
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

constexpr std::string_view kArtefactNote =
    "every mode an update whose before − after is 0 to 1\u00A0µs: AOE writes before = after + 1 "
    "when it updated the repository but the time did not drop";

// What the table holds: the first rows of how many, or all of them.
void rows_note(Writer& w, const ReportView& v) {
  if (v.rows.size() < v.rows_total) {
    w.open("p", {{"class", "note"}, {"id", "rows-note"}});
    w.text(fmt::format("The first {} of {} operators by time saved; {} left out",
                       count_text(v.rows.size()), count_text(v.rows_total),
                       count_text(v.rows_total - v.rows.size())));
    if (v.rows_asked > v.row_limit) {
      w.text(
          fmt::format(" (--rows {} asked for more than a page holds: at most {} rows, so that "
                      "a browser opens it in seconds)",
                      v.rows_asked, count_text(kReportMaxRows)));
    }
    w.text(". All of them: ").element("code", v.csv_command + " > ops.csv").text(".");
    w.close("p");
  } else {
    w.element("p",
              v.rows_total == 0 ? std::string("No operator is listed as added to or updated in "
                                              "the repository.")
                                : counted(v.rows_total, "operator") +
                                      ", largest time saved first. Click a heading to sort.",
              {{"class", "note"}});
  }
}

// The filter box (shown by the script) and the table's head. The text
// columns come first, the numbers after them (the stylesheet aligns them
// by position: no class on every cell).
void table_head(Writer& w, bool by_report, bool by_file) {
  std::vector<TableColumn> columns{{"name", "operator", false},
                                   {"type", "type", false},
                                   {"modes", "tuning modes", false},
                                   {"update", "update", false}};
  // Several files: the report's file under its id (ids can repeat across
  // files, and `line` is a line of that file).
  if (by_report) columns.push_back({"report", by_file ? "report (file)" : "report", false});
  for (const TableColumn& c :
       std::initializer_list<TableColumn>{{"before", "before (µs)", true},
                                          {"after", "after (µs)", true},
                                          {"saved", "saved (µs)", true},
                                          {"improvement", "improvement", true},
                                          {"speedup", "speed-up", true},
                                          {"line", "line", true}}) {
    columns.push_back(c);
  }
  w.open("div", {{"id", "filter"}, {"hidden", ""}})
      .open("label")
      .text("Filter ")
      .void_element("input", {{"type", "search"}, {"placeholder", "operator, type, mode…"}})
      .close("label")
      .text(" ")
      .element("span", "", {{"id", "shown"}, {"class", "muted"}})
      .close("div");
  w.open("div", {{"id", "ops-box"}, {"class", "wide"}});  // its own sideways scroller on a phone
  if (by_report) {
    w.open("table", {{"id", "ops"}, {"class", "by-report"}});
  } else {
    w.open("table", {{"id", "ops"}});
  }
  w.open("thead").open("tr");
  for (const TableColumn& c : columns) {
    w.element("th", c.heading,
              {{"data-key", std::string(c.key)},
               {"data-type", c.number ? "number" : "text"},
               {"scope", "col"}});
  }
  w.close("tr").close("thead");
}

// A cell whose text may break after each `+` ("Format+Schedule",
// "Conv2D+Relu"): a <wbr> there, no character added.
void joined_cell(Writer& w, std::string_view text) {
  w.open("td").breakable_text(text, "+").close("td");
}

void table_row(Writer& w, const ReportRow& r, bool by_report, bool by_file) {
  if (r.writer_artefact) {
    w.open("tr", {{"class", "art-row"}});
  } else {
    w.open("tr");
  }
  w.open("td").breakable_text(r.name, kNameSeams).close("td");
  w.open("td").breakable_text(r.types, kNameSeams).close("td");
  joined_cell(w, r.modes.empty() ? std::string_view(kNoValue) : std::string_view(r.modes));
  joined_cell(w,
              r.update_mode.empty() ? std::string_view(kNoValue) : std::string_view(r.update_mode));
  if (by_report && by_file) {
    w.open("td").breakable_text(r.report, kIdSeams).void_element("br");
    w.open("span", {{"class", "muted"}}).breakable_text(r.file, kIdSeams).close("span");
    w.close("td");
  } else if (by_report) {
    id_element(w, "td", r.report, {{"class", "rid"}});
  }
  const OperatorFigures& f = r.figures;
  w.element("td", fmt_us_grouped(f.before_us));
  w.element("td", fmt_us_grouped(f.after_us));
  if (r.writer_artefact) {
    w.open("td")
        .text(fmt_us_grouped(f.saved_us) + " ")
        .element("span", "†", {{"class", "art"}})
        .close("td");
  } else {
    w.element("td", fmt_us_grouped(f.saved_us));
  }
  w.element("td", pct_text(f.improvement_pct));
  w.element("td", ratio_text(f.speedup));
  w.element("td", r.line > 0 ? fmt::format("{}", r.line) : std::string(kNoValue));
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
  const bool by_file = v.files.size() > 1;
  table_head(w, by_report, by_file);
  w.open("tbody");
  for (const ReportRow& r : v.rows) table_row(w, r, by_report, by_file);
  w.close("tbody").close("table").close("div");
  if (v.writer_artefacts > 0) {
    w.element("p",
              fmt::format("† {}: {}; the 1\u00A0µs is not a measurement. {} in all.",
                          "possibly the writer's +1\u00A0µs artefact", kArtefactNote,
                          counted(v.writer_artefacts, "operator")),
              {{"class", "note"}});
  }
  w.close("section");
}

}  // namespace aoe::cli
