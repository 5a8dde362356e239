// SPDX-License-Identifier: Apache-2.0
// A table fitted to its width: shortened columns that keep their rows
// apart, a column dropped rather than made useless, the naming column kept,
// and the bar column.
#include "text/table.hpp"

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

TEST(Table, FitsWidthAndRightAlignsNumbers) {
  Table t({{"operator", Align::left, true, 6}, {"µs", Align::right, false, 0}});
  t.add_row({{"a_very_long_operator_name_indeed"}, {"1.000"}});
  t.add_row({{"b"}, {"100.000"}});
  EXPECT_EQ(t.render(20, false, Style(false)),
            "operator          µs\n"
            "a_ver…ndeed    1.000\n"
            "b            100.000\n");
  EXPECT_EQ(t.render(20, true, Style(false)),
            "operator                               µs\n"
            "a_very_long_operator_name_indeed    1.000\n"
            "b                                 100.000\n");
}

TEST(Table, AlwaysFitsItsWidthEvenWithWideCharacters) {
  // Non-shrinkable numbers wider than the width, and CJK names: no line is
  // wider than the width given.
  Table t({{"operator", Align::left, true, 6},
           {"type", Align::left, true, 6},
           {"before µs", Align::right, false, 0},
           {"after µs", Align::right, false, 0},
           {"saved µs", Align::right, false, 0},
           {"improvement", Align::right, false, 0}});
  for (int i = 0; i < 5; ++i) {
    t.add_row({{"卷积层_第" + std::to_string(i) + "号_算子_很长的名字"},
               {"Conv2D+Relu+BNTrainingUpdate"},
               {"123456.789"},
               {"23456.789"},
               {"100000.000"},
               {"426.32%"}});
  }
  for (const std::size_t width : {100U, 60U, 40U, 20U}) {
    const std::string out = t.render(width, false, Style(false), 2);
    std::size_t begin = 0;
    while (begin < out.size()) {
      const std::size_t nl = out.find('\n', begin);
      const std::string line = out.substr(begin, nl - begin);
      EXPECT_LE(display_width(line), width) << width << ": " << line;
      begin = nl + 1;
    }
  }
}

TEST(Table, DropsAColumnRatherThanMakeItsCellsAlike) {
  Table t({{"file", Align::left, true, 6}, {"operator", Align::left, true, 6}});
  t.add_row({{"aaaaaaaaaaaa_1"}, {"Conv_1"}});
  t.add_row({{"aaaaaaaaaaaa_2"}, {"Conv_2"}});
  // 4 columns cannot hold both and keep 1 and 2 apart: the last column
  // goes, and the first, alone, keeps what differs; a note names the
  // column left out.
  const std::string narrow = t.render(4, false, Style(false));
  EXPECT_EQ(narrow.rfind("file\naa…1\naa…2\noper\nator\nhidd\nen\nat 4\n", 0), 0U) << narrow;
  std::vector<std::size_t> dropped;
  EXPECT_EQ(t.render(4, false, Style(false), 0, &dropped), "file\naa…1\naa…2\n");
  EXPECT_EQ(dropped, std::vector<std::size_t>{1});
  // 8 columns hold both, each still telling its rows apart.
  EXPECT_EQ(t.render(8, false, Style(false)), "f…e  o…r\na…1  C…1\na…2  C…2\n");
}

