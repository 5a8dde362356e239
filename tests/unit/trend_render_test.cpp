// SPDX-License-Identifier: Apache-2.0
// `trend`'s renderers (trend_render.cpp): views made from runs made by
// hand, checked as text (widths 60 and 200), CSV and sparklines.
#include "commands/trend/trend_render.hpp"

#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aoe_result/reader.hpp"

#include "render_util.hpp"
#include "text/fit_table.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

using test::run;
using test::widest;

std::vector<ResultFile> runs() {
  std::vector<ResultFile> v;
  v.push_back(run(60, 20, "aoe_result_opat_20250101_000000000_pid1.json"));
  v.push_back(run(62, 20, "aoe_result_opat_20250102_000000000_pid1.json"));
  v.push_back(run(70, 20, "aoe_result_opat_20250103_000000000_pid1.json"));
  return v;
}

TEST(TrendRender, TextFitsSixtyAndTwoHundredColumns) {
  const auto files = runs();
  const TrendView v = make_trend_view(files, {}, TrendQuery{});
  for (const std::size_t width : {60U, 100U, 200U}) {
    RenderOptions o;
    o.width = width;
    const std::string text = trend_text(v, o);
    EXPECT_LE(widest(text), width) << text;
    EXPECT_NE(text.find("20250103_000000000"), std::string::npos) << text;
    EXPECT_NE(text.find("+12.90%"), std::string::npos) << text;  // 62 -> 70 µs
  }
  RenderOptions wide;
  wide.width = 200;
  const std::string text = trend_text(v, wide);
  EXPECT_NE(text.find("▁▂█"), std::string::npos) << text;  // 60, 62, 70
  EXPECT_NE(text.find("▄▄▄"), std::string::npos) << text;  // equal times: the middle level
  EXPECT_NE(text.find("regressed"), std::string::npos) << text;
}

TEST(TrendRender, CsvIsLongFormWithGapsEmpty) {
  auto files = runs();
  files.push_back(read_result_text("", "empty.json"));
  TrendQuery q;
  q.top = 1;
  const TrendView v = make_trend_view(files, {"a"}, q);
  const std::string csv = trend_outputs().pick(Format::csv)(v, RenderOptions{Style(false)});
  EXPECT_EQ(csv,
            std::string(kTrendCsvHeader) + "\n" +
                "1,a,aoe_result_opat_20250101_000000000_pid1.json,conv_with_a_rather_long_name_0,"
                "Conv2D,,100,60,66.6667,false,false,false,true\n"
                "2,20250102_000000000,aoe_result_opat_20250102_000000000_pid1.json,"
                "conv_with_a_rather_long_name_0,Conv2D,,100,62,61.2903,false,false,false,true\n"
                "3,20250103_000000000,aoe_result_opat_20250103_000000000_pid1.json,"
                "conv_with_a_rather_long_name_0,Conv2D,,100,70,42.8571,false,false,false,true\n"
                "4,empty.json,empty.json,conv_with_a_rather_long_name_0,Conv2D,,,,,false,false,"
                "false,false\n");
}

// The repository's counters go before the run's label is shortened, and
// the label before the saved time.
TEST(TrendRender, SpareColumnsGoBeforeNamesShrink) {
  const TrendView v = make_trend_view(runs(), {}, TrendQuery{});
  RenderOptions o;
  o.width = 60;
  const std::string text = trend_text(v, o);
  EXPECT_NE(text.find("saved µs"), std::string::npos) << text;
  // Left out, and said under the table.
  EXPECT_EQ(text.find("  hit  "), std::string::npos) << text;
  EXPECT_NE(text.find("reports, operators, geomean, added, hit, unsat. hidden at 60\ncolumns; "
                      "--wide shows all\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("conv_with_a"), std::string::npos) << text;
}

// With room for the names whole, the previous run is shown beside the last
// (the type, first→last and best go before it).
TEST(TrendRender, PreviousRunStaysWhileNamesAreWhole) {
  const TrendView v = make_trend_view(runs(), {}, TrendQuery{});
  RenderOptions o;
  o.width = 80;
  const std::string text = trend_text(v, o);
  const std::string ops = text.substr(text.find("Operators"));
  EXPECT_NE(ops.find("#2      #3"), std::string::npos) << ops;
  EXPECT_NE(ops.find("conv_with_a_rather_long_name_0  62.000  70.000"), std::string::npos) << ops;
  EXPECT_EQ(ops.find("  first→last"), std::string::npos) << ops;
  EXPECT_NE(ops.find("type, #1, first→last, best hidden at 80 columns; --wide shows all\n"),
            std::string::npos)
      << ops;
  EXPECT_LE(widest(text), 80U) << text;
}

// A run where matmul_1 failed (listed, no time) and one without it: the
// sparkline says ✗ and ·, and a sparkline cut to its last runs stays whole
// characters ('·' is 2 bytes in UTF-8, the blocks and '✗' 3).
TEST(TrendRender, SparklineMarksFailedAndMissingRuns) {
  const auto failed_run = [](const std::string& path) {
    return read_result_text(
        R"J([{"OPAT": {"opat_tuning_result": "tuning failed", "repo_modified_operators": [
        {"op_name": "conv_with_a_rather_long_name_0", "op_type": "Conv2D", "tune_performance":
          {"Schedule": {"performance_before_tune(us)": 100, "performance_after_tune(us)": 60,
          "update_mode": "add"}}}], "tuning_failed_operators": ["matmul_1"]}}])J",
        path);
  };
  std::vector<ResultFile> files;
  for (int day = 1; day <= 20; ++day) {
    const std::string path = fmt::format("aoe_result_opat_202501{:02}_000000000_pid1.json", day);
    if (day == 19)
      files.push_back(failed_run(path));
    else if (day == 20)
      files.push_back(run(60, 20, path));
    else
      files.push_back(run(60, day % 2 == 0 ? 20 : 30, path));
  }
  files[17].reports.front().operators.pop_back();  // day 18: matmul_1 not in the run
  const TrendView v = make_trend_view(files, {}, TrendQuery{});
  RenderOptions o;
  // A sparkline budget of 15 of the 20 runs; 60 columns would leave the
  // sparkline out for the flags, which are values ("failed 1, …").
  o.width = 62;
  const std::string text = trend_text(v, o);
  const std::size_t at = text.find("matmul_1");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string row = text.substr(at, text.find('\n', at) - at);
  // Days 7 to 20: 30, 20, … µs, then day 18 missing, day 19 failed, day 20.
  EXPECT_NE(row.find("…█▁█▁█▁█▁█▁█·✗▁"), std::string::npos) << text;
  EXPECT_NE(text.find("✗ failed, · no time in that run"), std::string::npos) << text;
}

