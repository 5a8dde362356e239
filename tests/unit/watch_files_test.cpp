// SPDX-License-Identifier: Apache-2.0
// What watch asks of the system: a process's start and whether the pid in
// a file's name can still be the file's writer.
#include "io/watch_files.hpp"

#include <chrono>
#include <cstdint>
#include <ctime>
#include <filesystem>

#include <gtest/gtest.h>
#include <unistd.h>

#include "temp_dir.hpp"

namespace aoe::cli {
namespace {

using test::TempDir;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// "last change" is the file's modification time: an old file's is long
// ago, not the moment watch first read it; a time ahead of this clock is now.
TEST(WatchFiles, AFileChangedWhenItsMtimeSays) {
  TempDir dir("changed_at");
  const auto path = dir.write("old.json", "{}");
  const auto old_time =
      std::filesystem::file_time_type::clock::now() - std::chrono::hours(24 * 582);
  std::filesystem::last_write_time(path, old_time);
  const auto stamp = stamp_of(path);
  ASSERT_TRUE(stamp);
  const auto now = std::chrono::system_clock::now();
  const auto age = std::chrono::duration_cast<std::chrono::hours>(now - changed_at(*stamp, now));
  EXPECT_GE(age.count(), 24 * 582 - 1);
  EXPECT_LE(age.count(), 24 * 582 + 1);
  FileStamp ahead = *stamp;
  ahead.mtime_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                       (now + std::chrono::hours(3)).time_since_epoch())
                       .count();
  EXPECT_EQ(changed_at(ahead, now), now);
}

TEST(WatchFiles, ThisProcessStartedMomentsAgo) {
  const auto start = process_start_s(static_cast<long>(::getpid()));
  if (!start) GTEST_SKIP() << "no /proc here";
  const std::int64_t now = std::time(nullptr);
  EXPECT_LE(*start, now + 1);
  EXPECT_GE(*start, now - 3600);  // the test program runs for less than an hour
  EXPECT_FALSE(process_start_s(-1));
}

// A file written now can be this process's; a file last written in 2024
// cannot: this process began later, so the pid in such a name belongs to
// another process (a reused pid), not to the writer.
TEST(WatchFiles, APidThatStartedAfterTheFileIsNotItsWriter) {
  const long self = static_cast<long>(::getpid());
  if (!process_start_s(self)) GTEST_SKIP() << "no /proc here";
  EXPECT_TRUE(writer_alive(self, now_ns()));
  const std::int64_t june_2024_ns = std::int64_t{1717747353} * 1000000000;
  EXPECT_FALSE(writer_alive(self, june_2024_ns));
  EXPECT_TRUE(process_alive(self));
  EXPECT_FALSE(writer_alive(-1, now_ns()));
}

}  // namespace
}  // namespace aoe::cli
