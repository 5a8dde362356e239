// SPDX-License-Identifier: Apache-2.0
// `log`: its output table and renderers.
#pragma once

#include <string>
#include <string_view>

#include "commands/log/log_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// Per log: a line saying how the run ended (coloured on a terminal); the
/// error codes with their meaning, message, reason and line; the warning
/// codes; the operators whose tuning finished, their names fitted to
/// `options.width` (at most five lines of names unless `options.wide`,
/// then how many more); the improvements; the lines counted by kind. A
/// blank line between logs. Every string from a log is escaped.
[[nodiscard]] std::string log_text(const LogView& view, const RenderOptions& options);
/// {"schema_version": 1, "problems": [...], "logs": [{file, readable,
/// outcome, exit_status, problem, cost_time_s, finished_line, errors,
/// finished_operator_count, finished_operators, improvements, lines}]}
/// (docs/log.schema.json).
[[nodiscard]] std::string log_json(const LogView& view, const RenderOptions& options);
/// One JSON object a line, in line order per log: `operator`, `code`,
/// `improvement`, `run_finished`, then the log's `end` (its outcome and
/// exit status; for a log not read, the only line)
/// (docs/log-events.schema.json).
[[nodiscard]] std::string log_jsonl(const LogView& view, const RenderOptions& options);

/// "single-operator" (CANN 6.0.1's spelling) or "tuning" (7.x and later).
[[nodiscard]] std::string_view spelling_name(LogSpelling spelling) noexcept;

/// Every format `log` writes.
[[nodiscard]] const OutputTable<LogView>& log_outputs();

}  // namespace aoe::cli
