// SPDX-License-Identifier: Apache-2.0
// `diff`: the comparison of two runs and what is said about it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "aoe_result/diff.hpp"

namespace aoe::cli {

/// What the renderers say about the comparison besides the entries.
struct DiffHeader {
  std::string old_label;      ///< OLD as given on the command line
  std::string new_label;      ///< NEW as given
  std::size_t old_files = 0;  ///< readable files pooled on each side
  std::size_t new_files = 0;
  std::optional<double> fail_above_pct;  ///< `--fail-above`, when given
  GateScope scope = GateScope::per_operator;
  /// `--ignore-artefacts`: changes within the writer's 1 µs do not count.
  Artefacts artefacts = Artefacts::count;
  bool gate_broken = false;  ///< the limit was exceeded
};

/// What `diff` renders: the comparison (computed by `aoe::diff`) and the
/// header; the gate is already judged.
struct DiffView {
  Diff diff;
  DiffHeader header;
};

}  // namespace aoe::cli
