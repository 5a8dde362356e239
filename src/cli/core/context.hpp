// SPDX-License-Identifier: Apache-2.0
// What every subcommand's run_ function gets: its streams, the global
// options, and the terminal decisions made from them.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "text/term.hpp"

namespace aoe::cli {

/// Exit statuses (the CLI contract). The worst of several applies.
enum class Exit : int {
  ok = 0,        ///< done; warnings allowed
  findings = 1,  ///< check found an error, a threshold was broken, diff regressed
  usage = 2,     ///< unknown option, bad value
  input = 3,     ///< an input could not be read at all
  /// Stopped by SIGHUP (the terminal closed): 128 + 1, as a shell reports it
  /// (`watch`).
  hangup = 129,
  /// Stopped by Ctrl-C (SIGINT): 128 + 2, as a shell reports it (`watch`).
  interrupted = 130,
  /// Stopped by SIGTERM (a cancelled CI job, `kill`): 128 + 15, as a shell
  /// reports it (`watch`).
  terminated = 143,
};

/// The worse of two exit statuses (3 over 2 over 1 over 0).
[[nodiscard]] constexpr Exit worst(Exit a, Exit b) noexcept {
  return static_cast<int>(a) >= static_cast<int>(b) ? a : b;
}

/// `--format` values (their names: `format_names()` in output.hpp). `html`
/// is `report`'s, whose page is also what the default `text` gives there.
enum class Format { text, json, jsonl, csv, markdown, junit, github, html };
/// The `--format` name of `f` ("text", "json", ...).
/// (Not `to_string`: CLI11 would find it for the option's default text.)
[[nodiscard]] std::string_view format_name(Format f) noexcept;

/// Options every command takes.
struct GlobalOptions {
  Format format = Format::text;
  ColorWhen color = ColorWhen::automatic;
  bool quiet = false;  ///< no warnings on stderr
  bool wide = false;   ///< never shorten names
};

/// A usage error found after parsing (e.g. a format the command lacks):
/// exit 2 with the message.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Context {
  std::ostream& out;  ///< data
  std::ostream& err;  ///< diagnostics
  std::istream& in;   ///< for the path "-"
  GlobalOptions global;
  Style style;              ///< colour decision applied
  std::size_t width = 100;  ///< columns to fit tables to
  /// Whether `width` is a terminal's (`COLUMNS`, or standard output is a
  /// terminal): only then is prose wrapped at it; output to a file or a
  /// pipe keeps a line of prose on one line, for grep.
  bool width_is_terminal = false;
  /// Most bytes a Markdown document may take: GitHub refuses a step summary
  /// over 1 MiB, so rows beyond this are left out (and the output says so).
  std::size_t markdown_limit_bytes = 1000 * 1000;
  /// Colour of the messages on `err`: decided for standard error itself
  /// (`2> log` gets none while the data on the terminal is coloured).
  Style err_style = Style(false);
  /// Columns the messages on `err` are wrapped at (at spaces, the lines
  /// after the first indented by two): set when standard error is a
  /// terminal (`COLUMNS`, else its width); `nullopt`, one line per message,
  /// for a file or a pipe, so that grep finds a message whole.
  std::optional<std::size_t> err_width = std::nullopt;
  /// Whether standard input is a terminal: a command that reads `-` when
  /// no path is given (`log`) refuses to wait on a terminal.
  bool in_is_terminal = false;
  /// Whether standard output is a terminal (a broken gate's line written
  /// there is not said again on `err`: `gate_error`).
  bool out_is_terminal = false;

  /// Prints "aoe-result: <level>: <message>" on `err` unless quiet (errors
  /// are printed even when quiet), wrapped at `err_width` when set.
  void warn(std::string_view message) const;
  void error(std::string_view message) const;
  /// A broken gate's line (`diff`, `trend`, `profile`) as an error on `err`,
  /// for a log that keeps standard error, unless the person reads it
  /// already: standard output is a terminal and the format writes the
  /// gate's line in its output (text, Markdown).
  void gate_error(std::string_view line) const;
  /// Standard output is a terminal and the format writes the lines a
  /// person reads there (text, markdown): what they say is not said again
  /// on `err` (a broken gate's line, a log that was not read).
  [[nodiscard]] bool person_reads_out() const noexcept;
  /// Prints "aoe-result: error: <message>" unless quiet: an error finding in
  /// an input that was read anyway (the reading commands go on).
  void problem(std::string_view message) const;
};

/// Columns the messages on standard error wrap at: `COLUMNS`, else the
/// terminal's, when standard error is a terminal; `nullopt` for a file or a
/// pipe (what `Context::err_width` is set to).
[[nodiscard]] std::optional<std::size_t> process_err_width();

/// "aoe-result: error: <message>" on `err`, wrapped at `width` as
/// `Context::error` wraps it: for usage errors, told before a command runs.
void write_error(std::ostream& err, std::string_view message, std::optional<std::size_t> width);

/// A context for the real process: stdout/stderr/stdin, colour and width
/// from the environment and the terminal.
[[nodiscard]] Context make_process_context(const GlobalOptions& global);

}  // namespace aoe::cli
