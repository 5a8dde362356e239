// SPDX-License-Identifier: Apache-2.0
// AOE's console output (a log) as a kind of input (input_kind.hpp): the
// command line's [FILE...] into read logs.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/log.hpp"

#include "io/input_kind.hpp"

namespace aoe::cli {

/// The logs read.
using LogInputs = InputsOf<LogFile>;

/// A log (`aoe ... 2>&1 | tee aoe.log`) as a kind of input. AOE writes its
/// console output nowhere of its own, so there is no place to discover:
/// with no path, standard input is read when it is not a terminal.
struct LogKind {
  using Model = LogFile;
  LogReadOptions read;  ///< the reader's options
  /// Whether standard input is a terminal (`Context::in_is_terminal`):
  /// then nothing is discovered.
  bool stdin_is_terminal = false;

  /// "log", `*.log` in a directory, by name.
  [[nodiscard]] static const FileNaming& naming();
  /// Standard input ("-") when it is not a terminal; nothing otherwise.
  [[nodiscard]] Discovery discover() const;
  /// What to do instead: name a log, or pipe one in.
  [[nodiscard]] std::string nothing_discovered(const Discovery& found) const;
  [[nodiscard]] LogFile read_file(const std::string& path) const;
  [[nodiscard]] LogFile read_stream(std::istream& in, const std::string& display_path) const;
  [[nodiscard]] bool one_at_a_time() const { return false; }
  /// The reader's warnings and errors as notes; false when the log could
  /// not be read.
  bool after_read(LogFile& file, std::vector<InputNote>& notes) const;
  /// The log's first error (the reader gives one when it is unreadable).
  [[nodiscard]] InputProblem problem_of(const LogFile& file) const;
};

/// True for a name ending in ".log" (a directory's logs).
[[nodiscard]] bool is_log_file_name(std::string_view filename) noexcept;

/// Reads every input as logs: `load_inputs<LogKind>` (load_inputs.hpp).
/// With no path and standard input a terminal, throws `UsageError` with
/// `nothing_discovered`'s advice rather than waiting for input.
[[nodiscard]] LogInputs load_log_inputs(const PathOptions& options, const Context& ctx);

}  // namespace aoe::cli
