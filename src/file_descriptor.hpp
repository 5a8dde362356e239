// SPDX-License-Identifier: Apache-2.0
// An open file descriptor closed when it goes out of scope, and opening a
// file to read with the reason in words when it cannot be: shared by the
// readers of every kind of file.
#pragma once

#include <cerrno>
#include <filesystem>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace aoe::internal {

/// An open file descriptor, closed when it goes out of scope (also when a
/// read is left by an exception).
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  FileDescriptor(FileDescriptor&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  FileDescriptor& operator=(FileDescriptor&&) = delete;

  [[nodiscard]] int get() const noexcept { return fd_; }
  [[nodiscard]] bool is_open() const noexcept { return fd_ >= 0; }

 private:
  int fd_;
};

/// The words that follow "the file " when open(2) failed with `error`
/// (errno) on a path that is not a directory: "does not exist" (ENOENT,
/// ENOTDIR), "cannot be read: permission denied" (EACCES, EPERM), else
/// "cannot be read: " and the system's words for `error`.
[[nodiscard]] inline std::string open_failure_words(int error) {
  if (error == ENOENT || error == ENOTDIR) return "does not exist";
  if (error == EACCES || error == EPERM) return "cannot be read: permission denied";
  return "cannot be read: " + std::generic_category().message(error);
}

/// Opens `path` to read with open(2) (no stream: for a folder of thousands
/// of small files a stream's set-up cost as much as a file's parse). When
/// it cannot be read, the descriptor is closed and `why` says so in words
/// that follow "the file ": "does not exist", "is a directory", "cannot be
/// read".
[[nodiscard]] inline FileDescriptor open_regular_file(const std::filesystem::path& path,
                                                      std::string& why) {
  FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd.is_open()) {
    const int error = errno;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      why = "is a directory";
    } else {
      why = open_failure_words(error);
    }
    return fd;
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) == 0 && S_ISDIR(st.st_mode)) {
    why = "is a directory";
    return FileDescriptor(-1);
  }
  return fd;
}

}  // namespace aoe::internal
