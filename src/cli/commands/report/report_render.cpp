// SPDX-License-Identifier: Apache-2.0
#include "commands/report/report_render.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "commands/check/check_render.hpp"
#include "report_assets.hpp"
#include "text/html.hpp"
#include "text/numbers.hpp"
#include "text/svg_chart.hpp"

namespace aoe::cli {
namespace {

using html::Attr;
using html::Writer;

// "1,234,567" for counts.
std::string count_text(std::size_t n) {
  std::string digits = fmt::format("{}", n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string counted(std::size_t n, std::string_view word) {
  return fmt::format("{} {}{}", count_text(n), word, n == 1 ? "" : "s");
}

// A time in µs in the unit that keeps it short: "812.500 µs", "12.35 ms", "3.20 s".
std::string time_text(double us) {
  const double a = std::fabs(us);
  if (a >= 1e7) return fmt::format("{:.2f} s", us / 1e6);
  if (a >= 1e4) return fmt::format("{:.2f} ms", us / 1e3);
  return fmt_us(us) + " µs";
}

std::string status_class(Status s) { return "status-" + std::string(to_string(s)); }

void kpi(Writer& w, std::string_view value, std::string_view label) {
  w.open("div", {{"class", "kpi"}}).element("strong", value).element("span", label).close("div");
}

void fact(Writer& w, std::string_view name, std::string_view value, std::string_view cls = {}) {
  w.open("tr").element("th", name, {{"scope", "row"}});
  if (cls.empty()) {
    w.element("td", value);
  } else {
    w.open("td").element("span", value, {{"class", std::string(cls)}}).close("td");
  }
  w.close("tr");
}

void totals_kpis(Writer& w, const Totals& t) {
  w.open("div", {{"class", "kpis"}});
  if (t.timed_operators > 0) {
    kpi(w, time_text(t.time_before_us) + " → " + time_text(t.time_after_us),
        "operator time before → after tuning (sum)");
    kpi(w, time_text(t.saved_us()), "time saved");
    kpi(w, fmt_pct(t.improvement_pct()), "improvement ((before − after) / after)");
    kpi(w, fmt_ratio(t.geomean_speedup()), "geometric mean speed-up");
  } else {
    kpi(w, kNoValue, "no operator with both times");
  }
  kpi(w, count_text(t.operators),
      t.operators == 1 ? "operator added to or updated in the repository"
                       : "operators added to or updated in the repository");
  kpi(w, count_text(t.failed_operators), "failed operators");
  w.close("div");
}

// The verdict as `check` decides it (check_view.hpp): one source.
std::string verdict_class(const ReportView& v) {
  switch (verdict(v.check)) {
    case Verdict::failed:
      return "verdict fail";
    case Verdict::passed_with_warnings:
      return "verdict warn";
    case Verdict::passed:
      break;
  }
  return "verdict";
}

std::string verdict_mark(const ReportView& v) {
  switch (verdict(v.check)) {
    case Verdict::failed:
      return "✘ Check failed — ";
    case Verdict::passed_with_warnings:
      return "⚠ Check passed with warnings — ";
    case Verdict::passed:
      break;
  }
  return "✔ Check passed — ";
}

void header(Writer& w, const ReportView& v) {
  w.open("header");
  w.element("h1", v.title);
  w.element("p",
            "Made by " + v.generator + " on " + v.generated_at + " from " +
                counted(v.files.size(), "file") + " (" + counted(v.reports.size(), "report") +
                ", " + counted(v.rows_total, "operator") + ").",
            {{"class", "muted"}});
  w.open("p", {{"class", verdict_class(v)}, {"id", "verdict"}})
      .text(verdict_mark(v))
      .text(check_verdict(v.check))
      .close("p");
  if (v.reports.size() > 1) {
    w.element("p", fmt::format("Totals over the {} reports:", v.reports.size()),
              {{"class", "muted"}});
  }
  totals_kpis(w, v.totals);
  w.close("header");

  w.open("section", {{"id", "files"}}).element("h2", "Files read");
  w.open("div", {{"class", "wide"}}).open("table");
  w.open("thead").open("tr");
  w.element("th", "file").element("th", "layout").element("th", "reports", {{"class", "n"}});
  w.element("th", "operators", {{"class", "n"}}).element("th", "read");
  w.close("tr").close("thead").open("tbody");
  for (const ReportFileLine& f : v.files) {
    w.open("tr").element("td", f.path, {{"class", "name"}});
    w.element("td", f.readable ? f.layout : std::string(kNoValue));
    w.element("td", f.readable ? count_text(f.reports) : std::string(kNoValue), {{"class", "n"}});
    w.element("td", f.readable ? count_text(f.operators) : std::string(kNoValue), {{"class", "n"}});
    if (!f.readable) {
      w.open("td").element("span", "not readable", {{"class", "sev-error"}}).close("td");
    } else if (!f.complete) {
      w.open("td")
          .element("span", "cut off (incomplete): the complete part is shown",
                   {{"class", "sev-warning"}})
          .close("td");
    } else {
      w.element("td", "complete");
    }
    w.close("tr");
  }
  w.close("tbody").close("table").close("div").close("section");
}

void repository(Writer& w, const ReportBlock& r) {
  if (!r.repo) {
    w.element("p",
              r.has_opat ? "Repository: no repo_summary in the file."
                         : "Repository: no OPAT section (no operator could be tuned).",
              {{"class", "muted"}});
    return;
  }
  const RepoSummary& s = *r.repo;
  std::string caption = "Repository (tiling policies)";
  if (s.total_num) caption += fmt::format(": {} tuned", *s.total_num);
  if (s.hit_num) caption += fmt::format(", {} already there (hit)", *s.hit_num);
  w.open("figure").element("figcaption", caption);
  w.raw(svg::stacked_bar("Repository tiling policies of " + r.id,
                         {{"added", s.add_num, svg::kGreen},
                          {"updated", s.update_num, svg::kBlue},
                          {"reserved", s.reserved_num, svg::kSkyBlue},
                          {"unsatisfied", s.unsatisfied_num, svg::kOrange}}));
  w.close("figure");
}

void report_block(Writer& w, const ReportBlock& r, bool show_file) {
  w.open("section", {{"class", "report"}});
  w.open("h3").text(r.tuning_name ? *r.tuning_name : std::string("(no tuning name)"));
  w.element("span", "  " + r.id + (show_file ? " · " + r.file : ""), {{"class", "muted"}});
  w.close("h3");
  w.open("table", {{"class", "facts"}}).open("tbody");
  std::string status(to_string(r.status));
  if (r.status_raw && *r.status_raw != status) status += " (\"" + *r.status_raw + "\")";
  if (!r.has_opat) status += " (no OPAT section)";
  fact(w, "status", status, status_class(r.status));
  if (!r.complete) fact(w, "read", "cut off: the file ends inside this report", "sev-warning");
  fact(w, "tuning time",
       r.tuning_time_s ? fmt_seconds(r.tuning_time_s)
                       : std::string("not written (the run was interrupted?)"));
  if (r.model) {
    const ModelPerformance& m = *r.model;
    std::string model =
        (m.baseline_ms ? fmt_plain(*m.baseline_ms) + " ms" : std::string(kNoValue)) + " → " +
        (m.result_ms ? fmt_plain(*m.result_ms) + " ms" : std::string(kNoValue));
    model += "  (" + fmt_pct(r.model_improvement_pct) + ")";
    fact(w, "model time before → after", model);
  }
  w.close("tbody").close("table");
  totals_kpis(w, r.totals);
  repository(w, r);
  if (!r.failed_operators.empty()) {
    w.element("h4", fmt::format("Failed operators ({})", r.failed_operators.size()));
    constexpr std::size_t kShown = 200;
    w.open("p", {{"class", "name"}});
    for (std::size_t i = 0; i < r.failed_operators.size() && i < kShown; ++i) {
      if (i > 0) w.text(", ");
      w.element("code", r.failed_operators[i]);
    }
    if (r.failed_operators.size() > kShown) {
      w.text(fmt::format(" … and {} more (aoe-result failed lists them all)",
                         r.failed_operators.size() - kShown));
    }
    w.close("p");
  }
  w.close("section");
}

svg::BarChart saved_chart(std::string title, const std::vector<SavedAmount>& amounts,
                          bool with_count) {
  double most = 0;
  for (const SavedAmount& a : amounts) most = std::max(most, std::fabs(a.saved_us));
  const svg::TimeUnit unit = svg::time_unit_for(most);
  svg::BarChart chart;
  chart.title = std::move(title);
  chart.axis_label = fmt::format("time saved ({})", unit.name);
  chart.empty_text = "no operator saved time";
  for (const SavedAmount& a : amounts) {
    std::string text = time_text(a.saved_us);
    if (with_count) text += fmt::format(" · {} op{}", a.operators, a.operators == 1 ? "" : "s");
    chart.bars.push_back({a.label, a.saved_us / unit.per_us, text});
  }
  return chart;
}

void figure(Writer& w, std::string_view caption, const std::string& svg_markup,
            std::string_view note = {}) {
  w.open("figure").element("figcaption", caption).raw(svg_markup);
  if (!note.empty()) w.element("p", note, {{"class", "note"}});
  w.close("figure");
}

void figures(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "figures"}}).element("h2", "Where the time went");
  w.open("div", {{"class", "figs"}});
  figure(w,
         v.top_saved.size() == 1
             ? std::string("The operator that saved time")
             : fmt::format("Top {} operators by time saved", v.top_saved.size()),
         svg::bar_chart(saved_chart("Operators by time saved", v.top_saved, false)));
  figure(w, "Distribution of improvement",
         svg::histogram({"Operators by improvement",
                         "improvement (%) = (before − after) / after × 100", "operators",
                         v.improvement_bins}),
         "AOE's formula: 100 % is twice as fast, 785 % is 124 µs → 14 µs.");
  figure(w,
         v.types_total > v.by_type.size()
             ? fmt::format("Time saved by operator type (top {} of {})", v.by_type.size(),
                           v.types_total)
             : std::string("Time saved by operator type"),
         svg::bar_chart(saved_chart("Time saved by operator type", v.by_type, true)));
  figure(w, "Time saved by tuning mode",
         svg::bar_chart(saved_chart("Time saved by tuning mode", v.by_mode, true)),
         "Each tuning mode's own before and after times; an operator tuned in two modes counts in "
         "both.");
  w.close("div").close("section");
}

svg::BarChart change_chart(std::string title, const std::vector<DiffEntry>& entries, bool slower) {
  svg::BarChart chart;
  chart.title = std::move(title);
  chart.axis_label = slower ? "after-tune time, % slower than the baseline"
                            : "after-tune time, % faster than the baseline";
  chart.colour = slower ? svg::kVermillion : svg::kGreen;
  chart.empty_text = slower ? "no operator got slower" : "no operator got faster";
  for (const DiffEntry& e : entries) {
    const std::optional<double> change = e.change_pct();
    if (!change) continue;
    const double pct = slower ? *change : -*change;
    std::string text = fmt::format("{:.2f} %", pct);
    if (e.within_writer_artefact()) text += " †";
    chart.bars.push_back({std::string(e.op_name), pct, text});
  }
  return chart;
}

void baseline_section(Writer& w, const ReportBaseline& b) {
  w.open("section", {{"id", "baseline"}}).element("h2", "Compared with the baseline");
  w.open("p").text("Baseline: ");
  for (std::size_t i = 0; i < b.files.size(); ++i) {
    if (i > 0) w.text(", ");
    w.element("code", b.files[i].path);
    if (!b.files[i].readable)
      w.text(" (not readable)");
    else if (!b.files[i].complete)
      w.text(" (cut off)");
  }
  w.text(". Operators joined by name, after-tune times compared (as aoe-result diff).");
  w.close("p");
  const DiffSummary& s = b.summary;
  w.open("div", {{"class", "kpis"}});
  kpi(w, count_text(s.regressions), "slower");
  kpi(w, count_text(s.improvements), "faster");
  kpi(w, count_text(s.unchanged), "unchanged");
  kpi(w, count_text(s.only_old), "only in the baseline");
  kpi(w, count_text(s.only_new), "only in this run");
  if (s.compared() > 0) {
    kpi(w,
        (s.change_us() > 0 ? "+" : "") + time_text(s.change_us()) + " (" +
            (s.change_pct() && *s.change_pct() > 0 ? "+" : "") + fmt_pct(s.change_pct()) + ")",
        "after-tune time change over the operators in both");
  }
  w.close("div");
  w.open("div", {{"class", "figs"}});
  figure(w, "Largest slowdowns",
         svg::bar_chart(change_chart("Largest slowdowns", b.slowdowns, true)));
  figure(w, "Largest speed-ups",
         svg::bar_chart(change_chart("Largest speed-ups", b.speedups, false)));
  w.close("div");
  const bool artefacts =
      std::any_of(b.slowdowns.begin(), b.slowdowns.end(),
                  [](const DiffEntry& e) { return e.within_writer_artefact(); }) ||
      std::any_of(b.speedups.begin(), b.speedups.end(),
                  [](const DiffEntry& e) { return e.within_writer_artefact(); });
  if (artefacts) {
    w.element("p",
              "† the change is at most 1 µs: it may be the writer's +1 µs artefact rather "
              "than a measurement.",
              {{"class", "note"}});
  }
  w.close("section");
}

struct TableColumn {
  std::string_view key;
  std::string_view heading;
  bool number;
};

void cell_number(Writer& w, const std::string& text) { w.element("td", text, {{"class", "n"}}); }

constexpr std::string_view kArtefactTitle =
    "update entry with before − after ≤ 1 µs: AOE writes before = after + 1 when it updated the "
    "repository but the time did not drop";

void operator_table(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "operators"}}).element("h2", "Operators");
  const bool by_report = v.reports.size() > 1;
  std::vector<TableColumn> columns{
      {"name", "operator", false},      {"type", "type", false},
      {"modes", "tuning modes", false}, {"update", "update", false},
      {"before", "before (µs)", true},  {"after", "after (µs)", true},
      {"saved", "saved (µs)", true},    {"improvement", "improvement", true},
      {"speedup", "speed-up", true}};
  if (by_report) columns.push_back({"report", "report", false});
  columns.push_back({"line", "line", true});
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
  if (v.rows.empty()) {
    w.close("section");
    return;
  }
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
  w.close("tr").close("thead").open("tbody");
  for (const ReportRow& r : v.rows) {
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

void findings(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "findings"}}).element("h2", "Findings (aoe-result check)");
  std::size_t n = 0;
  for (const CheckedFile& f : v.check.files) n += f.findings.size();
  if (n == 0) {
    w.element("p", "No findings: every invariant holds.", {{"class", "note"}});
    w.close("section");
    return;
  }
  w.open("div", {{"class", "wide"}}).open("table", {{"id", "findings-table"}});
  w.open("thead").open("tr");
  for (const std::string_view h :
       {"severity", "code", "file", "line", "report", "operator", "message"}) {
    w.element("th", h, {{"scope", "col"}});
  }
  w.close("tr").close("thead").open("tbody");
  for (const CheckedFile& f : v.check.files) {
    for (const Diagnostic& d : f.findings) {
      const std::string sev(to_string(d.severity));
      w.open("tr");
      w.open("td").element("span", sev, {{"class", "sev-" + sev}}).close("td");
      w.open("td").element("code", to_string(d.code)).close("td");
      w.element("td", d.file, {{"class", "name"}});
      w.element("td",
                d.line ? (d.column ? fmt::format("{}:{}", *d.line, *d.column)
                                   : fmt::format("{}", *d.line))
                       : std::string(kNoValue),
                {{"class", "n"}});
      w.element("td", d.report.value_or(kNoValue));
      w.element("td", d.op.value_or(kNoValue), {{"class", "name"}});
      w.element("td", d.message);
      w.close("tr");
    }
  }
  w.close("tbody").close("table").close("div").close("section");
}

}  // namespace

