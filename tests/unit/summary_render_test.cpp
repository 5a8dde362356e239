// SPDX-License-Identifier: Apache-2.0
// `summary`'s renderers (summary_render.cpp) on a view made by hand: they
// print its numbers, never compute them.
#include "commands/summary/summary_render.hpp"

#include <gtest/gtest.h>

#include "render_util.hpp"

namespace aoe::cli {
namespace {

using test::hand_made_overview;
using test::plain;

TEST(SummaryRender, PrintsTheViewsNumbersWithoutComputing) {
  ResultFile file;
  const Overview view = hand_made_overview(file);
  EXPECT_EQ(summary_text(view, plain()),
            "report_1  resnet\n  successful  12 s  7 operators  2 failed\n");
}

}  // namespace
}  // namespace aoe::cli
