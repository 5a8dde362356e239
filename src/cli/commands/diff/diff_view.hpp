// SPDX-License-Identifier: Apache-2.0
// `diff`: the comparison of two runs, the verdict of `--fail-above` on it,
// and what is said about both.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/diff.hpp"

#include "core/gate_line.hpp"
#include "io/inputs.hpp"

namespace aoe::cli {

/// What the renderers say about the two runs besides the entries.
struct DiffHeader {
  std::string old_label;      ///< OLD as given on the command line ("<stdin>" for -)
  std::string new_label;      ///< NEW as given
  std::size_t old_files = 0;  ///< readable files pooled on each side
  std::size_t new_files = 0;
};

/// `--fail-above` judged on a comparison: the limit as asked and the
/// verdict.
struct DiffGate {
  double fail_above_pct = 0;  ///< the limit, percent slower
  GateScope scope = GateScope::per_operator;
  /// `--ignore-artefacts`: changes within the writer's 1 µs do not count.
  Artefacts artefacts = Artefacts::count;
  /// The limit was exceeded, or an operator failed in NEW (`aoe::exceeds`).
  bool broken = false;
  /// There was something to judge (`aoe::judgeable`): an operator timed in
  /// both runs (per operator) or a total change (total), or an operator
  /// failed in NEW. A gate not judged fails.
  bool judged = true;
  /// The operators that break the gate, as indices into `Diff::entries`,
  /// in its order: per operator `aoe::over_limit` (those failed in NEW,
  /// then the regressions over the limit); for the total, those failed in
  /// NEW.
  std::vector<std::size_t> over;

  /// Broken, not judged, or passed.
  [[nodiscard]] GateVerdict verdict() const noexcept {
    return broken ? GateVerdict::broken : judged ? GateVerdict::passed : GateVerdict::not_judged;
  }
};

/// What `diff` renders: the comparison (computed by `aoe::diff` or a
/// `DiffBuilder`), the header and the gate, already judged.
struct DiffView {
  Diff diff;
  DiffHeader header;
  std::optional<DiffGate> gate;  ///< `nullopt`: no `--fail-above`
  /// Inputs of either run that gave nothing to read (`Inputs::problems`,
  /// OLD's first), for the JSON document's "problems"; set by the command.
  std::vector<InputProblem> problems;
  /// `--top N`: the text and Markdown list at most N rows of each class
  /// (0: every row); JSON and CSV list every row.
  std::size_t top = 0;
  /// `--hide-unchanged`: the text and Markdown leave out the unchanged
  /// operators' rows (still counted); JSON and CSV list every row.
  bool hide_unchanged = false;

  /// Rows of class `kind`, of `count`, that the text and Markdown list.
  [[nodiscard]] std::size_t rows_listed(DiffClass kind, std::size_t count) const noexcept {
    if (hide_unchanged && kind == DiffClass::unchanged) return 0;
    return top == 0 || count < top ? count : top;
  }
};

/// Judges `--fail-above fail_above_pct` on `diff` (`aoe::exceeds`,
/// `aoe::judgeable`), listing the operators that break it.
[[nodiscard]] DiffGate judge_gate(const Diff& diff, double fail_above_pct, GateScope scope,
                                  Artefacts artefacts);

/// The gate's options as typed: "--fail-above 10", "--fail-above 10
/// --total", "--fail-above 0.5 --ignore-artefacts".
[[nodiscard]] std::string gate_options(const DiffGate& gate);

/// What the gate found, in words, without the operators' names: "1
/// operator failed in NEW after being tuned in OLD, 2 operators slower by
/// more than 10%", "no operator slower by more than 10%", "total after-tune
/// time +3.46% over the 20 operators in both, within 10%", or why nothing
/// was judged. The text output's gate line is `gate_line(gate_options(g),
/// gate_finding(view), g.verdict())`.
[[nodiscard]] std::string gate_finding(const DiffView& view);

/// The error `diff` reports when `header` has a side without a readable
/// file: "nothing to compare: no readable result in OLD" (or NEW, or
/// "either OLD or NEW"), terminal-safe; `nullopt` when both sides have one.
[[nodiscard]] std::optional<std::string> nothing_to_compare(const DiffHeader& header);

/// The error `diff` reports when the gate fails (broken or not judged),
/// terminal-safe: the gate line with the operators that break it named,
/// "gate (--fail-above 40): 2 operators slower by more than 40%: Conv_1
/// +50.00%, Add_2 (Schedule) from 0 µs — FAILED"; `nullopt` when there is
/// no gate or it held.
[[nodiscard]] std::optional<std::string> gate_error(const DiffView& view);

}  // namespace aoe::cli
