// SPDX-License-Identifier: Apache-2.0
#include "app/help_format.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "text/term.hpp"

namespace aoe::cli {
namespace {

const std::vector<std::string> kCommands{"show",  "summary", "ops",    "failed",
                                         "check", "diff",    "retune", "locate"};

TEST(DidYouMean, TyposFindTheCommand) {
  EXPECT_EQ(closest_word("shwo", kCommands), "show");
  EXPECT_EQ(closest_word("sumary", kCommands), "summary");
  EXPECT_EQ(closest_word("SHOW", kCommands), "show");
  EXPECT_EQ(closest_word("chekc", kCommands), "check");
  EXPECT_EQ(closest_word("retun", kCommands), "retune");
  EXPECT_EQ(closest_word("fialed", kCommands), "failed");
}

TEST(DidYouMean, FarWordsFindNothing) {
  EXPECT_FALSE(closest_word("bogus", kCommands));
  EXPECT_FALSE(closest_word("x", kCommands));
  EXPECT_FALSE(closest_word("", kCommands));
  EXPECT_FALSE(closest_word("op", {"ls"}));
}

TEST(DidYouMean, EditDistance) {
  EXPECT_EQ(edit_distance("shwo", "show"), 1U);  // one swap
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3U);
  EXPECT_EQ(edit_distance("", "abc"), 3U);
  EXPECT_EQ(edit_distance("Diff", "diff"), 0U);
}

// The widest line of `text`, in columns.
std::size_t widest_line(const std::string& text) {
  std::size_t w = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) w = std::max(w, display_width(line));
  return w;
}

const std::string kOptionRow =
    "  --fail-above PCT                Exit 1 when an operator's after-tune time in the last run "
    "is slower than in its previous run by more than PCT percent\n";

TEST(WrapHelp, OptionDescriptionStaysInItsColumn) {
  const std::string wrapped = wrap_help(kOptionRow, 80);
  EXPECT_EQ(wrapped,
            "  --fail-above PCT                Exit 1 when an operator's after-tune time in\n"
            "                                  the last run is slower than in its previous\n"
            "                                  run by more than PCT percent\n");
}

TEST(WrapHelp, NarrowPutsEveryDescriptionUnderItsOption) {
  const std::string help = "Options:\n  -q,--quiet                      No warnings on stderr\n" +
                           kOptionRow + "  show                            Overview per report\n";
  EXPECT_EQ(wrap_help(help, 60),
            "Options:\n  -q,--quiet\n      No warnings on stderr\n  --fail-above PCT\n"
            "      Exit 1 when an operator's after-tune time in the last\n"
            "      run is slower than in its previous run by more than\n"
            "      PCT percent\n  show\n      Overview per report\n");
}

TEST(WrapHelp, ExamplesContinueWithABackslashAndCsvHeadersBreakAfterCommas) {
  const std::string help =
      "Examples:\n  aoe-result trend --label cann8.0 --label cann8.1 old.json new.json\n"
      "  aoe-result trend --fail-above 5 --top 20 runs/\n"
      "CSV header: run,label,file,op_name,op_type,mode,before_us,after_us,improvement_pct\n";
  EXPECT_EQ(wrap_help(help, 50),
            "Examples:\n  aoe-result trend --label cann8.0 \\\n"
            "      --label cann8.1 old.json new.json\n"
            "  aoe-result trend --fail-above 5 --top 20 runs/\n"
            "CSV header:\n  run,label,file,op_name,op_type,mode,before_us,\n"
            "  after_us,improvement_pct\n");
}

// CLI11 2.4 and later continue a long description on lines of its own in
// the description column: narrow, they go under the option with it.
TEST(WrapHelp, ContinuedDescriptionsGoUnderTheOptionToo) {
  const std::string help =
      "  PROFILE                         the profile (a PROF_* folder, an\n"
      "                                  op_summary_*.csv), read as aoe-result profile reads it\n";
  const std::string narrow = wrap_help(help, 40);
  EXPECT_EQ(narrow,
            "  PROFILE\n      the profile (a PROF_* folder, an\n"
            "      op_summary_*.csv), read as\n      aoe-result profile reads it\n");
  EXPECT_LE(widest_line(narrow), 40U);
  const std::string wide = wrap_help(help, 80);
  EXPECT_LE(widest_line(wide), 80U);
  EXPECT_NE(wide.find("\n                                  op_summary_*.csv), read as aoe-result"),
            std::string::npos)
      << wide;
}

