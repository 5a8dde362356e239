// SPDX-License-Identifier: Apache-2.0
/// @file
/// `trend`: a series of runs (each one result file, oldest first) and each
/// operator's after-tune time across them, so that a slow drift, an
/// operator failing every other run, or a repository converging shows.
///
/// A run in which an operator does not appear leaves a gap in its series
/// (`TrendPoint::present` false), never a zero; a run that could not be
/// read is kept in the list with its problem and leaves a gap in every
/// series.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

namespace aoe {

/// One run: what its file holds, in sums.
struct TrendRun {
  std::string label;  ///< given (`--label`), else from the file name (see the CLI)
  std::string file;   ///< path as given
  bool readable = false;
  bool complete = true;  ///< false when the file was cut off (what was complete is used)
  /// Why the file could not be read (its first error diagnostic, as
  /// "line:column: message" where known); `nullopt` when readable.
  std::optional<std::string> problem;
  /// Over every report: `reports`, `operators` (modified operators, timed
  /// or not), `failed_operators` (failed names, de-duplicated per report),
  /// the sums of before/after-tune time of the timed (tuned) operators in
  /// µs, and the improvement (AOE's formula over the sums) and geometric
  /// mean of speed-ups derived from them. Zero for an unreadable run.
  Totals totals;
  /// Σ `repo_add_num` / `repo_hit_num` / `repo_unsatisfied_num` over the
  /// reports that carry the counter; `nullopt` when none does (AOE writes
  /// `repo_summary` once any operator was reported).
  std::optional<std::int64_t> repo_added;
  std::optional<std::int64_t> repo_hit;
  std::optional<std::int64_t> repo_unsatisfied;
};

/// An operator (or operator and mode) in one run.
struct TrendPoint {
  bool present = false;  ///< among the run's modified operators
  /// Listed among the run's failed operators (`tuning_failed_operators`).
  /// A failed operator usually has no times in that run.
  bool failed = false;
  /// Failed in this run after being tuned: listed as failed here, and among
  /// the modified operators (not listed as failed) in the latest earlier run
  /// that has the name (runs without it are skipped), as `diff`'s failed in
  /// NEW.
  bool newly_failed = false;
  /// Tuned in this run (among the modified operators, not listed as failed)
  /// after failing in the latest earlier run that has the name, as `diff`'s
  /// fixed in NEW.
  bool fixed = false;
  std::optional<double> before_us;        ///< before-tune time, µs, when present
  std::optional<double> after_us;         ///< after-tune time, µs, when present
  std::optional<double> improvement_pct;  ///< AOE's formula, when both times are there
};

/// How an operator's after-tune time moved over the runs.
struct TrendSeries {
  std::string op_name;
  /// The tuning mode's label ("Schedule") with `TrendGrain::per_mode`;
  /// `nullopt` per operator, and for a name that only ever failed.
  std::optional<std::string> mode;
  /// `op_type` as in the latest run that has the operator (several types
  /// for a fused operator); empty when it only ever failed (a failed list
  /// names no type).
  TypeList op_types;
  std::vector<TrendPoint> points;  ///< one per run, in run order

  /// Runs in which the name is listed as failed.
  std::size_t failed_runs = 0;
  /// Runs whose point is `TrendPoint::newly_failed`, and `TrendPoint::fixed`.
  std::size_t newly_failed_runs = 0;
  std::size_t fixed_runs = 0;
  /// The last run lists the name as failed and an earlier run tuned it
  /// (among its modified operators, not listed as failed): it breaks any
  /// `--fail-above`, as `diff`'s failed in NEW does.
  bool failed_last_after_tuned = false;
  /// Readable runs in which the operator is neither among the modified
  /// operators nor listed as failed.
  std::size_t missing_runs = 0;
  /// Index of the run with the smallest after-tune time (the first of
  /// equal ones); `nullopt` when no run has one.
  std::optional<std::size_t> best_run;
  /// Index of the latest earlier run than the last with an after-tune time
  /// (gaps are skipped); `nullopt` when none, or when the last run has no
  /// time for the operator.
  std::optional<std::size_t> previous_run;
  /// Index of the first run with an after-tune time.
  std::optional<std::size_t> first_run;

  /// last − first after-tune time, µs, where "last" is always the last run
  /// (a gap there gives `nullopt`: a stale value is not carried forward).
  std::optional<double> change_first_last_us;
  /// (last − first) / first × 100: positive is slower; `nullopt` also
  /// when the first time is 0.
  std::optional<double> change_first_last_pct;
  /// last − previous, µs; `nullopt` unless both exist.
  std::optional<double> change_prev_last_us;
  /// (last − previous) / previous × 100; `nullopt` also when previous is 0.
  std::optional<double> change_prev_last_pct;
  /// The last run is slower than the best run by more than the writer's
  /// 1 µs (AOE's before = after + 1 artefact is no measurement).
  bool regressed = false;
  /// |last − previous| ≤ 1 µs and not 0: may be the writer's artefact.
  bool change_within_writer_artefact = false;

