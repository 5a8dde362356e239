// SPDX-License-Identifier: Apache-2.0
// `report`: the page's sections of text: the header, the reports, the
// findings and the files read.
#include <fmt/format.h>

#include "commands/check/check_render.hpp"
#include "commands/overview/overview_render.hpp"
#include "commands/report/report_parts.hpp"
#include "text/numbers.hpp"
#include "text/svg_chart.hpp"
#include "text/term.hpp"

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

// A fact whose value is a name or a path, broken at its `seams` on a narrow
// screen, never inside a word.
void seamed_fact(Writer& w, std::string_view name, std::string_view value, std::string_view seams) {
  w.open("tr").element("th", name, {{"scope", "row"}}).open("td");
  id_element(w, "span", value, {{"class", "path"}}, seams);
  w.close("td").close("tr");
}

// What the operator count counts: operators, each once, whatever its
// modes; the repository's counters count tiling policies.
constexpr std::string_view kOperatorsLabel = "operators added/updated (each operator once)";

void totals_kpis(Writer& w, const Totals& t) {
  w.open("div", {{"class", "kpis"}});
  if (t.timed_operators > 0) {
    kpi(w, fmt_us_grouped(t.time_before_us) + " → " + us_text(t.time_after_us),
        "operator time before → after tuning (sum)");
    kpi(w, us_text(t.saved_us()), "time saved");
    kpi(w, pct_text(t.improvement_pct()), "improvement: (before − after) / after");
    kpi(w, ratio_text(t.geomean_speedup()), "geometric mean speed-up");
  } else {
    kpi(w, kNoValue, "no operator with both times");
  }
  kpi(w, count_text(t.operators), kOperatorsLabel);
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

std::string_view verdict_mark(const ReportView& v) {
  switch (verdict(v.check)) {
    case Verdict::failed:
      return "✘";
    case Verdict::passed_with_warnings:
      return "⚠";
    case Verdict::passed:
      break;
  }
  return "✔";
}

std::size_t finding_count(const ReportView& v) { return v.errors + v.warnings + v.infos; }

// Links to the sections, in page order.
void contents(Writer& w, const ReportView& v) {
  w.open("nav", {{"aria-label", "Sections"}});
  const auto link = [&](std::string_view href, const std::string& text, bool first = false) {
    if (!first) w.text(" · ");
    w.element("a", text, {{"href", std::string(href)}});
  };
  link("#figures", "Figures", true);
  if (v.baseline) link("#baseline", "Baseline");
  if (v.profile_check) link("#profile-check", "Profile");
  link("#operators", fmt::format("Operators ({})", count_text(v.rows_total)));
  link("#reports", fmt::format("Reports ({})", count_text(v.reports.size())));
  link("#findings", fmt::format("Findings ({})", count_text(finding_count(v))));
  link("#files", fmt::format("Files read ({})", count_text(v.files.size())));
  w.close("nav");
}

void repository(Writer& w, const ReportBlock& r) {
  if (!r.repo) {
    w.element("p",
              r.has_opat ? "Tiling policies: no repo_summary in the file."
                         : "Tiling policies: no OPAT section (no operator could be tuned).",
              {{"class", "muted"}});
    return;
  }
  const RepoSummary& s = *r.repo;
  // The counts as the command line says them (`show`, `watch`): total is
  // added + hit + unsatisfied, not what tuning added.
  const std::string caption = "Tiling policies in the repository: " + repo_text(s, Digits::grouped);
  w.open("figure", {{"class", "repo"}}).element("figcaption", caption);
  w.raw(svg::stacked_bar("Tiling policies of " + r.id,
                         {{"added", s.add_num, svg::kGreen},
                          {"updated", s.update_num, svg::kBlue},
                          {"reserved", s.reserved_num, svg::kSkyBlue},
                          {"unsatisfied", s.unsatisfied_num, svg::kOrange}}));
  w.element("p",
            "AOE's repo_summary counts tiling policies, not operators: an operator tuned in two "
            "modes counts twice.",
            {{"class", "note"}});
  w.close("figure");
}

// A report's summary line: its cells, each with the words it needs when
// the line wraps on a narrow screen (the heading row is not shown there).
void report_line(Writer& w, const ReportBlock& r) {
  w.open("summary");
  id_element(w, "span", r.id, {{"class", "rid"}});
  // A long task name is cut at its seams ("a_task_name_…"), not inside a word.
  w.open("span")
      .breakable_text(r.tuning_name ? shorten_middle(*r.tuning_name, kReportNameColumns)
                                    : std::string("(no tuning name)"),
                      kNameSeams)
      .close("span");
  w.open("span")
      .element("span", std::string(to_string(r.status)), {{"class", status_class(r.status)}})
      .close("span");
  const Totals& t = r.totals;
  w.open("span")
      .text(count_text(t.operators))
      .element("span", t.operators == 1 ? " operator" : " operators", {{"class", "nw"}})
      .text(t.failed_operators > 0 ? " · " + count_text(t.failed_operators) + " failed" : "")
      .close("span");
  if (t.timed_operators > 0) {
    w.element("span", fmt_us_grouped(t.time_before_us) + " → " + us_text(t.time_after_us));
    w.open("span")
        .element("span", "saved ", {{"class", "nw"}})
        .text(us_text(t.saved_us()) + " (" + pct_text(t.improvement_pct()) + ")")
        .close("span");
  } else {
    w.element("span", "no operator with both times", {{"class", "muted"}});
    w.open("span").element("span", "saved ", {{"class", "nw"}}).text(kNoValue).close("span");
  }
  w.close("summary");
}

void report_details(Writer& w, const ReportBlock& r, bool show_file) {
  w.open("div", {{"class", "rep-body"}});
  w.open("table", {{"class", "facts"}}).open("tbody");
  if (show_file) seamed_fact(w, "file", r.file, kPathSeams);
  if (r.tuning_name && display_width(*r.tuning_name) > kReportNameColumns) {
    seamed_fact(w, "task", *r.tuning_name, kNameSeams);  // whole here, cut in the report's line
  }
  std::string status(to_string(r.status));
  if (r.status_raw && *r.status_raw != status) status += " (\"" + *r.status_raw + "\")";
  if (!r.has_opat) status += " (no OPAT section)";
  fact(w, "status", status, status_class(r.status));
  if (!r.complete) fact(w, "read", "cut off: the file ends inside this report", "sev-warning");
  fact(w, "tuning time",
       r.tuning_time_s ? seconds_text(r.tuning_time_s)
                       : std::string(missing_tuning_time(r.tuning_time_written, r.status)));
  if (r.model) {
    const ModelPerformance& m = *r.model;
    std::string model = ms_text(m.baseline_ms) + " → " + ms_text(m.result_ms);
    model += "  (" + pct_text(r.model_improvement_pct) + ")";
    fact(w, "model time before → after", model);
  }
  const Totals& t = r.totals;
  if (t.timed_operators > 0) {
    fact(w, "operator time before → after",
         fmt_us_grouped(t.time_before_us) + " → " + us_text(t.time_after_us) + " (sum)");
    fact(w, "time saved",
         us_text(t.saved_us()) + " (" + pct_text(t.improvement_pct()) + " improvement)");
    fact(w, "geometric mean speed-up", ratio_text(t.geomean_speedup()));
  }
  fact(w, kOperatorsLabel, count_text(t.operators));
  if (!r.left_out.empty()) {
    fact(w, "left out", left_out_text(r.left_out, EscapeFor::terminal) + " (not in any sum)",
         "sev-warning");
  }
  w.close("tbody").close("table");
  repository(w, r);
  if (!r.failed_operators.empty()) {
    w.element("h4", fmt::format("Failed operators ({})", count_text(r.failed_operators.size())));
    constexpr std::size_t kShown = 200;
    w.open("p", {{"class", "names"}});
    for (std::size_t i = 0; i < r.failed_operators.size() && i < kShown; ++i) {
      if (i > 0) w.text(", ");
      id_element(w, "code", r.failed_operators[i], {}, kNameSeams);
    }
    if (r.failed_operators.size() > kShown) {
      w.text(fmt::format(" … and {} more (aoe-result failed lists them all)",
                         count_text(r.failed_operators.size() - kShown)));
    }
    w.close("p");
  }
  w.close("div");
}

// One finding's row: where it is and what it says.
void finding_row(Writer& w, const Diagnostic& d, bool show_file) {
  w.open("tr");
  // (The classes name the cells: on a phone each row is a block of
  // labelled lines, report_page.css.)
  if (show_file) id_element(w, "td", d.file, {{"class", "path file"}}, kPathSeams);
  w.element("td",
            d.line
                ? (d.column ? fmt::format("{}:{}", *d.line, *d.column) : fmt::format("{}", *d.line))
                : std::string(kNoValue),
            {{"class", "n line"}});
  id_element(w, "td", d.report.value_or(kNoValue), {{"class", "rid"}});
  // A finding about no one operator: the cell says so in the table, and the
  // phone's labelled line ("operator –") is left out.
  id_element(w, "td", d.op.value_or(kNoValue), {{"class", d.op ? "path op" : "path op none"}},
             kNameSeams);
  w.element("td", units_kept(d.message), {{"class", "msg"}});
  w.close("tr");
}

// "warning tuning-failed · 7": the severity, the code, how many.
void group_heading(Writer& w, const FindingGroup& g) {
  const std::string sev(to_string(g.severity));
  w.element("span", sev, {{"class", "sev-" + sev}}).text(" ");
  w.element("code", to_string(g.code));
  w.text(" · " + counted(g.count, "finding"));
}

void finding_group(Writer& w, const ReportView& v, const FindingGroup& g) {
  if (g.listed.empty()) {
    w.open("p", {{"class", "fgroup"}});
    group_heading(w, g);
    w.element("span",
              v.findings_shown == FindingsShown::none
                  ? std::string(" (not listed: --findings none)")
                  : std::string(" (not listed: --findings warnings; --findings all lists them)"),
              {{"class", "muted"}});
    w.close("p");
    return;
  }
  // Errors and warnings open; info folded away until asked for.
  if (g.severity == Severity::info) {
    w.open("details", {{"class", "fgroup"}});
  } else {
    w.open("details", {{"class", "fgroup"}, {"open", ""}});
  }
  w.open("summary");
  group_heading(w, g);
  if (g.listed.size() < g.count) {
    w.element("span", fmt::format(" (the first {} listed)", count_text(g.listed.size())),
              {{"class", "muted"}});
  }
  w.close("summary");
  const bool show_file = v.check.files.size() > 1;
  w.open("div", {{"class", "wide"}}).open("table", {{"class", "findings stack"}});
  w.open("thead").open("tr");
  if (show_file) w.element("th", "file", {{"scope", "col"}});
  w.element("th", "line", {{"scope", "col"}, {"class", "n"}});
  for (const std::string_view h : {"report", "operator", "message"}) {
    w.element("th", h, {{"scope", "col"}});
  }
  w.close("tr").close("thead").open("tbody");
  for (const Diagnostic& d : g.listed) finding_row(w, d, show_file);
  w.close("tbody").close("table").close("div");
  if (g.listed.size() < g.count) {
    w.open("p", {{"class", "note"}})
        .text(fmt::format("… and {} more {}; every finding: ",
                          count_text(g.count - g.listed.size()), to_string(g.code)))
        .element("code", v.check_command)
        .close("p");
  }
  w.close("details");
}

}  // namespace

