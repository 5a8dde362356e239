// SPDX-License-Identifier: Apache-2.0
// The event source: the only code that knows how JSON bytes are tokenized.
//
// A streaming JSON tokenizer (RFC 8259, strict) over the chunks of a
// `ByteSource`: it turns bytes into events (begin/end of an object or a
// list, a key, a scalar, the end of the input, a cut, an error), one per
// call to `next()`, and can say where in the input it is. Strings are
// scanned a run of plain bytes at a time, UTF-8 is validated, escapes and
// surrogate pairs are decoded, numbers are converted with `std::from_chars`
// and keep their text, nesting is limited.
//
// Its grammar, the order in which it reads bytes and so its positions are
// those of nlohmann's parser (the project's JSON writer and the oracle of
// tests/unit/json_events_diff_test.cpp): a number is read one byte past its
// end, a key is reported before its ':' is read, a NUL byte outside a
// string ends the input. That keeps every line:column the reader has ever
// given. One difference: a number beyond a double's range (`1e400`) is an
// event (±infinity, with its text), where nlohmann stops with an error;
// the reader then says the one value is out of range and goes on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "byte_source.hpp"
#include "reader/byte_scan.hpp"

namespace aoe::internal {

/// A 1-based position in the input.
struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
  std::uint64_t offset = 0;  ///< bytes consumed before this position
};

enum class EventKind : std::uint8_t {
  begin_object,
  end_object,
  begin_array,
  end_array,
  key,               ///< `text`: the key, decoded
  string,            ///< `text`: the string, decoded
  unsigned_integer,  ///< a number without fraction or exponent, >= 0, fits 64 bits
  integer,           ///< the same, negative
  floating,          ///< any other number (or an integer too long for 64 bits); ±infinity
                     ///< for one beyond a double's range (`1e400`): its text is what was written
  boolean,
  null,
  end,        ///< the document is complete (`stopped_at_nul()`: ended by a NUL byte)
  truncated,  ///< the input ended inside the document; `error()` says where
  error,      ///< the bytes are not JSON; `error()` says why
};

struct Event {
  EventKind kind = EventKind::end;
  bool boolean = false;
  std::int64_t integer = 0;
  std::uint64_t unsigned_integer = 0;
  double floating = 0;
  /// Key or string (decoded); a number's text as written. Valid until the
  /// next call to `next()`.
  std::string_view text;
};

/// The tokens of the grammar, as messages name them.
enum class TokenKind : std::uint8_t {
  none,
  literal_true,
  literal_false,
  literal_null,
  string,
  number,
  begin_array,
  begin_object,
  end_array,
  end_object,
  name_separator,
  value_separator,
  lex_error,
  end_of_input,
  value,  ///< "'[', '{', or a literal": what may begin a value
};

/// What is wrong with the bytes of one token.
enum class LexError : std::uint8_t {
  none,
  invalid_literal,
  invalid_bom,
  missing_closing_quote,
  control_character,  ///< `JsonError::control` says which
  forbidden_escape,
  bad_unicode_escape,
  high_surrogate_alone,
  low_surrogate_alone,
  ill_formed_utf8,
  digit_after_minus,
  digit_after_point,
  digit_or_sign_after_exponent,
  digit_after_exponent_sign,
};

enum class ErrorKind : std::uint8_t {
  none,
  syntax,    ///< a bad token, or a token where it may not be
  too_deep,  ///< nesting beyond the limit
};

/// Where in the grammar an error was met.
enum class GrammarContext : std::uint8_t { value, array, object, object_key, object_separator };

/// A typed error: the kind and what was met, expected and read.
struct JsonError {
  ErrorKind kind = ErrorKind::none;
  LexError lex = LexError::none;
  TokenKind found = TokenKind::none;
  TokenKind expected = TokenKind::none;
  GrammarContext context = GrammarContext::value;
  unsigned char control = 0;  ///< the byte, for `LexError::control_character`
  /// The text read since the token began, control bytes shown as
  /// "<U+001F>", cut to its last 40 characters after "..." when longer.
  std::string last_read;
  bool last_byte_nul = false;  ///< the last byte read was a NUL
  bool hit_end = false;        ///< the input had ended when the error was met
  std::size_t max_depth = 0;   ///< the limit, for `too_deep`
};

