// SPDX-License-Identifier: Apache-2.0
// `failed`'s renderers (failed_render.cpp) on a view made by hand.
#include "commands/failed/failed_render.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "render_util.hpp"

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
