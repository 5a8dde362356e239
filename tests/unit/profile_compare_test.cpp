// SPDX-License-Identifier: Apache-2.0
// Result files against a profile, and two profiles compared
// (src/profile/profile_compare.cpp), on profiles and results made by hand.
#include "aoe_result/profile_compare.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.hpp"

namespace aoe {
namespace {

using test::timed_operator;

/// A profile operator of `calls` rows of `mean` µs each.
ProfileOperator prof_op(const std::string& name, const std::string& type, std::size_t calls,
                        double mean) {
  ProfileOperator op;
  op.name = name;
  op.type = type;
  op.task_type = "AI_CORE";
  op.stats.calls = calls;
  op.stats.timed_calls = calls;
  op.stats.total_us = mean * static_cast<double>(calls);
  op.stats.mean_us = mean;
  op.stats.median_us = mean;
  op.stats.p95_us = mean;
  return op;
}

/// A profile of `ops`, ordered and shared as the reader does.
Profile profile_of(std::vector<ProfileOperator> ops, std::vector<double> steps = {}) {
  Profile p;
  for (const ProfileOperator& op : ops) {
    p.total_us += op.stats.total_us;
    p.rows += op.stats.calls;
  }
  std::stable_sort(ops.begin(), ops.end(), [](const ProfileOperator& a, const ProfileOperator& b) {
    return a.stats.total_us > b.stats.total_us;
  });
  for (ProfileOperator& op : ops) op.share = op.stats.total_us / p.total_us;
  p.operators = std::move(ops);
  std::int64_t id = 1;
  for (double s : steps) p.steps.push_back({id++, 1, s});
  return p;
}

ResultFile result_of(std::vector<Operator> ops, std::vector<std::string> failed = {}) {
  ResultFile f;
  f.path = "run.json";
  f.readable = true;
  f.recognition = Recognition::aoe_result;
  Report r;
  r.id = "report_1";
  r.operators = std::move(ops);
  r.failed_operators = std::move(failed);
  f.reports.push_back(std::move(r));
  return f;
}

const CrossCheckEntry& entry(const CrossCheck& c, const std::string& name) {
  for (const CrossCheckEntry& e : c.entries) {
    if (e.name == name) return e;
  }
  throw std::runtime_error("no entry " + name);
}

TEST(CrossCheck, VerdictsAgainstAoeAfterTimeWithinTolerance) {
  const Profile p = profile_of({prof_op("Conv_1", "Conv2D", 10, 50.0),      // AOE after 46
                                prof_op("MatMul_2", "MatMulV2", 10, 90.0),  // AOE after 60
                                prof_op("Relu_3", "Relu", 4, 5.0)});
  const std::vector<ResultFile> files{result_of(
      {timed_operator("Conv_1", "Conv2D", 80, 46), timed_operator("MatMul_2", "MatMulV2", 100, 60),
       timed_operator("Gone_4", "Add", 10, 9)},
      {"Relu_3"})};
  const CrossCheck c = cross_check(files, p);
  ASSERT_EQ(c.entries.size(), 3U);
  // 50 is 8.70 % above 46: within the 10 % tolerance.
  EXPECT_EQ(entry(c, "Conv_1").verdict, CrossCheckVerdict::as_tuned);
  EXPECT_NEAR(*entry(c, "Conv_1").mean_vs_aoe_after_pct, 8.695652173913043, 1e-12);
  EXPECT_EQ(entry(c, "MatMul_2").verdict, CrossCheckVerdict::slower_than_aoe);
  EXPECT_DOUBLE_EQ(*entry(c, "MatMul_2").mean_vs_aoe_after_pct, 50.0);
  EXPECT_EQ(entry(c, "Gone_4").verdict, CrossCheckVerdict::not_in_profile);
  EXPECT_FALSE(entry(c, "Gone_4").profile.has_value());
  EXPECT_EQ(c.matched, 2U);
  EXPECT_EQ(c.as_tuned, 1U);
  EXPECT_EQ(c.slower, 1U);
  EXPECT_EQ(c.unmatched, std::vector<std::string>{"Gone_4"});
  EXPECT_DOUBLE_EQ(*entry(c, "Conv_1").profile->share, 500.0 / 1420.0);
  // Relu_3 was never tuned (it failed): the only untuned operator.
  ASSERT_EQ(c.hottest_untuned.size(), 1U);
  EXPECT_EQ(c.hottest_untuned[0].name, "Relu_3");
  EXPECT_TRUE(c.hottest_untuned[0].failed_in_aoe);
  EXPECT_EQ(c.untuned_operators, 1U);
  EXPECT_DOUBLE_EQ(c.untuned_total_us, 20.0);
  EXPECT_DOUBLE_EQ(*c.untuned_share, 20.0 / 1420.0);
}

TEST(CrossCheck, ExactlyAtToleranceIsAsTunedAndBelowAfterToo) {
  const Profile p = profile_of({prof_op("A", "Add", 1, 110.0), prof_op("B", "Add", 1, 20.0)});
  const CrossCheck c = cross_check(
      {result_of({timed_operator("A", "Add", 200, 100), timed_operator("B", "Add", 200, 100)})}, p);
  EXPECT_EQ(entry(c, "A").verdict, CrossCheckVerdict::as_tuned);
  EXPECT_EQ(entry(c, "B").verdict, CrossCheckVerdict::as_tuned);
  CrossCheckOptions strict;
  strict.tolerance_pct = 5;
  EXPECT_EQ(entry(cross_check({result_of({timed_operator("A", "Add", 200, 100)})}, p, strict), "A")
                .verdict,
            CrossCheckVerdict::slower_than_aoe);
}

TEST(CrossCheck, AclnnNameIsNotMatchedButOfferedAsCandidate) {
  const Profile p = profile_of({prof_op("aclnnMatmul_MatMulCommon_MatMulV2", "MatMulV2", 3, 40.0)});
  const CrossCheck c =
      cross_check({result_of({timed_operator("MatMulV2", "MatMulV2", 50, 30)})}, p);
  const CrossCheckEntry& e = entry(c, "MatMulV2");
  EXPECT_EQ(e.verdict, CrossCheckVerdict::not_in_profile);
  EXPECT_EQ(e.candidates, std::vector<std::string>{"aclnnMatmul_MatMulCommon_MatMulV2"});
  EXPECT_EQ(c.matched, 0U);
  EXPECT_EQ(c.hottest_untuned.size(), 1U);
}

TEST(CrossCheck, UnusableAoeTimeOrUntimedRowsAreNotJudged) {
  ProfileOperator na = prof_op("Hccl_1", "HcomAllReduce", 2, 0.0);
  na.stats.timed_calls = 0;
  na.stats.mean_us.reset();
  const Profile p = profile_of({prof_op("A", "Add", 1, 10.0), na});
  Operator no_after = timed_operator("A", "Add", 20, 10);
  no_after.modes[0].after_us.reset();
  const CrossCheck c =
      cross_check({result_of({no_after, timed_operator("Hccl_1", "HcomAllReduce", 20, 10)})}, p);
  EXPECT_EQ(entry(c, "A").verdict, CrossCheckVerdict::not_judged);
  EXPECT_EQ(entry(c, "Hccl_1").verdict, CrossCheckVerdict::not_judged);
  EXPECT_EQ(c.not_judged, 2U);
  EXPECT_EQ(c.matched, 2U);
  EXPECT_FALSE(entry(c, "A").mean_vs_aoe_after_pct.has_value());
}

TEST(CrossCheck, SameNameOfTwoTypesIsPooledAndUnreadableFilesSkipped) {
  const Profile p = profile_of({prof_op("X", "Cast", 2, 10.0), prof_op("X", "Cast2", 2, 20.0)});
  ResultFile bad;
  bad.readable = false;
  const CrossCheck c = cross_check({bad, result_of({timed_operator("X", "Cast", 40, 15)})}, p);
  EXPECT_EQ(c.result_files, 1U);
  ASSERT_TRUE(entry(c, "X").profile);
  EXPECT_EQ(entry(c, "X").profile->calls, 4U);
  EXPECT_DOUBLE_EQ(*entry(c, "X").profile->mean_us, 15.0);
  EXPECT_EQ(entry(c, "X").profile->type, "Cast2");
  EXPECT_EQ(entry(c, "X").verdict, CrossCheckVerdict::as_tuned);
}

TEST(CrossCheck, NameTunedTwiceTakesLastFigures) {
  const Profile p = profile_of({prof_op("A", "Add", 1, 10.0)});
  const CrossCheck c = cross_check({result_of({timed_operator("A", "Add", 40, 30)}),
                                    result_of({timed_operator("A", "Add", 40, 9.5)})},
                                   p);
  ASSERT_EQ(c.entries.size(), 1U);
  EXPECT_EQ(c.entries[0].occurrences, 2U);
  EXPECT_DOUBLE_EQ(*c.entries[0].aoe_after_us, 9.5);
}

TEST(CrossCheck, HottestUntunedIsBoundedAndInProfileOrder) {
  std::vector<ProfileOperator> ops;
  for (int i = 0; i < 15; ++i)
    ops.push_back(prof_op("Op_" + std::to_string(i), "Add", 1, 100.0 - i));
  const CrossCheck c = cross_check({}, profile_of(ops));
  ASSERT_EQ(c.hottest_untuned.size(), kDefaultHottestUntuned);
  EXPECT_EQ(c.hottest_untuned[0].name, "Op_0");
  EXPECT_EQ(c.untuned_operators, 15U);
  EXPECT_TRUE(c.entries.empty());
}

TEST(StepPercentile, NearestRank) {
  std::vector<double> v;
  for (int i = 20; i >= 1; --i) v.push_back(i);
  EXPECT_DOUBLE_EQ(*step_percentile(v, 95), 19.0);
  EXPECT_DOUBLE_EQ(*step_percentile(v, 99), 20.0);
  EXPECT_DOUBLE_EQ(*step_percentile(v, 50), 10.0);
  std::vector<double> one{7};
  EXPECT_DOUBLE_EQ(*step_percentile(one, 99), 7.0);
  std::vector<double> none;
  EXPECT_FALSE(step_percentile(none, 95).has_value());
}

TEST(CompareProfiles, OperatorsTotalsAndSteps) {
  const Profile before =
      profile_of({prof_op("Conv_1", "Conv2D", 10, 50.0), prof_op("Old", "Cast", 2, 5.0)},
                 {100, 110, 120, 130});
  const Profile after = profile_of(
      {prof_op("Conv_1", "Conv2D", 10, 40.0), prof_op("New", "Cast", 1, 3.0)}, {90, 95, 100, 105});
  const ProfileComparison c = compare_profiles(before, after);
  EXPECT_EQ(c.in_both, 1U);
  EXPECT_EQ(c.added, 1U);
  EXPECT_EQ(c.removed, 1U);
  ASSERT_EQ(c.operators.size(), 3U);
  EXPECT_EQ(c.operators[0].name, "Conv_1");
  ASSERT_TRUE(c.operators[0].total_change_us.has_value());
  EXPECT_DOUBLE_EQ(*c.operators[0].total_change_us, -100.0);
  EXPECT_DOUBLE_EQ(*c.operators[0].mean_change_pct, -20.0);
  EXPECT_EQ(c.operators[1].name, "Old");
  EXPECT_EQ(c.operators[1].presence, Presence::removed);
  EXPECT_FALSE(c.operators[1].mean_change_pct.has_value());
  EXPECT_EQ(c.operators[2].presence, Presence::added);
  EXPECT_DOUBLE_EQ(c.before_total_us, 510.0);
  EXPECT_DOUBLE_EQ(c.after_total_us, 403.0);
  EXPECT_NEAR(*c.total_change_pct, -20.980392156862745, 1e-12);
  ASSERT_TRUE(c.before_steps && c.after_steps);
  EXPECT_DOUBLE_EQ(c.before_steps->p95_us, 130.0);
  EXPECT_DOUBLE_EQ(c.after_steps->p99_us, 105.0);
  EXPECT_NEAR(*c.p95_change_pct, -19.230769230769234, 1e-12);
  EXPECT_FALSE(c.with_results);
}

// An operator with durations in one profile and none read in the other
// (every row N/A): its total change is unknown, listed first, and the
// totals do not compare, so they are no gain (was -5.8% "gained" by the
// lost durations).
TEST(CompareProfiles, OperatorTimedInOneProfileOnlyMakesTotalsUnlike) {
  ProfileOperator untimed = prof_op("Concat_201", "ConcatD", 4, 0.0);
  untimed.stats.timed_calls = 0;
  untimed.stats.total_us = 0.0;
  untimed.stats.mean_us = std::nullopt;
  untimed.stats.median_us = std::nullopt;
  untimed.stats.p95_us = std::nullopt;
  ProfileOperator hccl_before = untimed;  // N/A in both: not unlike
  hccl_before.name = "hcom_allReduce_0";
  const Profile before = profile_of({prof_op("Conv_1", "Conv2D", 10, 50.0),
                                     prof_op("Concat_201", "ConcatD", 4, 10.0), hccl_before});
  const Profile after = profile_of({prof_op("Conv_1", "Conv2D", 10, 50.0), untimed, hccl_before});
  const ProfileComparison c = compare_profiles(before, after);
  ASSERT_EQ(c.operators.size(), 3U);
  EXPECT_EQ(c.operators[0].name, "Concat_201");
  EXPECT_FALSE(c.operators[0].total_change_us.has_value());
  EXPECT_EQ(c.timed_in_one_only, std::vector<std::string>{"Concat_201"});
  // The operator untimed in both has an unknown change too, not 0.
  const auto hccl =
      std::find_if(c.operators.begin(), c.operators.end(),
                   [](const OperatorChange& o) { return o.name == "hcom_allReduce_0"; });
  ASSERT_NE(hccl, c.operators.end());
  EXPECT_FALSE(hccl->total_change_us.has_value());
}

TEST(CompareProfiles, NoStepsGivesNoPercentiles) {
  const Profile before = profile_of({prof_op("A", "Add", 1, 10.0)}, {10, 20});
  const Profile after = profile_of({prof_op("A", "Add", 1, 10.0)});
  const ProfileComparison c = compare_profiles(before, after);
  EXPECT_TRUE(c.before_steps.has_value());
  EXPECT_FALSE(c.after_steps.has_value());
  EXPECT_FALSE(c.p95_change_pct.has_value());
  EXPECT_FALSE(c.p99_change_pct.has_value());
  EXPECT_DOUBLE_EQ(*c.total_change_pct, 0.0);
}

TEST(CompareProfiles, EmptyBeforeHasNoTotalChange) {
  const ProfileComparison c = compare_profiles(Profile{}, profile_of({prof_op("A", "Add", 1, 1)}));
  EXPECT_FALSE(c.total_change_pct.has_value());
  EXPECT_EQ(c.added, 1U);
}

TEST(CompareProfiles, TunedOperatorsBesideAoeClaim) {
  const Profile before =
      profile_of({prof_op("Conv_1", "Conv2D", 10, 50.0), prof_op("MatMul_2", "MatMulV2", 10, 80.0),
                  prof_op("Slow_3", "Add", 1, 10.0)});
  const Profile after =
      profile_of({prof_op("Conv_1", "Conv2D", 10, 40.0), prof_op("MatMul_2", "MatMulV2", 10, 81.0),
                  prof_op("Slow_3", "Add", 1, 12.0)});
  const std::vector<ResultFile> results{result_of(
      {timed_operator("Conv_1", "Conv2D", 50, 38), timed_operator("MatMul_2", "MatMulV2", 80, 60),
       timed_operator("Slow_3", "Add", 10, 8), timed_operator("Missing", "Add", 10, 8)})};
  const ProfileComparison c = compare_profiles(before, after, &results);
  ASSERT_TRUE(c.with_results);
  ASSERT_EQ(c.tuned.size(), 4U);
  EXPECT_EQ(c.tuned[0].verdict, TunedChangeVerdict::faster);
  EXPECT_DOUBLE_EQ(*c.tuned[0].profiled_improvement_pct, 25.0);  // (50-40)/40
  EXPECT_NEAR(*c.tuned[0].aoe_improvement_pct, 31.578947368421055, 1e-12);
  EXPECT_EQ(c.tuned[1].verdict, TunedChangeVerdict::unchanged);  // +1.25 %
  EXPECT_EQ(c.tuned[2].verdict, TunedChangeVerdict::slower);
  EXPECT_EQ(c.tuned[3].verdict, TunedChangeVerdict::not_in_both);
  EXPECT_EQ(c.tuned_in_both, 3U);
  EXPECT_EQ(c.tuned_faster, 1U);
  EXPECT_EQ(c.tuned_unchanged, 1U);
  EXPECT_EQ(c.tuned_slower, 1U);
  EXPECT_FALSE(c.stale_cache_suspected);
}

TEST(CompareProfiles, EveryTunedOperatorUnchangedSuspectsStaleCache) {
  const Profile before = profile_of({prof_op("A", "Add", 10, 50.0), prof_op("B", "Mul", 1, 9.0)});
  const Profile after = profile_of({prof_op("A", "Add", 10, 50.9), prof_op("B", "Mul", 1, 3.0)});
  const std::vector<ResultFile> results{
      result_of({timed_operator("A", "Add", 50, 30), timed_operator("Missing", "Add", 10, 8)})};
  const ProfileComparison c = compare_profiles(before, after, &results);
  EXPECT_EQ(c.tuned_in_both, 1U);
  EXPECT_TRUE(c.stale_cache_suspected);
  // No tuned operator in both profiles: nothing says the cache was stale.
  const std::vector<ResultFile> none{result_of({timed_operator("Missing", "Add", 10, 8)})};
  EXPECT_FALSE(compare_profiles(before, after, &none).stale_cache_suspected);
}

}  // namespace
}  // namespace aoe

