// SPDX-License-Identifier: Apache-2.0
/// @file
/// What a profile says of a tuning: AOE's result files checked against a
/// profile of the model (`cross_check`), and two profiles compared, before
/// and after tuning (`compare_profiles`), optionally with the result files
/// of the tuning between them.
///
/// The rules (docs/profile.md, "Cross-check with result files" and
/// "Before and after", has the user's account):
/// - Names meet exactly: the result file's `op_name` is the graph node
///   name, profiling's `Op Name` the same name for the same compiled model.
///   Fused and aclnn names can differ (`aclnnMatmul_MatMulCommon_MatMulV2`):
///   such an operator is *not matched*, is said to be, and is never judged
///   on a guess; names that contain one another are listed as candidates.
/// - A single profile measures no gain: the cross-check only sets the
///   profile's mean beside AOE's after-tune time. A gain is measured only
///   by two profiles.
/// - Every tolerance is named here, in percent, and written in the outputs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"
#include "aoe_result/profile.hpp"

namespace aoe {

/// The cross-check's tolerance, in percent: a tuned operator is *as tuned*
/// when its profiled mean is at most AOE's after-tune time plus this
/// share of it. AOE measures an operator alone, in a loop; in a model run
/// the same kernel meets cold caches and other streams, so a few percent
/// are noise, not a broken tuning.
inline constexpr double kAsTunedTolerancePct = 10.0;

/// Two profiles' tolerance, in percent: an operator whose mean changed by
/// at most this share of its before-mean, either way, is *unchanged*. Run
/// to run noise of the same kernel is of this order.
inline constexpr double kUnchangedTolerancePct = 2.0;

/// How many never-tuned operators the cross-check lists by default.
inline constexpr std::size_t kDefaultHottestUntuned = 10;

/// The verdict of one tuned operator against one profile.
enum class CrossCheckVerdict : std::uint8_t {
  /// The profiled mean is at most AOE's after-tune time plus
  /// `kAsTunedTolerancePct` (or below it).
  as_tuned,
  /// The profiled mean is above AOE's after-tune time by more than the
  /// tolerance: the run did not get what AOE measured.
  slower_than_aoe,
  /// No operator of the profile has its name (see the candidates).
  not_in_profile,
  /// In the profile, but nothing to judge: AOE's after-tune time is not a
  /// usable measurement (`left_out_reason`), or no row of the profile had
  /// a duration.
  not_judged,
};

/// "as tuned", "slower than AOE said", "not in the profile", "not judged".
[[nodiscard]] std::string_view to_string(CrossCheckVerdict verdict) noexcept;
/// "as-tuned", "slower-than-aoe", "not-in-profile", "not-judged": the
/// words of the JSON and CSV outputs.
[[nodiscard]] std::string_view verdict_key(CrossCheckVerdict verdict) noexcept;

/// One tuned operator's name in the profile, summed over the profile's
/// operators of that name (of any type).
struct ProfileMatch {
  std::size_t calls = 0;          ///< rows of that name
  std::size_t timed_calls = 0;    ///< rows with a duration
  double total_us = 0.0;          ///< Σ durations, µs
  std::optional<double> mean_us;  ///< total / timed calls; nullopt without one
  /// total over the profile's device time, in [0, 1]; nullopt when that is
  /// 0 or no row of the name had a duration.
  std::optional<double> share;
  std::string type;  ///< the type of its operator with the most time
  /// `total_us`; nullopt when no row of the name had a duration (unknown,
  /// not 0).
  [[nodiscard]] std::optional<double> known_total_us() const noexcept {
    if (timed_calls == 0) return std::nullopt;
    return total_us;
  }
};

/// A tuned operator of the result files, set beside a profile.
struct CrossCheckEntry {
  std::string name;   ///< `op_name`
  std::string types;  ///< its types joined by `+`
  /// AOE's figures (`figures(op)`): the largest before- and the smallest
  /// after-time over its modes, µs; nullopt as read.
  std::optional<double> aoe_before_us;
  std::optional<double> aoe_after_us;
  /// AOE's improvement, its formula (before − after) / after × 100;
  /// nullopt when the operator does not count (`left_out_reason`).
  std::optional<double> aoe_improvement_pct;
  /// The profile's figures; nullopt when the name is not in the profile.
  std::optional<ProfileMatch> profile;
  /// (profile mean − AOE after) / AOE after × 100: how far the run is
  /// from AOE's after-tune time; nullopt when either is unknown.
  std::optional<double> mean_vs_aoe_after_pct;
  CrossCheckVerdict verdict = CrossCheckVerdict::not_judged;
  /// For an operator not in the profile: profile names that contain its
  /// name or are contained in it (at least 3 bytes), at most 3, by time.
  /// Not matched, only shown.
  std::vector<std::string> candidates;
  /// Reports in which the name was tuned; the figures are of the last.
  std::size_t occurrences = 1;
};

/// A profile operator that no result file tuned.
struct UntunedOperator {
  std::string name;
  std::string type;
  std::string task_type;
  ProfileStats stats;
  std::optional<double> share;  ///< of the profile's device time, [0, 1]
  bool failed_in_aoe = false;   ///< a failed operator of the result files
};

/// The cross-check of result files with one profile.
struct CrossCheck {
  /// Tuned operators, one per distinct name, in order of first appearance
  /// over the readable files, reports and operators.
  std::vector<CrossCheckEntry> entries;
  std::size_t matched = 0;     ///< entries whose name is in the profile
  std::size_t as_tuned = 0;    ///< entries judged as tuned
  std::size_t slower = 0;      ///< entries judged slower than AOE said
  std::size_t not_judged = 0;  ///< entries in the profile but not judged
  /// Names of the entries not in the profile, in entry order.
  std::vector<std::string> unmatched;
  /// The profile operators with the most device time whose name no result
  /// file tuned, by total descending (the profile's order), at most
  /// `CrossCheckOptions::hottest_untuned`.
  std::vector<UntunedOperator> hottest_untuned;
  std::size_t untuned_operators = 0;            ///< all of them, listed or not
  double untuned_total_us = 0.0;                ///< their device time, µs
  std::optional<double> untuned_share;          ///< of the profile's device time
  double profile_total_us = 0.0;                ///< the profile's device time, µs
  double tolerance_pct = kAsTunedTolerancePct;  ///< the tolerance applied
  std::size_t result_files = 0;                 ///< readable result files taken
};

/// Options of `cross_check`.
struct CrossCheckOptions {
  double tolerance_pct = kAsTunedTolerancePct;           ///< see `kAsTunedTolerancePct`
  std::size_t hottest_untuned = kDefaultHottestUntuned;  ///< 0: none listed
};

/// Sets every tuned operator of `files` (unreadable files skipped) beside
/// `profile`. Never throws but `std::bad_alloc`.
[[nodiscard]] CrossCheck cross_check(const std::vector<ResultFile>& files, const Profile& profile,
                                     const CrossCheckOptions& options = {});

// --- Two profiles -----------------------------------------------------------

/// Per-step device time summarised (µs): the steps' totals, nearest-rank.
struct StepTimes {
  std::size_t steps = 0;
  double mean_us = 0.0;
  double p95_us = 0.0;
  double p99_us = 0.0;
};

/// The per-step summary of `profile`; nullopt when it has no steps.
[[nodiscard]] std::optional<StepTimes> step_times(const Profile& profile);

/// Where an operator of two profiles is.
enum class Presence : std::uint8_t {
  both,     ///< in both profiles
  added,    ///< only in the after profile
  removed,  ///< only in the before profile
};

/// "both", "added", "removed".
[[nodiscard]] std::string_view to_string(Presence presence) noexcept;

/// One operator (name and type) of two profiles.
struct OperatorChange {
  std::string name;
  std::string type;
  std::string task_type;  ///< of the after profile when there, else before
  Presence presence = Presence::both;
  std::optional<ProfileStats> before;  ///< nullopt when added
  std::optional<ProfileStats> after;   ///< nullopt when removed
  /// after total − before total, µs (a missing side counts 0); nullopt
  /// when a side that is there had no duration read (its total unknown:
  /// every row `N/A` or empty).
  std::optional<double> total_change_us;
  /// after mean − before mean, µs; nullopt unless both means are known.
  std::optional<double> mean_change_us;
  /// mean_change / before mean × 100; nullopt when the before mean is 0
  /// or either is unknown.
  std::optional<double> mean_change_pct;
};

/// How a tuned operator's profiled mean changed.
enum class TunedChangeVerdict : std::uint8_t {
  faster,       ///< the mean dropped by more than the tolerance
  unchanged,    ///< within `kUnchangedTolerancePct` either way
  slower,       ///< the mean rose by more than the tolerance
  not_in_both,  ///< missing in one profile (or without a duration in one)
};

/// "faster", "unchanged", "slower", "not in both profiles".
[[nodiscard]] std::string_view to_string(TunedChangeVerdict verdict) noexcept;
/// "faster", "unchanged", "slower", "not-in-both": JSON and CSV words.
[[nodiscard]] std::string_view verdict_key(TunedChangeVerdict verdict) noexcept;

/// A tuned operator's profiled change beside AOE's claim.
struct TunedChange {
  std::string name;
  std::string types;  ///< joined by `+`
  std::optional<double> aoe_before_us;
  std::optional<double> aoe_after_us;
  /// AOE's claim, its formula (before − after) / after × 100.
  std::optional<double> aoe_improvement_pct;
  std::optional<double> before_mean_us;  ///< profiled mean before; nullopt: not there
  std::optional<double> after_mean_us;   ///< profiled mean after
  /// The profiled gain by AOE's formula, (before mean − after mean) /
  /// after mean × 100, so it reads beside AOE's claim; nullopt unless both
  /// means are known and the after mean is above 0.
  std::optional<double> profiled_improvement_pct;
  /// (after mean − before mean) / before mean × 100.
  std::optional<double> mean_change_pct;
  TunedChangeVerdict verdict = TunedChangeVerdict::not_in_both;
};

/// Two profiles compared.
struct ProfileComparison {
  /// Per operator (name and type): by |total change| descending, then
  /// name and type ascending.
  std::vector<OperatorChange> operators;
  std::size_t in_both = 0;
  std::size_t added = 0;
  std::size_t removed = 0;
  /// Operators in both profiles with durations read in one and none in
  /// the other (every row of one side `N/A` or empty), in the order of
  /// `operators`: their time is in one total only, so the totals do not
  /// compare like with like and the total-time gates are not judged.
  std::vector<std::string> timed_in_one_only;
  double before_total_us = 0.0;  ///< the before profile's device time, µs
  double after_total_us = 0.0;
  /// (after − before) / before × 100; nullopt when the before total is 0.
  std::optional<double> total_change_pct;
  std::optional<StepTimes> before_steps;  ///< nullopt: the profile has no steps
  std::optional<StepTimes> after_steps;
  /// Per-step P95 and P99 change, percent; nullopt unless both profiles
  /// have steps (and the before value is above 0).
  std::optional<double> p95_change_pct;
  std::optional<double> p99_change_pct;

