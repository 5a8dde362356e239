// SPDX-License-Identifier: Apache-2.0
// `show`: its output table and renderers. They format an `Overview`
// computed with the top rows and the check counts; they compute nothing.
#pragma once

#include <string>

#include "commands/overview/overview_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// Per file a heading, per report the overview fields and the top
/// operators, then the total over several reports and the check line.
[[nodiscard]] std::string show_text(const Overview& view, const RenderOptions& options);
/// Per file and report the overview fields and the operators that gained
/// most, within `options.markdown_limit_bytes`.
[[nodiscard]] std::string show_markdown(const Overview& view, const RenderOptions& options);

/// Every format `show` writes (json: the `summary --format json` document,
/// streamed by `write_summary_json`).
[[nodiscard]] const OutputTable<Overview>& show_outputs();

}  // namespace aoe::cli
