// SPDX-License-Identifier: Apache-2.0
// `profile --result RESULT... PROFILE` and `profile BEFORE AFTER`: their
// output tables and renderers (text, JSON schema version 1, CSV, Markdown).
#pragma once

#include <string>

#include "commands/profile/profile_compare_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// CSV header of the cross-check: a row per tuned operator ("tuned"), then
/// one per never-tuned operator listed ("untuned").
inline constexpr const char* kProfileCheckCsvHeader =
    "row,op_name,op_type,aoe_before_us,aoe_after_us,aoe_improvement_pct,profile_calls,"
    "profile_mean_us,profile_total_us,profile_share_pct,mean_vs_aoe_after_pct,verdict,"
    "candidates";

/// CSV header of two profiles: a row per operator (name and type); the
/// tuned columns filled for the names the result files tuned.
inline constexpr const char* kProfileCompareCsvHeader =
    "op_name,op_type,presence,before_calls,after_calls,before_mean_us,after_mean_us,"
    "mean_change_us,mean_change_pct,before_total_us,after_total_us,total_change_us,"
    "aoe_before_us,aoe_after_us,aoe_improvement_pct,profiled_improvement_pct,tuned_verdict";

[[nodiscard]] std::string profile_check_text(const ProfileCheckView& view,
                                             const RenderOptions& options);
[[nodiscard]] std::string profile_check_json(const ProfileCheckView& view,
                                             const RenderOptions& options);
[[nodiscard]] std::string profile_check_csv(const ProfileCheckView& view,
                                            const RenderOptions& options);
[[nodiscard]] std::string profile_check_markdown(const ProfileCheckView& view,
                                                 const RenderOptions& options);

[[nodiscard]] std::string profile_compare_text(const ProfileCompareView& view,
                                               const RenderOptions& options);
[[nodiscard]] std::string profile_compare_json(const ProfileCompareView& view,
                                               const RenderOptions& options);
[[nodiscard]] std::string profile_compare_csv(const ProfileCompareView& view,
                                              const RenderOptions& options);
[[nodiscard]] std::string profile_compare_markdown(const ProfileCompareView& view,
                                                   const RenderOptions& options);

/// Every format of the cross-check.
[[nodiscard]] const OutputTable<ProfileCheckView>& profile_check_outputs();
/// Every format of two profiles compared.
[[nodiscard]] const OutputTable<ProfileCompareView>& profile_compare_outputs();

}  // namespace aoe::cli
