// SPDX-License-Identifier: Apache-2.0
// `ops --group-by`'s renderers (ops_group_render.cpp) on a view of a run
// made by hand: text fitted to its width with a totals row, and CSV.
#include "commands/ops/ops_group_render.hpp"

#include <cstddef>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "render_util.hpp"

namespace aoe::cli {
namespace {

using test::run;
using test::widest;

TEST(GroupRender, TextFitsAndTotalsRow) {
  std::vector<ResultFile> files;
  files.push_back(run(60, 20, "a.json"));
  const OpsGroupView v = make_ops_group_view(files, GroupSpec{{GroupKey::type, GroupKey::mode}},
                                             RowFilter{}, SortKey::saved, 0);
  for (const std::size_t width : {60U, 200U}) {
    RenderOptions o;
    o.width = width;
    const std::string text = ops_groups_text(v, o);
    EXPECT_LE(widest(text), width) << text;
    EXPECT_NE(text.find("all 2 groups"), std::string::npos) << text;
  }
  EXPECT_EQ(ops_groups_csv(v, RenderOptions{Style(false)}),
            "type,mode,operators,timed_operators,before_us,after_us,saved_us,improvement_pct,"
            "geomean_speedup,share_of_saved_pct,artefacts\n"
            "Conv2D,Schedule,1,1,100,60,40,66.6667,1.6667,66.6667,0\n"
            "MatMul,Impl,1,1,40,20,20,100,2,33.3333,0\n");
}

}  // namespace
}  // namespace aoe::cli
