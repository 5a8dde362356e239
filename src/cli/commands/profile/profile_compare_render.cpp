// SPDX-License-Identifier: Apache-2.0
#include "commands/profile/profile_compare_render.hpp"

#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/profile/profile_render.hpp"
#include "text/csv.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

using pjson = nlohmann::ordered_json;

namespace {

std::string signed_or_none(std::optional<double> pct) {
  if (!pct) return kNoValue;
  return (*pct >= 0 ? "+" : "") + fmt_pct(pct);
}

// A change of time with its sign: "+13.691", "-298.098", "0.000".
std::string signed_us(double us) { return (us > 0 ? "+" : "") + fmt_us(us); }

Tone check_tone(CrossCheckVerdict v) {
  switch (v) {
    case CrossCheckVerdict::as_tuned:
      return Tone::good;
    case CrossCheckVerdict::slower_than_aoe:
      return Tone::bad;
    case CrossCheckVerdict::not_in_profile:
      return Tone::warn;
    case CrossCheckVerdict::not_judged:
      break;
  }
  return Tone::dim;
}

Tone change_tone(TunedChangeVerdict v) {
  switch (v) {
    case TunedChangeVerdict::faster:
      return Tone::good;
    case TunedChangeVerdict::slower:
      return Tone::bad;
    case TunedChangeVerdict::unchanged:
      return Tone::warn;
    case TunedChangeVerdict::not_in_both:
      break;
  }
  return Tone::dim;
}

// A text table's header in lower case like every command's ("before mean
// µs"); the name AOE keeps its capitals.
std::string header_case(std::string header) {
  if (header.rfind("AOE", 0) != 0 && !header.empty() && header[0] >= 'A' && header[0] <= 'Z') {
    header[0] = static_cast<char>(header[0] - 'A' + 'a');
  }
  return header;
}

FitColumn name_column(std::string header) {
  return {{header_case(std::move(header)), Align::left, true, 8}, 0, {}};
}
FitColumn num_column(std::string header, unsigned rank) {
  return {{header_case(std::move(header)), Align::right, false, 6}, rank, {}};
}
FitColumn word_column(std::string header, unsigned rank) {
  return {{header_case(std::move(header)), Align::left, false, 6}, rank, {}};
}

std::string join_names(const std::vector<std::string>& names, std::string_view sep,
                       std::string (*escape)(std::string_view)) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += sep;
    out += escape(n);
  }
  return out;
}

std::string escape_plain(std::string_view s) { return escape_text(s); }

std::string check_summary_line(const CrossCheck& c) {
  return fmt::format(
      "{} of {} matched by exact name; as tuned {}, slower than AOE said {}, not judged {}, not "
      "in the profile {}",
      c.matched, plural(c.entries.size(), "tuned operator"), c.as_tuned, c.slower, c.not_judged,
      c.unmatched.size());
}

std::string check_rule_note(const CrossCheck& c) {
  return fmt::format(
      "as tuned: the profile's mean is at most AOE's after-tune time + {}%. One profile "
      "measures no gain: compare a profile before tuning with one after (profile BEFORE AFTER).",
      fmt_plain(c.tolerance_pct));
}

}  // namespace

// --- The cross-check ----------------------------------------------------------

