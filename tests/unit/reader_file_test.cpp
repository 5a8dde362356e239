// SPDX-License-Identifier: Apache-2.0
// The reader's file entry point, `read_result_file`: what it reads, what it
// reports as unreadable, and what it refuses before opening (a FIFO, a
// socket, a device: `special_file_kind`).
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "aoe_result/error.hpp"
#include "aoe_result/reader.hpp"

#include "temp_dir.hpp"
#include "test_util.hpp"

namespace aoe {
namespace {

TEST(ReaderFile, MissingFileIsIoError) {
  const ResultFile f = read_result_file("/nonexistent/aoe_result_opat_x.json");
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, "io-error");
  EXPECT_THROW((void)load_result_file("/nonexistent/aoe_result_opat_x.json"), InputError);
  EXPECT_EQ(f.diagnostics[0].message, "the file does not exist");
}

TEST(ReaderFile, DirectoryIsIoErrorSayingSo) {
  const ResultFile f = read_result_file(AOE_TEST_DATA_DIR);
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, "io-error");
  EXPECT_EQ(f.diagnostics[0].message, "the file is a directory");
}

// A file is read by read(2) in chunks: every chunk size gives the model
// that one block of the same bytes gives.
TEST(ReaderFile, FileInChunksIsTheSameAsTheText) {
  const std::string path =
      std::string(AOE_TEST_DATA_DIR) + "/aoe_result_opat_20250428_203017761_pid18230.json";
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const ResultFile whole = read_result_text(text, path);
  for (const std::size_t chunk :
       {std::size_t{16}, std::size_t{17}, std::size_t{4096}, std::size_t{1} << 20U}) {
    ReadOptions o;
    o.chunk_bytes = chunk;
    const ResultFile f = read_result_file(path, o);
    ASSERT_TRUE(f.readable);
    ASSERT_EQ(f.reports.size(), whole.reports.size());
    for (std::size_t r = 0; r < f.reports.size(); ++r) {
      ASSERT_EQ(f.reports[r].operators.size(), whole.reports[r].operators.size());
      for (std::size_t i = 0; i < f.reports[r].operators.size(); ++i) {
        EXPECT_EQ(f.reports[r].operators[i].name, whole.reports[r].operators[i].name);
        EXPECT_EQ(f.reports[r].operators[i].line, whole.reports[r].operators[i].line);
      }
    }
    EXPECT_EQ(f.diagnostics.size(), whole.diagnostics.size());
  }
}

// The file's descriptor is closed however the read ends: also when the
// `on_operator` callback throws out of it (each read leaked one before).
TEST(ReaderFile, ThrowingOnOperatorClosesTheFile) {
  const std::filesystem::path fds("/proc/self/fd");
  std::error_code ec;
  if (!std::filesystem::is_directory(fds, ec)) GTEST_SKIP() << "no /proc/self/fd";
  const auto open_descriptors = [&fds] {
    const std::filesystem::directory_iterator entries(fds);
    return std::distance(begin(entries), end(entries));
  };
  struct Stop {};
  ReadOptions options;
  std::size_t handed = 0;
  options.on_operator = [&handed](const ResultFile&, const Report&, Operator&&) {
    ++handed;
    throw Stop{};
  };
  const auto before = open_descriptors();
  for (int i = 0; i < 8; ++i) {
    EXPECT_THROW((void)read_result_file(test::data(test::k8x), options), Stop);
  }
  EXPECT_EQ(handed, 8U);
  EXPECT_EQ(open_descriptors(), before);
}

// A named pipe is refused before it is opened: open(2) on a FIFO waits for
// a writer, so a read of one that nobody writes never returned.
TEST(ReaderFile, FifoIsRefusedWithInputError) {
  const test::TempDir dir("reader_fifo");
  const std::filesystem::path fifo = dir.path() / "aoe_result_opat_x.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  EXPECT_EQ(special_file_kind(fifo), "a named pipe (FIFO)");
  try {
    (void)read_result_file(fifo);
    ADD_FAILURE() << "a FIFO was read";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), fifo.string());
    EXPECT_EQ(e.message(), "the file is a named pipe (FIFO), not a result file; not read");
    EXPECT_EQ(e.line(), std::nullopt);
  }
  EXPECT_THROW((void)load_result_file(fifo), InputError);
}

TEST(ReaderFile, SocketIsRefused) {
  const test::TempDir dir("reader_socket");
  const std::filesystem::path path = dir.path() / "s.json";
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  ASSERT_LT(path.native().size(), sizeof address.sun_path);
  std::memcpy(address.sun_path, path.c_str(), path.native().size() + 1);
  ASSERT_EQ(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0)
      << std::strerror(errno);
  EXPECT_EQ(special_file_kind(path), "a socket");
  EXPECT_THROW((void)read_result_file(path), InputError);
  ::close(fd);
}

// /dev/zero never ends and /dev/null is empty: neither is a result file,
// and the one rule says so for both.
TEST(ReaderFile, CharacterDeviceIsRefused) {
  std::error_code ec;
  if (!std::filesystem::exists("/dev/zero", ec)) GTEST_SKIP() << "no /dev/zero";
  EXPECT_EQ(special_file_kind("/dev/zero"), "a character device");
  try {
    (void)read_result_file("/dev/zero");
    ADD_FAILURE() << "/dev/zero was read";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "/dev/zero: the file is a character device, not a result file; not read");
  }
}

// What a shell hands over (`<(cmd)`, a pipe behind /dev/fd/N) is read as a
// stream, not refused; nor is a regular file, a directory or a missing path.
TEST(ReaderFile, DescriptorOfAPipeIsRead) {
  std::error_code ec;
  if (!std::filesystem::is_directory("/dev/fd", ec)) GTEST_SKIP() << "no /dev/fd";
  const std::string text = test::one_op_file("piped");
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  ASSERT_EQ(::write(ends[1], text.data(), text.size()), static_cast<ssize_t>(text.size()));
  ::close(ends[1]);
  const std::string path = "/dev/fd/" + std::to_string(ends[0]);
  EXPECT_EQ(special_file_kind(path), std::nullopt);
  const ResultFile f = read_result_file(path);
  ::close(ends[0]);
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 1U);
  EXPECT_EQ(f.reports[0].tuning_name, "piped");
  EXPECT_EQ(special_file_kind(test::data(test::k8x)), std::nullopt);
  EXPECT_EQ(special_file_kind(AOE_TEST_DATA_DIR), std::nullopt);
  EXPECT_EQ(special_file_kind("/nonexistent/x.json"), std::nullopt);
}

}  // namespace
}  // namespace aoe
