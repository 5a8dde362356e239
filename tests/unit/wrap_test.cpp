// SPDX-License-Identifier: Apache-2.0
#include "text/wrap.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

// Every line of `text` at most `width` columns.
void expect_within(const std::string& text, std::size_t width) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(styled_width(line), width) << line;
  }
}

TEST(WrapText, BreaksAtSpaces) {
  EXPECT_EQ(wrap_note("times: after-tune µs; · not in that run", 20),
            "times: after-tune\nµs; · not in that\nrun\n");
  EXPECT_EQ(wrap_note("", 10), "");
  EXPECT_EQ(wrap_text("one two three", 9, 2, 4), "  one two\n    three\n");
}

TEST(WrapText, AWordWiderThanTheLineIsCutAcrossLines) {
  EXPECT_EQ(wrap_note("a_word_wider_than b", 5), "a_wor\nd_wid\ner_\nthan\nb\n");
  // Display columns, not bytes: µ and … take one each.
  const std::string out = wrap_note("µµµµµµµµ…… x", 4);
  EXPECT_EQ(out, "µµµµ\nµµµµ\n…… x\n");
  expect_within(wrap_text("a/very/long/path/to/aoe_result_opat_20230315_094502113_pid20431.json "
                          "was read in part",
                          40, 2, 4),
                40);
}

TEST(WrapText, APathIsCutBetweenFoldersAndANameBetweenItsParts) {
  EXPECT_EQ(wrap_text("== /tmp/results_of_resnet50/deeper/aoe_result_opat_20240607_pid3312.json",
                      30, 0, 3),
            "== /tmp/results_of_resnet50/\n"
            "   deeper/aoe_result_opat_\n"
            "   20240607_pid3312.json\n");
  // A mark in the first half of what fits is no break: cut at the width.
  EXPECT_EQ(wrap_note("a/bcdefghijkl", 6), "a/bcde\nfghijk\nl\n");
}

TEST(WrapFields, BreaksBetweenFieldsThenInOne) {
  const std::vector<std::string> fields{"successful", "1109 s", "19 operators", "0 failed"};
  EXPECT_EQ(wrap_fields(fields, 100, 2, 4), "  successful  1109 s  19 operators  0 failed\n");
  // 2 + 10 + 2 + 6 = 20 columns fit, the third field does not.
  EXPECT_EQ(wrap_fields(fields, 20, 2, 4),
            "  successful  1109 s\n    19 operators\n    0 failed\n");
  // A field wider than a line is broken at its spaces, then cut.
  EXPECT_EQ(wrap_fields({"a field wider than it", "b"}, 10, 0, 2),
            "a field\n  wider\n  than it\n  b\n");
  EXPECT_EQ(wrap_fields({"a_field_wider_than", "b"}, 10, 0, 2), "a_field_\n  wider_\n  than  b\n");
  EXPECT_EQ(wrap_fields({}, 10, 2, 4), "");
}

TEST(WrapFields, ColourTakesNoColumn) {
  const Style colour(true);
  EXPECT_EQ(styled_width(colour.red("1 failed")), 8U);
  EXPECT_EQ(styled_width("4.060 → 3.060 µs"), 16U);
  const std::string out = wrap_fields({colour.bold("total"), "7 reports"}, 16, 0, 2);
  EXPECT_EQ(out, colour.bold("total") + "  7 reports\n");  // 16 columns: one line
}

TEST(WrapPhrases, BreaksAfterCommasThenAtSpaces) {
  EXPECT_EQ(wrap_phrases("2 reports, 1 failed; 3 operators", 30, 15, 15),
            "2 reports,\n               1 failed;\n               3 operators");
  // A phrase wider than a line: its words fill the lines.
  const std::string long_phrase = wrap_phrases("one two three four five six", 20, 15, 15);
  EXPECT_EQ(long_phrase,
            "one\n               two\n               three\n               "
            "four\n               five\n               six");
}

}  // namespace
}  // namespace aoe::cli