std::string profile_check_text(const ProfileCheckView& view, const RenderOptions& options) {
  const CrossCheck& c = view.check;
  std::string out =
      prose(options,
            fmt::format("cross-check of {} ({}) with {} ({}, {} µs of device time)",
                        plural(c.entries.size(), "tuned operator"),
                        plural(c.result_files, "result file"), escape_text(view.profile_label),
                        plural(view.profile_rows, "row"), fmt_us(c.profile_total_us))) +
      "\n";
  if (!c.entries.empty()) {
    // Names whole first: the share, AOE's before-tune time, the type and
    // the two times compared are left out for them (spare); the verdict
    // and the difference it judges last.
    std::vector<FitColumn> cols{name_column("Operator"),          word_column("Type", 7),
                                num_column("AOE before µs", 8),   num_column("AOE after µs", 5),
                                num_column("Profile mean µs", 6), num_column("vs AOE after", 1),
                                num_column("Share", 9),           word_column("Verdict", 0)};
    for (const CrossCheckEntry& e : c.entries) {
      const std::optional<double> mean = e.profile ? e.profile->mean_us : std::nullopt;
      const std::optional<double> share = e.profile ? share_pct(e.profile->share) : std::nullopt;
      cols[0].cells.push_back({escape_text(shown_name(e.name))});
      cols[1].cells.push_back({escape_text(e.types)});
      cols[2].cells.push_back({fmt_us(e.aoe_before_us)});
      cols[3].cells.push_back({fmt_us(e.aoe_after_us)});
      cols[4].cells.push_back({fmt_us(mean)});
      cols[5].cells.push_back({signed_or_none(e.mean_vs_aoe_after_pct)});
      cols[6].cells.push_back({fmt_pct(share)});
      cols[7].cells.push_back({std::string(to_string(e.verdict)), check_tone(e.verdict)});
    }
    out += render_fitted(cols, {}, options.width, options.wide, options.style);
    out += '\n';
  }
  out += prose(options, check_summary_line(c));
  for (const CrossCheckEntry& e : c.entries) {
    if (e.verdict != CrossCheckVerdict::not_in_profile) continue;
    std::string line = "not in the profile: " + escape_text(shown_name(e.name));
    if (!e.candidates.empty()) {
      line += " (names that contain it or it contains, not matched: " +
              join_names(e.candidates, ", ", &escape_plain) + ")";
    }
    out += prose(options, line);
  }
  out += prose(options, check_rule_note(c));
  out += '\n';
  if (c.untuned_operators == 0) {
    out += "every operator of the profile was tuned\n";
    return out;
  }
  out +=
      prose(options, fmt::format("hottest operators never tuned ({} of {}, {} of the device time):",
                                 c.hottest_untuned.size(), c.untuned_operators,
                                 fmt_pct(share_pct(c.untuned_share))));
  std::vector<FitColumn> cols{name_column("Operator"),     word_column("Type", 5),
                              word_column("Task type", 7), num_column("Calls", 6),
                              num_column("Total µs", 0),   num_column("Mean µs", 1),
                              num_column("Share", 0)};
  for (const UntunedOperator& u : c.hottest_untuned) {
    cols[0].cells.push_back(
        {escape_text(shown_name(u.name)) + (u.failed_in_aoe ? " (failed in AOE)" : "")});
    cols[1].cells.push_back({escape_text(u.type)});
    cols[2].cells.push_back({escape_text(u.task_type)});
    cols[3].cells.push_back({std::to_string(u.stats.calls)});
    cols[4].cells.push_back({fmt_us(u.stats.known_total_us())});
    cols[5].cells.push_back({fmt_us(u.stats.mean_us)});
    cols[6].cells.push_back({fmt_pct(share_pct(u.share))});
  }
  out += render_fitted(cols, {}, options.width, options.wide, options.style);
  return out;
}