std::string hex_to_base64(std::string_view hex) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto nibble = [](char c) -> unsigned {
    if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
    throw std::invalid_argument("not a hex digit: " + std::string(1, c));
  };
  std::string bytes;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    bytes += static_cast<char>((nibble(hex[i]) << 4) | nibble(hex[i + 1]));
  }
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    unsigned v = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0U);
    }
    out += kAlphabet[(v >> 18) & 63U];
    out += kAlphabet[(v >> 12) & 63U];
    out += n > 1 ? kAlphabet[(v >> 6) & 63U] : '=';
    out += n > 2 ? kAlphabet[v & 63U] : '=';
  }
  return out;
}

std::string report_csp() {
  return "default-src 'none'; style-src 'sha256-" + hex_to_base64(report_assets::kCssSha256Hex) +
         "'; script-src 'sha256-" + hex_to_base64(report_assets::kJsSha256Hex) +
         "'; img-src data:; base-uri 'none'; form-action 'none'";
}

std::string report_html(const ReportView& v, const RenderOptions& /*options*/) {
  Writer w;
  w.raw("<!DOCTYPE html>\n");
  w.open("html", {{"lang", "en"}}).open("head");
  w.void_element("meta", {{"charset", "utf-8"}});
  // The policy is the program's own text (no double quote in it): written as is.
  w.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"" + report_csp() + "\">");
  w.void_element("meta",
                 {{"name", "viewport"}, {"content", "width=device-width, initial-scale=1"}});
  w.void_element("meta", {{"name", "generator"}, {"content", v.generator}});
  w.element("title", v.title);
  w.open("style").raw(report_assets::kCss).close("style");
  w.close("head").open("body").open("main");
  header(w, v);
  w.open("section", {{"id", "reports"}})
      .element("h2", v.reports.size() == 1 ? std::string("The report")
                                           : fmt::format("Reports ({})", v.reports.size()));
  if (v.reports.empty()) w.element("p", "No report could be read.", {{"class", "note"}});
  for (const ReportBlock& r : v.reports) report_block(w, r, v.files.size() > 1);
  w.close("section");
  figures(w, v);
  if (v.baseline) baseline_section(w, *v.baseline);
  operator_table(w, v);
  findings(w, v);
  w.open("footer")
      .text(v.generator +
            " · times in µs as written by AOE; improvement = (before − after) / "
            "after × 100, AOE's formula · sort: add #sort=<column> or "
            "#sort=-<column> to the address")
      .close("footer");
  w.close("main");
  w.open("script").raw(report_assets::kJs).close("script");
  w.close("body").close("html");
  w.raw("\n");
  return std::move(w).finish();
}

const OutputTable<ReportView>& report_outputs() {
  static const OutputTable<ReportView> table(
      "report", {{Format::text, &report_html, "one self-contained HTML page"}});
  return table;
}

}  // namespace aoe::cli