/// The error in words, e.g. "syntax error while parsing object - unexpected
/// string literal; expected '}'" (the wording of nlohmann's parser).
[[nodiscard]] std::string describe(const JsonError& error);

class JsonEvents {
 public:
  /// Deep enough for any real file and for tests of deep nesting; one byte
  /// of memory per level.
  static constexpr std::size_t kDefaultMaxDepth = std::size_t{1} << 20U;

  explicit JsonEvents(ByteSource& source, std::size_t max_depth = kDefaultMaxDepth);

  /// The next event. After `end`, `truncated` or `error` it repeats that one.
  Event next();

  /// The position after the last byte consumed: after an event, just past
  /// its token (past the byte after a number); after an error, the
  /// offending byte.
  [[nodiscard]] TextPosition position();
  /// The position of the first byte of the number just read (right after
  /// its event, before the next call to `next()`): where a message about
  /// the value points, not at the byte after it, which may be on the next
  /// line.
  [[nodiscard]] TextPosition number_position();

  /// Why the last event was `truncated` or `error`.
  [[nodiscard]] const JsonError& error() const noexcept { return error_; }
  /// After `end`: true when a NUL byte, not the end of input, ended it.
  [[nodiscard]] bool stopped_at_nul() const noexcept { return !hit_end_; }
  /// Consumes the rest of the input; true when it is all zero bytes. An
  /// input that goes on with zero bytes past `max_bytes` (a device such as
  /// /dev/zero) is read no further: true, and `zero_scan_stopped()`.
  bool rest_is_zero(std::uint64_t max_bytes = kMaxZeroTail);
  /// The last `rest_is_zero` stopped at its limit, the input not at its end.
  [[nodiscard]] bool zero_scan_stopped() const noexcept { return zero_scan_stopped_; }
  /// The zero bytes looked at after a document, at most.
  static constexpr std::uint64_t kMaxZeroTail = std::uint64_t{256} << 20U;
  [[nodiscard]] bool read_failed() const noexcept { return source_.read_failed(); }
  /// The last number read ended where the input ended: it may be cut
  /// ("14" of "145.5"). False when a byte followed it (a ',', white space,
  /// a bracket, a NUL), which proves it whole.
  [[nodiscard]] bool number_met_end() const noexcept { return number_met_end_; }

  /// Starts reading in the middle of a document, at the opening quote of a
  /// member's key in the root object, right after the ',' before it: the
  /// input's first byte is at `offset` of the whole, after `lines_before`
  /// newlines, the last of them ending at `line_start` (0 for none). Every
  /// event and position is then the one a read of the whole would give
  /// there. Called before the first `next()`.
  void resume_at_root_member(std::uint64_t offset, std::size_t lines_before,
                             std::uint64_t line_start);
  /// The last event was `truncated` because the input ended right after a
  /// ',' between two members of the root object (white space after it
  /// allowed): where a part read by `resume_at_root_member` may begin.
  [[nodiscard]] bool cut_at_root_member() const noexcept { return cut_at_root_member_; }
  /// Where the last token (a key, a string, a number) began: the offset of
  /// its first byte in the whole input.
  [[nodiscard]] std::uint64_t token_start() const noexcept { return token_start_; }
  /// The bytes of the chunk being read from its start up to `offset`
  /// (excluded), with the chunk's offset; nullopt when `offset` is not in
  /// that chunk (or at its end).
  [[nodiscard]] std::optional<std::pair<std::uint64_t, std::string_view>> chunk_up_to(
      std::uint64_t offset) const noexcept {
    const auto size = static_cast<std::uint64_t>(end_ - begin_);
    if (offset < chunk_offset_ || offset - chunk_offset_ > size) return std::nullopt;
    return std::make_pair(
        chunk_offset_, std::string_view(begin_, static_cast<std::size_t>(offset - chunk_offset_)));
  }

