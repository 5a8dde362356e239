// SPDX-License-Identifier: Apache-2.0
// Inputs: directories, discovery without a path, parallel loading.
#include "io/inputs.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "aoe_result/locate.hpp"

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "generator.hpp"
#include "temp_dir.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

namespace fs = std::filesystem;
using test::one_op_file;
using test::TempDir;

std::vector<std::string> names(const std::vector<fs::path>& paths) {
  std::vector<std::string> out;
  for (const fs::path& p : paths) out.push_back(p.filename().string());
  return out;
}

TEST(NameTimestamp, ReadsTheTimestampOrNothing) {
  EXPECT_EQ(result_file_timestamp("aoe_result_opat_20250428_203017761_pid18230.json"),
            "20250428_203017761");
  EXPECT_EQ(result_file_timestamp("aoe_result_opat_renamed.json"), std::nullopt);
  EXPECT_EQ(result_file_timestamp("tune_result_20250428_203017761_pid1.json"), std::nullopt);
  EXPECT_EQ(result_file_timestamp("aoe_result_opat_2025042_2030177610_pid1.json"), std::nullopt);
}

TEST(ResultFilesIn, OldestFirstByNameTimestampOnlyResultFiles) {
  TempDir dir("order");
  dir.write("aoe_result_opat_20250101_000000002_pid9.json", "[]");
  dir.write("aoe_result_opat_20240101_120000000_pid1.json", "[]");
  dir.write("aoe_result_opat_20250101_000000001_pid99.json", "[]");
  dir.write("aoe_result_opat_renamed.json", "[]");
  dir.write("notes.json", "[]");
  dir.write("aoe_result_opat_20230101_000000000_pid1.json.bak", "[]");
  dir.write("sub/aoe_result_opat_20260101_000000000_pid1.json", "[]");
  EXPECT_EQ(names(result_files_in(dir.path(), false)),
            (std::vector<std::string>{"aoe_result_opat_renamed.json",
                                      "aoe_result_opat_20240101_120000000_pid1.json",
                                      "aoe_result_opat_20250101_000000001_pid99.json",
                                      "aoe_result_opat_20250101_000000002_pid9.json"}));
  const auto all = names(result_files_in(dir.path(), true));
  ASSERT_EQ(all.size(), 5U);
  EXPECT_EQ(all.back(), "aoe_result_opat_20260101_000000000_pid1.json");
}

TEST(ResultFilesIn, MissingDirectoryGivesNone) {
  EXPECT_TRUE(result_files_in("/nonexistent/aoe_result_dir", true).empty());
}

TEST(DefaultSearchDirs, WorkPathItsAoeDataThenCwd) {
  EXPECT_EQ(default_search_dirs("/w", "/c"), (std::vector<fs::path>{"/w", "/w/aoe_data", "/c"}));
  EXPECT_EQ(default_search_dirs(nullptr, "/c"), (std::vector<fs::path>{"/c"}));
  EXPECT_EQ(default_search_dirs("", "/c"), (std::vector<fs::path>{"/c"}));
}

TEST(DiscoverNewest, EnvUnsetPicksNewestInCwd) {
  TempDir cwd("disc_cwd");
  cwd.write("aoe_result_opat_20250101_000000000_pid1.json", "[]");
  cwd.write("aoe_result_opat_20250301_000000000_pid1.json", "[]");
  cwd.write("aoe_result_opat_20250201_000000000_pid1.json", "[]");
  const Discovery d = discover_newest(nullptr, cwd.path());
  ASSERT_TRUE(d.picked);
  EXPECT_EQ(*d.picked, cwd.path() / "aoe_result_opat_20250301_000000000_pid1.json");
  EXPECT_EQ(d.looked_in, std::vector<fs::path>{cwd.path()});
}

TEST(DiscoverNewest, EnvSetNewestOfWorkPathAndAoeDataWins) {
  TempDir work("disc_work");
  TempDir cwd("disc_cwd2");
  work.write("aoe_result_opat_20250101_000000000_pid1.json", "[]");
  work.write("aoe_data/aoe_result_opat_20250601_000000000_pid1.json", "[]");
  cwd.write("aoe_result_opat_20990101_000000000_pid1.json", "[]");  // newer, but lower priority
  const std::string env = work.path().string();
  const Discovery d = discover_newest(env.c_str(), cwd.path());
  ASSERT_TRUE(d.picked);
  EXPECT_EQ(*d.picked, work.path() / "aoe_data" / "aoe_result_opat_20250601_000000000_pid1.json");
  EXPECT_EQ(d.looked_in,
            (std::vector<fs::path>{work.path(), work.path() / "aoe_data", cwd.path()}));

  // The work path's own folder wins when it holds the newer file.
  work.write("aoe_result_opat_20250701_000000000_pid1.json", "[]");
  EXPECT_EQ(*discover_newest(env.c_str(), cwd.path()).picked,
            work.path() / "aoe_result_opat_20250701_000000000_pid1.json");
}

