// SPDX-License-Identifier: Apache-2.0
#include "text/term.hpp"

#include <cstddef>
#include <string>

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

TEST(Escape, ControlSequencesBecomeVisible) {
  EXPECT_EQ(escape_text("a\x1b[2Jb"), "a\\x1b[2Jb");
  EXPECT_EQ(escape_text("bell\x07"), "bell\\x07");
  EXPECT_EQ(escape_text("tab\there"), "tab\\there");
  EXPECT_EQ(escape_text("c1\xc2\x9b"), "c1\\u009b");          // CSI as C1
  EXPECT_EQ(escape_text("bidi\xe2\x80\xae"), "bidi\\u202e");  // RIGHT-TO-LEFT OVERRIDE
  EXPECT_EQ(escape_text("bad\xff"), "bad\\xff");              // invalid UTF-8
  EXPECT_EQ(escape_text("卷积_Conv"), "卷积_Conv");           // CJK unchanged
  EXPECT_EQ(escape_text("a\\b", Backslash::escape), "a\\\\b");
  // JSON text keeps its escapes: "\u001b" there is JSON's, not a name's.
  EXPECT_EQ(escape_text("tag=\"\\u001b\"", Backslash::keep), "tag=\"\\u001b\"");
}

// Characters drawn as nothing are shown, so that two names never look
// alike: "a<ZWSP>b" is not "ab".
TEST(Escape, InvisibleCharactersBecomeVisible) {
  EXPECT_EQ(escape_text("a\u200bb"), "a\\u200bb");               // zero-width space
  EXPECT_EQ(escape_text("a\u200db"), "a\\u200db");               // zero-width joiner
  EXPECT_EQ(escape_text("a\u2060b"), "a\\u2060b");               // word joiner
  EXPECT_EQ(escape_text("a\u00adb"), "a\\u00adb");               // soft hyphen
  EXPECT_EQ(escape_text("\ufeffa"), "\\ufeffa");                 // byte-order mark
  EXPECT_EQ(escape_text("a\u2028b\u2029"), "a\\u2028b\\u2029");  // line, paragraph separators
  EXPECT_EQ(escape_text("a\U000e0041"), "a\\U000e0041");         // a tag character
  EXPECT_EQ(escape_text("a\u2010b"), "a\u2010b");                // a hyphen: seen
  // The rest of Unicode's default-ignorable code points, found by a trial:
  // each looked like nothing between the letters.
  EXPECT_EQ(escape_text("v\ufe0fs"), "v\\ufe0fs");               // variation selector 16
  EXPECT_EQ(escape_text("a\u034fb"), "a\\u034fb");               // combining grapheme joiner
  EXPECT_EQ(escape_text("a\u3164b\uffa0"), "a\\u3164b\\uffa0");  // Hangul fillers
  EXPECT_EQ(escape_text("a\u115fb\u1160"), "a\\u115fb\\u1160");
  EXPECT_EQ(escape_text("a\ufff9b"), "a\\ufff9b");          // interlinear annotation
  EXPECT_EQ(escape_text("a\U0001d173b"), "a\\U0001d173b");  // musical format
  EXPECT_EQ(escape_text("a\U000e0100b"), "a\\U000e0100b");  // variation selector 17
  EXPECT_EQ(escape_text("a\u180bb\u17b4"), "a\\u180bb\\u17b4");
  EXPECT_EQ(escape_text("a\u206ab\u2065"), "a\\u206ab\\u2065");
  EXPECT_EQ(escape_text("a\U0001bca0b"), "a\\U0001bca0b");  // shorthand format control
  EXPECT_EQ(escape_text("\u00e9\u4e2d\U0001f600"), "\u00e9\u4e2d\U0001f600");  // seen: kept
  // Blanks a terminal draws like spaces: "n<NBSP>b" looked like "n b".
  EXPECT_EQ(escape_text("n\u00a0b\u200a\u3000\u2800\u202f"),
            "n\\u00a0b\\u200a\\u3000\\u2800\\u202f");
  EXPECT_EQ(escape_text("n b"), "n b");
  // Private use and noncharacters: drawn as a font likes, or not at all.
  EXPECT_EQ(escape_text("p\ue000u\uffffc\ufdd0"), "p\\ue000u\\uffffc\\ufdd0");
  EXPECT_EQ(escape_text("q\U0010fffd"), "q\\U0010fffd");
}

