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
  // The start every name shares gives way to the time and the pid.
  EXPECT_EQ((*out)[3], "result…203000021_pid18233.json");
  for (const auto& s : *out) EXPECT_EQ(s.find("…"), s.rfind("…")) << "one ellipsis: " << s;
}

TEST(ShortenColumn, ReportIdsKeepTheirTail) {
  const std::vector<std::string> ids{"report_20250428_203017761_281473",
                                     "report_20250428_203017761_281474"};
  const auto out = shorten_column(ids, 12);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "repor…281473");
  EXPECT_EQ((*out)[1], "repor…281474");
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
  EXPECT_EQ((*out)[0], "pre…A1_suffix_suffix");
  EXPECT_EQ((*out)[1], "pre…B2_suffix_suffix");
  // Too narrow to keep the difference with one "…": never two, the caller
  // widens or drops the column.
  EXPECT_FALSE(shorten_column(cells, 8));
}

TEST(ShortenColumn, ResultFileNamesGiveUpTheStartTheyShare) {
  const std::vector<std::string> names{"aoe_result_opat_20230315_094502113_pid20431.json",
                                       "aoe_result_opat_20240607_160233905_pid3312.json",
                                       "aoe_result_opat_20250428_203017761_pid18230.json"};
  // Room for all of what differs: the "…" stands for the shared start.
  auto out = shorten_column(names, 38);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "aoe_r…20230315_094502113_pid20431.json");
  EXPECT_EQ((*out)[1], "aoe_r…_20240607_160233905_pid3312.json");
  // Less room: as much of the end as fits, not `aoe_r…431.json`.
  out = shorten_column(names, 30);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "…30315_094502113_pid20431.json");
  out = shorten_column(names, 14);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "…pid20431.json");
  EXPECT_EQ((*out)[1], "…_pid3312.json");
  for (const std::size_t width : {14U, 30U, 38U}) {
    const auto cut = shorten_column(names, width);
    ASSERT_TRUE(cut);
    for (const auto& s : *cut) {
      EXPECT_LE(display_width(s), width) << s;
      EXPECT_EQ(s.find("…"), s.rfind("…")) << s;
    }
  }
}

TEST(ShortenColumn, AShortSharedStartKeepsTheMiddleCut) {
  // The middle cut keeps more than the shared `a_` before its "…".
  const std::vector<std::string> cells{"a_first_operator_name_long_x1",
                                       "a_second_operator_name_x2"};
  const auto out = shorten_column(cells, 16);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "a_first_…long_x1");
}

TEST(ShortenColumn, TimeStampsKeepTheirStart) {
  const std::vector<std::string> stamps{"20221103_101522418", "20230315_094502113",
                                        "20230315_094502999"};
  auto out = shorten_column({stamps[0], stamps[1]}, 16, true);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[0], "20221103_101522…");
  EXPECT_EQ((*out)[1], "20230315_094502…");
  // The start alone would read the same twice: the "…" moves.
  out = shorten_column(stamps, 16, true);
  ASSERT_TRUE(out);
  EXPECT_EQ((*out)[2], "20230315…4502999");
  out = shorten_column(stamps, 12, true);
  ASSERT_TRUE(out);
  for (const auto& s : *out) EXPECT_LE(display_width(s), 12U) << s;
  EXPECT_EQ(std::set<std::string>(out->begin(), out->end()).size(), 3U);
  // Without keep_start, the middle.
  EXPECT_EQ((*shorten_column({"20221103_101522418", "20230315_094502113"}, 16))[0],
            "20221103…1522418");
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