TEST(DiscoverNewest, EnvSetButEmptyFallsBackToCwd) {
  TempDir work("disc_empty");
  TempDir cwd("disc_cwd3");
  cwd.write("aoe_result_opat_20250101_000000000_pid1.json", "[]");
  const std::string env = work.path().string();
  const Discovery d = discover_newest(env.c_str(), cwd.path());
  ASSERT_TRUE(d.picked);
  EXPECT_EQ(*d.picked, cwd.path() / "aoe_result_opat_20250101_000000000_pid1.json");
}

TEST(DiscoverNewest, NothingFoundListsWhereItLooked) {
  TempDir cwd("disc_none");
  const Discovery d = discover_newest("/nonexistent/work", cwd.path());
  EXPECT_FALSE(d.picked);
  EXPECT_EQ(d.looked_in,
            (std::vector<fs::path>{"/nonexistent/work", "/nonexistent/work/aoe_data", cwd.path()}));
}

// Many files of different content: the result order must be the order given,
// one thread or several.
TEST(ReadAll, ParallelOrderIsTheOrderGiven) {
  TempDir dir("parallel");
  std::vector<std::string> targets;
  for (int i = 0; i < 40; ++i) {
    // Files of very different sizes so that threads finish out of order.
    const std::string n = std::to_string(i);
    std::string text = one_op_file(std::string("task_").append(n), std::string("Op_").append(n));
    if (i % 3 == 0) text.append(static_cast<std::size_t>(i) * 4000, ' ');
    targets.push_back(dir.write(std::string("f").append(n).append(".json"), text).string());
  }
  targets.push_back("-");
  std::istringstream in(one_op_file("from_stdin"));
  const auto serial = [&] {
    std::istringstream in1(one_op_file("from_stdin"));
    return read_all(targets, in1, 1);
  }();
  const auto parallel = read_all(targets, in, 8);
  ASSERT_EQ(parallel.size(), targets.size());
  ASSERT_EQ(serial.size(), targets.size());
  for (std::size_t i = 0; i + 1 < targets.size(); ++i) {
    EXPECT_EQ(parallel[i].path, targets[i]);
    ASSERT_EQ(parallel[i].reports.size(), 1U);
    EXPECT_EQ(parallel[i].reports[0].tuning_name, "task_" + std::to_string(i));
    EXPECT_EQ(serial[i].reports[0].tuning_name, parallel[i].reports[0].tuning_name);
  }
  EXPECT_EQ(parallel.back().path, "<stdin>");
  EXPECT_EQ(parallel.back().reports[0].tuning_name, "from_stdin");
}

using test::Harness;

// Diagnostics come out in input order after parallel loading, not as the
// threads finish.
TEST(LoadInputs, DiagnosticsInInputOrder) {
  TempDir dir("diag_order");
  const auto bad = dir.write("bad.json", "{not json");
  const auto good = dir.write("good.json", one_op_file("good"));
  const auto cut = dir.write("cut.json", one_op_file("cut").substr(0, 120));
  dir.write("empty_dir/readme.txt", "no results here");
  Harness h;
  InputOptions o;
  o.paths = {bad.string(), good.string(), (dir.path() / "missing.json").string(), cut.string(),
             (dir.path() / "empty_dir").string()};
  o.jobs = 4;
  const Inputs inputs = load_inputs(o, h.ctx);
  EXPECT_EQ(h.err.str(), "");  // loading never prints: the command reports
  report_inputs(inputs, h.ctx);
  EXPECT_EQ(inputs.status, Exit::input);
  ASSERT_EQ(inputs.files.size(), 4U);  // the empty directory gives no file
  EXPECT_TRUE(inputs.files[1].readable);
  EXPECT_FALSE(inputs.files[2].readable);
  const std::string err = h.err.str();
  const auto at = [&](const std::string& s) { return err.find(s); };
  ASSERT_NE(at("bad.json"), std::string::npos);
  ASSERT_NE(at("missing.json"), std::string::npos);
  ASSERT_NE(at("cut.json"), std::string::npos);
  ASSERT_NE(at("no aoe_result_opat_*.json in directory"), std::string::npos);
  EXPECT_LT(at("bad.json"), at("missing.json"));
  EXPECT_LT(at("missing.json"), at("cut.json"));
  EXPECT_LT(at("cut.json"), at("no aoe_result_opat_*.json in directory"));
  EXPECT_EQ(at("good.json"), std::string::npos);
}

