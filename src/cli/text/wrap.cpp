// SPDX-License-Identifier: Apache-2.0
#include "text/wrap.hpp"

#include <algorithm>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

// The bytes of the longest start of `s` that takes at most `width` columns,
// colour escapes (which take none) kept whole; at least one character.
std::size_t styled_head_bytes(std::string_view s, std::size_t width) {
  std::size_t used = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "\x1b[") == 0) {
      const std::size_t m = s.find('m', i);
      i = m == std::string_view::npos ? s.size() : m + 1;
      continue;
    }
    std::size_t len = 1;
    while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
    const std::size_t w = display_width(s.substr(i, len));
    if (used + w > width && i > 0) break;
    used += w;
    i += len;
  }
  return i;
}

// Where to cut a word wider than a line, given the bytes `fit` of it that
// fit: after its last '/' among them (a path breaks between its folders),
// else after its last '_', '-' or '.' (a name between its parts), when
// that keeps at least half of what fits on the line; else at `fit`. None
// of these characters is in a colour escape, so the cut never splits one.
std::size_t break_after(std::string_view word, std::size_t fit) {
  if (fit >= word.size()) return fit;
  const std::string_view head = word.substr(0, fit);
  for (const std::string_view marks : {std::string_view("/"), std::string_view("_-.")}) {
    const std::size_t at = head.find_last_of(marks);
    if (at != std::string_view::npos && (at + 1) * 2 >= fit) return at + 1;
  }
  return fit;
}

// The words of `text`: a break at each run of spaces; the spaces of a run
// beyond one stay at the start of the next word ("id  name" keeps its two
// spaces when both words share a line).
std::vector<std::string_view> split_at_spaces(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t start = std::min(text.find_first_not_of(' '), text.size());
  while (start < text.size()) {
    const std::size_t body = text.find_first_not_of(' ', start);
    if (body == std::string_view::npos) break;  // spaces at the end
    std::size_t end = text.find(' ', body);
    if (end == std::string_view::npos) end = text.size();
    words.push_back(text.substr(start, end - start));
    start = end + 1;  // past the one space that is the break
  }
  return words;
}

class Lines {
 public:
  explicit Lines(const WrapLayout& layout) : layout_(layout) {
    if (layout.first_used > 0) {
      used_ = layout.first_used;
    } else {
      out_.append(layout.indent, ' ');
      used_ = layout.indent;
    }
  }

  // Places a unit; `level` 0 a unit, 1 a word of one, 2 a piece of a word.
  void place(std::string_view unit, std::string_view gap, int level) {
    if (empty_) unit.remove_prefix(std::min(unit.find_first_not_of(' '), unit.size()));
    if (unit.empty()) return;
    const std::size_t w = styled_width(unit);
    const std::size_t sep = empty_ ? 0 : styled_width(gap);
    if (used_ + sep + w <= layout_.width) {
      append(unit, empty_ ? std::string_view() : gap, w);
      return;
    }
    // Too wide for what is left of the line: the next line, when it holds it.
    if (!empty_ && layout_.hang + w <= layout_.width) {
      newline();
      place(unit, {}, level);
      return;
    }
    if (level == 0 && unit.find(' ') != std::string_view::npos) {
      bool first = true;
      for (const std::string_view word : split_at_spaces(unit)) {
        place(word, first ? gap : std::string_view(" "), 1);
        first = false;
      }
      return;
    }
    // A word wider than a line: what fits here, the rest on the next lines.
    if (!empty_ && used_ + sep + 1 > layout_.width) newline();
    std::string_view rest = unit;
    std::string_view before = empty_ ? std::string_view() : gap;
    while (!rest.empty()) {
      const std::size_t taken = used_ + styled_width(before);
      const std::size_t room = layout_.width > taken ? layout_.width - taken : 1;
      const std::size_t n = break_after(rest, styled_head_bytes(rest, room));
      append(rest.substr(0, n), before, styled_width(rest.substr(0, n)));
      rest.remove_prefix(n);
      before = {};
      if (!rest.empty()) newline();
    }
  }

  std::string finish() && {
    if (!any_) return {};
    if (layout_.final_newline) out_ += '\n';
    return std::move(out_);
  }

 private:
  void append(std::string_view unit, std::string_view gap, std::size_t w) {
    out_ += gap;
    out_ += unit;
    used_ += styled_width(gap) + w;
    empty_ = false;
    any_ = true;
  }
  void newline() {
    out_ += '\n';
    out_.append(layout_.hang, ' ');
    used_ = layout_.hang;
    empty_ = true;
  }

  const WrapLayout& layout_;
  std::string out_;
  std::size_t used_ = 0;
  bool empty_ = true;
  bool any_ = false;
};

}  // namespace

std::string wrap_units(const std::vector<std::string_view>& units, const WrapLayout& layout) {
  if (units.empty()) return {};
  Lines lines(layout);
  for (const std::string_view unit : units) lines.place(unit, layout.gap, 0);
  return std::move(lines).finish();
}

std::string wrap_text(std::string_view text, std::size_t width, std::size_t indent,
                      std::size_t hang) {
  WrapLayout layout;
  layout.width = width;
  layout.indent = indent;
  layout.hang = hang;
  return wrap_units(split_at_spaces(text), layout);
}

std::string wrap_note(std::string_view text, std::size_t width) { return wrap_text(text, width); }

std::string wrap_fields(const std::vector<std::string>& fields, std::size_t width,
                        std::size_t indent, std::size_t next_indent) {
  WrapLayout layout;
  layout.width = width;
  layout.indent = indent;
  layout.hang = next_indent;
  layout.gap = "  ";
  return wrap_units(std::vector<std::string_view>(fields.begin(), fields.end()), layout);
}

std::string wrap_phrases(std::string_view text, std::size_t width, std::size_t first_used,
                         std::size_t next_indent) {
  // A phrase runs to just after the next ", " or "; " (its space is the break).
  std::vector<std::string_view> phrases;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.size();
    for (std::size_t i = start; i + 1 < text.size(); ++i) {
      if ((text[i] == ',' || text[i] == ';') && text[i + 1] == ' ') {
        end = i + 1;
        break;
      }
    }
    phrases.push_back(text.substr(start, end - start));
    start = end < text.size() ? end + 1 : end;
  }
  WrapLayout layout;
  layout.width = width;
  layout.first_used = first_used;
  layout.hang = next_indent;
  layout.final_newline = false;
  return wrap_units(phrases, layout);
}

}  // namespace aoe::cli
