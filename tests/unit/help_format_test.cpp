// SPDX-License-Identifier: Apache-2.0
#include "app/help_format.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace aoe::cli
