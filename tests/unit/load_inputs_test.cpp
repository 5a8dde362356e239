// SPDX-License-Identifier: Apache-2.0
// load_inputs<Kind>: the path handling of every kind of input, shown on a
// kind made here (text files, the model their line count) that writes no
// path handling of its own.
#include "io/load_inputs.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <istream>
#include <iterator>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "cli_harness.hpp"
#include "temp_dir.hpp"

namespace aoe::cli {
namespace {

namespace fs = std::filesystem;
using test::Harness;
using test::TempDir;

// A text file: its name and its lines; no such file gives `readable` false.
struct LineCount {
  std::string path;
  bool readable = false;
  std::size_t lines = 0;
};

LineCount count_lines(std::istream& in, std::string path) {
  LineCount out{std::move(path), true, 0};
  out.lines = static_cast<std::size_t>(
      std::count(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(), '\n'));
  return out;
}

// The kind: `*.txt`, by name; discovered in one folder it is given; a
// file whose name starts with "slow" takes a while to read.
struct TextKind {
  using Model = LineCount;
  fs::path home;  // where `discover` looks

  static const FileNaming& naming() {
    static const FileNaming words{
        "text file",
        "*.txt",
        [](std::string_view name) { return name.size() > 4 && name.ends_with(".txt"); },
        [](std::vector<fs::path>& files) { std::sort(files.begin(), files.end()); },
        "Text files",
        "by name",
        "the text files of the home folder"};
    return words;
  }
  Discovery discover() const {
    Discovery found{std::nullopt, {home}, "the home folder"};
    if (!files_in(home, false, naming()).empty()) found.picked = home;
    return found;
  }
  std::string nothing_discovered(const Discovery& found) const {
    return "no *.txt in " + found.looked_in.back().string();
  }
  LineCount read_file(const std::string& path) const {
    if (fs::path(path).filename().string().starts_with("slow")) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return {path, false, 0};
    return count_lines(in, path);
  }
  LineCount read_stream(std::istream& in, const std::string& path) const {
    return count_lines(in, path);
  }
  bool one_at_a_time() const { return false; }
  bool after_read(LineCount& file, std::vector<InputNote>& notes) const {
    if (!file.readable) notes.push_back({InputNote::Kind::lost, file.path + ": cannot open"});
    if (file.readable && file.lines == 0) {
      notes.push_back({InputNote::Kind::warning, file.path + ": empty"});
    }
    return file.readable;
  }
  InputProblem problem_of(const LineCount& file) const {
    return {file.path, "io-error", "cannot open"};
  }
};
static_assert(InputKind<TextKind>);

std::vector<std::string> names(const InputsOf<LineCount>& inputs) {
  std::vector<std::string> out;
  for (const LineCount& f : inputs.files) out.push_back(fs::path(f.path).filename().string());
  return out;
}

TEST(LoadInputsOfAKind, DirectoriesInTheKindsOrderAndRecursive) {
  TempDir dir("kind_dirs");
  dir.write("b.txt", "1\n2\n");
  dir.write("a.txt", "1\n");
  dir.write("notes.md", "not of the kind\n");
  dir.write("sub/c.txt", "1\n2\n3\n");
  Harness h;
  PathOptions o;
  o.paths = {dir.path().string()};
  const auto flat = load_inputs(TextKind{}, o, h.ctx);
  EXPECT_EQ(names(flat), (std::vector<std::string>{"a.txt", "b.txt"}));
  EXPECT_EQ(flat.files[1].lines, 2U);
  EXPECT_EQ(flat.status, Exit::ok);
  o.recursive = true;
  const auto deep = load_inputs(TextKind{}, o, h.ctx);
  EXPECT_EQ(names(deep), (std::vector<std::string>{"a.txt", "b.txt", "c.txt"}));
}

TEST(LoadInputsOfAKind, StdinOnceTheSameFileOnceAndAFifoRefused) {
  TempDir dir("kind_paths");
  const auto a = dir.write("a.txt", "1\n");
  fs::create_symlink(a, dir.path() / "link.txt");
  const fs::path fifo = dir.path() / "pipe.txt";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  Harness h(Format::text, "x\ny\nz\n");
  PathOptions o;
  o.paths = {"-", a.string(), (dir.path() / "link.txt").string(), fifo.string()};
  const auto inputs = load_inputs(TextKind{}, o, h.ctx);
  ASSERT_EQ(inputs.files.size(), 2U);
  EXPECT_EQ(inputs.files[0].path, "<stdin>");
  EXPECT_EQ(inputs.files[0].lines, 3U);
  EXPECT_EQ(inputs.status, Exit::input);  // the FIFO
  ASSERT_EQ(inputs.notes.size(), 2U);
  EXPECT_NE(inputs.notes[0].message.find("link.txt was given more than once; read once"),
            std::string::npos);
  EXPECT_EQ(inputs.notes[1].kind, InputNote::Kind::lost);
  EXPECT_NE(inputs.notes[1].message.find("is a named pipe (FIFO), not a text file; not read"),
            std::string::npos);
  o.paths = {"-", "-"};
  EXPECT_THROW((void)load_inputs(TextKind{}, o, h.ctx), UsageError);
}

TEST(LoadInputsOfAKind, AnEmptyDirectoryAndNothingDiscoveredAreEmptyInputs) {
  TempDir dir("kind_empty");
  fs::create_directories(dir.path() / "empty");
  Harness h;
  PathOptions o;
  o.paths = {(dir.path() / "empty").string()};
  const auto empty = load_inputs(TextKind{}, o, h.ctx);
  EXPECT_TRUE(empty.files.empty());
  EXPECT_EQ(empty.status, Exit::input);
  ASSERT_EQ(empty.empty_inputs.size(), 1U);
  EXPECT_NE(empty.empty_inputs[0].message.find("no *.txt in directory"), std::string::npos);
  const auto none = load_inputs(TextKind{dir.path() / "empty"}, PathOptions{}, h.ctx);
  ASSERT_EQ(none.empty_inputs.size(), 1U);
  EXPECT_EQ(none.empty_inputs[0].path, (dir.path() / "empty").string());
  EXPECT_EQ(none.status, Exit::input);
}

TEST(LoadInputsOfAKind, DiscoveryReadsThePickedFolderAndSaysWhy) {
  TempDir dir("kind_home");
  dir.write("x.txt", "1\n");
  dir.write("deeper/y.txt", "1\n");
  Harness h;
  const auto inputs = load_inputs(TextKind{dir.path()}, PathOptions{}, h.ctx);
  EXPECT_EQ(names(inputs), (std::vector<std::string>{"y.txt", "x.txt"}));
  ASSERT_FALSE(inputs.notes.empty());
  EXPECT_NE(inputs.notes[0].message.find("(the home folder)"), std::string::npos);
}

// Read on several threads, slow files first: the files and the notes come
// back in input order, not in the order the reads finished.
TEST(LoadInputsOfAKind, ParallelReadsKeepInputOrderOfFilesAndNotes) {
  TempDir dir("kind_parallel");
  std::vector<std::string> paths;
  for (int i = 0; i < 8; ++i) {
    const std::string name = (i % 2 == 0 ? "slow" : "fast") + std::to_string(i) + ".txt";
    paths.push_back(dir.write(name, i % 3 == 0 ? "" : "line\n").string());
  }
  paths.insert(paths.begin() + 3, (dir.path() / "missing.txt").string());
  Harness h;
  PathOptions o;
  o.paths = paths;
  o.jobs = 4;
  const auto inputs = load_inputs(TextKind{}, o, h.ctx);
  ASSERT_EQ(inputs.files.size(), paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) EXPECT_EQ(inputs.files[i].path, paths[i]);
  std::vector<std::string> said;
  for (const InputNote& n : inputs.notes) said.push_back(fs::path(n.message).filename().string());
  EXPECT_EQ(said, (std::vector<std::string>{"slow0.txt: empty", "missing.txt: cannot open",
                                            "fast3.txt: empty", "slow6.txt: empty"}));
  EXPECT_EQ(inputs.status, Exit::input);
  report_inputs(inputs, h.ctx);
  EXPECT_LT(h.err.str().find("slow0.txt"), h.err.str().find("missing.txt"));
}

// A kind whose files can be read in parts: a file's "lines" are the
// threads it was given for that.
struct SplitKind : TextKind {
  unsigned threads = 1;
  void split_threads(unsigned n) { threads = n; }
  LineCount read_file(const std::string& path) const { return {path, true, threads}; }
};
static_assert(InputKind<SplitKind>);

TEST(LoadInputsOfAKind, JobsLeftOverGoToReadingEachFileInParts) {
  TempDir dir("kind_split");
  std::vector<std::string> paths;
  for (int i = 0; i < 4; ++i)
    paths.push_back(dir.write(std::to_string(i) + ".txt", "x\n").string());
  const auto threads_given = [&](std::size_t files, unsigned jobs) {
    Harness h;
    PathOptions o;
    o.paths.assign(paths.begin(), paths.begin() + static_cast<std::ptrdiff_t>(files));
    o.jobs = jobs;
    std::vector<std::size_t> out;
    for (const LineCount& f : load_inputs(SplitKind{}, o, h.ctx).files) out.push_back(f.lines);
    return out;
  };
  EXPECT_EQ(threads_given(1, 4), (std::vector<std::size_t>{4}));
  EXPECT_EQ(threads_given(2, 5), (std::vector<std::size_t>{2, 2}));
  EXPECT_EQ(threads_given(3, 2), (std::vector<std::size_t>{1, 1, 1}));
  EXPECT_EQ(threads_given(1, 1), (std::vector<std::size_t>{1}));
}

}  // namespace
}  // namespace aoe::cli
