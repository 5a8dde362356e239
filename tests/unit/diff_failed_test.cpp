// SPDX-License-Identifier: Apache-2.0
// diff: operators failed in NEW and fixed in NEW, and what a gate makes of
// them and of a comparison with nothing in it.
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/diff.hpp"
#include "aoe_result/reader.hpp"

// Its own namespace: the helpers share names with diff_test.cpp's, and a unity
// build compiles both in one unit.
namespace aoe::diff_failed_test {
namespace {

struct Op {
  std::string name;
  double after_us;
};

// A run of one report: `ops` tuned (Schedule and, with `two_modes`, Format
// 1 µs slower), `failed` listed among the failed operators.
ResultFile run(const std::string& path, const std::vector<Op>& ops,
               const std::vector<std::string>& failed = {}, bool two_modes = false) {
  std::string list;
  for (const Op& op : ops) {
    if (!list.empty()) list += ", ";
    const std::string after = std::to_string(op.after_us);
    list += "{\"op_name\": \"" + op.name +
            "\", \"op_type\": \"Conv2D\", \"tune_performance\": {\"Schedule\": "
            "{\"performance_before_tune(us)\": 500, \"performance_after_tune(us)\": " +
            after + "}";
    if (two_modes) {
      list +=
          ", \"Format\": {\"performance_before_tune(us)\": 500, "
          "\"performance_after_tune(us)\": " +
          std::to_string(op.after_us + 1) + "}";
    }
    list += "}}";
  }
  std::string names;
  for (const std::string& f : failed) names += (names.empty() ? "\"" : ", \"") + f + "\"";
  return read_result_text(std::string("[{\"OPAT\": {\"opat_tuning_result\": \"") +
                              (failed.empty() ? "tuning successful" : "tuning failed") +
                              "\", \"repo_modified_operators\": [" + list +
                              "], \"tuning_failed_operators\": [" + names + "]}}]",
                          path);
}

std::vector<std::string> order(const Diff& d) {
  std::vector<std::string> out;
  for (const DiffEntry& e : d.entries) {
    out.push_back(std::string(to_string(e.kind)) + ":" + std::string(e.op_name) +
                  (e.mode ? "/" + e.mode->str() : ""));
  }
  return out;
}

// NEW moved Conv_101 from the modified operators to the failed ones, and
// tuned Add_7, which failed in OLD.
TEST(DiffFailed, TunedInOldFailedInNewAndFailedInOldTunedInNew) {
  const Diff d = diff({run("old", {{"Conv_101", 243.579}, {"Mul_3", 10}}, {"Add_7"})},
                      {run("new", {{"Mul_3", 10}, {"Add_7", 40}}, {"Conv_101"})});
  EXPECT_EQ(order(d), (std::vector<std::string>{"failed-new:Conv_101", "fixed-new:Add_7",
                                                "unchanged:Mul_3"}));
  const DiffEntry& failed = d.entries[0];
  EXPECT_TRUE(failed.old_side.present());
  EXPECT_FALSE(failed.old_side.failed);
  EXPECT_FALSE(failed.new_side.present());
  EXPECT_TRUE(failed.new_side.failed);
  EXPECT_TRUE(d.entries[1].old_side.failed);
  EXPECT_EQ(d.summary.failed_new, 1U);
  EXPECT_EQ(d.summary.fixed_new, 1U);
  EXPECT_EQ(d.summary.only_old, 0U);
  EXPECT_EQ(d.summary.only_new, 0U);
  EXPECT_EQ(d.summary.compared(), 1U);
  EXPECT_DOUBLE_EQ(d.summary.old_after_us, 10);  // neither failed nor fixed is summed
}

// A name listed as failed and still among the modified operators of NEW is
// failed in NEW: the failed list is AOE's word on it. Failed in both runs,
// it is compared as usual.
TEST(DiffFailed, FailedListWinsOverTimesAndFailedInBothIsCompared) {
  const Diff d = diff({run("old", {{"a", 10}, {"b", 10}}, {"b"})},
                      {run("new", {{"a", 9}, {"b", 12}}, {"a", "b"})});
  EXPECT_EQ(order(d), (std::vector<std::string>{"failed-new:a", "regression:b"}));
  EXPECT_DOUBLE_EQ(*d.entries[0].change_us(), -1);
}

TEST(DiffFailed, PerModeEveryModeOfTheNameFails) {
  const Diff d =
      diff({run("old", {{"conv", 10}}, {}, true)}, {run("new", {}, {"conv"})}, DiffGrain::per_mode);
  EXPECT_EQ(order(d),
            (std::vector<std::string>{"failed-new:conv/Schedule", "failed-new:conv/Format"}));
}

// A name that failed in NEW and was never tuned in OLD is no entry (as
// before): only what was tuned on one side is compared.
// A name listed as failed that neither run tuned is listed last (the old
// run's failed names first), with the runs that list it; it breaks no gate
// and leaves what is judged as it was.
TEST(DiffFailed, FailedNamesTunedInNeitherRunAreListedLast) {
  const Diff d = diff({run("old", {{"a", 10}}, {"x", "z"})}, {run("new", {{"a", 10}}, {"y", "x"})});
  EXPECT_EQ(order(d), (std::vector<std::string>{"unchanged:a", "failed-untuned:x",
                                                "failed-untuned:z", "failed-untuned:y"}));
  EXPECT_EQ(d.summary.failed_untuned, 3U);
  EXPECT_EQ(d.summary.unchanged, 1U);
  const auto sides = [&](std::size_t i) {
    return std::pair{d.entries[i].old_side.failed, d.entries[i].new_side.failed};
  };
  EXPECT_EQ(sides(1), std::pair(true, true));   // x: both
  EXPECT_EQ(sides(2), std::pair(true, false));  // z: OLD
  EXPECT_EQ(sides(3), std::pair(false, true));  // y: NEW
  for (std::size_t i = 1; i < 4; ++i) {
    EXPECT_FALSE(d.entries[i].old_side.present());
    EXPECT_FALSE(d.entries[i].new_side.present());
    EXPECT_TRUE(d.entries[i].types.empty());
    EXPECT_FALSE(d.entries[i].mode.has_value());
  }
  EXPECT_FALSE(exceeds(d, 0, GateScope::per_operator));
  EXPECT_TRUE(over_limit(d, 0).empty());
  EXPECT_TRUE(judgeable(d, GateScope::per_operator));
  // Nothing tuned at all: failed names give nothing to judge.
  const Diff only_failed = diff({run("old", {}, {"x"})}, {run("new", {}, {"x"})});
  EXPECT_EQ(order(only_failed), (std::vector<std::string>{"failed-untuned:x"}));
  EXPECT_FALSE(judgeable(only_failed, GateScope::per_operator));
  EXPECT_FALSE(judgeable(only_failed, GateScope::total));
}

// A failed name with an entry under any mode is not listed again; the
// entry copied out of its `Diff` keeps its name while a copy lives.
TEST(DiffFailed, FailedNameWithAnEntryPerModeIsNotListedAgain) {
  const Diff d = diff({run("old", {{"a", 10}}, {"a", "gone"})}, {run("new", {{"a", 12}})},
                      DiffGrain::per_mode);
  ASSERT_EQ(d.entries.size(), 2U);
  EXPECT_EQ(d.entries[0].kind, DiffClass::fixed_new);
  EXPECT_EQ(d.entries[1].kind, DiffClass::failed_untuned);
  // A copy keeps the failed names after the Diff it came from is gone.
  std::optional<Diff> copy;
  {
    const Diff original = diff({run("old", {{"a", 10}}, {"a", "gone"})}, {run("new", {{"a", 12}})},
                               DiffGrain::per_mode);
    copy = original;
  }
  EXPECT_EQ(copy->entries[1].op_name, "gone");
  EXPECT_EQ(to_string(DiffClass::failed_untuned), "failed-untuned");
}

TEST(DiffFailed, FailedInNewBreaksAnyLimitPerOperatorAndForTheTotal) {
  const Diff d = diff({run("old", {{"a", 100}, {"b", 100}})}, {run("new", {{"a", 50}}, {"b"})});
  EXPECT_TRUE(exceeds(d, 1000, GateScope::per_operator));
  EXPECT_TRUE(exceeds(d, 1000, GateScope::total));  // the total is -50 %
  EXPECT_TRUE(exceeds(d, 1000, GateScope::per_operator, Artefacts::ignore));
  const std::vector<const DiffEntry*> over = over_limit(d, 1000);
  ASSERT_EQ(over.size(), 1U);
  EXPECT_EQ(over[0]->op_name, "b");
}

// What `aoe-result diff` does with a file: operators one at a time, then
// the failed lists of the reports.
TEST(DiffFailed, BuilderTakesTheFailedListsOfReportsHandedOver) {
  const ResultFile o = run("old", {{"Conv_101", 10}});
  const ResultFile n = run("new", {}, {"Conv_101"});
  DiffBuilder builder;
  for (const Operator& op : o.reports[0].operators) builder.add_old(o, o.reports[0], op);
  builder.add_new_failed(n.reports[0]);
  const Diff d = std::move(builder).finish();
  EXPECT_EQ(order(d), (std::vector<std::string>{"failed-new:Conv_101"}));
}

TEST(DiffGateJudgeable, NothingInBothRunsIsNothingToJudge) {
  const Diff disjoint = diff({run("old", {{"a", 10}})}, {run("new", {{"b", 10}})});
  EXPECT_FALSE(judgeable(disjoint, GateScope::per_operator));
  EXPECT_FALSE(judgeable(disjoint, GateScope::total));
  EXPECT_FALSE(exceeds(disjoint, 0, GateScope::per_operator));
  const Diff zero = diff({run("old", {{"a", 0}})}, {run("new", {{"a", 0}})});
  EXPECT_TRUE(judgeable(zero, GateScope::per_operator));
  EXPECT_FALSE(judgeable(zero, GateScope::total));  // no percentage of an old sum of 0
  const Diff failed = diff({run("old", {{"a", 10}})}, {run("new", {}, {"a"})});
  EXPECT_TRUE(judgeable(failed, GateScope::per_operator));
  EXPECT_TRUE(judgeable(failed, GateScope::total));
}

}  // namespace
}  // namespace aoe::diff_failed_test
