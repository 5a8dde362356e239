// SPDX-License-Identifier: Apache-2.0
/// @file
/// `retune`: choosing the operators to tune again, for the JSON file AOE's
/// `--tune_ops_file` reads (`{"tune_ops_name": [...], "tune_ops_type": [...]}`,
/// whole-word matches; AOE unites the two lists).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe {

/// Which operators to choose besides the failed ones.
struct RetuneCriteria {
  /// `--below PCT`: also operators whose improvement (AOE's formula over
  /// their largest before- and smallest after-time) is below PCT percent.
  /// Operators without an improvement (an after-time of 0, a missing time)
  /// are not chosen by it. `nullopt`: failed operators only.
  std::optional<double> below_pct;
};

/// The operators chosen, over every readable file given.
struct RetuneSelection {
  /// Operator names, de-duplicated, in order of first appearance (within a
  /// report: its failed operators, then those below the limit). A name is
  /// chosen when any of its occurrences qualifies.
  std::vector<std::string> names;
  /// The op_types of the chosen operators, de-duplicated, in the same
  /// order; a fused operator's types joined by `__`, as AOE names such a
  /// type. A failed operator's type is known only when the same name also
  /// appears among the tuned operators of the inputs.
  std::vector<std::string> types;
  std::size_t failed = 0;  ///< names chosen because they failed
  std::size_t below = 0;   ///< names chosen (only) because they gained less than the limit
};

/// Chooses the operators to re-tune from `files` (unreadable files are skipped).
[[nodiscard]] RetuneSelection select_for_retune(const std::vector<ResultFile>& files,
                                                const RetuneCriteria& criteria);

}  // namespace aoe
