// SPDX-License-Identifier: Apache-2.0
// The diagnostic codes under their short names, for the library's sources:
// `codes::truncated` is `Code::truncated` (the public enum and its stable
// strings are in include/aoe_result/diagnostic.hpp; docs/check-codes.md
// lists them for users).
#pragma once

#include "aoe_result/diagnostic.hpp"

namespace aoe::codes {

inline constexpr Code invalid_json = Code::invalid_json;
inline constexpr Code truncated = Code::truncated;
inline constexpr Code not_aoe_result = Code::not_aoe_result;
inline constexpr Code io_error = Code::io_error;
inline constexpr Code no_result_file = Code::no_result_file;
inline constexpr Code duplicate_report_id = Code::duplicate_report_id;
inline constexpr Code duplicate_key = Code::duplicate_key;
inline constexpr Code number_as_string = Code::number_as_string;
inline constexpr Code invalid_value = Code::invalid_value;
inline constexpr Code unknown_section = Code::unknown_section;
inline constexpr Code unknown_key = Code::unknown_key;
inline constexpr Code unknown_status = Code::unknown_status;
inline constexpr Code status_incomplete = Code::status_incomplete;
inline constexpr Code tuning_failed = Code::tuning_failed;
inline constexpr Code failed_list_mismatch = Code::failed_list_mismatch;
inline constexpr Code summary_hit_sum = Code::summary_hit_sum;
inline constexpr Code summary_total_sum = Code::summary_total_sum;
inline constexpr Code summary_count_mismatch = Code::summary_count_mismatch;
inline constexpr Code missing_summary = Code::missing_summary;
inline constexpr Code status_missing = Code::status_missing;
inline constexpr Code opat_missing = Code::opat_missing;
inline constexpr Code improvement_mismatch = Code::improvement_mismatch;
inline constexpr Code negative_time = Code::negative_time;
inline constexpr Code zero_time = Code::zero_time;
inline constexpr Code writer_artefact = Code::writer_artefact;
inline constexpr Code slower_after_tune = Code::slower_after_tune;
inline constexpr Code bank_empty = Code::bank_empty;
inline constexpr Code unknown_tuning_mode = Code::unknown_tuning_mode;
inline constexpr Code unknown_update_mode = Code::unknown_update_mode;
inline constexpr Code threshold_max_failed = Code::threshold_max_failed;
inline constexpr Code threshold_min_improvement = Code::threshold_min_improvement;
inline constexpr Code threshold_not_applicable = Code::threshold_not_applicable;
inline constexpr Code threshold_min_model_improvement = Code::threshold_min_model_improvement;
inline constexpr Code log_not_finished = Code::log_not_finished;
inline constexpr Code log_finished_result_cut_off = Code::log_finished_result_cut_off;
inline constexpr Code log_operator_missing = Code::log_operator_missing;
inline constexpr Code invalid_csv = Code::invalid_csv;
inline constexpr Code not_a_profile = Code::not_a_profile;

}  // namespace aoe::codes