 private:
  static constexpr int kEnd = -1;
  enum class State : std::uint8_t {
    start,
    value,
    object_first,
    colon,
    array_first,
    after_value,
    member_key,  // after a ',' in an object
    finished
  };

  // --- bytes
  int get() {
    if (ungot_) {
      ungot_ = false;
      return current_;
    }
    if (p_ == end_) [[unlikely]] {
      if (!refill()) {
        hit_end_ = true;
        return current_ = kEnd;
      }
    }
    return current_ = static_cast<unsigned char>(*p_++);
  }
  void unget() noexcept { ungot_ = true; }
  /// The grammar's fast path for the byte it expects next (':', ',', '"'):
  /// skips white space as scan() would and, when the next byte in this
  /// chunk is `c`, consumes it and returns true. Otherwise returns false,
  /// having consumed at most white space, and scan() reads the token.
  bool take(char c) noexcept {
    if (ungot_) {
      if (current_ == static_cast<unsigned char>(c)) {
        ungot_ = false;
        return true;
      }
      if (!is_blank(static_cast<unsigned char>(current_))) return false;
      ungot_ = false;
    }
    p_ = skip_blank(p_, end_);
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    current_ = static_cast<unsigned char>(c);
    return true;
  }
  bool refill();
  [[nodiscard]] std::uint64_t consumed() const noexcept {
    return chunk_offset_ + static_cast<std::uint64_t>(p_ - begin_);
  }
  void count_lines_to(const char* upto);
  void reset_token() noexcept { token_start_ = consumed() - 1; }
  [[nodiscard]] std::string token_tail(std::size_t max_bytes, std::uint64_t* length) const;

  // --- tokens
  TokenKind scan();
  TokenKind scan_string();
  bool scan_escape();
  bool scan_utf8(int first);
  int scan_hex4();
  TokenKind scan_number();
  TokenKind convert_number(bool integral);
  TokenKind scan_literal(std::string_view literal, TokenKind kind);

  // --- grammar
  Event value_event();
  Event fail(GrammarContext context, TokenKind expected);
  Event fail_too_deep();
  Event finish(EventKind kind);

  ByteSource& source_;
  const char* begin_ = nullptr;
  const char* p_ = nullptr;
  const char* end_ = nullptr;
  const char* scan_ = nullptr;      // lines counted up to here
  std::uint64_t chunk_offset_ = 0;  // offset of begin_ in the input
  std::size_t lines_ = 0;           // newlines before scan_
  std::uint64_t line_start_ = 0;    // offset just after the last newline seen
  std::string carry_;               // the last bytes of earlier chunks (messages)
  std::uint64_t carry_end_ = 0;     // offset just past carry_
  std::uint64_t token_start_ = 0;   // where the text quoted by messages begins
  int current_ = kEnd;
  bool ungot_ = false;
  bool hit_end_ = false;
  bool first_scan_ = true;

  TokenKind token_ = TokenKind::none;
  LexError lex_ = LexError::none;
  unsigned char control_ = 0;
  std::string text_;                 // a decoded string, when it could not be a view
  std::string number_;               // a number's text, when read byte by byte
  std::string_view number_text_;     // a number's text: a view of the chunk or of number_
  bool number_met_end_ = false;      // the input ended right after the last number
  bool zero_scan_stopped_ = false;   // rest_is_zero stopped at its limit
  bool cut_at_root_member_ = false;  // ended after a ',' of the root object
  std::string_view string_;
  Event number_event_;

  State state_ = State::start;
  std::vector<std::uint8_t> open_;  // 1: a list, 0: an object
  std::size_t max_depth_;
  Event final_;
  JsonError error_;
};

}  // namespace aoe::internal
