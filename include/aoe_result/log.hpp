// SPDX-License-Identifier: Apache-2.0
/// @file
/// Reading AOE's console output (what `aoe ... 2>&1 | tee aoe.log` keeps)
/// into a model: how the run ended, the error and warning codes it printed,
/// the operators whose tuning finished, and a count of every other line.
///
/// The reader streams, a line at a time: a log of any size is read in
/// memory bounded by `LogReadOptions::max_line_bytes` plus what it keeps
/// (the events). It takes LF and CRLF line ends, a last line without a
/// newline, NUL bytes and bytes that are not UTF-8 (kept as they are: a
/// renderer escapes them); colour codes (`ESC [ ... m`) before a line's
/// text are skipped. A line it does not know is counted and
/// otherwise ignored; no line makes the log unreadable. Line numbers are
/// 1-based.
///
/// The lines it knows (CANN's public documentation, 6.0.1 to 9.x):
/// - `[Aoe]<op> Single operator tuning process finished.` — an operator's
///   tuning finished (CANN 6.0.1's spelling);
/// - `[Aoe]<op> Tuning process finished.` — the same (CANN 7.x and later);
/// - `<name> process finished. Performance improved by <xx>%` — offline
///   inference's gain for a model or subgraph;
/// - `[Aoe]Aoe process finished,cost time <N>s.` — the whole run is done
///   (every version; MindSpore Lite takes this line as the only sign of
///   success);
/// - a line holding an error code followed by `:` (`EG0013: Device
///   operation failed. Reason: device 0 is busy.`), alone or inside a
///   plog line (`[ERROR] AOE(pid,aoe):<date> [file:line] EG0013: ...`);
///   the reason may follow on the next line (`    Reason: ...`);
/// - other `[Aoe]` lines (`[Aoe]Aoe tuning start, job type: 2 ...`) and
///   other components' plog lines (`[INFO]`, `[WARNING]`, `[ERROR]`,
///   `[DEBUG]`, `[EVENT]`), counted.
#pragma once

#include <cstddef>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe {

/// How a tuning run ended, as its console output says.
enum class LogOutcome {
  /// `[Aoe]Aoe process finished,cost time <N>s.` was printed and no error
  /// code (a warning code such as `WG0000` does not count).
  finished,
  /// An error code was printed (`EG0013: ...`), whether or not the
  /// finishing line follows it.
  failed,
  /// Neither: the run was stopped (killed, Ctrl-C, a crash) or the log is
  /// cut short or empty. Nothing in the log says the run succeeded.
  interrupted,
};

/// "finished", "failed" or "interrupted".
[[nodiscard]] std::string_view to_string(LogOutcome outcome) noexcept;

/// A code as AOE's documentation lists it, with its meaning.
struct LogCodeInfo {
  std::string_view code;     ///< "EG0013"
  std::string_view meaning;  ///< "device operation failed"
  bool warning = false;      ///< true for `WG0000`: the run goes on
};

/// The documented codes (CANN's "AOE Errors" table, and `EC0011`, which
/// the repository code reports when it may not write the custom
/// repository), in the table's order.
[[nodiscard]] const std::vector<LogCodeInfo>& documented_log_codes();

/// The documented entry for `code`, or nullopt for a code the table does
/// not list (such a code is still read: its meaning is then unknown).
[[nodiscard]] std::optional<LogCodeInfo> log_code_info(std::string_view code) noexcept;

/// One line that held an error or warning code.
struct LogError {
  /// The code as printed: a letter `E` or `W`, a letter or digit, then 4
  /// or 5 digits ("EG0003", "EC0011", "WG0000", "EZ9999", "E19999").
  std::string code;
  /// A warning rather than an error: a code starting with `W`. Warnings do
  /// not make a run failed.
  bool warning = false;
  /// The documented meaning ("invalid option argument"); nullopt when the
  /// code is not in `documented_log_codes`.
  std::optional<std::string> meaning;
  /// The text after the code up to "Reason:" ("Device operation failed."),
  /// trimmed; raw bytes of the log.
  std::string message;
  /// The text after "Reason:" on the code's line, or on the next line
  /// when the code's line has none ("device 0 is busy."); nullopt when the
  /// log gives no reason.
  std::optional<std::string> reason;
  std::size_t line = 0;  ///< 1-based line of the code
};

/// Which spelling said that an operator's tuning finished.
enum class LogSpelling {
  single_operator,  ///< `Single operator tuning process finished.` (CANN 6.0.1)
  tuning,           ///< `Tuning process finished.` (CANN 7.x and later)
};

/// An operator whose tuning finished.
struct LogOperator {
  std::string name;  ///< as printed after `[Aoe]`, raw bytes
  std::size_t line = 0;
  LogSpelling spelling = LogSpelling::tuning;
};

/// A `<name> process finished. Performance improved by <xx>%` line.
struct LogImprovement {
  std::string name;              ///< what improved (a model, a subgraph), raw bytes
  double improvement_pct = 0.0;  ///< the percentage printed, as printed
  std::size_t line = 0;
};

