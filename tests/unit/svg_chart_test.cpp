// SPDX-License-Identifier: Apache-2.0
#include "text/svg_chart.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace aoe::cli::svg {
namespace {

std::size_t occurrences(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
  return n;
}

TEST(NiceScale, TicksAtNiceValuesCoveringTheData) {
  const Scale s = nice_scale(0, 87);
  EXPECT_EQ(s.lo, 0);
  EXPECT_EQ(s.step, 20);
  EXPECT_EQ(s.hi, 100);
  ASSERT_EQ(s.ticks.size(), 6U);
  EXPECT_EQ(s.ticks.back(), 100);

  const Scale small = nice_scale(0, 0.37);
  EXPECT_DOUBLE_EQ(small.step, 0.1);
  EXPECT_DOUBLE_EQ(small.hi, 0.4);

  const Scale quarter = nice_scale(0, 12, 5);
  EXPECT_DOUBLE_EQ(quarter.step, 2.5);
  EXPECT_DOUBLE_EQ(quarter.hi, 12.5);
}

TEST(NiceScale, NegativeRangesIncludeZeroTick) {
  const Scale s = nice_scale(-35, 120);
  EXPECT_LE(s.lo, -35);
  EXPECT_GE(s.hi, 120);
  bool zero = false;
  for (const double t : s.ticks) zero = zero || t == 0;
  EXPECT_TRUE(zero);
  EXPECT_EQ(tick_label(s.ticks.front(), s.step), "-50");
}

TEST(NiceScale, EmptyAndOnePointRanges) {
  const Scale zero = nice_scale(0, 0);
  EXPECT_EQ(zero.lo, 0);
  EXPECT_EQ(zero.hi, 1);
  const Scale seven = nice_scale(7, 7);
  EXPECT_EQ(seven.lo, 0);
  EXPECT_GE(seven.hi, 7);
  const Scale nan = nice_scale(std::nan(""), std::numeric_limits<double>::infinity());
  EXPECT_EQ(nan.lo, 0);
  EXPECT_EQ(nan.hi, 1);
}

TEST(NiceScale, CountsUseWholeSteps) {
  const Scale s = nice_scale(0, 3, 6, Integers::yes);
  EXPECT_EQ(s.step, 1);
  EXPECT_EQ(s.hi, 3);
  for (const double t : s.ticks) EXPECT_EQ(t, std::floor(t));
}

TEST(TickLabel, DecimalsFollowTheStep) {
  EXPECT_EQ(tick_label(0, 20), "0");
  EXPECT_EQ(tick_label(7.5, 2.5), "7.5");
  EXPECT_EQ(tick_label(0.15, 0.05), "0.15");
  EXPECT_EQ(tick_label(-0.0000000001, 0.5), "0.0");
}

TEST(TimeUnit, KeepsNumbersShort) {
  EXPECT_EQ(time_unit_for(500).name, "µs");
  EXPECT_EQ(time_unit_for(25'000).name, "ms");
  EXPECT_EQ(time_unit_for(3e7).name, "s");
}

TEST(ImprovementBins, ShowGainsAboveOneHundredPercent) {
  // AOE's formula: 124 → 14 µs is 785.71 %; 134 → 99 is 35.35 %.
  const std::vector<Bin> bins =
      improvement_bins({-3.0, 0.0, 0.01, 35.35, 99.99, 100.0, 150.0, 785.71, 1e6, std::nan("")});
  ASSERT_EQ(bins.size(), 10U);
  EXPECT_EQ(bins[0].label, "< 0");
  EXPECT_EQ(bins[0].count, 1U);  // -3
  EXPECT_EQ(bins[1].count, 2U);  // 0 and 0.01
  EXPECT_EQ(bins[5].count, 1U);  // 35.35 in 25–50
  EXPECT_EQ(bins[6].count, 1U);  // 99.99 in 50–100
  EXPECT_EQ(bins[7].label, "100–200");
  EXPECT_EQ(bins[7].count, 2U);  // 100 and 150
  EXPECT_EQ(bins[9].label, "≥ 500");
  EXPECT_EQ(bins[9].count, 2U);  // 785.71 and 1e6; NaN left out
  std::size_t total = 0;
  for (const Bin& b : bins) total += b.count;
  EXPECT_EQ(total, 9U);
}

TEST(ImprovementBins, EmptyInputGivesEmptyBins) {
  const std::vector<Bin> bins = improvement_bins({});
  ASSERT_EQ(bins.size(), 10U);
  for (const Bin& b : bins) EXPECT_EQ(b.count, 0U);
  const std::string svg = histogram({"Improvement", "improvement (%)", "operators", bins});
  EXPECT_NE(svg.find("no operator with both times"), std::string::npos);
  EXPECT_NE(svg.find("role=\"img\""), std::string::npos);
}

TEST(BarChart, LabelsFromFilesAreEscaped) {
  BarChart chart{"Top operators by time saved",
                 "time saved (µs)",
                 {{"<img src=x onerror=alert(1)>", 12.5, "12.5 µs"},
                  {"\"><script>alert(1)</script>", -3, "-3 µs"}}};
  const std::string svg = bar_chart(chart);
  EXPECT_EQ(svg.find("<img"), std::string::npos);
  EXPECT_EQ(svg.find("<script"), std::string::npos);
  EXPECT_NE(svg.find("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(svg.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
  // One rect per bar; the negative one in vermillion.
  EXPECT_EQ(occurrences(svg, "<rect"), 2U);
  EXPECT_NE(svg.find(std::string(kVermillion)), std::string::npos);
  // Text alternative names the bars.
  EXPECT_NE(svg.find("aria-label=\"Top operators by time saved: &lt;img"), std::string::npos);
  EXPECT_NE(svg.find("<title>"), std::string::npos);
  EXPECT_NE(svg.find("time saved (µs)"), std::string::npos);
}

TEST(BarChart, ControlCharactersInLabelsShownEscaped) {
  const std::string svg = bar_chart({"t", "x", {{"a\x1b[2Jb", 1, "1"}}});
  EXPECT_EQ(svg.find('\x1b'), std::string::npos);
  EXPECT_NE(svg.find("a\\x1b[2Jb"), std::string::npos);
}

TEST(BarChart, NoBarsSaysSo) {
  BarChart chart{"Saved by type", "time saved (µs)", {}};
  chart.empty_text = "no operator with both times";
  const std::string svg = bar_chart(chart);
  EXPECT_NE(svg.find("no operator with both times"), std::string::npos);
  EXPECT_EQ(svg.find("<rect"), std::string::npos);
}

TEST(Histogram, ColumnsAndThe100PercentMark) {
  const std::string svg = histogram(
      {"Improvement", "improvement (%)", "operators", improvement_bins({5, 50, 150, 150, 900})});
  EXPECT_EQ(occurrences(svg, "<rect"), 4U);  // four bins not empty
  EXPECT_NE(svg.find("&gt; 2× faster"), std::string::npos);
  EXPECT_NE(svg.find(std::string(kGreen)), std::string::npos);  // bins ≥ 100 %
  EXPECT_NE(svg.find("100–200 %: 2 operators"), std::string::npos);
}

TEST(StackedBar, CountsAndNotWritten) {
  const std::string svg = stacked_bar("Repository", {{"added", 3, kGreen},
                                                     {"updated", 1, kBlue},
                                                     {"reserved", std::nullopt, kSkyBlue},
                                                     {"unsatisfied", 0, kOrange}});
  EXPECT_NE(svg.find("added 3"), std::string::npos);
  EXPECT_NE(svg.find("reserved not written"), std::string::npos);
  EXPECT_NE(svg.find("aria-label=\"Repository: added 3; updated 1; reserved not written; "
                     "unsatisfied 0\""),
            std::string::npos);
  // Outline + two coloured parts + four legend swatches.
  EXPECT_EQ(occurrences(svg, "<rect"), 7U);
}

TEST(StackedBar, ZeroTotalIsAnEmptyOutline) {
  const std::string svg = stacked_bar("Repository", {{"added", 0, kGreen}});
  EXPECT_NE(svg.find("no tiling policy counted"), std::string::npos);
}

}  // namespace
}  // namespace aoe::cli::svg