void header_section(Writer& w, const ReportView& v) {
  w.open("header");
  // Each word of the title whole on a line when it fits one: a name
  // ("bert_base_pretrain") is cut at its seams only when wider than the line.
  w.open("h1");
  std::string_view rest = v.title;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    if (word.find_first_of(kNameSeams) == std::string_view::npos) {
      w.text(word);
    } else {
      w.open("span", {{"class", "word"}}).breakable_text(word, kNameSeams).close("span");
    }
    if (space == std::string_view::npos) break;
    w.text(" ");
    rest.remove_prefix(space + 1);
  }
  w.close("h1");
  w.element("p",
            "Made by " + v.generator + " on " + v.generated_at + " from " +
                counted(v.files.size(), "file") + " (" + counted(v.reports.size(), "report") +
                ", " + counted(v.rows_total, "operator") + ").",
            {{"class", "muted"}});
  // The verdict first ("✘ Check: 2 errors, 2 warnings, 0 info: FAILED"), what
  // was checked under it: `check`'s verdict line in two parts, so the page
  // and `check` say the same words.
  w.open("p", {{"class", verdict_class(v)},
               {"id", "verdict"},
               {"data-verdict", std::string(to_string(verdict(v.check)))}});
  w.open("strong")
      .text(fmt::format("{} Check: {}", verdict_mark(v), check_outcome(v.check, Digits::grouped)))
      .close("strong");
  w.open("span", {{"class", "scope"}}).text(check_scope(v.check, Digits::grouped)).close("span");
  w.close("p");
  w.element("p",
            (v.reports.size() > 1
                 ? fmt::format("Totals over the {} reports. ", count_text(v.reports.size()))
                 : std::string()) +
                std::string(kUnitsRule),
            {{"class", "muted"}, {"id", "units"}});
  totals_kpis(w, v.totals);
  contents(w, v);
  w.close("header");
}

