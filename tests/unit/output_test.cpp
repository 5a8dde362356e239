// SPDX-License-Identifier: Apache-2.0
// The output mechanism (a command's table of formats) and renderers that
// only format the view they are given.
#include "core/output.hpp"

#include <sstream>

#include <gtest/gtest.h>

#include "commands/failed/failed_render.hpp"
#include "commands/ops/ops_render.hpp"
#include "commands/overview/overview_view.hpp"
#include "commands/show/show_render.hpp"
#include "commands/summary/summary_render.hpp"

namespace aoe::cli {
namespace {

// No colour, 100 columns.
RenderOptions plain() { return RenderOptions{Style(false)}; }

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
            "Formats: text (one name per line), json (schema version 1).");
  EXPECT_TRUE(summary_outputs().formats().has(Format::markdown));
  EXPECT_FALSE(summary_outputs().formats().has(Format::junit));
}

TEST(FormatNames, EveryFormatHasOneNameThatMapsBack) {
  const std::vector<FormatName>& names = format_names();
  ASSERT_EQ(names.size(), 7U);
  for (const FormatName& n : names) EXPECT_EQ(format_name(n.format), n.name);
  EXPECT_EQ(format_name(Format::github), "github");
}

TEST(FailedRender, PrintsTheViewEscaped) {
  const FailedView view{{"a", "b\x1b[2J"}};
  EXPECT_EQ(failed_text(view, plain()), "a\nb\\x1b[2J\n");
}

// A view made by hand whose numbers the analysis would never give for its
// report (the report has no operator): the renderer prints the view's.
Overview hand_made_overview(ResultFile& file) {
  file.path = "run.json";
  file.readable = true;
  Report r;
  r.id = "report_1";
  r.tuning_name = "resnet";
  r.status = Status::successful;
  r.tuning_time_s = 12;
  file.reports.push_back(r);
  Overview view;
  FileOverview fv;
  fv.file = &file;
  ReportOverview rv;
  rv.report = &file.reports.front();
  rv.totals.reports = 1;
  rv.totals.operators = 7;
  rv.totals.failed_operators = 2;
  rv.failed = {"x", "y"};
  fv.reports.push_back(rv);
  fv.totals = rv.totals;
  fv.warnings = 3;
  view.files.push_back(fv);
  view.totals = rv.totals;
  view.readable = 1;
  view.warnings = 3;
  return view;
}

TEST(SummaryRender, PrintsTheViewsNumbersWithoutComputing) {
  ResultFile file;
  const Overview view = hand_made_overview(file);
  EXPECT_EQ(summary_text(view, plain()),
            "report_1  resnet\n  successful  12 s  7 operators  2 failed\n");
}

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

TEST(OpsRender, RowFormatsStreamAndMarkdownIsWhole) {
  for (const Format f : {Format::text, Format::json, Format::jsonl, Format::csv}) {
    EXPECT_TRUE(ops_outputs().pick(f).streams()) << format_name(f);
  }
  EXPECT_FALSE(ops_outputs().pick(Format::markdown).streams());
  EXPECT_FALSE(summary_outputs().pick(Format::text).streams());
}

TEST(ShowRender, PrintsFailedNamesAndCheckCountsOfTheView) {
  ResultFile file;
  const Overview view = hand_made_overview(file);
  const std::string text = show_text(view, plain());
  EXPECT_NE(text.find("failed       2: x, y\n"), std::string::npos) << text;
  EXPECT_NE(text.find("check: 0 errors, 3 warnings"), std::string::npos) << text;
  const std::string md = show_markdown(view, plain());
  EXPECT_NE(md.find("- **failed:** x, y\n"), std::string::npos) << md;
  EXPECT_NE(md.find("**check:** 0 errors, 3 warnings"), std::string::npos) << md;
}

}  // namespace
}  // namespace aoe::cli
