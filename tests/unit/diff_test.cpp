// SPDX-License-Identifier: Apache-2.0
// diff: joining, classes, order, summary and the gate.
#include "aoe_result/diff.hpp"

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

struct Op {
  std::string name;
  std::string modes_json;  // the tune_performance object's content
};

std::string mode(const std::string& name, double before_us, double after_us) {
  return "\"" + name + "\": {\"performance_before_tune(us)\": " + std::to_string(before_us) +
         ", \"performance_after_tune(us)\": " + std::to_string(after_us) + "}";
}

ResultFile run(const std::string& path, const std::vector<Op>& ops) {
  std::string list;
  for (const Op& op : ops) {
    if (!list.empty()) list += ", ";
    list += "{\"op_name\": \"" + op.name + "\", \"op_type\": \"Conv2D\", \"tune_performance\": {" +
            op.modes_json + "}}";
  }
  return read_result_text(
      "[{\"OPAT\": {\"opat_tuning_result\": \"tuning successful\", \"repo_modified_operators\": [" +
          list + "]}}]",
      path);
}

std::vector<std::string> order(const Diff& d) {
  std::vector<std::string> out;
  for (const DiffEntry& e : d.entries)
    out.push_back(std::string(to_string(e.kind)) + ":" + std::string(e.op_name));
  return out;
}

// Every member of every entry of `got` as in `want`.
void expect_same_entries(const Diff& got, const Diff& want) {
  ASSERT_EQ(got.entries.size(), want.entries.size());
  for (std::size_t i = 0; i < want.entries.size(); ++i) {
    const DiffEntry& x = got.entries[i];
    const DiffEntry& y = want.entries[i];
    EXPECT_EQ(x.op_name, y.op_name);
    EXPECT_EQ(x.mode, y.mode);
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.change_us(), y.change_us());
    EXPECT_EQ(x.types, y.types);
    for (const auto side : {&DiffEntry::old_side, &DiffEntry::new_side}) {
      ASSERT_EQ((x.*side).present(), (y.*side).present());
      EXPECT_EQ((x.*side).file.str(), (y.*side).file.str());
      EXPECT_EQ((x.*side).report.str(), (y.*side).report.str());
      EXPECT_EQ((x.*side).occurrences, (y.*side).occurrences);
      EXPECT_EQ((x.*side).after_us, (y.*side).after_us);
    }
  }
}

TEST(Diff, ClassesInOrderWithExactChanges) {
  const ResultFile old_run = run("old.json", {{"same", mode("Schedule", 20, 10)},
                                              {"slower10", mode("Schedule", 200, 100)},
                                              {"faster", mode("Schedule", 90, 80)},
                                              {"gone", mode("Schedule", 5, 4)},
                                              {"slower50", mode("Schedule", 30, 20)},
                                              {"faster_more", mode("Schedule", 60, 50)}});
  const ResultFile new_run = run("new.json", {{"fresh", mode("Schedule", 9, 7)},
                                              {"slower50", mode("Schedule", 30, 30)},
                                              {"faster_more", mode("Schedule", 60, 25)},
                                              {"same", mode("Schedule", 20, 10)},
                                              {"faster", mode("Schedule", 90, 72)},
                                              {"slower10", mode("Schedule", 200, 110)}});
  const Diff d = diff({old_run}, {new_run});
  EXPECT_EQ(order(d),
            (std::vector<std::string>{"regression:slower50", "regression:slower10",
                                      "improvement:faster_more", "improvement:faster",
                                      "unchanged:same", "only-old:gone", "only-new:fresh"}));
  const DiffEntry& first = d.entries[0];
  EXPECT_DOUBLE_EQ(*first.old_side.after_us, 20);
  EXPECT_DOUBLE_EQ(*first.new_side.after_us, 30);
  EXPECT_DOUBLE_EQ(*first.change_us(), 10);
  EXPECT_DOUBLE_EQ(*first.change_pct(), 50);
  EXPECT_DOUBLE_EQ(*d.entries[2].change_pct(), -50);
  EXPECT_DOUBLE_EQ(*d.entries[3].change_pct(), -10);
  EXPECT_DOUBLE_EQ(*d.entries[4].change_us(), 0);
  EXPECT_FALSE(d.entries[5].new_side.present());
  EXPECT_FALSE(d.entries[6].old_side.present());
  EXPECT_FALSE(d.entries[5].change_pct());

  const DiffSummary& s = d.summary;
  EXPECT_EQ(s.regressions, 2U);
  EXPECT_EQ(s.improvements, 2U);
  EXPECT_EQ(s.unchanged, 1U);
  EXPECT_EQ(s.only_old, 1U);
  EXPECT_EQ(s.only_new, 1U);
  EXPECT_EQ(s.compared(), 5U);
  EXPECT_DOUBLE_EQ(s.old_after_us, 10 + 100 + 80 + 20 + 50);  // 260
  EXPECT_DOUBLE_EQ(s.new_after_us, 10 + 110 + 72 + 30 + 25);  // 247
  EXPECT_DOUBLE_EQ(s.change_us(), -13);
  EXPECT_DOUBLE_EQ(*s.change_pct(), -5);
}

