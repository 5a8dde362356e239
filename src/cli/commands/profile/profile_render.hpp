// SPDX-License-Identifier: Apache-2.0
// `profile`: its output table and renderers (one profile's operators).
#pragma once

#include <optional>
#include <string>

#include "commands/profile/profile_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// A share in [0, 1] as a percentage; nullopt (not known) stays nullopt.
[[nodiscard]] std::optional<double> share_pct(std::optional<double> share);

/// A headline (the files, formats, devices and rows read; total device
/// time), the task types' totals, the operator table (name, type, task
/// type, calls, total, mean, median, P95 in µs, share), a line for the
/// operators past --top, and the steps' table when the profile has steps.
/// Every string from a file is escaped. Nothing read: one line that says
/// so, no numbers.
[[nodiscard]] std::string profile_text(const ProfileView& view, const RenderOptions& options);
/// {"schema_version": 1, "problems": [...], "profile": {input, files,
/// devices, rows, bad_rows, total_us, task_types, steps, sort, top,
/// operator_count, matching, left_out, operators}} (docs/profile.schema.json);
/// values not read are null.
[[nodiscard]] std::string profile_json(const ProfileView& view, const RenderOptions& options);
/// One JSON object a line per operator shown (the keys of `operators`).
[[nodiscard]] std::string profile_jsonl(const ProfileView& view, const RenderOptions& options);
/// A header (`profile_csv_header`), then a row per operator shown.
[[nodiscard]] std::string profile_csv(const ProfileView& view, const RenderOptions& options);
/// A heading, the totals and the operator table in GitHub Markdown.
[[nodiscard]] std::string profile_markdown(const ProfileView& view, const RenderOptions& options);

/// The CSV header line, without its newline (for the help, too).
[[nodiscard]] std::string profile_csv_header();

/// Every format `profile` writes.
[[nodiscard]] const OutputTable<ProfileView>& profile_outputs();

}  // namespace aoe::cli
