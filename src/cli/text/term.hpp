// SPDX-License-Identifier: Apache-2.0
// Terminal-facing text: safe escaping of strings from files, display width,
// shortening, colour and the terminal's width.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace aoe::cli {

/// Makes a string taken from a file safe to print: C0 controls, DEL and C1
/// controls are written as visible escapes (`\x1b`, `\u009b`), as are the
/// bidirectional overrides that can reorder a line (U+202A–U+202E,
/// U+2066–U+2069) and the characters drawn as nothing, which would make
/// two names look alike (U+200B–U+200D, U+2060–U+2064, U+00AD, U+FEFF,
/// U+180E, U+2028, U+2029, tags U+E0000–U+E007F: `\u200b`, `\U000e0041`);
/// a backslash is doubled only when `Backslash::escape`.
/// Invalid UTF-8 bytes are written as `\xNN`.
enum class Backslash { keep, escape };
[[nodiscard]] std::string escape_text(std::string_view s, Backslash backslash = Backslash::keep);

/// An operator's name as a table cell shows it, before escaping:
/// "(unnamed)" for an empty name, whose blank cell would read as a value
/// left out. JSON and CSV keep the name as read.
[[nodiscard]] constexpr std::string_view shown_name(std::string_view name) noexcept {
  return name.empty() ? std::string_view("(unnamed)") : name;
}

/// Whether `escape_text` (and the JSON outputs, `terminal_safe_json`) write
/// the code point `cp` (U+0080 or above) as an escape: the C1 controls
/// (U+0080–U+009F), the bidirectional controls (U+061C, U+200E/F,
/// U+202A–U+202E, U+2066–U+2069) and the characters a terminal draws as
/// nothing (U+00AD, U+180E, U+200B–U+200D, U+2028/9, U+2060–U+2064,
/// U+FEFF, the tags U+E0000–U+E007F), which would make two names look alike.
[[nodiscard]] bool escaped_outside_ascii(char32_t cp) noexcept;

/// The code point of the UTF-8 sequence at `s[i]` (`i` < `s.size()`) and
/// its length in `len`; `nullopt` and `len` 1 for an invalid sequence
/// (overlong, a surrogate, past U+10FFFF, cut short).
[[nodiscard]] std::optional<char32_t> decode_utf8(std::string_view s, std::size_t i,
                                                  std::size_t& len) noexcept;

/// True when `s` is valid UTF-8 (no overlong form, surrogate or code point
/// past U+10FFFF): what JSON can carry as it is. The JSON outputs write
/// each invalid byte of a string as U+FFFD.
[[nodiscard]] bool is_valid_utf8(std::string_view s) noexcept;

/// Columns `s` takes on a terminal (East Asian wide characters count 2,
/// combining marks 0). `s` is assumed already escaped.
[[nodiscard]] std::size_t display_width(std::string_view s);
/// `display_width` of text that may carry `Style`'s colour escapes
/// (`ESC [ … m`), which take no column.
[[nodiscard]] std::size_t styled_width(std::string_view s);

/// `s` shortened to at most `width` columns by cutting the middle and
/// putting "…" there ("very_long…_name"). Unchanged when it fits.
[[nodiscard]] std::string shorten_middle(std::string_view s, std::size_t width);

/// The longest start of `s` that takes at most `width` columns (cut at a
/// character boundary).
[[nodiscard]] std::string_view head_columns(std::string_view s, std::size_t width);
/// The longest end of `s` that takes at most `width` columns.
[[nodiscard]] std::string_view tail_columns(std::string_view s, std::size_t width);

/// `s` padded with spaces to `width` columns (left- or right-aligned).
enum class Align { left, right };
[[nodiscard]] std::string pad(std::string_view s, std::size_t width, Align align);

/// `--color` values.
enum class ColorWhen { automatic, always, never };

/// Whether to colour a stream: `always`/`never` as said; `automatic`
/// colours only when that stream (stdout for the data, stderr for the
/// messages) is a terminal, `NO_COLOR` is unset or empty, and `TERM` is not
/// "dumb".
[[nodiscard]] bool use_color(ColorWhen when, bool stream_is_tty, const char* no_color_env,
                             const char* term_env) noexcept;

/// The width to fit tables to: `COLUMNS` when it is a positive number, else
/// the terminal's width when stdout is one, else 100.
[[nodiscard]] std::size_t terminal_width(const char* columns_env,
                                         std::optional<std::size_t> tty_columns) noexcept;

/// `COLUMNS` as a width, when it is a positive number.
[[nodiscard]] std::optional<std::size_t> columns_env_width(const char* columns_env) noexcept;

/// The width of the terminal on stdout, when it is one.
[[nodiscard]] std::optional<std::size_t> stdout_tty_columns() noexcept;
/// Standard error's columns, when it is a terminal.
[[nodiscard]] std::optional<std::size_t> stderr_tty_columns() noexcept;
/// Whether stdout is a terminal.
[[nodiscard]] bool stdout_is_tty() noexcept;
/// Whether standard error is a terminal.
[[nodiscard]] bool stderr_is_tty() noexcept;

/// ANSI styling that is a no-op when colour is off.
class Style {
 public:
  explicit Style(bool enabled = false) noexcept : enabled_(enabled) {}
  [[nodiscard]] bool enabled() const noexcept { return enabled_; }
  [[nodiscard]] std::string bold(std::string_view s) const { return wrap("1", s); }
  [[nodiscard]] std::string dim(std::string_view s) const { return wrap("2", s); }
  [[nodiscard]] std::string red(std::string_view s) const { return wrap("31", s); }
  [[nodiscard]] std::string green(std::string_view s) const { return wrap("32", s); }
  [[nodiscard]] std::string yellow(std::string_view s) const { return wrap("33", s); }
  [[nodiscard]] std::string cyan(std::string_view s) const { return wrap("36", s); }

 private:
  [[nodiscard]] std::string wrap(std::string_view code, std::string_view s) const;
  bool enabled_;
};

}  // namespace aoe::cli
