// SPDX-License-Identifier: Apache-2.0
// `ops`'s renderers (ops_render.cpp): which formats stream their rows.
#include "commands/ops/ops_render.hpp"

#include <gtest/gtest.h>

#include "commands/summary/summary_render.hpp"
#include "core/output.hpp"

namespace aoe::cli {
namespace {

TEST(OpsRender, RowFormatsStreamAndMarkdownIsWhole) {
  for (const Format f : {Format::text, Format::json, Format::jsonl, Format::csv}) {
    EXPECT_TRUE(ops_outputs().pick(f).streams()) << format_name(f);
  }
  EXPECT_FALSE(ops_outputs().pick(Format::markdown).streams());
  EXPECT_FALSE(summary_outputs().pick(Format::text).streams());
}

}  // namespace
}  // namespace aoe::cli
