// SPDX-License-Identifier: Apache-2.0
// `report`'s page (report_render.cpp) rendered from a view: strings from
// files as text, self-contained, the verdict, the baseline, the CSP hashes.
#include "commands/report/report_render.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/diff.hpp"
#include "aoe_result/profile_compare.hpp"
#include "aoe_result/reader.hpp"

#include "report_views.hpp"
#include "test_util.hpp"

namespace aoe::test {
namespace {

using cli::ReportView;

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

TEST(ReportPage, SummaryFiguresAndTableFirst) {
  const std::string page = page_of(view_of({read_data(k8x)}));
  const std::size_t kpis = page.find("class=\"kpis\"");
  const std::size_t figures = page.find("<section id=\"figures\"");
  const std::size_t ops = page.find("<section id=\"operators\"");
  const std::size_t reports = page.find("<section id=\"reports\"");
  const std::size_t findings = page.find("<section id=\"findings\"");
  const std::size_t files = page.find("<section id=\"files\"");
  EXPECT_LT(kpis, figures);
  EXPECT_LT(figures, ops);
  EXPECT_LT(ops, reports);
  EXPECT_LT(reports, findings);
  EXPECT_LT(findings, files);
  EXPECT_NE(files, std::string::npos);
  // Two reports: a line each, opened on demand.
  EXPECT_EQ(occurrences(page, "<details class=\"rep\">"), 2U);
  EXPECT_EQ(occurrences(page, "<details class=\"rep\" open"), 0U);
  // One report: open at once.
  const std::string one = page_of(view_of({read_data(k63)}));
  EXPECT_EQ(occurrences(one, "<details class=\"rep\" open=\"\">"), 1U);
}

TEST(ReportPage, AFindingOfNoOperatorHasNoOperatorLineOnAPhone) {
  // negative-time names its operator, status-incomplete none: the
  // stylesheet hides the cell of "none" when rows are stacked into labelled
  // lines.
  const std::string page =
      page_of(view_of({read_data(kCut), read_data("check/negative-time.json")}));
  EXPECT_NE(page.find("<td class=\"path op none\">–</td>"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"path op\">"), std::string::npos);
  EXPECT_NE(page.find("table.stack td.op.none{display:none}"), std::string::npos);
}

TEST(ReportPage, TablesAreLabelledLinesOnAPhone) {
  // On a phone the stylesheet stacks the operator table into labelled lines
  // by column position (#ops, its box a sideways scroller only at widths
  // between), and the findings and the files read by each cell's class.
  const std::string page = page_of(view_of({read_data(k8x), read_data(k63)}));
  EXPECT_EQ(occurrences(page, "<div id=\"ops-box\" class=\"wide\">"), 1U);
  EXPECT_NE(page.find("<table class=\"findings stack\">"), std::string::npos);
  EXPECT_EQ(occurrences(page, "<table class=\"files stack\">"), 1U);
  for (const char* cell : {"path file", "n line", "rid", "path op none", "msg"}) {
    EXPECT_NE(page.find(std::string("<td class=\"") + cell + "\">"), std::string::npos) << cell;
  }
  for (const char* cell : {"layout", "n reports", "n ops", "read"}) {
    EXPECT_NE(page.find(std::string("<td class=\"") + cell + "\">"), std::string::npos) << cell;
  }
  EXPECT_NE(page.find("table.stack td.rid::before{content:\"report \"}"), std::string::npos);
}

TEST(ReportPage, ALongTaskNameIsCutInTheTitleAndGivenWholeInTheFacts) {
  // A task name of 5,000 characters: the title and the report's line keep
  // its start and end around "…"; the report's facts give it whole, once.
  const std::vector<ResultFile> files{read_result_file(data("long_task_name.json"))};
  const ReportView v = view_of(files);
  ASSERT_EQ(v.reports.size(), 1U);
  ASSERT_TRUE(v.reports[0].tuning_name);
  const std::string& name = *v.reports[0].tuning_name;
  ASSERT_GT(name.size(), 1000U);
  EXPECT_LE(v.title.size(), std::string("AOE tuning report: ").size() + 130);
  EXPECT_NE(v.title.find("…"), std::string::npos);
  const std::string page = page_of(v);
  EXPECT_EQ(occurrences(page, name), 1U);
  EXPECT_NE(page.find("<th scope=\"row\">task</th>"), std::string::npos);
  // No operator at all: the figure is not called "Top 0".
  EXPECT_EQ(page.find("Top 0"), std::string::npos);
  EXPECT_NE(page.find("Top operators by time saved"), std::string::npos);
  // A short name: no such fact.
  EXPECT_EQ(page_of(view_of({read_data(k8x)})).find("<th scope=\"row\">task</th>"),
            std::string::npos);
}

TEST(ReportPage, OneUnitAndWhatEachCountCounts) {
  const std::string page = page_of(view_of({read_data(k8x)}));
  // Operator times in µs everywhere, as the command line writes them.
  EXPECT_NE(page.find("4,259.630 → 3,520.503\u00A0µs"), std::string::npos);
  EXPECT_NE(page.find(">739.127\u00A0µs<"), std::string::npos);
  EXPECT_NE(page.find("Operator times are in µs everywhere on this page"), std::string::npos);
  for (const char* other : {"0 ms", "1 ms", "2 ms", "3 ms", "4 ms", "5 ms", "6 ms", "7 ms", "8 ms",
                            "9 ms", "0 s<", ">time saved (ms)"}) {
    EXPECT_EQ(page.find(other), std::string::npos) << other;
  }
  EXPECT_NE(page.find("time saved (µs)"), std::string::npos);
  // Operators and tiling policies, each named for what it counts.
  EXPECT_NE(page.find("operators added/updated (each operator once)"), std::string::npos);
  // The repository's counts in the command line's words: of the 21, 2 were
  // unsatisfied (no gain), not tuned in.
  EXPECT_NE(page.find("Tiling policies in the repository: 19 added, 0 hit (0 updated, 0 "
                      "reserved), 2 unsatisfied, 21 total"),
            std::string::npos);
  EXPECT_EQ(page.find(" tuned, "), std::string::npos);
  // A model's time stays in ms, as AOE writes it (and the page says).
  const std::string model = page_of(view_of({read_data(k62)}));
  EXPECT_NE(model.find("113.588725\u00A0ms → 113.236731\u00A0ms"), std::string::npos);
}

TEST(ReportPage, VerdictAsCheckSaysIt) {
  const std::vector<ResultFile> files{read_data(kCut)};
  const ReportView v = view_of(files);
  EXPECT_GT(v.errors, 0U);  // truncated is an error
  const std::string page = page_of(v);
  EXPECT_NE(page.find("class=\"verdict fail\""), std::string::npos);
  EXPECT_NE(page.find("data-verdict=\"FAILED\"><strong>✘ Check: 2 errors, "), std::string::npos);
  EXPECT_NE(page.find("info: FAILED</strong><span class=\"scope\">checked 1 file, "),
            std::string::npos);
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

TEST(ReportPage, SeveralFilesNameTheFileOfEachReport) {
  // Report ids can repeat across files (report_1 of each list-layout file),
  // and an operator's line is a line of its own file: the report column
  // carries the file's name under the id.
  const std::vector<ResultFile> two{read_data(k63), read_data(k8x)};
  const std::string page = page_of(view_of(two));
  EXPECT_NE(page.find(">report (file)</th>"), std::string::npos);
  EXPECT_NE(page.find("<br><span class=\"muted\">aoe_<wbr>result_<wbr>opat_<wbr>"),
            std::string::npos);
  const std::vector<ResultFile> one{read_data(k8x)};
  const std::string single = page_of(view_of(one));
  EXPECT_EQ(single.find("report (file)"), std::string::npos);
  EXPECT_EQ(single.find("<br><span class=\"muted\">aoe_"), std::string::npos);
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

// report --profile: the cross-check's own verdict words and numbers, an
// unknown value as a dash, names from files as text, the unmatched counted.
TEST(ReportPage, ProfileCheckSectionShowsTheLibraryVerdicts) {
  const std::vector<ResultFile> files{read_data(k8x)};
  ReportView v = view_of(files);
  cli::ReportProfileCheck p;
  p.label = "prof/<dir>";
  p.profile_rows = 12;
  CrossCheckEntry slow;
  slow.name = "Conv<script>";
  slow.types = "Conv2D";
  slow.aoe_after_us = 100.0;
  ProfileMatch m;
  m.calls = 3;
  m.mean_us = 120.0;
  m.type = "Conv2D";
  slow.profile = m;
  slow.mean_vs_aoe_after_pct = 20.0;
  slow.verdict = CrossCheckVerdict::slower_than_aoe;
  CrossCheckEntry missing;
  missing.name = "MatMul";
  missing.aoe_after_us = 50.0;
  missing.verdict = CrossCheckVerdict::not_in_profile;
  p.check.entries = {slow, missing};
  p.check.slower = 1;
  p.check.matched = 1;
  p.check.unmatched = {"MatMul"};
  p.median_us = {118.5, std::nullopt};
  v.profile_check = p;
  const std::string page = page_of(v);
  EXPECT_NE(page.find("<section id=\"profile-check\"><h2>AOE&#39;s claim against the profile</h2>"),
            std::string::npos);
  EXPECT_NE(page.find("<code>prof/&lt;dir&gt;</code> (12 rows)"), std::string::npos);
  EXPECT_EQ(page.find("Conv<script>"), std::string::npos);
  EXPECT_NE(
      page.find("<tr data-verdict=\"slower-than-aoe\"><td>Conv&lt;script&gt;</td><td>Conv2D</td>"
                "<td class=\"n\">100.000\u00A0µs</td><td class=\"n\">120.000\u00A0µs</td>"
                "<td class=\"n\">118.500\u00A0µs</td><td class=\"n\">+20.00%</td>"
                "<td class=\"n\">3</td><td>slower than AOE said</td></tr>"),
      std::string::npos);
  EXPECT_NE(page.find("<tr data-verdict=\"not-in-profile\"><td>MatMul</td><td></td>"
                      "<td class=\"n\">50.000\u00A0µs</td><td class=\"n\">—</td>"
                      "<td class=\"n\">—</td><td class=\"n\">—</td><td class=\"n\">—</td>"
                      "<td>not in the profile</td></tr>"),
            std::string::npos);
  EXPECT_NE(page.find("1 tuned operator not found in the profile by name"), std::string::npos);
  // Its table (labelled lines on a phone, report_page.css).
  EXPECT_NE(page.find("<div class=\"wide\"><table class=\"profile-check\">"), std::string::npos);
}

TEST(ReportPage, NoProfileNoProfileSection) {
  const std::vector<ResultFile> files{read_data(k8x)};
  const std::string page = page_of(view_of(files));
  // (The stylesheet names the section's table; the page has neither.)
  EXPECT_EQ(page.find("id=\"profile-check\""), std::string::npos);
  EXPECT_EQ(page.find("<table class=\"profile-check\">"), std::string::npos);
}

}  // namespace
}  // namespace aoe::test
