// SPDX-License-Identifier: Apache-2.0
#include "reader/json_events.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <system_error>

namespace aoe::internal {
namespace {

// Bytes a string may hold as they are: not '"', '\\', a control byte or
// the start of a multi-byte UTF-8 sequence.
constexpr std::array<bool, 256> kPlain = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x80; ++c) t[static_cast<std::size_t>(c)] = true;
  t['"'] = false;
  t['\\'] = false;
  return t;
}();

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

Event event_of(EventKind kind) noexcept {
  Event e;
  e.kind = kind;
  return e;
}

Event text_event(EventKind kind, std::string_view text) noexcept {
  Event e;
  e.kind = kind;
  e.text = text;
  return e;
}

// Bytes kept from earlier chunks, for the text a message quotes.
constexpr std::size_t kCarryBytes = 64;
// Characters of that text a message shows.
constexpr std::size_t kQuoteChars = 40;

}  // namespace

JsonEvents::JsonEvents(ByteSource& source, std::size_t max_depth)
    : source_(source), max_depth_(max_depth) {
  static constexpr char kNothing = 0;
  begin_ = p_ = end_ = scan_ = &kNothing;
}

// --- Bytes and positions ---------------------------------------------------

bool JsonEvents::refill() {
  count_lines_to(end_);
  const auto size = static_cast<std::size_t>(end_ - begin_);
  if (size >= kCarryBytes) {
    carry_.assign(end_ - kCarryBytes, kCarryBytes);
  } else {
    carry_.append(begin_, size);
    if (carry_.size() > kCarryBytes) carry_.erase(0, carry_.size() - kCarryBytes);
  }
  chunk_offset_ += size;
  carry_end_ = chunk_offset_;
  const std::string_view chunk = source_.next_chunk();
  if (chunk.empty()) {
    begin_ = p_ = end_ = scan_ = end_;  // stays empty
    return false;
  }
  begin_ = p_ = scan_ = chunk.data();
  end_ = chunk.data() + chunk.size();
  return true;
}

void JsonEvents::count_lines_to(const char* upto) {
  // memchr is vectorised; every byte is scanned once, when a position is
  // asked for or its chunk is left.
  const char* p = scan_;
  while (p < upto) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(upto - p));
    if (nl == nullptr) break;
    p = static_cast<const char*>(nl);
    ++lines_;
    line_start_ = chunk_offset_ + static_cast<std::uint64_t>(p - begin_) + 1;
    ++p;
  }
  if (upto > scan_) scan_ = upto;
}

TextPosition JsonEvents::position() {
  count_lines_to(p_);
  TextPosition pos;
  pos.offset = consumed();
  pos.line = lines_ + 1;
  pos.column = static_cast<std::size_t>(pos.offset - line_start_);
  if (pos.column == 0) pos.column = 1;
  return pos;
}

bool JsonEvents::rest_is_zero() {
  for (;;) {
    for (; p_ != end_; ++p_) {
      if (*p_ != '\0') return false;
    }
    if (!refill()) return true;
  }
}

