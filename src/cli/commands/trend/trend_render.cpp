// SPDX-License-Identifier: Apache-2.0
// `trend`: its output table, the text tables and the Markdown; the long-form
// records (CSV, JSON Lines, JSON) are in trend_records.cpp.
#include "commands/trend/trend_render.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <ostream>
#include <sstream>

#include <fmt/format.h>

#include "text/fit_table.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

namespace {

constexpr const char* kTrendArtefactNote =
    "* a change of at most 1 µs can be an artefact of AOE's writer (before = after + 1)";

std::string count_or_none(const std::optional<std::int64_t>& v) {
  return v ? fmt::format("{}", *v) : std::string(kNoValue);
}

std::string signed_pct(const std::optional<double>& pct, const std::optional<double>& us) {
  if (pct) return fmt::format("{:+.2f}%", std::fabs(*pct) < 0.005 ? 0.0 : *pct);
  if (us && std::isfinite(*us)) {  // from 0 µs: no percentage
    return std::fabs(*us) >= kExponentFrom ? fmt::format("{:+.3e} µs", *us)
                                           : fmt::format("{:+.3f} µs", *us);
  }
  return kNoValue;
}

Tone change_tone(const std::optional<double>& us) {
  if (!us || std::fabs(*us) <= 1.0 + 1e-9) return Tone::plain;
  return *us > 0 ? Tone::bad : Tone::good;
}

std::string run_name(std::size_t index) { return fmt::format("#{}", index + 1); }

// A row's flags, ", " between them ("regressed, failed 2"); "" when none.
std::string flags(const TrendSeries& s, bool over) {
  std::string out;
  const auto add = [&out](std::string_view flag) {
    if (!out.empty()) out += ", ";
    out += flag;
  };
  const auto add_count = [&add, &out](std::string_view flag, std::size_t runs) {
    if (runs == 0) return;
    add(flag);
    fmt::format_to(std::back_inserter(out), " {}", runs);
  };
  if (over) add("over limit");
  if (s.regressed) add("regressed");
  add_count("failed", s.failed_runs);
  add_count("newly failed", s.newly_failed_runs);
  add_count("fixed", s.fixed_runs);
  add_count("missing", s.missing_runs);
  return out;
}

// One point as a table cell: its after-time, "failed", or a gap.
Cell point_cell(const TrendPoint& p) {
  if (p.after_us) return {fmt_us(p.after_us)};
  if (p.failed) return {"failed", Tone::bad};
  return {p.present ? kNoValue : "·", Tone::dim};
}

std::vector<std::optional<double>> afters(const TrendSeries& s) {
  std::vector<std::optional<double>> v;
  v.reserve(s.points.size());
  for (const TrendPoint& p : s.points) v.push_back(p.after_us);
  return v;
}

// A run's sum of times, µs (`time_after_us`, `saved_us()`): none, not 0,
// when no operator of the run is timed.
std::string run_us(const Totals& t, double us) {
  return t.timed_operators > 0 ? fmt_us(us) : std::string(kNoValue);
}

// The sparkline of runs `from` to the last: a block per time, '✗' where
// the operator failed without a time, '·' where it has no time in the run
// (not in it, or in it without a time that counts: its cell says which).
std::string sparkline_from(const TrendSeries& s, std::size_t from) {
  const std::vector<std::optional<unsigned>> levels = sparkline_levels(afters(s));
  std::string out;
  for (std::size_t k = from; k < s.points.size(); ++k) {
    if (s.points[k].failed && !s.points[k].after_us) {
      out += "✗";
    } else {
      append_sparkline_level(out, levels[k]);
    }
  }
  return out;
}

std::string full_sparkline(const TrendSeries& s) { return sparkline_from(s, 0); }

// The sparkline of the last `budget` runs at most ("…" first when cut).
std::string sparkline(const TrendSeries& s, std::size_t budget) {
  if (budget == 0 || s.points.size() <= budget) return full_sparkline(s);
  return "…" + sparkline_from(s, s.points.size() - (budget - 1));
}

std::string label_of(const TrendRun& r) { return escape_text(r.label); }

std::string gate_text(const TrendView& v) {
  if (!v.fail_above_pct) return {};
  return gate_line(trend_gate_options(v), trend_gate_finding(v, false), v.verdict());
}

bool any_artefact(const TrendView& v) {
  return std::any_of(v.trend.series.begin(), v.trend.series.end(),
                     [](const TrendSeries& s) { return s.change_within_writer_artefact; });
}

std::string runs_text(const TrendView& v, const RenderOptions& o) {
  std::vector<FitColumn> c{
      {{"#", Align::right, false, 0}, 0, {}},
      // A time stamp keeps its date and time to the second (16 columns).
      {{"run", Align::left, true, 16, false, true}, 0, {}},
      // Spare first (the repository's counters, the geomean, the counts);
      // the after-time and improvement always stay.
      {{"reports", Align::right, false, 0}, 6, {}},
      {{"operators", Align::right, false, 0}, 5, {}},
      {{"failed", Align::right, false, 0}, 2, {}},
      {{"after µs", Align::right, false, 0}, 0, {}},
      {{"saved µs", Align::right, false, 0}, 1, {}},
      {{"improv.", Align::right, false, 0}, 0, {}},
      {{"geomean", Align::right, false, 0}, 7, {}},
      {{"added", Align::right, false, 0}, 9, {}},
      {{"hit", Align::right, false, 0}, 10, {}},
      {{"unsat.", Align::right, false, 0}, 8, {}},
  };
  std::string problems;
  for (std::size_t i = 0; i < v.trend.runs.size(); ++i) {
    const TrendRun& r = v.trend.runs[i];
    const Totals& t = r.totals;
    const bool ok = r.readable;
    const auto num = [&](std::string s) { return Cell{ok ? std::move(s) : std::string(kNoValue)}; };
    c[0].cells.push_back({run_name(i)});
    c[1].cells.push_back({label_of(r), ok ? Tone::plain : Tone::bad});
    c[2].cells.push_back(num(fmt::format("{}", t.reports)));
    c[3].cells.push_back(num(fmt::format("{}", t.operators)));
    c[4].cells.push_back({ok ? fmt::format("{}", t.failed_operators) : std::string(kNoValue),
                          ok && t.failed_operators > 0 ? Tone::bad : Tone::plain});
    c[5].cells.push_back(num(run_us(t, t.time_after_us)));
    c[6].cells.push_back(num(run_us(t, t.saved_us())));
    c[7].cells.push_back(num(fmt_pct(t.improvement_pct())));
    c[8].cells.push_back(num(fmt_ratio(t.geomean_speedup())));
    c[9].cells.push_back({count_or_none(r.repo_added)});
    c[10].cells.push_back({count_or_none(r.repo_hit)});
    c[11].cells.push_back({count_or_none(r.repo_unsatisfied)});
    if (!ok) {
      problems += prose(o,
                        fmt::format("{} {} could not be read: {}", run_name(i), label_of(r),
                                    escape_text(r.problem.value_or("not readable"))),
                        0, 2, ProseInk::bad);
    } else if (!r.complete) {
      problems += prose(
          o,
          fmt::format("{} {} is cut off: what was complete is counted", run_name(i), label_of(r)),
          0, 2, ProseInk::warn);
    }
    // What the sums leave out and what of the saving is no measurement,
    // in the words of `summary`; wrapped at the width.
    if (ok && t.left_out_operators() > 0) {
      problems += prose(
          o,
          fmt::format(
              "{} {}: {} left out of every sum (a time missing, negative or not finite; ops names "
              "them)",
              run_name(i), label_of(r), plural(t.left_out_operators(), "operator")),
          0, 2, ProseInk::warn);
    }
    if (ok && t.artefact_operators > 0) {
      problems +=
          prose(o,
                fmt::format("{} {}: {} the writer's +1 µs artefact, {} µs of the time saved",
                            run_name(i), label_of(r), plural(t.artefact_operators, "operator"),
                            fmt_us(t.artefact_saved_us)),
                0, 2, ProseInk::dim);
    }
  }
  return render_fitted(c, {}, o.width, o.wide, o.style) + problems;
}

void write_operators_table(std::ostream& out, const TrendView& v, const RenderOptions& o) {
  const std::size_t runs = v.trend.runs.size();
  const bool per_mode = v.trend.grain == TrendGrain::per_mode;
  // The last 8 runs at most. The last run always stays; the others are
  // spare, the oldest left out first to keep the names whole, the previous
  // run last of all spare columns (after the type, first→last and best).
  const std::size_t want_runs = std::min<std::size_t>(runs, 8);
  const std::size_t spark_budget = o.wide ? 0 : std::max<std::size_t>(8, o.width / 4);

  std::vector<FitColumn> c;
  constexpr std::size_t kOperatorMin = 12;
  constexpr std::size_t kChangeWidth = 9;  // prev→last: "-100.00%" and its header
  c.push_back({{"operator", Align::left, true, kOperatorMin}, 0, {}});
  if (per_mode) c.push_back({{"mode", Align::left, true, 6}, 0, {}});
  c.push_back({{"type", Align::left, true, 6}, 8, {}});
  for (std::size_t k = runs - want_runs; k < runs; ++k) {
    const std::size_t age = runs - 1 - k;  // 0: the last run
    const auto rank = age == 0 ? 2U : age == 1 ? kSpareRank : static_cast<unsigned>(9 + age);
    c.push_back({{run_name(k), Align::right, false, 0}, rank, {}});
  }
  const std::size_t spark_col = c.size();
  c.push_back({{"trend", Align::left, false, 0}, 3, {}});
  c.push_back({{"prev→last", Align::right, false, 0}, 0, {}});
  c.push_back({{"first→last", Align::right, false, 0}, 7, {}});
  c.push_back({{"best", Align::right, false, 0}, 6, {}});
  // Flags are values ("missing 4"): kept whole while a spare column or a
  // name can give way, as far as the operator (12), the last run, the
  // sparkline and prev→last leave room; then shortened by whole flags
  // ("failed 1, …"), never inside one; left out (and said) only when even
  // the operator and the last run leave no room.
  // (With --wide nothing is shortened: no need to measure.) Set once the
  // rows are measured (write_fitted's `measured`): the widest flags and
  // the last run's widest cell.
  const std::size_t last_run_col = spark_col - 1;
  const std::size_t flags_col = c.size();
  c.push_back({{"flags", Align::left, true, 11, true}, 1, {}});
  const FitMeasured fit_flags = [&o, runs, per_mode, spark_budget, last_run_col, flags_col](
                                    std::vector<FitColumn>& columns,
                                    const std::vector<std::size_t>& whole) {
    if (o.wide) return;
    const std::size_t beside_flags =
        kOperatorMin + 2 + (per_mode ? 6 + 2 : 0) + whole[last_run_col] + 2 +
        std::min(runs, std::max<std::size_t>(spark_budget, 1)) + 2 + kChangeWidth + 2;
    columns[flags_col].column.min_width = std::max<std::size_t>(
        11, std::min(whole[flags_col], o.width > beside_flags ? o.width - beside_flags : 0));
  };

  // Made a row at a time, on several cores for many rows (write_fitted):
  // reads the view only.
  const FillRow fill = [&v, runs, want_runs, per_mode, spark_col, spark_budget](
                           std::size_t i, std::vector<Cell>& cells) {
    const TrendSeries& s = v.trend.series[i];
    const bool over = i < v.over_limit.size() && v.over_limit[i];
    std::size_t col = 0;
    cells[col++] = {escape_text(shown_name(s.op_name))};
    if (per_mode) cells[col++] = {escape_text(s.mode.value_or(kNoValue)), Tone::dim};
    const std::string types = s.joined_types();
    cells[col++] = {escape_text(types.empty() ? kNoValue : types)};
    for (std::size_t k = runs - want_runs; k < runs; ++k) cells[col++] = point_cell(s.points[k]);
    cells[spark_col] = {sparkline(s, spark_budget), Tone::plain};
    col = spark_col + 1;
    std::string prev = signed_pct(s.change_prev_last_pct, s.change_prev_last_us);
    if (s.change_within_writer_artefact) prev += "*";
    cells[col++] = {prev, over ? Tone::bad : change_tone(s.change_prev_last_us)};
    cells[col++] = {signed_pct(s.change_first_last_pct, s.change_first_last_us),
                    change_tone(s.change_first_last_us)};
    cells[col++] = {s.best_run ? run_name(*s.best_run) : std::string(kNoValue)};
    cells[col] = {flags(s, over), over || s.regressed ? Tone::bad : Tone::warn};
  };
  write_fitted(out, std::move(c), v.trend.series.size(), fill, o.width, o.wide, o.style, 0, {},
               fit_flags);
}

}  // namespace

