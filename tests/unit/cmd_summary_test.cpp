// SPDX-License-Identifier: Apache-2.0
// `summary` (cmd_summary.cpp): the command through run_summary, without
// CLI11.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

using test::paths;

TEST(Summary, JsonMatchesSchemaVersion1Facts) {
  Harness h(Format::json);
  SummaryOptions o;
  o.inputs = paths({test::k8x, test::kCut});
  EXPECT_EQ(run_summary(o, h.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["schema_version"], 1);
  ASSERT_EQ(j["files"].size(), 2U);
  const auto& f8 = j["files"][0];
  EXPECT_EQ(f8["layout"], "report-keyed");
  EXPECT_EQ(f8["complete"], true);
  ASSERT_EQ(f8["reports"].size(), 2U);
  const auto& r0 = f8["reports"][0];
  EXPECT_EQ(r0["id"], "report_20250428_203017761_281473");
  EXPECT_EQ(r0["tuning_time_s"], 1109);
  EXPECT_EQ(r0["status"], "successful");
  EXPECT_EQ(r0["status_raw"], "tuning successful");
  EXPECT_EQ(r0["operators"], 19);
  EXPECT_TRUE(r0["model"].is_null());
  EXPECT_EQ(r0["repo_summary"]["repo_add_num"], 19);
  EXPECT_NEAR(r0["time_before_us"].get<double>(), 4020.43, 1e-9);
  EXPECT_NEAR(r0["improvement_pct"].get<double>(), 20.53, 0.005);
  EXPECT_EQ(f8["reports"][1]["failed_operators"], nlohmann::json::array({"res4a_branch1"}));
  const auto& cut = j["files"][1];
  EXPECT_EQ(cut["complete"], false);
  EXPECT_EQ(cut["reports"][0]["operators"], 2);
  EXPECT_NEAR(cut["reports"][0]["time_before_us"].get<double>(), 32.25, 1e-9);
  EXPECT_TRUE(cut["reports"][0]["tuning_time_s"].is_null());
  EXPECT_EQ(cut["diagnostics"][0]["code"], "truncated");
  EXPECT_EQ(j["totals"]["reports"], 3);
  EXPECT_EQ(j["totals"]["operators"], 23);
  EXPECT_EQ(j["totals"]["failed_operators"], 1);
}

TEST(Summary, ListFileGetsReport1AndModel) {
  Harness h(Format::json);
  SummaryOptions o;
  o.inputs = paths({test::k62});
  EXPECT_EQ(run_summary(o, h.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(h.out.str());
  const auto& r = j["files"][0]["reports"][0];
  EXPECT_EQ(j["files"][0]["layout"], "list");
  EXPECT_EQ(r["id"], "report_1");
  EXPECT_EQ(r["model"]["baseline_ms"], 113.588725);
  EXPECT_EQ(r["model"]["result_ms"], 113.236731);
  EXPECT_NEAR(r["model"]["improvement_pct"].get<double>(), 0.31, 0.005);
}

TEST(Summary, FormatNotOfferedIsUsageError) {
  Harness h(Format::csv);
  SummaryOptions o;
  o.inputs = paths({test::k62});
  EXPECT_THROW((void)run_summary(o, h.ctx), UsageError);
}

TEST(Summary, DirectoryOfThreeFilesTotalsAll) {
  Harness h;
  SummaryOptions o;
  o.inputs.paths = {test::data("three")};
  EXPECT_EQ(run_summary(o, h.ctx), Exit::ok);
  // 6.0.1: 2 reports, 1 operator (4.06 → 3.06); 6.2: 18713.073 → 18119.002;
  // 6.3+: 1028.555 → 777.918.
  EXPECT_NE(h.out.str().find("total  3 files  4 reports  9 operators  1 failed  19745.688 → "
                             "18899.980 µs\n  saved 845.708 µs (improvement 4.47%)\n"),
            std::string::npos)
      << h.out.str();
}

}  // namespace
}  // namespace aoe::cli
