// SPDX-License-Identifier: Apache-2.0
// `watch`: one result file being followed. Each look reads the file when it
// changed (parsing from the first report that changed: `ResultRereader`)
// and turns the read into events (the library's `Follower`); it keeps when
// the file last changed and why a read gave nothing. The loop
// (watch_loop.cpp) decides when to look and when the run is over.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "aoe_result/follow.hpp"
#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

#include "commands/watch/watch_view.hpp"
#include "io/watch_files.hpp"

namespace aoe::cli {

/// Whether a look reads a file whose stamp has not changed.
enum class Reread { if_changed, always };

class FollowedFile {
 public:
  /// Follows `path` (empty: none yet); nothing is read before `look`.
  explicit FollowedFile(std::string path = {});

  /// Reads the file when its stamp changed (or `always`) and appends what
  /// is new to `events`, stamped `now`: the follower's events, and an
  /// `unreadable` event for each new reason a read gave nothing while the
  /// file has never been readable (a file caught empty or cut off before
  /// its first report is a write in progress: no event). Returns whether
  /// the file changed. A path that became a FIFO, a socket or a device is
  /// not opened: `refused()` says so. Throws `std::bad_alloc`.
  bool look(WatchClock::time_point now, Reread reread, std::vector<WatchEvent>& events);

  [[nodiscard]] const std::string& path() const noexcept { return path_; }
  [[nodiscard]] bool empty() const noexcept { return path_.empty(); }
  [[nodiscard]] const Follower& follower() const noexcept { return follower_; }
  [[nodiscard]] const std::optional<FileStamp>& stamp() const noexcept { return stamp_; }
  /// When the file last changed (its modification time, at most the time
  /// of the look); when following began until it was first read.
  [[nodiscard]] WatchClock::time_point last_change() const noexcept { return last_change_; }
  /// The last readable read was cut off mid-write.
  [[nodiscard]] bool cut_off() const noexcept { return cut_off_; }
  /// Why the last read gave nothing (the reader's first error); `nullopt`
  /// when it gave something or nothing was read.
  [[nodiscard]] const std::optional<Diagnostic>& unreadable() const noexcept { return unreadable_; }
  /// "cannot watch: PATH: the file is a named pipe (FIFO), …" when the
  /// path became no file to read; not escaped.
  [[nodiscard]] const std::optional<std::string>& refused() const noexcept { return refused_; }

  /// Where and why nothing was read, as the reading commands say it:
  /// "path:line:column" (the path alone when the reader gave no position)
  /// and "message (code)" of the last read, or "the file does not exist
  /// (io-error)". Not escaped.
  [[nodiscard]] std::string never_readable_where() const;
  [[nodiscard]] std::string never_readable_reason() const;
  [[nodiscard]] std::string never_readable_why() const {
    return never_readable_where() + ": " + never_readable_reason();
  }

  /// The pid of the file's writer: from its name (`…_pid<N>.json`), or
  /// from the name of the file a link points to; `nullopt` when neither
  /// names one.
  [[nodiscard]] std::optional<long> writer_pid() const;

 private:
  void note_unreadable(const ResultFile& read, const FileStamp& stamp, WatchClock::time_point now,
                       std::vector<WatchEvent>& events);

  std::string path_;
  /// Reads the file again from the first report that changed.
  ResultRereader rereader_;
  Follower follower_;
  std::optional<FileStamp> stamp_;
  WatchClock::time_point last_change_ = WatchClock::now();
  bool cut_off_ = false;
  std::optional<Diagnostic> unreadable_;
  std::optional<Diagnostic> said_unreadable_;  // the last `unreadable` event's reason
  std::optional<std::string> refused_;
};

}  // namespace aoe::cli
