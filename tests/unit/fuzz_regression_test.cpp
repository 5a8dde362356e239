// SPDX-License-Identifier: Apache-2.0
// Replays every input the fuzzer found a problem with (tests/fuzz/regressions)
// and every hand-made bad input (tests/data/bad) through the fuzz target's
// checks: reader, analysis, `check` and the show/summary/failed renderers.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "input_checks.hpp"
#include "test_util.hpp"

namespace aoe {
namespace {

std::size_t replay_dir(const std::filesystem::path& dir) {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
    const std::string bytes = test::slurp(entry.path());
    const auto broken = fuzz::check_any_input(bytes);
    EXPECT_FALSE(broken) << entry.path() << ": " << broken.value_or("");
    ++n;
  }
  return n;
}

TEST(FuzzRegressions, EveryKeptCrasherPassesAllChecks) {
  EXPECT_GE(replay_dir(AOE_FUZZ_REGRESSIONS_DIR), 1U);
}

TEST(FuzzRegressions, EveryBadInputPassesAllChecks) {
  EXPECT_GE(replay_dir(std::string(AOE_TEST_DATA_DIR) + "/bad"), 20U);
}

TEST(FuzzRegressions, EveryExamplePassesAllChecks) {
  for (const char* name : {test::k601, test::k62, test::k63, test::k8x, test::kCut}) {
    const auto broken = fuzz::check_any_input(test::slurp(test::data(name)));
    EXPECT_FALSE(broken) << name << ": " << broken.value_or("");
  }
}

}  // namespace
}  // namespace aoe
