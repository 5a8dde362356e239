// SPDX-License-Identifier: Apache-2.0
// `summary`'s renderers (summary_render.cpp) on a view made by hand: they
// print its numbers, never compute them.
#include "commands/summary/summary_render.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/inputs.hpp"
#include "render_util.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::hand_made_overview;
using test::plain;

TEST(SummaryRender, PrintsTheViewsNumbersWithoutComputing) {
  ResultFile file;
  const Overview view = hand_made_overview(file);
  EXPECT_EQ(summary_text(view, plain()),
            "report_1  resnet\n  successful  12 s  7 operators  2 failed\n");
}

// The overview of files whose reports were digested as read (and their
// operators given back) is the overview of the whole files: the same text
// and JSON for every file of the examples and the test data, read
// together.
TEST(SummaryOverview, DigestedReportsGiveTheOverviewOfTheWholeFiles) {
  const std::vector<std::string> paths = test::example_and_data_json_files();
  ASSERT_GE(paths.size(), 50U);
  std::istringstream no_stdin;
  const std::vector<ResultFile> whole = read_all(paths, no_stdin, 2);
  std::vector<ResultFile> lighter = read_all(paths, no_stdin, 2);
  std::vector<std::vector<ReportDigest>> digests;
  std::size_t operators = 0;
  for (ResultFile& f : lighter) {
    digests.push_back(digest_reports(f));
    for (Report& r : f.reports) {
      operators += r.operators.size();
      r.operators = std::vector<Operator>();
    }
  }
  ASSERT_GT(operators, 200U);
  const Overview expected = make_overview(whole, OverviewDepth{});
  const Overview got = make_overview(lighter, std::move(digests));
  ASSERT_EQ(got.files.size(), whole.size());
  for (std::size_t i = 0; i < whole.size(); ++i) {
    ASSERT_EQ(got.files[i].reports.size(), whole[i].readable ? whole[i].reports.size() : 0U);
    for (std::size_t k = 0; k < got.files[i].reports.size(); ++k) {
      EXPECT_EQ(got.files[i].reports[k].operators, whole[i].reports[k].operators.size())
          << paths[i] << " report " << k;
    }
  }
  EXPECT_EQ(summary_text(got, plain()), summary_text(expected, plain()));
  std::ostringstream json_expected;
  std::ostringstream json_got;
  write_summary_json(expected, plain(), json_expected);
  write_summary_json(got, plain(), json_got);
  EXPECT_EQ(json_got.str(), json_expected.str());
}

}  // namespace
}  // namespace aoe::cli