std::string profile_check_json(const ProfileCheckView& view, const RenderOptions& /*options*/) {
  const CrossCheck& c = view.check;
  pjson doc = json_preamble();
  doc["problems"] = problems_json(view.problems);
  doc["profile"] = {{"path", view.profile_label},
                    {"rows", view.profile_rows},
                    {"total_us", number(c.profile_total_us, Precision::us)}};
  doc["result_files"] = c.result_files;
  doc["tolerance_pct"] = number(c.tolerance_pct);
  doc["summary"] = {{"tuned", c.entries.size()},  {"matched", c.matched},
                    {"as_tuned", c.as_tuned},     {"slower_than_aoe", c.slower},
                    {"not_judged", c.not_judged}, {"not_in_profile", c.unmatched.size()},
                    {"unmatched", c.unmatched}};
  pjson tuned = pjson::array();
  for (const CrossCheckEntry& e : c.entries) {
    pjson p = nullptr;
    if (e.profile) {
      p = {{"calls", e.profile->calls},
           {"timed_calls", e.profile->timed_calls},
           {"type", e.profile->type},
           {"mean_us", number(e.profile->mean_us, Precision::us)},
           {"total_us", number(e.profile->known_total_us(), Precision::us)},
           {"share_pct", number(share_pct(e.profile->share), Precision::pct)}};
    }
    tuned.push_back({{"op_name", e.name},
                     {"op_type", e.types},
                     {"aoe_before_us", number(e.aoe_before_us)},
                     {"aoe_after_us", number(e.aoe_after_us)},
                     {"aoe_improvement_pct", number(e.aoe_improvement_pct, Precision::pct)},
                     {"profile", std::move(p)},
                     {"mean_vs_aoe_after_pct", number(e.mean_vs_aoe_after_pct, Precision::pct)},
                     {"verdict", verdict_key(e.verdict)},
                     {"candidates", e.candidates},
                     {"occurrences", e.occurrences}});
  }
  doc["tuned"] = std::move(tuned);
  pjson untuned = pjson::array();
  for (const UntunedOperator& u : c.hottest_untuned) {
    untuned.push_back({{"op_name", u.name},
                       {"op_type", u.type},
                       {"task_type", u.task_type},
                       {"calls", u.stats.calls},
                       {"total_us", number(u.stats.known_total_us(), Precision::us)},
                       {"mean_us", number(u.stats.mean_us, Precision::us)},
                       {"share_pct", number(share_pct(u.share), Precision::pct)},
                       {"failed_in_aoe", u.failed_in_aoe}});
  }
  doc["untuned"] = {{"operators", c.untuned_operators},
                    {"total_us", number(c.untuned_total_us, Precision::us)},
                    {"share_pct", number(share_pct(c.untuned_share), Precision::pct)},
                    {"hottest", std::move(untuned)}};
  return dump(doc);
}

std::string profile_check_csv(const ProfileCheckView& view, const RenderOptions& /*options*/) {
  const CrossCheck& c = view.check;
  std::string out = kProfileCheckCsvHeader;
  out += '\n';
  for (const CrossCheckEntry& e : c.entries) {
    out += "tuned,";
    append_csv_field(out, e.name);
    out += ',';
    append_csv_field(out, e.types);
    out += ',';
    append_csv_number(out, e.aoe_before_us);
    out += ',';
    append_csv_number(out, e.aoe_after_us);
    out += ',';
    append_csv_number(out, e.aoe_improvement_pct, Precision::pct);
    out += ',';
    if (e.profile) out += std::to_string(e.profile->calls);
    out += ',';
    append_csv_number(out, e.profile ? e.profile->mean_us : std::nullopt, Precision::us);
    out += ',';
    append_csv_number(out, e.profile ? e.profile->known_total_us() : std::nullopt, Precision::us);
    out += ',';
    append_csv_number(out, e.profile ? share_pct(e.profile->share) : std::nullopt, Precision::pct);
    out += ',';
    append_csv_number(out, e.mean_vs_aoe_after_pct, Precision::pct);
    out += ',';
    out += verdict_key(e.verdict);
    out += ',';
    std::string candidates;
    for (const std::string& n : e.candidates) candidates += (candidates.empty() ? "" : ";") + n;
    append_csv_field(out, candidates);
    out += '\n';
  }
  for (const UntunedOperator& u : c.hottest_untuned) {
    out += "untuned,";
    append_csv_field(out, u.name);
    out += ',';
    append_csv_field(out, u.type);
    out += ",,,,";
    out += std::to_string(u.stats.calls);
    out += ',';
    append_csv_number(out, u.stats.mean_us, Precision::us);
    out += ',';
    append_csv_number(out, u.stats.known_total_us(), Precision::us);
    out += ',';
    append_csv_number(out, share_pct(u.share), Precision::pct);
    out += ",,";
    out += u.failed_in_aoe ? "failed-in-aoe" : "never-tuned";
    out += ",\n";
  }
  return out;
}

