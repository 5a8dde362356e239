// SPDX-License-Identifier: Apache-2.0
// `summary`: its output table and renderers, formatting an `Overview`.
#pragma once

#include <ostream>
#include <string>

#include "commands/overview/overview_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// One compact block per report, then the totals when there are several.
[[nodiscard]] std::string summary_text(const Overview& view, const RenderOptions& options);
/// A table of every report, then the totals.
[[nodiscard]] std::string summary_markdown(const Overview& view, const RenderOptions& options);
/// The `summary --format json` document (cli.md, "JSON summary", schema
/// version 1), pretty printed with a trailing newline, written to `out` a
/// report at a time (also `show --format json`). Every file is listed,
/// unreadable ones included.
void write_summary_json(const Overview& view, const RenderOptions& options, std::ostream& out);

/// Every format `summary` writes (json streamed).
[[nodiscard]] const OutputTable<Overview>& summary_outputs();

}  // namespace aoe::cli