void reports_section(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "reports"}})
      .element("h2", v.reports.size() == 1
                         ? std::string("The report")
                         : fmt::format("Reports ({})", count_text(v.reports.size())));
  if (v.reports.empty()) {
    w.element("p", "No report could be read.", {{"class", "note"}});
    w.close("section");
    return;
  }
  if (v.reports.size() > 1) {
    w.element("p",
              "A line per report; open one for its facts, its tiling policies and its failed "
              "operators.",
              {{"class", "note"}});
  }
  w.open("div", {{"class", "rep-list"}});
  // The headings of the lines' cells (the cells carry their own words
  // where the lines wrap, so the headings are for the eye only).
  w.open("div", {{"class", "rep-head"}, {"aria-hidden", "true"}});
  for (const std::string_view h :
       {"report", "task", "status", "operators", "operator time", "time saved (improvement)"}) {
    w.element("span", h);
  }
  w.close("div");
  const bool show_file = v.files.size() > 1;
  for (const ReportBlock& r : v.reports) {
    // One report: open at once; several: a line each, opened on demand.
    if (v.reports.size() == 1) {
      w.open("details", {{"class", "rep"}, {"open", ""}});
    } else {
      w.open("details", {{"class", "rep"}});
    }
    report_line(w, r);
    report_details(w, r, show_file);
    w.close("details");
  }
  w.close("div").close("section");
}

