// SPDX-License-Identifier: Apache-2.0
// `log`: how each run ended, from its console output.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/log.hpp"

#include "core/context.hpp"
#include "io/input_kind.hpp"

namespace aoe::cli {

/// One event of a log, in line order: what `--format jsonl` writes a line
/// for.
struct LogEvent {
  enum class Kind { operator_finished, code, improvement, run_finished };
  Kind kind = Kind::operator_finished;
  std::size_t line = 0;
  std::size_t index = 0;  ///< into the log's vector of that kind (unused for run_finished)
};

/// One log as `log` shows it.
struct LogEntry {
  const LogFile* file = nullptr;  ///< kept alive by the command
  /// Exit::ok (finished), Exit::findings (failed, interrupted) or
  /// Exit::input (not read).
  Exit status = Exit::ok;
  /// The reason it was not read (`problem_of`'s words); nullopt when read.
  std::optional<std::string> problem;
  std::vector<LogEvent> events;  ///< every event, in line order
};

/// What `log` prints.
struct LogView {
  std::vector<LogEntry> logs;  ///< in input order, unreadable ones included
  /// Inputs that gave nothing to read (`InputsBase::problems`), for the
  /// JSON document's "problems"; set by the command.
  std::vector<InputProblem> problems;
};

/// The exit status a log's outcome gives: 0 finished, 1 failed or
/// interrupted, 3 not readable.
[[nodiscard]] Exit log_status(const LogFile& file) noexcept;

/// The view of `files`, in their order.
[[nodiscard]] LogView make_log_view(const std::vector<LogFile>& files);

}  // namespace aoe::cli