std::string profile_check_markdown(const ProfileCheckView& view, const RenderOptions& options) {
  const CrossCheck& c = view.check;
  std::string out = "## Cross-check of AOE's results with " + md_escape(view.profile_label) +
                    "\n\n" + md_escape(check_summary_line(c)) + "\n\n";
  MarkdownTable t({"Operator", "Type", "AOE before µs", "AOE after µs", "Profile mean µs",
                   "vs AOE after", "Share", "Verdict"},
                  {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
                   Align::right, Align::left});
  t.keep_within(options.markdown_limit_bytes / 2);
  for (const CrossCheckEntry& e : c.entries) {
    const std::optional<double> mean = e.profile ? e.profile->mean_us : std::nullopt;
    t.add_row({md_escape(shown_name(e.name)), md_escape(e.types), fmt_us(e.aoe_before_us),
               fmt_us(e.aoe_after_us), fmt_us(mean), signed_or_none(e.mean_vs_aoe_after_pct),
               fmt_pct(e.profile ? share_pct(e.profile->share) : std::nullopt),
               std::string(to_string(e.verdict))});
  }
  if (!c.entries.empty()) out += t.render(options.markdown_limit_bytes / 2) + "\n";
  if (!c.unmatched.empty()) {
    out += "Not in the profile: " + join_names(c.unmatched, ", ", &md_escape) + "\n\n";
  }
  out += md_escape(check_rule_note(c)) + "\n\n";
  if (!c.hottest_untuned.empty()) {
    out += fmt::format("### Hottest operators never tuned ({} of {}, {} of the device time)\n\n",
                       c.hottest_untuned.size(), c.untuned_operators,
                       fmt_pct(share_pct(c.untuned_share)));
    MarkdownTable u({"Operator", "Type", "Calls", "Total µs", "Share"},
                    {Align::left, Align::left, Align::right, Align::right, Align::right});
    for (const UntunedOperator& o : c.hottest_untuned) {
      u.add_row({md_escape(shown_name(o.name)), md_escape(o.type), std::to_string(o.stats.calls),
                 fmt_us(o.stats.known_total_us()), fmt_pct(share_pct(o.share))});
    }
    out += u.render(options.markdown_limit_bytes / 4);
  }
  return out;
}

const OutputTable<ProfileCheckView>& profile_check_outputs() {
  static const OutputTable<ProfileCheckView> table(
      "profile --result",
      {{Format::text, &profile_check_text, "tables of the tuned and the hottest untuned operators"},
       {Format::json, &profile_check_json, "schema version 1"},
       {Format::csv, &profile_check_csv, "a row per tuned operator, then per untuned one listed"},
       {Format::markdown, &profile_check_markdown, "the tables in GitHub Markdown"}});
  return table;
}

// --- Two profiles -------------------------------------------------------------

namespace {

std::string compare_total_line(const ProfileComparison& c) {
  const std::optional<std::string> unlike = totals_unlike(c);
  return fmt::format("total device time: {} µs → {} µs ({}{})", fmt_us(c.before_total_us),
                     fmt_us(c.after_total_us), signed_or_none(c.total_change_pct),
                     unlike ? "; but " + *unlike : std::string());
}

std::string compare_steps_line(const ProfileComparison& c) {
  if (const std::optional<std::string> missing = steps_missing(c)) {
    return "per-step time: " + *missing + "; P95 and P99 not computed";
  }
  return fmt::format("per-step time ({} → {} steps): P95 {} → {} µs ({}), P99 {} → {} µs ({})",
                     c.before_steps->steps, c.after_steps->steps, fmt_us(c.before_steps->p95_us),
                     fmt_us(c.after_steps->p95_us), signed_or_none(c.p95_change_pct),
                     fmt_us(c.before_steps->p99_us), fmt_us(c.after_steps->p99_us),
                     signed_or_none(c.p99_change_pct));
}

std::string compare_counts_line(const ProfileComparison& c) {
  return fmt::format("operators: {} in both, {} added, {} removed", c.in_both, c.added, c.removed);
}

std::string tuned_counts_line(const ProfileComparison& c) {
  return fmt::format(
      "tuned operators: {} of {} in both profiles; faster {}, unchanged {} (mean within ±{}%), "
      "slower {}",
      c.tuned_in_both, c.tuned.size(), c.tuned_faster, c.tuned_unchanged,
      fmt_plain(c.unchanged_tolerance_pct), c.tuned_slower);
}

std::optional<double> mean_of(const std::optional<ProfileStats>& s) {
  return s ? s->mean_us : std::nullopt;
}

}  // namespace