// The last `max_bytes` bytes read since the token began (an unread byte
// put back excluded); `length` gets the whole length.
std::string JsonEvents::token_tail(std::size_t max_bytes, std::uint64_t* length) const {
  std::uint64_t stop = consumed();
  if (ungot_ && current_ != kEnd) --stop;
  const std::uint64_t start = std::max(token_start_, stop > max_bytes ? stop - max_bytes : 0);
  *length = stop > token_start_ ? stop - token_start_ : 0;
  std::string out;
  for (std::uint64_t at = start; at < stop; ++at) {
    if (at >= chunk_offset_) {
      out += begin_[at - chunk_offset_];
    } else if (at + carry_.size() >= carry_end_) {
      out += carry_[carry_.size() - (carry_end_ - at)];
    }
  }
  return out;
}

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
  // White space within the chunk is skipped a pointer at a time (what
  // get() would do, without its checks); the loop below does the rest.
  if (!ungot_) {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r')) ++p_;
  }
  int c = 0;
  do {
    c = get();
  } while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
  switch (c) {
    case '[': return TokenKind::begin_array;
    case ']': return TokenKind::end_array;
    case '{': return TokenKind::begin_object;
    case '}': return TokenKind::end_object;
    case ':': return TokenKind::name_separator;
    case ',': return TokenKind::value_separator;
    case 't': return scan_literal("true", TokenKind::literal_true);
    case 'f': return scan_literal("false", TokenKind::literal_false);
    case 'n': return scan_literal("null", TokenKind::literal_null);
    case '"': return scan_string();
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
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
    const char* q = p_;
    while (q != end_ && kPlain[static_cast<unsigned char>(*q)]) ++q;
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
    case '"': text_ += '"'; return true;
    case '\\': text_ += '\\'; return true;
    case '/': text_ += '/'; return true;
    case 'b': text_ += '\b'; return true;
    case 'f': text_ += '\f'; return true;
    case 'n': text_ += '\n'; return true;
    case 'r': text_ += '\r'; return true;
    case 't': text_ += '\t'; return true;
    case 'u': break;
    default: lex_ = LexError::forbidden_escape; return false;
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

TokenKind JsonEvents::scan_number() {
  reset_token();
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
  bool integral = true;
  if (c == '.') {
    integral = false;
    number_ += '.';
    if (!is_digit(c = get())) {
      lex_ = LexError::digit_after_point;
      return TokenKind::lex_error;
    }
    number_ += static_cast<char>(c);
    while (is_digit(c = get())) number_ += static_cast<char>(c);
  }
  if (c == 'e' || c == 'E') {
    integral = false;
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
  unget();  // the byte after the number is the next token's

  Event& e = number_event_;
  e = Event{};
  const char* first = number_.data();
  const char* last = first + number_.size();
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
  if (std::from_chars(first, last, e.floating).ec != std::errc()) {
    e.floating = std::strtod(number_.c_str(), nullptr);
  }
  return TokenKind::number;
}

// --- Grammar -------------------------------------------------------------------

Event JsonEvents::next() {
  for (;;) {
    switch (state_) {
      case State::start:
        token_ = scan();
        state_ = State::value;
        break;
      case State::value:
        return value_event();
      case State::object_first:
        token_ = scan();
        if (token_ == TokenKind::end_object) {
          state_ = State::after_value;
          return event_of(EventKind::end_object);
        }
        if (token_ != TokenKind::string) return fail(GrammarContext::object_key, TokenKind::string);
        open_.push_back(0);
        state_ = State::colon;
        return text_event(EventKind::key, string_);
      case State::colon:
        token_ = scan();
        if (token_ != TokenKind::name_separator) {
          return fail(GrammarContext::object_separator, TokenKind::name_separator);
        }
        token_ = scan();
        state_ = State::value;
        break;
      case State::array_first:
        token_ = scan();
        if (token_ == TokenKind::end_array) {
          state_ = State::after_value;
          return event_of(EventKind::end_array);
        }
        open_.push_back(1);
        state_ = State::value;
        break;
      case State::after_value:
        token_ = scan();
        if (open_.empty()) {
          if (token_ != TokenKind::end_of_input) return fail(GrammarContext::value, TokenKind::end_of_input);
          return finish(EventKind::end);
        }
        if (open_.back() != 0) {
          if (token_ == TokenKind::value_separator) {
            token_ = scan();
            state_ = State::value;
            break;
          }
          if (token_ != TokenKind::end_array) return fail(GrammarContext::array, TokenKind::end_array);
          open_.pop_back();
          return event_of(EventKind::end_array);
        }
        if (token_ == TokenKind::value_separator) {
          token_ = scan();
          if (token_ != TokenKind::string) return fail(GrammarContext::object_key, TokenKind::string);
          state_ = State::colon;
          return text_event(EventKind::key, string_);
        }
        if (token_ != TokenKind::end_object) return fail(GrammarContext::object, TokenKind::end_object);
        open_.pop_back();
        return event_of(EventKind::end_object);
      case State::finished:
        return final_;
    }
  }
}

// The value that `token_` begins.
Event JsonEvents::value_event() {
  Event e;
  switch (token_) {
    case TokenKind::begin_object:
    case TokenKind::begin_array:
      // Open containers, counting the one opened now.
      if (open_.size() >= max_depth_) return fail_too_deep();
      state_ = token_ == TokenKind::begin_object ? State::object_first : State::array_first;
      e.kind = token_ == TokenKind::begin_object ? EventKind::begin_object : EventKind::begin_array;
      return e;
    case TokenKind::number:
      if (number_event_.kind == EventKind::floating && !std::isfinite(number_event_.floating)) {
        return fail_number_overflow();
      }
      e = number_event_;
      e.text = number_;
      break;
    case TokenKind::string:
      e.kind = EventKind::string;
      e.text = string_;
      break;
    case TokenKind::literal_true:
    case TokenKind::literal_false:
      e.kind = EventKind::boolean;
      e.boolean = token_ == TokenKind::literal_true;
      break;
    case TokenKind::literal_null:
      e.kind = EventKind::null;
      break;
    case TokenKind::lex_error:
      return fail(GrammarContext::value, TokenKind::none);
    default:
      return fail(GrammarContext::value, TokenKind::value);
  }
  state_ = State::after_value;
  return e;
}

Event JsonEvents::finish(EventKind kind) {
  state_ = State::finished;
  final_ = event_of(kind);
  return final_;
}

Event JsonEvents::fail(GrammarContext context, TokenKind expected) {
  error_ = JsonError{};
  error_.kind = ErrorKind::syntax;
  error_.context = context;
  error_.expected = expected;
  error_.found = token_;
  if (token_ == TokenKind::lex_error) {
    error_.lex = lex_;
    error_.control = control_;
  }
  std::uint64_t length = 0;
  const std::string tail = token_tail(kQuoteChars, &length);
  std::string shown;
  for (const char c : tail) {
    if (static_cast<unsigned char>(c) <= 0x1F) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      shown += "<U+00";
      shown += kHex[(static_cast<unsigned char>(c) >> 4U) & 0xFU];
      shown += kHex[static_cast<unsigned char>(c) & 0xFU];
      shown += '>';
    } else {
      shown += c;
    }
  }
  if (length > kQuoteChars || shown.size() > kQuoteChars) {
    error_.last_read = "..." + shown.substr(shown.size() - kQuoteChars);
  } else {
    error_.last_read = std::move(shown);
  }
  error_.last_byte_nul = length > 0 && !tail.empty() && tail.back() == '\0';
  error_.hit_end = hit_end_;
  return finish(hit_end_ ? EventKind::truncated : EventKind::error);
}

Event JsonEvents::fail_number_overflow() {
  error_ = JsonError{};
  error_.kind = ErrorKind::number_overflow;
  error_.found = TokenKind::number;
  error_.number = number_;
  error_.last_read = number_;
  error_.hit_end = hit_end_;
  return finish(EventKind::error);
}

Event JsonEvents::fail_too_deep() {
  error_ = JsonError{};
  error_.kind = ErrorKind::too_deep;
  error_.found = token_;
  error_.max_depth = max_depth_;
  error_.hit_end = hit_end_;
  return finish(EventKind::error);
}

}  // namespace aoe::internal
