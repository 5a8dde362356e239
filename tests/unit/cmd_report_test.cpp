// SPDX-License-Identifier: Apache-2.0
// `report` (cmd_report.cpp): the command writing the page through
// run_report, its refusals and usage errors.
// GCC 12 warns falsely (-Wrestrict) on a literal assigned to a std::string
// once inlined here (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "commands/report/report_view.hpp"
#include "temp_dir.hpp"

namespace aoe::test {
namespace {

using cli::ReportOptions;

TEST(ReportCommand, WritesThePageAndRefusesToOverwrite) {
  TempDir dir("report_write");
  const std::string out = (dir.path() / "r.html").string();
  ReportOptions o;
  o.inputs = paths({k8x});
  o.output = out;
  {
    Harness h;
    EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
    EXPECT_NE(h.out.str().find("wrote " + out), std::string::npos);
  }
  std::ifstream in(out);
  std::stringstream page;
  page << in.rdbuf();
  EXPECT_NE(page.str().find("resnet50_train_step"), std::string::npos);
  {
    Harness h;
    EXPECT_THROW((void)cli::run_report(o, h.ctx), cli::UsageError);
  }
  o.force = true;
  Harness h;
  EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
  // No temporary file is left behind.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1U);
}

TEST(ReportCommand, StdoutAndUnreadableInput) {
  ReportOptions o;
  o.inputs = paths({k62});
  o.output = "-";
  Harness h;
  EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
  EXPECT_EQ(h.out.str().rfind("<!DOCTYPE html>", 0), 0U);

  ReportOptions bad;
  bad.inputs = paths({"check/not-aoe-result.json"});
  bad.output = "-";
  Harness hb;
  EXPECT_EQ(cli::run_report(bad, hb.ctx), cli::Exit::input);
  EXPECT_EQ(hb.out.str(), "");
  EXPECT_NE(hb.err.str().find("no input could be read"), std::string::npos);
}

TEST(ReportCommand, OtherFormatsAreUsageErrors) {
  ReportOptions o;
  o.inputs = paths({k8x});
  o.output = "-";
  Harness json(Format::json);
  EXPECT_THROW((void)cli::run_report(o, json.ctx), cli::UsageError);
}

TEST(ReportCommand, RowsAboveThePagesMostAreNoErrorWhenAllFit) {
  // 1,000,000 rows asked of a file of 21 operators: every one is listed,
  // nothing is cut, so nothing is said.
  ReportOptions o;
  o.inputs = paths({k8x});
  o.output = "-";
  o.rows = 1'000'000;
  Harness h;
  EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
  EXPECT_EQ(h.err.str(), "");
  EXPECT_EQ(h.out.str().find("rows-note"), std::string::npos);
}

TEST(ReportCommand, FindingsOption) {
  ReportOptions o;
  o.inputs = paths({k8x});
  o.output = "-";
  o.findings = cli::FindingsShown::none;
  Harness h;
  EXPECT_EQ(cli::run_report(o, h.ctx), cli::Exit::ok);
  EXPECT_NE(h.out.str().find("None is listed (--findings none)."), std::string::npos);
  EXPECT_EQ(h.out.str().find("class=\"findings\""), std::string::npos);
}

}  // namespace
}  // namespace aoe::test
