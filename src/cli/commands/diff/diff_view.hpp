// SPDX-License-Identifier: Apache-2.0
// `diff`: the comparison of two runs, the verdict of `--fail-above` on it,
// and what is said about both.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/diff.hpp"

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
  bool broken = false;  ///< the limit was exceeded
  /// Per operator: the operators over the limit, as indices into
  /// `Diff::entries`, in its order (`aoe::over_limit`). Empty for the total.
  std::vector<std::size_t> over;
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
};

/// Judges `--fail-above fail_above_pct` on `diff` (`aoe::exceeds`), listing
/// the operators over the limit when `scope` is per operator.
[[nodiscard]] DiffGate judge_gate(const Diff& diff, double fail_above_pct, GateScope scope,
                                  Artefacts artefacts);

/// The error `diff` reports when `header` has a side without a readable
/// file: "nothing to compare: no readable result in OLD" (or NEW, or
/// "either OLD or NEW"), terminal-safe; `nullopt` when both sides have one.
[[nodiscard]] std::optional<std::string> nothing_to_compare(const DiffHeader& header);

/// The error `diff` reports when the gate is broken, terminal-safe: "the
/// total after-tune time got slower by +7.00% (more than --fail-above 5%)",
/// or "2 operators slower by more than --fail-above 40%: Conv_1 +50.00%,
/// Add_2 (Schedule) from 0 µs"; `nullopt` when there is no gate or it held.
[[nodiscard]] std::optional<std::string> gate_error(const DiffView& view);

}  // namespace aoe::cli
