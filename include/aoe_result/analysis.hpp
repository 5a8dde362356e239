// SPDX-License-Identifier: Apache-2.0
/// @file
/// The numbers: per-operator figures and per-report totals, by the rules of
/// the CLI contract ("Numbers"). Every ratio that would divide by zero is
/// `nullopt` ("no value"), never inf or NaN.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe {

/// `part` as a percentage of `whole`: part × 100 / whole, multiplied first
/// so that for whole numbers of µs the result is the correctly rounded
/// percentage (40 of 60 → 66.66666666666667, not ...666 as part / whole ×
/// 100 gives; divided first when part × 100 is beyond a double). `nullopt`
/// when `whole` is 0 or less, or when the result is not a finite number
/// (a time near a double's limit, 1.8e308 µs, or a sum of such times: JSON
/// has no infinity, and text and JSON say the same).
/// Every percentage of the library is computed with it, so that JSON and
/// CSV agree to the digit.
[[nodiscard]] std::optional<double> percent(double part, double whole) noexcept;

/// AOE's improvement formula, in percent: (before − after) / after × 100.
/// It is the speed-up minus one (124 µs → 14 µs is 785.71 %), not
/// (before − after) / before. `nullopt` when `after_us` is 0 or less or
/// the result is not finite (`percent`).
[[nodiscard]] std::optional<double> improvement_pct(double before_us, double after_us) noexcept;

/// before / after; `nullopt` when `after_us` is 0 or less.
[[nodiscard]] std::optional<double> speedup(double before_us, double after_us) noexcept;

/// Why an operator (or one tuning-mode result of it) is left out of every
/// sum, geometric mean and percentage: one of its times is not a usable
/// measurement. The rule is the same in every command (docs/format.md,
/// "Which operators count").
enum class LeftOutReason : std::uint8_t {
  no_result,        ///< the operator has no tuning-mode result at all
  no_before_time,   ///< `performance_before_tune(us)` absent or unusable
  no_after_time,    ///< `performance_after_tune(us)` absent or unusable
  negative_time,    ///< a time below 0 (`check`: `negative-time`)
  not_finite_time,  ///< a time that is infinite or NaN (a model built in code)
};

/// "no tuning result", "no before-time", "no after-time", "negative time",
/// "time not finite": the words every output says a reason with.
[[nodiscard]] std::string_view to_string(LeftOutReason reason) noexcept;

/// Why `mode` does not count, or `nullopt` when it does: both times
/// present (every CANN version writes both), finite and not below 0. The
/// before-time is judged first. Never throws.
[[nodiscard]] std::optional<LeftOutReason> left_out_reason(const ModeResult& mode) noexcept;

/// Why `op` does not count, or `nullopt` when it does: an operator counts
/// when it has at least one tuning-mode result and every one of them counts
/// (its figures are the largest before- and smallest after-time over its
/// modes, so one bad mode would falsify them). The reason is that of its
/// first mode that does not count. Never throws.
[[nodiscard]] std::optional<LeftOutReason> left_out_reason(const Operator& op) noexcept;

/// The figures of one operator (or of one tuning mode of it).
struct OperatorFigures {
  /// µs. For an operator: the largest before-time over its modes.
  /// `nullopt` when a mode's before-time was not written or not read (a
  /// number beyond a double's range): the largest is then unknown, and
  /// another mode's is not the operator's.
  std::optional<double> before_us;
  /// µs. For an operator: the smallest after-time over its modes; `nullopt`
  /// likewise.
  std::optional<double> after_us;
  std::optional<double> saved_us;         ///< before − after, µs
  std::optional<double> improvement_pct;  ///< `improvement_pct(before, after)`
  std::optional<double> speedup;          ///< before / after
  /// The improvement written in the file: for one mode its value; for an
  /// operator only when it has exactly one mode.
  std::optional<double> reported_improvement_pct;
  /// Mode names joined by `+` ("Format+Schedule"); "" for flat entries.
  /// Interned (reads like `const std::string&`): a row per operator stays small.
  InternedString modes;
  /// Update modes joined by `+` when they differ ("add", "add+update"); interned.
  InternedString update_mode;
  /// The gain shown is the writer's +1 µs artefact, not a measurement. For
  /// one mode: `is_writer_artefact(mode)`. For an operator:
  /// `is_writer_artefact(op)`, every one of its modes is such an entry.
  bool writer_artefact = false;
  /// Why the operator (or mode) is left out of every sum, geomean and
  /// percentage (`left_out_reason`); `nullopt` when it counts. A row that
  /// is left out still shows the times as read, but no saved time,
  /// improvement or speed-up.
  std::optional<LeftOutReason> left_out;