void write_trend_text(const TrendView& v, const RenderOptions& o, std::ostream& out) {
  out << o.style.bold(fmt::format("Runs ({})", v.trend.runs.size())) << "\n";
  out << runs_text(v, o) << "\n";
  const char* what = v.trend.grain == TrendGrain::per_mode ? "operator modes" : "operators";
  if (v.trend.series.empty()) {
    if (v.matched == 0) {
      out << (v.filtered ? fmt::format("no {} match\n", what)
                         : fmt::format("no {} in any run\n", what));
    }
  } else {
    out << prose(o,
                 o.style.bold(fmt::format("Operators ({} of {}; largest slowdown first)",
                                          v.trend.series.size(), v.matched)),
                 0, 2);
    write_operators_table(out, v, o);
    std::string notes =
        "times: after-tune µs; ✗ failed, · no time in that run; prev→last: against the latest "
        "earlier run with a time";
    if (v.trend.series.size() < v.matched) {
      notes +=
          fmt::format("; {} of {} shown (--top 0 for every one)", v.trend.series.size(), v.matched);
    }
    out << prose(o, notes, 0, 0, ProseInk::dim);
    if (any_artefact(v)) out << prose(o, kTrendArtefactNote, 0, 2, ProseInk::dim);
  }
  if (const std::string g = gate_text(v); !g.empty()) {
    out << prose(o, g, 0, 2, fails(v.verdict()) ? ProseInk::bad : ProseInk::plain);
  }
}