TEST(LoadInputs, DirectoryOfThreeFilesOldestFirst) {
  Harness h;
  InputOptions o;
  o.paths = {test::data("three")};
  const Inputs inputs = load_inputs(o, h.ctx);
  report_inputs(inputs, h.ctx);
  EXPECT_EQ(inputs.status, Exit::ok);
  ASSERT_EQ(inputs.files.size(), 3U);
  EXPECT_EQ(fs::path(inputs.files[0].path).filename(), test::k601);
  EXPECT_EQ(fs::path(inputs.files[1].path).filename(), test::k62);
  EXPECT_EQ(fs::path(inputs.files[2].path).filename(), test::k63);
  EXPECT_EQ(h.err.str(), "");
}

// An entry of a folder named like a result file that is no regular file
// (a named pipe, a broken link) is said, as if given by name, not skipped
// in silence; one named otherwise, or a folder named like one, is not.
TEST(LoadInputs, AFolderEntryNamedLikeAResultButNoFileIsSaid) {
  TempDir dir("not_regular");
  dir.write("aoe_result_opat_20250101_000000001_pid1.json", test::slurp(test::data(test::k63)));
  const fs::path fifo = dir.path() / "aoe_result_opat_20250101_000000002_pid2.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo((dir.path() / "other.fifo").c_str(), 0600), 0);
  const fs::path link = dir.path() / "aoe_result_opat_20250101_000000003_pid3.json";
  fs::create_symlink(dir.path() / "gone.json", link);
  fs::create_directory(dir.path() / "aoe_result_opat_20250101_000000004_pid4.json");
  Harness h;
  InputOptions o;
  o.paths = {dir.path().string()};
  const Inputs inputs = load_inputs(o, h.ctx);  // never opens the pipe: no hang
  report_inputs(inputs, h.ctx);
  EXPECT_EQ(inputs.status, Exit::input);
  ASSERT_EQ(inputs.files.size(), 2U);  // the file, and the link the reader finds broken
  EXPECT_TRUE(inputs.files[0].readable);
  EXPECT_EQ(inputs.files[1].path, link.string());
  EXPECT_FALSE(inputs.files[1].readable);
  ASSERT_EQ(inputs.problems.size(), 2U);
  EXPECT_EQ(inputs.problems[0].path, fifo.string());
  EXPECT_NE(
      h.err.str().find(fifo.string() + " is a named pipe (FIFO), not a result file; not read"),
      std::string::npos)
      << h.err.str();
  EXPECT_NE(h.err.str().find("does not exist"), std::string::npos) << h.err.str();
  EXPECT_EQ(h.err.str().find("other.fifo"), std::string::npos) << h.err.str();
  EXPECT_EQ(h.err.str().find("pid4"), std::string::npos) << h.err.str();
  // A folder holding only such an entry says what it holds, not "no file".
  TempDir only("only_fifo");
  ASSERT_EQ(::mkfifo((only.path() / "aoe_result_opat_20250101_000000002_pid2.json").c_str(), 0600),
            0);
  Harness h2;
  o.paths = {only.path().string()};
  const Inputs none = load_inputs(o, h2.ctx);
  report_inputs(none, h2.ctx);
  EXPECT_TRUE(none.files.empty());
  EXPECT_EQ(none.status, Exit::input);
  EXPECT_NE(h2.err.str().find("is a named pipe (FIFO)"), std::string::npos) << h2.err.str();
  EXPECT_EQ(h2.err.str().find("no aoe_result_opat"), std::string::npos) << h2.err.str();
}

