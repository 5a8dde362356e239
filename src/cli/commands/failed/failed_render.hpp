// SPDX-License-Identifier: Apache-2.0
// `failed`: its output table and renderers.
#pragma once

#include <string>

#include "commands/failed/failed_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// One name per line, escaped for the terminal; with `view.where`, a line
/// `FILE  REPORT` per report that has failed operators, its names under it
/// indented by two spaces.
[[nodiscard]] std::string failed_text(const FailedView& view, const RenderOptions& options);
/// {"schema_version": 1, "problems": [...], "failed_operators": [names, each
/// once], "occurrences": [{"op_name", "file", "report"}, every one]}
/// (docs/failed.schema.json).
[[nodiscard]] std::string failed_json(const FailedView& view, const RenderOptions& options);
/// `failed_csv_header()`, then a row per occurrence (RFC 4180).
[[nodiscard]] std::string failed_csv(const FailedView& view, const RenderOptions& options);
/// "file,report,op_name".
[[nodiscard]] std::string failed_csv_header();

/// Every format `failed` writes.
[[nodiscard]] const OutputTable<FailedView>& failed_outputs();

}  // namespace aoe::cli