  /// True when the operator (or mode) counts: both times known and usable
  /// (`left_out` is `nullopt`). Only such figures are summed.
  [[nodiscard]] bool timed() const noexcept { return before_us && after_us && !left_out; }
};

/// The most, in µs, that AOE's writer adds to a before-tune time: when the
/// repository was updated but the measured time did not drop, it stores
/// before = after + 1 (format.md, "Numbers"; every CANN version).
inline constexpr double kWriterArtefactUs = 1.0;

/// Whether `mode` may hold the writer's +1 µs artefact instead of a
/// measured gain: an entry with update mode `update` (a 6.3+ `update_mode`,
/// or the 6.0.1/6.2 `update_repo_operators` list) whose before − after is
/// from 0 to `kWriterArtefactUs` (1e-9 µs of slack either way for
/// decimals). False when the mode does not count (`left_out_reason`), when
/// the policy was added (`add`), since then the writer stores what it
/// measured, and when the after-tune time is above the before-tune time: a
/// slower entry is not the writer's +1 µs (check's `slower-after-tune`).
/// Never throws.
[[nodiscard]] bool is_writer_artefact(const ModeResult& mode) noexcept;

/// The one artefact rule for an operator, used by every command (`ops` in
/// every format, `ops --group-by`, `check`'s one `writer-artefact` finding,
/// `summary`, `report`, `trend`): the operator counts and EVERY one of its
/// modes is `is_writer_artefact` (Format 10 → 9.5 and Schedule 12 → 11.2
/// is one artefact, although its largest before − smallest after is 2.5
/// µs: no mode measured a gain). An operator with one mode of a measured
/// gain is no artefact. Never throws.
[[nodiscard]] bool is_writer_artefact(const Operator& op) noexcept;

/// Whether a change of an after-time between two runs, `change_us` (new −
/// old), is small enough to be the writer's artefact alone: not 0 and at
/// most `kWriterArtefactUs` either way (1e-9 µs of slack). `trend` and
/// `diff` mark such changes. Never throws.
[[nodiscard]] bool within_writer_artefact(double change_us) noexcept;

/// Figures of an operator over all its tuning modes (before = largest
/// before-time, after = smallest after-time).
[[nodiscard]] OperatorFigures figures(const Operator& op);

/// Figures of one tuning-mode result.
[[nodiscard]] OperatorFigures figures(const ModeResult& mode);

/// Sums over operators. Adding two `Totals` gives the totals of both; the
/// ratios are derived from the sums.
struct Totals {
  std::size_t reports = 0;    ///< reports counted
  std::size_t operators = 0;  ///< operators listed (counted or left out)
  /// Operators that count (`OperatorFigures::timed`): the only ones in the
  /// sums, the geomean and the percentages. `operators − timed_operators`
  /// are left out (`left_out_operators`).
  std::size_t timed_operators = 0;
  std::size_t failed_operators = 0;  ///< failed names, de-duplicated per report
  double time_before_us = 0;         ///< Σ operator before-times, µs
  double time_after_us = 0;          ///< Σ operator after-times, µs
  double log_speedup_sum = 0;        ///< Σ ln(speed-up) over `speedup_count` operators
  std::size_t speedup_count = 0;     ///< operators with a speed-up > 0
  /// Timed operators whose gain may be the writer's +1 µs artefact
  /// (`OperatorFigures::writer_artefact`); they are counted in the sums too.
  std::size_t artefact_operators = 0;
  /// Σ saved time (before − after) of those operators, µs: how much of
  /// `saved_us()` is the writer's artefact rather than a measured gain.
  double artefact_saved_us = 0;

