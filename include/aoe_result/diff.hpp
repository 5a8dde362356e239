// SPDX-License-Identifier: Apache-2.0
/// @file
/// `diff`: the operators of two runs side by side. Operators are joined by
/// name (and tuning mode with `DiffGrain::per_mode`), their after-tune times
/// compared, and each pair classed as a regression (new slower), an
/// improvement (new faster), unchanged, or found in one run only; an
/// operator tuned in one run and listed among the other run's failed
/// operators is classed as failed in NEW or fixed in NEW; a name listed as
/// failed that neither run tuned is listed too (failed, tuned in neither).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe {

/// What happened to an operator between the two runs. The order of the
/// enumerators is the order in which `diff` lists them.
enum class DiffClass {
  /// tuned in the old run (among its modified operators), listed among the
  /// new run's failed operators and not the old run's: the worst
  /// regression a tuning can have, it breaks any `--fail-above`
  failed_new,
  regression,   ///< present in both, new after-tune time larger
  improvement,  ///< present in both, new after-tune time smaller
  /// listed among the old run's failed operators and not the new run's,
  /// tuned in the new run
  fixed_new,
  unchanged,  ///< present in both, same after-tune time
  untimed,    ///< present in both, but an after-tune time is missing on one side
  only_old,   ///< only in the old run
  only_new,   ///< only in the new run
  /// listed among the failed operators of one run or of both, and among
  /// neither run's modified operators: no times, no type (a failed list
  /// names none) and no mode; `DiffSide::failed` says which run listed
  /// it. Breaks no limit: nothing was tuned to compare.
  failed_untuned,
};

/// "failed-new" | "regression" | "improvement" | "fixed-new" | "unchanged" | "untimed" |
/// "only-old" | "only-new" | "failed-untuned".
[[nodiscard]] std::string_view to_string(DiffClass c) noexcept;

/// How operators are joined.
enum class DiffGrain {
  per_operator,  ///< by `op_name`; an operator's after-time is its smallest over its modes
  per_mode,      ///< by `op_name` and tuning mode; each mode's own after-time
};

/// One side of a joined operator: its latest occurrence in that run. The
/// file path and report id are interned (`InternedString`: one pointer,
/// shared by every entry of that file or report; it reads like
/// `const std::string&`), so that an entry stays small when a run has
/// hundreds of thousands of operators.
struct DiffSide {
  std::optional<double> after_us;  ///< after-tune time, µs; nullopt when not written
  InternedString file;             ///< path of the file the occurrence came from
  InternedString report;           ///< id of its report
  /// How many times the key occurred on this side (all files pooled); 0
  /// when it is not in this run at all (then the other members are empty).
  /// The last occurrence in input order is the one compared: with a
  /// directory, whose files are read oldest first, that is the newest result.
  std::uint32_t occurrences = 0;
  /// The operator's name is listed among this run's failed operators
  /// (`Report::failed_operators` of any of its files and reports; a failed
  /// list names no mode, so with `DiffGrain::per_mode` every mode of the
  /// name). Independent of `occurrences`.
  bool failed = false;

  /// Whether the key is in this run (among its modified operators).
  [[nodiscard]] bool present() const noexcept { return occurrences > 0; }
};

/// One operator (or operator and mode) of the two runs: 128 bytes on a
/// 64-bit platform. `op_name` is a view into `Diff::name_storage`: an entry
/// copied out of its `Diff` stays valid while a copy of that `Diff`, or of
/// its `name_storage`, lives. The changes are computed from the two sides.
struct DiffEntry {
  std::string_view op_name;
  /// The tuning mode's label ("Schedule") with `DiffGrain::per_mode`;
  /// nullopt when joining per operator.
  std::optional<InternedString> mode;
  /// `op_type` (several for a fused operator): the new run's latest
  /// occurrence's when the key is in the new run, else the old run's.
  TypeList types;
  DiffSide old_side;  ///< `present()` false for `only_new`
  DiffSide new_side;  ///< `present()` false for `only_old`
  DiffClass kind = DiffClass::unchanged;

  /// new − old after-tune time, µs; nullopt unless both are known.
  [[nodiscard]] std::optional<double> change_us() const noexcept;
  /// (new − old) / old × 100: positive is slower. nullopt unless both
  /// times are known and the old one is above 0.
  [[nodiscard]] std::optional<double> change_pct() const noexcept;
  /// |new − old| ≤ 1 µs (and not 0): may be the writer's artefact rather
  /// than a measurement (AOE stores before = after + 1 when the repository
  /// was updated but the time did not drop; format.md).
  [[nodiscard]] bool within_writer_artefact() const noexcept;
};

/// Counts and the total after-tune time change.
struct DiffSummary {
  std::size_t failed_new = 0;  ///< `DiffClass::failed_new`
  std::size_t regressions = 0;
  std::size_t improvements = 0;
  std::size_t fixed_new = 0;  ///< `DiffClass::fixed_new`
  std::size_t unchanged = 0;
  std::size_t untimed = 0;
  std::size_t only_old = 0;
  std::size_t only_new = 0;
  std::size_t failed_untuned = 0;  ///< `DiffClass::failed_untuned`
  /// Σ old after-tune time over the operators timed in both runs, µs.
  double old_after_us = 0;
  /// Σ new after-tune time over the same operators, µs.
  double new_after_us = 0;
  /// new − old over those operators, µs.
  [[nodiscard]] double change_us() const noexcept { return new_after_us - old_after_us; }
  /// (new − old) / old × 100 over those operators; nullopt when the old
  /// sum is 0 (nothing compared).
  [[nodiscard]] std::optional<double> change_pct() const noexcept;
  /// Operators compared (timed in both runs, failed in neither or in both).
  [[nodiscard]] std::size_t compared() const noexcept {
    return regressions + improvements + unchanged;
  }
  /// Keys found more than once in the old (new) run; see `DiffSide::occurrences`.
  std::size_t old_repeated = 0;
  std::size_t new_repeated = 0;
};

