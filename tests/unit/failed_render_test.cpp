// SPDX-License-Identifier: Apache-2.0
// `failed`'s renderers (failed_render.cpp) on a view made by hand.
#include "commands/failed/failed_render.hpp"

#include <gtest/gtest.h>

#include "render_util.hpp"

namespace aoe::cli {
namespace {

using test::plain;

TEST(FailedRender, PrintsTheViewEscaped) {
  const FailedView view{{"a", "b\x1b[2J"}, {}};
  EXPECT_EQ(failed_text(view, plain()), "a\nb\\x1b[2J\n");
}

}  // namespace
}  // namespace aoe::cli