namespace aoe {
namespace {

TEST(SelectFromProfile, MostTimeFirstLeavingOutTunedWithGainAndSmall) {
  const Profile p = profile_of({prof_op("A", "MatMulV2", 10, 100.0),
                                prof_op("B", "Conv2D", 10, 50.0), prof_op("C", "Add", 10, 30.0),
                                prof_op("D", "Cast", 1, 1.0), prof_op("B", "Conv2DV2", 1, 5.0)});
  // A tuned with a gain; C tuned without one (stays a candidate).
  const std::vector<ResultFile> results{
      result_of({timed_operator("A", "MatMulV2", 120, 100), timed_operator("C", "Add", 30, 30)})};
  ProfileRetuneCriteria criteria;
  criteria.top = 2;
  const ProfileRetuneSelection sel = select_from_profile(p, results, criteria);
  EXPECT_EQ(sel.names, (std::vector<std::string>{"B", "C"}));
  EXPECT_EQ(sel.types, (std::vector<std::string>{"Conv2D", "Conv2DV2", "Add"}));
  EXPECT_EQ(sel.already_tuned, std::vector<std::string>{"A"});
  EXPECT_EQ(sel.candidates, 4U);

  criteria.top = 10;
  criteria.min_share_pct = 5;  // D is 1 of 1806 µs
  const ProfileRetuneSelection big = select_from_profile(p, {}, criteria);
  EXPECT_EQ(big.names, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(big.below_share, 1U);
}

TEST(SelectFromProfile, TopZeroChoosesEveryOne) {
  const Profile p = profile_of({prof_op("A", "MatMulV2", 10, 100.0),
                                prof_op("B", "Conv2D", 10, 50.0), prof_op("C", "Add", 10, 30.0)});
  ProfileRetuneCriteria criteria;
  criteria.top = 0;
  const ProfileRetuneSelection sel = select_from_profile(p, {}, criteria);
  EXPECT_EQ(sel.names, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(sel.candidates, 3U);
}

TEST(SelectFromProfile, LeavesOutTaskTypesAoeDoesNotTune) {
  ProfileOperator hccl = prof_op("allreduce_0", "HcomAllReduce", 2, 500.0);
  hccl.task_type = "HCCL";
  ProfileOperator cpu = prof_op("Cast_3", "Cast", 4, 100.0);
  cpu.task_type = "AI_CPU";
  // One name on two task types: its AI Core time makes it a candidate.
  ProfileOperator mixed_cpu = prof_op("Gather_1", "GatherV2", 1, 300.0);
  mixed_cpu.task_type = "AI_CPU";
  ProfileOperator mixed_core = prof_op("Gather_1", "GatherV2", 1, 20.0);
  ProfileOperator vec = prof_op("Add_2", "Add", 1, 30.0);
  vec.task_type = "AI_VECTOR_CORE";
  ProfileOperator untyped = prof_op("Mul_4", "Mul", 1, 10.0);
  untyped.task_type.clear();  // a profile that does not say: kept
  const Profile p = profile_of({hccl, cpu, mixed_cpu, mixed_core, vec, untyped});
  const ProfileRetuneSelection sel = select_from_profile(p, {}, {});
  EXPECT_EQ(sel.names, (std::vector<std::string>{"Add_2", "Gather_1", "Mul_4"}));
  EXPECT_EQ(sel.types, (std::vector<std::string>{"Add", "GatherV2", "Mul"}));
  EXPECT_EQ(sel.not_tunable, 2U);
  EXPECT_EQ(sel.candidates, 3U);
  EXPECT_TRUE(aoe_tunes_task_type("MIX_AIC"));
  EXPECT_FALSE(aoe_tunes_task_type("DSA_SQE"));
}

TEST(SelectFromProfile, WriterArtefactIsNoGain) {
  const Profile p = profile_of({prof_op("A", "Add", 1, 10.0)});
  Operator art = timed_operator("A", "Add", 11, 10);
  art.modes[0].update_mode = UpdateMode::update;
  const ProfileRetuneSelection sel = select_from_profile(p, {result_of({art})}, {});
  EXPECT_EQ(sel.names, std::vector<std::string>{"A"});
  EXPECT_TRUE(sel.already_tuned.empty());
}

}  // namespace
}  // namespace aoe
