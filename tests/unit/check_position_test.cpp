// SPDX-License-Identifier: Apache-2.0
// Findings point at the key they are about and quote the file's own text.
#include <algorithm>

#include <gtest/gtest.h>

#include "aoe_result/check.hpp"
#include "aoe_result/reader.hpp"

namespace aoe {
namespace {

// Takes an lvalue only: a pointer into a temporary vector would dangle.
const Diagnostic* find(const std::vector<Diagnostic>& findings, const std::string& code) {
  const auto it = std::find_if(findings.begin(), findings.end(),
                               [&](const Diagnostic& d) { return d.code == code; });
  return it == findings.end() ? nullptr : &*it;
}
const Diagnostic* find(const std::vector<Diagnostic>&& findings, const std::string& code) = delete;

ResultFile one_report() {
  ResultFile file;
  file.path = "x.json";
  file.readable = true;
  file.recognition = Recognition::aoe_result;
  Report r;
  r.id = "report_1";
  r.line = 2;
  r.has_opat = true;
  file.reports = {r};
  return file;
}

TEST(CheckPosition, StatusIncompleteAtTheStatusLine) {
  ResultFile file = one_report();
  Report& r = file.reports[0];
  r.status = Status::incomplete;
  r.status_raw = "tuning incomplete";
  r.status_line = 9;
  std::vector<Diagnostic> findings = check(file);
  const Diagnostic* d = find(findings, "status-incomplete");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->line, 9U);
  // Where the reader does not know the key's line: the report's.
  r.status_line.reset();
  findings = check(file);
  d = find(findings, "status-incomplete");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->line, 2U);
}

TEST(CheckPosition, SummarySumsAtTheirKeys) {
  ResultFile file = one_report();
  Report& r = file.reports[0];
  r.status = Status::successful;
  RepoSummary s;
  s.add_num = 0;
  s.hit_num = 3;
  s.update_num = 1;
  s.reserved_num = 1;
  s.unsatisfied_num = 0;
  s.total_num = 7;
  s.hit_num_line = 21;
  s.total_num_line = 25;
  r.repo_summary = s;
  const auto findings = check(file);
  ASSERT_NE(find(findings, "summary-hit-sum"), nullptr);
  EXPECT_EQ(find(findings, "summary-hit-sum")->line, 21U);
  ASSERT_NE(find(findings, "summary-total-sum"), nullptr);
  EXPECT_EQ(find(findings, "summary-total-sum")->line, 25U);
}

// The reader records where the keys are, so that findings read from a real
// file point at them (not at the report's first line).
TEST(CheckPosition, TheReaderGivesTheKeysLines) {
  const std::string text =
      "[\n"                                                   // 1
      "  {\"basic\": {\"tuning_name\": \"t\"}},\n"            // 2
      "  {\"OPAT\": {\n"                                      // 3
      "    \"opat_tuning_result\": \"tuning incomplete\",\n"  // 4
      "    \"repo_summary\": {\n"                             // 5
      "      \"repo_add_num\": 0,\n"                          // 6
      "      \"repo_hit_num\": 4,\n"                          // 7
      "      \"repo_reserved_num\": 2,\n"                     // 8
      "      \"repo_unsatisfied_num\": 0,\n"                  // 9
      "      \"repo_update_num\": 1,\n"                       // 10
      "      \"total_num\": 9\n"                              // 11
      "    }\n"
      "  }}\n"
      "]\n";
  const ResultFile file = read_result_text(text);
  ASSERT_TRUE(file.readable);
  ASSERT_EQ(file.reports.size(), 1U);
  EXPECT_EQ(file.reports[0].status_line, 4U);
  ASSERT_TRUE(file.reports[0].repo_summary);
  EXPECT_EQ(file.reports[0].repo_summary->hit_num_line, 7U);
  EXPECT_EQ(file.reports[0].repo_summary->total_num_line, 11U);
  const std::vector<Diagnostic> findings = check(file);
  ASSERT_NE(find(findings, "status-incomplete"), nullptr);
  EXPECT_EQ(find(findings, "status-incomplete")->line, 4U);
  ASSERT_NE(find(findings, "summary-hit-sum"), nullptr);
  EXPECT_EQ(find(findings, "summary-hit-sum")->line, 7U);
  ASSERT_NE(find(findings, "summary-total-sum"), nullptr);
  EXPECT_EQ(find(findings, "summary-total-sum")->line, 11U);
}

TEST(CheckQuotes, ImprovementMismatchQuotesTheFilesNumber) {
  const std::string text = R"J({"report_1_1": [{"basic": {"tuning_name": "t"}}, {"OPAT": {
    "opat_tuning_result": "tuning successful", "repo_modified_operators": [{"op_name": "softmax",
    "op_type": "SoftmaxV2", "tune_performance": {"Format": {"performance_after_tune(us)": 50,
    "performance_before_tune(us)": 100, "performance_improvement": "60%", "update_mode": "add"}}}],
    "repo_summary": {"repo_add_num": 1, "repo_hit_num": 0, "repo_reserved_num": 0,
    "repo_unsatisfied_num": 0, "repo_update_num": 0, "total_num": 1}}}]})J";
  const std::vector<Diagnostic> findings = check(read_result_text(text));
  const Diagnostic* d = find(findings, "improvement-mismatch");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->message.find("performance_improvement (Format) is 60% in the file"),
            std::string::npos)
      << d->message;
  EXPECT_EQ(d->message.find("60.00%"), std::string::npos) << d->message;
}

TEST(SeverityRule, ACutOffFileIsAWarningWhenReadAndAnErrorInCheck) {
  const std::string cut = R"J({"report_1_1": [{"basic": {"tuning_name": "t"}}, {"OPAT": {
    "opat_tuning_result": "tuning successful", "repo_modified_operators": [{"op_name": "a",)J";
  ResultFile file = read_result_text(cut);
  ASSERT_TRUE(file.readable);
  settle_reading_severities(file);
  const auto truncated = std::find_if(file.diagnostics.begin(), file.diagnostics.end(),
                                      [](const Diagnostic& d) { return d.code == "truncated"; });
  ASSERT_NE(truncated, file.diagnostics.end());
  EXPECT_EQ(truncated->severity, Severity::warning);
  // check: an error, whatever the reading commands made of it ...
  const std::vector<Diagnostic> strict_findings = check(file);
  const Diagnostic* in_check = find(strict_findings, "truncated");
  ASSERT_NE(in_check, nullptr);
  EXPECT_EQ(in_check->severity, Severity::error);
  // ... unless completeness is waived.
  CheckPolicy lenient;
  lenient.require_complete = false;
  const std::vector<Diagnostic> lenient_findings = check(file, lenient);
  ASSERT_NE(find(lenient_findings, "truncated"), nullptr);
  EXPECT_EQ(find(lenient_findings, "truncated")->severity, Severity::warning);
}

TEST(SeverityRule, NothingReadStaysAnError) {
  ResultFile file = read_result_text("{\"report_1");
  ASSERT_FALSE(file.readable);
  settle_reading_severities(file);
  for (const Diagnostic& d : file.diagnostics) EXPECT_EQ(d.severity, Severity::error) << d.code;
}

}  // namespace
}  // namespace aoe
