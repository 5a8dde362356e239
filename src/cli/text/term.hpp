// SPDX-License-Identifier: Apache-2.0
// Terminal-facing text: safe escaping of strings from files, display width,
// shortening, colour and the terminal's width.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace aoe {
struct Diagnostic;
}  // namespace aoe

namespace aoe::cli {

/// Makes a string taken from a file safe to print: C0 controls, DEL and C1
/// controls are written as visible escapes (`\x1b`, `\u009b`), as are the
/// bidirectional overrides that can reorder a line (U+202A–U+202E,
/// U+2066–U+2069) and the characters drawn as nothing, which would make
/// two names look alike (Unicode's default-ignorable code points, U+2028,
/// U+2029: `\u200b`, `\ufe0f`, `\U000e0041`), the blanks other than the
/// space (`\u00a0`) and private use (`escaped_outside_ascii`).
/// Invalid UTF-8 bytes are written as `\xNN`. A backslash is doubled
/// (`Backslash::when_ambiguous`) where it would read as such an escape:
/// before x, u, U, n, r, t or a backslash (the text "\u200d" is shown
/// `\\u200d`, U+200D `\u200d`); everywhere with `Backslash::escape`;
/// nowhere with `Backslash::keep`, for JSON text, whose
/// backslashes begin JSON's own escapes (a bank value `"\u001b"`).
/// The blanks other than the space (U+00A0, U+202F, …) are escaped; with `Blanks::keep_unit_spaces`
/// a no-break space after a digit is kept (the report page joins numbers and units with one).
enum class Backslash { when_ambiguous, keep, escape };
enum class Blanks { escape, keep_unit_spaces };
[[nodiscard]] std::string escape_text(std::string_view s,
                                      Backslash backslash = Backslash::when_ambiguous,
                                      Blanks blanks = Blanks::escape);

/// A value from the input quoted in a message: its first 40 bytes ("..."
/// after them when it is longer), escaped (`escape_text`), in single
/// quotes: `'-5s'`.
[[nodiscard]] std::string quoted_value(std::string_view text);

/// How `text`, a part of `d`'s message, is escaped for the terminal: as
/// `escape_text`, but an `invalid-json` message keeps its backslashes (the
/// parser writes what it last read in JSON's escapes: `\u0000`, `\n`; a
/// doubled backslash would make "escaped to \u0000" wrong advice).
[[nodiscard]] std::string escape_message(const Diagnostic& d, std::string_view text);

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
/// nothing (Unicode's default-ignorable code points: U+00AD, U+034F,
/// U+115F/60, U+17B4/5, U+180B–U+180F, U+200B–U+200D, U+2060–U+2065,
/// U+206A–U+206F, U+3164, U+FE00–U+FE0F, U+FEFF, U+FFA0, U+FFF0–U+FFFB,
/// U+1BCA0–U+1BCA3, U+1D173–U+1D17A, U+E0000–U+E0FFF; and U+2028/9),
/// the blanks a terminal draws like spaces (U+00A0, U+1680, U+2000–U+200A,
/// U+202F, U+205F, U+3000, U+2800), private use and the noncharacters
/// (U+E000–U+F8FF, planes 15 and 16, U+FDD0–U+FDEF, U+xFFFE/F): each would
/// make two names look alike.
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
