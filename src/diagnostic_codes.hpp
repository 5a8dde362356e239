// SPDX-License-Identifier: Apache-2.0
// The stable diagnostic codes (docs/check-codes.md lists them for users).
#pragma once

#include <string_view>

namespace aoe::codes {

// Found while reading.
inline constexpr std::string_view invalid_json = "invalid-json";
inline constexpr std::string_view truncated = "truncated";
inline constexpr std::string_view not_aoe_result = "not-aoe-result";
inline constexpr std::string_view io_error = "io-error";
inline constexpr std::string_view duplicate_report_id = "duplicate-report-id";
inline constexpr std::string_view duplicate_key = "duplicate-key";
inline constexpr std::string_view number_as_string = "number-as-string";
inline constexpr std::string_view invalid_value = "invalid-value";
inline constexpr std::string_view unknown_section = "unknown-section";
inline constexpr std::string_view unknown_key = "unknown-key";
inline constexpr std::string_view unknown_status = "unknown-status";

// Found by `check`'s rules.
inline constexpr std::string_view status_incomplete = "status-incomplete";
inline constexpr std::string_view tuning_failed = "tuning-failed";
inline constexpr std::string_view failed_list_mismatch = "failed-list-mismatch";
inline constexpr std::string_view summary_hit_sum = "summary-hit-sum";
inline constexpr std::string_view summary_total_sum = "summary-total-sum";
inline constexpr std::string_view summary_count_mismatch = "summary-count-mismatch";
inline constexpr std::string_view missing_summary = "missing-summary";
inline constexpr std::string_view improvement_mismatch = "improvement-mismatch";
inline constexpr std::string_view negative_time = "negative-time";
inline constexpr std::string_view zero_time = "zero-time";
inline constexpr std::string_view writer_artefact = "writer-artefact";
inline constexpr std::string_view threshold_max_failed = "threshold-max-failed";
inline constexpr std::string_view threshold_min_improvement = "threshold-min-improvement";
inline constexpr std::string_view threshold_not_applicable = "threshold-not-applicable";
inline constexpr std::string_view threshold_min_model_improvement =
    "threshold-min-model-improvement";


}  // namespace aoe::codes
