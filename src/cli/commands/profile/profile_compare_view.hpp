// SPDX-License-Identifier: Apache-2.0
// `profile --result RESULT... PROFILE` (the cross-check) and `profile
// BEFORE AFTER` (two profiles compared, with their gates): what they show,
// computed once by the library (profile_compare.hpp); the gates judged here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/profile_compare.hpp"

#include "core/gate_line.hpp"
#include "io/input_kind.hpp"

namespace aoe::cli {

/// What the cross-check renders.
struct ProfileCheckView {
  std::string profile_label;  ///< PROFILE as given
  std::size_t profile_rows = 0;
  CrossCheck check;
  /// Inputs that gave nothing to read, for the JSON "problems".
  std::vector<InputProblem> problems;
};

/// Which gate of `profile BEFORE AFTER`.
enum class ProfileGateKind {
  fail_above,  ///< --fail-above PCT: the total device time rose by more
  min_gain,    ///< --min-gain PCT: it did not drop by at least
  p95_worse,   ///< --p95-worse PCT: per-step P95 worse by more
};

/// One gate judged.
struct ProfileGate {
  ProfileGateKind kind = ProfileGateKind::fail_above;
  double limit_pct = 0;
  GateVerdict verdict = GateVerdict::not_judged;
  std::string finding;  ///< what was found, or why nothing was judged; escaped
};

/// "--fail-above 5", "--min-gain 5", "--p95-worse 2".
[[nodiscard]] std::string profile_gate_options(const ProfileGate& gate);

/// "fail-above", "min-gain", "p95-worse": JSON words.
[[nodiscard]] std::string_view profile_gate_key(ProfileGateKind kind) noexcept;

/// The limits asked for; nullopt: that gate is not asked.
struct ProfileGateLimits {
  std::optional<double> fail_above_pct;
  std::optional<double> min_gain_pct;
  std::optional<double> p95_worse_pct;
};

/// The gates asked in `limits`, judged on `comparison`, in the order
/// --fail-above, --min-gain, --p95-worse. A gate without its number (no
/// device time before; no steps in a profile) is not judged, and fails.
[[nodiscard]] std::vector<ProfileGate> judge_profile_gates(const ProfileComparison& comparison,
                                                           const ProfileGateLimits& limits);

/// What `profile BEFORE AFTER` renders.
struct ProfileCompareView {
  std::string before_label;  ///< BEFORE as given
  std::string after_label;   ///< AFTER as given
  ProfileComparison comparison;
  std::vector<ProfileGate> gates;
  /// Rows of the operator table in text and Markdown (0: every one); JSON
  /// and CSV list every operator.
  std::size_t top = 0;
  std::vector<InputProblem> problems;
};

/// The stale-cache warning, one sentence, when `c.stale_cache_suspected`.
[[nodiscard]] std::string stale_cache_warning(const ProfileComparison& c);

/// Why P95/P99 of per-step time are not given ("no Step Id in BEFORE"),
/// or nullopt when they are.
[[nodiscard]] std::optional<std::string> steps_missing(const ProfileComparison& c);

/// Why the total device times do not compare ("1 operator in both
/// profiles has durations in one and none read in the other (softmax), so
/// the totals do not compare"), or nullopt when they do
/// (`ProfileComparison::timed_in_one_only` empty). Terminal-safe.
[[nodiscard]] std::optional<std::string> totals_unlike(const ProfileComparison& c);

/// The error lines of the gates that fail (gate_line), terminal-safe.
[[nodiscard]] std::vector<std::string> profile_gate_errors(const ProfileCompareView& view);

}  // namespace aoe::cli