std::string profile_compare_text(const ProfileCompareView& view, const RenderOptions& options) {
  const ProfileComparison& c = view.comparison;
  std::string out =
      prose(options, escape_text(view.before_label) + " → " + escape_text(view.after_label));
  out += prose(options, compare_total_line(c));
  out += prose(options, compare_steps_line(c));
  out += prose(options, compare_counts_line(c)) + "\n";
  const std::size_t rows =
      view.top == 0 ? c.operators.size() : std::min(view.top, c.operators.size());
  if (rows > 0) {
    out += prose(options, fmt::format("{} by total change µs, the largest either way first:",
                                      plural(c.operators.size(), "operator")));
    std::vector<FitColumn> cols{name_column("Operator"),         word_column("Type", 5),
                                num_column("Before mean µs", 1), num_column("After mean µs", 0),
                                num_column("Change", 0),         num_column("Before total µs", 6),
                                num_column("After total µs", 6), num_column("Total change µs", 2),
                                word_column("Presence", 7)};
    for (std::size_t i = 0; i < rows; ++i) {
      const OperatorChange& o = c.operators[i];
      const Tone tone = !o.mean_change_pct                                ? Tone::plain
                        : *o.mean_change_pct > c.unchanged_tolerance_pct  ? Tone::bad
                        : *o.mean_change_pct < -c.unchanged_tolerance_pct ? Tone::good
                                                                          : Tone::plain;
      cols[0].cells.push_back({escape_text(shown_name(o.name))});
      cols[1].cells.push_back({escape_text(o.type)});
      cols[2].cells.push_back({fmt_us(mean_of(o.before))});
      cols[3].cells.push_back({fmt_us(mean_of(o.after))});
      cols[4].cells.push_back({signed_or_none(o.mean_change_pct), tone});
      cols[5].cells.push_back(
          {o.before ? fmt_us(o.before->known_total_us()) : std::string(kNoValue)});
      cols[6].cells.push_back(
          {o.after ? fmt_us(o.after->known_total_us()) : std::string(kNoValue)});
      cols[7].cells.push_back(
          {o.total_change_us ? signed_us(*o.total_change_us) : std::string(kNoValue)});
      cols[8].cells.push_back(
          {o.presence == Presence::both ? std::string() : std::string(to_string(o.presence))});
    }
    // Presence says "added" or "removed": no column when every row is in both.
    const bool any_presence = std::any_of(cols[8].cells.begin(), cols[8].cells.end(),
                                          [](const auto& cell) { return !cell.text.empty(); });
    if (!any_presence) cols.pop_back();
    out += render_fitted(cols, {}, options.width, options.wide, options.style);
    if (rows < c.operators.size()) {
      out += fmt::format("({} more; --top 0 for every operator)\n", c.operators.size() - rows);
    }
    if (c.with_results) {
      out += prose(options,
                   "Change is of the mean, (after − before) / before × 100: + is slower (the "
                   "tuned operators' Profiled below is AOE's gain, + is faster).");
    }
  }
  if (c.with_results) {
    out += "\n";
    out += prose(options, tuned_counts_line(c));
    if (!c.tuned.empty()) {
      std::vector<FitColumn> cols{name_column("Operator"),         num_column("AOE before µs", 6),
                                  num_column("AOE after µs", 5),   num_column("AOE claim", 0),
                                  num_column("Mean before µs", 1), num_column("Mean after µs", 1),
                                  num_column("Profiled", 0),       word_column("Verdict", 0)};
      for (const TunedChange& t : c.tuned) {
        cols[0].cells.push_back({escape_text(shown_name(t.name))});
        cols[1].cells.push_back({fmt_us(t.aoe_before_us)});
        cols[2].cells.push_back({fmt_us(t.aoe_after_us)});
        cols[3].cells.push_back({fmt_pct(t.aoe_improvement_pct)});
        cols[4].cells.push_back({fmt_us(t.before_mean_us)});
        cols[5].cells.push_back({fmt_us(t.after_mean_us)});
        cols[6].cells.push_back({fmt_pct(t.profiled_improvement_pct)});
        cols[7].cells.push_back({std::string(to_string(t.verdict)), change_tone(t.verdict)});
      }
      out += render_fitted(cols, {}, options.width, options.wide, options.style);
      out += prose(options,
                   "AOE claim and Profiled are both (before − after) / after × 100, AOE's "
                   "formula: AOE's of its own measurement, Profiled of the two profiles' means.");
    }
    if (c.stale_cache_suspected) {
      out += prose(options, "warning: " + stale_cache_warning(c));
    }
  }
  if (!view.gates.empty()) out += "\n";
  for (const ProfileGate& g : view.gates) {
    out += gate_line(profile_gate_options(g), g.finding, g.verdict) + "\n";
  }
  return out;
}

