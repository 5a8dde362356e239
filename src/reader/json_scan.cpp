// SPDX-License-Identifier: Apache-2.0
// The tokens of the event source (json_events.hpp): literals, strings
// (a run of plain bytes at a time, UTF-8 validated, escapes and surrogate
// pairs decoded) and numbers (a span scanned in one pass, then one
// `std::from_chars`). The grammar and the bytes are in json_events.cpp.
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <system_error>

#include "reader/byte_scan.hpp"
#include "reader/fast_decimal.hpp"
#include "reader/json_events.hpp"

namespace aoe::internal {
namespace {

constexpr bool is_digit(int c) noexcept { return c >= '0' && c <= '9'; }

int hex_value(int c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp <= 0x7FF) {
    out += static_cast<char>(0xC0U | (cp >> 6U));
    out += static_cast<char>(0x80U | (cp & 0x3FU));
  } else if (cp <= 0xFFFF) {
    out += static_cast<char>(0xE0U | (cp >> 12U));
    out += static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (cp & 0x3FU));
  } else {
    out += static_cast<char>(0xF0U | (cp >> 18U));
    out += static_cast<char>(0x80U | ((cp >> 12U) & 0x3FU));
    out += static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (cp & 0x3FU));
  }
}

}  // namespace

// --- Tokens ------------------------------------------------------------------

TokenKind JsonEvents::scan() {
  if (first_scan_) {
    first_scan_ = false;
    if (get() == 0xEF) {
      if (!(get() == 0xBB && get() == 0xBF)) {
        lex_ = LexError::invalid_bom;
        return TokenKind::lex_error;
      }
    } else {
      unget();
    }
  }
  // White space is skipped sixteen bytes at a time within a chunk
  // (byte_scan.hpp); get() reads the byte after it, from the next chunk
  // when this one has ended. (A byte put back is looked at first.)
  int c = ungot_ ? get() : ' ';
  while (is_blank(static_cast<unsigned char>(c))) {
    p_ = skip_blank(p_, end_);
    c = get();
  }
  switch (c) {
    case '[':
      return TokenKind::begin_array;
    case ']':
      return TokenKind::end_array;
    case '{':
      return TokenKind::begin_object;
    case '}':
      return TokenKind::end_object;
    case ':':
      return TokenKind::name_separator;
    case ',':
      return TokenKind::value_separator;
    case 't':
      return scan_literal("true", TokenKind::literal_true);
    case 'f':
      return scan_literal("false", TokenKind::literal_false);
    case 'n':
      return scan_literal("null", TokenKind::literal_null);
    case '"':
      return scan_string();
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return scan_number();
    case '\0':
    case kEnd:
      return TokenKind::end_of_input;
    default:
      lex_ = LexError::invalid_literal;
      return TokenKind::lex_error;
  }
}

// (A literal does not restart the text messages quote; a string and a
// number do.)
TokenKind JsonEvents::scan_literal(std::string_view literal, TokenKind kind) {
  for (std::size_t i = 1; i < literal.size(); ++i) {
    if (get() != static_cast<unsigned char>(literal[i])) {
      lex_ = LexError::invalid_literal;
      return TokenKind::lex_error;
    }
  }
  return kind;
}

TokenKind JsonEvents::scan_string() {
  reset_token();
  text_.clear();
  bool copied = false;  // the string is in text_, not a view of the chunk
  for (;;) {
    const char* q = find_string_special(p_, end_);
    if (q != end_ && *q == '"') {
      if (copied) {
        text_.append(p_, q);
        string_ = text_;
      } else {
        string_ = std::string_view(p_, static_cast<std::size_t>(q - p_));
      }
      p_ = q + 1;
      current_ = '"';
      return TokenKind::string;
    }
    text_.append(p_, q);
    copied = true;
    p_ = q;
    const int c = get();
    if (c == kEnd) {
      lex_ = LexError::missing_closing_quote;
      return TokenKind::lex_error;
    }
    if (c == '\\') {
      if (!scan_escape()) return TokenKind::lex_error;
    } else if (c < 0x20) {
      lex_ = LexError::control_character;
      control_ = static_cast<unsigned char>(c);
      return TokenKind::lex_error;
    } else if (c >= 0x80) {
      if (!scan_utf8(c)) return TokenKind::lex_error;
    } else if (c == '"') {  // the closing quote began a chunk
      string_ = text_;
      return TokenKind::string;
    } else {  // a plain byte began a chunk
      text_ += static_cast<char>(c);
    }
  }
}

