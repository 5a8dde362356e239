// SPDX-License-Identifier: Apache-2.0
#include "text/svg_chart.hpp"

#include <cmath>
#include <limits>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
  EXPECT_EQ(tick_label(2000000000, 1e9), "2,000,000,000");  // grouped, as the page's times
  EXPECT_EQ(tick_label(-1500, 500), "-1,500");
  EXPECT_EQ(tick_label(-0.0000000001, 0.5), "0.0");
}

TEST(Contrast, RatiosOfWcag) {
  EXPECT_NEAR(contrast_ratio("#000000", "#ffffff"), 21.0, 1e-9);
  EXPECT_NEAR(contrast_ratio("#FFFFFF", "#ffffff"), 1.0, 1e-9);
  // White on the Okabe–Ito sky blue is 2.3:1, below AA: black is drawn there.
  EXPECT_LT(contrast_ratio("#ffffff", kSkyBlue), 2.4);
  EXPECT_EQ(text_colour_on(kSkyBlue), "#000000");
  EXPECT_EQ(text_colour_on(kOrange), "#000000");
  EXPECT_EQ(text_colour_on(kGreen), "#000000");
  EXPECT_EQ(text_colour_on(kBlue), "#ffffff");
  for (const std::string_view c : {kBlue, kSkyBlue, kGreen, kOrange, kVermillion, kPurple}) {
    EXPECT_GE(contrast_ratio(text_colour_on(c), c), 4.5) << c;
  }
  EXPECT_THROW((void)contrast_ratio("blue", "#000000"), std::invalid_argument);
  EXPECT_THROW((void)contrast_ratio("#00000g", "#000000"), std::invalid_argument);
}

TEST(TextWidth, EstimatesOnTheWideSide) {
  // DejaVu Sans: digits 0.636 em, "W" 0.989 em, "i" 0.278 em.
  EXPECT_NEAR(text_width("0000", 10), 25.44, 1e-9);
  EXPECT_GT(text_width("WWW", 12), text_width("iii", 12) * 3);
  EXPECT_NEAR(text_width("a", 12, true), text_width("a", 12) * 1.1, 1e-9);
  // A wide (CJK) character an em per column; "→" 0.84 em.
  EXPECT_NEAR(text_width("卷", 10), 20.0, 1e-9);
  EXPECT_NEAR(text_width("→", 10), 8.4, 1e-9);
}

