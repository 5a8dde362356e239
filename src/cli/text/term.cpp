// SPDX-License-Identifier: Apache-2.0
#include "text/term.hpp"

#include <charconv>
#include <cstdint>
#include <deque>
#include <vector>

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "aoe_result/model.hpp"

#include "text/byte_words.hpp"

namespace aoe::cli {
namespace {

// Decodes one UTF-8 sequence at s[i]; returns the code point and sets `len`.
// An invalid sequence gives nullopt and len 1.
std::optional<char32_t> decode(std::string_view s, std::size_t i, std::size_t& len) noexcept {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    len = 1;
    return b0;
  }
  std::size_t n = 0;
  char32_t cp = 0;
  if ((b0 & 0xE0) == 0xC0) {
    n = 2;
    cp = b0 & 0x1Fu;
  } else if ((b0 & 0xF0) == 0xE0) {
    n = 3;
    cp = b0 & 0x0Fu;
  } else if ((b0 & 0xF8) == 0xF0) {
    n = 4;
    cp = b0 & 0x07u;
  } else {
    len = 1;
    return std::nullopt;
  }
  if (i + n > s.size()) {
    len = 1;
    return std::nullopt;
  }
  for (std::size_t k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) {
      len = 1;
      return std::nullopt;
    }
    cp = (cp << 6) | (b & 0x3Fu);
  }
  const bool overlong = (n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
  if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    len = 1;
    return std::nullopt;
  }
  len = n;
  return cp;
}

bool is_bidi_control(char32_t cp) noexcept {
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
         cp == 0x200F || cp == 0x061C;
}

// Characters a terminal draws as nothing (or as a line break), which would
// make two names look alike: Unicode's default-ignorable code points
// (DerivedCoreProperties.txt, Default_Ignorable_Code_Point: the soft
// hyphen, the combining grapheme joiner, the Hangul fillers, the Khmer
// inherent vowels, the Mongolian variation selectors and vowel separator,
// zero-width space and joiners, the word joiner and invisible operators,
// the deprecated format characters, the variation selectors, the
// byte-order mark, the interlinear annotation characters, the shorthand
// format controls, the musical format characters, tags and their
// variation selectors; the bidirectional controls among them are
// `is_bidi_control`'s), and the line and paragraph separators.
bool is_invisible(char32_t cp) noexcept {
  if (cp < 0x00AD) return false;
  return cp == 0x00AD || cp == 0x034F || cp == 0x115F || cp == 0x1160 || cp == 0x17B4 ||
         cp == 0x17B5 || (cp >= 0x180B && cp <= 0x180F) || (cp >= 0x200B && cp <= 0x200D) ||
         cp == 0x2028 || cp == 0x2029 || (cp >= 0x2060 && cp <= 0x2065) ||
         (cp >= 0x206A && cp <= 0x206F) || cp == 0x3164 || (cp >= 0xFE00 && cp <= 0xFE0F) ||
         cp == 0xFEFF || cp == 0xFFA0 || (cp >= 0xFFF0 && cp <= 0xFFFB) ||
         (cp >= 0x1BCA0 && cp <= 0x1BCA3) || (cp >= 0x1D173 && cp <= 0x1D17A) ||
         (cp >= 0xE0000 && cp <= 0xE0FFF);
}

// Blanks other than the ASCII space, which a terminal draws like one or
// two spaces (or like nothing), so that "n<NBSP>b" would look like "n b":
// the no-break spaces, the Ogham space mark, the spaces U+2000–U+200A, the
// medium mathematical space, the ideographic space and the braille blank.
bool is_other_blank(char32_t cp) noexcept {
  return cp == 0x00A0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000 || cp == 0x2800;
}

// Code points a font draws as it likes, or not at all: private use
// (U+E000–U+F8FF and the planes 15 and 16) and the noncharacters
// (U+FDD0–U+FDEF, the last two of every plane).
bool is_private_or_noncharacter(char32_t cp) noexcept {
  return (cp >= 0xE000 && cp <= 0xF8FF) || cp >= 0xF0000 || (cp >= 0xFDD0 && cp <= 0xFDEF) ||
         (cp & 0xFFFEU) == 0xFFFEU;
}

