// SPDX-License-Identifier: Apache-2.0
// The output mechanism (core/output.cpp): a command's table of formats,
// renderers of either kind in it, and the format names.
#include "core/output.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "commands/failed/failed_render.hpp"
#include "commands/summary/summary_render.hpp"
#include "render_util.hpp"

namespace aoe::cli {
namespace {

using test::plain;

std::string upper(const std::string& s, const RenderOptions& /*options*/) { return "U:" + s; }
std::string lower(const std::string& s, const RenderOptions& /*options*/) { return "L:" + s; }

const OutputTable<std::string>& toy_outputs() {
  static const OutputTable<std::string> table(
      "toy", {{Format::text, &upper, "shouting"}, {Format::csv, &lower, ""}});
  return table;
}

TEST(OutputTable, PicksTheRendererOfTheFormat) {
  EXPECT_EQ(toy_outputs().pick(Format::text)("x", plain()), "U:x");
  EXPECT_EQ(toy_outputs().pick(Format::csv)("x", plain()), "L:x");
}

// A streamed renderer: writes its bytes a piece at a time.
void write_rows(const std::string& s, const RenderOptions& /*options*/, std::ostream& out) {
  for (const char c : s) out << "row " << c << "\n";
}

// Both kinds of renderer in one table.
const OutputTable<std::string>& mixed_outputs() {
  static const OutputTable<std::string> table(
      "mixed", {{Format::text, &upper, "whole"}, {Format::jsonl, &write_rows, "streamed"}});
  return table;
}

std::string written(const RenderFn<std::string>& render, const std::string& view) {
  std::ostringstream out;
  render.write(out, view, plain());
  return std::move(out).str();
}

TEST(OutputTable, HoldsBothKindsOfRendererAndPicksEither) {
  const RenderFn<std::string> whole = mixed_outputs().pick(Format::text);
  const RenderFn<std::string> streamed = mixed_outputs().pick(Format::jsonl);
  EXPECT_FALSE(whole.streams());
  EXPECT_TRUE(streamed.streams());
  EXPECT_EQ(mixed_outputs().formats().help_line(), "Formats: text (whole), jsonl (streamed).");
}

TEST(OutputTable, CalledOrWrittenEitherKindGivesTheSameBytes) {
  const RenderFn<std::string> whole = mixed_outputs().pick(Format::text);
  const RenderFn<std::string> streamed = mixed_outputs().pick(Format::jsonl);
  EXPECT_EQ(whole("ab", plain()), "U:ab");
  EXPECT_EQ(written(whole, "ab"), "U:ab");
  EXPECT_EQ(streamed("ab", plain()), "row a\nrow b\n");
  EXPECT_EQ(written(streamed, "ab"), "row a\nrow b\n");
}

TEST(OutputTable, AFormatOfNeitherKindIsAUsageError) {
  try {
    (void)mixed_outputs().pick(Format::csv);
    FAIL() << "csv accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "'mixed' does not write csv; it writes text, jsonl");
  }
}

TEST(OutputTable, AnotherFormatIsAUsageErrorNamingTheTable) {
  try {
    (void)toy_outputs().pick(Format::json);
    FAIL() << "json accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "'toy' does not write json; it writes text, csv");
  }
}

TEST(OutputTable, HelpLineComesFromTheTable) {
  EXPECT_EQ(toy_outputs().formats().help_line(), "Formats: text (shouting), csv.");
  EXPECT_EQ(failed_outputs().formats().help_line(),
            "Formats: text (one name per line; --where: by file and report),\n"
            "  json (schema version 1), csv (one row per name and report, duplicates kept).");
  EXPECT_TRUE(summary_outputs().formats().has(Format::markdown));
  EXPECT_FALSE(summary_outputs().formats().has(Format::junit));
}

TEST(FormatNames, EveryFormatHasOneNameThatMapsBack) {
  const std::vector<FormatName>& names = format_names();
  ASSERT_EQ(names.size(), 8U);
  for (const FormatName& n : names) EXPECT_EQ(format_name(n.format), n.name);
  EXPECT_EQ(format_name(Format::github), "github");
  EXPECT_EQ(format_name(Format::html), "html");
}

}  // namespace
}  // namespace aoe::cli