  /// Operators listed but left out of every sum (`left_out_reason`).
  [[nodiscard]] std::size_t left_out_operators() const noexcept {
    return operators - timed_operators;
  }
  /// Adds one operator: counts it, and when it counts (`f.timed()`) adds
  /// its times, its speed-up and, for an artefact, its saved time. Every
  /// sum of operators (`totals`, `ops --group-by`) is made with it.
  void add(const OperatorFigures& f) noexcept;
  /// time_before_us − time_after_us, µs.
  [[nodiscard]] double saved_us() const noexcept { return time_before_us - time_after_us; }
  /// AOE's formula over the sums; `nullopt` when no operator is timed, the
  /// after-time sum is 0 or a sum is not finite (it overflowed a double).
  [[nodiscard]] std::optional<double> improvement_pct() const noexcept;
  /// Geometric mean of the operators' speed-ups; `nullopt` when none or
  /// when it is not finite.
  [[nodiscard]] std::optional<double> geomean_speedup() const noexcept;

  Totals& operator+=(const Totals& other) noexcept;
};

/// Totals of one report (`reports == 1`).
[[nodiscard]] Totals totals(const Report& report);

/// Totals over every report of a file.
[[nodiscard]] Totals totals(const ResultFile& file);

/// Model-level improvement: (baseline − result) / result × 100 from the
/// times when both are there and the result is above 0 (`nullopt` when
/// that is not finite), else the value written in the file.
[[nodiscard]] std::optional<double> model_improvement_pct(const ModelPerformance& model) noexcept;

/// One row per operator, or per tuning mode of each operator.
enum class RowGrain { per_operator, per_mode };

/// An operator (or one of its modes) with its figures, pointing into the
/// model it came from (which must outlive the row).
struct OperatorRow {
  const ResultFile* file = nullptr;
  const Report* report = nullptr;
  const Operator* op = nullptr;
  const ModeResult* mode = nullptr;  ///< set only for `RowGrain::per_mode`
  OperatorFigures figures;
};

/// Calls `visit(row)` with the rows of `op`, an operator of `report` (one
/// of `file`'s reports; `op` need not be kept in it: an operator handed over
/// as read, `ReadOptions::on_operator`): one row, or one per tuning mode in
/// file order, with its figures. `row` is a `const OperatorRow&` to one
/// object reused from call to call: copy it to keep it. What `visit` throws
/// is let through.
template <class Visit>
void for_each_row(const ResultFile& file, const Report& report, const Operator& op, RowGrain grain,
                  Visit&& visit) {
  OperatorRow row;
  row.file = &file;
  row.report = &report;
  row.op = &op;
  if (grain == RowGrain::per_operator) {
    row.figures = figures(op);
    visit(static_cast<const OperatorRow&>(row));
    return;
  }
  for (const ModeResult& m : op.modes) {
    row.mode = &m;
    row.figures = figures(m);
    visit(static_cast<const OperatorRow&>(row));
  }
}

/// Calls `visit(row)` with each row of `report` (one of `file`'s reports)
/// in file order: `for_each_row` of each of its operators.
template <class Visit>
void for_each_row(const ResultFile& file, const Report& report, RowGrain grain, Visit&& visit) {
  for (const Operator& op : report.operators) for_each_row(file, report, op, grain, visit);
}