int JsonEvents::scan_hex4() {
  int value = 0;
  for (int i = 0; i < 4; ++i) {
    const int digit = hex_value(get());
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

bool JsonEvents::scan_escape() {
  switch (get()) {
    case '"':
      text_ += '"';
      return true;
    case '\\':
      text_ += '\\';
      return true;
    case '/':
      text_ += '/';
      return true;
    case 'b':
      text_ += '\b';
      return true;
    case 'f':
      text_ += '\f';
      return true;
    case 'n':
      text_ += '\n';
      return true;
    case 'r':
      text_ += '\r';
      return true;
    case 't':
      text_ += '\t';
      return true;
    case 'u':
      break;
    default:
      lex_ = LexError::forbidden_escape;
      return false;
  }
  const int first = scan_hex4();
  if (first < 0) {
    lex_ = LexError::bad_unicode_escape;
    return false;
  }
  auto cp = static_cast<std::uint32_t>(first);
  if (first >= 0xD800 && first <= 0xDBFF) {
    if (!(get() == '\\' && get() == 'u')) {
      lex_ = LexError::high_surrogate_alone;
      return false;
    }
    const int second = scan_hex4();
    if (second < 0) {
      lex_ = LexError::bad_unicode_escape;
      return false;
    }
    if (second < 0xDC00 || second > 0xDFFF) {
      lex_ = LexError::high_surrogate_alone;
      return false;
    }
    cp = ((cp - 0xD800U) << 10U) + (static_cast<std::uint32_t>(second) - 0xDC00U) + 0x10000U;
  } else if (first >= 0xDC00 && first <= 0xDFFF) {
    lex_ = LexError::low_surrogate_alone;
    return false;
  }
  append_utf8(text_, cp);
  return true;
}

// A multi-byte UTF-8 character whose first byte is `first` (RFC 3629:
// no overlong forms, no surrogates, nothing past U+10FFFF).
bool JsonEvents::scan_utf8(int first) {
  int count = 0;  // continuation bytes
  int low = 0x80;
  int high = 0xBF;  // range of the first continuation byte
  if (first >= 0xC2 && first <= 0xDF) {
    count = 1;
  } else if (first >= 0xE0 && first <= 0xEF) {
    count = 2;
    if (first == 0xE0) low = 0xA0;
    if (first == 0xED) high = 0x9F;
  } else if (first >= 0xF0 && first <= 0xF4) {
    count = 3;
    if (first == 0xF0) low = 0x90;
    if (first == 0xF4) high = 0x8F;
  } else {
    lex_ = LexError::ill_formed_utf8;
    return false;
  }
  text_ += static_cast<char>(first);
  for (int i = 0; i < count; ++i) {
    const int c = get();
    if (c < low || c > high) {
      lex_ = LexError::ill_formed_utf8;
      return false;
    }
    text_ += static_cast<char>(c);
    low = 0x80;
    high = 0xBF;
  }
  return true;
}

// The end of the number that begins at `p` (its first byte, '-' or a
// digit), when the number is well formed and a byte follows it before
// `end`; nullptr otherwise (an error, or a number that may go on in the
// next chunk), which leaves the number to the byte-by-byte scan.
// `integral`: the number has neither fraction nor exponent.
static const char* number_span_end(const char* p, const char* end, bool& integral) noexcept {
  const auto digit = [&](const char* q) {
    return q != end && is_digit(static_cast<unsigned char>(*q));
  };
  integral = true;
  if (*p == '-') ++p;
  if (!digit(p)) return nullptr;
  if (*p++ != '0') {
    while (digit(p)) ++p;
  }
  if (p != end && *p == '.') {
    integral = false;
    if (!digit(++p)) return nullptr;
    while (digit(p)) ++p;
  }
  if (p != end && (*p == 'e' || *p == 'E')) {
    integral = false;
    ++p;
    if (p != end && (*p == '+' || *p == '-')) ++p;
    if (!digit(p)) return nullptr;
    while (digit(p)) ++p;
  }
  return p == end ? nullptr : p;
}

TokenKind JsonEvents::scan_number() {
  reset_token();
  // The whole number in this chunk, followed by a byte: one scan of its
  // span, then one conversion (what the loop below does a byte at a time).
  if (p_ != begin_ && static_cast<unsigned char>(p_[-1]) == current_) {
    const char* first = p_ - 1;
    bool integral = true;
    if (const char* stop = number_span_end(first, end_, integral); stop != nullptr) {
      number_text_ = std::string_view(first, static_cast<std::size_t>(stop - first));
      number_met_end_ = false;
      p_ = stop + 1;  // the byte after the number is read, then put back
      current_ = static_cast<unsigned char>(*stop);
      unget();
      return convert_number(integral);
    }
  }
  number_.clear();
  int c = current_;
  const bool negative = c == '-';
  if (negative) {
    number_ += '-';
    c = get();
    if (!is_digit(c)) {
      lex_ = LexError::digit_after_minus;
      return TokenKind::lex_error;
    }
  }
  number_ += static_cast<char>(c);
  if (c != '0') {
    while (is_digit(c = get())) number_ += static_cast<char>(c);
  } else {
    c = get();
  }
  if (c == '.') {
    number_ += '.';
    if (!is_digit(c = get())) {
      lex_ = LexError::digit_after_point;
      return TokenKind::lex_error;
    }
    number_ += static_cast<char>(c);
    while (is_digit(c = get())) number_ += static_cast<char>(c);
  }
  if (c == 'e' || c == 'E') {
    number_ += static_cast<char>(c);
    c = get();
    if (c == '+' || c == '-') {
      number_ += static_cast<char>(c);
      if (!is_digit(c = get())) {
        lex_ = LexError::digit_after_exponent_sign;
        return TokenKind::lex_error;
      }
    } else if (!is_digit(c)) {
      lex_ = LexError::digit_or_sign_after_exponent;
      return TokenKind::lex_error;
    }
    number_ += static_cast<char>(c);
    while (is_digit(c = get())) number_ += static_cast<char>(c);
  }
  number_met_end_ = c == kEnd;
  unget();  // the byte after the number is the next token's
  number_text_ = number_;
  return convert_number(number_.find_first_of(".eE") == std::string::npos);
}

// `number_text_`, well formed, into `number_event_`.
TokenKind JsonEvents::convert_number(bool integral) {
  const bool negative = number_text_[0] == '-';
  Event& e = number_event_;
  e = Event{};
  const char* first = number_text_.data();
  const char* last = first + number_text_.size();
  if (integral && !negative) {
    if (std::from_chars(first, last, e.unsigned_integer).ec == std::errc()) {
      e.kind = EventKind::unsigned_integer;
      return TokenKind::number;
    }
  } else if (integral) {
    if (std::from_chars(first, last, e.integer).ec == std::errc()) {
      e.kind = EventKind::integer;
      return TokenKind::number;
    }
  }
  // Too long for 64 bits, or not integral: a double, as strtod reads it
  // (from_chars leaves a value beyond range to strtod: ±0 or ±HUGE_VAL).
  e.kind = EventKind::floating;
  if (!integral) {
    if (const std::optional<double> value = fast_decimal_value(number_text_)) {
      e.floating = *value;
      return TokenKind::number;
    }
  }
  if (std::from_chars(first, last, e.floating).ec != std::errc()) {
    number_.assign(number_text_);  // strtod needs the terminating NUL
    number_text_ = number_;
    e.floating = std::strtod(number_.c_str(), nullptr);
  }
  return TokenKind::number;
}

}  // namespace aoe::internal