TEST(TextWidth, FitTextShortensInTheMiddle) {
  EXPECT_EQ(fit_text("Conv_101", 12, 100), "Conv_101");
  const std::string name = "resnet_model/stage_4/block_3/conv2d_45/Conv2D";
  const std::string fitted = fit_text(name, 12, 120);
  EXPECT_LE(text_width(fitted, 12), 120);
  EXPECT_NE(fitted.find("…"), std::string::npos);
  EXPECT_EQ(fitted.rfind("resn", 0), 0U);                                     // its start kept
  EXPECT_EQ(fitted.substr(fitted.size() - 4), name.substr(name.size() - 4));  // and its end
  EXPECT_EQ(fit_text(name, 12, 1), "…");
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
  const std::string svg = histogram({"Improvement", "operators", bins});
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
  // Escaped once, in the label as in its title: not "a\\x1b".
  EXPECT_NE(svg.find("class=\"label\">a\\x1b[2Jb</text>"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("\\\\"), std::string::npos) << svg;
}

TEST(BarChart, LongEscapedLabelShortenedOnce) {
  const std::string svg = bar_chart({"t",
                                     "x",
                                     {{"\x1b]0;pwned\x07title\xc2\x9b"
                                       "31m_and_a_long_tail_of_a_name",
                                       1, "1"}}});
  EXPECT_EQ(svg.find("\\\\"), std::string::npos) << svg;
  EXPECT_NE(svg.find("class=\"label\">\\x1b]0;pwn"), std::string::npos) << svg;
}

TEST(BarChart, NoBarsSaysSo) {
  BarChart chart{"Saved by type", "time saved (µs)", {}};
  chart.empty_text = "no operator with both times";
  const std::string svg = bar_chart(chart);
  EXPECT_NE(svg.find("no operator with both times"), std::string::npos);
  EXPECT_EQ(svg.find("<rect"), std::string::npos);
}

TEST(Histogram, ABarPerBinColouredBySpeedUp) {
  const std::string svg =
      histogram({"Improvement", "operators", improvement_bins({-5, 5, 50, 150, 150, 900})});
  EXPECT_EQ(occurrences(svg, "<rect"), 10U);             // every bin a row, empty ones a hairline
  EXPECT_EQ(occurrences(svg, std::string(kGreen)), 3U);  // 100–200, 200–500, ≥ 500
  EXPECT_EQ(occurrences(svg, std::string(kVermillion)), 1U);  // < 0: slower
  EXPECT_NE(svg.find("<title>100–200%: 2</title>"), std::string::npos);
  EXPECT_NE(svg.find(">≥ 500%</text>"), std::string::npos);
  EXPECT_NE(svg.find(">operators</text>"), std::string::npos);
}

// The x of every <text> with text-anchor `anchor`, and its text.
std::vector<std::pair<double, std::string>> texts(const std::string& svg, std::string_view anchor) {
  std::vector<std::pair<double, std::string>> out;
  const std::string marker = "text-anchor=\"" + std::string(anchor) + "\"";
  for (std::size_t at = svg.find("<text x=\""); at != std::string::npos;
       at = svg.find("<text x=\"", at + 1)) {
    const std::size_t end = svg.find("</text>", at);
    const std::string el = svg.substr(at, end - at);
    if (el.find(marker) == std::string::npos) continue;
    out.emplace_back(std::stod(el.substr(9)), el.substr(el.find('>') + 1));
  }
  return out;
}

TEST(BarChart, EveryTextInsideTheFigure) {
  // Long labels and values: each label ends at the label column and
  // starts inside the figure (the first character is not cut off).
  BarChart chart{"Top", "time saved (µs)", {}};
  for (int i = 0; i < 5; ++i) {
    chart.bars.push_back({"model/block_54/LayerNorm_Gelu_with_a_long_scope_" + std::to_string(i),
                          1000.0 * (i + 1), std::to_string(1000 * (i + 1)) + ".000 µs · 12 ops"});
  }
  const std::string svg = bar_chart(chart);
  for (const auto& [x, text] : texts(svg, "end")) {
    EXPECT_GE(x - text_width(text, kChartFontPx), 0) << text;
    EXPECT_LE(x, kChartWidth);
  }
  for (const auto& [x, text] : texts(svg, "start")) {
    EXPECT_LE(x + text_width(text, kChartFontPx), kChartWidth) << text;
  }
  for (const auto& [x, text] : texts(svg, "middle")) {
    EXPECT_GE(x - text_width(text, kChartFontPx) / 2, 0) << text;
    EXPECT_LE(x + text_width(text, kChartFontPx) / 2, kChartWidth) << text;
  }
  EXPECT_NE(svg.find("width=\"360\""), std::string::npos);
}

TEST(BarChart, LabelsAboveTheBarsWhenTheValuesAreLong) {
  // Values as long as "4399777.217 µs · 14419 ops" would leave the labels a
  // few characters beside the bars: they go above them, whole.
  BarChart chart{"By type", "time saved (µs)", {}};
  chart.bars.push_back({"LayerNorm+Gelu", 4399777.217, "4399777.217 µs · 14419 ops"});
  chart.bars.push_back({"BNTrainingUpdate+Relu", 4383088.387, "4383088.387 µs · 14281 ops"});
  const std::string svg = bar_chart(chart);
  EXPECT_NE(svg.find(">LayerNorm+Gelu</text>"), std::string::npos);
  EXPECT_NE(svg.find(">BNTrainingUpdate+Relu</text>"), std::string::npos);
  for (const auto& [x, text] : texts(svg, "start")) {
    EXPECT_GE(x, 0);
    EXPECT_LE(x + text_width(text, kChartFontPx), kChartWidth) << text;
  }
  // Short values: the labels stay beside the bars, right-aligned.
  const std::string beside = bar_chart({"t", "x", {{"Conv2D", 1, "1.000 µs"}}});
  EXPECT_NE(beside.find("text-anchor=\"end\" class=\"label\">Conv2D<"), std::string::npos);
}

TEST(BarChart, TheZeroLineStrikesThroughNoLabelAbove) {
  // Signed values with labels above the bars (profile's chart): the zero
  // line is drawn across each bar's band only, below its label's baseline.
  BarChart chart{"t", "% above AOE's after-tune time", {}};
  chart.bars.push_back({"softmax", -0.21, "-0.21% · as tuned"});
  chart.bars.push_back({"Conv_7_Relu_8", 28.76, "+28.76% · slower than AOE said"});
  const std::string svg = bar_chart(chart);
  ASSERT_NE(svg.find("text-anchor=\"start\" class=\"label\">softmax<"), std::string::npos);
  const std::regex zero_re(
      "<line class=\"zero\" x1=\"[-0-9.]+\" y1=\"([-0-9.]+)\" "
      "x2=\"[-0-9.]+\" y2=\"([-0-9.]+)\"/>");
  const std::regex label_re("<text x=\"[-0-9.]+\" y=\"([-0-9.]+)\"[^>]*class=\"label\">");
  std::vector<double> baselines;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), label_re);
       it != std::sregex_iterator(); ++it) {
    baselines.push_back(std::stod((*it)[1]));
  }
  ASSERT_EQ(baselines.size(), 2U);
  std::size_t segments = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), zero_re);
       it != std::sregex_iterator(); ++it, ++segments) {
    const double y1 = std::stod((*it)[1]);
    const double y2 = std::stod((*it)[2]);
    // A label's glyphs span about 12 px above its baseline and 3 below.
    for (const double b : baselines) EXPECT_TRUE(y2 < b - 12 || y1 > b + 3) << y1 << ".." << y2;
  }
  EXPECT_EQ(segments, 2U);
}

