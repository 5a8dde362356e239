// SPDX-License-Identifier: Apache-2.0
// The -o FILE rules of report and retune: a directory is refused, an
// existing file needs --force, standard output is never refused; a file is
// written whole.
#include "io/write_file.hpp"

#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>

#include "cli_harness.hpp"
#include "core/context.hpp"
#include "temp_dir.hpp"

namespace aoe::cli {
namespace {

using test::TempDir;

TEST(OutputFile, RefusesADirectoryNamingTheNoun) {
  TempDir dir("write_file_dir");
  const OutputFile page{dir.path().string(), true, "page"};
  try {
    refuse_directory(page);
    FAIL() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir.path().string() + " is a directory; -o names the page to write");
  }
  EXPECT_NO_THROW(refuse_directory(OutputFile{"-", false, "page"}));
  EXPECT_NO_THROW(refuse_directory(OutputFile{(dir.path() / "new.html").string(), false, "page"}));
}

TEST(OutputFile, AnExistingFileNeedsForce) {
  TempDir dir("write_file_force");
  const std::string path = dir.write("old.json", "{}").string();
  EXPECT_TRUE(output_exists(OutputFile{path}));
  EXPECT_THROW(refuse_overwrite(OutputFile{path, false}), UsageError);
  EXPECT_NO_THROW(refuse_overwrite(OutputFile{path, true}));
  EXPECT_FALSE(output_exists(OutputFile{"-"}));
  EXPECT_NO_THROW(refuse_overwrite(OutputFile{"-", false}));
  EXPECT_EQ(not_written(OutputFile{"-"}), "nothing written");
  EXPECT_EQ(not_written(OutputFile{"a\x1b.json"}), "a\\x1b.json not written");
}

TEST(OutputFile, WritesWholeOrToTheStream) {
  TempDir dir("write_file_write");
  std::ostringstream out;
  const std::filesystem::path path = dir.path() / "doc.json";
  write_output(OutputFile{path.string()}, "{\"a\": 1}\n", out);
  std::ifstream written(path, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(written), {}), "{\"a\": 1}\n");
  EXPECT_EQ(out.str(), "");
  write_output(OutputFile{"-"}, "text", out);
  EXPECT_EQ(out.str(), "text");
  EXPECT_THROW(write_output(OutputFile{(dir.path() / "no/such/dir/x").string()}, "x", out),
               UsageError);
}

TEST(OutputFile, NothingReadableIsSaid) {
  test::Harness h;
  std::vector<ResultFile> files(1);
  EXPECT_FALSE(any_readable(files, OutputFile{"out.json"}, h.ctx));
  EXPECT_NE(h.err.str().find("no input could be read; out.json not written"), std::string::npos)
      << h.err.str();
  files[0].readable = true;
  EXPECT_TRUE(any_readable(files, OutputFile{"out.json"}, h.ctx));
}

}  // namespace
}  // namespace aoe::cli
