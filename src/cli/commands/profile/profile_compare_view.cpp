// SPDX-License-Identifier: Apache-2.0
#include "commands/profile/profile_compare_view.hpp"

#include <cmath>

#include <fmt/format.h>

#include "text/numbers.hpp"

namespace aoe::cli {

std::string_view profile_gate_key(ProfileGateKind kind) noexcept {
  switch (kind) {
    case ProfileGateKind::min_gain:
      return "min-gain";
    case ProfileGateKind::p95_worse:
      return "p95-worse";
    case ProfileGateKind::fail_above:
      break;
  }
  return "fail-above";
}

std::string profile_gate_options(const ProfileGate& gate) {
  return "--" + std::string(profile_gate_key(gate.kind)) + " " + fmt_plain(gate.limit_pct);
}

std::optional<std::string> steps_missing(const ProfileComparison& c) {
  if (c.before_steps && c.after_steps) return std::nullopt;
  const char* where = !c.before_steps && !c.after_steps ? "either profile"
                      : !c.before_steps                 ? "BEFORE"
                                                        : "AFTER";
  return fmt::format("no per-step times in {} (no Step Id column: msprof's op_summary has none)",
                     where);
}

std::optional<std::string> totals_unlike(const ProfileComparison& c) {
  if (c.timed_in_one_only.empty()) return std::nullopt;
  const std::size_t n = c.timed_in_one_only.size();
  return fmt::format(
      "{} in both profiles {} durations in one and none read in the other ({}{}), "
      "so the totals do not compare",
      n == 1 ? "1 operator" : fmt::format("{} operators", n), n == 1 ? "has" : "have",
      escape_text(c.timed_in_one_only.front()), n > 1 ? ", …" : "");
}

namespace {

// A change in percent as the gate lines say it: "0.00%" for no change.
std::string signed_pct(double pct, double limit) {
  return std::fabs(pct) < 0.005 ? std::string("0.00%") : fmt_signed_pct_above(pct, limit);
}

ProfileGate fail_above_gate(const ProfileComparison& c, double limit) {
  ProfileGate g{ProfileGateKind::fail_above, limit, GateVerdict::not_judged, {}};
  if (const std::optional<std::string> unlike = totals_unlike(c)) {
    g.finding = *unlike + " and no change of the total was judged";
    return g;
  }
  if (!c.total_change_pct) {
    g.finding = "BEFORE has no device time, so no change of the total was judged";
    return g;
  }
  const double pct = *c.total_change_pct;
  g.verdict = pct > limit ? GateVerdict::broken : GateVerdict::passed;
  g.finding =
      fmt::format("total device time {} ({} → {} µs), {} {}% higher", signed_pct(pct, limit),
                  fmt_us(c.before_total_us), fmt_us(c.after_total_us),
                  pct > limit ? "more than" : "not more than", fmt_plain(limit));
  return g;
}

ProfileGate min_gain_gate(const ProfileComparison& c, double limit) {
  ProfileGate g{ProfileGateKind::min_gain, limit, GateVerdict::not_judged, {}};
  if (const std::optional<std::string> unlike = totals_unlike(c)) {
    g.finding = *unlike + " and no gain was judged";
    return g;
  }
  if (!c.total_change_pct) {
    g.finding = "BEFORE has no device time, so no gain was judged";
    return g;
  }
  const double drop = -*c.total_change_pct;
  g.verdict = drop >= limit ? GateVerdict::passed : GateVerdict::broken;
  g.finding =
      fmt::format("total device time {} ({} → {} µs), {} {}% lower", signed_pct(-drop, -limit),
                  fmt_us(c.before_total_us), fmt_us(c.after_total_us),
                  drop >= limit ? "at least" : "not at least", fmt_plain(limit));
  return g;
}

ProfileGate p95_gate(const ProfileComparison& c, double limit) {
  ProfileGate g{ProfileGateKind::p95_worse, limit, GateVerdict::not_judged, {}};
  if (const std::optional<std::string> missing = steps_missing(c)) {
    g.finding = *missing + ", so P95 of per-step time was not judged";
    return g;
  }
  if (!c.p95_change_pct) {
    g.finding = "per-step P95 of BEFORE is 0 µs, so no change was judged";
    return g;
  }
  const double pct = *c.p95_change_pct;
  g.verdict = pct > limit ? GateVerdict::broken : GateVerdict::passed;
  g.finding = fmt::format("per-step P95 {} ({} → {} µs), {} {}% worse", signed_pct(pct, limit),
                          fmt_us(c.before_steps->p95_us), fmt_us(c.after_steps->p95_us),
                          pct > limit ? "more than" : "not more than", fmt_plain(limit));
  return g;
}

}  // namespace

std::vector<ProfileGate> judge_profile_gates(const ProfileComparison& comparison,
                                             const ProfileGateLimits& limits) {
  std::vector<ProfileGate> gates;
  if (limits.fail_above_pct) gates.push_back(fail_above_gate(comparison, *limits.fail_above_pct));
  if (limits.min_gain_pct) gates.push_back(min_gain_gate(comparison, *limits.min_gain_pct));
  if (limits.p95_worse_pct) gates.push_back(p95_gate(comparison, *limits.p95_worse_pct));
  return gates;
}

std::string stale_cache_warning(const ProfileComparison& c) {
  return fmt::format(
      "every tuned operator found in both profiles ({}) is unchanged (mean within ±{}%): the run "
      "after tuning may not have used the tuned kernels; refresh the operator compile cache "
      "(OP_COMPILER_CACHE_MODE=force, or delete kernel_cache) and profile again",
      c.tuned_in_both, fmt_plain(c.unchanged_tolerance_pct));
}

std::vector<std::string> profile_gate_errors(const ProfileCompareView& view) {
  std::vector<std::string> out;
  for (const ProfileGate& g : view.gates) {
    if (fails(g.verdict)) out.push_back(gate_line(profile_gate_options(g), g.finding, g.verdict));
  }
  return out;
}

}  // namespace aoe::cli
