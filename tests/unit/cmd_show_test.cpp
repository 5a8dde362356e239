// SPDX-License-Identifier: Apache-2.0
// `show` (cmd_show.cpp): the command through run_show, without CLI11.
#include <string>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

using test::paths;

TEST(Show, NamesTaskStatusesTopOperatorAndFailed) {
  Harness h;
  ShowOptions o;
  o.inputs = paths({test::k8x});
  EXPECT_EQ(run_show(o, h.ctx), Exit::ok);
  const std::string s = h.out.str();
  EXPECT_NE(s.find("resnet50_train_step"), std::string::npos);
  EXPECT_NE(s.find("successful"), std::string::npos);
  EXPECT_NE(s.find("failed"), std::string::npos);
  EXPECT_NE(s.find("softmax"), std::string::npos);
  EXPECT_NE(s.find("35.35%"), std::string::npos);
  EXPECT_NE(s.find("res4a_branch1"), std::string::npos);
  EXPECT_NE(s.find("top 10 of 19"), std::string::npos);
  EXPECT_NE(s.find("4020.430 → 3335.543 µs"), std::string::npos);
  EXPECT_NE(s.find("total"), std::string::npos);
  EXPECT_EQ(s.find("\x1b["), std::string::npos);  // no colour when off
}

TEST(Show, EscapesControlCharactersFromFiles) {
  Harness h(Format::text, "[{\"basic\": {\"tuning_name\": \"evil\\u001b[2Jname\"}}]");
  ShowOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_show(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str().find('\x1b'), std::string::npos);
  EXPECT_NE(h.out.str().find("evil\\x1b[2Jname"), std::string::npos);
}

TEST(Show, UnreadableInputExits3ButOthersShown) {
  Harness h;
  ShowOptions o;
  o.inputs = paths({"does_not_exist.json", test::k63});
  EXPECT_EQ(run_show(o, h.ctx), Exit::input);
  EXPECT_NE(h.out.str().find("yolov5s_bs8"), std::string::npos);
  EXPECT_NE(h.err.str().find("does not exist"), std::string::npos);
}

TEST(Show, CutOffFileIsReadWithWarning) {
  Harness h;
  ShowOptions o;
  o.inputs = paths({test::kCut});
  EXPECT_EQ(run_show(o, h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("Gelu_31"), std::string::npos);
  EXPECT_EQ(h.out.str().find("MatMul_40"), std::string::npos);
  EXPECT_NE(h.err.str().find("truncated"), std::string::npos);
}

TEST(ShowSummary, ShowMarkdownLeavesOutReportsBeyondLimit) {
  Harness h(Format::markdown);
  h.ctx.markdown_limit_bytes = 1500;
  ShowOptions o;
  o.inputs = paths({aoe::test::k8x});
  EXPECT_EQ(run_show(o, h.ctx), Exit::ok);
  const std::string s = h.out.str();
  EXPECT_LE(s.size(), 1500U);
  EXPECT_NE(s.find("1 report left out to keep this under GitHub's 1 MiB step-summary limit"),
            std::string::npos)
      << s;
}

}  // namespace
}  // namespace aoe::cli
