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

TEST(ReportView, EntriesWithoutAModeAreUnspecifiedAsOnTheCommandLine) {
  // CANN 6.0.1 names no tuning mode: its operators count under
  // "unspecified", as `ops --group-by mode` calls them, and the figure says
  // what that is.
  const std::vector<ResultFile> files{read_data(k601)};
  const ReportView v = view_of(files);
  ASSERT_FALSE(v.by_mode.empty());
  EXPECT_EQ(v.by_mode[0].label, "unspecified");
  const std::string page = page_of(v);
  EXPECT_NE(page.find("unspecified: entries that name no mode (CANN 6.0.1 and 6.2)."),
            std::string::npos);
  // An 8.x file names its modes: no such note.
  const std::string page8 = page_of(view_of({read_data(k8x)}));
  EXPECT_EQ(page8.find("entries that name no mode"), std::string::npos);
}

// A report that failed, with `n` operators that are each the writer's
// artefact (update, 41 → 40 µs): one warning, `n` info findings.
ResultFile artefacts(std::size_t n) {
  std::string ops;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) ops += ",";
    ops += "{\"op_name\": \"op" + std::to_string(i) +
           "\", \"op_type\": \"Add\", \"tune_performance\": {\"Schedule\": "
           "{\"performance_after_tune(us)\": 40, \"performance_before_tune(us)\": 41, "
           "\"performance_improvement\": \"2.50%\", \"update_mode\": \"update\"}}}";
  }
  const std::string text =
      "{\"report_1\": [{\"basic\": {\"tuning_name\": \"t\"}}, {\"OPAT\": "
      "{\"opat_tuning_result\": \"tuning failed\", \"tuning_failed_operators\": [\"f\"], "
      "\"repo_modified_operators\": [" +
      ops + "]}}]}";
  return read_result_text(text, "run.json");
}

cli::ReportView view_with_findings(std::size_t n, cli::FindingsShown shown) {
  cli::ReportViewOptions o;
  o.generated_at = "2026-01-01 00:00:00 UTC";
  o.paths = {"run.json"};
  o.findings = shown;
  return cli::make_report_view({artefacts(n)}, nullptr, o);
}

TEST(ReportView, FindingsGroupedByCodeWarningsFirst) {
  const ReportView v = view_with_findings(150, cli::FindingsShown::all);
  EXPECT_EQ(v.infos, 150U);
  ASSERT_GE(v.findings.size(), 2U);
  EXPECT_EQ(v.findings.front().severity, Severity::warning);
  const cli::FindingGroup& info = v.findings.back();
  EXPECT_EQ(info.code, Code::writer_artefact);
  EXPECT_EQ(info.severity, Severity::info);
  EXPECT_EQ(info.count, 150U);
  EXPECT_EQ(info.listed.size(), cli::kReportFindingsPerCode);
  EXPECT_EQ(info.listed.front().op, "op0");  // file order
  const std::string page = page_of(v);
  // Info folded away (a closed <details>), warnings open; what is not
  // listed is counted, and the command that lists it given.
  EXPECT_NE(page.find("<details class=\"fgroup\"><summary><span class=\"sev-info\">"),
            std::string::npos);
  EXPECT_NE(page.find("<details class=\"fgroup\" open=\"\"><summary><span "
                      "class=\"sev-warning\">"),
            std::string::npos);
  EXPECT_NE(page.find("<code>writer-artefact</code> · 150 findings"), std::string::npos);
  EXPECT_NE(page.find("… and 50 more writer-artefact; every finding: <code>aoe-result check "
                      "run.json</code>"),
            std::string::npos);
}

TEST(ReportView, CountsInTheFiguresWithThousandsSeparators) {
  // 1,200 operators of one type: the figures count them as the tiles do.
  const std::string page = page_of(view_with_findings(1200, cli::FindingsShown::none));
  EXPECT_NE(page.find(" · 1,200 ops"), std::string::npos);
  EXPECT_EQ(page.find(" · 1200 ops"), std::string::npos);
}

TEST(ReportView, FindingsWarningsAndNone) {
  const ReportView warnings = view_with_findings(3, cli::FindingsShown::warnings);
  for (const cli::FindingGroup& g : warnings.findings) {
    EXPECT_EQ(g.listed.size(), g.severity == Severity::info ? 0U : g.count) << to_string(g.code);
  }
  const std::string page = page_of(warnings);
  EXPECT_NE(page.find("<code>writer-artefact</code> · 3 findings<span class=\"muted\"> (not "
                      "listed: --findings warnings; --findings all lists them)"),
            std::string::npos);
  const ReportView none = view_with_findings(3, cli::FindingsShown::none);
  std::size_t counted = 0;
  for (const cli::FindingGroup& g : none.findings) {
    EXPECT_TRUE(g.listed.empty());
    counted += g.count;
  }
  EXPECT_EQ(counted, none.errors + none.warnings + none.infos);
  EXPECT_EQ(page_of(none).find("<table class=\"findings\""), std::string::npos);
}

TEST(ReportView, RowsCutAtThePagesMost) {
  const std::vector<ResultFile> files{read_data(k8x)};
  cli::ReportView v = view_of(files, 1'000'000);
  EXPECT_EQ(v.rows_asked, 1'000'000U);
  EXPECT_EQ(v.row_limit, cli::kReportMaxRows);
  EXPECT_EQ(v.rows.size(), v.rows_total);  // 21: all fit
  // As a page of more operators than it holds says it.
  v.rows_total = 300'000;
  v.row_limit = cli::kReportMaxRows;
  const std::string page = page_of(v);
  EXPECT_NE(page.find("(--rows 1000000 asked for more than a page holds: at most 10,000 rows"),
            std::string::npos);
}

}  // namespace
}  // namespace aoe::test