std::string profile_compare_json(const ProfileCompareView& view, const RenderOptions& /*options*/) {
  const ProfileComparison& c = view.comparison;
  const auto steps = [](const std::optional<StepTimes>& s) -> pjson {
    if (!s) return nullptr;
    return {{"steps", s->steps},
            {"mean_us", number(s->mean_us, Precision::us)},
            {"p95_us", number(s->p95_us, Precision::us)},
            {"p99_us", number(s->p99_us, Precision::us)}};
  };
  const auto stats = [](const std::optional<ProfileStats>& s) -> pjson {
    if (!s) return nullptr;
    return {{"calls", s->calls},
            {"timed_calls", s->timed_calls},
            {"total_us", number(s->known_total_us(), Precision::us)},
            {"mean_us", number(s->mean_us, Precision::us)},
            {"median_us", number(s->median_us, Precision::us)},
            {"p95_us", number(s->p95_us, Precision::us)}};
  };
  pjson doc = json_preamble();
  doc["problems"] = problems_json(view.problems);
  doc["before"] = view.before_label;
  doc["after"] = view.after_label;
  const std::optional<std::string> missing = steps_missing(c);
  doc["summary"] = {{"before_total_us", number(c.before_total_us, Precision::us)},
                    {"after_total_us", number(c.after_total_us, Precision::us)},
                    {"total_change_pct", number(c.total_change_pct, Precision::pct)},
                    {"timed_in_one_only", c.timed_in_one_only},
                    {"before_steps", steps(c.before_steps)},
                    {"after_steps", steps(c.after_steps)},
                    {"p95_change_pct", number(c.p95_change_pct, Precision::pct)},
                    {"p99_change_pct", number(c.p99_change_pct, Precision::pct)},
                    {"steps_missing", missing ? pjson(*missing) : pjson(nullptr)},
                    {"in_both", c.in_both},
                    {"added", c.added},
                    {"removed", c.removed}};
  pjson gates = pjson::array();
  for (const ProfileGate& g : view.gates) {
    gates.push_back({{"gate", profile_gate_key(g.kind)},
                     {"limit_pct", number(g.limit_pct)},
                     {"verdict", g.verdict == GateVerdict::passed   ? "passed"
                                 : g.verdict == GateVerdict::broken ? "broken"
                                                                    : "not-judged"},
                     {"finding", g.finding}});
  }
  doc["gates"] = std::move(gates);
  pjson ops = pjson::array();
  for (const OperatorChange& o : c.operators) {
    ops.push_back({{"op_name", o.name},
                   {"op_type", o.type},
                   {"task_type", o.task_type},
                   {"presence", to_string(o.presence)},
                   {"before", stats(o.before)},
                   {"after", stats(o.after)},
                   {"mean_change_us", number(o.mean_change_us, Precision::us)},
                   {"mean_change_pct", number(o.mean_change_pct, Precision::pct)},
                   {"total_change_us", number(o.total_change_us, Precision::us)}});
  }
  doc["operators"] = std::move(ops);
  if (c.with_results) {
    pjson tuned = pjson::array();
    for (const TunedChange& t : c.tuned) {
      tuned.push_back(
          {{"op_name", t.name},
           {"op_type", t.types},
           {"aoe_before_us", number(t.aoe_before_us)},
           {"aoe_after_us", number(t.aoe_after_us)},
           {"aoe_improvement_pct", number(t.aoe_improvement_pct, Precision::pct)},
           {"before_mean_us", number(t.before_mean_us, Precision::us)},
           {"after_mean_us", number(t.after_mean_us, Precision::us)},
           {"mean_change_pct", number(t.mean_change_pct, Precision::pct)},
           {"profiled_improvement_pct", number(t.profiled_improvement_pct, Precision::pct)},
           {"verdict", verdict_key(t.verdict)}});
    }
    doc["tuned"] = {
        {"unchanged_tolerance_pct", number(c.unchanged_tolerance_pct)},
        {"in_both", c.tuned_in_both},
        {"faster", c.tuned_faster},
        {"unchanged", c.tuned_unchanged},
        {"slower", c.tuned_slower},
        {"stale_cache_suspected", c.stale_cache_suspected},
        {"warning", c.stale_cache_suspected ? pjson(stale_cache_warning(c)) : pjson(nullptr)},
        {"operators", std::move(tuned)}};
  } else {
    doc["tuned"] = nullptr;
  }
  return dump(doc);
}

