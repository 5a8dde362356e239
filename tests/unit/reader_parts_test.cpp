// SPDX-License-Identifier: Apache-2.0
// A large report-keyed file read in parts at once (ReadOptions::threads)
// gives, field for field, what one thread gives, diagnostics with their
// lines and columns included, whatever the file holds.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aoe_result/reader.hpp"

#include "generator.hpp"
#include "model_dump.hpp"
#include "reader/parts.hpp"
#include "temp_dir.hpp"

namespace aoe {
namespace {

ReadOptions on_threads(unsigned threads) {
  ReadOptions options;
  options.threads = threads;
  options.split_min_bytes = 0;
  options.chunk_bytes = 4096;
  return options;
}

// The file read in parts by the split itself (nullopt: it declined).
std::optional<ResultFile> read_split(const std::filesystem::path& path, unsigned threads) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  EXPECT_GE(fd, 0) << path;
  struct stat st {};
  EXPECT_EQ(::fstat(fd, &st), 0);
  std::optional<ResultFile> file = internal::read_result_in_parts(
      fd, static_cast<std::uint64_t>(st.st_size), path.string(), on_threads(threads));
  ::close(fd);
  return file;
}

// The operators handed over by a read with `on_operator` (and, on several
// threads, `operator_parts`): each part's kept apart, added in part order
// at its first report's place when the parts are kept.
class HandedOver final : public OperatorParts {
 public:
  void begin(std::size_t parts) override {
    ++begun;
    EXPECT_GE(parts, 2U);
    parts_.assign(parts, {});
  }
  void take(std::size_t part, const ResultFile& part_file, const Report& report,
            Operator&& op) override {
    parts_.at(part).emplace_back(place(part_file, report), std::move(op));
  }
  void keep(const std::vector<std::size_t>& first_report) override {
    ++kept;
    EXPECT_EQ(first_report.size(), parts_.size());
    EXPECT_EQ(first_report.at(0), 0U);
    for (std::size_t k = 0; k < parts_.size(); ++k) {
      for (auto& [report, op] : parts_[k]) ops.emplace_back(first_report.at(k) + report, op);
    }
    parts_.clear();
  }
  void drop() override {
    ++dropped;
    parts_.clear();
  }
  static std::size_t place(const ResultFile& file, const Report& report) {
    return static_cast<std::size_t>(&report - file.reports.data());
  }

  std::vector<std::pair<std::size_t, Operator>> ops;  // report's place, operator
  int begun = 0;
  int kept = 0;
  int dropped = 0;

