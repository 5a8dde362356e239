// SPDX-License-Identifier: Apache-2.0
// HTML output: escaping of strings from files for text and attributes, and
// a small writer that keeps elements balanced. Used by `report`.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aoe::cli::html {

/// A string from a file made safe for HTML text and for a quoted attribute
/// value: control characters, bidirectional overrides and invalid UTF-8 are
/// first written as visible escapes as in text output (`escape_text`:
/// `\x1b`, `\u202e`, `\xff`), then `&`, `<`, `>`, `"` and `'` become
/// character references. The result never holds markup.
[[nodiscard]] std::string escape(std::string_view s);
/// The first half of `escape`: `s` with its control characters,
/// bidirectional overrides and invalid UTF-8 written as visible escapes,
/// its markup characters left as they are. `escape(s)` is
/// `escape_markup(shown(s))`.
[[nodiscard]] std::string shown(std::string_view s);
/// The second half of `escape`: `&`, `<`, `>`, `"` and `'` as character
/// references, nothing else. Only for text that `shown` gave (a chart's
/// label fitted to its room after it was made visible); never for a
/// string from a file as it is.
[[nodiscard]] std::string escape_markup(std::string_view shown_text);

/// One attribute: a name written as is (the program's own, never from a
/// file) and a value that is escaped when written.
struct Attr {
  std::string_view name;
  std::string value;
};

/// Builds an HTML document (or a fragment) into a string. Element and
/// attribute names are the program's own; every text and attribute value
/// is escaped (`escape`). `close` checks the nesting: closing what is not
/// open is a programming error and throws `std::logic_error`.
class Writer {
 public:
  /// `<tag attr="value"...>`; the element stays open until `close`.
  Writer& open(std::string_view tag, std::initializer_list<Attr> attrs = {});
  /// `</tag>` of the innermost open element, which must be `tag`.
  Writer& close(std::string_view tag);
  /// `<tag attrs>escaped text</tag>`.
  Writer& element(std::string_view tag, std::string_view text,
                  std::initializer_list<Attr> attrs = {});
  /// A void element (`<meta>`, `<br>`, `<input>`): no content, no end tag.
  Writer& void_element(std::string_view tag, std::initializer_list<Attr> attrs = {});
  /// Escaped text.
  Writer& text(std::string_view s);
  /// Escaped text with a line-break opportunity (`<wbr>`, no character
  /// added) after each byte of `break_after` (ASCII punctuation) that more
  /// text follows: a long name breaks at its own seams ("conv1/Relu_3"
  /// after '/' and '_') before the stylesheet breaks it anywhere.
  Writer& breakable_text(std::string_view s, std::string_view break_after);
  /// Markup written as it is: only for the program's own markup (the
  /// stylesheet, the script, SVG built by svg_chart), never for a string
  /// from a file.
  Writer& raw(std::string_view markup);

  /// Elements still open, innermost last.
  [[nodiscard]] const std::vector<std::string>& open_elements() const noexcept { return stack_; }
  /// The markup so far. Throws `std::logic_error` when elements are open.
  [[nodiscard]] std::string finish() &&;
  /// Bytes written so far.
  [[nodiscard]] std::size_t size() const noexcept { return out_.size(); }

 private:
  void write_attrs(const Attr* begin, const Attr* end);
  std::string out_;
  std::vector<std::string> stack_;
};

}  // namespace aoe::cli::html
