// SPDX-License-Identifier: Apache-2.0
// What `watch` asks of the operating system: whether a file changed, whether
// a process is alive, and waiting for either a change or a timeout. Linux
// first (inotify, /proc); anything POSIX falls back to polling and kill(2).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>

namespace aoe::cli {

/// What tells one state of a file from another: AOE rewrites in place (size
/// and mtime change) or replaces the file (the inode changes).
struct FileStamp {
  std::uintmax_t size = 0;
  std::int64_t mtime_ns = 0;  ///< modification time, ns since the epoch
  std::uintmax_t inode = 0;
  std::uintmax_t device = 0;
  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

/// The stamp of the file at `path`; `nullopt` when it does not exist or
/// cannot be looked at. Never throws.
[[nodiscard]] std::optional<FileStamp> stamp_of(const std::filesystem::path& path) noexcept;

/// When the file of `stamp` last changed: its modification time, but never
/// later than `now` (the writer's clock may run ahead of this machine's).
[[nodiscard]] std::chrono::system_clock::time_point changed_at(
    const FileStamp& stamp, std::chrono::system_clock::time_point now) noexcept;

/// Whether process `pid` runs on this machine: /proc/<pid> exists and is not
/// a zombie; where there is no /proc, kill(pid, 0) succeeds or is refused
/// for permission (EPERM: it exists).
[[nodiscard]] bool process_alive(long pid) noexcept;

/// When process `pid` started, in seconds since the epoch (whole seconds:
/// the boot time in /proc/stat is whole). `nullopt` without /proc, or when
/// the process is gone. Linux: /proc/<pid>/stat field 22 (clock ticks after
/// boot) and `btime` of /proc/stat.
[[nodiscard]] std::optional<std::int64_t> process_start_s(long pid) noexcept;

/// Whether process `pid` can be the writer of a file last changed at
/// `mtime_ns`: it runs, and it did not start after that change (2 s of
/// slack for the clocks). A pid in a file's name that now belongs to a
/// process started later (the writer is gone and its pid was reused, or the
/// file was copied from another machine) is not the writer.
[[nodiscard]] bool writer_alive(long pid, std::int64_t mtime_ns) noexcept;

/// Waits for something to happen in a directory, or for a timeout.
/// Uses inotify on the directory (which also sees a file replaced by a
/// rename) where it works; otherwise it only sleeps, and the caller polls.
/// A signal (Ctrl-C) ends a wait early.
class DirectoryWaiter {
 public:
  DirectoryWaiter() = default;
  DirectoryWaiter(const DirectoryWaiter&) = delete;
  DirectoryWaiter& operator=(const DirectoryWaiter&) = delete;
  ~DirectoryWaiter();

  /// Watches `dir` from now on (replacing an earlier one). Returns whether
  /// inotify watches it; false: `wait` only sleeps.
  bool watch(const std::filesystem::path& dir) noexcept;

  /// Returns when `dir` saw a change (true) or after `timeout` (false), or
  /// earlier when a signal arrived.
  bool wait(std::chrono::milliseconds timeout) noexcept;

  /// Whether changes are seen by inotify (else by polling only).
  [[nodiscard]] bool notifies() const noexcept { return watch_ >= 0; }

 private:
  int fd_ = -1;
  int watch_ = -1;
};

/// The height of the terminal on stdout, in rows, when it is one.
[[nodiscard]] std::optional<std::size_t> stdout_tty_rows() noexcept;

}  // namespace aoe::cli
