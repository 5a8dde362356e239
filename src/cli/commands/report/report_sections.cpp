// SPDX-License-Identifier: Apache-2.0
// `report`: the page's sections of text: the header and the files read,
// the reports, the findings.
#include <fmt/format.h>

#include "commands/check/check_render.hpp"
#include "commands/overview/overview_render.hpp"
#include "commands/report/report_parts.hpp"
#include "text/numbers.hpp"
#include "text/svg_chart.hpp"

namespace aoe::cli {
namespace {

using html::Writer;

std::string status_class(Status s) { return "status-" + std::string(to_string(s)); }

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
}

void files(Writer& w, const ReportView& v) {
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
  if (!r.left_out.empty()) {
    fact(w, "left out", left_out_text(r.left_out, EscapeFor::terminal) + " (not in any sum)",
         "sev-warning");
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

}  // namespace

void header_section(Writer& w, const ReportView& v) {
  header(w, v);
  files(w, v);
}

void reports_section(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "reports"}})
      .element("h2", v.reports.size() == 1 ? std::string("The report")
                                           : fmt::format("Reports ({})", v.reports.size()));
  if (v.reports.empty()) w.element("p", "No report could be read.", {{"class", "note"}});
  for (const ReportBlock& r : v.reports) report_block(w, r, v.files.size() > 1);
  w.close("section");
}

void findings_section(Writer& w, const ReportView& v) {
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

}  // namespace aoe::cli