// A backslash that would read as an escape is doubled, so that the text
// "\u200d" and a real U+200D never look alike; another is kept.
TEST(Escape, BackslashThatReadsAsAnEscapeIsDoubled) {
  EXPECT_EQ(escape_text("zwj\\u200djoin"), "zwj\\\\u200djoin");
  EXPECT_EQ(escape_text("zwj\u200djoin"), "zwj\\u200djoin");
  EXPECT_NE(escape_text("zwj\\u200djoin"), escape_text("zwj\u200djoin"));
  EXPECT_EQ(escape_text("a\\x1b"), "a\\\\x1b");  // the text, not ESC ("a\\x1b")
  EXPECT_EQ(escape_text("a\x1b"), "a\\x1b");
  EXPECT_EQ(escape_text("t\\n\\r\\t\\U"), "t\\\\n\\\\r\\\\t\\\\U");
  EXPECT_EQ(escape_text("two\\\\"), "two\\\\\\");                  // "\\\\" then the last kept
  EXPECT_EQ(escape_text("C:\\data\\Conv\\"), "C:\\data\\Conv\\");  // no escape to mistake
  EXPECT_EQ(escape_text("C:\\temp"), "C:\\\\temp");                // "\\t" would read as a tab
  EXPECT_EQ(escape_text("a\\b", Backslash::escape), "a\\\\b");
  // JSON text keeps its escapes: "\u001b" there is JSON's, not a name's.
  EXPECT_EQ(escape_text("tag=\"\\u001b\"", Backslash::keep), "tag=\"\\u001b\"");
}

// Runs of printable ASCII are found eight bytes at a time: every byte at
// every place of strings of 1 to 19 plain bytes is escaped and measured as
// it is alone, the plain bytes around it left as they are; a multi-byte
// character across a word's edge too.
TEST(Escape, EveryByteAtEveryPlaceAmongPlainBytes) {
  for (const char filler : {'a', ' ', '~', '\\'}) {
    for (const Backslash backslash :
         {Backslash::when_ambiguous, Backslash::keep, Backslash::escape}) {
      // A backslash is doubled when_ambiguous by what follows it (below):
      // alone it is no escape, among backslashes every one but the last is.
      if (filler == '\\' && backslash == Backslash::when_ambiguous) continue;
      const std::string plain = escape_text(std::string(1, filler), backslash);
      for (std::size_t size = 1; size < 20; ++size) {
        for (std::size_t at = 0; at < size; ++at) {
          for (int b = 0; b < 256; ++b) {
            std::string s(size, filler);
            s[at] = static_cast<char>(b);
            std::string expected;
            for (std::size_t k = 0; k < at; ++k) expected += plain;
            expected += escape_text(std::string(1, static_cast<char>(b)), backslash);
            for (std::size_t k = at + 1; k < size; ++k) expected += plain;
            ASSERT_EQ(escape_text(s, backslash), expected)
                << "byte " << b << " at " << at << " of " << size;
            ASSERT_EQ(display_width(s),
                      size - 1 + display_width(std::string(1, static_cast<char>(b))))
                << "byte " << b << " at " << at << " of " << size;
          }
        }
      }
    }
  }
  for (std::size_t at = 0; at < 12; ++at) {
    const std::string s = std::string(at, 'x') + "卷积\xe2\x80\xae" + std::string(9, 'y');
    EXPECT_EQ(escape_text(s), std::string(at, 'x') + "卷积\\u202e" + std::string(9, 'y')) << at;
    EXPECT_EQ(display_width(s), at + 4 + display_width("\xe2\x80\xae") + 9) << at;
  }
  EXPECT_EQ(display_width(std::string(8, '\x7f')), 8U);  // each byte a column, as before
  EXPECT_EQ(display_width("\x01"), 1U);
}

TEST(Width, CjkCountsTwo) {
  EXPECT_EQ(display_width("Conv"), 4U);
  EXPECT_EQ(display_width("卷积"), 4U);
  EXPECT_EQ(display_width("é"), 1U);
  EXPECT_EQ(display_width("e\xcc\x81"), 1U);  // e + combining acute
}

TEST(Shorten, TensOfMegabytesKeepHeadAndTail) {
  const std::string name = "head" + std::string(20'000'000, 'n') + "tail";
  EXPECT_EQ(shorten_middle(name, 20), "headnnnnnn…nnnnntail");
  // A wide character that does not fit the head leaves its column to the tail.
  EXPECT_EQ(shorten_middle("abcd卷" + std::string(5'000'000, 'x') + "wxyz", 10), "abcd…xwxyz");
}

