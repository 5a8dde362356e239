// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/trend.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "permute.hpp"
#include "string_hash.hpp"

namespace aoe {

namespace {

std::optional<std::string> first_problem(const ResultFile& file) {
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity != Severity::error) continue;
    if (d.line && d.column) return fmt::format("{}:{}: {}", *d.line, *d.column, d.message);
    if (d.line) return fmt::format("{}: {}", *d.line, d.message);
    return d.message;
  }
  return std::string("not readable");
}

void add_counter(std::optional<std::int64_t>& sum, const std::optional<std::int64_t>& v) {
  if (!v) return;
  sum = sum.value_or(0) + *v;
}

TrendRun make_run(const ResultFile& file, std::string label) {
  TrendRun run;
  run.label = label.empty() ? file.path : std::move(label);
  run.file = file.path;
  run.readable = file.readable;
  run.complete = file.complete;
  if (!file.readable) {
    run.problem = first_problem(file);
    return run;
  }
  run.totals = totals(file);
  for (const Report& r : file.reports) {
    if (!r.repo_summary) continue;
    add_counter(run.repo_added, r.repo_summary->add_num);
    add_counter(run.repo_hit, r.repo_summary->hit_num);
    add_counter(run.repo_unsatisfied, r.repo_summary->unsatisfied_num);
  }
  return run;
}

// The series by name and mode, in order of first appearance. Looked up by
// the operator's name without building a key (a run of 3,000 operators is
// 3,000 lookups, 100 runs 300,000), then along the name's few modes. The
// keys are views of the names in the files being read, which outlive the
// table (a series' own name moves when the series vector grows).
class SeriesTable {
 public:
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  SeriesTable(std::size_t runs, std::size_t expected) : runs_(runs) {
    series_.reserve(expected);
    next_.reserve(expected);
    first_.reserve(expected);
  }

  /// The series of `name` (a view into a file being read) and `mode`, made
  /// when new.
  TrendSeries& at(std::string_view name, std::optional<std::string>&& mode) {
    const auto [it, added] = first_.try_emplace(name, series_.size());
    std::size_t id = it->second;
    if (!added) {
      for (;;) {
        if (series_[id].mode == mode) return series_[id];
        if (next_[id] == kNone) break;
        id = next_[id];
      }
      next_[id] = series_.size();
    }
    TrendSeries& s = series_.emplace_back();
    s.op_name = name;
    s.mode = std::move(mode);
    s.points.resize(runs_);
    next_.push_back(kNone);
    return s;
  }

  /// The first series of `name` (any mode), or `kNone`; `next(id)` the one
  /// after it of the same name.
  [[nodiscard]] std::size_t first(std::string_view name) const {
    const auto it = first_.find(name);
    return it == first_.end() ? kNone : it->second;
  }
  [[nodiscard]] std::size_t next(std::size_t id) const { return next_[id]; }

  void mark_failed(std::size_t id, std::size_t run) { series_[id].points[run].failed = true; }

  std::vector<TrendSeries> take() { return std::move(series_); }

 private:
  std::size_t runs_;
  std::vector<TrendSeries> series_;
  std::vector<std::size_t> next_;  // per series: the next of the same name, or kNone
  std::unordered_map<std::string_view, std::size_t, internal::StringHash, std::equal_to<>> first_;
};

// An operator that does not count (`OperatorFigures::left_out`) is
// present, but its times are in no change, best run or gate.
void set_point(TrendPoint& p, const OperatorFigures& f) {
  p.present = true;
  if (!f.timed()) return;
  p.before_us = f.before_us;
  p.after_us = f.after_us;
  p.improvement_pct = f.improvement_pct;
}