/// The whole comparison.
struct Diff {
  DiffGrain grain = DiffGrain::per_operator;
  /// Failed in new, regressions (largest slowdown in % first), improvements
  /// (largest speed-up first), fixed in new, unchanged, untimed, only in
  /// old, only in new, failed and tuned in neither; within the classes but
  /// regressions and improvements, in order of first appearance (old run
  /// first; for failed names, in the failed lists). A deque
  /// (random access, like a vector): the entries are built in place and
  /// never copied to a second container, which for two large runs is
  /// hundreds of thousands of entries.
  std::deque<DiffEntry> entries;
  DiffSummary summary;
  /// Keeps the entries' names alive; shared by copies of the `Diff`.
  std::shared_ptr<const void> name_storage;
};

/// Compares the operators of `old_run` and `new_run` (each any number of
/// files, pooled; unreadable files contribute nothing). A key found several
/// times on one side is compared by its last occurrence in input order.
/// The same as a `DiffBuilder` given `old_run`, then `new_run`.
[[nodiscard]] Diff diff(const std::vector<ResultFile>& old_run,
                        const std::vector<ResultFile>& new_run,
                        DiffGrain grain = DiffGrain::per_operator);

/// `diff` one run at a time, so that a caller never holds both runs'
/// models: give it the old run's files, release them, read the new run and
/// give it those. What it keeps between the two calls is one entry per key
/// (the name, the after-tune time, the file, report and types interned),
/// not the model. A caller may also give it one operator at a time as the
/// reader hands them over (`ReadOptions::on_operator`), so that not even
/// one run's model is held: that is what `aoe-result diff` does with a
/// file. `diff(a, b, grain)` is `DiffBuilder builder(grain);
/// builder.add_old(a); builder.add_new(b); std::move(builder).finish()`.
class DiffBuilder {
 public:
  explicit DiffBuilder(DiffGrain grain = DiffGrain::per_operator);
  ~DiffBuilder();
  DiffBuilder(DiffBuilder&&) noexcept;
  DiffBuilder& operator=(DiffBuilder&&) noexcept;
  DiffBuilder(const DiffBuilder&) = delete;
  DiffBuilder& operator=(const DiffBuilder&) = delete;

  /// Adds files of the old run, their operators and their failed operators
  /// (may be called several times: the files are pooled in call order). Nothing of `old_run` is
  /// referred to after the call. Each run has a table of its own until `finish` joins them, so the
  /// old run and the new run may be added in either order, or at the same time from two threads
  /// (each run from one thread at a time).
  void add_old(const std::vector<ResultFile>& old_run);
  /// Adds files of the new run, likewise.
  void add_new(const std::vector<ResultFile>& new_run);
  /// Adds one operator of the old run, read from `report` of `file` (its
  /// `path` and `id` are what the entry names); in the order of the run,
  /// like the files above. Unreadable files are the caller's to skip.
  void add_old(const ResultFile& file, const Report& report, const Operator& op);
  /// Adds one operator of the new run, likewise.
  void add_new(const ResultFile& file, const Report& report, const Operator& op);
  /// Adds the failed operators of `report` (`Report::failed_operators`) to
  /// the old run: what a caller that hands the operators over one at a time
  /// gives once the report is read (the reader keeps the failed list in the
  /// report). Names may repeat.
  void add_old_failed(const Report& report);
  /// Adds the failed operators of `report` to the new run, likewise.
  void add_new_failed(const Report& report);
  /// The comparison (classes, changes, order and summary as `diff`).
  [[nodiscard]] Diff finish() &&;

 private:
  struct State;
  void add(const ResultFile& file, const Report& report, const Operator& op, bool old_side);
  void add_run(const std::vector<ResultFile>& run, bool old_side);
  void add_failed(const Report& report, bool old_side);
  std::unique_ptr<State> state_;
};

/// What `--fail-above` judges.
enum class GateScope {
  per_operator,  ///< any operator slower by more than the limit
  total,         ///< the total after-tune time slower by more than the limit
};

/// Whether a change within the writer's 1 µs artefact
/// (`DiffEntry::within_writer_artefact`) may break the per-operator limit
/// (`diff --ignore-artefacts`: it may not).
enum class Artefacts { count, ignore };

/// Whether the comparison breaks a limit of `max_slowdown_pct` percent. An
/// operator failed in NEW (`DiffClass::failed_new`) breaks any limit, per
/// operator and for the total. Per operator, a regression from an old time
/// of 0 (no percentage) breaks any limit; with `Artefacts::ignore`, a
/// regression of at most 1 µs never does. The total is judged on the sums
/// either way.
[[nodiscard]] bool exceeds(const Diff& d, double max_slowdown_pct, GateScope scope,
                           Artefacts artefacts = Artefacts::count) noexcept;

/// Whether the comparison gives a gate anything to judge: per operator, an
/// operator timed in both runs (`DiffSummary::compared`); for the total, a
/// total change in percent (an old sum above 0); either way, an operator
/// failed in NEW. A gate that asked and got no answer fails: `diff
/// --fail-above` exits 1 when this is false.
[[nodiscard]] bool judgeable(const Diff& d, GateScope scope) noexcept;

/// The operators that break the per-operator limit, in `entries` order: the
/// ones failed in NEW, then the regressions over the limit.
[[nodiscard]] std::vector<const DiffEntry*> over_limit(const Diff& d, double max_slowdown_pct,
                                                       Artefacts artefacts = Artefacts::count);

}  // namespace aoe