// Thousands of keys on each side: both key tables grow many times (their
// slots moved, not hashed again), and every shared name is still found:
// 3,000 operators each, 2,000 of them in both (every fifth slower in NEW),
// the old run's names in another order than the new one's; per mode too.
TEST(Diff, ThousandsOfKeysAreAllFoundAfterTheTablesGrow) {
  std::vector<Op> old_ops;
  std::vector<Op> new_ops;
  for (int i = 2999; i >= 0; --i)
    old_ops.push_back({"op_" + std::to_string(i), mode("Schedule", 20, 10)});
  for (int i = 1000; i < 4000; ++i) {
    new_ops.push_back({"op_" + std::to_string(i), mode("Schedule", 20, i % 5 == 0 ? 15 : 10)});
  }
  const ResultFile old_run = run("old.json", old_ops);
  const ResultFile new_run = run("new.json", new_ops);
  for (const DiffGrain grain : {DiffGrain::per_operator, DiffGrain::per_mode}) {
    const Diff d = diff({old_run}, {new_run}, grain);
    const DiffSummary& s = d.summary;
    EXPECT_EQ(s.regressions, 400U);
    EXPECT_EQ(s.unchanged, 1600U);
    EXPECT_EQ(s.only_old, 1000U);
    EXPECT_EQ(s.only_new, 1000U);
    EXPECT_EQ(d.entries.size(), 4000U);
  }
}

TEST(Diff, GatePerOperatorAndTotal) {
  const Diff d = diff({run("o", {{"a", mode("Format", 9, 100)}, {"b", mode("Format", 9, 100)}})},
                      {run("n", {{"a", mode("Format", 9, 150)}, {"b", mode("Format", 9, 60)}})});
  // a: +50 %; total 200 → 210: +5 %.
  EXPECT_TRUE(exceeds(d, 10, GateScope::per_operator));
  EXPECT_FALSE(exceeds(d, 50, GateScope::per_operator));  // not *more* than 50
  EXPECT_TRUE(exceeds(d, 49.9, GateScope::per_operator));
  EXPECT_FALSE(exceeds(d, 10, GateScope::total));
  EXPECT_TRUE(exceeds(d, 4.9, GateScope::total));
  const auto over = over_limit(d, 10);
  ASSERT_EQ(over.size(), 1U);
  EXPECT_EQ(over[0]->op_name, "a");
  EXPECT_TRUE(over_limit(d, 60).empty());
}

TEST(Diff, NoRegressionPassesEveryGate) {
  const Diff d =
      diff({run("o", {{"a", mode("Format", 9, 100)}})}, {run("n", {{"a", mode("Format", 9, 90)}})});
  EXPECT_FALSE(exceeds(d, 0, GateScope::per_operator));
  EXPECT_FALSE(exceeds(d, 0, GateScope::total));
}

TEST(Diff, FromZeroIsARegressionWithoutPercentThatBreaksAnyLimit) {
  const Diff d =
      diff({run("o", {{"a", mode("Format", 9, 0)}})}, {run("n", {{"a", mode("Format", 9, 3)}})});
  ASSERT_EQ(d.entries.size(), 1U);
  EXPECT_EQ(d.entries[0].kind, DiffClass::regression);
  EXPECT_FALSE(d.entries[0].change_pct());
  EXPECT_DOUBLE_EQ(*d.entries[0].change_us(), 3);
  EXPECT_TRUE(exceeds(d, 1000, GateScope::per_operator));
  EXPECT_FALSE(d.summary.change_pct());  // old total 0: no percentage
  EXPECT_FALSE(exceeds(d, 1000, GateScope::total));
}

