// SPDX-License-Identifier: Apache-2.0
// Markdown (text/markdown.cpp): escaping, and tables kept under a size
// limit that say how many rows were left out.
#include "text/markdown.hpp"

#include <cstddef>
#include <string>

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

TEST(Markdown, EscapeKeepsTextReadable) {
  EXPECT_EQ(md_escape("Conv_1|x"), "Conv\\_1\\|x");
  EXPECT_EQ(md_escape("a\\b"), "a\\\\b");
  EXPECT_EQ(md_escape("<script>"), "\\<script\\>");
  // An entity would render as its character: "&amp;" stays as written.
  EXPECT_EQ(md_escape("<b>&amp;</b>"), "\\<b\\>\\&amp;\\</b\\>");
  EXPECT_EQ(md_escape("bell\a"), "bell\\\\x07");  // renders "bell\x07"
}

// Markdown renders "\\" as one backslash: escape_text's escapes are
// written with it, so that a name holding U+200D and one holding the text
// "\u200d" render apart ("a\u200db" and "a\\u200db"), as on a terminal.
TEST(Markdown, EscapesRenderApartFromTheTextThatSpellsThem) {
  EXPECT_EQ(md_escape("a\u200db"), "a\\\\u200db");       // renders a\u200db
  EXPECT_EQ(md_escape("a\\u200db"), "a\\\\\\\\u200db");  // renders a\\u200db
  EXPECT_NE(md_escape("a\u200db"), md_escape("a\\u200db"));
  EXPECT_EQ(md_escape("esc\x1b[2J"), "esc\\\\x1b\\[2J");  // renders esc\x1b[2J
}

TEST(Markdown, TableLeavesOutRowsBeyondLimit) {
  MarkdownTable t({"a", "n"}, {Align::left, Align::right});
  for (int i = 0; i < 100; ++i) t.add_row({"row", std::to_string(i)});
  const std::string s = t.render(400);
  EXPECT_LE(s.size(), 400U);
  EXPECT_EQ(s.substr(0, 37), "| a | n |\n| --- | ---: |\n| row | 0 |\n");
  EXPECT_NE(s.find("of 100 rows left out"), std::string::npos);
  EXPECT_EQ(t.render(100000).find("left out"), std::string::npos);
}

TEST(Markdown, TableKeptWithinItsLimitRendersTheSameAndCountsEveryRow) {
  for (const std::size_t limit : {std::size_t{100}, std::size_t{200}, std::size_t{400},
                                  std::size_t{1000}, std::size_t{100000}}) {
    MarkdownTable all({"a", "n"}, {Align::left, Align::right});
    MarkdownTable kept({"a", "n"}, {Align::left, Align::right});
    kept.keep_within(limit);
    for (int i = 0; i < 100; ++i) {
      all.add_row({"row", std::to_string(i)});
      if (!kept.full()) {
        kept.add_row({"row", std::to_string(i)});
      } else {
        kept.count_rows(1);
      }
    }
    EXPECT_EQ(kept.rows(), 100U);
    EXPECT_EQ(kept.render(limit), all.render(limit)) << "limit " << limit;
    EXPECT_EQ(kept.full(), limit < 2000) << "limit " << limit;
  }
}

}  // namespace
}  // namespace aoe::cli
