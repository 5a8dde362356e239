// SPDX-License-Identifier: Apache-2.0
// What the totals take of an operator, shared by `totals` (analysis.cpp)
// and `ReportJudge` (judgement.cpp) so that both add alike (namespace
// aoe::internal: not API, not installed).
#pragma once

#include "aoe_result/analysis.hpp"
#include "aoe_result/model.hpp"

namespace aoe::internal {

/// `figures(op)` without its `modes` and `update_mode` labels: what
/// `Totals::add` needs.
[[nodiscard]] OperatorFigures times_of(const Operator& op);

}  // namespace aoe::internal