// Names that differ only in their middle, beside a short one: no shortening
// within the width keeps them apart. The name column is not dropped (a
// table of numbers without names says nothing): it takes the least width
// that tells its rows apart, and the columns after it make room.
TEST(Table, TheNamingColumnWidensRatherThanGo) {
  Table t({{"operator", Align::left, true, 12},
           {"type", Align::left, true, 8},
           {"before µs", Align::right, false, 0},
           {"after µs", Align::right, false, 0},
           {"saved µs", Align::right, false, 0},
           {"improv.", Align::right, false, 0}});
  const std::string stem = "model/encoder/layer_11/attention/self/query/MatMul_";
  const std::string tail = "_fused_with_bias_add_and_gelu";
  for (int i = 0; i < 3; ++i) {
    t.add_row({{stem + std::to_string(i) + tail},
               {"MatMul"},
               {"10.000"},
               {"8.000"},
               {"2.000"},
               {"20.00%"}});
  }
  t.add_row({{"Add_1"}, {"Add"}, {"5.000"}, {"4.000"}, {"1.000"}, {"20.00%"}});
  for (const std::size_t width : {100U, 60U}) {
    const std::string out = t.render(width, false, Style(false));
    std::vector<std::string> lines;
    for (std::size_t begin = 0; begin < out.size();) {
      const std::size_t nl = out.find('\n', begin);
      lines.push_back(out.substr(begin, nl - begin));
      begin = nl + 1;
    }
    // At 60 the type and the last numbers go, named in a note (two lines).
    const std::size_t note_lines = width == 60U ? 2U : 0U;
    ASSERT_EQ(lines.size(), 5U + note_lines) << out;
    if (note_lines > 0) {
      EXPECT_NE(out.find("type, saved µs, improv. hidden at 60 columns"), std::string::npos) << out;
      lines.resize(5);
    }
    EXPECT_EQ(lines[0].rfind("operator", 0), 0U) << out;  // the names are there
    std::set<std::string> names;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      EXPECT_LE(display_width(lines[i]), width) << out;
      names.insert(lines[i].substr(0, lines[i].find("  ")));
    }
    EXPECT_EQ(names.size(), 4U) << out;  // and told apart
    EXPECT_NE(out.find("Add_1"), std::string::npos) << out;
  }
}

TEST(Table, ShortenedNamesKeepWhatDiffers) {
  Table t({{"file", Align::left, true, 6}, {"µs", Align::right, false, 0}});
  t.add_row({{"aoe_result_opat_20250428_203017761_pid18230.json"}, {"1.000"}});
  t.add_row({{"aoe_result_opat_20250429_101500000_pid18231.json"}, {"2.000"}});
  EXPECT_EQ(t.render(30, false, Style(false)),
            "file                        µs\n"
            "…03017761_pid18230.json  1.000\n"
            "…01500000_pid18231.json  2.000\n");
}

// The bar column takes the room the columns leave, up to its most and
// never under 4 columns; a table written wide draws it at its most.
TEST(Table, BarTakesTheRoomLeft) {
  Table t({{"operator", Align::left, true, 6}, {"µs", Align::right, false, 0}});
  t.add_row({{"Conv_1"}, {"10.000"}}, 1.0);
  t.add_row({{"Conv_2"}, {"5.000"}}, 0.5);
  t.enable_bar(16);
  EXPECT_EQ(t.render(100, false, Style(false)),
            "operator      µs\n"
            "Conv_1    10.000  ████████████████\n"
            "Conv_2     5.000  ████████\n");
  // 16 columns of table and a gap of 2 leave 8 of 26.
  EXPECT_EQ(t.render(26, false, Style(false)),
            "operator      µs\n"
            "Conv_1    10.000  ████████\n"
            "Conv_2     5.000  ████\n");
  // Less than 4 left: no bar.
  EXPECT_EQ(t.render(20, false, Style(false)),
            "operator      µs\n"
            "Conv_1    10.000\n"
            "Conv_2     5.000\n");
  EXPECT_EQ(t.render(20, true, Style(false)),
            "operator      µs\n"
            "Conv_1    10.000  ████████████████\n"
            "Conv_2     5.000  ████████\n");
}

TEST(Bar, EighthsAndFull) {
  EXPECT_EQ(draw_bar(1.0, 4), "████");
  EXPECT_EQ(draw_bar(0.5, 4), "██");
  EXPECT_EQ(draw_bar(0.0, 4), "");
  EXPECT_EQ(draw_bar(0.001, 4), "▏");
}

}  // namespace
}  // namespace aoe::cli