std::string trend_text(const TrendView& v, const RenderOptions& o) {
  std::ostringstream out;
  write_trend_text(v, o, out);
  return std::move(out).str();
}

std::string trend_markdown(const TrendView& v, const RenderOptions& o) {
  std::string out = "## AOE tuning trend\n\n";
  MarkdownTable runs({"#", "run", "operators", "failed", "after µs", "saved µs", "improv.", "added",
                      "hit", "unsat."},
                     {Align::right, Align::left, Align::right, Align::right, Align::right,
                      Align::right, Align::right, Align::right, Align::right, Align::right});
  std::string problems;
  for (std::size_t i = 0; i < v.trend.runs.size(); ++i) {
    const TrendRun& r = v.trend.runs[i];
    const Totals& t = r.totals;
    if (!r.readable) {
      runs.add_row({run_name(i), md_escape(r.label), kNoValue, kNoValue, kNoValue, kNoValue,
                    kNoValue, kNoValue, kNoValue, kNoValue});
      problems += fmt::format("- {} {} could not be read: {}\n", run_name(i), md_escape(r.label),
                              md_escape(r.problem.value_or("not readable")));
      continue;
    }
    runs.add_row({run_name(i), md_escape(r.label), fmt::format("{}", t.operators),
                  fmt::format("{}", t.failed_operators), run_us(t, t.time_after_us),
                  run_us(t, t.saved_us()), fmt_pct(t.improvement_pct()),
                  count_or_none(r.repo_added), count_or_none(r.repo_hit),
                  count_or_none(r.repo_unsatisfied)});
  }
  out += runs.render(remaining(o.markdown_limit_bytes, out.size()));
  if (!problems.empty()) out += "\n" + problems;

  const std::size_t n = v.trend.runs.size();
  const std::size_t shown_runs = std::min<std::size_t>(n, 3);
  const bool per_mode = v.trend.grain == TrendGrain::per_mode;
  std::vector<std::string> headers{"operator"};
  std::vector<Align> aligns{Align::left};
  if (per_mode) {
    headers.emplace_back("mode");
    aligns.push_back(Align::left);
  }
  headers.emplace_back("type");
  aligns.push_back(Align::left);
  for (std::size_t k = n - shown_runs; k < n; ++k) {
    headers.push_back(run_name(k) + " µs");
    aligns.push_back(Align::right);
  }
  for (const char* h : {"trend", "prev→last", "first→last", "best", "flags"}) {
    headers.emplace_back(h);
    aligns.push_back(std::string_view(h) == "trend" || std::string_view(h) == "flags"
                         ? Align::left
                         : Align::right);
  }
  MarkdownTable ops(std::move(headers), std::move(aligns));
  for (std::size_t i = 0; i < v.trend.series.size(); ++i) {
    const TrendSeries& s = v.trend.series[i];
    std::vector<std::string> cells{md_escape(shown_name(s.op_name))};
    if (per_mode) cells.push_back(md_escape(s.mode.value_or(kNoValue)));
    const std::string types = s.joined_types();
    cells.push_back(types.empty() ? kNoValue : md_escape(types));
    for (std::size_t k = n - shown_runs; k < n; ++k) cells.push_back(point_cell(s.points[k]).text);
    cells.push_back(full_sparkline(s));
    std::string prev = signed_pct(s.change_prev_last_pct, s.change_prev_last_us);
    if (s.change_within_writer_artefact) prev += "\\*";
    cells.push_back(prev);
    cells.push_back(signed_pct(s.change_first_last_pct, s.change_first_last_us));
    cells.push_back(s.best_run ? run_name(*s.best_run) : std::string(kNoValue));
    cells.push_back(flags(s, i < v.over_limit.size() && v.over_limit[i]));
    ops.add_row(std::move(cells));
  }
  std::string note;
  if (v.trend.series.size() < v.matched) {
    note += fmt::format("\n_{} of {} shown (--top)._\n", v.trend.series.size(), v.matched);
  }
  if (any_artefact(v)) note += std::string("\n> \\") + kTrendArtefactNote + "\n";
  if (const std::string g = gate_text(v); !g.empty()) note += "\n**" + md_escape(g) + "**\n";
  out += "\n### Operators\n\n";
  if (v.trend.series.empty()) {
    return out + (v.filtered ? "No operator matches.\n" : "No operator in any run.\n") + note;
  }
  out += ops.render(remaining(o.markdown_limit_bytes, out.size() + note.size()));
  return out + note;
}

const OutputTable<TrendView>& trend_outputs() {
  static const OutputTable<TrendView> table(
      "trend", {{Format::text, &write_trend_text, "runs and operators tables"},
                {Format::json, &write_trend_json, "schema version 1"},
                {Format::jsonl, &write_trend_jsonl, "one run × operator per line"},
                {Format::csv, &write_trend_csv, "one run × operator per row"},
                {Format::markdown, &trend_markdown, "for a GitHub step summary"}});
  return table;
}

}  // namespace aoe::cli
