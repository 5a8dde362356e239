// SPDX-License-Identifier: Apache-2.0
// `show`'s renderers (show_render.cpp) on a view made by hand.
#include "commands/show/show_render.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "commands/summary/summary_render.hpp"
#include "render_util.hpp"

namespace aoe::cli {
namespace {

using test::hand_made_overview;
using test::plain;

// `show --format json` streams the summary document, as `summary` does:
// the same bytes, called or written.
TEST(ShowRender, JsonStreamsTheSummaryDocument) {
  ResultFile file;
  const Overview view = hand_made_overview(file);
  const RenderFn<Overview> show = show_outputs().pick(Format::json);
  const RenderFn<Overview> summary = summary_outputs().pick(Format::json);
  EXPECT_TRUE(show.streams());
  EXPECT_TRUE(summary.streams());
  std::ostringstream out;
  show.write(out, view, plain());
  EXPECT_EQ(out.str(), summary(view, plain()));
  EXPECT_EQ(out.str(), show(view, plain()));
  EXPECT_NE(out.str().find("\"schema_version\": 1"), std::string::npos) << out.str();
}

TEST(ShowRender, PrintsFailedNamesAndCheckCountsOfTheView) {
  ResultFile file;
  const Overview view = hand_made_overview(file);
  const std::string text = show_text(view, plain());
  EXPECT_NE(text.find("failed       2: x, y\n"), std::string::npos) << text;
  EXPECT_NE(text.find("check: passed with warnings (0 errors, 3 warnings): run"), std::string::npos)
      << text;
  const std::string md = show_markdown(view, plain());
  EXPECT_NE(md.find("- **failed:** x, y\n"), std::string::npos) << md;
  EXPECT_NE(md.find("**check:** passed with warnings (0 errors, 3 warnings): run"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace aoe::cli
