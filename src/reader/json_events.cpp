// SPDX-License-Identifier: Apache-2.0
#include "reader/json_events.hpp"

#include <algorithm>
#include <cstring>

#include "reader/byte_scan.hpp"

namespace aoe::internal {
namespace {

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

void JsonEvents::resume_at_root_member(std::uint64_t offset, std::size_t lines_before,
                                       std::uint64_t line_start) {
  chunk_offset_ = carry_end_ = token_start_ = offset;
  lines_ = lines_before;
  line_start_ = line_start;
  first_scan_ = false;  // a byte order mark is only at the start of the whole
  open_.assign(1, 0);
  state_ = State::member_key;
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
  // Every byte is looked at once, when a position is asked for or its chunk
  // is left: the last line feed is found from the end (memrchr, many bytes
  // at a time: a chunk may be one long line), the ones before it only
  // counted.
  if (upto <= scan_) return;
  const void* found = ::memrchr(scan_, '\n', static_cast<std::size_t>(upto - scan_));
  if (found != nullptr) {
    const char* last = static_cast<const char*>(found) + 1;
    lines_ += count_newlines(scan_, last);
    line_start_ = chunk_offset_ + static_cast<std::uint64_t>(last - begin_);
  }
  scan_ = upto;
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

TextPosition JsonEvents::number_position() {
  // The tokenizer read one byte past the number (unless the input ended
  // there): count lines up to the number's end, not past that byte, which
  // may be a line feed. A number holds none, so its first byte is on the
  // same line, `consumed() - token_start_ - 1` bytes before the byte past.
  const bool byte_past = !number_met_end_ && p_ != begin_;
  if (byte_past && scan_ > p_ - 1) return position();  // counted already: the byte past
  count_lines_to(byte_past ? p_ - 1 : p_);
  TextPosition pos;
  pos.offset = token_start_ + 1;
  pos.line = lines_ + 1;
  pos.column = pos.offset > line_start_ ? static_cast<std::size_t>(pos.offset - line_start_) : 1;
  return pos;
}

bool JsonEvents::rest_is_zero(std::uint64_t max_bytes) {
  const std::uint64_t start = consumed();
  for (;;) {
    for (; p_ != end_; ++p_) {
      if (*p_ != '\0') return false;
    }
    if (consumed() - start >= max_bytes) {
      zero_scan_stopped_ = true;
      return true;
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
        token_ = take('"') ? scan_string() : scan();
        if (token_ == TokenKind::end_object) {
          state_ = State::after_value;
          return event_of(EventKind::end_object);
        }
        if (token_ != TokenKind::string) return fail(GrammarContext::object_key, TokenKind::string);
        open_.push_back(0);
        state_ = State::colon;
        return text_event(EventKind::key, string_);
      case State::colon:
        if (!take(':')) {
          token_ = scan();
          if (token_ != TokenKind::name_separator) {
            return fail(GrammarContext::object_separator, TokenKind::name_separator);
          }
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
        if (open_.empty()) {
          token_ = scan();
          if (token_ != TokenKind::end_of_input)
            return fail(GrammarContext::value, TokenKind::end_of_input);
          return finish(EventKind::end);
        }
        if (open_.back() != 0) {
          if (take(',')) {
            token_ = scan();
            state_ = State::value;
            break;
          }
          token_ = scan();
          if (token_ == TokenKind::value_separator) {
            token_ = scan();
            state_ = State::value;
            break;
          }
          if (token_ != TokenKind::end_array)
            return fail(GrammarContext::array, TokenKind::end_array);
          open_.pop_back();
          return event_of(EventKind::end_array);
        }
        if (!take(',')) {
          token_ = scan();
          if (token_ == TokenKind::end_object) {
            open_.pop_back();
            return event_of(EventKind::end_object);
          }
          if (token_ != TokenKind::value_separator)
            return fail(GrammarContext::object, TokenKind::end_object);
        }
        state_ = State::member_key;
        break;
      case State::member_key:
        token_ = take('"') ? scan_string() : scan();
        if (token_ != TokenKind::string) {
          cut_at_root_member_ = token_ == TokenKind::end_of_input && hit_end_ && open_.size() == 1;
          return fail(GrammarContext::object_key, TokenKind::string);
        }
        state_ = State::colon;
        return text_event(EventKind::key, string_);
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
      e = number_event_;
      e.text = number_text_;
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
    // A control byte as JSON would escape it (`\n`, `\u0002`): readable,
    // and never raw on a terminal.
    if (static_cast<unsigned char>(c) <= 0x1F) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      switch (c) {
        case '\n':
          shown += "\\n";
          break;
        case '\t':
          shown += "\\t";
          break;
        case '\r':
          shown += "\\r";
          break;
        case '\b':
          shown += "\\b";
          break;
        case '\f':
          shown += "\\f";
          break;
        default:
          shown += "\\u00";
          shown += kHex[(static_cast<unsigned char>(c) >> 4U) & 0xFU];
          shown += kHex[static_cast<unsigned char>(c) & 0xFU];
      }
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

Event JsonEvents::fail_too_deep() {
  error_ = JsonError{};
  error_.kind = ErrorKind::too_deep;
  error_.found = token_;
  error_.max_depth = max_depth_;
  error_.hit_end = hit_end_;
  return finish(EventKind::error);
}

}  // namespace aoe::internal
