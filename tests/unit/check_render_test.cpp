// SPDX-License-Identifier: Apache-2.0
// check's renderers on their own (the command's output in every format is
// tested through run_check in cmd_check_test.cpp).
#include "commands/check/check_render.hpp"

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

TEST(CheckRender, JunitEscapesXml) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x1b"), "a&lt;b&gt;&amp;&quot;c&apos;\\x1b");
}

}  // namespace
}  // namespace aoe::cli
