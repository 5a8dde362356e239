// SPDX-License-Identifier: Apache-2.0
// The Markdown `show` and `summary` share (overview_render.cpp: the status
// cell, escaped names, the totals), through their commands.
#include <string>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"

namespace aoe::cli {
namespace {

using test::Harness;
using test::paths;

TEST(ShowSummary, MarkdownFormats) {
  Harness show(Format::markdown);
  ShowOptions so;
  so.inputs = paths({aoe::test::k63});
  so.top = 2;
  EXPECT_EQ(run_show(so, show.ctx), Exit::ok);
  const std::string s = show.out.str();
  EXPECT_NE(s.find("### yolov5s\\_bs8 (report\\_1)"), std::string::npos) << s;
  EXPECT_NE(s.find("- **status:** ✅ successful (\"tuning successful\")"), std::string::npos);
  EXPECT_NE(s.find("Top 2 of 4 operators by time saved:"), std::string::npos);
  EXPECT_NE(s.find("| Conv\\_7\\_Relu\\_8 | Conv2D+Relu | Format+Schedule | 512.000 | 399.872 | "
                   "112.128 | 28.04% |"),
            std::string::npos);
  Harness sum(Format::markdown);
  SummaryOptions mo;
  mo.inputs = paths({aoe::test::k63});
  EXPECT_EQ(run_summary(mo, sum.ctx), Exit::ok);
  EXPECT_EQ(sum.out.str(),
            "## AOE tuning summary\n\n"
            "| report | task | status | time s | ops | failed | before µs | after µs | saved µs | "
            "improv. |\n"
            "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
            "| report\\_1 | yolov5s\\_bs8 | ✅ successful | 1494 | 4 | 0 | 1028.555 | 777.918 | "
            "250.637 | 32.22% |\n"
            "\n**Total:** 1 report, 4 operators, 0 failed, 1028.555 → 777.918 µs, saved "
            "250.637 µs (improvement 32.22%)\n");
}

}  // namespace
}  // namespace aoe::cli
