// SPDX-License-Identifier: Apache-2.0
// The gates of diff, trend and check: one sentence each, with its limit
// and the verdict word last; operators failed in NEW (in the last run)
// break them; a gate with nothing to judge fails.
#include "core/gate_line.hpp"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "commands/check/check_render.hpp"
#include "temp_dir.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::data;
using test::Harness;

// EX8, and EX8 with Conv_101 moved from the modified operators to the
// failed ones (and res4a_branch1 still failed).
const char* const kOld = "aoe_result_opat_20250428_203017761_pid18230.json";
const char* const kFailedNew = "diff/failed_new.json";
// Two runs with no operator in common.
// Oldest first, as the names' timestamps say (else diff warns).
const char* const kDisjointOld = "aoe_result_opat_20230315_094502113_pid20431.json";
const char* const kDisjointNew = "aoe_result_opat_20240607_160233905_pid3312.json";

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(GateLine, OneSentenceWithTheVerdictLast) {
  EXPECT_EQ(gate_line("--fail-above 10", "1 operator slower by more than 10%", GateVerdict::broken),
            "gate (--fail-above 10): 1 operator slower by more than 10% — FAILED");
  EXPECT_EQ(gate_line("--max-failed 0", "no file lists more than 0 failed operators",
                      GateVerdict::passed),
            "gate (--max-failed 0): no file lists more than 0 failed operators — passed");
  EXPECT_EQ(gate_verdict_word(GateVerdict::not_judged), "FAILED");
  EXPECT_EQ(gate_count(0, "operator"), "no operator");
  EXPECT_EQ(gate_count(2, "operator"), "2 operators");
}

DiffOptions diff_options(const std::string& old_name, const std::string& new_name,
                         std::optional<double> fail_above = std::nullopt) {
  DiffOptions o;
  o.old_path = data(old_name);
  o.new_path = data(new_name);
  o.fail_above_pct = fail_above;
  return o;
}

TEST(DiffGateLine, FailedInNewIsListedCountedAndBreaksTheGate) {
  Harness h;
  EXPECT_EQ(run_diff(diff_options(kOld, kFailedNew, 0), h.ctx), Exit::findings);
  const std::string out = h.out.str();
  EXPECT_TRUE(has(out, "\nfailed in NEW (tuned in OLD) (1):\n")) << out;
  EXPECT_TRUE(has(out, "  Conv_101 ")) << out;
  EXPECT_FALSE(has(out, "only in OLD (1)")) << out;
  EXPECT_TRUE(has(out, "\n1 failed in NEW, 0 slower, 0 faster, 20 unchanged, 0 only in OLD"))
      << out;
  EXPECT_TRUE(has(out,
                  "gate (--fail-above 0): 1 operator failed in NEW after being tuned in "
                  "OLD — FAILED\n"))
      << out;
  EXPECT_EQ(h.err.str(),
            "aoe-result: error: gate (--fail-above 0): 1 operator failed in NEW after being "
            "tuned in OLD (Conv_101) — FAILED\n");
}

TEST(DiffGateLine, FailedInNewBreaksTheTotalGateToo) {
  Harness h;
  DiffOptions o = diff_options(kOld, kFailedNew, 50);
  o.total = true;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::findings);
  EXPECT_TRUE(has(h.out.str(),
                  "gate (--fail-above 50 --total): 1 operator failed in NEW after "
                  "being tuned in OLD, total after-tune time 0.00% over the 20 "
                  "operators in both, not more than 50% slower — FAILED"))
      << h.out.str();
}

TEST(DiffGateLine, FixedInNewIsListedAndCounted) {
  Harness h;
  EXPECT_EQ(run_diff(diff_options(kFailedNew, kOld, 0), h.ctx), Exit::ok);
  const std::string out = h.out.str();
  EXPECT_TRUE(has(out, "\nfixed in NEW (failed in OLD) (1):\n")) << out;
  EXPECT_TRUE(has(out, "0 slower, 0 faster, 1 fixed in NEW, 20 unchanged")) << out;
  EXPECT_TRUE(has(out, "gate (--fail-above 0): no operator slower by more than 0% — passed"))
      << out;
}