TEST(WrapHelp, ProseKeepsItsMarginAndNoLineIsWider) {
  std::string paragraph;
  for (int i = 0; i < 30; ++i) paragraph += "word" + std::to_string(i) + " ";
  const std::string help = "Usage: aoe-result trend [PATH...]\n\n" + paragraph + "\n   indented " +
                           paragraph + "\n" + kOptionRow;
  for (const std::size_t width : {40U, 60U, 80U, 100U}) {
    const std::string wrapped = wrap_help(help, width);
    EXPECT_LE(widest_line(wrapped), width) << wrapped;
    EXPECT_EQ(wrapped.rfind("Usage: aoe-result trend [PATH...]\n\nword0 ", 0), 0U);
    EXPECT_NE(wrapped.find("\n   indented word0"), std::string::npos) << wrapped;
  }
  EXPECT_EQ(wrap_help(help, 1000), help);  // what fits is kept as it is
}

// Copied from a narrow terminal, an example still runs as written: its
// comment goes above it, no word or quoted string is broken, and an option
// keeps its value.
TEST(WrapHelp, WrappedExamplesMeanWhatTheySay) {
  const std::string help =
      "  aoe-result watch             # follow the run writing here, until it is over\n"
      "  aoe-result report -o tuning.html --title \"ResNet-50, 8.0.RC1\" results/\n"
      "  aoe-result show aoe_result_opat_20250428_203017761_pid18230.json\n";
  EXPECT_EQ(wrap_help(help, 40),
            "  # follow the run writing here, until\n"
            "  # it is over\n"
            "  aoe-result watch\n"
            "  aoe-result report -o tuning.html \\\n"
            "      --title \"ResNet-50, 8.0.RC1\" \\\n"
            "      results/\n"
            "  aoe-result show \\\n"
            "      aoe_result_opat_20250428_203017761_pid18230.json\n");
  // What fits is kept, comment and all.
  EXPECT_EQ(wrap_help(help, 100), help);
}

// A list laid out by hand at 80 columns (a term, its words, lines that
// continue them further in, items of their own under the term) is laid out
// again as a whole where it does not fit: no line left with one word, each
// item's continuation under its words.
TEST(WrapHelp, HandLaidListsAreReflowedWithTheirHangingIndent) {
  const std::string help =
      "Exit status (the worst applies: 3 over 2 over 1):\n"
      "  0    done; warnings allowed\n"
      "  1    check: a finding failed the check (an error; a warning with --strict) or a\n"
      "         threshold was broken or could not be judged\n"
      "       retune: no operator to re-tune (nothing written)\n"
      "  2    usage error (unknown option, bad value, a format the command does not write)\n"
      "  errors:   invalid-json, not-aoe-result, io-error, no-result-file, invalid-value,\n"
      "            status-incomplete, truncated\n";
  EXPECT_EQ(wrap_help(help, 40),
            "Exit status (the worst applies: 3 over 2\n"
            "over 1):\n"
            "  0    done; warnings allowed\n"
            "  1    check: a finding failed the check\n"
            "         (an error; a warning with\n"
            "         --strict) or a threshold was\n"
            "         broken or could not be judged\n"
            "       retune: no operator to re-tune\n"
            "         (nothing written)\n"
            "  2    usage error (unknown option, bad\n"
            "       value, a format the command does\n"
            "       not write)\n"
            "  errors:   invalid-json,\n"
            "            not-aoe-result, io-error,\n"
            "            no-result-file,\n"
            "            invalid-value,\n"
            "            status-incomplete, truncated\n");
  EXPECT_EQ(wrap_help(help, 100), help);
}

}  // namespace
}  // namespace aoe::cli
