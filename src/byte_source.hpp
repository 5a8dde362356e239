// SPDX-License-Identifier: Apache-2.0
// Chunked input for the SAX parser, with lazily computed line/column.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace aoe::detail {

/// A 1-based position in the input.
struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
  std::uint64_t offset = 0;  ///< bytes consumed before this position
};

/// Bytes to parse, either one block in memory or a stream read in chunks.
/// Counts lines incrementally, so asking for the position is cheap.
class ByteSource {
 public:
  /// Parses `text` in place; `text` must outlive the source.
  explicit ByteSource(std::string_view text) noexcept
      : begin_(text.data()), pos_(text.data()), end_(text.data() + text.size()),
        scan_(text.data()) {}

  /// Reads `in` in chunks of `chunk_bytes`.
  ByteSource(std::istream& in, std::size_t chunk_bytes)
      : stream_(&in), buffer_(std::max<std::size_t>(chunk_bytes, 16)) {}

  /// True when every byte has been consumed (reads the next chunk if needed).
  bool exhausted() {
    if (pos_ != end_) return false;
    if (!refill()) {
      at_eof_ = true;
      return true;
    }
    return false;
  }
  [[nodiscard]] char peek() const noexcept { return *pos_; }
  void advance() noexcept { ++pos_; }

  /// The next byte as an `int_type`, or EOF once the input is exhausted.
  /// The fast path (a byte left in the current chunk) is inline and
  /// branch-light; this is what nlohmann's lexer calls for every byte.
  std::char_traits<char>::int_type next() {
    if (pos_ != end_) [[likely]] {
      return std::char_traits<char>::to_int_type(*pos_++);
    }
    if (exhausted()) return std::char_traits<char>::eof();
    return std::char_traits<char>::to_int_type(*pos_++);
  }

  /// True once the parser asked for a byte past the end of the input.
  [[nodiscard]] bool hit_eof() const noexcept { return at_eof_; }
  /// True when the stream failed for a reason other than its end.
  [[nodiscard]] bool read_failed() const noexcept { return read_failed_; }

  /// Position of the last byte consumed (1-based line and column). For an
  /// error this is the offending byte; after a token it is just past it.
  [[nodiscard]] TextPosition position() {
    count_lines_to(pos_);
    TextPosition p;
    p.offset = chunk_offset_ + static_cast<std::uint64_t>(pos_ - begin_);
    p.line = lines_ + 1;
    p.column = static_cast<std::size_t>(p.offset - line_start_);
    if (p.column == 0) p.column = 1;
    return p;
  }

 private:
  void count_lines_to(const char* upto) {
    // memchr is vectorised: the reader asks for the position once per
    // operator, so this scan covers every byte of the file once.
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

  bool refill() {
    if (stream_ == nullptr || !*stream_) return false;
    count_lines_to(end_);
    chunk_offset_ += static_cast<std::uint64_t>(end_ - begin_);
    stream_->read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    const auto got = static_cast<std::size_t>(stream_->gcount());
    if (stream_->bad()) read_failed_ = true;
    begin_ = buffer_.data();
    pos_ = begin_;
    end_ = begin_ + got;
    scan_ = begin_;
    return got > 0;
  }

  const char* begin_ = nullptr;
  const char* pos_ = nullptr;
  const char* end_ = nullptr;
  const char* scan_ = nullptr;  // lines counted up to here
  std::istream* stream_ = nullptr;
  std::vector<char> buffer_;
  std::uint64_t chunk_offset_ = 0;  // offset of begin_ in the input
  std::size_t lines_ = 0;           // newlines before scan_
  std::uint64_t line_start_ = 0;    // offset just after the last newline seen
  bool at_eof_ = false;
  bool read_failed_ = false;
};

/// A custom nlohmann input adapter over a `ByteSource`: the lexer asks it
/// for one byte at a time through `get_character()`, which is an inline
/// pointer bump within a chunk. Compared with an iterator pair (what
/// `json::sax_parse(first, last, ...)` takes), it saves an end-of-input
/// comparison through the source and two calls per byte. Used with
/// `nlohmann::detail::parser<json, ChunkAdapter>`.
class ChunkAdapter {
 public:
  using char_type = char;

  explicit ChunkAdapter(ByteSource* source) noexcept : source_(source) {}

  std::char_traits<char>::int_type get_character() { return source_->next(); }

 private:
  ByteSource* source_;
};

}  // namespace aoe::detail