TEST(Diff, PerOperatorUsesSmallestAfterPerModeJoinsByMode) {
  const ResultFile old_run =
      run("o", {{"fused", mode("Format", 88, 80) + ", " + mode("Schedule", 80, 64)}});
  const ResultFile new_run =
      run("n", {{"fused", mode("Format", 88, 70) + ", " + mode("Impl", 80, 66)}});
  const Diff per_op = diff({old_run}, {new_run}, DiffGrain::per_operator);
  ASSERT_EQ(per_op.entries.size(), 1U);
  EXPECT_FALSE(per_op.entries[0].mode);
  EXPECT_DOUBLE_EQ(*per_op.entries[0].old_side.after_us, 64);
  EXPECT_DOUBLE_EQ(*per_op.entries[0].new_side.after_us, 66);
  EXPECT_EQ(per_op.entries[0].kind, DiffClass::regression);

  const Diff per_mode = diff({old_run}, {new_run}, DiffGrain::per_mode);
  std::vector<std::string> got;
  for (const DiffEntry& e : per_mode.entries) {
    got.push_back(std::string(to_string(e.kind)) + ":" + std::string(e.op_name) + "/" +
                  (e.mode ? e.mode->str() : std::string("?")));
  }
  EXPECT_EQ(got, (std::vector<std::string>{"improvement:fused/Format", "only-old:fused/Schedule",
                                           "only-new:fused/Impl"}));
  EXPECT_DOUBLE_EQ(*per_mode.entries[0].change_pct(), -12.5);
}

// A name found several times on one side (several files, or several reports):
// the last occurrence in input order is compared, and the count is kept.
TEST(Diff, RepeatedNameUsesLastOccurrence) {
  const ResultFile old1 = run("old1.json", {{"a", mode("Format", 9, 100)}});
  const ResultFile old2 = run("old2.json", {{"a", mode("Format", 9, 40)}});
  const ResultFile new1 = run("new1.json", {{"a", mode("Format", 9, 50)}});
  const Diff d = diff({old1, old2}, {new1});
  ASSERT_EQ(d.entries.size(), 1U);
  const DiffEntry& e = d.entries[0];
  EXPECT_EQ(e.kind, DiffClass::regression);  // 40 → 50, not 100 → 50
  EXPECT_DOUBLE_EQ(*e.change_pct(), 25);
  EXPECT_EQ(e.old_side.file, "old2.json");
  EXPECT_EQ(e.old_side.occurrences, 2U);
  EXPECT_EQ(e.new_side.occurrences, 1U);
  EXPECT_EQ(d.summary.old_repeated, 1U);
  EXPECT_EQ(d.summary.new_repeated, 0U);
}

TEST(Diff, ChangeOfAtMostOneMicrosecondIsFlagged) {
  const Diff d = diff({run("o", {{"a", mode("F", 9, 10)},
                                 {"b", mode("F", 9, 10)},
                                 {"c", mode("F", 9, 10)},
                                 {"d", mode("F", 9, 10)}})},
                      {run("n", {{"a", mode("F", 9, 11)},
                                 {"b", mode("F", 9, 11.5)},
                                 {"c", mode("F", 9, 9)},
                                 {"d", mode("F", 9, 10)}})});
  std::vector<std::string> flagged;
  for (const DiffEntry& e : d.entries) {
    if (e.within_writer_artefact()) flagged.emplace_back(e.op_name);
  }
  EXPECT_EQ(flagged, (std::vector<std::string>{"a", "c"}));
}

TEST(Diff, MissingAfterTimeIsNotComparable) {
  const ResultFile old_run = read_result_text(
      R"j([{"OPAT": {"repo_modified_operators": [{"op_name": "a", "op_type": "X",
          "tune_performance": {"Format": {"performance_before_tune(us)": 5}}}]}}])j",
      "o");
  const Diff d = diff({old_run}, {run("n", {{"a", mode("Format", 9, 3)}})});
  ASSERT_EQ(d.entries.size(), 1U);
  EXPECT_EQ(d.entries[0].kind, DiffClass::untimed);
  EXPECT_EQ(d.summary.untimed, 1U);
  EXPECT_EQ(d.summary.compared(), 0U);
}