TEST(DiffGateLine, EveryFormatCarriesTheClasses) {
  Harness json(Format::json);
  EXPECT_EQ(run_diff(diff_options(kOld, kFailedNew, 0), json.ctx), Exit::findings);
  const auto j = nlohmann::json::parse(json.out.str());
  EXPECT_EQ(j["summary"]["failed_new"], 1);
  EXPECT_EQ(j["summary"]["fixed_new"], 0);
  EXPECT_EQ(j["operators"][0]["class"], "failed-new");
  EXPECT_EQ(j["operators"][0]["op_name"], "Conv_101");
  EXPECT_EQ(j["gate"]["broken"], true);
  EXPECT_EQ(j["gate"]["verdict"], "broken");
  EXPECT_EQ(j["gate"]["operators_over"], nlohmann::json::array({"Conv_101"}));
  Harness csv(Format::csv);
  EXPECT_EQ(run_diff(diff_options(kFailedNew, kOld), csv.ctx), Exit::ok);
  EXPECT_TRUE(has(csv.out.str(), "\nfixed-new,Conv_101,,Conv2D,,243.579,")) << csv.out.str();
  Harness md(Format::markdown);
  EXPECT_EQ(run_diff(diff_options(kOld, kFailedNew), md.ctx), Exit::ok);
  EXPECT_TRUE(has(md.out.str(), "| failed-new | Conv\\_101 |")) << md.out.str();
  EXPECT_TRUE(has(md.out.str(), "\n1 failed in NEW, 0 slower")) << md.out.str();
}

TEST(DiffGateLine, NothingInBothRunsFailsTheGateAndSaysSo) {
  Harness h;
  EXPECT_EQ(run_diff(diff_options(kDisjointOld, kDisjointNew, 10), h.ctx), Exit::findings);
  EXPECT_TRUE(has(h.out.str(),
                  "gate (--fail-above 10): no operator timed in both runs, so "
                  "nothing was judged — FAILED\n"))
      << h.out.str();
  EXPECT_EQ(h.err.str(),
            "aoe-result: error: gate (--fail-above 10): no operator timed in both runs, so "
            "nothing was judged — FAILED\n");
  Harness no_gate;  // without --fail-above, nothing was asked: no failure
  EXPECT_EQ(run_diff(diff_options(kDisjointOld, kDisjointNew), no_gate.ctx), Exit::ok);
}

TrendOptions trend_options(std::initializer_list<std::string> names, double fail_above) {
  TrendOptions o;
  o.inputs = test::paths(names);
  o.fail_above_pct = fail_above;
  return o;
}

