// SPDX-License-Identifier: Apache-2.0
// shell_word: a path as one word a POSIX shell reads back as it was.
#include "text/shell.hpp"

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

TEST(ShellWord, SafeWordsStayAsTheyAre) {
  EXPECT_EQ(shell_word("run/aoe_result_opat_20250428_203017761_pid18230.json"),
            "run/aoe_result_opat_20250428_203017761_pid18230.json");
  EXPECT_EQ(shell_word("a-b+c=d:e,f@g%h"), "a-b+c=d:e,f@g%h");
}

TEST(ShellWord, OthersAreSingleQuoted) {
  EXPECT_EQ(shell_word(""), "''");
  EXPECT_EQ(shell_word("my run.json"), "'my run.json'");
  EXPECT_EQ(shell_word("$HOME/x"), "'$HOME/x'");
  EXPECT_EQ(shell_word("it's"), "'it'\\''s'");
}

}  // namespace
}  // namespace aoe::cli