TEST(Diff, UnreadableFilesContributeNothing) {
  const ResultFile bad = read_result_text("{oops", "bad");
  const Diff d = diff({bad}, {run("n", {{"a", mode("Format", 9, 3)}})});
  ASSERT_EQ(d.entries.size(), 1U);
  EXPECT_EQ(d.entries[0].kind, DiffClass::only_new);
}

TEST(Diff, SharedExampleAgainstCopyWithOneOperatorFiftyPercentSlower) {
  const ResultFile old_run = test::read_data(test::k8x);
  const ResultFile new_run =
      test::read_data("diff/aoe_result_opat_20250502_091500000_pid18231.json");
  const Diff d = diff({old_run}, {new_run});
  // res4a_branch1: listed as failed in both files, tuned in neither.
  ASSERT_EQ(d.entries.size(), 22U);
  EXPECT_EQ(d.entries[21].op_name, "res4a_branch1");
  EXPECT_EQ(d.entries[21].kind, DiffClass::failed_untuned);
  EXPECT_TRUE(d.entries[21].old_side.failed && d.entries[21].new_side.failed);
  EXPECT_EQ(d.summary.failed_untuned, 1U);
  EXPECT_EQ(d.entries[0].op_name, "Conv_101");
  EXPECT_EQ(d.entries[0].kind, DiffClass::regression);
  EXPECT_NEAR(*d.entries[0].change_pct(), 50.0, 1e-9);
  EXPECT_EQ(d.summary.regressions, 1U);
  EXPECT_EQ(d.summary.unchanged, 20U);
  EXPECT_NEAR(d.summary.old_after_us, 3335.543 + 184.96, 1e-6);
  EXPECT_NEAR(d.summary.change_us(), 121.7895, 1e-6);
}

// Many entries of every class, in an order the sort must change a lot:
// the order in place (indices sorted, then cycles) is the stable order.
TEST(Diff, LargeComparisonIsInStableOrderOfClassAndMagnitude) {
  std::vector<Op> old_ops;
  std::vector<Op> new_ops;
  for (int i = 0; i < 300; ++i) {
    const std::string name = "op" + std::to_string(i);
    const double old_after = 100;
    // Regressions by (i % 7) + 1 %, improvements by (i % 5) + 1 %, ties
    // among equal magnitudes kept in order of appearance.
    double new_after = old_after;
    if (i % 4 == 0) new_after = old_after * (1 + ((i % 7) + 1) / 100.0);
    if (i % 4 == 1) new_after = old_after * (1 - ((i % 5) + 1) / 100.0);
    if (i % 4 != 3) old_ops.push_back({name, mode("Schedule", 200, old_after)});
    new_ops.push_back({name, mode("Schedule", 200, new_after)});
  }
  const Diff d = diff({run("old.json", old_ops)}, {run("new.json", new_ops)});
  ASSERT_EQ(d.entries.size(), 300U);
  std::vector<std::string> expected;
  for (int pct = 7; pct >= 1; --pct) {
    for (int i = 0; i < 300; i += 4) {
      if ((i % 7) + 1 == pct) expected.push_back("regression:op" + std::to_string(i));
    }
  }
  for (int pct = 5; pct >= 1; --pct) {
    for (int i = 1; i < 300; i += 4) {
      if ((i % 5) + 1 == pct) expected.push_back("improvement:op" + std::to_string(i));
    }
  }
  for (int i = 2; i < 300; i += 4) expected.push_back("unchanged:op" + std::to_string(i));
  for (int i = 3; i < 300; i += 4) expected.push_back("only-new:op" + std::to_string(i));
  EXPECT_EQ(order(d), expected);
  EXPECT_EQ(d.summary.regressions, 75U);
  EXPECT_EQ(d.summary.improvements, 75U);
  EXPECT_EQ(d.summary.unchanged, 75U);
  EXPECT_EQ(d.summary.only_new, 75U);
}

