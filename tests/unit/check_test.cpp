// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/check.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

using test::codes_of;

bool has(const std::vector<Diagnostic>& findings, const std::string& code) {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Diagnostic& d) { return d.code == code; });
}

const Diagnostic& finding(const std::vector<Diagnostic>& findings, const std::string& code) {
  return *std::find_if(findings.begin(), findings.end(),
                       [&](const Diagnostic& d) { return d.code == code; });
}

// A nested report with one operator and a summary; parts are replaced per test.
std::string report(const std::string& opat_extra, const std::string& summary,
                   const std::string& perf = R"J("performance_after_tune(us)": 99,
      "performance_before_tune(us)": 134, "performance_improvement": "35.35%", "update_mode": "add")J") {
  return R"J({"report_1_1": [{"basic": {"tuning_name": "t", "tuning_time(s)": 5}}, {"OPAT": {)J" +
         opat_extra + R"J("repo_modified_operators": [{"op_name": "softmax", "op_type": "SoftmaxV2",
      "tune_performance": {"Format": {)J" +
         perf + "}}}]" + (summary.empty() ? "" : R"J(, "repo_summary": )J" + summary) + "}}]}";
}

const std::string kGoodSummary =
    R"J({"repo_add_num": 1, "repo_hit_num": 0, "repo_reserved_num": 0, "repo_unsatisfied_num": 0,
        "repo_update_num": 0, "total_num": 1})J";
const std::string kOk = R"J("opat_tuning_result": "tuning successful", )J";

TEST(Check, CleanReportHasNoFindings) {
  const auto findings = check(read_result_text(report(kOk, kGoodSummary)));
  EXPECT_TRUE(findings.empty()) << testing::PrintToString(codes_of(findings));
  EXPECT_TRUE(passes(findings, Strictness::strict));
}

TEST(Check, SharedExamplesHaveOnlyExpectedFindings) {
  EXPECT_TRUE(check(test::read_data(test::k62)).empty());
  EXPECT_TRUE(check(test::read_data(test::k63)).empty());
  const auto f8 = check(test::read_data(test::k8x));
  EXPECT_EQ(codes_of(f8), std::vector<std::string>{"tuning-failed"});
  const auto cut = check(test::read_data(test::kCut));
  EXPECT_TRUE(has(cut, "truncated"));
  EXPECT_TRUE(has(cut, "status-incomplete"));
  // The cut took the repository summary with it; `truncated` says so.
  EXPECT_FALSE(has(cut, "missing-summary"));
  EXPECT_FALSE(passes(cut));
}