std::string profile_compare_csv(const ProfileCompareView& view, const RenderOptions& /*options*/) {
  const ProfileComparison& c = view.comparison;
  std::unordered_map<std::string_view, const TunedChange*> tuned;
  for (const TunedChange& t : c.tuned) tuned.emplace(t.name, &t);
  std::string out = kProfileCompareCsvHeader;
  out += '\n';
  const auto tuned_cells = [&out](const TunedChange* t) {
    out += ',';
    append_csv_number(out, t ? t->aoe_before_us : std::nullopt);
    out += ',';
    append_csv_number(out, t ? t->aoe_after_us : std::nullopt);
    out += ',';
    append_csv_number(out, t ? t->aoe_improvement_pct : std::nullopt, Precision::pct);
    out += ',';
    append_csv_number(out, t ? t->profiled_improvement_pct : std::nullopt, Precision::pct);
    out += ',';
    if (t) out += verdict_key(t->verdict);
    out += '\n';
  };
  for (const OperatorChange& o : c.operators) {
    append_csv_field(out, o.name);
    out += ',';
    append_csv_field(out, o.type);
    out += ',';
    out += to_string(o.presence);
    out += ',';
    if (o.before) out += std::to_string(o.before->calls);
    out += ',';
    if (o.after) out += std::to_string(o.after->calls);
    out += ',';
    append_csv_number(out, mean_of(o.before), Precision::us);
    out += ',';
    append_csv_number(out, mean_of(o.after), Precision::us);
    out += ',';
    append_csv_number(out, o.mean_change_us, Precision::us);
    out += ',';
    append_csv_number(out, o.mean_change_pct, Precision::pct);
    out += ',';
    append_csv_number(out, o.before ? o.before->known_total_us() : std::nullopt, Precision::us);
    out += ',';
    append_csv_number(out, o.after ? o.after->known_total_us() : std::nullopt, Precision::us);
    out += ',';
    append_csv_number(out, o.total_change_us, Precision::us);
    const auto it = tuned.find(o.name);
    tuned_cells(it == tuned.end() ? nullptr : it->second);
  }
  // Tuned operators in neither profile: a row each, so that none is lost.
  for (const TunedChange& t : c.tuned) {
    if (t.before_mean_us || t.after_mean_us) continue;
    bool listed = false;
    for (const OperatorChange& o : c.operators) listed = listed || o.name == t.name;
    if (listed) continue;
    append_csv_field(out, t.name);
    out += ",,none,,,,,,,,,";
    tuned_cells(&t);
  }
  return out;
}