/// Calls `visit(row)` with each row of `file` in file order (the rows of
/// `operator_rows`, without a vector to hold them): `for_each_row` of each
/// of its reports.
template <class Visit>
void for_each_row(const ResultFile& file, RowGrain grain, Visit&& visit) {
  for (const Report& r : file.reports) for_each_row(file, r, grain, visit);
}

/// The rows of every operator of `file`, in file order (`for_each_row`).
[[nodiscard]] std::vector<OperatorRow> operator_rows(const ResultFile& file, RowGrain grain);

/// `operator_rows(file, grain)` made on up to `threads` threads at once,
/// one per 50,000 rows and per report at most (the reports shared out by
/// their rows; the calling thread is one of them, and without a thread to
/// be had it makes every row): the same rows in the same order. 0 and 1:
/// the calling thread alone. What a thread throws (`std::bad_alloc`) is
/// rethrown.
[[nodiscard]] std::vector<OperatorRow> operator_rows(const ResultFile& file, RowGrain grain,
                                                     unsigned threads);

/// Row orders (`ops --sort`): numbers descending, names ascending in
/// natural order (`natural_order.hpp`: Conv_7 before Conv_10); rows without
/// a value (or with a NaN) last; ties (-0 and 0 are one) are ordered by
/// name (naturally), then keep file order.
enum class SortKey { saved, improvement, before, after, name, type };

/// Sorts `rows` in place by `key` (stable).
void sort_rows(std::vector<OperatorRow>& rows, SortKey key);

/// Keeps the first `keep` rows of `sort_rows(rows, key)`, in that order
/// (all of them when `keep` is 0 or not less than the number of rows).
/// Faster than sorting everything when `keep` is small (`ops --top N`,
/// show's top operators), and it never copies every row. Both overloads
/// throw `std::length_error` for 2^32 - 1 rows or more.
void sort_rows(std::vector<OperatorRow>& rows, SortKey key, std::size_t keep);

/// `sort_rows(rows, key, keep)` with its work shared by up to `threads`
/// threads, one per 50,000 rows at most: the rows are ranked in parts at
/// once; for a whole sort (`keep` 0 or not less than the rows) each part is
/// sorted on its thread and the sorted parts are merged, while the first
/// `keep` are chosen on the calling thread. The same order, which is
/// total, whatever the number of threads. 0 and 1: the calling thread
/// alone. Throws `std::length_error` as the others do; what a thread
/// throws (`std::bad_alloc`) is rethrown.
void sort_rows(std::vector<OperatorRow>& rows, SortKey key, std::size_t keep, unsigned threads);

/// Which rows to keep (`ops --type/--name/--mode/--min-improvement`). Every
/// condition that is set must hold; an empty filter keeps every row.
struct RowFilter {
  /// `--type T` (repeatable): keep an operator one of whose types, or its
  /// types joined by `+` ("Conv2D+Relu") or by `__` ("Conv2D__Relu", the
  /// spelling of `retune --by-type` and of AOE's fused-operator files),
  /// equals one of these, ignoring case. Empty: any type.
  std::vector<std::string> types;
  /// `--name REGEX`: keep an operator whose name contains a match
  /// (`std::regex_search`, ECMAScript grammar). `nullopt`: any name.
  std::optional<std::regex> name;
  /// `--mode M` ("Format", "Schedule", "Impl", ignoring case): a per-mode
  /// row is kept when it is of mode M; a per-operator row when the operator
  /// was tuned in M (its figures stay those over all its modes).
  std::optional<std::string> mode;
  /// `--min-improvement PCT`: keep rows whose improvement is at least PCT
  /// percent; rows without an improvement (no after-time) are left out.
  std::optional<double> min_improvement_pct;
};

/// Whether `row` passes `filter`.
[[nodiscard]] bool matches(const OperatorRow& row, const RowFilter& filter);

/// Removes from `rows` those that do not pass `filter`, keeping the order.
void filter_rows(std::vector<OperatorRow>& rows, const RowFilter& filter);

}  // namespace aoe
