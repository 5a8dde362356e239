// SPDX-License-Identifier: Apache-2.0
#include "io/watch_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/inotify.h>
#endif

namespace aoe::cli {

std::optional<FileStamp> stamp_of(const std::filesystem::path& path) noexcept {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  FileStamp s;
  s.size = static_cast<std::uintmax_t>(st.st_size);
#if defined(__linux__)
  s.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
#else
  s.mtime_ns = static_cast<std::int64_t>(st.st_mtime) * 1000000000;
#endif
  s.inode = static_cast<std::uintmax_t>(st.st_ino);
  s.device = static_cast<std::uintmax_t>(st.st_dev);
  return s;
}

bool process_alive(long pid) noexcept {
  if (pid <= 0) return false;
  std::error_code ec;
  if (std::filesystem::is_directory("/proc/self", ec)) {
    // /proc/<pid>/stat: "pid (comm) S ...": the state after the last ')'.
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    if (!in) return false;
    std::string line;
    std::getline(in, line);
    const std::size_t paren = line.rfind(')');
    if (paren == std::string::npos || paren + 2 >= line.size()) return true;
    const char state = line[paren + 2];
    return state != 'Z' && state != 'X';
  }
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

std::optional<std::int64_t> process_start_s(long pid) noexcept {
  if (pid <= 0) return std::nullopt;
  try {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!in || !std::getline(in, line)) return std::nullopt;
    // After "pid (comm) " come fields 3 (the state) to 52; field 22 is the
    // start, in clock ticks after boot.
    const std::size_t paren = line.rfind(')');
    if (paren == std::string::npos) return std::nullopt;
    std::istringstream fields(line.substr(paren + 1));
    std::string field;
    for (int i = 3; i <= 22; ++i) {
      if (!(fields >> field)) return std::nullopt;
    }
    if (field.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    const unsigned long long ticks = std::stoull(field);
    std::ifstream stat("/proc/stat");
    std::string key;
    long long boot_s = -1;
    while (stat >> key) {
      if (key == "btime") {
        stat >> boot_s;
        break;
      }
      stat.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    const long hz = ::sysconf(_SC_CLK_TCK);
    if (boot_s < 0 || hz <= 0) return std::nullopt;
    const auto ticks_per_s = static_cast<unsigned long long>(hz);
    return static_cast<std::int64_t>(boot_s) + static_cast<std::int64_t>(ticks / ticks_per_s);
  } catch (...) {
    return std::nullopt;
  }
}

std::chrono::system_clock::time_point changed_at(
    const FileStamp& stamp, std::chrono::system_clock::time_point now) noexcept {
  const auto written = std::chrono::system_clock::time_point(
      std::chrono::duration_cast<std::chrono::system_clock::duration>(
          std::chrono::nanoseconds(stamp.mtime_ns)));
  return std::min(now, written);
}

bool writer_alive(long pid, std::int64_t mtime_ns) noexcept {
  if (!process_alive(pid)) return false;
  const std::optional<std::int64_t> start = process_start_s(pid);
  return !start || *start <= mtime_ns / 1000000000 + 2;
}

DirectoryWaiter::~DirectoryWaiter() {
  if (fd_ >= 0) ::close(fd_);
}

bool DirectoryWaiter::watch(const std::filesystem::path& dir) noexcept {
#if defined(__linux__)
  if (fd_ < 0) fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd_ < 0) return false;
  if (watch_ >= 0) {
    (void)::inotify_rm_watch(fd_, watch_);
    watch_ = -1;
  }
  watch_ = ::inotify_add_watch(
      fd_, dir.empty() ? "." : dir.c_str(),
      IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB);
  return watch_ >= 0;
#else
  (void)dir;
  return false;
#endif
}

bool DirectoryWaiter::wait(std::chrono::milliseconds timeout) noexcept {
  const int ms = static_cast<int>(std::max<std::chrono::milliseconds::rep>(0, timeout.count()));
  if (watch_ < 0) {
    // No inotify: sleep (a signal ends nanosleep early with EINTR).
    timespec ts{};
    ts.tv_sec = ms / 1000;
    ts.tv_nsec = static_cast<long>(ms % 1000) * 1000000L;
    (void)::nanosleep(&ts, nullptr);
    return false;
  }
  pollfd p{};
  p.fd = fd_;
  p.events = POLLIN;
  const int n = ::poll(&p, 1, ms);
  if (n <= 0) return false;
  // Drain what arrived: which file it was about is not needed, the caller
  // looks at its stamps.
  char buffer[4096];
  while (::read(fd_, buffer, sizeof buffer) > 0) {
  }
  return true;
}

std::optional<std::size_t> stdout_tty_rows() noexcept {
  winsize ws{};
  if (::isatty(STDOUT_FILENO) == 1 && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
      ws.ws_row > 0) {
    return static_cast<std::size_t>(ws.ws_row);
  }
  return std::nullopt;
}

}  // namespace aoe::cli
