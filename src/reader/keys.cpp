// SPDX-License-Identifier: Apache-2.0
#include "reader/keys.hpp"

#include <utility>

namespace aoe::internal {

Key classify_key(std::string_view k) noexcept {
  static constexpr std::pair<std::string_view, Key> kKeys[] = {
      {"basic", Key::basic},
      {"OPAT", Key::opat},
      {"tuning_name", Key::tuning_name},
      {"tuning_time(s)", Key::tuning_time_s},
      {"opat_tune_result", Key::status_601},
      {"opat_tuning_result", Key::status},
      {"repo_modified_operators", Key::modified_operators},
      {"tune_failed_operators", Key::failed_601},
      {"tuning_failed_operators", Key::failed},
      {"repo_summary", Key::repo_summary},
      {"model_baseline_performance(ms)", Key::model_baseline_ms},
      {"model_result_performance(ms)", Key::model_result_ms},
      {"model_performance_improvement", Key::model_improvement},
      {"add_repo_operators", Key::add_list},
      {"update_repo_operators", Key::update_list},
      {"op_name", Key::op_name},
      {"op_type", Key::op_type},
      {"performance_after_tune(us)", Key::after_us},
      {"performance_before_tune(us)", Key::before_us},
      {"performance_improvement", Key::improvement},
      {"update_mode", Key::update_mode},
      {"tune_performance", Key::tune_performance},
      {"repo_add_num", Key::repo_add_num},
      {"repo_hit_num", Key::repo_hit_num},
      {"repo_reserved_num", Key::repo_reserved_num},
      {"repo_unsatisfied_num", Key::repo_unsatisfied_num},
      {"repo_update_num", Key::repo_update_num},
      {"total_num", Key::total_num},
  };
  for (const auto& [name, key] : kKeys) {
    if (name.size() == k.size() && name == k) return key;
  }
  return Key::unknown;
}


}  // namespace aoe::internal
