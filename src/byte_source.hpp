// SPDX-License-Identifier: Apache-2.0
// The bytes to read, as a sequence of chunks: one block in memory, or a
// stream or an open file read `chunk_bytes` at a time. Knows nothing of
// JSON.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>

#include <unistd.h>

namespace aoe::internal {

/// Told of every chunk a `ByteSource` hands out, in order (`observe`).
class ChunkObserver {
 public:
  virtual void on_chunk(std::string_view chunk) = 0;

 protected:
  ChunkObserver() = default;
  ChunkObserver(const ChunkObserver&) = default;
  ChunkObserver& operator=(const ChunkObserver&) = default;
  ~ChunkObserver() = default;
};

class ByteSource {
 public:
  /// The whole of `text` is the one chunk; `text` must outlive the source.
  explicit ByteSource(std::string_view text) noexcept : text_(text) {}

  /// Reads `in` in chunks of `chunk_bytes` (at least 16).
  ///
  /// The buffer is not cleared first: of a small file only the pages that
  /// are read into are ever touched.
  ByteSource(std::istream& in, std::size_t chunk_bytes)
      : stream_(&in),
        size_(std::max<std::size_t>(chunk_bytes, 16)),
        buffer_(std::make_unique_for_overwrite<char[]>(size_)) {}

  /// Reads the open file descriptor `fd` (not closed here) in chunks of
  /// `chunk_bytes` (at least 16): read(2) straight into the buffer, no
  /// stream layer between. A read interrupted by a signal is retried.
  ByteSource(int fd, std::size_t chunk_bytes)
      : fd_(fd),
        size_(std::max<std::size_t>(chunk_bytes, 16)),
        buffer_(std::make_unique_for_overwrite<char[]>(size_)) {}

  /// Reads the `length` bytes of the open file `fd` from `offset`, in
  /// chunks of `chunk_bytes` (at least 16), with pread(2): the descriptor's
  /// position is neither used nor moved, so that several sources can read
  /// parts of one descriptor at once. A file that ends before `offset +
  /// length` is a failed read (`read_failed`).
  ByteSource(int fd, std::size_t chunk_bytes, std::uint64_t offset, std::uint64_t length)
      : fd_(fd),
        ranged_(true),
        offset_(offset),
        left_(length),
        size_(std::max<std::size_t>(chunk_bytes, 16)),
        buffer_(std::make_unique_for_overwrite<char[]>(size_)) {}

  /// The next chunk of bytes; empty once the input is exhausted. The bytes
  /// stay valid until the next call.
  std::string_view next_chunk() {
    if (fd_ >= 0) {
      const std::string_view chunk = next_file_chunk();
      if (observer_ != nullptr && !chunk.empty()) observer_->on_chunk(chunk);
      return chunk;
    }
    if (stream_ == nullptr) {
      const std::string_view chunk = text_;
      text_ = {};
      return chunk;
    }
    if (!*stream_) return {};
    stream_->read(buffer_.get(), static_cast<std::streamsize>(size_));
    const auto got = static_cast<std::size_t>(stream_->gcount());
    if (stream_->bad()) read_failed_ = true;
    return {buffer_.get(), got};
  }

  /// Tells `observer` (null: none; it must outlive the source) of every
  /// chunk of a file read from now on, before it is handed out.
  void observe(ChunkObserver* observer) noexcept { observer_ = observer; }

  /// True when the stream failed for a reason other than its end.
  [[nodiscard]] bool read_failed() const noexcept { return read_failed_; }

 private:
  std::string_view next_file_chunk() {
    if (file_done_) return {};
    if (ranged_) return next_range_chunk();
    for (;;) {
      const ssize_t got = ::read(fd_, buffer_.get(), size_);
      if (got > 0) return {buffer_.get(), static_cast<std::size_t>(got)};
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) read_failed_ = true;
      file_done_ = true;
      return {};
    }
  }

  std::string_view next_range_chunk() {
    while (left_ > 0) {
      const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(left_, size_));
      const ssize_t got = ::pread(fd_, buffer_.get(), want, static_cast<off_t>(offset_));
      if (got > 0) {
        offset_ += static_cast<std::uint64_t>(got);
        left_ -= static_cast<std::uint64_t>(got);
        return {buffer_.get(), static_cast<std::size_t>(got)};
      }
      if (got < 0 && errno == EINTR) continue;
      read_failed_ = true;  // an error, or the file ended early
      break;
    }
    file_done_ = true;
    return {};
  }

  int fd_ = -1;
  bool file_done_ = false;
  bool ranged_ = false;       // a part of the file, read with pread
  std::uint64_t offset_ = 0;  // where the part's next byte is
  std::uint64_t left_ = 0;    // the part's bytes not yet read
  std::string_view text_;
  std::istream* stream_ = nullptr;
  std::size_t size_ = 0;
  std::unique_ptr<char[]> buffer_;
  bool read_failed_ = false;
  ChunkObserver* observer_ = nullptr;
};

/// The bytes [at, at + length) of the file `fd` into `out` (fewer where the
/// file ends first), with pread(2); false when reading failed.
inline bool read_range(int fd, std::uint64_t at, std::size_t length, std::string& out) {
  out.resize(length);
  std::size_t got = 0;
  while (got < length) {
    const ssize_t n = ::pread(fd, out.data() + got, length - got, static_cast<off_t>(at + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  out.resize(got);
  return true;
}

}  // namespace aoe::internal
