// SPDX-License-Identifier: Apache-2.0
// The one judgement of a run (judgement.hpp): which operators count, the
// writer's artefact, the status findings and the verdict, one rule each.
#include "aoe_result/judgement.hpp"

#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/grouping.hpp"
#include "aoe_result/reader.hpp"

namespace aoe {
namespace {

ResultFile fixture(const std::string& name) {
  const std::string path = std::string(AOE_TEST_DATA_DIR) + "/" + name;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return read_result_text(text.str(), path);
}

std::size_t count_code(const std::vector<Diagnostic>& findings, Code code) {
  std::size_t n = 0;
  for (const Diagnostic& d : findings) n += d.code == code ? 1 : 0;
  return n;
}

// "What was found" 4: an after-time of −1 µs was added into the totals
// (300.000 → 190.000 µs) while check called it an error.
TEST(Judgement, AnInvalidTimeLeavesItsOperatorOutOfEverySum) {
  const ResultFile file = fixture("judgement/left-out.json");
  ASSERT_TRUE(file.readable);
  const Judgement j = judge(file);
  ASSERT_EQ(j.reports.size(), 1U);
  const ReportJudgement& r = j.reports.front();
  EXPECT_EQ(r.totals.operators, 3U);
  EXPECT_EQ(r.totals.timed_operators, 2U);
  EXPECT_EQ(r.totals.left_out_operators(), 1U);
  EXPECT_DOUBLE_EQ(r.totals.time_before_us, 200);
  EXPECT_DOUBLE_EQ(r.totals.time_after_us, 191);
  EXPECT_EQ(r.totals.speedup_count, 2U);
  ASSERT_EQ(r.left_out.size(), 1U);
  EXPECT_EQ(r.left_out[0].op, "G3");
  EXPECT_EQ(r.left_out[0].reason, LeftOutReason::negative_time);
  EXPECT_EQ(to_string(r.left_out[0].reason), "negative time");
  // The same sums from `totals`, and the row shows the times but no saving.
  EXPECT_DOUBLE_EQ(totals(file).time_after_us, 191);
  const OperatorFigures g3 = figures(file.reports[0].operators[2]);
  EXPECT_EQ(g3.after_us, -1);
  EXPECT_FALSE(g3.saved_us);
  EXPECT_FALSE(g3.improvement_pct);
  EXPECT_FALSE(g3.timed());
  EXPECT_EQ(count_code(j.findings, Code::negative_time), 1U);
  EXPECT_EQ(j.verdict(), Verdict::failed);
}

// A report judged an operator at a time, as a reader that keeps no
// operator hands them over, is judged as the report holding them, and the
// report's own members (status, failed list) come from `finish`.
TEST(Judgement, AReportJudgedAnOperatorAtATimeIsJudgedAlike) {
  const ResultFile file = fixture("judgement/left-out.json");
  ASSERT_TRUE(file.readable);
  ASSERT_EQ(file.reports.size(), 1U);
  Report report = file.reports.front();
  report.failed_operators = {"F1", "F2", "F1"};
  ReportJudge judging;
  for (const Operator& op : report.operators) judging.add(op);
  EXPECT_EQ(judging.operators(), 3U);
  const ReportJudgement got = std::move(judging).finish(report);
  const ReportJudgement whole = judge(report);
  EXPECT_EQ(got.status, report.status);
  EXPECT_EQ(got.totals.reports, 1U);
  EXPECT_EQ(got.totals.operators, 3U);
  EXPECT_EQ(got.totals.timed_operators, 2U);
  EXPECT_DOUBLE_EQ(got.totals.time_after_us, 191);
  EXPECT_EQ(got.totals.failed_operators, 2U);
  EXPECT_EQ(got.failed_operators, (std::vector<std::string>{"F1", "F2"}));
  ASSERT_EQ(got.left_out.size(), 1U);
  EXPECT_EQ(got.left_out[0].op, "G3");
  EXPECT_EQ(got.left_out[0].line, report.operators[2].line);
  EXPECT_EQ(got.totals.log_speedup_sum, whole.totals.log_speedup_sum);
  EXPECT_EQ(got.totals.failed_operators, totals(report).failed_operators);
  // Nothing added: no operator, the report's own members still.
  const ReportJudgement empty = ReportJudge().finish(report);
  EXPECT_EQ(empty.totals.operators, 0U);
  EXPECT_EQ(empty.totals.reports, 1U);
  EXPECT_EQ(empty.failed_operators.size(), 2U);
}

TEST(Judgement, ReasonsForLeavingAnOperatorOut) {
  ModeResult m;
  m.after_us = 5;
  EXPECT_EQ(left_out_reason(m), LeftOutReason::no_before_time);
  m.before_us = 6;
  EXPECT_EQ(left_out_reason(m), std::nullopt);
  m.after_us.reset();
  EXPECT_EQ(left_out_reason(m), LeftOutReason::no_after_time);
  m.after_us = std::numeric_limits<double>::infinity();
  EXPECT_EQ(left_out_reason(m), LeftOutReason::not_finite_time);
  m.after_us = 0;  // a time of 0 counts (zero-time says no improvement)
  EXPECT_EQ(left_out_reason(m), std::nullopt);
  Operator op;
  EXPECT_EQ(left_out_reason(op), LeftOutReason::no_result);
  ModeResult bad = m;
  bad.before_us = -2;
  op.modes = {m, bad};  // one mode that does not count is enough
  EXPECT_EQ(left_out_reason(op), LeftOutReason::negative_time);
}

// "What was found" 5: Format 10 → 9.5 and Schedule 12 → 11.2 was no
// artefact in `ops` (12 → 9.5, saved 2.5), one in `--group-by`, and two
// findings in `check`.
TEST(Judgement, AnOperatorIsAnArtefactWhenEveryModeIs) {
  const ResultFile file = fixture("judgement/two-mode-artefact.json");
  ASSERT_TRUE(file.readable);
  const Operator& both = file.reports[0].operators[0];
  EXPECT_TRUE(is_writer_artefact(both));
  const OperatorFigures f = figures(both);
  EXPECT_TRUE(f.writer_artefact);
  EXPECT_DOUBLE_EQ(*f.saved_us, 2.5);
  // Conv_2 measured a gain in one mode: no artefact.
  EXPECT_FALSE(figures(file.reports[0].operators[1]).writer_artefact);

  const Judgement j = judge(file);
  EXPECT_EQ(j.totals.artefact_operators, 1U);
  EXPECT_DOUBLE_EQ(j.totals.artefact_saved_us, 2.5);
  ASSERT_EQ(j.reports[0].writer_artefacts.size(), 1U);
  EXPECT_EQ(j.reports[0].writer_artefacts[0], "Conv_1");
  ASSERT_EQ(count_code(j.findings, Code::writer_artefact), 1U);
  for (const Diagnostic& d : j.findings) {
    if (d.code != Code::writer_artefact) continue;
    EXPECT_EQ(d.op, "Conv_1");
    EXPECT_NE(d.message.find("Format from 10 to 9.5 µs, Schedule from 12 to 11.2 µs"),
              std::string::npos)
        << d.message;
  }
  GroupSpec spec;
  spec.keys = {GroupKey::type};
  EXPECT_EQ(group_rows({file}, spec, {}).all_artefacts, 1U);
  EXPECT_EQ(j.verdict(Strictness::strict), Verdict::passed);  // info never fails
}

// "What was found" 2: a report with operators and a repo_summary but no
// status passed `check --strict` with no findings.
TEST(Judgement, AMissingStatusIsAWarning) {
  const Judgement j = judge(fixture("check/status-missing.json"));
  EXPECT_EQ(count_code(j.findings, Code::status_missing), 1U);
  EXPECT_EQ(j.reports[0].status, Status::unknown);
  EXPECT_EQ(j.verdict(), Verdict::passed_with_warnings);
  EXPECT_EQ(j.verdict(Strictness::strict), Verdict::failed);
  EXPECT_EQ(
      count_code(judge(fixture("check/status-missing.ok.json")).findings, Code::status_missing),
      0U);
}

TEST(Judgement, AReportWithoutOpatIsAWarningOfItsOwn) {
  for (const char* name : {"check/opat-missing.json", "check/empty-report.json"}) {
    const Judgement j = judge(fixture(name));
    EXPECT_EQ(count_code(j.findings, Code::opat_missing), 1U) << name;
    EXPECT_EQ(count_code(j.findings, Code::status_missing), 0U) << name;
    EXPECT_EQ(count_code(j.findings, Code::missing_summary), 0U) << name;
    EXPECT_EQ(j.verdict(Strictness::strict), Verdict::failed) << name;
  }
}

TEST(Judgement, ACutOffReportIsNotAskedForItsStatus) {
  const ResultFile file = read_result_text(
      R"({"report_1": [{"basic": {"tuning_name": "x"}}, {"OPAT": {"repo_modified_operators": [)",
      "cut.json");
  ASSERT_TRUE(file.readable);
  const Judgement j = judge(file);
  EXPECT_EQ(count_code(j.findings, Code::status_missing), 0U);
  EXPECT_EQ(count_code(j.findings, Code::truncated), 1U);
  EXPECT_EQ(j.verdict(), Verdict::failed);  // check requires a complete file
}

TEST(Judgement, AnUnreadableFileFails) {
  const Judgement j = judge(read_result_text("not json", "x.json"));
  EXPECT_FALSE(j.readable);
  EXPECT_TRUE(j.reports.empty());
  EXPECT_EQ(j.verdict(), Verdict::failed);
  EXPECT_EQ(to_string(Verdict::passed_with_warnings), "passed with warnings");
  EXPECT_EQ(to_string(Verdict::failed), "FAILED");
}

}  // namespace
}  // namespace aoe