  [[nodiscard]] bool missing() const noexcept { return missing_runs > 0; }
  /// `op_types` joined by `+` ("Conv2D+Relu"); "" when none.
  [[nodiscard]] std::string joined_types() const;
  /// The after-tune time in the last run, µs.
  [[nodiscard]] std::optional<double> last_after_us() const noexcept {
    return points.empty() ? std::nullopt : points.back().after_us;
  }
};

/// How operators are followed across runs.
enum class TrendGrain {
  per_operator,  ///< by `op_name`; the time of an operator is its smallest over its modes
  per_mode,      ///< by `op_name` and tuning mode; each mode's own time
};

/// What to compute.
struct TrendSpec {
  TrendGrain grain = TrendGrain::per_operator;
  /// Which operators to follow (`--name`, `--type` as in `ops`; its other
  /// conditions apply too). A name that only failed has no type: a type
  /// condition leaves it out; the name condition is applied to it.
  RowFilter filter;
};

/// Every run and every operator's series.
struct Trend {
  TrendGrain grain = TrendGrain::per_operator;
  std::vector<TrendRun> runs;
  /// Default order (`sort_series`): largest last-vs-previous slowdown first.
  std::vector<TrendSeries> series;
};

/// Builds a `Trend` a run at a time from operators handed over one by one,
/// so that no run's model need be held: as the reader hands them over
/// (`ReadOptions::on_operator`), or from models (`trend`, which is this
/// builder fed every operator of every file). Runs come in order: a run's
/// operators (`add_operator`), then its file (`end_file`); `finish` takes
/// the files as read (their reports without operators will do) and gives
/// what `trend` gives of them.
class TrendBuilder {
 public:
  explicit TrendBuilder(const TrendSpec& spec = {});
  ~TrendBuilder();
  TrendBuilder(TrendBuilder&&) noexcept;
  TrendBuilder& operator=(TrendBuilder&&) noexcept;
  TrendBuilder(const TrendBuilder&) = delete;
  TrendBuilder& operator=(const TrendBuilder&) = delete;

  /// Room for `series` series (a hint: the operators of the largest run).
  void reserve(std::size_t series);
  /// Adds one operator of the run being read, from `report`, an element of
  /// `file.reports` (its place there keeps the report's sums apart), in
  /// file order. Nothing of `op` is referred to after the call.
  void add_operator(const ResultFile& file, const Report& report, const Operator& op);
  /// Takes the operators of the run being read when the reader reads its
  /// file in parts at once (`ReadOptions::operator_parts`, beside
  /// `on_operator` calling `add_operator`): each part's operators go to a
  /// builder of their own on the part's thread, added here in part order
  /// when the parts are kept, which gives what `add_operator` of every
  /// operator in file order gives. Then `end_file` as always. Valid until
  /// the builder (or the one it is moved to) is finished or destroyed.
  [[nodiscard]] OperatorParts& operator_parts();
  /// Ends the run being read with its file: when `file` turned out
  /// unreadable, what its operators added is taken back (an unreadable run
  /// leaves a gap in every series, as in `trend`).
  void end_file(const ResultFile& file);
  /// The runs and series: `files[i]` is the file of the i-th `end_file`
  /// (the same file, read; its failed lists and counters are taken from
  /// here), named `labels[i]` as in `trend`. Throws `std::invalid_argument`
  /// when `files` is not one file per `end_file`.
  [[nodiscard]] Trend finish(const std::vector<ResultFile>& files,
                             const std::vector<std::string>& labels) &&;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Computes the runs and series of `files` (each one run, in the order
/// given; `labels[i]` names run i, missing or empty labels fall back to
/// the file's path). A name found several times in one run (several
/// reports) is followed by its last occurrence in the file, as `diff` does.
/// Unreadable files become runs with their problem.
[[nodiscard]] Trend trend(const std::vector<ResultFile>& files,
                          const std::vector<std::string>& labels, const TrendSpec& options = {});

/// Orders series: slowdowns from the previous to the last run first, the
/// largest first (one from a previous time of 0, without a percentage,
/// before all others); then the rest by change, the largest speed-up last;
/// series without a change (or with a NaN percentage) last, in order of
/// first appearance. Stable.
/// Throws `std::length_error` for 2^32 - 1 series or more.
void sort_series(std::vector<TrendSeries>& series);

/// Whether `s` breaks a `--fail-above` limit of `max_slowdown_pct`: the last
/// run is slower than the previous one by more than the limit (from a
/// previous time of 0, any slowdown), or the operator failed in the last
/// run after being tuned in an earlier one (`failed_last_after_tuned`: any
/// limit). With `ignore_artefacts`, a change of at most the writer's 1 µs
/// never breaks it. Rules as `diff`'s gate.
[[nodiscard]] bool over_limit(const TrendSeries& s, double max_slowdown_pct,
                              bool ignore_artefacts = false) noexcept;

/// The series that break the limit, in `series` order.
[[nodiscard]] std::vector<const TrendSeries*> over_limit(const Trend& t, double max_slowdown_pct,
                                                         bool ignore_artefacts = false);

/// Whether `t` gives `--fail-above` anything to judge: a series with a
/// last-vs-previous change (`TrendSeries::change_prev_last_us`), or one
/// failed in the last run after being tuned. A gate that asked and got no
/// answer fails: `trend --fail-above` exits 1 when this is false.
[[nodiscard]] bool judgeable(const Trend& t) noexcept;

/// How many runs hold an operator of `t`'s series: a point among the
/// modified operators or listed as failed.
[[nodiscard]] std::size_t runs_with_operators(const Trend& t) noexcept;

/// Sparkline levels of a series: each value scaled to 0..`levels`−1
/// between the smallest and largest value present (rounded to the
/// nearest level); `nullopt` for a gap. All present values equal gives the
/// middle level (`(levels − 1) / 2`) for each. `levels` at least 1.
[[nodiscard]] std::vector<std::optional<unsigned>> sparkline_levels(
    const std::vector<std::optional<double>>& values, unsigned levels = 8);

}  // namespace aoe
