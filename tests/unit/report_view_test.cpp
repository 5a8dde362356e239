// SPDX-License-Identifier: Apache-2.0
// `report`'s view (report_view.cpp): totals, rows, figures and what is
// marked, computed from files.
#include "commands/report/report_view.hpp"

#include <cstddef>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/grouping.hpp"
#include "aoe_result/reader.hpp"

#include "commands/check/check_render.hpp"
#include "io/inputs.hpp"
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

// On several threads (the findings checked beside the rows) the page is
// the one made on one: the examples and test data together, with their
// findings of every severity.
TEST(ReportView, ThePageOfSeveralThreadsIsThePageOfOne) {
  std::istringstream no_stdin;
  const std::vector<ResultFile> files =
      cli::read_all(test::example_and_data_json_files(), no_stdin, 2);
  const ReportView one = view_of(files);
  ASSERT_GT(one.errors, 0U);
  ASSERT_GT(one.warnings, 0U);
  for (const unsigned threads : {2U, 3U}) {
    const ReportView many = view_of(files, 5000, nullptr, threads);
    EXPECT_EQ(many.errors, one.errors);
    EXPECT_EQ(many.warnings, one.warnings);
    EXPECT_EQ(many.infos, one.infos);
    EXPECT_EQ(page_of(many), page_of(one)) << threads;
  }
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
  EXPECT_NE(page.find("+1\u00A0µs artefact"), std::string::npos);
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

// A report-keyed file: per report, its operators as (name, type JSON,
// before µs, after µs).
struct TestOp {
  std::string name;
  std::string type_json;
  double before_us;
  double after_us;
};
ResultFile file_of(const std::vector<std::vector<TestOp>>& reports, const std::string& path) {
  std::string text = "{";
  for (std::size_t r = 0; r < reports.size(); ++r) {
    if (r > 0) text += ",";
    text += "\"report_" + std::to_string(r + 1) +
            "\": [{\"basic\": {\"tuning_name\": \"t\"}}, {\"OPAT\": {\"opat_tuning_result\": "
            "\"tuning successful\", \"repo_modified_operators\": [";
    for (std::size_t i = 0; i < reports[r].size(); ++i) {
      const TestOp& op = reports[r][i];
      if (i > 0) text += ",";
      text += "{\"op_name\": \"" + op.name + "\", \"op_type\": " + op.type_json +
              ", \"tune_performance\": {\"Schedule\": {\"performance_after_tune(us)\": " +
              std::to_string(op.after_us) +
              ", \"performance_before_tune(us)\": " + std::to_string(op.before_us) +
              ", \"update_mode\": \"add\"}}}";
    }
    text += "]}}]";
  }
  return read_result_text(text + "}", path);
}

TEST(ReportView, TypesGroupedAsOpsGroupByType) {
  // A type written as one string "Conv2D+Relu" and a fused operator of two
  // types are two groups for `ops --group-by type`; types keep their case.
  const std::vector<ResultFile> files{file_of({{{"a", "\"Conv2D+Relu\"", 20, 10},
                                                {"b", "[\"Conv2D\", \"Relu\"]", 15, 10},
                                                {"c", "\"Conv2D\"", 12, 10},
                                                {"d", "\"conv2d\"", 11, 10}}},
                                              "run.json")};
  const ReportView v = view_of(files);
  Grouping g = group_rows(files, GroupSpec{{GroupKey::type}, RowGrain::per_operator});
  sort_groups(g.groups, SortKey::saved);
  ASSERT_EQ(v.by_type.size(), 4U);
  ASSERT_EQ(v.by_type.size(), g.groups.size());
  EXPECT_EQ(v.types_total, g.groups.size());
  for (std::size_t i = 0; i < g.groups.size(); ++i) {
    EXPECT_EQ(v.by_type[i].label, g.groups[i].key_values.front()) << i;
    EXPECT_DOUBLE_EQ(v.by_type[i].saved_us, g.groups[i].totals.saved_us()) << i;
    EXPECT_EQ(v.by_type[i].operators, g.groups[i].totals.operators) << i;
  }
  EXPECT_EQ(v.by_type[0].label, "Conv2D+Relu");
  EXPECT_DOUBLE_EQ(v.by_type[0].saved_us, 10);
  EXPECT_EQ(v.by_type[0].operators, 1U);
}

TEST(ReportView, RepeatedNamesInTheTopSavedSayWhatDiffers) {
  // The same name in two reports of a file, and in two files.
  const std::string long_path = "runs/aoe_result_opat_20221103_101522418_pid7311.json";
  const std::vector<ResultFile> files{
      file_of({{{"conv", "\"Conv2D\"", 50, 10}, {"once", "\"Add\"", 30, 10}},
               {{"conv", "\"Conv2D\"", 40, 10}}},
              "a.json"),
      file_of({{{"conv", "\"Conv2D\"", 45, 10}}}, long_path)};
  const ReportView v = view_of(files);
  ASSERT_EQ(v.top_saved.size(), 4U);
  EXPECT_EQ(v.top_saved[0].label, "conv");
  EXPECT_EQ(v.top_saved[0].qualifier, " · a.json report_1");
  // The long file's name cut in the middle, with one "…".
  EXPECT_EQ(v.top_saved[1].qualifier, " · aoe_result_…d7311.json");
  EXPECT_EQ(v.top_saved[2].qualifier, " · a.json report_2");
  EXPECT_EQ(v.top_saved[3].label, "once");
  EXPECT_EQ(v.top_saved[3].qualifier, "");
  // In the figure, the label and what tells it apart.
  const std::string page = page_of(v);
  EXPECT_NE(page.find("class=\"label\">conv · a.json report_1<"), std::string::npos);
  EXPECT_NE(page.find("class=\"label\">conv · aoe_result_…d7311.json<"), std::string::npos);

  // One file, two reports: the report ids alone.
  const ReportView one = view_of({files[0]});
  ASSERT_EQ(one.top_saved.size(), 3U);
  EXPECT_EQ(one.top_saved[0].qualifier, " · report_1");
  EXPECT_EQ(one.top_saved[1].qualifier, " · report_2");
}

TEST(ReportView, CountsAndFiguresGroupedOnThePageOnly) {
  // 1,500 operators; one improvement of 1,234,500 %.
  std::vector<TestOp> ops{{"big", "\"Add\"", 12346, 1}};
  for (int i = 0; i < 1499; ++i) ops.push_back({"op" + std::to_string(i), "\"Add\"", 20, 10});
  const std::vector<ResultFile> files{file_of({ops}, "run.json")};
  const ReportView v = view_of(files);
  const std::string page = page_of(v);
  EXPECT_NE(page.find("checked 1 file, 1 report, 1,500 operators"), std::string::npos);
  EXPECT_EQ(page.find("1500"), std::string::npos);
  EXPECT_NE(page.find("1,234,500.00%"), std::string::npos);
  EXPECT_EQ(page.find("1234500"), std::string::npos);
  // The terminal's line keeps its digits plain (copyable).
  EXPECT_NE(cli::check_verdict(v.check).find("1500 operators"), std::string::npos);
}

TEST(ReportView, UnitsStayWithTheirNumbersAndIdsBreakOnlyAtSeams) {
  const std::string path = "runs/aoe_result_opat_20221103_101522418_pid7311.json";
  const std::vector<ResultFile> files{
      file_of({{{"conv", "\"Conv2D\"", 1234.5, 10}}, {{"add", "\"Add\"", 20, 19}}}, path),
      read_data(k8x)};
  const std::string page = page_of(view_of(files));
  // A no-break space (U+00A0) between every number and its unit.
  EXPECT_FALSE(std::regex_search(page, std::regex("[0-9] (µs|ms|s|min|%)[^A-Za-z]")));
  EXPECT_NE(page.find("1,224.500\u00A0µs"), std::string::npos);
  // Ids and file names break after '_', '-', '.' (a path also after '/'),
  // never inside a number.
  EXPECT_NE(page.find("runs/<wbr>aoe_<wbr>result_<wbr>opat_<wbr>20221103_<wbr>101522418_<wbr>"
                      "pid7311.<wbr>json"),
            std::string::npos);
  EXPECT_NE(page.find("class=\"rid\">report_<wbr>2<"), std::string::npos);
  EXPECT_FALSE(std::regex_search(page, std::regex("[0-9]<wbr>[0-9]")));
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