// Whether s[at] follows an ASCII digit.
bool after_digit(std::string_view s, std::size_t at) noexcept {
  return at > 0 && s[at - 1] >= '0' && s[at - 1] <= '9';
}

// Whether a backslash before s[at] would read as one of the escapes
// `escape_text` writes (`\x1b`, `\u200d`, `\U000e0041`, `\n`, `\r`,
// `\t`, `\\`): such a backslash is doubled, so that a name holding the
// text "\u200d" and one holding U+200D never look alike.
bool reads_as_escape(std::string_view s, std::size_t at) noexcept {
  if (at >= s.size()) return false;
  switch (s[at]) {
    case 'x':
    case 'u':
    case 'U':
    case 'n':
    case 'r':
    case 't':
    case '\\':
      return true;
    default:
      return false;
  }
}

bool is_wide(char32_t cp) noexcept {
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
         (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
         (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
         (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
         (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

bool is_zero_width(char32_t cp) noexcept {
  return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
         (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
         (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0x200B || cp == 0x200C || cp == 0x200D ||
         cp == 0xFEFF || (cp >= 0xFE00 && cp <= 0xFE0F);
}

std::size_t width_of(char32_t cp) noexcept {
  if (is_zero_width(cp)) return 0;
  return is_wide(cp) ? 2 : 1;
}

bool is_hex(char c) noexcept {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Bytes of the escape `escape_text` writes (`\xNN`, `\uNNNN`, `\n`, `\r`,
// `\t`) starting at s[i], or 0. Shortening never cuts one: half an escape
// reads as a different byte.
std::size_t escape_length(std::string_view s, std::size_t i) noexcept {
  if (i + 1 >= s.size() || s[i] != '\\') return 0;
  const char kind = s[i + 1];
  if (kind == 'n' || kind == 'r' || kind == 't') return 2;
  const std::size_t digits = kind == 'x' ? 2 : kind == 'u' ? 4 : 0;
  if (digits == 0 || i + 2 + digits > s.size()) return 0;
  for (std::size_t k = 0; k < digits; ++k) {
    if (!is_hex(s[i + 2 + k])) return 0;
  }
  return 2 + digits;
}

// One piece shortening keeps or drops whole: an escape, a UTF-8 character,
// or an invalid byte. Sets `len` (bytes); returns its columns.
std::size_t piece_at(std::string_view s, std::size_t i, std::size_t& len) noexcept {
  if (const std::size_t e = escape_length(s, i); e != 0) {
    len = e;
    return e;
  }
  const auto cp = decode(s, i, len);
  return cp ? width_of(*cp) : 1;
}

}  // namespace

bool escaped_outside_ascii(char32_t cp) noexcept {
  return (cp >= 0x80 && cp <= 0x9F) || is_bidi_control(cp) || is_invisible(cp) ||
         is_other_blank(cp) || is_private_or_noncharacter(cp);
}

std::optional<char32_t> decode_utf8(std::string_view s, std::size_t i, std::size_t& len) noexcept {
  return decode(s, i, len);
}

bool is_valid_utf8(std::string_view s) noexcept {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 0;
    if (!decode(s, i, len)) return false;
    i += len;
  }
  return true;
}

std::string escape_text(std::string_view s, Backslash backslash, Blanks blanks) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    // A run of printable ASCII (most of every name) is copied as it is,
    // found eight bytes at a time.
    const std::size_t run = byte_words::plain_run(
        s, i,
        [](std::uint64_t w) {
          return byte_words::any_unprintable(w) | byte_words::any_equal(w, '\\');
        },
        [](unsigned char c) { return c < 0x20 || c >= 0x7F || c == '\\'; });
    if (run > i) {
      out.append(s.substr(i, run - i));
      i = run;
      continue;
    }
    std::size_t len = 1;
    const auto cp = decode(s, i, len);
    if (!cp) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(s[i]));
    } else if (*cp < 0x20 || *cp == 0x7F) {
      switch (*cp) {
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          out += fmt::format("\\x{:02x}", static_cast<unsigned>(*cp));
          break;
      }
    } else if (escaped_outside_ascii(*cp) &&
               !(blanks == Blanks::keep_unit_spaces && *cp == 0x00A0 && after_digit(s, i))) {
      // \u and four digits, \U and eight beyond the Basic Multilingual Plane.
      out += *cp > 0xFFFF ? fmt::format("\\U{:08x}", static_cast<unsigned>(*cp))
                          : fmt::format("\\u{:04x}", static_cast<unsigned>(*cp));
    } else if (*cp == '\\' &&
               (backslash == Backslash::escape ||
                (backslash == Backslash::when_ambiguous && reads_as_escape(s, i + 1)))) {
      out += "\\\\";
    } else {
      out.append(s.substr(i, len));
    }
    i += len;
  }
  return out;
}

std::size_t display_width(std::string_view s) {
  std::size_t w = 0;
  for (std::size_t i = 0; i < s.size();) {
    // Printable ASCII, most of every table, is one column a byte: a run of
    // it found eight bytes at a time.
    const std::size_t run = byte_words::plain_run(
        s, i, byte_words::any_unprintable, [](unsigned char c) { return c < 0x20 || c >= 0x7F; });
    w += run - i;
    i = run;
    if (i == s.size()) break;
    std::size_t len = 1;
    const auto cp = decode(s, i, len);
    w += cp ? width_of(*cp) : 1;
    i += len;
  }
  return w;
}

std::size_t styled_width(std::string_view s) {
  std::size_t w = 0;
  std::size_t plain = 0;  // start of the text since the last escape
  for (std::size_t at = s.find("\x1b["); at != std::string_view::npos;
       at = s.find("\x1b[", plain)) {
    w += display_width(s.substr(plain, at - plain));
    const std::size_t m = s.find('m', at);
    plain = m == std::string_view::npos ? s.size() : m + 1;
  }
  return w + display_width(s.substr(std::min(plain, s.size())));
}

std::string shorten_middle(std::string_view s, std::size_t width) {
  if (display_width(s) <= width) return std::string(s);
  if (width == 0) return {};
  if (width == 1) return "…";
  // Split the code points, then keep a head and a tail that fit. Only the
  // last pieces that can still be part of the tail are held, so a name of
  // tens of megabytes costs no more memory than a short one.
  struct Piece {
    std::size_t begin, len, width;
  };
  const std::size_t budget = width - 1;  // one column for "…"
  const std::size_t head_budget = (budget + 1) / 2;
  const std::size_t tail_budget = budget - head_budget;
  std::size_t head_w = 0;
  std::size_t head_n = 0;
  bool head_done = false;
  std::size_t head_end = 0;  // bytes of the head
  std::deque<Piece> window;  // the last pieces, in order
  std::size_t window_w = 0;  // total width of the window
  std::size_t count = 0;     // pieces in all
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 1;
    const std::size_t piece_width = piece_at(s, i, len);
    const Piece piece{i, len, piece_width};
    if (!head_done && head_w + piece.width <= head_budget) {
      head_w += piece.width;
      ++head_n;
      head_end = i + len;
    } else {
      head_done = true;
    }
    window.push_back(piece);
    window_w += piece.width;
    // A piece whose followers alone are wider than any tail can be is
    // never part of the tail.
    while (window.size() > 1 && window_w - window.front().width > budget) {
      window_w -= window.front().width;
      window.pop_front();
    }
    ++count;
    i += len;
  }
  const std::size_t tail_limit = tail_budget + (head_budget - head_w);
  std::size_t tail_w = 0;
  std::size_t tail_n = 0;
  while (tail_n < count - head_n && tail_n < window.size() &&
         tail_w + window[window.size() - 1 - tail_n].width <= tail_limit) {
    tail_w += window[window.size() - 1 - tail_n++].width;
  }
  std::string out(s.substr(0, head_end));
  out += "…";
  if (tail_n > 0) out.append(s.substr(window[window.size() - tail_n].begin));
  return out;
}

std::string_view head_columns(std::string_view s, std::size_t width) {
  std::size_t used = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t len = 1;
    const std::size_t w = piece_at(s, i, len);
    if (used + w > width) break;
    used += w;
    i += len;
  }
  return s.substr(0, i);
}

std::string_view tail_columns(std::string_view s, std::size_t width) {
  // Walk back over continuation bytes to each character's start.
  std::size_t used = 0;
  std::size_t begin = s.size();
  while (begin > 0) {
    // An escape that ends here is one piece.
    std::size_t escape = 0;
    for (const std::size_t e : {6U, 4U, 2U}) {
      if (begin >= e && escape_length(s, begin - e) == e) {
        escape = e;
        break;
      }
    }
    if (escape != 0) {
      if (used + escape > width) break;
      used += escape;
      begin -= escape;
      continue;
    }
    std::size_t start = begin - 1;
    while (start > 0 && begin - start < 4 &&
           (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) {
      --start;
    }
    std::size_t len = 1;
    auto cp = decode(s, start, len);
    if (start + len != begin) {  // not one sequence ending here: a lone byte
      start = begin - 1;
      cp = std::nullopt;
    }
    const std::size_t w = cp ? width_of(*cp) : 1;
    if (used + w > width) break;
    used += w;
    begin = start;
  }
  return s.substr(begin);
}

std::string pad(std::string_view s, std::size_t width, Align align) {
  const std::size_t w = display_width(s);
  if (w >= width) return std::string(s);
  const std::string fill(width - w, ' ');
  return align == Align::left ? std::string(s) + fill : fill + std::string(s);
}

bool use_color(ColorWhen when, bool stream_is_tty, const char* no_color_env,
               const char* term_env) noexcept {
  switch (when) {
    case ColorWhen::always:
      return true;
    case ColorWhen::never:
      return false;
    case ColorWhen::automatic:
      break;
  }
  if (!stream_is_tty) return false;
  if (no_color_env != nullptr && *no_color_env != '\0') return false;
  if (term_env != nullptr && std::string_view(term_env) == "dumb") return false;
  return true;
}

std::optional<std::size_t> columns_env_width(const char* columns_env) noexcept {
  if (columns_env == nullptr) return std::nullopt;
  const std::string_view s(columns_env);
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc() && end == s.data() + s.size() && value > 0) return value;
  return std::nullopt;
}

std::size_t terminal_width(const char* columns_env,
                           std::optional<std::size_t> tty_columns) noexcept {
  if (const auto env = columns_env_width(columns_env)) return *env;
  if (tty_columns && *tty_columns > 0) return *tty_columns;
  return 100;
}

namespace {
std::optional<std::size_t> tty_columns(int fd) noexcept {
  winsize ws{};
  if (::isatty(fd) == 1 && ::ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    return static_cast<std::size_t>(ws.ws_col);
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::size_t> stdout_tty_columns() noexcept { return tty_columns(STDOUT_FILENO); }

std::optional<std::size_t> stderr_tty_columns() noexcept { return tty_columns(STDERR_FILENO); }

bool stdout_is_tty() noexcept { return ::isatty(STDOUT_FILENO) == 1; }

bool stderr_is_tty() noexcept { return ::isatty(STDERR_FILENO) == 1; }

std::string Style::wrap(std::string_view code, std::string_view s) const {
  if (!enabled_) return std::string(s);
  return fmt::format("\x1b[{}m{}\x1b[0m", code, s);
}

std::string quoted_value(std::string_view text) {
  constexpr std::size_t kMostBytes = 40;
  std::string shown(text.substr(0, kMostBytes));
  if (text.size() > kMostBytes) shown += "...";
  return "'" + escape_text(shown) + "'";
}

std::string escape_message(const Diagnostic& d, std::string_view text) {
  return escape_text(text,
                     d.code == Code::invalid_json ? Backslash::keep : Backslash::when_ambiguous);
}

}  // namespace aoe::cli