std::string profile_compare_markdown(const ProfileCompareView& view, const RenderOptions& options) {
  const ProfileComparison& c = view.comparison;
  std::string out = "## " + md_escape(view.before_label) + " → " + md_escape(view.after_label) +
                    "\n\n" + md_escape(compare_total_line(c)) + "  \n" +
                    md_escape(compare_steps_line(c)) + "  \n" + md_escape(compare_counts_line(c)) +
                    "\n\n";
  for (const ProfileGate& g : view.gates) {
    out += "- " + md_escape(gate_line(profile_gate_options(g), g.finding, g.verdict)) + "\n";
  }
  if (!view.gates.empty()) out += "\n";
  if (c.with_results) {
    out += md_escape(tuned_counts_line(c)) + "\n\n";
    if (c.stale_cache_suspected)
      out += "> **Warning**: " + md_escape(stale_cache_warning(c)) + "\n\n";
    MarkdownTable t({"Operator", "AOE before µs", "AOE after µs", "AOE claim", "Mean before µs",
                     "Mean after µs", "Profiled", "Verdict"},
                    {Align::left, Align::right, Align::right, Align::right, Align::right,
                     Align::right, Align::right, Align::left});
    for (const TunedChange& x : c.tuned) {
      t.add_row({md_escape(shown_name(x.name)), fmt_us(x.aoe_before_us), fmt_us(x.aoe_after_us),
                 fmt_pct(x.aoe_improvement_pct), fmt_us(x.before_mean_us), fmt_us(x.after_mean_us),
                 fmt_pct(x.profiled_improvement_pct), std::string(to_string(x.verdict))});
    }
    if (!c.tuned.empty()) out += t.render(options.markdown_limit_bytes / 2) + "\n";
  }
  const std::size_t rows =
      view.top == 0 ? c.operators.size() : std::min(view.top, c.operators.size());
  MarkdownTable t(
      {"Operator", "Type", "Before mean µs", "After mean µs", "Change", "Total change µs", ""},
      {Align::left, Align::left, Align::right, Align::right, Align::right, Align::right,
       Align::left});
  t.keep_within(options.markdown_limit_bytes / 2);
  for (std::size_t i = 0; i < rows; ++i) {
    const OperatorChange& o = c.operators[i];
    t.add_row({md_escape(shown_name(o.name)), md_escape(o.type), fmt_us(mean_of(o.before)),
               fmt_us(mean_of(o.after)), signed_or_none(o.mean_change_pct),
               fmt_us(o.total_change_us),
               o.presence == Presence::both ? std::string() : std::string(to_string(o.presence))});
  }
  if (rows > 0) out += t.render(options.markdown_limit_bytes / 2);
  return out;
}

const OutputTable<ProfileCompareView>& profile_compare_outputs() {
  static const OutputTable<ProfileCompareView> table(
      "profile BEFORE AFTER",
      {{Format::text, &profile_compare_text, "totals, per-step P95/P99, a table per operator"},
       {Format::json, &profile_compare_json, "schema version 1"},
       {Format::csv, &profile_compare_csv, "a row per operator (name and type)"},
       {Format::markdown, &profile_compare_markdown, "the same in GitHub Markdown"}});
  return table;
}

}  // namespace aoe::cli