// Each run's point marked newly failed or fixed against the latest earlier
// run that has the name; the series' counts of them.
void mark_failures(TrendSeries& s) {
  std::optional<bool> was_failed;  // in the latest run so far that has the name
  bool tuned_before = false;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    TrendPoint& p = s.points[i];
    const bool tuned = p.present && !p.failed;
    p.newly_failed = p.failed && was_failed == false;
    p.fixed = tuned && was_failed == true;
    s.newly_failed_runs += p.newly_failed ? 1 : 0;
    s.fixed_runs += p.fixed ? 1 : 0;
    if (i + 1 == s.points.size()) s.failed_last_after_tuned = p.failed && tuned_before;
    if (p.present || p.failed) was_failed = p.failed;
    tuned_before = tuned_before || tuned;
  }
}

void derive(TrendSeries& s, const std::vector<TrendRun>& runs) {
  mark_failures(s);
  const std::size_t n = s.points.size();
  for (std::size_t i = 0; i < n; ++i) {
    const TrendPoint& p = s.points[i];
    if (p.failed) ++s.failed_runs;
    if (runs[i].readable && !p.present && !p.failed) ++s.missing_runs;
    if (!p.after_us) continue;
    if (!s.first_run) s.first_run = i;
    if (!s.best_run || *p.after_us < *s.points[*s.best_run].after_us) s.best_run = i;
  }
  const std::optional<double> last = s.last_after_us();
  if (!last) return;
  for (std::size_t i = n - 1; i-- > 0;) {
    if (s.points[i].after_us) {
      s.previous_run = i;
      break;
    }
  }
  const auto pct = [](double from, double to) { return percent(to - from, from); };
  if (s.first_run && *s.first_run + 1 < n) {
    const double first = *s.points[*s.first_run].after_us;
    s.change_first_last_us = *last - first;
    s.change_first_last_pct = pct(first, *last);
  }
  if (s.previous_run) {
    const double previous = *s.points[*s.previous_run].after_us;
    const double change = *last - previous;
    s.change_prev_last_us = change;
    s.change_prev_last_pct = pct(previous, *last);
    s.change_within_writer_artefact = within_writer_artefact(change);
  }
  if (s.best_run) s.regressed = *last - *s.points[*s.best_run].after_us > kWriterArtefactUs + 1e-9;
}

}  // namespace

std::string TrendSeries::joined_types() const {
  std::string out;
  for (const std::string& t : op_types) {
    if (!out.empty()) out += '+';
    out += t;
  }
  return out;
}

Trend trend(const std::vector<ResultFile>& files, const std::vector<std::string>& labels,
            const TrendSpec& options) {
  Trend t;
  t.grain = options.grain;
  t.runs.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    t.runs.push_back(make_run(files[i], i < labels.size() ? labels[i] : std::string()));
  }

  std::size_t expected = 0;  // series: the operators of the largest run, a hint
  for (const ResultFile& file : files) {
    std::size_t operators = 0;
    for (const Report& r : file.reports) operators += r.operators.size();
    expected = std::max(expected, operators);
  }
  SeriesTable table(files.size(), expected);
  const RowGrain grain =
      options.grain == TrendGrain::per_mode ? RowGrain::per_mode : RowGrain::per_operator;
  std::vector<std::pair<std::size_t, const std::string*>> failed;  // (run, name)
  for (std::size_t run = 0; run < files.size(); ++run) {
    const ResultFile& file = files[run];
    if (!file.readable) continue;
    for_each_row(file, grain, [&](const OperatorRow& row) {
      if (!matches(row, options.filter)) return;
      const Operator& op = *row.op;
      TrendSeries& s = row.mode != nullptr
                           ? table.at(op.name, std::optional<std::string>(mode_label(*row.mode)))
                           : table.at(op.name, std::nullopt);
      set_point(s.points[run], row.figures);
      s.op_types = op.types;
    });
    for (const Report& r : file.reports) {
      for (const std::string& name : r.failed_operators) failed.emplace_back(run, &name);
    }
  }
  // Failed names, once every series exists: marked on every series of the
  // name (each of its modes); a name with none gets its own (no type, no
  // mode). A type, mode or improvement condition cannot hold for such a
  // name; a name condition is applied.
  const RowFilter& f = options.filter;
  for (const auto& [run, name] : failed) {
    std::size_t id = table.first(*name);
    if (id == SeriesTable::kNone) {
      if (!f.types.empty() || f.mode || f.min_improvement_pct) continue;
      if (f.name && !std::regex_search(*name, *f.name)) continue;
      (void)table.at(*name, std::nullopt);
      id = table.first(*name);
    }
    for (; id != SeriesTable::kNone; id = table.next(id)) table.mark_failed(id, run);
  }
  t.series = table.take();
  for (TrendSeries& s : t.series) derive(s, t.runs);
  sort_series(t.series);
  return t;
}

