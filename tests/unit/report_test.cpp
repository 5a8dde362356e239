// SPDX-License-Identifier: Apache-2.0
// `report`: the view computed from files, the page rendered from it, and
// the command writing it.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "cli_harness.hpp"
#include "commands/report/report_render.hpp"
#include "commands/report/report_view.hpp"
#include "temp_dir.hpp"

namespace aoe::test {
namespace {

using cli::ReportOptions;
using cli::ReportView;
using cli::ReportViewOptions;

std::size_t occurrences(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
  return n;
}

ReportView view_of(const std::vector<ResultFile>& files, std::size_t rows = 5000,
                   const std::vector<ResultFile>* baseline = nullptr) {
  ReportViewOptions o;
  o.rows = rows;
  o.generated_at = "2026-01-01 00:00:00 UTC";
  o.paths = {"run.json"};
  return cli::make_report_view(files, baseline, o);
}

std::string page_of(const ReportView& v) {
  const cli::RenderOptions options;
  return cli::report_html(v, options);
}

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

TEST(ReportPage, StringsFromTheFileAreText) {
  const std::vector<ResultFile> files{read_result_file(data("report/injection.json"))};
  const std::string page = page_of(view_of(files));
  // The page's own script is its only script element.
  EXPECT_EQ(occurrences(page, "<script"), 1U);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("<svg onload"), std::string::npos);
  EXPECT_EQ(page.find("<iframe"), std::string::npos);
  EXPECT_EQ(page.find("<b>Relu"), std::string::npos);
  EXPECT_EQ(page.find("' onmouseover='"), std::string::npos);
  EXPECT_NE(page.find("<title>AOE tuning report: &lt;/title&gt;&lt;script&gt;document.title=&#39;"
                      "pwned&#39;&lt;/script&gt;</title>"),
            std::string::npos);
  EXPECT_NE(page.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  EXPECT_NE(page.find("&quot;&gt;&lt;script&gt;"), std::string::npos);
  // Control characters shown escaped, never raw.
  EXPECT_EQ(page.find('\x1b'), std::string::npos);
  EXPECT_NE(page.find("esc\\x1b[31mred\\x1b[0m"), std::string::npos);
}

TEST(ReportPage, SelfContained) {
  const std::vector<ResultFile> files{read_data(k8x)};
  const ReportView v = view_of(files);
  const std::string page = page_of(v);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">", 0), 0U);
  EXPECT_EQ(page.find("http://"), std::string::npos);
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_NE(page.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                      "style-src 'sha256-"),
            std::string::npos);
  EXPECT_NE(page.find("script-src 'sha256-"), std::string::npos);
  EXPECT_NE(page.find("@media print"), std::string::npos);
  EXPECT_NE(page.find("prefers-color-scheme:dark"), std::string::npos);
  EXPECT_NE(page.find("id=\"ops\""), std::string::npos);
  EXPECT_NE(page.find("data-key=\"improvement\""), std::string::npos);
  // A repository bar per report, and four figures.
  ASSERT_EQ(v.reports.size(), 2U);
  EXPECT_EQ(occurrences(page, "role=\"img\""), 2U + 4U);
}

TEST(ReportPage, VerdictAsCheckSaysIt) {
  const std::vector<ResultFile> files{read_data(kCut)};
  const ReportView v = view_of(files);
  EXPECT_GT(v.errors, 0U);  // truncated is an error
  const std::string page = page_of(v);
  EXPECT_NE(page.find("class=\"verdict fail\""), std::string::npos);
  EXPECT_NE(page.find("Check failed — checked 1 file"), std::string::npos);
  EXPECT_NE(page.find("<code>truncated</code>"), std::string::npos);
  EXPECT_NE(page.find("cut off (incomplete)"), std::string::npos);
}

