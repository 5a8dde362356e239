// SPDX-License-Identifier: Apache-2.0
// `report`'s view (report_view.cpp): totals, rows, figures and what is
// marked, computed from files.
#include "commands/report/report_view.hpp"

#include <cstddef>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/reader.hpp"

#include "report_views.hpp"
#include "test_util.hpp"

namespace aoe::test {
namespace {

using cli::ReportView;

TEST(ReportView, TotalsRowsAndFiguresOfAnExample) {
  const std::vector<ResultFile> files{read_data(k8x)};
  const ReportView v = view_of(files);
  const Totals t = totals(files[0]);
  EXPECT_EQ(v.totals.operators, t.operators);
  EXPECT_DOUBLE_EQ(v.totals.time_before_us, t.time_before_us);
  EXPECT_EQ(v.rows_total, t.operators);
  EXPECT_EQ(v.rows.size(), t.operators);
  // Largest saving first, as `ops` sorts.
  for (std::size_t i = 1; i < v.rows.size(); ++i) {
    if (v.rows[i].figures.saved_us && v.rows[i - 1].figures.saved_us) {
      EXPECT_GE(*v.rows[i - 1].figures.saved_us, *v.rows[i].figures.saved_us);
    }
  }
  ASSERT_FALSE(v.top_saved.empty());
  EXPECT_EQ(v.top_saved[0].label, v.rows[0].name);
  std::size_t binned = 0;
  for (const auto& b : v.improvement_bins) binned += b.count;
  EXPECT_EQ(binned, t.timed_operators);
  EXPECT_EQ(v.generated_at, "2026-01-01 00:00:00 UTC");
  EXPECT_EQ(v.title, "AOE tuning report: resnet50_train_step");
  EXPECT_EQ(v.csv_command, "aoe-result ops --format csv run.json");
}

TEST(ReportView, RowsAreCutAtTheLimit) {
  const std::vector<ResultFile> files{read_data(k8x)};
  const ReportView v = view_of(files, 2);
  EXPECT_EQ(v.rows.size(), 2U);
  EXPECT_GT(v.rows_total, 2U);
  const std::string page = page_of(v);
  EXPECT_NE(page.find("id=\"rows-note\""), std::string::npos);
  EXPECT_NE(page.find("aoe-result ops --format csv run.json &gt; ops.csv"), std::string::npos);
  const std::size_t table = page.find("id=\"ops\"");
  ASSERT_NE(table, std::string::npos);
  const std::string ops = page.substr(table, page.find("</table>", table) - table);
  EXPECT_EQ(occurrences(ops, "<tr"), 3U);  // the heading and two rows
}

TEST(ReportView, WriterArtefactIsMarked) {
  const std::vector<ResultFile> files{read_result_file(data("report/natural.json"))};
  const ReportView v = view_of(files);
  // op1: update, 41 → 40 µs: before − after = 1.
  EXPECT_EQ(v.writer_artefacts, 1U);
  bool marked = false;
  for (const auto& r : v.rows) {
    if (r.name == "op1")
      marked = r.writer_artefact;
    else
      EXPECT_FALSE(r.writer_artefact) << r.name;
  }
  EXPECT_TRUE(marked);
  const std::string page = page_of(v);
  EXPECT_EQ(occurrences(page, "class=\"art-row\""), 1U);
  EXPECT_NE(page.find("+1 µs artefact"), std::string::npos);
}

TEST(ReportView, FusedTypesJoinedAndModesSummed) {
  const std::vector<ResultFile> files{read_result_file(data("report/injection.json"))};
  const ReportView v = view_of(files);
  bool fused = false;
  for (const auto& r : v.rows) fused = fused || r.types == "Conv2D+<b>Relu</b>";
  EXPECT_TRUE(fused);
  ASSERT_EQ(v.by_mode.size(), 3U);
  EXPECT_EQ(v.by_mode[0].label, "Schedule");
  EXPECT_DOUBLE_EQ(v.by_mode[0].saved_us, 10);
  ASSERT_EQ(v.reports.size(), 1U);
  EXPECT_EQ(v.reports[0].failed_operators.size(), 2U);
}

}  // namespace
}  // namespace aoe::test
