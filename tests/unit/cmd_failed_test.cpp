// SPDX-License-Identifier: Apache-2.0
// `failed` (cmd_failed.cpp): the command through run_failed, without CLI11.
#include <string>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

using test::paths;

TEST(Failed, PrintsExactlyTheFailedNames) {
  Harness h;
  FailedOptions o;
  o.inputs = paths({test::k8x, test::k601});
  EXPECT_EQ(run_failed(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(), "res4a_branch1\n");
}

TEST(Failed, ReadsStdin) {
  Harness h(Format::text, R"([{"OPAT": {"tuning_failed_operators": ["a", "b", "a"]}}])");
  FailedOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_failed(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(), "a\nb\n");
}

}  // namespace
}  // namespace aoe::cli
