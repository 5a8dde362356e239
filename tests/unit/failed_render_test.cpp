// SPDX-License-Identifier: Apache-2.0
// `failed`'s renderers (failed_render.cpp) on a view made by hand.
#include "commands/failed/failed_render.hpp"

#include <cstddef>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "commands/failed/failed_view.hpp"
#include "digest_util.hpp"
#include "io/inputs.hpp"
#include "render_util.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::plain;

// Two reports of one file and a second file: "a" failed in two reports.
FailedView two_files() {
  FailedView view;
  view.names = {"a", "b\x1b[2J", "c,\"d\""};
  view.occurrences = {{"a", "r.json", "report_1"},
                      {"b\x1b[2J", "r.json", "report_1"},
                      {"a", "r.json", "report_2"},
                      {"c,\"d\"", "s\x1b.json", "report_1"}};
  return view;
}

// The failed names of files whose operators were dropped as read, on one
// thread and in parts, are those of the whole files: every file of the
// examples and the test data, the names and every occurrence.
TEST(FailedView, FilesReadWithoutOperatorsGiveTheSameNames) {
  const std::vector<std::string> paths = test::example_and_data_json_files();
  std::istringstream no_stdin;
  const FailedView expected = make_failed_view(read_all(paths, no_stdin, 2));
  ASSERT_GT(expected.names.size(), 5U);
  for (const unsigned threads : {1U, 3U}) {
    SCOPED_TRACE(threads);
    std::size_t split = 0;
    const std::vector<ResultFile> files = test::read_digested(
        paths, threads, [](std::size_t) { return std::make_unique<OperatorsDropped>(); }, split);
    test::expect_digested(files, threads, split);
    const FailedView got = make_failed_view(files);
    EXPECT_EQ(got.names, expected.names);
    ASSERT_EQ(got.occurrences.size(), expected.occurrences.size());
    for (std::size_t i = 0; i < got.occurrences.size(); ++i) {
      EXPECT_EQ(got.occurrences[i].op_name, expected.occurrences[i].op_name) << i;
      EXPECT_EQ(got.occurrences[i].file, expected.occurrences[i].file) << i;
      EXPECT_EQ(got.occurrences[i].report, expected.occurrences[i].report) << i;
    }
  }
}

TEST(FailedRender, PrintsTheViewEscaped) {
  FailedView view;
  view.names = {"a", "b\x1b[2J"};
  EXPECT_EQ(failed_text(view, plain()), "a\nb\\x1b[2J\n");
}

TEST(FailedRender, WhereListsEachNameUnderItsFileAndReport) {
  FailedView view = two_files();
  view.where = true;
  EXPECT_EQ(failed_text(view, plain()),
            "r.json  report_1\n  a\n  b\\x1b[2J\n"
            "r.json  report_2\n  a\n"
            "s\\x1b.json  report_1\n  c,\"d\"\n");
}

TEST(FailedRender, CsvHasARowPerOccurrence) {
  EXPECT_EQ(failed_csv(two_files(), plain()),
            "file,report,op_name\n"
            "r.json,report_1,a\n"
            "r.json,report_1,\"b\x1b[2J\"\n"
            "r.json,report_2,a\n"
            "\"s\x1b.json\",report_1,\"c,\"\"d\"\"\"\n");
}

TEST(FailedRender, JsonKeepsNamesOnceAndEveryOccurrence) {
  const auto doc = nlohmann::json::parse(failed_json(two_files(), plain()));
  EXPECT_EQ(doc["failed_operators"], nlohmann::json::parse(R"(["a", "b\u001b[2J", "c,\"d\""])"));
  ASSERT_EQ(doc["occurrences"].size(), 4U);
  EXPECT_EQ(doc["occurrences"][2],
            nlohmann::json::parse(R"({"op_name": "a", "file": "r.json", "report": "report_2"})"));
}

}  // namespace
}  // namespace aoe::cli