// A builder given one run at a time, each released before the next, gives
// what `diff` of both gives (the builder refers to nothing of the models).
TEST(Diff, BuilderOneRunAtATimeEqualsDiffOfBoth) {
  const auto old_files = [] {
    return std::vector<ResultFile>{
        run("old1.json", {{"a", mode("Format", 9, 100) + ", " + mode("Schedule", 9, 80)},
                          {"a_long_operator_name_beyond_the_small_string", mode("Format", 9, 50)}}),
        run("old2.json", {{"b", mode("Format", 9, 30)}, {"a", mode("Format", 9, 70)}})};
  };
  const auto new_files = [] {
    return std::vector<ResultFile>{
        run("new.json", {{"a", mode("Format", 9, 75)},
                         {"a_long_operator_name_beyond_the_small_string", mode("Format", 9, 40)},
                         {"c", mode("Format", 9, 1)}})};
  };
  for (const DiffGrain grain : {DiffGrain::per_operator, DiffGrain::per_mode}) {
    const Diff both = diff(old_files(), new_files(), grain);
    DiffBuilder builder(grain);
    {
      const std::vector<ResultFile> o = old_files();
      builder.add_old(o);
    }
    {
      const std::vector<ResultFile> n = new_files();
      builder.add_new(n);
    }
    const Diff staged = std::move(builder).finish();
    expect_same_entries(staged, both);
    EXPECT_EQ(staged.summary.old_repeated, 1U);
    EXPECT_EQ(staged.summary.only_old, grain == DiffGrain::per_mode ? 2U : 1U);
    EXPECT_EQ(staged.summary.only_new, 1U);
  }
}

// One operator at a time, as the reader hands them over, and the two runs
// from two threads at once: the same comparison as `diff` of the files.
TEST(DiffBuilder, OperatorByOperatorAndRunsAtOnceGiveTheSameDiff) {
  const std::vector<ResultFile> old_run{
      run("old1.json", {{"a", mode("Format", 9, 100) + ", " + mode("Schedule", 9, 80)},
                        {"b", mode("Format", 9, 50)}}),
      run("old2.json", {{"a", mode("Format", 9, 70)}, {"c", mode("Format", 9, 0)}})};
  const std::vector<ResultFile> new_run{run("new.json", {{"a", mode("Format", 9, 75)},
                                                         {"c", mode("Format", 9, 1)},
                                                         {"d", mode("Schedule", 9, 3)},
                                                         {"a", mode("Format", 9, 69)}})};
  const auto feed = [](DiffBuilder& b, const std::vector<ResultFile>& files, bool old_side) {
    for (const ResultFile& f : files) {
      for (const Report& r : f.reports) {
        for (const Operator& op : r.operators) {
          if (old_side) {
            b.add_old(f, r, op);
          } else {
            b.add_new(f, r, op);
          }
        }
      }
    }
  };
  for (const DiffGrain grain : {DiffGrain::per_operator, DiffGrain::per_mode}) {
    const Diff whole = diff(old_run, new_run, grain);
    DiffBuilder in_turn(grain);
    feed(in_turn, new_run, false);  // either run first
    feed(in_turn, old_run, true);
    DiffBuilder at_once(grain);
    std::thread old_thread([&] { feed(at_once, old_run, true); });
    feed(at_once, new_run, false);
    old_thread.join();
    for (const Diff& d : {std::move(in_turn).finish(), std::move(at_once).finish()}) {
      expect_same_entries(d, whole);
      EXPECT_EQ(d.summary.old_repeated, whole.summary.old_repeated);
      EXPECT_EQ(d.summary.new_repeated, 1U);  // "a" twice in new.json
    }
  }
}

// Names live in storage the Diff shares with its copies: a copy outlives
// the original.
TEST(DiffBuilder, NamesOutliveTheDiffTheyCameFrom) {
  std::optional<Diff> copy;
  {
    const std::string long_name(300000, 'x');  // beyond a block of the name storage
    const Diff d = diff({run("o", {{long_name, mode("F", 9, 10)}, {"short", mode("F", 9, 1)}})},
                        {run("n", {{long_name, mode("F", 9, 12)}})});
    copy = d;
  }
  ASSERT_EQ(copy->entries.size(), 2U);
  EXPECT_EQ(copy->entries[0].op_name, std::string(300000, 'x'));
  EXPECT_EQ(copy->entries[1].op_name, "short");
  EXPECT_EQ(copy->entries[1].kind, DiffClass::only_old);
}

}  // namespace
}  // namespace aoe