void files_section(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "files"}}).element("h2", "Files read");
  w.open("div", {{"class", "wide"}}).open("table", {{"class", "files stack"}});
  w.open("thead").open("tr");
  w.element("th", "file", {{"scope", "col"}}).element("th", "layout", {{"scope", "col"}});
  w.element("th", "reports", {{"class", "n"}, {"scope", "col"}});
  w.element("th", "operators", {{"class", "n"}, {"scope", "col"}});
  w.element("th", "read", {{"scope", "col"}});
  w.close("tr").close("thead").open("tbody");
  for (const ReportFileLine& f : v.files) {
    w.open("tr");
    id_element(w, "td", f.path, {{"class", "path file"}}, kPathSeams);
    w.element("td", f.readable ? f.layout : std::string(kNoValue), {{"class", "layout"}});
    w.element("td", f.readable ? count_text(f.reports) : std::string(kNoValue),
              {{"class", "n reports"}});
    w.element("td", f.readable ? count_text(f.operators) : std::string(kNoValue),
              {{"class", "n ops"}});
    if (!f.readable) {
      w.open("td", {{"class", "read"}})
          .element("span", "not readable", {{"class", "sev-error"}})
          .close("td");
    } else if (!f.complete) {
      w.open("td", {{"class", "read"}})
          .element("span", "cut off (incomplete): the complete part is shown",
                   {{"class", "sev-warning"}})
          .close("td");
    } else {
      w.element("td", "complete", {{"class", "read"}});
    }
    w.close("tr");
  }
  w.close("tbody").close("table").close("div").close("section");
}

void findings_section(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "findings"}}).element("h2", "Findings (aoe-result check)");
  if (v.findings.empty()) {
    w.element("p", "No findings: every invariant holds.", {{"class", "note"}});
    w.close("section");
    return;
  }
  std::string counts = fmt::format("{}, {}, {} info", counted(v.errors, "error"),
                                   counted(v.warnings, "warning"), count_text(v.infos));
  counts += fmt::format(", by code ({}).", counted(v.findings.size(), "code"));
  switch (v.findings_shown) {
    case FindingsShown::all:
      if (v.infos > 0) counts += " Info is folded away: open a code to read its findings.";
      break;
    case FindingsShown::warnings:
      counts += " Errors and warnings are listed (--findings warnings), info only counted.";
      break;
    case FindingsShown::none:
      counts += " None is listed (--findings none).";
      break;
  }
  w.element("p", counts, {{"class", "note"}});
  for (const FindingGroup& g : v.findings) finding_group(w, v, g);
  w.close("section");
}

}  // namespace aoe::cli