TEST(Check, HitSumMismatchIsError) {
  const auto findings = check(read_result_text(report(
      kOk,
      R"J({"repo_add_num": 1, "repo_hit_num": 4, "repo_reserved_num": 2, "repo_unsatisfied_num": 0,
          "repo_update_num": 1, "total_num": 5})J")));
  ASSERT_TRUE(has(findings, "summary-hit-sum"));
  const Diagnostic& d = finding(findings, "summary-hit-sum");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_NE(d.message.find("repo_hit_num is 4"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("= 3"), std::string::npos) << d.message;
  EXPECT_FALSE(has(findings, "summary-total-sum"));
  EXPECT_FALSE(passes(findings));
}

TEST(Check, TotalSumMismatchIsError) {
  const auto findings = check(read_result_text(report(
      kOk,
      R"J({"repo_add_num": 1, "repo_hit_num": 0, "repo_reserved_num": 0, "repo_unsatisfied_num": 0,
          "repo_update_num": 0, "total_num": 2})J")));
  EXPECT_TRUE(has(findings, "summary-total-sum"));
  EXPECT_FALSE(has(findings, "summary-hit-sum"));
}

TEST(Check, CountMismatchIsWarning) {
  const auto findings = check(read_result_text(report(
      kOk,
      R"J({"repo_add_num": 0, "repo_hit_num": 0, "repo_reserved_num": 0, "repo_unsatisfied_num": 1,
          "repo_update_num": 0, "total_num": 1})J")));
  ASSERT_TRUE(has(findings, "summary-count-mismatch"));
  EXPECT_EQ(finding(findings, "summary-count-mismatch").severity, Severity::warning);
  EXPECT_TRUE(passes(findings));
  EXPECT_FALSE(passes(findings, Strictness::strict));
  // One policy is "1 tiling policy is", not "1 tiling policies are".
  EXPECT_EQ(finding(findings, "summary-count-mismatch").message,
            "1 tiling policy is listed as added, but repo_add_num is 0");
}

TEST(Check, NegativeCounterIsInvalidValueNotACountMismatch) {
  const ResultFile f = read_result_text(report(
      kOk,
      R"J({"repo_add_num": -1, "repo_hit_num": 0, "repo_reserved_num": 0, "repo_unsatisfied_num": 0,
          "repo_update_num": 0, "total_num": 1})J"));
  EXPECT_FALSE(f.reports[0].repo_summary->add_num);
  const auto findings = check(f);
  EXPECT_TRUE(has(findings, "invalid-value"));
  EXPECT_FALSE(has(findings, "summary-count-mismatch"));
  EXPECT_FALSE(has(findings, "summary-total-sum"));
  EXPECT_FALSE(passes(findings));
}

TEST(Check, MissingSummaryIsWarning) {
  const auto findings = check(read_result_text(report(kOk, "")));
  EXPECT_EQ(codes_of(findings), std::vector<std::string>{"missing-summary"});
}

TEST(Check, ImprovementMismatchBeyondRounding) {
  const auto bad = check(read_result_text(
      report(kOk, kGoodSummary,
             R"J("performance_after_tune(us)": 99, "performance_before_tune(us)": 134,
         "performance_improvement": "26.12%", "update_mode": "add")J")));
  ASSERT_TRUE(has(bad, "improvement-mismatch"));
  EXPECT_EQ(finding(bad, "improvement-mismatch").op, "softmax");
  // The value read, not a quotation of the text ("26.12%" is read as 26.12).
  EXPECT_NE(
      finding(bad, "improvement-mismatch")
          .message.find("performance_improvement (Format) is 26.12% in the file, but (134 − 99) / "
                        "99 × 100 = 35.35%"),
      std::string::npos)
      << finding(bad, "improvement-mismatch").message;
  // 35.35 is the formula rounded: no finding.
  EXPECT_FALSE(has(check(read_result_text(report(kOk, kGoodSummary))), "improvement-mismatch"));
}

TEST(Check, NegativeAndZeroTimes) {
  const auto neg = check(read_result_text(report(
      kOk, kGoodSummary,
      R"J("performance_after_tune(us)": -1, "performance_before_tune(us)": 3, "update_mode": "add")J")));
  EXPECT_TRUE(has(neg, "negative-time"));
  const auto zero = check(read_result_text(report(
      kOk, kGoodSummary,
      R"J("performance_after_tune(us)": 0, "performance_before_tune(us)": 3, "update_mode": "add")J")));
  EXPECT_TRUE(has(zero, "zero-time"));
  EXPECT_FALSE(has(zero, "negative-time"));
}

// A policy written although it is slower: a warning, and no artefact (the
// writer's before = after + 1 is a gain of 1 µs, never a loss).
TEST(Check, SlowerAfterTuneIsAWarningNotAnArtefact) {
  const auto slower = check(read_result_text(report(
      kOk, kGoodSummary,
      R"J("performance_after_tune(us)": 150, "performance_before_tune(us)": 100, "update_mode": "update")J")));
  ASSERT_TRUE(has(slower, "slower-after-tune"));
  EXPECT_EQ(finding(slower, "slower-after-tune").severity, Severity::warning);
  EXPECT_NE(finding(slower, "slower-after-tune")
                .message.find("the updated policy (Format) is slower after tuning: 100 µs before, "
                              "150 µs after (+50.000 µs)"),
            std::string::npos)
      << finding(slower, "slower-after-tune").message;
  EXPECT_FALSE(has(slower, "writer-artefact"));
  const auto added = check(read_result_text(report(
      kOk, kGoodSummary,
      R"J("performance_after_tune(us)": 3.5, "performance_before_tune(us)": 3, "update_mode": "add")J")));
  ASSERT_TRUE(has(added, "slower-after-tune"));
  EXPECT_NE(finding(added, "slower-after-tune").message.find("the added policy"),
            std::string::npos);
  // A before-tune time of 0 is no baseline (AOE writes no improvement then).
  const auto no_baseline = check(read_result_text(report(
      kOk, kGoodSummary,
      R"J("performance_after_tune(us)": 80, "performance_before_tune(us)": 0, "update_mode": "add")J")));
  EXPECT_FALSE(has(no_baseline, "slower-after-tune"));
  // The artefact itself, and a policy as fast as before, are no slowdown.
  for (const char* times :
       {R"J("performance_after_tune(us)": 99, "performance_before_tune(us)": 100)J",
        R"J("performance_after_tune(us)": 99, "performance_before_tune(us)": 99)J"}) {
    const auto same = check(read_result_text(
        report(kOk, kGoodSummary, std::string(times) + R"J(, "update_mode": "update")J")));
    EXPECT_FALSE(has(same, "slower-after-tune")) << times;
    EXPECT_TRUE(has(same, "writer-artefact")) << times;
  }
}

TEST(Check, FailedStatusAndListMismatch) {
  const auto failed_no_list =
      check(read_result_text(report(R"J("opat_tuning_result": "tuning failed", )J", kGoodSummary)));
  EXPECT_TRUE(has(failed_no_list, "tuning-failed"));
  EXPECT_TRUE(has(failed_no_list, "failed-list-mismatch"));
  const auto ok_with_list = check(read_result_text(
      report(R"J("opat_tuning_result": "tuning successful", "tuning_failed_operators": ["x"], )J",
             kGoodSummary)));
  EXPECT_TRUE(has(ok_with_list, "tuning-failed"));
  EXPECT_TRUE(has(ok_with_list, "failed-list-mismatch"));
}

TEST(Check, PoliciesBecomeThresholdErrors) {
  CheckPolicy policy;
  policy.min_improvement_pct = 40;
  policy.max_failed = 0;
  const auto findings =
      check(read_result_text(report(
                R"J("opat_tuning_result": "tuning failed", "tuning_failed_operators": ["x"], )J",
                kGoodSummary)),
            policy);
  EXPECT_TRUE(has(findings, "threshold-min-improvement"));
  EXPECT_TRUE(has(findings, "threshold-max-failed"));
  policy.min_improvement_pct = 30;
  policy.max_failed = 1;
  const auto ok = check(read_result_text(report(kOk, kGoodSummary)), policy);
  EXPECT_TRUE(ok.empty());
}

TEST(Check, ModelImprovementPolicy) {
  CheckPolicy policy;
  policy.min_model_improvement_pct = 1;
  const auto findings = check(test::read_data(test::k62), policy);  // 0.31 %
  EXPECT_TRUE(has(findings, "threshold-min-model-improvement"));
  EXPECT_FALSE(has(check(test::read_data(test::k63), policy), "threshold-min-model-improvement"));
}

TEST(Check, RequireCompleteOffDowngradesToWarnings) {
  CheckPolicy policy;
  policy.require_complete = false;
  const auto findings = check(test::read_data(test::kCut), policy);
  EXPECT_EQ(finding(findings, "truncated").severity, Severity::warning);
  EXPECT_EQ(finding(findings, "status-incomplete").severity, Severity::warning);
  EXPECT_TRUE(passes(findings));
}

TEST(Check, ThresholdThatCannotBeJudgedFails) {
  CheckPolicy policy;
  policy.min_model_improvement_pct = 1;
  policy.min_improvement_pct = 10;
  // The 8.x training example has no model times; 6.0.1's second report has
  // no timed operator. Neither may pass a gate silently.
  const auto training = check(test::read_data(test::k8x), policy);
  ASSERT_TRUE(has(training, "threshold-not-applicable"));
  // A gate that asked and got no answer does not pass, strict or not.
  EXPECT_EQ(finding(training, "threshold-not-applicable").severity, Severity::error);
  EXPECT_FALSE(has(training, "threshold-min-model-improvement"));
  EXPECT_FALSE(passes(training));
  policy.min_model_improvement_pct.reset();
  const auto flat = check(test::read_data(test::k601), policy);
  ASSERT_EQ(std::count_if(flat.begin(), flat.end(),
                          [](const Diagnostic& d) { return d.code == "threshold-not-applicable"; }),
            1);
  EXPECT_EQ(finding(flat, "threshold-not-applicable").report, "report_20221103_101601007_139813");
  // Judged where it applies: 6.2 has model times, so no such finding.
  CheckPolicy model_only;
  model_only.min_model_improvement_pct = 0.1;
  EXPECT_TRUE(check(test::read_data(test::k62), model_only).empty());
}

TEST(CheckRules, CutOffReportIsNotAlsoMissingSummary) {
  // The cut took the summary with it: `truncated` says so, and
  // `missing-summary` would only repeat it.
  const ResultFile cut = test::read_data("check/truncated.json");
  const auto findings = check(cut);
  ASSERT_EQ(findings.size(), 1U);
  EXPECT_EQ(findings[0].code, "truncated");
  const ResultFile whole = test::read_data("check/missing-summary.json");
  ASSERT_EQ(check(whole).size(), 1U);
  EXPECT_EQ(check(whole)[0].code, "missing-summary");
}

}  // namespace
}  // namespace aoe
