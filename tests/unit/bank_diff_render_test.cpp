// SPDX-License-Identifier: Apache-2.0
// `bank diff`'s renderers (bank_diff_render.cpp) on the diff of the
// fixtures of tests/data/bank/diff and a view made by hand.
#include "commands/bank/bank_diff_render.hpp"

#include <algorithm>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "render_util.hpp"

namespace aoe::cli {
namespace {

using test::plain;

const std::string kDiff = std::string(AOE_TEST_DATA_DIR) + "/bank/diff/";

std::size_t lines_of(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

TEST(BankDiffRender, TextFitsTheWidth) {
  const BankDiff diff = diff_banks(kDiff + "old", kDiff + "new");
  const BankDiffView view = make_bank_diff_view(diff);
  for (const std::size_t width : {40U, 60U, 100U}) {
    RenderOptions o = plain();
    o.width = width;
    const std::string text = bank_diff_text(view, o);
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      // The paths above the table are given as they are.
      if (line.rfind("old  ", 0) == 0 || line.rfind("new  ", 0) == 0 ||
          line.rfind("Ascend", 0) == 0)
        continue;
      EXPECT_LE(display_width(line), width) << line;
    }
    EXPECT_NE(text.find("a 1 → 5  dbL0A – → 2"), std::string::npos) << text;
  }
}

TEST(BankDiffRender, JsonCountsAndNulls) {
  const BankDiff diff = diff_banks(kDiff + "old", kDiff + "new");
  const BankDiffView view = make_bank_diff_view(diff);
  const auto j = nlohmann::json::parse(bank_diff_json(view, plain()));
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["totals"]["added"], 3);
  EXPECT_EQ(j["totals"]["removed"], 2);
  EXPECT_EQ(j["totals"]["changed"], 1);
  ASSERT_EQ(j["files"].size(), 3U);
  const auto& only_new = j["files"][1];
  EXPECT_TRUE(only_new["old_path"].is_null());
  EXPECT_TRUE(only_new["old_records"].is_null());
  EXPECT_EQ(only_new["new_records"], 2);
  EXPECT_TRUE(j["result_check"].is_null());
  EXPECT_TRUE(j["problems"].empty());
}

TEST(BankDiffRender, CsvHasARowPerRecordChange) {
  const BankDiff diff = diff_banks(kDiff + "old", kDiff + "new");
  const std::string csv = bank_diff_csv(make_bank_diff_view(diff), plain());
  EXPECT_EQ(lines_of(csv), 1U + 3U + 2U + 1U);
}

TEST(BankDiffRender, ResultCheckIsLabelledLoose) {
  const BankDiff diff = diff_banks(kDiff + "old", kDiff + "new");
  BankDiffView view = make_bank_diff_view(diff);
  BankResultCheck c;
  c.files = 2;
  c.readable_files = 1;
  c.reports = 3;
  c.reports_with_summary = 2;
  c.add_num = 7;
  view.result_check = c;
  RenderOptions o = plain();
  o.width = 1000;
  const std::string text = bank_diff_text(view, o);
  EXPECT_NE(text.find("result files: repo_add_num 7, repo_update_num not read (summed over 2 "
                      "reports with a repo_summary, of 3 reports in 1 file) beside 3 records added "
                      "and 1 changed here: a loose cross-check"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("(1 not read)"), std::string::npos);
  const auto j = nlohmann::json::parse(bank_diff_json(view, plain()));
  EXPECT_EQ(j["result_check"]["repo_add_num"], 7);
  EXPECT_TRUE(j["result_check"]["repo_update_num"].is_null());
}

TEST(BankDiffRender, ResultCheckSumsTheReports) {
  ResultFile a;
  a.readable = true;
  Report r1;
  r1.repo_summary = RepoSummary{};
  r1.repo_summary->add_num = 4;
  r1.repo_summary->update_num = 1;
  Report r2;  // no repo_summary
  Report r3;
  r3.repo_summary = RepoSummary{};
  r3.repo_summary->add_num = 2;
  a.reports = {r1, r2, r3};
  ResultFile b;  // not read
  const BankResultCheck c = make_bank_result_check({a, b});
  EXPECT_EQ(c.files, 2U);
  EXPECT_EQ(c.readable_files, 1U);
  EXPECT_EQ(c.reports, 3U);
  EXPECT_EQ(c.reports_with_summary, 2U);
  EXPECT_EQ(c.add_num, 6);
  EXPECT_EQ(c.update_num, 1);
}

}  // namespace
}  // namespace aoe::cli
