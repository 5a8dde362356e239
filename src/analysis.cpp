// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/analysis.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "aoe_result/natural_order.hpp"

#include "huge_pages.hpp"
#include "operator_times.hpp"
#include "parts_in_parallel.hpp"
#include "permute.hpp"
#include "text_util.hpp"

namespace aoe {

std::optional<double> percent(double part, double whole) noexcept {
  if (!(whole > 0)) return std::nullopt;
  double pct = part * 100.0 / whole;
  // part × 100 beyond a double while the percentage is not: divided first.
  if (!std::isfinite(pct)) pct = part / whole * 100.0;
  if (!std::isfinite(pct)) return std::nullopt;
  return pct;
}

std::optional<double> improvement_pct(double before_us, double after_us) noexcept {
  return percent(before_us - after_us, after_us);
}

std::optional<double> speedup(double before_us, double after_us) noexcept {
  if (!(after_us > 0)) return std::nullopt;
  return before_us / after_us;
}

namespace {

void derive(OperatorFigures& f) {
  if (!f.timed()) return;
  f.saved_us = *f.before_us - *f.after_us;
  f.improvement_pct = improvement_pct(*f.before_us, *f.after_us);
  f.speedup = speedup(*f.before_us, *f.after_us);
}

// The update mode as `figures(mode)` spells it ("" when not written).
std::string_view update_mode_label(const ModeResult& mode) noexcept {
  if (mode.update_mode == UpdateMode::unspecified) return {};
  if (mode.update_mode == UpdateMode::other) return mode.update_mode_raw.view();
  return to_string(mode.update_mode);
}

// `update_mode_label` interned, without a lookup for the known modes.
InternedString interned_update_mode(const ModeResult& mode) {
  static const InternedString kAdd(to_string(UpdateMode::add));
  static const InternedString kUpdate(to_string(UpdateMode::update));
  switch (mode.update_mode) {
    case UpdateMode::add:
      return kAdd;
    case UpdateMode::update:
      return kUpdate;
    case UpdateMode::other:
      return mode.update_mode_raw;
    case UpdateMode::unspecified:
      break;
  }
  return {};
}

// Appends `s` to `joined` with '+' unless it is empty or already one of the
// labels of `modes[0, i)` (an operator has at most a few modes).
template <class Label>
void append_unique(std::string& joined, const std::vector<ModeResult>& modes, std::size_t i,
                   Label label) {
  const std::string_view s = label(modes[i]);
  if (s.empty()) return;
  for (std::size_t j = 0; j < i; ++j) {
    if (label(modes[j]) == s) return;
  }
  if (!joined.empty()) joined += '+';
  joined += s;
}

}  // namespace

std::string_view to_string(LeftOutReason reason) noexcept {
  switch (reason) {
    case LeftOutReason::no_result:
      return "no tuning result";
    case LeftOutReason::no_before_time:
      return "no before-time";
    case LeftOutReason::no_after_time:
      return "no after-time";
    case LeftOutReason::negative_time:
      return "negative time";
    case LeftOutReason::not_finite_time:
      return "time not finite";
  }
  return "no tuning result";
}

namespace {

std::optional<LeftOutReason> time_problem(const std::optional<double>& us, LeftOutReason absent) {
  if (!us) return absent;
  if (!std::isfinite(*us)) return LeftOutReason::not_finite_time;
  if (*us < 0) return LeftOutReason::negative_time;
  return std::nullopt;
}

}  // namespace

std::optional<LeftOutReason> left_out_reason(const ModeResult& mode) noexcept {
  if (auto why = time_problem(mode.before_us, LeftOutReason::no_before_time)) return why;
  return time_problem(mode.after_us, LeftOutReason::no_after_time);
}

std::optional<LeftOutReason> left_out_reason(const Operator& op) noexcept {
  if (op.modes.empty()) return LeftOutReason::no_result;
  for (const ModeResult& m : op.modes) {
    if (auto why = left_out_reason(m)) return why;
  }
  return std::nullopt;
}

bool is_writer_artefact(const ModeResult& mode) noexcept {
  if (mode.update_mode != UpdateMode::update || left_out_reason(mode)) return false;
  // A gain of 0 to 1 µs: the writer's before = after + 1, or no drop. A
  // slower entry is no artefact (`slower-after-tune` says so).
  const double gain_us = *mode.before_us - *mode.after_us;
  return gain_us >= -1e-9 && gain_us <= kWriterArtefactUs + 1e-9;
}

bool is_writer_artefact(const Operator& op) noexcept {
  return !op.modes.empty() &&
         std::all_of(op.modes.begin(), op.modes.end(),
                     [](const ModeResult& m) { return is_writer_artefact(m); });
}

bool within_writer_artefact(double change_us) noexcept {
  return change_us != 0 && std::fabs(change_us) <= kWriterArtefactUs + 1e-9;
}

OperatorFigures figures(const ModeResult& mode) {
  OperatorFigures f;
  f.before_us = mode.before_us;
  f.after_us = mode.after_us;
  f.reported_improvement_pct = mode.reported_improvement_pct;
  f.modes = mode.mode_name;
  f.update_mode = interned_update_mode(mode);
  f.writer_artefact = is_writer_artefact(mode);
  f.left_out = left_out_reason(mode);
  derive(f);
  return f;
}

OperatorFigures internal::times_of(const Operator& op) {
  OperatorFigures f;
  // A mode whose time was not written or not read leaves the largest
  // before-time (smallest after-time) unknown: another mode's is not the
  // operator's.
  bool befores_known = true;
  bool afters_known = true;
  for (const ModeResult& m : op.modes) {
    befores_known = befores_known && m.before_us.has_value();
    afters_known = afters_known && m.after_us.has_value();
    if (m.before_us && (!f.before_us || *m.before_us > *f.before_us)) f.before_us = m.before_us;
    if (m.after_us && (!f.after_us || *m.after_us < *f.after_us)) f.after_us = m.after_us;
  }
  if (!befores_known) f.before_us.reset();
  if (!afters_known) f.after_us.reset();
  if (op.modes.size() == 1) f.reported_improvement_pct = op.modes.front().reported_improvement_pct;
  f.left_out = left_out_reason(op);
  derive(f);
  f.writer_artefact = is_writer_artefact(op);
  return f;
}

OperatorFigures figures(const Operator& op) {
  OperatorFigures f = internal::times_of(op);
  if (op.modes.size() == 1) {  // most operators: the labels as they are, no lookup
    f.modes = op.modes.front().mode_name;
    f.update_mode = interned_update_mode(op.modes.front());
    return f;
  }
  const auto mode_name = [](const ModeResult& m) { return m.mode_name.view(); };
  std::string modes;
  std::string update_mode;
  for (std::size_t i = 0; i < op.modes.size(); ++i) {
    append_unique(modes, op.modes, i, mode_name);
    append_unique(update_mode, op.modes, i, &update_mode_label);
  }
  f.modes = InternedString(modes);
  f.update_mode = InternedString(update_mode);
  return f;
}

std::optional<double> Totals::improvement_pct() const noexcept {
  if (timed_operators == 0) return std::nullopt;
  return aoe::improvement_pct(time_before_us, time_after_us);
}

std::optional<double> Totals::geomean_speedup() const noexcept {
  if (speedup_count == 0) return std::nullopt;
  const double geomean = std::exp(log_speedup_sum / static_cast<double>(speedup_count));
  if (!std::isfinite(geomean)) return std::nullopt;
  return geomean;
}

Totals& Totals::operator+=(const Totals& other) noexcept {
  reports += other.reports;
  operators += other.operators;
  timed_operators += other.timed_operators;
  failed_operators += other.failed_operators;
  time_before_us += other.time_before_us;
  time_after_us += other.time_after_us;
  log_speedup_sum += other.log_speedup_sum;
  speedup_count += other.speedup_count;
  artefact_operators += other.artefact_operators;
  artefact_saved_us += other.artefact_saved_us;
  return *this;
}

void Totals::add(const OperatorFigures& f) noexcept {
  ++operators;
  if (!f.timed()) return;
  ++timed_operators;
  time_before_us += *f.before_us;
  time_after_us += *f.after_us;
  if (f.writer_artefact) {
    ++artefact_operators;
    artefact_saved_us += *f.before_us - *f.after_us;
  }
  if (f.speedup && *f.speedup > 0) {
    log_speedup_sum += std::log(*f.speedup);
    ++speedup_count;
  }
}

Totals totals(const Report& report) {
  Totals t;
  t.reports = 1;
  t.failed_operators = unique_failed_operators(report).size();
  for (const Operator& op : report.operators) t.add(internal::times_of(op));
  return t;
}

Totals totals(const ResultFile& file) {
  Totals t;
  for (const Report& r : file.reports) t += totals(r);
  return t;
}

std::optional<double> model_improvement_pct(const ModelPerformance& model) noexcept {
  if (model.baseline_ms && model.result_ms) {
    // Times that give no finite percentage give none: the written value
    // is not taken for it.
    if (*model.result_ms > 0) return improvement_pct(*model.baseline_ms, *model.result_ms);
  }
  return model.reported_improvement_pct;
}

namespace {

// Rows are cheap to make and to rank: a thread earns its start only on
// this many of them.
constexpr std::size_t kRowsPerThread = 50000;

// The parts `rows` rows are shared out in, on up to `threads` threads.
std::size_t row_parts(std::size_t rows, unsigned threads) noexcept {
  return std::min<std::size_t>(std::max(threads, 1U),
                               std::max<std::size_t>(rows / kRowsPerThread, 1));
}

std::size_t row_count(const Report& report, RowGrain grain) noexcept {
  if (grain == RowGrain::per_operator) return report.operators.size();
  std::size_t count = 0;
  for (const Operator& op : report.operators) count += op.modes.size();
  return count;
}

}  // namespace

std::vector<OperatorRow> operator_rows(const ResultFile& file, RowGrain grain) {
  return operator_rows(file, grain, 1);
}

std::vector<OperatorRow> operator_rows(const ResultFile& file, RowGrain grain, unsigned threads) {
  // Reserved to the exact count: a vector left to grow would hold up to
  // twice the rows while it last moves them (a row per operator adds up).
  std::vector<std::size_t> first_row(file.reports.size() + 1, 0);  // each report's first row
  for (std::size_t r = 0; r < file.reports.size(); ++r) {
    first_row[r + 1] = first_row[r] + row_count(file.reports[r], grain);
  }
  const std::size_t count = first_row.back();
  std::vector<OperatorRow> rows;
  rows.reserve(count);
  internal::advise_huge_pages(rows.data(), rows.capacity() * sizeof(OperatorRow));
  const std::size_t parts =
      std::min(row_parts(count, threads), std::max<std::size_t>(file.reports.size(), 1));
  if (parts <= 1) {
    for_each_row(file, grain, [&rows](const OperatorRow& made) { rows.push_back(made); });
    return rows;
  }
  // Each part makes the rows of whole reports, about count / parts rows,
  // in their places. The rows exist first (made empty here, on this
  // thread: a vector has no room that is not yet a row; their pages first
  // touched on every part's thread), then are written.
  internal::zero_storage_in_parallel(rows.data(), count * sizeof(OperatorRow), parts);
  rows.resize(count);
  std::vector<std::size_t> part_report(parts + 1, file.reports.size());
  part_report[0] = 0;
  for (std::size_t k = 1, r = 0; k < parts; ++k) {
    while (r < file.reports.size() && first_row[r] < count * k / parts) ++r;
    part_report[k] = r;
  }
  internal::run_parts_in_parallel(parts, [&](std::size_t k) {
    for (std::size_t r = part_report[k]; r < part_report[k + 1]; ++r) {
      OperatorRow* out = rows.data() + first_row[r];
      for_each_row(file, file.reports[r], grain,
                   [&out](const OperatorRow& made) { *out++ = made; });
    }
  });
  return rows;
}

void sort_rows(std::vector<OperatorRow>& rows, SortKey key) { sort_rows(rows, key, 0, 1); }

void sort_rows(std::vector<OperatorRow>& rows, SortKey key, std::size_t keep) {
  sort_rows(rows, key, keep, 1);
}

void sort_rows(std::vector<OperatorRow>& rows, SortKey key, std::size_t keep, unsigned threads) {
  const auto number = [key](const OperatorRow& row) -> std::optional<double> {
    const OperatorFigures& f = row.figures;
    switch (key) {
      case SortKey::saved:
        return f.saved_us;
      case SortKey::improvement:
        return f.improvement_pct;
      case SortKey::before:
        return f.before_us;
      case SortKey::after:
        return f.after_us;
      default:
        return std::nullopt;
    }
  };
  // What is compared, one small record per row, so that the sort reads a
  // compact array rather than the rows: the number as one whole number
  // whose order is the sort's (below) and the row's place. Names in natural
  // order (Conv_7 before Conv_10) decide every tie, then the place: a total
  // order, so that a partial sort for the first `keep` gives what the whole
  // sort gives, and both are stable.
  struct Keyed {  // 16 bytes
    std::uint64_t order;
    std::uint32_t index;
  };
  const bool numeric = key != SortKey::name && key != SortKey::type;
  if (rows.size() >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("sort_rows: more rows than a 32-bit index holds");
  }
  // Larger numbers first, rows without one (or with a NaN) last: the
  // double's bits made unsigned in the doubles' order (negative ones flipped
  // whole, the sign bit of the others set), then turned round. No number
  // gives the largest whole number, which rows without one get. -0 is 0
  // (they compare equal).
  const auto order_of = [](const std::optional<double>& v) -> std::uint64_t {
    constexpr std::uint64_t kSign = std::uint64_t{1} << 63U;
    if (!v || std::isnan(*v)) return std::numeric_limits<std::uint64_t>::max();
    const auto bits = std::bit_cast<std::uint64_t>(*v + 0.0);
    const std::uint64_t ascending = (bits & kSign) != 0 ? ~bits : bits | kSign;
    return ~ascending;
  };
  // Parts of the rows, each ranked (and, for a whole sort, sorted) on a
  // thread of its own.
  const std::size_t parts = row_parts(rows.size(), threads);
  const auto part_begin = [&](std::size_t k) { return rows.size() * k / parts; };
  std::vector<Keyed> keyed(rows.size());
  const auto rank = [&](std::size_t k) {
    for (std::size_t i = part_begin(k); i < part_begin(k + 1); ++i) {
      keyed[i] = {numeric ? order_of(number(rows[i])) : 0, static_cast<std::uint32_t>(i)};
    }
  };
  const auto less = [&](const Keyed& a, const Keyed& b) {
    if (a.order != b.order) return a.order < b.order;
    const OperatorRow& ra = rows[a.index];
    const OperatorRow& rb = rows[b.index];
    if (key == SortKey::type) {
      const std::string ta = joined_types(*ra.op);
      const std::string tb = joined_types(*rb.op);
      if (ta != tb) return natural_less(ta, tb);
    }
    const int names = natural_compare(ra.op->name, rb.op->name);
    return names != 0 ? names < 0 : a.index < b.index;
  };
  if (keep > 0 && keep < rows.size()) {
    internal::run_parts_in_parallel(parts, rank);
    std::partial_sort(keyed.begin(), keyed.begin() + static_cast<std::ptrdiff_t>(keep), keyed.end(),
                      less);
    std::vector<OperatorRow> first;
    first.reserve(keep);
    for (std::size_t k = 0; k < keep; ++k) first.push_back(rows[keyed[k].index]);
    rows = std::move(first);
    return;
  }
  const auto at = [&keyed](std::size_t i) {
    return keyed.begin() + static_cast<std::ptrdiff_t>(i);
  };
  internal::run_parts_in_parallel(parts, [&](std::size_t k) {
    rank(k);
    std::sort(at(part_begin(k)), at(part_begin(k + 1)), less);
  });
  // The sorted parts merged in pairs, then pairs of pairs (each row moved
  // log2(parts) times): the order is total, so the merge gives what one
  // sort of every row gives.
  for (std::size_t width = 1; width < parts; width *= 2) {
    for (std::size_t k = 0; k + width < parts; k += 2 * width) {
      std::inplace_merge(at(part_begin(k)), at(part_begin(k + width)),
                         at(part_begin(std::min(k + 2 * width, parts))), less);
    }
  }
  internal::apply_order(rows, keyed, [](Keyed& k) -> std::uint32_t& { return k.index; });
}

namespace {

bool mode_is(const ModeResult& m, std::string_view wanted) {
  return equal_ignoring_case(mode_label(m), wanted);
}

}  // namespace

bool matches(const OperatorRow& row, const RowFilter& filter) {
  const Operator& op = *row.op;
  if (!filter.types.empty()) {
    const std::string joined = joined_types(op);
    // AOE's own spelling of a fused type, as `retune --by-type` writes it
    // into tune_ops_type: the types joined by "__" (Conv2D__Relu).
    std::string aoe_joined;
    for (const std::string& own : op.types) aoe_joined += (aoe_joined.empty() ? "" : "__") + own;
    const bool any =
        std::any_of(filter.types.begin(), filter.types.end(), [&](const std::string& t) {
          return equal_ignoring_case(joined, t) || equal_ignoring_case(aoe_joined, t) ||
                 std::any_of(op.types.begin(), op.types.end(),
                             [&](const std::string& own) { return equal_ignoring_case(own, t); });
        });
    if (!any) return false;
  }
  if (filter.name && !std::regex_search(op.name, *filter.name)) return false;
  if (filter.mode) {
    const bool any = row.mode != nullptr
                         ? mode_is(*row.mode, *filter.mode)
                         : std::any_of(op.modes.begin(), op.modes.end(), [&](const ModeResult& m) {
                             return mode_is(m, *filter.mode);
                           });
    if (!any) return false;
  }
  if (filter.min_improvement_pct) {
    const auto& pct = row.figures.improvement_pct;
    if (!pct || *pct < *filter.min_improvement_pct) return false;
  }
  return true;
}

void filter_rows(std::vector<OperatorRow>& rows, const RowFilter& filter) {
  rows.erase(std::remove_if(rows.begin(), rows.end(),
                            [&](const OperatorRow& r) { return !matches(r, filter); }),
             rows.end());
}

}  // namespace aoe