// A run of `n` operators op_0..op_{n-1}, op_i's after-tune time `after(i)`.
template <class After>
ResultFile many_operators(std::size_t n, After after, const std::string& path) {
  std::string json = R"J([{"OPAT": {"opat_tuning_result": "tuning successful",
    "repo_modified_operators": [)J";
  for (std::size_t i = 0; i < n; ++i) {
    json += fmt::format(
        R"J({}{{"op_name": "op_{}", "op_type": "Add", "tune_performance": {{"Impl": {{
        "performance_before_tune(us)": 200, "performance_after_tune(us)": {}}}}}}})J",
        i == 0 ? "" : ",", i, after(i));
  }
  return read_result_text(json + "]}}]", path);
}

// Every streamed format keeps the view's order when its rows are made on
// several cores (more rows than one block of JsonWriter::elements and of
// write_rows_in_order): op_i slows down by i × 0.01 µs, so the order is
// op_8999 first, op_0 last.
TEST(TrendRender, StreamedFormatsKeepTheOrderOfManySeries) {
  constexpr std::size_t kOps = 9000;
  std::vector<ResultFile> files;
  files.push_back(many_operators(
      kOps, [](std::size_t) { return 100.0; }, "a.json"));
  files.push_back(many_operators(
      kOps, [](std::size_t i) { return 100.0 + static_cast<double>(i) * 0.01; }, "b.json"));
  const TrendView v = make_trend_view(files, {}, TrendQuery{});
  ASSERT_EQ(v.trend.series.size(), kOps);
  const auto expected_name = [](std::size_t row) { return fmt::format("op_{}", kOps - 1 - row); };
  RenderOptions o{Style(false)};

  const auto doc = nlohmann::json::parse(trend_outputs().pick(Format::json)(v, o));
  ASSERT_EQ(doc["operators"].size(), kOps);
  for (std::size_t i = 0; i < kOps; ++i) {
    ASSERT_EQ(doc["operators"][i]["op_name"], expected_name(i)) << i;
  }
  EXPECT_EQ(doc["operators"][0]["series"][1]["after_us"], 189.99);

  std::istringstream csv(trend_outputs().pick(Format::csv)(v, o));
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line, kTrendCsvHeader);
  for (std::size_t i = 0; i < kOps; ++i) {
    for (const char* run : {"1,", "2,"}) {
      ASSERT_TRUE(std::getline(csv, line));
      ASSERT_EQ(line.rfind(run, 0), 0U) << line;
      ASSERT_NE(line.find(fmt::format(",{},", expected_name(i))), std::string::npos) << line;
    }
  }
  EXPECT_FALSE(std::getline(csv, line));

  std::istringstream jsonl(trend_outputs().pick(Format::jsonl)(v, o));
  for (std::size_t i = 0; i < 2 * kOps; ++i) {
    ASSERT_TRUE(std::getline(jsonl, line));
    ASSERT_EQ(nlohmann::json::parse(line)["op_name"], expected_name(i / 2)) << i;
  }

  o.width = 200;
  std::istringstream text(trend_outputs().pick(Format::text)(v, o));
  std::size_t row = 0;
  while (std::getline(text, line) && row < kOps) {
    if (line.rfind("op_", 0) != 0) continue;
    ASSERT_EQ(line.substr(0, line.find(' ')), expected_name(row)) << line;
    ++row;
  }
  EXPECT_EQ(row, kOps);
}

}  // namespace
}  // namespace aoe::cli