 private:
  std::vector<std::vector<std::pair<std::size_t, Operator>>> parts_;
};

// `path` read with `on_operator` on `threads` threads (`operator_parts`
// set), the operators handed over put back into their reports; whether
// the parts were kept.
std::pair<std::string, bool> streamed(const std::filesystem::path& path, unsigned threads) {
  HandedOver taken;
  ReadOptions options = on_threads(threads);
  options.on_operator = [&taken](const ResultFile& f, const Report& r, Operator&& op) {
    taken.ops.emplace_back(HandedOver::place(f, r), std::move(op));
  };
  options.operator_parts = &taken;
  ResultFile file = read_result_file(path, options);
  EXPECT_EQ(taken.begun, taken.kept + taken.dropped) << path;
  EXPECT_LE(taken.kept, 1) << path;
  if (file.readable) {
    for (auto& [report, op] : taken.ops) {
      EXPECT_LT(report, file.reports.size()) << path;
      if (report < file.reports.size()) file.reports[report].operators.push_back(std::move(op));
    }
  }
  return {test::dump(file), taken.kept == 1};
}

// On 2 to `max_threads` threads, `path` reads as on one, and its operators
// are handed over as on one (`operator_parts`); returns how many of those
// reads were split (not read again whole).
int expect_as_one_thread(const std::filesystem::path& path, unsigned max_threads = 4) {
  const std::string whole = test::dump(read_result_file(path));
  const std::string whole_streamed = streamed(path, 1).first;
  EXPECT_EQ(whole_streamed, whole) << path << " handed over on one thread";
  int split = 0;
  for (unsigned threads = 2; threads <= max_threads; ++threads) {
    EXPECT_EQ(test::dump(read_result_file(path, on_threads(threads))), whole)
        << path << " on " << threads << " threads";
    const std::optional<ResultFile> parts = read_split(path, threads);
    if (parts) {
      ++split;
      EXPECT_EQ(test::dump(*parts), whole) << path << " in parts on " << threads << " threads";
    }
    const auto [handed_over, kept] = streamed(path, threads);
    EXPECT_EQ(handed_over, whole_streamed) << path << " handed over on " << threads << " threads";
    EXPECT_EQ(kept, parts.has_value()) << path << " on " << threads << " threads";
  }
  return split;
}

std::string generated(std::size_t operators, std::size_t reports) {
  bench::GenOptions o;
  o.operators = operators;
  o.reports = reports;
  o.seed = 11;
  return bench::generate_text(o);
}

TEST(ReaderParts, GeneratedFileIsSplitAndReadsAsOneThread) {
  const test::TempDir dir("reader_parts");
  const auto path = dir.write("big.json", generated(3000, 9));
  EXPECT_EQ(expect_as_one_thread(path), 3);  // every thread count split it
}

TEST(ReaderParts, DiagnosticsKeepTheirLinesAndColumnsInEveryPart) {
  const test::TempDir dir("reader_parts");
  const auto path = dir.write("warnings.json", test::reports_with_warnings(40));
  EXPECT_EQ(expect_as_one_thread(path, 8), 7);
  const ResultFile parts = *read_split(path, 3);
  EXPECT_EQ(parts.reports.size(), 40U);
  EXPECT_GE(parts.diagnostics.size(), 80U);
}

TEST(ReaderParts, CrlfAndByteOrderMark) {
  const test::TempDir dir("reader_parts");
  std::string crlf;
  for (const char c : test::reports_with_warnings(30)) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  EXPECT_EQ(expect_as_one_thread(dir.write("crlf.json", crlf)), 3);
  EXPECT_EQ(expect_as_one_thread(dir.write("bom.json", "\xEF\xBB\xBF" + crlf)), 3);
}

TEST(ReaderParts, ReportKeyInsideAStringIsNoBoundary) {
  const test::TempDir dir("reader_parts");
  // Every tuning name holds what looks like the start of a report.
  const auto path = dir.write(
      "in_string.json", test::reports_with_warnings(30, R"(a, \"report_x\": [ , "report_y": [)"));
  expect_as_one_thread(path, 6);
  const std::string key_only = test::reports_with_warnings(30, ", \\\"report_x\\\": [");
  expect_as_one_thread(dir.write("escaped.json", key_only), 6);
}

TEST(ReaderParts, ReportKeyInsideANestedObjectIsNoBoundary) {
  const test::TempDir dir("reader_parts");
  // Unknown OPAT keys named like reports, holding lists: each looks like a
  // report member but is three levels down.
  std::string text = test::reports_with_warnings(30);
  for (std::size_t at = text.find("\"odd_"); at != std::string::npos;
       at = text.find("\"odd_", at + 1)) {
    text.replace(at, 5, "\"report_nested_");
  }
  const auto path = dir.write("nested.json", text);
  expect_as_one_thread(path, 6);
  EXPECT_EQ(read_result_file(path, on_threads(4)).reports.size(), 30U);
}

TEST(ReaderParts, RepeatedReportIdInAnotherPartReadsWhole) {
  const test::TempDir dir("reader_parts");
  std::string text = test::reports_with_warnings(20);
  text.replace(text.find("\"report_17\""), 11, "\"report_1\"");
  const auto path = dir.write("repeated.json", text);
  EXPECT_FALSE(read_split(path, 2));
  expect_as_one_thread(path, 4);
  const ResultFile f = read_result_file(path, on_threads(2));
  int repeated = 0;
  for (const Diagnostic& d : f.diagnostics) repeated += to_string(d.code) == "duplicate-report-id";
  EXPECT_EQ(repeated, 1);
}

TEST(ReaderParts, RepeatedReportIdInOnePartIsSplit) {
  const test::TempDir dir("reader_parts");
  std::string text = test::reports_with_warnings(20);
  text.replace(text.find("\"report_2\""), 10, "\"report_1\"");
  const auto path = dir.write("repeated.json", text);
  EXPECT_TRUE(read_split(path, 2));
  EXPECT_EQ(expect_as_one_thread(path), 3);
}

TEST(ReaderParts, FileCutOffAnywhereReadsAsOneThread) {
  const test::TempDir dir("reader_parts");
  const std::string text = test::reports_with_warnings(12);
  for (std::size_t cut = text.size() / 3; cut < text.size(); cut += 97) {
    expect_as_one_thread(dir.write("cut.json", text.substr(0, cut)), 3);
  }
  // Cut in the last part, after the split: the parts are used.
  const auto path = dir.write("cut_late.json", text.substr(0, text.size() - 40));
  EXPECT_TRUE(read_split(path, 2));
  EXPECT_FALSE(read_result_file(path, on_threads(2)).complete);
}

TEST(ReaderParts, InvalidJsonInAnyPart) {
  const test::TempDir dir("reader_parts");
  const std::string text = test::reports_with_warnings(12);
  for (std::size_t at = 40; at < text.size(); at += 113) {
    const std::string bad = text.substr(0, at) + '@' + text.substr(at);
    expect_as_one_thread(dir.write("bad.json", bad), 4);
  }
}

TEST(ReaderParts, OtherRootMembersBetweenReports) {
  const test::TempDir dir("reader_parts");
  std::string text = test::reports_with_warnings(16);
  // A number, an object and a string at the root between reports.
  text.replace(text.find(",\n  \"report_5\""), 1,
               ", \"n\": 12.5,\n  \"o\": {\"a\": [1]}, \"s\": \"t\",");
  text.replace(text.find(",\n  \"report_12\""), 1, ",\n  \"report_obj\": {\"a\": 1},");
  expect_as_one_thread(dir.write("roots.json", text), 5);
}

TEST(ReaderParts, DataAfterTheDocumentAndZeroPadding) {
  const test::TempDir dir("reader_parts");
  const std::string text = test::reports_with_warnings(16);
  EXPECT_EQ(expect_as_one_thread(dir.write("after.json", text + "{}")), 3);
  EXPECT_EQ(expect_as_one_thread(dir.write("zeros.json", text + std::string(64, '\0'))), 3);
}

TEST(ReaderParts, NoSplitForAListOrOneReport) {
  const test::TempDir dir("reader_parts");
  bench::GenOptions o;
  o.operators = 500;
  o.layout = bench::GenLayout::list;
  const auto list = dir.write("list.json", bench::generate_text(o));
  EXPECT_FALSE(read_split(list, 2));
  EXPECT_EQ(expect_as_one_thread(list), 0);
  const auto one = dir.write("one.json", generated(500, 1));
  EXPECT_FALSE(read_split(one, 2));
}

TEST(ReaderParts, EveryFixtureReadsAsOneThread) {
  std::size_t files = 0;
  for (const char* root : {AOE_TEST_DATA_DIR, AOE_EXAMPLES_DIR}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
      ++files;
      expect_as_one_thread(entry.path(), 3);
    }
  }
  EXPECT_GT(files, 20U);
}

}  // namespace
}  // namespace aoe
