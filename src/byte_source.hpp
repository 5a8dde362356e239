// SPDX-License-Identifier: Apache-2.0
// The bytes to read, as a sequence of chunks: one block in memory, or a
// stream read `chunk_bytes` at a time. Knows nothing of JSON.
#pragma once

#include <algorithm>
#include <cstddef>
#include <istream>
#include <string_view>
#include <vector>

namespace aoe::internal {

class ByteSource {
 public:
  /// The whole of `text` is the one chunk; `text` must outlive the source.
  explicit ByteSource(std::string_view text) noexcept : text_(text) {}

  /// Reads `in` in chunks of `chunk_bytes` (at least 16).
  ByteSource(std::istream& in, std::size_t chunk_bytes)
      : stream_(&in), buffer_(std::max<std::size_t>(chunk_bytes, 16)) {}

  /// The next chunk of bytes; empty once the input is exhausted. The bytes
  /// stay valid until the next call.
  std::string_view next_chunk() {
    if (stream_ == nullptr) {
      const std::string_view chunk = text_;
      text_ = {};
      return chunk;
    }
    if (!*stream_) return {};
    stream_->read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    const auto got = static_cast<std::size_t>(stream_->gcount());
    if (stream_->bad()) read_failed_ = true;
    return {buffer_.data(), got};
  }

  /// True when the stream failed for a reason other than its end.
  [[nodiscard]] bool read_failed() const noexcept { return read_failed_; }

 private:
  std::string_view text_;
  std::istream* stream_ = nullptr;
  std::vector<char> buffer_;
  bool read_failed_ = false;
};

}  // namespace aoe::internal
