// SPDX-License-Identifier: Apache-2.0
// watch's followed file: a file that does not parse says why, once per
// reason; a write in progress (empty, cut before its first report) is no
// news; a FIFO at the path is refused, not opened; the writer's pid is
// found through a link.
#include "commands/watch/followed_file.hpp"

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "temp_dir.hpp"

namespace aoe::cli {
namespace {

std::vector<const WatchEvent*> of_kind(const std::vector<WatchEvent>& events,
                                       FollowEventKind kind) {
  std::vector<const WatchEvent*> out;
  for (const WatchEvent& e : events) {
    if (e.what.kind == kind) out.push_back(&e);
  }
  return out;
}

TEST(FollowedFile, SaysOnceWhyAFileDoesNotParse) {
  const test::TempDir dir("followed_unparsable");
  const std::filesystem::path path = dir.write("run.json", "{\"report_1\": [\n  {\"basic\": x}]}");
  FollowedFile file(path.string());
  std::vector<WatchEvent> events;
  EXPECT_TRUE(file.look(WatchClock::now(), Reread::if_changed, events));
  const auto unreadable = of_kind(events, FollowEventKind::unreadable);
  ASSERT_EQ(unreadable.size(), 1U);
  const Diagnostic& d = *unreadable[0]->unreadable;
  EXPECT_EQ(d.code, Code::invalid_json);
  EXPECT_EQ(d.line, 2U);
  EXPECT_EQ(d.column, 13U);
  EXPECT_NE(d.message.find("expected"), std::string::npos) << d.message;
  EXPECT_EQ(file.never_readable_where(), path.string() + ":2:13");
  EXPECT_EQ(file.never_readable_reason(), d.message + " (invalid-json)");

  // The same reason again: no second event.
  (void)file.look(WatchClock::now(), Reread::always, events);
  EXPECT_EQ(of_kind(events, FollowEventKind::unreadable).size(), 1U);
  // Another reason: another event. Then readable: operators, and no more.
  dir.write("run.json", "[1, 2");
  (void)file.look(WatchClock::now(), Reread::always, events);
  EXPECT_EQ(of_kind(events, FollowEventKind::unreadable).size(), 1U)  // cut off: in progress
      << "a file cut off before its first report is a write in progress";
  dir.write("run.json", "{\"report_1\": 5}");
  (void)file.look(WatchClock::now(), Reread::always, events);
  EXPECT_EQ(of_kind(events, FollowEventKind::unreadable).size(), 2U);
  dir.write("run.json", test::one_op_file("net"));
  (void)file.look(WatchClock::now(), Reread::always, events);
  EXPECT_EQ(of_kind(events, FollowEventKind::op).size(), 1U);
  EXPECT_FALSE(file.unreadable());
  dir.write("run.json", "{");
  (void)file.look(WatchClock::now(), Reread::always, events);
  EXPECT_EQ(of_kind(events, FollowEventKind::unreadable).size(), 2U) << "readable once: no news";
}

TEST(FollowedFile, AnEmptyFileIsAWriteInProgress) {
  const test::TempDir dir("followed_empty");
  const std::filesystem::path path = dir.write("run.json", "");
  FollowedFile file(path.string());
  std::vector<WatchEvent> events;
  (void)file.look(WatchClock::now(), Reread::if_changed, events);
  EXPECT_TRUE(of_kind(events, FollowEventKind::unreadable).empty());
  ASSERT_TRUE(file.unreadable());  // the screen and the end still say why
  EXPECT_NE(file.never_readable_reason().find("the file is empty"), std::string::npos);
}

TEST(FollowedFile, MissingFileSaysSo) {
  const test::TempDir dir("followed_missing");
  FollowedFile file((dir.path() / "nope.json").string());
  std::vector<WatchEvent> events;
  EXPECT_FALSE(file.look(WatchClock::now(), Reread::always, events));
  EXPECT_TRUE(events.empty());
  EXPECT_EQ(file.never_readable_why(),
            (dir.path() / "nope.json").string() + ": the file does not exist (io-error)");
}

// A FIFO made at the path after watching began: opening it would wait for
// a writer for ever.
TEST(FollowedFile, RefusesAFifo) {
  const test::TempDir dir("followed_fifo");
  const std::filesystem::path path = dir.path() / "aoe_result_opat_20250428_203017761_pid1.json";
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  FollowedFile file(path.string());
  std::vector<WatchEvent> events;
  (void)file.look(WatchClock::now(), Reread::if_changed, events);
  ASSERT_TRUE(file.refused());
  EXPECT_EQ(*file.refused(), "cannot watch: " + path.string() +
                                 ": the file is a named pipe (FIFO), not a result file; not read");
  EXPECT_TRUE(events.empty());
}

TEST(FollowedFile, WriterPidThroughALink) {
  const test::TempDir dir("followed_link");
  const std::filesystem::path target =
      dir.write("aoe_result_opat_20250428_203017761_pid18230.json", test::one_op_file("net"));
  const std::filesystem::path link = dir.path() / "latest.json";
  std::filesystem::create_symlink(target, link);
  EXPECT_EQ(FollowedFile(link.string()).writer_pid(), 18230);
  EXPECT_EQ(FollowedFile(target.string()).writer_pid(), 18230);
  EXPECT_EQ(FollowedFile(dir.write("renamed.json", "[]").string()).writer_pid(), std::nullopt);
}

}  // namespace
}  // namespace aoe::cli
