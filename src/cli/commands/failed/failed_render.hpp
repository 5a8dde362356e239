// SPDX-License-Identifier: Apache-2.0
// `failed`: its output table and renderers.
#pragma once

#include <string>

#include "commands/failed/failed_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// One name per line, escaped for the terminal.
[[nodiscard]] std::string failed_text(const FailedView& view, const RenderOptions& options);
/// {"schema_version": 1, "failed_operators": [...]}.
[[nodiscard]] std::string failed_json(const FailedView& view, const RenderOptions& options);

/// Every format `failed` writes.
[[nodiscard]] const OutputTable<FailedView>& failed_outputs();

}  // namespace aoe::cli