/// How many lines of each kind the log holds. Every line is counted once,
/// in the first kind that takes it (the order of the members).
struct LogLineCounts {
  std::size_t total = 0;         ///< every line, the last one without a newline included
  std::size_t aoe = 0;           ///< known `[Aoe]`/code lines taken as events above
  std::size_t aoe_other = 0;     ///< other `[Aoe]` lines (start, progress)
  std::size_t plog_info = 0;     ///< `[INFO]`, `[DEBUG]`, `[EVENT]` lines of other components
  std::size_t plog_warning = 0;  ///< `[WARNING]` lines without a code
  std::size_t plog_error = 0;    ///< `[ERROR]` lines without a code
  std::size_t blank = 0;         ///< empty or white space only
  std::size_t unknown = 0;       ///< anything else: ignored
  /// Lines longer than `LogReadOptions::max_line_bytes`: only their first
  /// bytes were looked at (they are counted in a kind above too).
  std::size_t cut = 0;
};

/// A log read.
struct LogFile {
  std::string path;  ///< as given ("<stdin>" for standard input)
  /// False when the log could not be read at all (missing, a directory,
  /// unreadable: the rest is then empty), or is not AOE's console output
  /// (empty, or no `[Aoe]` line and no code: a `not-aoe-result` error;
  /// `lines` counts what it holds). `diagnostics` says why.
  bool readable = false;
  /// How the run ended. An empty log is `interrupted`.
  LogOutcome outcome = LogOutcome::interrupted;
  /// From `Aoe process finished,cost time <N>s.`, in seconds; nullopt when
  /// the log has no such line.
  std::optional<double> cost_time_s;
  /// The text printed after `cost time` when it is no duration (`-5s`: a
  /// signed number, no number, no `s`), trimmed and without the final
  /// `.`; `cost_time_s` is then nullopt. nullopt when the cost time was
  /// read or not printed.
  std::optional<std::string> unread_cost_time;
  /// The line of `Aoe process finished`; nullopt when none.
  std::optional<std::size_t> finished_line;
  /// Every line with an error or warning code, in log order.
  std::vector<LogError> errors;
  /// Operators whose tuning finished, in log order (a name printed twice
  /// is two entries).
  std::vector<LogOperator> finished_operators;
  /// `Performance improved by` lines, in log order.
  std::vector<LogImprovement> improvements;
  LogLineCounts lines;
  /// Problems reading the log: `io-error` (could not be opened, or a read
  /// failed midway: what came before is kept), and an info per cut line.
  std::vector<Diagnostic> diagnostics;

  /// The first entry of `errors` that is not a warning, or nullptr.
  [[nodiscard]] const LogError* first_error() const noexcept;
};

/// Options of the log reader.
struct LogReadOptions {
  /// Bytes read at a time (at least 16 are used). Any size gives the same
  /// model.
  std::size_t chunk_bytes = std::size_t{1} << 16;
  /// A line longer than this is looked at by its first `max_line_bytes`
  /// bytes only (the rest is skipped, not held), and counted in
  /// `LogLineCounts::cut`. At least 64 are used.
  std::size_t max_line_bytes = std::size_t{1} << 16;
};

/// Reads a log from `text` (the whole log's bytes). Never throws for bad
/// content; may throw `std::bad_alloc`.
[[nodiscard]] LogFile read_log_text(std::string_view text, std::string display_path = "<text>",
                                    const LogReadOptions& options = {});

/// Reads a log from a stream, a line at a time. A stream that fails midway
/// gives an `io-error` diagnostic (error) and keeps what was read; the log
/// stays `readable`. May throw `std::bad_alloc`.
[[nodiscard]] LogFile read_log_stream(std::istream& in, std::string display_path,
                                      const LogReadOptions& options = {});

/// Reads the log at `path`. A file that cannot be opened (missing, a
/// directory, no permission) gives `readable == false` and an `io-error`
/// diagnostic, no exception. Throws `aoe::InputError` before opening
/// `path` when `special_file_kind` (reader.hpp) names it (a FIFO, a
/// socket, a device). May throw `std::bad_alloc`.
[[nodiscard]] LogFile read_log_file(const std::filesystem::path& path,
                                    const LogReadOptions& options = {});

/// The result files of a run joined with its log (`check --log`). Each
/// finding's `file` is the log's path and, where one line of the log says
/// it, `line` is that line:
/// - `log-not-finished` (error): a result file says its run is complete
///   (read whole, at least one report, every report's status final) while
///   the log says it was interrupted, or says it failed while no report
///   says failed;
/// - `log-finished-result-cut-off` (error): the log says the run finished
///   while a result file is cut off or a report's status is incomplete;
/// - `log-operator-missing` (warning, one per name): an operator whose
///   tuning finished in the log is neither among the operators nor among
///   the failed operators of any result file (AOE writes no entry for an
///   operator whose tuning found no better tiling, so this may be right).
/// Result files that could not be read are left out; with none readable,
/// nothing is compared and nothing is found. A log that could not be read
/// gives its own diagnostics (an `io-error`) and nothing else.
[[nodiscard]] std::vector<Diagnostic> check_log_against_results(
    const LogFile& log, const std::vector<ResultFile>& results);

}  // namespace aoe