void sort_series(std::vector<TrendSeries>& series) {
  // Ranked once each, sorted as (rank, index) records, then moved into
  // place (permute.hpp): no temporary copy of every series.
  struct Ranked {
    double rank;  // meaningful when `ranked`
    bool ranked;
    std::size_t index;
  };
  std::vector<Ranked> order;
  order.reserve(series.size());
  for (std::size_t i = 0; i < series.size(); ++i) {
    const TrendSeries& s = series[i];
    if (!s.change_prev_last_us) {
      order.push_back({0.0, false, i});
    } else if (s.change_prev_last_pct) {
      order.push_back({*s.change_prev_last_pct, true, i});
    } else {
      // From a previous time of 0: a slowdown without a percentage.
      const double rank =
          *s.change_prev_last_us > 0 ? std::numeric_limits<double>::infinity() : 0.0;
      order.push_back({rank, true, i});
    }
  }
  std::stable_sort(order.begin(), order.end(), [](const Ranked& a, const Ranked& b) {
    if (a.ranked && b.ranked) return a.rank > b.rank;
    return a.ranked && !b.ranked;
  });
  internal::apply_order(series, order, [](Ranked& r) -> std::size_t& { return r.index; });
}

bool over_limit(const TrendSeries& s, double max_slowdown_pct, bool ignore_artefacts) noexcept {
  if (s.failed_last_after_tuned) return true;
  if (!s.change_prev_last_us || !(*s.change_prev_last_us > 0)) return false;
  if (ignore_artefacts && s.change_within_writer_artefact) return false;
  return !s.change_prev_last_pct || *s.change_prev_last_pct > max_slowdown_pct;
}

std::vector<const TrendSeries*> over_limit(const Trend& t, double max_slowdown_pct,
                                           bool ignore_artefacts) {
  std::vector<const TrendSeries*> out;
  for (const TrendSeries& s : t.series) {
    if (over_limit(s, max_slowdown_pct, ignore_artefacts)) out.push_back(&s);
  }
  return out;
}

bool judgeable(const Trend& t) noexcept {
  return std::any_of(t.series.begin(), t.series.end(), [](const TrendSeries& s) {
    return s.change_prev_last_us.has_value() || s.failed_last_after_tuned;
  });
}

std::size_t runs_with_operators(const Trend& t) noexcept {
  std::size_t n = 0;
  for (std::size_t run = 0; run < t.runs.size(); ++run) {
    const bool held = std::any_of(t.series.begin(), t.series.end(), [run](const TrendSeries& s) {
      return s.points[run].present || s.points[run].failed;
    });
    if (held) ++n;
  }
  return n;
}

std::vector<std::optional<unsigned>> sparkline_levels(
    const std::vector<std::optional<double>>& values, unsigned levels) {
  std::vector<std::optional<unsigned>> out(values.size());
  if (levels == 0) levels = 1;
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (const auto& v : values) {
    if (!v || !std::isfinite(*v)) continue;
    lo = std::min(lo, *v);
    hi = std::max(hi, *v);
  }
  const unsigned top = levels - 1;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto& v = values[i];
    if (!v || !std::isfinite(*v)) continue;
    if (!(hi > lo)) {
      out[i] = top / 2;
      continue;
    }
    const double scaled = (*v - lo) / (hi - lo) * static_cast<double>(top);
    out[i] = std::min(top, static_cast<unsigned>(std::lround(scaled)));
  }
  return out;
}

}  // namespace aoe
