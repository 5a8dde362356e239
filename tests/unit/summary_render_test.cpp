// SPDX-License-Identifier: Apache-2.0
// `summary`'s renderers (summary_render.cpp) on a view made by hand: they
// print its numbers, never compute them.
#include "commands/summary/summary_render.hpp"

#include <cstddef>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "commands/overview/overview_view.hpp"
#include "digest_util.hpp"
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

// The overview of files whose reports were digested as their operators
// were read (none kept), on one thread and in parts, is the overview of
// the whole files: the same text and JSON for every file of the examples
// and the test data.
TEST(SummaryOverview, ReportsDigestedAsReadGiveTheOverviewOfTheWholeFiles) {
  const std::vector<std::string> paths = test::example_and_data_json_files();
  ASSERT_GE(paths.size(), 50U);
  std::istringstream no_stdin;
  const std::vector<ResultFile> whole = read_all(paths, no_stdin, 2);
  const Overview expected = make_overview(whole, OverviewDepth{});
  std::size_t operators = 0;
  for (const ResultFile& f : whole) {
    for (const Report& r : f.reports) operators += r.operators.size();
  }
  ASSERT_GT(operators, 200U);
  for (const unsigned threads : {1U, 3U}) {
    SCOPED_TRACE(threads);
    std::vector<std::vector<ReportDigest>> digests(paths.size());
    std::size_t split = 0;
    const std::vector<ResultFile> lighter = test::read_digested(
        paths, threads,
        [&](std::size_t i) {
          return std::make_unique<ReportsDigester>(
              [&digests, i](std::vector<ReportDigest>&& d) { digests[i] = std::move(d); });
        },
        split);
    test::expect_digested(lighter, threads, split);
    const Overview got = make_overview(lighter, std::move(digests));
    ASSERT_EQ(got.files.size(), whole.size());
    for (std::size_t i = 0; i < whole.size(); ++i) {
      ASSERT_EQ(got.files[i].reports.size(), whole[i].readable ? whole[i].reports.size() : 0U);
      for (std::size_t k = 0; k < got.files[i].reports.size(); ++k) {
        const ReportOverview& a = got.files[i].reports[k];
        const ReportOverview& b = expected.files[i].reports[k];
        EXPECT_EQ(a.operators, whole[i].reports[k].operators.size()) << paths[i] << " report " << k;
        EXPECT_EQ(a.left_out.size(), b.left_out.size()) << paths[i] << " report " << k;
        EXPECT_EQ(a.failed, b.failed) << paths[i] << " report " << k;
      }
    }
    EXPECT_EQ(summary_text(got, plain()), summary_text(expected, plain()));
    std::ostringstream json_expected;
    std::ostringstream json_got;
    write_summary_json(expected, plain(), json_expected);
    write_summary_json(got, plain(), json_got);
    EXPECT_EQ(json_got.str(), json_expected.str());
  }
}

// Operators handed over for a report the file does not hold are a
// reader's fault, said rather than dropped.
TEST(SummaryOverview, ADigestOfMoreReportsThanTheFileHoldsThrows) {
  ResultFile file;
  file.readable = true;
  file.reports.resize(2);
  bool called = false;
  ReportsDigester digester([&](std::vector<ReportDigest>&&) { called = true; });
  OperatorDigest& digest = digester;
  digest.take(file, file.reports.back(), Operator{});
  file.reports.pop_back();
  EXPECT_THROW(digester.done(file), std::logic_error);
  EXPECT_FALSE(called);
}

}  // namespace
}  // namespace aoe::cli