TEST(TrendGateLine, FailedInTheLastRunBreaksTheGateAndIsFlagged) {
  Harness h;
  EXPECT_EQ(run_trend(trend_options({kOld, kFailedNew}, 10), h.ctx), Exit::findings);
  const std::string out = h.out.str();
  EXPECT_TRUE(has(out, "newly failed 1")) << out;
  EXPECT_TRUE(has(out,
                  "gate (--fail-above 10): 1 operator failed in the last run after being "
                  "tuned in an earlier one — FAILED\n"))
      << out;
  EXPECT_EQ(h.err.str(),
            "aoe-result: error: gate (--fail-above 10): 1 operator failed in the last run after "
            "being tuned in an earlier one (Conv_101) — FAILED\n");
  Harness fixed(Format::json);
  EXPECT_EQ(run_trend(trend_options({kFailedNew, kOld}, 10), fixed.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(fixed.out.str());
  bool found = false;
  for (const auto& op : j["operators"]) {
    if (op["op_name"] != "Conv_101") continue;
    found = true;
    EXPECT_EQ(op["fixed_runs"], 1);
    EXPECT_EQ(op["series"][1]["fixed"], true);
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(j["gate"]["verdict"], "passed");
}

TEST(TrendGateLine, SlowerOperatorsSayTheLimitAndTheVerdict) {
  Harness h;
  EXPECT_EQ(
      run_trend(trend_options({kOld, "diff/aoe_result_opat_20250502_091500000_pid18231.json"}, 10),
                h.ctx),
      Exit::findings);
  EXPECT_TRUE(has(h.out.str(),
                  "gate (--fail-above 10): 1 operator slower in the last run than "
                  "in its previous run by more than 10% — FAILED\n"))
      << h.out.str();
  EXPECT_EQ(h.err.str(),
            "aoe-result: error: gate (--fail-above 10): 1 operator slower in the last run than "
            "in its previous run by more than 10%: Conv_101 +50.00% — FAILED\n");
}

TEST(TrendGateLine, FewerThanTwoRunsWithAnOperatorFailTheGate) {
  Harness one;
  EXPECT_EQ(run_trend(trend_options({kOld}, 10), one.ctx), Exit::findings);
  EXPECT_TRUE(has(one.out.str(),
                  "gate (--fail-above 10): only 1 of 1 run held an operator, so "
                  "nothing was compared — FAILED\n"))
      << one.out.str();
  Harness disjoint;
  EXPECT_EQ(run_trend(trend_options({kDisjointOld, kDisjointNew}, 10), disjoint.ctx),
            Exit::findings);
  EXPECT_TRUE(has(disjoint.err.str(),
                  "no operator has a time in the last run and in an earlier "
                  "one, so nothing was compared — FAILED"))
      << disjoint.err.str();
}

TEST(CheckGateLine, EveryThresholdSaysItsLimitAndVerdict) {
  Harness h;
  CheckOptions o;
  o.inputs = test::paths({kOld});
  o.policy.max_failed = 0;
  o.policy.min_improvement_pct = 5;
  EXPECT_EQ(run_check(o, h.ctx), Exit::findings);
  const std::string out = h.out.str();
  EXPECT_TRUE(has(out,
                  "\ngate (--max-failed 0): 1 file lists more than 0 failed operators — "
                  "FAILED\n"))
      << out;
  EXPECT_TRUE(has(out,
                  "\ngate (--min-improvement 5): no report with a total improvement below "
                  "5% — passed\n"))
      << out;
}

// Before-times near a double's limit overflow the report's sum: its
// improvement is no value, so --min-improvement cannot judge it and fails
// (it passed with an infinite improvement before), and show and summary
// print no value where JSON writes null.
TEST(CheckGateLine, AnImprovementBeyondADoubleIsNotJudgedAndFails) {
  test::TempDir dir("gate_overflow");
  const std::string path =
      dir.write("aoe_result_opat_20250101_000000000_pid1.json",
                R"json([{"basic": {"tuning_name": "x"}}, {"OPAT": {"opat_tuning_result":
  "tuning successful", "repo_summary": {"repo_add_num": 2, "repo_hit_num": 0,
  "repo_unsatisfied_num": 0}, "repo_modified_operators": [
  {"op_name": "a", "op_type": "T", "tune_performance": {"Format": {
    "performance_before_tune(us)": 1.7e308, "performance_after_tune(us)": 99,
    "performance_improvement": "35%"}}},
  {"op_name": "b", "op_type": "T", "tune_performance": {"Format": {
    "performance_before_tune(us)": 1.7e308, "performance_after_tune(us)": 48}}}]}}])json")
          .string();
  {
    Harness h;
    CheckOptions o;
    o.inputs.paths = {path};
    o.policy.min_improvement_pct = 5;
    EXPECT_EQ(run_check(o, h.ctx), Exit::findings);
    EXPECT_TRUE(has(h.out.str(),
                    "1 report could not be judged (its times give no total "
                    "improvement) — FAILED\n"))
        << h.out.str();
    EXPECT_TRUE(has(h.out.str(), "[threshold-not-applicable]")) << h.out.str();
    // The operator's own improvement is finite (divided first), and said
    // in four digits, not 310.
    EXPECT_TRUE(has(h.out.str(),
                    "operator 'a': performance_improvement (Format) is 35% in the "
                    "file, but (1.7e+308 − 99) / 99 × 100 = 1.717e+308% "
                    "[improvement-mismatch]"))
        << h.out.str();
  }
  Harness h;
  SummaryOptions o;
  o.inputs.paths = {path};
  EXPECT_EQ(run_summary(o, h.ctx), Exit::ok);
  EXPECT_TRUE(has(h.out.str(), "– → 147.000 µs  saved – µs (improvement –)")) << h.out.str();
  EXPECT_FALSE(has(h.out.str(), "inf")) << h.out.str();
  Harness j(Format::json);
  EXPECT_EQ(run_summary(o, j.ctx), Exit::ok);
  const auto doc = nlohmann::json::parse(j.out.str());
  EXPECT_TRUE(doc["totals"]["time_before_us"].is_null());
  EXPECT_TRUE(doc["totals"]["improvement_pct"].is_null());
  EXPECT_EQ(doc["totals"]["time_after_us"], 147.0);
}

