// SPDX-License-Identifier: Apache-2.0
// `report`: the page's figures (inline SVG): where the time went, and the
// largest changes against the baseline.
#include <algorithm>

#include <fmt/format.h>

#include "commands/report/report_parts.hpp"
#include "text/numbers.hpp"
#include "text/svg_chart.hpp"

namespace aoe::cli {
namespace {

using html::Writer;

svg::BarChart saved_chart(std::string title, const std::vector<SavedAmount>& amounts,
                          bool with_count) {
  svg::BarChart chart;
  chart.title = std::move(title);
  chart.axis_label = "time saved (µs)";
  chart.empty_text = "no operator saved time";
  for (const SavedAmount& a : amounts) {
    std::string text = us_text(a.saved_us);
    if (with_count) {
      text += fmt::format(" · {} op{}", count_text(a.operators), a.operators == 1 ? "" : "s");
    }
    chart.bars.push_back({a.label, a.saved_us, text, {}, a.qualifier});
  }
  return chart;
}

svg::BarChart change_chart(std::string title, const std::vector<ReportChange>& changes,
                           bool slower) {
  svg::BarChart chart;
  chart.title = std::move(title);
  chart.axis_label = slower ? "after-tune time, % slower than the baseline"
                            : "after-tune time, % faster than the baseline";
  chart.colour = slower ? svg::kVermillion : svg::kGreen;
  chart.empty_text = slower ? "no operator got slower" : "no operator got faster";
  for (const ReportChange& c : changes) {
    std::string text = pct_text(c.pct);
    if (c.within_writer_artefact) text += " †";
    chart.bars.push_back({c.op_name, c.pct, text});
  }
  return chart;
}

constexpr std::optional<double> kNotObserved;

// "+1,234.50%": a change, signed and grouped as the page writes percentages.
std::string signed_pct_text(double pct) { return group_thousands(fmt::format("{:+.2f}%", pct)); }

// A time of the profile check, or a dash for one not observed.
std::string profile_us_text(const std::optional<double>& us) {
  if (!us.has_value()) return "—";
  return us_text(us.value());
}

}  // namespace

void figures_section(Writer& w, const ReportView& v) {
  w.open("section", {{"id", "figures"}}).element("h2", "Where the time went");
  w.open("div", {{"class", "figs"}});
  figure(w,
         v.top_saved.empty() ? std::string("Top operators by time saved")
         : v.top_saved.size() == 1
             ? std::string("The operator that saved time")
             : fmt::format("Top {} operators by time saved", v.top_saved.size()),
         svg::bar_chart(saved_chart("Operators by time saved", v.top_saved, false)));
  figure(w, "Operators by improvement (%)",
         svg::histogram({"Operators by improvement (%)", "operators", v.improvement_bins}),
         "Improvement = (before − after) / after × 100, AOE's formula: 100% is twice as fast, "
         "785% is 124\u00A0µs → 14\u00A0µs. Green: twice as fast or more; vermillion: slower.");
  figure(w,
         v.types_total > v.by_type.size()
             ? fmt::format("Time saved by operator type (top {} of {})", v.by_type.size(),
                           v.types_total)
             : std::string("Time saved by operator type"),
         svg::bar_chart(saved_chart("Time saved by operator type", v.by_type, true)));
  figure(
      w, "Time saved by tuning mode",
      svg::bar_chart(saved_chart("Time saved by tuning mode", v.by_mode, true)),
      std::string("Each tuning mode's own before and after times; an operator tuned in two modes "
                  "counts in both.") +
          (std::any_of(v.by_mode.begin(), v.by_mode.end(),
                       [](const SavedAmount& a) { return a.label == kUnspecifiedMode; })
               ? " unspecified: entries that name no mode (CANN 6.0.1 and 6.2)."
               : ""));
  w.close("div").close("section");
}

void baseline_section(Writer& w, const ReportBaseline& b) {
  w.open("section", {{"id", "baseline"}}).element("h2", "Compared with the baseline");
  w.open("p").text("Baseline: ");
  for (std::size_t i = 0; i < b.files.size(); ++i) {
    if (i > 0) w.text(", ");
    id_element(w, "code", b.files[i].path, {}, kPathSeams);
    if (!b.files[i].readable)
      w.text(" (not readable)");
    else if (!b.files[i].complete)
      w.text(" (cut off)");
  }
  w.text(". Operators joined by name, after-tune times compared (as aoe-result diff).");
  w.close("p");
  const DiffSummary& s = b.summary;
  w.open("div", {{"class", "kpis"}});
  // Said when there are some: tuned in the baseline and failed in this run
  // (diff's failed in NEW), and the other way round.
  if (s.failed_new > 0)
    kpi(w, count_text(s.failed_new), "failed in this run, tuned in the baseline");
  kpi(w, count_text(s.regressions), "slower");
  kpi(w, count_text(s.improvements), "faster");
  if (s.fixed_new > 0) kpi(w, count_text(s.fixed_new), "fixed: failed in the baseline");
  kpi(w, count_text(s.unchanged), "unchanged");
  kpi(w, count_text(s.only_old), "only in the baseline");
  kpi(w, count_text(s.only_new), "only in this run");
  if (s.compared() > 0) {
    kpi(w,
        (s.change_us() > 0 ? "+" : "") + us_text(s.change_us()) + " (" +
            (s.change_pct() && *s.change_pct() > 0 ? "+" : "") + pct_text(s.change_pct()) + ")",
        "after-tune time change over the operators in both");
  }
  w.close("div");
  w.open("div", {{"class", "figs"}});
  figure(w, "Largest slowdowns",
         svg::bar_chart(change_chart("Largest slowdowns", b.slowdowns, true)));
  figure(w, "Largest speed-ups",
         svg::bar_chart(change_chart("Largest speed-ups", b.speedups, false)));
  w.close("div");
  if (b.any_within_writer_artefact) {
    w.element(
        "p",
        "† the change is at most 1\u00A0µs: it may be the writer's +1\u00A0µs artefact rather "
        "than a measurement.",
        {{"class", "note"}});
  }
  w.close("section");
}

void profile_check_section(Writer& w, const ReportProfileCheck& p) {
  const CrossCheck& c = p.check;
  w.open("section", {{"id", "profile-check"}}).element("h2", "AOE's claim against the profile");
  w.open("p").text("Profile: ").element("code", p.label);
  w.text(fmt::format(
      " ({}). Each tuned operator's after-tune time as AOE measured it, beside the mean task "
      "duration of the operators of its name in the profile (as aoe-result profile --result "
      "judges it): as tuned when the mean is at most {}% above AOE's time.",
      counted(p.profile_rows, "row"), fmt::format("{:g}", c.tolerance_pct)));
  w.close("p");
  w.open("div", {{"class", "kpis"}});
  kpi(w, count_text(c.entries.size()), "tuned operators");
  kpi(w, count_text(c.as_tuned), std::string(to_string(CrossCheckVerdict::as_tuned)));
  kpi(w, count_text(c.slower), std::string(to_string(CrossCheckVerdict::slower_than_aoe)));
  kpi(w, count_text(c.not_judged), std::string(to_string(CrossCheckVerdict::not_judged)));
  kpi(w, count_text(c.unmatched.size()), std::string(to_string(CrossCheckVerdict::not_in_profile)));
  w.close("div");

  svg::BarChart chart;
  chart.title = "Profiled mean against AOE's after-tune time";
  chart.axis_label = "profiled mean, % above AOE's after-tune time";
  chart.colour = svg::kVermillion;
  chart.empty_text = "no tuned operator has both AOE's after-tune time and a profiled mean";
  for (const CrossCheckEntry& e : c.entries) {
    if (!e.mean_vs_aoe_after_pct) continue;
    chart.bars.push_back(
        {e.name, *e.mean_vs_aoe_after_pct,
         signed_pct_text(*e.mean_vs_aoe_after_pct) + " · " + std::string(to_string(e.verdict))});
  }
  w.open("div", {{"class", "figs"}});
  figure(w, "Profiled mean against AOE's after-tune time", svg::bar_chart(chart),
         "(profile mean − AOE after) / AOE after × 100: above zero, the run was slower than AOE "
         "measured.");
  w.close("div");

  if (!c.entries.empty()) {
    w.open("div", {{"class", "wide"}}).open("table", {{"class", "profile-check"}});
    w.open("thead").open("tr");
    for (const char* h : {"Operator", "Type", "AOE after", "Profile mean", "Profile median",
                          "Mean vs AOE", "Calls", "Verdict"}) {
      w.element("th", h, {{"scope", "col"}});
    }
    w.close("tr").close("thead").open("tbody");
    for (std::size_t i = 0; i < c.entries.size(); ++i) {
      const CrossCheckEntry& e = c.entries[i];
      w.open("tr", {{"data-verdict", std::string(verdict_key(e.verdict))}});
      w.open("td").breakable_text(e.name, kNameSeams).close("td");
      w.element("td", e.profile && !e.profile->type.empty() ? e.profile->type : e.types);
      w.element("td", profile_us_text(e.aoe_after_us), {{"class", "n"}});
      w.element("td", profile_us_text(e.profile ? e.profile->mean_us : kNotObserved),
                {{"class", "n"}});
      w.element("td", profile_us_text(i < p.median_us.size() ? p.median_us[i] : kNotObserved),
                {{"class", "n"}});
      w.element(
          "td",
          e.mean_vs_aoe_after_pct ? signed_pct_text(*e.mean_vs_aoe_after_pct) : std::string("—"),
          {{"class", "n"}});
      w.element("td", e.profile ? count_text(e.profile->calls) : std::string("—"),
                {{"class", "n"}});
      w.element("td", to_string(e.verdict));
      w.close("tr");
    }
    w.close("tbody").close("table").close("div");
  }
  if (!c.unmatched.empty()) {
    w.element("p",
              fmt::format("{} not found in the profile by name (the profile's operator names "
                          "differ, or the run did not execute them).",
                          counted(c.unmatched.size(), "tuned operator")),
              {{"class", "note"}});
  }
  w.close("section");
}

}  // namespace aoe::cli