TEST(Shorten, MiddleEllipsisWithinWidth) {
  EXPECT_EQ(shorten_middle("short", 10), "short");
  const std::string s = shorten_middle("test/conv3/conv3_1/Conv2D", 12);
  EXPECT_EQ(display_width(s), 12U);
  EXPECT_EQ(s, "test/c…onv2D");
  const std::string cjk = shorten_middle("卷积卷积卷积卷积", 7);
  EXPECT_LE(display_width(cjk), 7U);
  EXPECT_NE(cjk.find("…"), std::string::npos);
}

TEST(Shorten, NeverCutsAnEscape) {
  // The name "soft<ESC>[31mRED<BEL>max" as escape_text writes it.
  const std::string escaped = escape_text("soft\x1b[31mRED\x07max");
  ASSERT_EQ(escaped, "soft\\x1b[31mRED\\x07max");
  // A cut by characters would keep "7max" at 9 columns, half of "\x07".
  EXPECT_EQ(shorten_middle(escaped, 9), "soft…max");
  EXPECT_EQ(shorten_middle(escaped, 12), "soft…\\x07max");
  EXPECT_EQ(shorten_middle("\\u202e\\u202e\\u202e", 10), "…\\u202e");
  EXPECT_EQ(head_columns("a\\x1bz", 3), "a");
  EXPECT_EQ(head_columns("a\\x1bz", 5), "a\\x1b");
  EXPECT_EQ(tail_columns("a\\x1bz", 4), "z");
  EXPECT_EQ(tail_columns("a\\tz", 3), "\\tz");
  // A backslash that starts no escape is one column like any other.
  EXPECT_EQ(head_columns("C:\\qx", 3), "C:\\");
}

TEST(Color, Decisions) {
  EXPECT_TRUE(use_color(ColorWhen::always, false, "1", "dumb"));
  EXPECT_FALSE(use_color(ColorWhen::never, true, nullptr, "xterm"));
  EXPECT_TRUE(use_color(ColorWhen::automatic, true, nullptr, "xterm"));
  EXPECT_FALSE(use_color(ColorWhen::automatic, false, nullptr, "xterm"));
  EXPECT_FALSE(use_color(ColorWhen::automatic, true, "1", "xterm"));
  EXPECT_TRUE(use_color(ColorWhen::automatic, true, "", "xterm"));  // NO_COLOR empty: ignored
  EXPECT_FALSE(use_color(ColorWhen::automatic, true, nullptr, "dumb"));
}

TEST(Color, FlagWinsOverEnvironmentAndAutoNeedsEveryCondition) {
  for (const bool tty : {false, true}) {
    EXPECT_TRUE(use_color(ColorWhen::always, tty, "1", "dumb"));
    EXPECT_TRUE(use_color(ColorWhen::always, tty, nullptr, nullptr));
    EXPECT_FALSE(use_color(ColorWhen::never, tty, nullptr, "xterm-256color"));
  }
  EXPECT_TRUE(use_color(ColorWhen::automatic, true, nullptr, nullptr));  // TERM unset
  EXPECT_FALSE(use_color(ColorWhen::automatic, true, "0", "xterm"));     // any non-empty value
  EXPECT_FALSE(use_color(ColorWhen::automatic, false, "", "xterm-256color"));
  EXPECT_TRUE(use_color(ColorWhen::automatic, true, "", "dumb-ish"));  // only "dumb" itself
}

TEST(Width, TerminalWidthSources) {
  EXPECT_EQ(terminal_width("80", 120), 80U);
  EXPECT_EQ(terminal_width("abc", 120), 120U);
  EXPECT_EQ(terminal_width(nullptr, std::nullopt), 100U);
  EXPECT_EQ(terminal_width("0", std::nullopt), 100U);
}

TEST(TermColumns, HeadAndTailCutAtCharacters) {
  EXPECT_EQ(head_columns("卷积abc", 3), "卷");
  EXPECT_EQ(tail_columns("abc卷积", 3), "积");
  EXPECT_EQ(tail_columns("abc", 5), "abc");
  EXPECT_EQ(tail_columns("a\xff"
                         "b",
                         2),
            "\xff"
            "b");  // a lone byte counts one column
}

TEST(Term, ValidUtf8) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("MatMul_\xe7\xae\x97\xe5\xad\x90"));  // 算子
  EXPECT_FALSE(is_valid_utf8("Mat\xffMul"));
  EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));      // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));  // a surrogate
  EXPECT_FALSE(is_valid_utf8("cut \xe7\xae"));  // cut short
}

}  // namespace
}  // namespace aoe::cli
