// SPDX-License-Identifier: Apache-2.0
// The writer's +1 µs artefact (format.md, "Numbers"): flagged in figures,
// totals and check.
#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"
#include "aoe_result/diff.hpp"

namespace aoe {
namespace {

ModeResult mode(double before, double after, UpdateMode update, const char* name = "Schedule") {
  ModeResult m;
  m.mode_name = name;
  m.mode = parse_tuning_mode(name);
  m.update_mode = update;
  m.before_us = before;
  m.after_us = after;
  return m;
}

TEST(WriterArtefact, AnUpdateWithinOneMicrosecondIsFlagged) {
  EXPECT_TRUE(is_writer_artefact(mode(100, 99, UpdateMode::update)));
  EXPECT_TRUE(is_writer_artefact(mode(72.046 + 1, 72.046, UpdateMode::update)));  // decimals
  EXPECT_TRUE(is_writer_artefact(mode(99.5, 99, UpdateMode::update)));
  EXPECT_TRUE(is_writer_artefact(mode(99, 99, UpdateMode::update)));
}

// The writer stores before = after + 1 when the time did not drop: an
// entry slower after tuning is never that (check's slower-after-tune).
TEST(WriterArtefact, AnUpdateSlowerAfterTuningIsNot) {
  EXPECT_FALSE(is_writer_artefact(mode(99.5, 100, UpdateMode::update)));
  EXPECT_FALSE(is_writer_artefact(mode(100, 150, UpdateMode::update)));
  Operator slower;
  slower.modes = {mode(100, 150, UpdateMode::update)};
  EXPECT_FALSE(is_writer_artefact(slower));
  EXPECT_FALSE(figures(slower).writer_artefact);
}

TEST(WriterArtefact, AMeasuredGainOrAnAddIsNot) {
  EXPECT_FALSE(is_writer_artefact(mode(101.01, 100, UpdateMode::update)));
  EXPECT_FALSE(is_writer_artefact(mode(100, 99, UpdateMode::add)));
  EXPECT_FALSE(is_writer_artefact(mode(100, 99, UpdateMode::unspecified)));
  ModeResult untimed = mode(100, 99, UpdateMode::update);
  untimed.before_us.reset();
  EXPECT_FALSE(is_writer_artefact(untimed));
}

TEST(WriterArtefact, FiguresOfAModeAndOfAnOperator) {
  EXPECT_TRUE(figures(mode(100, 99, UpdateMode::update)).writer_artefact);
  EXPECT_FALSE(figures(mode(100, 90, UpdateMode::update)).writer_artefact);
  Operator only;
  only.modes = {mode(100, 99, UpdateMode::update)};
  EXPECT_TRUE(figures(only).writer_artefact);
  // Another mode measured a real gain: the operator's saving is not the artefact.
  Operator mixed;
  mixed.modes = {mode(100, 99, UpdateMode::update, "Schedule"),
                 mode(100, 50, UpdateMode::add, "Format")};
  EXPECT_FALSE(figures(mixed).writer_artefact);
}

Operator op_with(std::string name, const ModeResult& m) {
  Operator op;
  op.name = std::move(name);
  op.modes = {m};
  return op;
}

TEST(WriterArtefact, TotalsSayHowMuchSavedTimeIsArtefact) {
  Report r;
  r.operators = {op_with("Conv_1", mode(100, 99, UpdateMode::update)),
                 op_with("Conv_2", mode(50, 40, UpdateMode::add)),
                 op_with("Conv_3", mode(20.5, 20, UpdateMode::update))};
  const Totals t = totals(r);
  EXPECT_EQ(t.timed_operators, 3U);
  EXPECT_DOUBLE_EQ(t.saved_us(), 11.5);
  EXPECT_EQ(t.artefact_operators, 2U);
  EXPECT_DOUBLE_EQ(t.artefact_saved_us, 1.5);
  Totals both = t;
  both += t;
  EXPECT_EQ(both.artefact_operators, 4U);
  EXPECT_DOUBLE_EQ(both.artefact_saved_us, 3.0);
}

TEST(WriterArtefact, CheckGivesAnInfoFinding) {
  ResultFile file;
  file.path = "x.json";
  file.readable = true;
  file.recognition = Recognition::aoe_result;
  Report r;
  r.id = "report_1";
  r.has_opat = true;
  r.status = Status::successful;
  r.status_raw = "tuning successful";
  RepoSummary s;
  s.add_num = 1;
  s.hit_num = 1;
  s.update_num = 1;
  s.reserved_num = 0;
  s.unsatisfied_num = 0;
  s.total_num = 2;
  r.repo_summary = s;
  Operator a = op_with("Conv_1", mode(100, 99, UpdateMode::update));
  a.line = 12;
  r.operators = {a, op_with("Conv_2", mode(100, 50, UpdateMode::add))};
  file.reports = {r};
  const auto findings = check(file);
  ASSERT_EQ(findings.size(), 1U);
  EXPECT_EQ(findings[0].code, "writer-artefact");
  EXPECT_EQ(findings[0].severity, Severity::info);
  EXPECT_EQ(findings[0].op, "Conv_1");
  EXPECT_EQ(findings[0].line, 12U);
  EXPECT_NE(findings[0].message.find("100 to 99 µs"), std::string::npos) << findings[0].message;
  EXPECT_TRUE(passes(findings, Strictness::strict));  // info never fails
}

TEST(WriterArtefact, DiffGateCanIgnoreChangesWithinOneMicrosecond) {
  Diff d;
  DiffEntry small;
  small.op_name = "Conv_1";
  small.kind = DiffClass::regression;
  small.old_side = {100.0, "old.json", "report_1", 1};
  small.new_side = {101.0, "new.json", "report_1", 1};  // +1 µs, +1 %
  ASSERT_TRUE(small.within_writer_artefact());
  d.entries = {small};
  EXPECT_TRUE(exceeds(d, 0.5, GateScope::per_operator));
  EXPECT_FALSE(exceeds(d, 0.5, GateScope::per_operator, Artefacts::ignore));
  EXPECT_TRUE(over_limit(d, 0.5, Artefacts::ignore).empty());
  DiffEntry big = small;
  big.op_name = "Conv_2";
  big.new_side.after_us = 105.0;  // +5 µs, +5 %
  ASSERT_FALSE(big.within_writer_artefact());
  d.entries.push_back(big);
  EXPECT_TRUE(exceeds(d, 0.5, GateScope::per_operator, Artefacts::ignore));
  ASSERT_EQ(over_limit(d, 0.5, Artefacts::ignore).size(), 1U);
  EXPECT_EQ(over_limit(d, 0.5, Artefacts::ignore)[0]->op_name, "Conv_2");
}

}  // namespace
}  // namespace aoe