// A file named twice by different spellings, through a symbolic link or a
// hard link is read once; two files with the same content are two files.
TEST(LoadInputs, TheSameFileUnderAnotherNameIsReadOnce) {
  TempDir dir("same_file");
  const auto file = dir.write("aoe_result_opat_20250101_000000000_pid1.json", one_op_file("a"));
  const auto copy = dir.write("copy.json", one_op_file("a"));
  fs::create_symlink(file, dir.path() / "link.json");
  fs::create_hard_link(file, dir.path() / "hard.json");
  Harness h;
  InputOptions o;
  o.paths = {file.string(),
             (dir.path() / "." / file.filename()).string(),
             (dir.path() / "link.json").string(),
             (dir.path() / "hard.json").string(),
             dir.path().string(),
             copy.string(),
             (dir.path() / "nope.json").string(),
             (dir.path() / "x" / ".." / "nope.json").string()};
  const Inputs inputs = load_inputs(o, h.ctx);
  ASSERT_EQ(inputs.files.size(), 3U);  // the file, its copy, the missing one
  EXPECT_EQ(inputs.files[0].path, file.string());
  EXPECT_EQ(inputs.files[1].path, copy.string());
  EXPECT_FALSE(inputs.files[2].readable);
  report_inputs(inputs, h.ctx);
  const std::string err = h.err.str();
  std::size_t repeats = 0;
  for (std::size_t at = err.find("read once"); at != std::string::npos;
       at = err.find("read once", at + 1))
    ++repeats;
  EXPECT_EQ(repeats, 5U)
      << err;  // the 4 other names of the file, and the missing one's other spelling
}

// With `on_operator`, `on_file` sees every file read, once, in input order
// and after its operators (a missing file too: it is a file, unreadable),
// which is what `trend` needs to end a run. A path repeated is read once
// and gives one call.
TEST(LoadInputs, OnFileFollowsEachFilesOperatorsInInputOrder) {
  TempDir dir("on_file");
  const auto bad = dir.write("bad.json", "{not json");
  const auto good = dir.write("good.json", one_op_file("good"));
  const auto cut = dir.write("cut.json", one_op_file("cut").substr(0, 120));
  Harness h;
  InputOptions o;
  o.paths = {good.string(), bad.string(), good.string(), (dir.path() / "missing.json").string(),
             cut.string()};
  o.jobs = 4;
  std::vector<std::string> events;
  o.on_operator = [&events](const ResultFile& f, const Report&, Operator&& op) {
    events.push_back(fs::path(f.path).filename().string() + ": " + op.name);
  };
  o.on_file = [&events](const ResultFile& f) {
    events.push_back(fs::path(f.path).filename().string() + (f.readable ? " read" : " unreadable"));
  };
  const Inputs inputs = load_inputs(o, h.ctx);
  ASSERT_EQ(inputs.files.size(), 4U);
  EXPECT_EQ(events,
            (std::vector<std::string>{"good.json: Add_1", "good.json read", "bad.json unreadable",
                                      "missing.json unreadable", "cut.json read"}));
}

// `InputOptions::operator_parts`: a file of 8 MiB or more (the reader's
// least split) is read in parts on the `jobs` threads even though files
// are read one at a time, its operators going to the parts' taker; on one
// job, to `on_operator` alone. Either way every operator arrives once.
TEST(LoadInputs, OperatorPartsTakeALargeFileOnEveryJob) {
  TempDir dir("operator_parts");
  bench::GenOptions g;
  g.operators = 24000;
  g.reports = 12;
  const auto big =
      dir.write("aoe_result_opat_20251120_230001000_pid1.json", bench::generate_text(g));
  ASSERT_GE(fs::file_size(big), std::uintmax_t{8} << 20U);
  struct Counting final : OperatorParts {
    void begin(std::size_t parts) override {
      ++begun;
      per_part.assign(parts, 0);
    }
    void take(std::size_t part, const ResultFile&, const Report&, Operator&&) override {
      ++per_part.at(part);
    }
    void keep(const std::vector<std::size_t>&) override {
      ++kept;
      for (const std::size_t n : per_part) taken += n;
    }
    void drop() override { ++dropped; }
    std::vector<std::size_t> per_part;
    std::size_t taken = 0;
    int begun = 0;
    int kept = 0;
    int dropped = 0;
  };
  for (const unsigned jobs : {1U, 2U}) {
    SCOPED_TRACE(std::to_string(jobs) + " jobs");
    Harness h;
    Counting parts;
    std::size_t handed = 0;
    InputOptions o;
    o.paths = {big.string()};
    o.jobs = jobs;
    o.on_operator = [&handed](const ResultFile&, const Report&, Operator&&) { ++handed; };
    o.operator_parts = &parts;
    const Inputs inputs = load_inputs(o, h.ctx);
    ASSERT_EQ(inputs.files.size(), 1U);
    EXPECT_TRUE(inputs.files[0].readable);
    EXPECT_EQ(parts.kept, jobs == 1 ? 0 : 1);
    EXPECT_EQ(parts.dropped, 0);
    if (jobs > 1) {
      EXPECT_EQ(parts.per_part.size(), jobs);
    }
    EXPECT_EQ(handed + parts.taken, 24000U);
  }
}