TEST(BarChart, ANarrowerPlotKeepsTheLabelsWhole) {
  // "BNTrainingUpdate+Relu" beside "680.127 µs · 19 ops": the bars give up
  // some width (never under 60 px) so that the label is not cut.
  BarChart chart{"By type", "time saved (µs)", {}};
  chart.bars.push_back({"Conv2D", 680.127, "680.127 µs · 19 ops"});
  chart.bars.push_back({"BNTrainingUpdate+Relu", 24.0, "24.000 µs · 1 op"});
  const std::string svg = bar_chart(chart);
  EXPECT_NE(svg.find("text-anchor=\"end\" class=\"label\">BNTrainingUpdate+Relu<"),
            std::string::npos);
  for (const auto& [x, text] : texts(svg, "start")) {
    EXPECT_LE(x + text_width(text, kChartFontPx), kChartWidth) << text;
  }
}

TEST(BarChart, TickLabelsDoNotTouch) {
  // Large values: fewer ticks, their labels apart.
  const std::string svg =
      bar_chart({"t", "time saved (µs)", {{"a", 1234567890.5, "1234567890.500 µs"}}});
  std::vector<std::pair<double, std::string>> ticks;
  for (const auto& t : texts(svg, "middle")) {
    if (t.second != "time saved (µs)") ticks.push_back(t);
  }
  ASSERT_GE(ticks.size(), 2U);
  for (std::size_t i = 1; i < ticks.size(); ++i) {
    const double gap = (ticks[i].first - text_width(ticks[i].second, kChartFontPx) / 2) -
                       (ticks[i - 1].first + text_width(ticks[i - 1].second, kChartFontPx) / 2);
    EXPECT_GE(gap, 4) << ticks[i - 1].second << " " << ticks[i].second;
  }
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
  // The counts inside the parts in the colour that reads on them.
  EXPECT_NE(svg.find("class=\"on-colour\" fill=\"#000000\">3</text>"), std::string::npos);
  EXPECT_NE(svg.find("class=\"on-colour\" fill=\"#ffffff\">1</text>"), std::string::npos);
}

TEST(StackedBar, LegendWrapsInsideTheFigure) {
  const std::string svg = stacked_bar("Repository", {{"added", 123456789, kGreen},
                                                     {"updated", 987654321, kBlue},
                                                     {"reserved", 123456789, kSkyBlue},
                                                     {"unsatisfied", 987654321, kOrange}});
  for (const auto& [x, text] : texts(svg, "start")) {
    EXPECT_LE(x + text_width(text, kChartFontPx), kChartWidth) << text;
  }
  // Two lines of legend: taller than one.
  const std::string one = stacked_bar("Repository", {{"added", 1, kGreen}});
  const auto height = [](const std::string& markup) {
    const std::string box = "viewBox=\"0 0 360.0 ";
    return std::stod(markup.substr(markup.find(box) + box.size()));
  };
  EXPECT_GT(height(svg), height(one));
}

TEST(StackedBar, ZeroTotalIsAnEmptyOutline) {
  const std::string svg = stacked_bar("Repository", {{"added", 0, kGreen}});
  EXPECT_NE(svg.find("no tiling policy counted"), std::string::npos);
}

}  // namespace
}  // namespace aoe::cli::svg