  // With result files (`compare_profiles` given some):
  bool with_results = false;
  /// Tuned operators, one per distinct name, in order of first appearance.
  std::vector<TunedChange> tuned;
  std::size_t tuned_in_both = 0;  ///< tuned operators in both profiles
  std::size_t tuned_faster = 0;
  std::size_t tuned_unchanged = 0;
  std::size_t tuned_slower = 0;
  /// Every tuned operator found in both profiles (at least one) is
  /// unchanged: the sign that the run after tuning did not use the tuned
  /// kernels (a stale operator compile cache: run with
  /// OP_COMPILER_CACHE_MODE=force, or delete kernel_cache).
  bool stale_cache_suspected = false;
  double unchanged_tolerance_pct = kUnchangedTolerancePct;
};

/// Options of `compare_profiles`.
struct CompareOptions {
  double unchanged_tolerance_pct = kUnchangedTolerancePct;
};

/// Compares `before` and `after`; with `results` (readable ones used),
/// also each tuned operator's profiled change beside AOE's claim. Never
/// throws but `std::bad_alloc`.
[[nodiscard]] ProfileComparison compare_profiles(const Profile& before, const Profile& after,
                                                 const std::vector<ResultFile>* results = nullptr,
                                                 const CompareOptions& options = {});

/// The nearest-rank `pct` percentile of `values` (sorted in place);
/// nullopt when empty. 95 of 20 values is the 19th smallest.
[[nodiscard]] std::optional<double> step_percentile(std::vector<double>& values, double pct);

// --- Operators to tune, from a profile --------------------------------------

/// Which operators of a profile to tune (`retune --from-profile`).
struct ProfileRetuneCriteria {
  /// `--top N`: at most N names, those with the most device time first;
  /// 0: every one.
  std::size_t top = 10;
  /// `--min-share PCT`: leave out operators under PCT percent of the
  /// profile's device time. nullopt: none left out for it.
  std::optional<double> min_share_pct;
};

/// The operators chosen from a profile.
struct ProfileRetuneSelection {
  /// Names, by device time descending (a name of several types once, its
  /// time summed), at most `top` (every one when `top` is 0).
  std::vector<std::string> names;
  /// Their types as the profile gives them, de-duplicated, in the same order.
  std::vector<std::string> types;
  /// Names left out because a result file tuned them with a gain (an
  /// improvement above 0 that is not the writer's +1 µs artefact), among
  /// those looked at before `top` names were chosen.
  std::vector<std::string> already_tuned;
  std::size_t below_share = 0;  ///< names left out by `min_share_pct`, likewise
  /// Names with device time left out because every row of theirs ran on a
  /// task type AOE's operator tuning does not tune (`HCCL`, `AI_CPU`,
  /// `DSA_SQE`, ...; see `aoe_tunes_task_type`), over the whole profile.
  std::size_t not_tunable = 0;
  std::size_t candidates = 0;  ///< names of the profile with device time on tunable task types
};

/// Whether AOE's operator tuning (`--job_type=2`) tunes kernels of this
/// msprof `Task Type` / torch_npu `Accelerator Core`: the AI Core kinds
/// (`AI_CORE`, `AI_VECTOR_CORE`, `MIX_AIC`, `MIX_AIV`), and an empty type
/// (a profile that does not say). Collective (`HCCL`), AI CPU and DMA
/// (`DSA_SQE`, ...) tasks have no tiling policy to tune.
[[nodiscard]] bool aoe_tunes_task_type(std::string_view task_type) noexcept;

/// The operators of `profile` to tune: the names with the most device time
/// (rows without a duration give none; names with no time are never
/// chosen), leaving out names whose every row ran on a task type AOE does
/// not tune (`aoe_tunes_task_type`), those below `criteria.min_share_pct` and those the
/// readable `results` tuned with a gain. Never throws but `std::bad_alloc`.
[[nodiscard]] ProfileRetuneSelection select_from_profile(const Profile& profile,
                                                         const std::vector<ResultFile>& results,
                                                         const ProfileRetuneCriteria& criteria);

}  // namespace aoe
