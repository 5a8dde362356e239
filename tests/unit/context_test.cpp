// SPDX-License-Identifier: Apache-2.0
// The messages on standard error: one line each for a file or a pipe,
// wrapped at the width on a terminal (`Context::err_width`).
#include "core/context.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

struct Streams {
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream in;
  Context ctx{out, err, in, GlobalOptions{}, Style(false), 100};
};

const std::string kMessage =
    "report_1: 3 operators have no after-tune time; they are left out of every sum";

TEST(ContextMessages, OneLineEachWithoutAWidth) {
  Streams s;
  s.ctx.warn(kMessage);
  s.ctx.error("second\nline");
  EXPECT_EQ(s.err.str(),
            "aoe-result: warning: " + kMessage + "\naoe-result: error: second\nline\n");
}

TEST(ContextMessages, WrappedAtTheWidthOfATerminal) {
  Streams s;
  s.ctx.err_width = 40;
  s.ctx.warn(kMessage);
  EXPECT_EQ(s.err.str(),
            "aoe-result: warning: report_1: 3\n"
            "  operators have no after-tune time;\n"
            "  they are left out of every sum\n");
  s.err.str("");
  s.ctx.error("short\nsecond line");
  EXPECT_EQ(s.err.str(), "aoe-result: error: short\nsecond line\n");
}

TEST(ContextMessages, QuietKeepsErrorsOnly) {
  Streams s;
  s.ctx.global.quiet = true;
  s.ctx.err_width = 40;
  s.ctx.warn(kMessage);
  s.ctx.error("kept");
  EXPECT_EQ(s.err.str(), "aoe-result: error: kept\n");
}

}  // namespace
}  // namespace aoe::cli
