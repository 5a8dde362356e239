// SPDX-License-Identifier: Apache-2.0
// The line a gate is said in: `diff --fail-above`, `trend --fail-above` and
// `check`'s thresholds word their verdicts the same way, on stdout and on
// stderr.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "text/numbers.hpp"

namespace aoe::cli {

/// What a gate found: it held, a limit was broken, or it asked and got no
/// answer (nothing to judge). A gate not judged fails, as a broken one.
enum class GateVerdict { passed, broken, not_judged };

/// Whether the gate fails: broken or not judged.
[[nodiscard]] constexpr bool fails(GateVerdict v) noexcept { return v != GateVerdict::passed; }

/// "passed" or "FAILED" (broken or not judged).
[[nodiscard]] constexpr std::string_view gate_verdict_word(GateVerdict v) noexcept {
  return fails(v) ? "FAILED" : "passed";
}

/// A count in a gate's finding: "no operator", "1 operator", "2 operators".
[[nodiscard]] inline std::string gate_count(std::size_t n, std::string_view word) {
  return n == 0 ? "no " + std::string(word) : plural(n, word);
}

/// A gate's line, one sentence with its limit and the verdict word last:
/// "gate (OPTIONS): FINDING — VERDICT", e.g. "gate (--fail-above 10): 1
/// operator slower by more than 10% — FAILED". `options` are the gate's
/// options as typed ("--fail-above 10 --total"); `finding` says what was
/// found (or why nothing was judged), without a full stop.
[[nodiscard]] inline std::string gate_line(std::string_view options, std::string_view finding,
                                           GateVerdict verdict) {
  std::string line = "gate (";
  line += options;
  line += "): ";
  line += finding;
  line += " — ";
  line += gate_verdict_word(verdict);
  return line;
}

}  // namespace aoe::cli