// A digest of each file's operators (`digest_operators`), made for its
// place in `Inputs::files`.
class RecordingDigest final : public OperatorDigest {
 public:
  using Done = std::function<void(const ResultFile&, std::size_t operators)>;
  explicit RecordingDigest(Done done) : done_(std::move(done)) {}
  void take(const ResultFile&, const Report&, Operator&&) override { ++operators_; }
  void begin(std::size_t /*parts*/) override { in_parts_ = 0; }
  void take(std::size_t, const ResultFile&, const Report&, Operator&&) override { ++in_parts_; }
  void keep(const std::vector<std::size_t>&) override { operators_ += in_parts_; }
  void drop() override { in_parts_ = 0; }
  void done(const ResultFile& file) override { done_(file, operators_); }

 private:
  Done done_;
  std::size_t operators_ = 0;
  std::atomic<std::size_t> in_parts_ = 0;
};

// A digest is made for every file read once, on the thread that reads it,
// for its place in `Inputs::files` (repeats, missing and unreadable inputs
// and standard input among them); it is given every operator the file
// holds, and the file comes back without them.
TEST(LoadInputs, DigestSeesEachFileOnceAtItsPlaceInTheFiles) {
  TempDir dir("digest");
  std::vector<std::string> paths;
  for (const auto& entry : fs::directory_iterator(AOE_EXAMPLES_DIR)) {
    if (entry.is_regular_file() && entry.path().extension() == ".json")
      paths.push_back(entry.path().string());
  }
  std::sort(paths.begin(), paths.end());
  ASSERT_GE(paths.size(), 3U);
  const fs::path empty = dir.write("aoe_result_opat_20250101_000000000_pid1.json", "");
  std::vector<std::string> given = {paths[0], empty.string(), "/no/such/aoe_result.json",
                                    paths[1], paths[0],       "-"};
  given.insert(given.end(), paths.begin() + 2, paths.end());
  for (const unsigned jobs : {1U, 2U, 3U}) {
    SCOPED_TRACE(std::to_string(jobs) + " jobs");
    Harness h(Format::text, test::slurp(paths[1]));
    std::mutex lock;
    std::vector<std::string> seen;  // by index: the path digested there
    std::size_t calls = 0;
    InputOptions o;
    o.paths = given;
    o.jobs = jobs;
    std::vector<std::size_t> operators;
    o.digest_operators = [&](std::size_t index) {
      return std::make_unique<RecordingDigest>([&, index](const ResultFile& file, std::size_t n) {
        const std::lock_guard<std::mutex> guard(lock);
        ++calls;
        if (seen.size() <= index) seen.resize(index + 1);
        if (operators.size() <= index) operators.resize(index + 1);
        EXPECT_TRUE(seen[index].empty()) << index;
        seen[index] = file.path;
        operators[index] = n;
      });
    };
    const Inputs inputs = load_inputs(o, h.ctx);
    ASSERT_EQ(inputs.files.size(), given.size() - 1);  // the repeat read once
    EXPECT_EQ(calls, inputs.files.size());
    ASSERT_EQ(seen.size(), inputs.files.size());
    std::istringstream stdin_again(test::slurp(paths[1]));
    const std::vector<ResultFile> whole = read_all(given, stdin_again, 1);
    for (std::size_t i = 0; i < inputs.files.size(); ++i) {
      EXPECT_EQ(seen[i], inputs.files[i].path) << i;
      for (const Report& r : inputs.files[i].reports) EXPECT_TRUE(r.operators.empty()) << i;
      // `given` without its repeat (the 5th) holds the files in order.
      const ResultFile& read = whole[i < 4 ? i : i + 1];
      std::size_t held = 0;
      for (const Report& r : read.reports) held += r.operators.size();
      EXPECT_EQ(operators[i], held) << i;
    }
    EXPECT_GT(operators[0] + operators[3], 0U);
    EXPECT_FALSE(inputs.files[1].readable);  // empty
    EXPECT_FALSE(inputs.files[2].readable);  // missing
    EXPECT_EQ(inputs.files[4].path, "<stdin>");
  }
}

TEST(LoadInputs, StdinTwiceIsAUsageError) {
  Harness h;
  InputOptions o;
  o.paths = {"-", "-"};
  EXPECT_THROW((void)load_inputs(o, h.ctx), UsageError);
}

}  // namespace
}  // namespace aoe::cli