// diff and trend gates name a change with no percentage for what it is:
// from 0 µs, or beyond a double's range (it said "from 0 µs" of 1 µs).
TEST(CheckGateLine, AChangeBeyondADoubleIsNotSaidToBeFromZero) {
  test::TempDir dir("gate_change_overflow");
  const auto run = [&](const std::string& name, const std::string& a, const std::string& b) {
    return dir
        .write(name, R"json([{"basic": {"tuning_name": "x"}}, {"OPAT": {"opat_tuning_result":
  "tuning successful", "repo_modified_operators": [
  {"op_name": "a", "op_type": "T", "tune_performance": {"Format": {
    "performance_before_tune(us)": 1.7e308, "performance_after_tune(us)": )json" +
                         a + R"json(}}},
  {"op_name": "z", "op_type": "T", "tune_performance": {"Format": {
    "performance_before_tune(us)": 9, "performance_after_tune(us)": )json" +
                         b + R"json(}}}]}}])json")
        .string();
  };
  const std::string old_run = run("aoe_result_opat_20250101_000000001_pid1.json", "1", "0");
  const std::string new_run = run("aoe_result_opat_20250101_000000002_pid2.json", "1.7e308", "5");
  Harness h;
  DiffOptions o;
  o.old_path = old_run;
  o.new_path = new_run;
  o.fail_above_pct = 5;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::findings);
  EXPECT_TRUE(has(h.err.str(), "a by a change beyond a double's range")) << h.err.str();
  EXPECT_TRUE(has(h.err.str(), "z from 0 µs")) << h.err.str();
  EXPECT_FALSE(has(h.out.str() + h.err.str(), "inf")) << h.out.str();
  Harness t;
  TrendOptions to;
  to.inputs.paths = {old_run, new_run};
  to.fail_above_pct = 5;
  EXPECT_EQ(run_trend(to, t.ctx), Exit::findings);
  EXPECT_TRUE(has(t.err.str(), "a by a change beyond a double's range")) << t.err.str();
  EXPECT_TRUE(has(t.err.str(), "z from 0 µs")) << t.err.str();
  EXPECT_FALSE(has(t.out.str() + t.err.str(), "inf")) << t.out.str();
}

TEST(CheckGateLine, AThresholdWithNothingToJudgeFails) {
  test::TempDir dir("gate_line");
  const std::string path =
      dir.write("empty.json", R"([{"OPAT": {"opat_tuning_result": "tuning successful"}}])")
          .string();
  Harness h;
  CheckOptions o;
  o.inputs.paths = {path};
  o.policy.min_improvement_pct = 200;
  EXPECT_EQ(run_check(o, h.ctx), Exit::findings);
  EXPECT_TRUE(has(h.out.str(),
                  "gate (--min-improvement 200): no report with a total improvement "
                  "below 200%, 1 report could not be judged (its times give no total "
                  "improvement) — FAILED\n"))
      << h.out.str();
}

}  // namespace
}  // namespace aoe::cli
