// SPDX-License-Identifier: Apache-2.0
#include "commands/watch/followed_file.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "aoe_result/error.hpp"
#include "aoe_result/reader.hpp"

namespace aoe::cli {

FollowedFile::FollowedFile(std::string path) : path_(std::move(path)) {}

bool FollowedFile::look(WatchClock::time_point now, Reread reread,
                        std::vector<WatchEvent>& events) {
  const std::optional<FileStamp> stamp = stamp_of(path_);
  if (!stamp || (reread == Reread::if_changed && stamp_ && *stamp == *stamp_)) return false;
  const bool changed = !stamp_ || *stamp != *stamp_;
  stamp_ = stamp;
  const ResultFile* read_now = nullptr;
  try {
    read_now = &rereader_.read(path_);
  } catch (const InputError& e) {
    refused_ = "cannot watch: " + std::string(e.what());
    return changed;
  }
  const ResultFile& read = *read_now;
  if (read.readable) cut_off_ = !read.complete;
  note_unreadable(read, *stamp, now, events);
  for (FollowEvent& f : follower_.update(read, rereader_.last_kept_reports())) {
    events.push_back(watch_event(std::move(f), now, path_));
  }
  // The file's own time of change: an old file's is long ago.
  if (changed) last_change_ = changed_at(*stamp, now);
  return changed;
}

void FollowedFile::note_unreadable(const ResultFile& read, const FileStamp& stamp,
                                   WatchClock::time_point now, std::vector<WatchEvent>& events) {
  unreadable_.reset();
  if (read.readable) return;
  const auto error =
      std::find_if(read.diagnostics.begin(), read.diagnostics.end(),
                   [](const Diagnostic& d) { return d.severity == Severity::error; });
  if (error == read.diagnostics.end()) return;
  unreadable_ = *error;
  // Once readable, a read caught mid-rewrite is no news.
  if (follower_.state().readable || error->code == Code::truncated || stamp.size == 0) return;
  const std::optional<Diagnostic>& said = said_unreadable_;
  if (said && said->code == error->code && said->message == error->message &&
      said->line == error->line && said->column == error->column) {
    return;
  }
  said_unreadable_ = *error;
  FollowEvent what;
  what.kind = FollowEventKind::unreadable;
  WatchEvent e = watch_event(std::move(what), now, path_);
  e.unreadable = *error;
  events.push_back(std::move(e));
}

std::string FollowedFile::never_readable_where() const {
  return unreadable_ && stamp_of(path_) ? location(*unreadable_) : path_;
}

std::string FollowedFile::never_readable_reason() const {
  if (!stamp_of(path_)) return "the file does not exist (io-error)";
  if (!unreadable_) return "nothing could be read";
  return unreadable_->message + " (" + std::string(to_string(unreadable_->code)) + ")";
}

std::optional<long> FollowedFile::writer_pid() const {
  if (std::optional<long> pid = pid_from_file_name(path_)) return pid;
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::canonical(path_, ec);
  return ec ? std::nullopt : pid_from_file_name(target.string());
}

}  // namespace aoe::cli
