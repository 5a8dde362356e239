// SPDX-License-Identifier: Apache-2.0
// The keys the reader understands, in every context (basic, OPAT, operator,
// tuning-mode result, repository summary), recognised once per key event.
#pragma once

#include <cstdint>
#include <string_view>

namespace aoe::internal {

// Keys the reader understands. Recognised once per key event, so no key
// string is copied unless it has to be kept.
enum class Key : std::uint8_t {
  unknown,
  basic,
  opat,
  tuning_name,
  tuning_time_s,
  status_601,  // opat_tune_result (CANN 6.0.1)
  status,      // opat_tuning_result (CANN 6.2+)
  modified_operators,
  failed_601,  // tune_failed_operators (CANN 6.0.1)
  failed,      // tuning_failed_operators (CANN 6.3+)
  repo_summary,
  model_baseline_ms,
  model_result_ms,
  model_improvement,
  add_list,
  update_list,
  op_name,
  op_type,
  after_us,
  before_us,
  improvement,
  update_mode,
  tune_performance,
  repo_add_num,
  repo_hit_num,
  repo_reserved_num,
  repo_unsatisfied_num,
  repo_update_num,
  total_num,
  count_,
};

/// The key `k` names, or `Key::unknown`.
[[nodiscard]] Key classify_key(std::string_view k) noexcept;

}  // namespace aoe::internal
