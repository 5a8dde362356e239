// SPDX-License-Identifier: Apache-2.0
// A file read again by a `ResultRereader` (parsed only from the first
// member of the root object that changed) gives, field for field, what a
// fresh read of it gives, diagnostics with their lines and columns
// included, however it was rewritten in between.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "generator.hpp"
#include "model_dump.hpp"
#include "temp_dir.hpp"

namespace aoe {
namespace {

ReadOptions small_chunks(std::size_t chunk_bytes) {
  ReadOptions options;
  options.chunk_bytes = chunk_bytes;
  return options;
}

// Writes `text` to `path` (rewritten whole), reads it again with `reader`
// and expects what a fresh read gives; returns where the read began to parse.
std::uint64_t expect_as_fresh(ResultRereader& reader, const test::TempDir& dir,
                              const std::string& text, const std::string& name = "result.json") {
  const std::filesystem::path path = dir.write(name, text);
  const std::string again = test::dump(reader.read(path));
  EXPECT_EQ(again, test::dump(read_result_file(path)))
      << "read again from byte " << reader.last_parse_offset() << " of " << text.size();
  return reader.last_parse_offset();
}

// Where report `i`'s key begins in `text`.
std::uint64_t key_of(const std::string& text, int i) {
  return text.find("\"report_" + std::to_string(i) + "\"");
}

TEST(ResultRereader, AppendedReportIsReadFromTheLastKnownReport) {
  const test::TempDir dir("reread");
  ResultRereader reader;
  const std::string ten = test::reports_with_warnings(10);
  EXPECT_EQ(expect_as_fresh(reader, dir, ten), 0U);
  const std::string eleven = test::reports_with_warnings(11);
  EXPECT_EQ(expect_as_fresh(reader, dir, eleven), key_of(ten, 9));
  // Nothing changed: from the last report again.
  EXPECT_EQ(expect_as_fresh(reader, dir, eleven), key_of(eleven, 10));
  EXPECT_EQ(reader.read(dir.path() / "result.json").reports.size(), 11U);
}

TEST(ResultRereader, FileCaughtMidWriteAtEveryStep) {
  const test::TempDir dir("reread");
  const std::string text = test::reports_with_warnings(12);
  for (const std::size_t chunk : {std::size_t{16}, std::size_t{61}, std::size_t{1} << 16U}) {
    ResultRereader reader(small_chunks(chunk));
    std::size_t resumed = 0;
    for (std::size_t cut = 1; cut <= text.size(); cut += 23) {
      if (expect_as_fresh(reader, dir, text.substr(0, cut)) > 0) ++resumed;
    }
    expect_as_fresh(reader, dir, text);
    EXPECT_GT(resumed, 40U) << "chunks of " << chunk;
  }
}

TEST(ResultRereader, FileShrunkOrEmptiedIsReadAsItIsNow) {
  const test::TempDir dir("reread");
  ResultRereader reader(small_chunks(64));
  const std::string text = test::reports_with_warnings(12);
  expect_as_fresh(reader, dir, text);
  // Cut inside report 4: the reports before it are kept, the read resumes before the cut.
  const std::uint64_t cut = key_of(text, 4) + 30;
  const std::uint64_t from = expect_as_fresh(reader, dir, text.substr(0, cut));
  EXPECT_GT(from, 0U);
  EXPECT_LE(from, key_of(text, 4));
  expect_as_fresh(reader, dir, "");
  expect_as_fresh(reader, dir, text.substr(0, key_of(text, 2)));
  EXPECT_EQ(expect_as_fresh(reader, dir, text.substr(0, 3)), 0U);
  expect_as_fresh(reader, dir, text);
}

TEST(ResultRereader, ChangedBytesInAnEarlierReportAreReadAgain) {
  const test::TempDir dir("reread");
  ResultRereader reader(small_chunks(128));
  const std::string text = test::reports_with_warnings(12);
  expect_as_fresh(reader, dir, text);
  // The same length, one byte changed inside report 5: read from report 5 at the latest.
  std::string changed = text;
  changed[key_of(text, 5) + 40] = 'y';
  const std::uint64_t from = expect_as_fresh(reader, dir, changed);
  EXPECT_GT(from, 0U);
  EXPECT_LE(from, key_of(text, 5));
  // Inside the first report: read whole.
  std::string first = changed;
  first[key_of(text, 0) + 40] = 'z';
  EXPECT_EQ(expect_as_fresh(reader, dir, first), 0U);
  // A changed prefix of another length (a longer tuning name).
  expect_as_fresh(reader, dir, test::reports_with_warnings(12, "longer name"));
  expect_as_fresh(reader, dir, test::reports_with_warnings(13, "longer name"));
}

TEST(ResultRereader, EveryByteChangedOnceReadsAsFresh) {
  const test::TempDir dir("reread");
  const std::string text = test::reports_with_warnings(6);
  ResultRereader reader(small_chunks(48));
  for (std::size_t at = 0; at < text.size(); at += 7) {
    expect_as_fresh(reader, dir, text);
    std::string changed = text;
    changed[at] = changed[at] == '1' ? '2' : '1';
    expect_as_fresh(reader, dir, changed);
  }
}

TEST(ResultRereader, RepeatedReportIdReadsAsFresh) {
  const test::TempDir dir("reread");
  ResultRereader reader;
  const std::string text = test::reports_with_warnings(8);
  expect_as_fresh(reader, dir, text);
  // A ninth report with an id the kept part holds: the warning where one read puts it.
  std::string repeated = test::reports_with_warnings(9);
  repeated.replace(key_of(repeated, 8), 10, "\"report_1\"");
  EXPECT_EQ(expect_as_fresh(reader, dir, repeated), 0U);
  const ResultFile& f = reader.read(dir.path() / "result.json");
  int warnings = 0;
  for (const Diagnostic& d : f.diagnostics) warnings += d.code == Code::duplicate_report_id;
  EXPECT_EQ(warnings, 1);
  // Two reports of the same id both after the member read from.
  std::string twice = test::reports_with_warnings(10);
  twice.replace(key_of(twice, 9), 10, "\"report_8\"");
  expect_as_fresh(reader, dir, twice);
  expect_as_fresh(reader, dir, twice);
}

TEST(ResultRereader, ListAndSingleReportAreReadWhole) {
  const test::TempDir dir("reread");
  ResultRereader reader;
  bench::GenOptions o;
  o.operators = 300;
  o.layout = bench::GenLayout::list;
  const std::string list = bench::generate_text(o);
  EXPECT_EQ(expect_as_fresh(reader, dir, list), 0U);
  EXPECT_EQ(expect_as_fresh(reader, dir, list), 0U);
  const std::string one = test::reports_with_warnings(1);
  EXPECT_EQ(expect_as_fresh(reader, dir, one), 0U);
  EXPECT_EQ(expect_as_fresh(reader, dir, one), 0U);
  // From a list to a report-keyed file and back.
  expect_as_fresh(reader, dir, test::reports_with_warnings(5));
  EXPECT_GT(expect_as_fresh(reader, dir, test::reports_with_warnings(6)), 0U);
  EXPECT_EQ(expect_as_fresh(reader, dir, list), 0U);
}

TEST(ResultRereader, GeneratedFileGrowingReportByReport) {
  const test::TempDir dir("reread");
  bench::GenOptions o;
  o.operators = 2000;
  o.reports = 6;
  o.seed = 5;
  const std::string text = bench::generate_text(o);
  ResultRereader reader(small_chunks(4096));
  std::size_t resumed = 0;
  for (std::size_t cut = 100; cut < text.size(); cut += text.size() / 37) {
    if (expect_as_fresh(reader, dir, text.substr(0, cut)) > 0) ++resumed;
  }
  expect_as_fresh(reader, dir, text);
  EXPECT_GT(resumed, 25U);
}

TEST(ResultRereader, CrlfByteOrderMarkAndOtherRootMembers) {
  const test::TempDir dir("reread");
  std::string crlf;
  for (const char c : test::reports_with_warnings(10)) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  std::string roots = test::reports_with_warnings(10);
  roots.replace(roots.find(",\n  \"report_5\""), 1,
                ", \"n\": 12.5,\n  \"o\": {\"a\": [1]}, \"s\": \"t\",");
  std::string trailing = test::reports_with_warnings(10);
  trailing += "{}";
  for (const std::string& text : {crlf, "\xEF\xBB\xBF" + crlf, roots, trailing}) {
    ResultRereader reader(small_chunks(32));
    for (std::size_t cut = text.size() / 2; cut < text.size(); cut += 29) {
      expect_as_fresh(reader, dir, text.substr(0, cut));
    }
    expect_as_fresh(reader, dir, text);
    EXPECT_GT(expect_as_fresh(reader, dir, text), 0U);
  }
}

TEST(ResultRereader, InvalidJsonAfterAKeptReport) {
  const test::TempDir dir("reread");
  const std::string text = test::reports_with_warnings(8);
  ResultRereader reader(small_chunks(100));
  std::size_t bad = 0;
  std::size_t resumed = 0;
  for (std::size_t at = key_of(text, 3); at < text.size(); at += 41, ++bad) {
    expect_as_fresh(reader, dir, text);
    if (expect_as_fresh(reader, dir, text.substr(0, at) + '@' + text.substr(at)) > 0) ++resumed;
  }
  // Read whole: where no token of the part read began before the bad byte
  // (a key, then ':' or '[' and the bad byte).
  EXPECT_GT(resumed, bad * 3 / 4);
}

TEST(ResultRereader, AnotherPathIsReadWhole) {
  const test::TempDir dir("reread");
  ResultRereader reader;
  const std::string text = test::reports_with_warnings(5);
  expect_as_fresh(reader, dir, text, "a.json");
  EXPECT_EQ(expect_as_fresh(reader, dir, text, "b.json"), 0U);
  EXPECT_GT(expect_as_fresh(reader, dir, text, "b.json"), 0U);
  EXPECT_EQ(reader.read(dir.path() / "missing.json").readable, false);
  EXPECT_EQ(expect_as_fresh(reader, dir, text, "b.json"), 0U);
}

// Each fixture and shared example, caught at many points of its writing,
// then whole, then again unchanged.
TEST(ResultRereader, EveryFixtureCaughtMidWriteReadsAsFresh) {
  const test::TempDir dir("reread");
  std::size_t files = 0;
  for (const char* root : {AOE_TEST_DATA_DIR, AOE_EXAMPLES_DIR}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
      ++files;
      const ResultFile fresh = read_result_file(entry.path());
      std::string text;
      {
        ResultRereader whole;
        const std::string again = test::dump(whole.read(entry.path()));
        EXPECT_EQ(again, test::dump(fresh)) << entry.path();
        EXPECT_EQ(test::dump(whole.read(entry.path())), test::dump(fresh)) << entry.path();
      }
      std::ifstream in(entry.path(), std::ios::binary);
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      ResultRereader reader(small_chunks(64));
      const std::size_t step = std::max<std::size_t>(1, text.size() / 29);
      for (std::size_t cut = 0; cut < text.size(); cut += step) {
        expect_as_fresh(reader, dir, text.substr(0, cut));
      }
      expect_as_fresh(reader, dir, text);
      expect_as_fresh(reader, dir, text);
    }
  }
  EXPECT_GT(files, 20U);
}

}  // namespace
}  // namespace aoe
