// SPDX-License-Identifier: Apache-2.0
// The result files of a run against its log (src/log/log_check.cpp).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/log.hpp"
#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

// A result file of one report with `status` and the operators given.
ResultFile result(const std::string& status, const std::string& tuned,
                  const std::string& failed = "") {
  std::string text = R"([{"basic": {"tuning_name": "m"}}, {"OPAT": {"opat_tuning_result": ")" +
                     status + R"(", "repo_modified_operators": [)";
  if (!tuned.empty()) {
    text += R"({"op_name": ")" + tuned +
            R"x(", "op_type": "MatMul", "tune_performance": [{"tune_mode": "Schedule", )x"
            R"x("update_mode": "add", "before_tune_time(us)": 4, "after_tune_time(us)": 3}]})x";
  }
  text += "]";
  if (!failed.empty()) text += R"(, "tuning_failed_operators": [")" + failed + R"("])";
  text += "}}]";
  ResultFile f = read_result_text(text, "r.json");
  EXPECT_TRUE(f.readable) << text;
  return f;
}

using test::codes_of;

using Codes = std::vector<std::string>;

TEST(LogCheck, FinishedLogAndCompleteResultAgree) {
  const LogFile log = read_log_text(
      "[Aoe]A Tuning process finished.\n[Aoe]Aoe process finished,cost time 5s.\n", "aoe.log");
  EXPECT_EQ(codes_of(check_log_against_results(log, {result("tuning successful", "A")})), Codes{});
}

TEST(LogCheck, InterruptedLogWhileResultSaysComplete) {
  const LogFile log = read_log_text("[Aoe]A Tuning process finished.\n", "aoe.log");
  const std::vector<Diagnostic> ds =
      check_log_against_results(log, {result("tuning successful", "A")});
  ASSERT_EQ(codes_of(ds), Codes{"log-not-finished"});
  EXPECT_EQ(ds[0].severity, Severity::error);
  EXPECT_EQ(ds[0].file, "aoe.log");
  EXPECT_FALSE(ds[0].line);
  EXPECT_NE(ds[0].message.find("r.json"), std::string::npos);
}

TEST(LogCheck, FailedLogWhileNoReportFailed) {
  const LogFile log = read_log_text(
      "[Aoe]A Tuning process finished.\nEG0013: Device operation failed. Reason: busy.\n",
      "aoe.log");
  const std::vector<Diagnostic> ds =
      check_log_against_results(log, {result("tuning successful", "A")});
  ASSERT_EQ(codes_of(ds), Codes{"log-not-finished"});
  EXPECT_EQ(ds[0].line, 2U);
  EXPECT_NE(ds[0].message.find("EG0013"), std::string::npos);
  // A result whose report failed agrees with a failed log.
  EXPECT_EQ(codes_of(check_log_against_results(log, {result("tuning failed", "A", "B")})), Codes{});
}

TEST(LogCheck, FinishedLogWhileResultIsIncompleteOrCutOff) {
  const LogFile log = read_log_text(
      "[Aoe]A Tuning process finished.\n[Aoe]Aoe process finished,cost time 5s.\n", "aoe.log");
  const std::vector<Diagnostic> ds =
      check_log_against_results(log, {result("tuning incomplete", "A")});
  ASSERT_EQ(codes_of(ds), Codes{"log-finished-result-cut-off"});
  EXPECT_EQ(ds[0].line, 2U);
  ResultFile cut =
      read_result_text(R"([{"basic": {"tuning_name": "m"}}, {"OPAT": {"opat_tun)", "cut.json");
  ASSERT_TRUE(cut.readable);
  ASSERT_FALSE(cut.complete);
  const std::vector<Diagnostic> cut_ds = check_log_against_results(log, {cut});
  ASSERT_FALSE(cut_ds.empty());
  EXPECT_EQ(codes_of(cut_ds)[0], "log-finished-result-cut-off");
  EXPECT_NE(cut_ds[0].message.find("cut off"), std::string::npos);
}

TEST(LogCheck, OperatorFinishedInTheLogButInNoResult) {
  const LogFile log = read_log_text(
      "[Aoe]A Tuning process finished.\n[Aoe]B Tuning process finished.\n"
      "[Aoe]C Single operator tuning process finished.\n[Aoe]C Tuning process finished.\n"
      "[Aoe]Aoe process finished,cost time 5s.\n",
      "aoe.log");
  const std::vector<Diagnostic> ds =
      check_log_against_results(log, {result("tuning failed", "A", "B")});
  ASSERT_EQ(codes_of(ds), Codes{"log-operator-missing"});  // C once, though printed twice
  EXPECT_EQ(ds[0].severity, Severity::warning);
  EXPECT_EQ(ds[0].op, "C");
  EXPECT_EQ(ds[0].line, 3U);
}

TEST(LogCheck, NothingComparedWithoutAReadableResult) {
  const LogFile log = read_log_text("[Aoe]A Tuning process finished.\n", "aoe.log");
  EXPECT_EQ(codes_of(check_log_against_results(log, {})), Codes{});
  EXPECT_EQ(codes_of(check_log_against_results(log, {read_result_text("", "empty.json")})),
            Codes{});
}

TEST(LogCheck, UnreadableLogGivesItsError) {
  const LogFile log = read_log_file("/nonexistent/aoe.log");
  EXPECT_EQ(codes_of(check_log_against_results(log, {result("tuning successful", "A")})),
            Codes{"io-error"});
}

}  // namespace
}  // namespace aoe
