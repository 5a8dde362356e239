// SPDX-License-Identifier: Apache-2.0
// Prose on a terminal: every line of text that is not a table cell is laid
// out by `wrap_units`, so that a note, a summary line, a header or a
// message breaks at the width the same way in every command.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace aoe::cli {

/// Where `wrap_units` puts its lines.
struct WrapLayout {
  std::size_t width = 100;     ///< columns a line may take, its margin included
  std::size_t indent = 0;      ///< spaces before the first line
  std::size_t hang = 0;        ///< spaces before every line after the first
  std::size_t first_used = 0;  ///< columns already written on the first line (then no indent)
  std::string_view gap = " ";  ///< between two units on one line
  bool final_newline = true;   ///< the last line ends in '\n' too
};

/// `units` (words, phrases or fields, in order) on lines of at most
/// `layout.width` columns: each goes on the current line, `gap` after the
/// one before, when it fits there, else it starts the next line. A unit
/// wider than a whole line is broken at its spaces, and a word wider than a
/// whole line is cut across lines (after a '/', else after a '_', '-' or
/// '.', when one is in the second half of what fits; else at a character
/// boundary), so no line is
/// wider than the width (unless the margin leaves it less than one column).
/// Units are already escaped and may carry `Style`'s colour, which takes no
/// column. Every line but the last ends in '\n'; the last too when
/// `final_newline`. Nothing (an empty string) for no units.
[[nodiscard]] std::string wrap_units(const std::vector<std::string_view>& units,
                                     const WrapLayout& layout);

/// `text` broken at its spaces (`wrap_units` of its words): the way every
/// line of prose is written. Lines end in '\n'.
[[nodiscard]] std::string wrap_text(std::string_view text, std::size_t width,
                                    std::size_t indent = 0, std::size_t hang = 0);

/// A note under a table: `wrap_text` with no margin.
[[nodiscard]] std::string wrap_note(std::string_view text, std::size_t width);

/// `fields` two spaces apart (`wrap_units` with a gap of two spaces): the
/// first line starts with `indent` spaces, the next ones with
/// `next_indent`; a field is broken only when it is wider than a line.
[[nodiscard]] std::string wrap_fields(const std::vector<std::string>& fields, std::size_t width,
                                      std::size_t indent, std::size_t next_indent);

/// `text` broken after its ", " and "; " (a phrase is broken at its spaces
/// only when it is wider than a line): the first line goes after what the
/// caller has written, `first_used` columns, the next ones after
/// `next_indent` spaces. Ends without '\n'.
[[nodiscard]] std::string wrap_phrases(std::string_view text, std::size_t width,
                                       std::size_t first_used, std::size_t next_indent);

}  // namespace aoe::cli
