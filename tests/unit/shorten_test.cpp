// SPDX-License-Identifier: Apache-2.0
#include "text/shorten.hpp"

#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

std::vector<std::string> result_names(int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) {
    out.push_back(
        fmt::format("results/aoe_result_opat_20250428_2030{:05d}_pid{}.json", i * 7, 18230 + i));
  }
  return out;
}

TEST(ShortenColumn, FileNamesKeepTheirTimestampAndPid) {
  const auto names = result_names(200);
  const auto out = shorten_column(names, 30);
  ASSERT_TRUE(out);
  const std::set<std::string> distinct(out->begin(), out->end());
  EXPECT_EQ(distinct.size(), 200U);
  for (const auto& s : *out) EXPECT_LE(display_width(s), 30U) << s;
  EXPECT_EQ((*out)[3], "results/aoe_res…_pid18233.json");
  for (const auto& s : *out) EXPECT_EQ(s.find("…"), s.rfind("…")) << "one ellipsis: " << s;
}

TEST(ShortenColumn, ReportIdsKeepTheirTail) {
  const std::vector<std::string> ids{"report_20250428_203017761_281473",
                                     "report_20250428_203017761_281474"};
  const auto out = shorten_column(ids, 12);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "report…81473");
  EXPECT_EQ((*out)[1], "report…81474");
}

TEST(ShortenColumn, SharedEndIsCutWhenTheStartDiffers) {
  const std::vector<std::string> cells{"alpha_common_tail_that_is_long",
                                       "beta_common_tail_that_is_long"};
  const auto out = shorten_column(cells, 10);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "alpha…long");
  EXPECT_EQ((*out)[1], "beta_…long");
}

TEST(ShortenColumn, OneEllipsisEvenWhenBothEndsAreShared) {
  const std::vector<std::string> cells{"prefix_prefix_A1_suffix_suffix",
                                       "prefix_prefix_B2_suffix_suffix"};
  const auto out = shorten_column(cells, 20);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "pref…1_suffix_suffix");
  EXPECT_EQ((*out)[1], "pref…2_suffix_suffix");
  // Too narrow to keep the difference with one "…": never two, the caller
  // widens or drops the column.
  EXPECT_FALSE(shorten_column(cells, 8));
}

TEST(ShortenColumn, ResultFileNamesAreCutOnceInTheMiddle) {
  const std::vector<std::string> names{"aoe_result_opat_20230315_094502113_pid20431.json",
                                       "aoe_result_opat_20240607_160233905_pid3312.json",
                                       "aoe_result_opat_20250428_203017761_pid18230.json"};
  const auto out = shorten_column(names, 30);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "aoe_result_opat…_pid20431.json");
  for (const auto& s : *out) {
    EXPECT_LE(display_width(s), 30U) << s;
    EXPECT_EQ(s.find("…"), s.rfind("…")) << s;
  }
}

TEST(ShortenColumn, CellsThatFitAreKept) {
  const std::vector<std::string> cells{"short", "a_rather_long_name_here"};
  const auto out = shorten_column(cells, 10);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "short");
  EXPECT_LE(display_width((*out)[1]), 10U);
}

TEST(ShortenColumn, NoWayToKeepRowsApartMeansDropTheColumn) {
  // One column of width 1 cannot tell two long names apart.
  EXPECT_FALSE(shorten_column({"aaaaaa_1", "aaaaaa_2"}, 1));
  // Equal cells may stay equal.
  const auto same = shorten_column({"same_long_name", "same_long_name"}, 6);
  ASSERT_TRUE(same);
  EXPECT_EQ((*same)[0], (*same)[1]);
}

TEST(ShortenColumn, WideCharactersCountTwoColumns) {
  const std::vector<std::string> cells{"卷积层_一号_算子", "卷积层_二号_算子"};
  // 9 columns: one "…" cannot keep 一 and 二 (columns 8 and 9) in sight.
  EXPECT_FALSE(shorten_column(cells, 9));
  const auto out = shorten_column(cells, 11);
  ASSERT_TRUE(out);
  for (const auto& s : *out) EXPECT_LE(display_width(s), 11U) << s;
  EXPECT_NE((*out)[0], (*out)[1]);
}

TEST(ShortenKeepingEnd, KeepsTheEnd) {
  EXPECT_EQ(shorten_keeping_end("soc versions: Ascend910B1", 12), "…Ascend910B1");
  EXPECT_EQ(shorten_keeping_end("fits", 12), "fits");
}

}  // namespace
}  // namespace aoe::cli