TEST(ReportPage, FileWithoutOpat) {
  const std::vector<ResultFile> files{read_result_file(data("report/no_opat.json"))};
  const ReportView v = view_of(files);
  EXPECT_EQ(v.rows_total, 0U);
  EXPECT_TRUE(v.top_saved.empty());
  const std::string page = page_of(v);
  EXPECT_NE(page.find("no OPAT section"), std::string::npos);
  EXPECT_NE(page.find("No operator is listed"), std::string::npos);
  EXPECT_EQ(page.find("id=\"ops\""), std::string::npos);
  EXPECT_NE(page.find("no operator saved time"), std::string::npos);
  EXPECT_NE(page.find("no operator with both times"), std::string::npos);
}

TEST(ReportPage, BaselineComparison) {
  const std::vector<ResultFile> old_run{read_data(k63)};
  const std::vector<ResultFile> new_run{read_data(k8x)};
  const ReportView v = view_of(new_run, 5000, &old_run);
  ASSERT_TRUE(v.baseline.has_value());
  const Diff d = diff(old_run, new_run);
  EXPECT_EQ(v.baseline->summary.regressions, d.summary.regressions);
  EXPECT_EQ(v.baseline->summary.only_new, d.summary.only_new);
  const std::string page = page_of(v);
  EXPECT_NE(page.find("id=\"baseline\""), std::string::npos);
  EXPECT_NE(page.find("Largest slowdowns"), std::string::npos);
}

TEST(ReportCsp, HexToBase64) {
  EXPECT_EQ(cli::hex_to_base64(""), "");
  EXPECT_EQ(cli::hex_to_base64("66"), "Zg==");
  EXPECT_EQ(cli::hex_to_base64("666f"), "Zm8=");
  EXPECT_EQ(cli::hex_to_base64("666f6f"), "Zm9v");
  // SHA-256 of the empty string.
  EXPECT_EQ(cli::hex_to_base64("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  EXPECT_THROW((void)cli::hex_to_base64("zz"), std::invalid_argument);
}

TEST(ReportCommand, WritesThePageAndRefusesToOverwrite) {
  TempDir dir("report_write");
  const std::string out = (dir.path() / "r.html").string();
  ReportOptions o;
  o.inputs = paths({k8x});
  o.output = out;
  {
    Harness h;
    EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
    EXPECT_NE(h.out.str().find("wrote " + out), std::string::npos);
  }
  std::ifstream in(out);
  std::stringstream page;
  page << in.rdbuf();
  EXPECT_NE(page.str().find("resnet50_train_step"), std::string::npos);
  {
    Harness h;
    EXPECT_THROW((void)cli::run_report(o, h.ctx), cli::UsageError);
  }
  o.force = true;
  Harness h;
  EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
  // No temporary file is left behind.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1U);
}

TEST(ReportCommand, StdoutAndUnreadableInput) {
  ReportOptions o;
  o.inputs = paths({k62});
  o.output = "-";
  Harness h;
  EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
  EXPECT_EQ(h.out.str().rfind("<!DOCTYPE html>", 0), 0U);

  ReportOptions bad;
  bad.inputs = paths({"check/not-aoe-result.json"});
  bad.output = "-";
  Harness hb;
  EXPECT_EQ(cli::run_report(bad, hb.ctx), cli::Exit::input);
  EXPECT_EQ(hb.out.str(), "");
  EXPECT_NE(hb.err.str().find("no input could be read"), std::string::npos);
}

TEST(ReportCommand, OtherFormatsAndRowsOutOfRangeAreUsageErrors) {
  ReportOptions o;
  o.inputs = paths({k8x});
  o.output = "-";
  Harness json(Format::json);
  EXPECT_THROW((void)cli::run_report(o, json.ctx), cli::UsageError);
  o.rows = cli::kReportMaxRows + 1;
  Harness h;
  EXPECT_THROW((void)cli::run_report(o, h.ctx), cli::UsageError);
}

}  // namespace
}  // namespace aoe::test
