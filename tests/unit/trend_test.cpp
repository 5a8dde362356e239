// SPDX-License-Identifier: Apache-2.0
// `trend`: runs, series with gaps, flags, their order, the gate and the
// sparkline's scaling.
#include "aoe_result/trend.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

namespace aoe {
namespace {

struct Op {
  std::string name;
  std::string type;
  double before_us;
  double after_us;
  std::string mode = "Schedule";
};

// A list-form run holding `ops`, failed names and, when given, a summary.
ResultFile run(const std::vector<Op>& ops, const std::vector<std::string>& failed = {},
               const std::string& summary = "", const std::string& path = "run.json") {
  std::string json = R"J([{"OPAT": {"opat_tuning_result": ")J";
  json += failed.empty() ? "tuning successful\"" : "tuning failed\"";
  if (!ops.empty()) {
    json += R"J(, "repo_modified_operators": [)J";
    for (std::size_t i = 0; i < ops.size(); ++i) {
      const Op& o = ops[i];
      if (i > 0) json += ',';
      json += R"J({"op_name": ")J";
      json += o.name;
      json += R"J(", "op_type": ")J";
      json += o.type;
      json += R"J(", "tune_performance": {")J";
      json += o.mode;
      json += R"J(": {"performance_before_tune(us)": )J";
      json += std::to_string(o.before_us);
      json += R"J(, "performance_after_tune(us)": )J";
      json += std::to_string(o.after_us);
      json += R"J(, "update_mode": "add"}}})J";
    }
    json += "]";
  }
  if (!summary.empty()) json += R"J(, "repo_summary": )J" + summary;
  if (!failed.empty()) {
    json += R"J(, "tuning_failed_operators": [)J";
    for (std::size_t i = 0; i < failed.size(); ++i) {
      if (i > 0) json += ',';
      json += '"';
      json += failed[i];
      json += '"';
    }
    json += "]";
  }
  json += "}}]";
  return read_result_text(json, path);
}

// Four runs: x drifts slower by 1 µs a run, y fails in run 3, z is missing
// in run 2, w fails in run 2 and first appears in run 4.
std::vector<ResultFile> series_runs() {
  std::vector<ResultFile> v;
  v.push_back(run({{"x", "Conv2D", 20, 10}, {"y", "MatMul", 40, 20}, {"z", "Add", 10, 5}}, {},
                  R"({"repo_add_num": 3, "repo_hit_num": 0, "repo_reserved_num": 0,
                      "repo_unsatisfied_num": 1, "repo_update_num": 0, "total_num": 4})",
                  "r1.json"));
  v.push_back(run({{"x", "Conv2D", 20, 11}, {"y", "MatMul", 40, 18}}, {"w"}, "", "r2.json"));
  v.push_back(run({{"x", "Conv2D", 20, 12}, {"z", "Add", 10, 5}}, {"y"}, "", "r3.json"));
  v.push_back(run({{"x", "Conv2D", 20, 13},
                   {"y", "MatMul", 40, 19},
                   {"z", "Add", 10, 5.5},
                   {"w", "Cast", 4, 3}},
                  {}, "", "r4.json"));
  return v;
}

const TrendSeries& find(const Trend& t, const std::string& name) {
  for (const TrendSeries& s : t.series) {
    if (s.op_name == name) return s;
  }
  ADD_FAILURE() << "no series " << name;
  static const TrendSeries none;
  return none;
}

std::vector<std::optional<double>> afters(const TrendSeries& s) {
  std::vector<std::optional<double>> out;
  for (const TrendPoint& p : s.points) out.push_back(p.after_us);
  return out;
}

using Values = std::vector<std::optional<double>>;
constexpr std::nullopt_t gap = std::nullopt;

TEST(Trend, RunsCarryTheirSumsAndRepositoryCounters) {
  const Trend t = trend(series_runs(), {"first", "", "third"});
  ASSERT_EQ(t.runs.size(), 4U);
  EXPECT_EQ(t.runs[0].label, "first");
  EXPECT_EQ(t.runs[1].label, "r2.json");  // empty label: the path
  EXPECT_EQ(t.runs[3].label, "r4.json");  // no label: the path
  const TrendRun& r1 = t.runs[0];
  EXPECT_TRUE(r1.readable);
  EXPECT_EQ(r1.totals.operators, 3U);
  EXPECT_EQ(r1.totals.time_before_us, 70);
  EXPECT_EQ(r1.totals.time_after_us, 35);
  EXPECT_EQ(r1.totals.saved_us(), 35);
  EXPECT_DOUBLE_EQ(*r1.totals.improvement_pct(), 100.0);
  EXPECT_DOUBLE_EQ(*r1.totals.geomean_speedup(), 2.0);
  EXPECT_EQ(r1.repo_added, 3);
  EXPECT_EQ(r1.repo_hit, 0);
  EXPECT_EQ(r1.repo_unsatisfied, 1);
  EXPECT_FALSE(t.runs[1].repo_added);  // no repo_summary: no value, not 0
  EXPECT_EQ(t.runs[1].totals.failed_operators, 1U);
  EXPECT_EQ(t.runs[3].totals.time_after_us, 40.5);
}

TEST(Trend, GapsAreGapsNotZeros) {
  const Trend t = trend(series_runs(), {});
  EXPECT_EQ(afters(find(t, "x")), (Values{10, 11, 12, 13}));
  EXPECT_EQ(afters(find(t, "y")), (Values{20, 18, gap, 19}));
  EXPECT_EQ(afters(find(t, "z")), (Values{5, gap, 5, 5.5}));
  EXPECT_EQ(afters(find(t, "w")), (Values{gap, gap, gap, 3}));
  EXPECT_FALSE(find(t, "z").points[1].present);
  EXPECT_TRUE(find(t, "y").points[2].failed);
  EXPECT_FALSE(find(t, "y").points[2].present);
}

TEST(Trend, ChangesBestAndFlags) {
  const Trend t = trend(series_runs(), {});
  const TrendSeries& x = find(t, "x");
  EXPECT_EQ(x.joined_types(), "Conv2D");
  EXPECT_EQ(x.change_first_last_us, 3);
  EXPECT_DOUBLE_EQ(*x.change_first_last_pct, 30.0);
  EXPECT_EQ(x.change_prev_last_us, 1);
  EXPECT_DOUBLE_EQ(*x.change_prev_last_pct, 100.0 / 12.0);
  EXPECT_TRUE(x.change_within_writer_artefact);
  EXPECT_EQ(x.best_run, 0U);
  EXPECT_TRUE(x.regressed);  // 13 vs best 10
  EXPECT_EQ(x.failed_runs, 0U);
  EXPECT_FALSE(x.missing());

  const TrendSeries& y = find(t, "y");  // previous skips the failed run 3
  EXPECT_EQ(y.previous_run, 1U);
  EXPECT_EQ(y.change_prev_last_us, 1);
  EXPECT_EQ(y.change_first_last_us, -1);
  EXPECT_DOUBLE_EQ(*y.change_first_last_pct, -5.0);
  EXPECT_EQ(y.best_run, 1U);
  EXPECT_FALSE(y.regressed);  // 19 vs best 18: within the writer's 1 µs
  EXPECT_EQ(y.failed_runs, 1U);
  EXPECT_EQ(y.missing_runs, 0U);  // failed is not missing

  const TrendSeries& z = find(t, "z");
  EXPECT_EQ(z.missing_runs, 1U);
  EXPECT_TRUE(z.missing());
  EXPECT_EQ(z.best_run, 0U);  // the first of equal times
  EXPECT_DOUBLE_EQ(*z.change_prev_last_pct, 10.0);
  EXPECT_FALSE(z.regressed);

  const TrendSeries& w = find(t, "w");  // only in the last run
  EXPECT_EQ(w.joined_types(), "Cast");
  EXPECT_EQ(w.failed_runs, 1U);
  EXPECT_EQ(w.missing_runs, 2U);
  EXPECT_FALSE(w.change_first_last_us);
  EXPECT_FALSE(w.change_prev_last_us);
  EXPECT_FALSE(w.previous_run);
  EXPECT_EQ(w.best_run, 3U);
}

TEST(Trend, DefaultOrderIsLargestLastVsPreviousSlowdownFirst) {
  const Trend t = trend(series_runs(), {});
  std::vector<std::string> order;
  for (const TrendSeries& s : t.series) order.push_back(s.op_name);
  // z +10 %, x +8.33 %, y +5.56 %, w no change.
  EXPECT_EQ(order, (std::vector<std::string>{"z", "x", "y", "w"}));
}

TEST(Trend, OrderPutsSpeedUpsAfterSlowdownsAndZeroPreviousFirst) {
  std::vector<ResultFile> v;
  v.push_back(run({{"fast", "A", 20, 10}, {"zero", "A", 5, 0}, {"slow", "A", 20, 10}}));
  v.push_back(run({{"fast", "A", 20, 5}, {"zero", "A", 5, 1}, {"slow", "A", 20, 11}}));
  const Trend t = trend(v, {});
  ASSERT_EQ(t.series.size(), 3U);
  EXPECT_EQ(t.series[0].op_name, "zero");  // from 0 µs: no percentage, largest slowdown
  EXPECT_FALSE(t.series[0].change_prev_last_pct);
  EXPECT_EQ(t.series[1].op_name, "slow");
  EXPECT_EQ(t.series[2].op_name, "fast");
  EXPECT_TRUE(over_limit(t.series[0], 1000.0));  // any slowdown from 0 breaks a limit
}

TEST(Trend, SortSeriesIsStableAndPutsSeriesWithoutAChangeLast) {
  std::vector<TrendSeries> series;
  const auto add = [&series](const char* name, std::optional<double> pct) {
    TrendSeries s;
    s.op_name = name;
    s.points.resize(2);
    if (pct) {
      s.change_prev_last_us = *pct;  // from a previous time of 100 µs
      s.change_prev_last_pct = *pct;
    }
    series.push_back(std::move(s));
  };
  add("a", std::nullopt);
  add("b", 5.0);
  add("c", std::nullopt);
  add("d", 5.0);
  add("e", -2.0);
  add("f", 10.0);
  sort_series(series);
  std::vector<std::string> order;
  for (const TrendSeries& s : series) order.push_back(s.op_name);
  EXPECT_EQ(order, (std::vector<std::string>{"f", "b", "d", "e", "a", "c"}));
  EXPECT_EQ(series[0].points.size(), 2U);  // moved whole
}

// More series than an insertion sort handles alone (std::sort's is stable
// up to 16), ties among them, a NaN change (no order: with the series
// without a change) and a slowdown from 0 µs (no percentage, first): the
// order is the stable one.
TEST(Trend, SortSeriesIsStableForManySeriesWithTies) {
  // Appended, not name(i): GCC 12 warns falsely (-Wrestrict).
  const auto name = [](int i) {
    std::string out(1, 's');
    out += std::to_string(i);
    return out;
  };
  std::vector<TrendSeries> series;
  for (int i = 0; i < 60; ++i) {
    TrendSeries s;
    s.op_name = name(i);
    if (i % 4 != 0) {
      s.change_prev_last_us = 1.0;
      s.change_prev_last_pct = i == 7 ? std::nan("") : (i % 3) * 5.0 - 4.0;
    }
    if (i == 30) s.change_prev_last_pct.reset();  // from 0 µs
    series.push_back(std::move(s));
  }
  // The stable order, by hand: from 0 µs, then 6 %, 1 %, -4 % in order of
  // appearance, then the rest (no change, and the NaN) in order of appearance.
  std::vector<std::string> want{name(30)};
  for (const double pct : {6.0, 1.0, -4.0}) {
    for (int i = 0; i < 60; ++i) {
      if (i % 4 != 0 && i != 7 && i != 30 && (i % 3) * 5.0 - 4.0 == pct) {
        want.push_back(name(i));
      }
    }
  }
  for (int i = 0; i < 60; ++i) {
    if (i % 4 == 0 || i == 7) want.push_back(name(i));
  }
  sort_series(series);
  std::vector<std::string> order;
  for (const TrendSeries& s : series) order.push_back(s.op_name);
  EXPECT_EQ(order, want);
}

TEST(Trend, UnreadableRunIsListedWithItsProblemAndLeavesAGap) {
  std::vector<ResultFile> v = series_runs();
  v.insert(v.begin() + 2, read_result_text("", "empty.json"));
  v.insert(v.begin() + 3, read_result_text("this is no json", "bad.json"));
  const Trend t = trend(v, {});
  ASSERT_EQ(t.runs.size(), 6U);
  const TrendRun& bad = t.runs[3];
  EXPECT_FALSE(bad.readable);
  ASSERT_TRUE(bad.problem);
  EXPECT_EQ(bad.problem->rfind("1:2: invalid JSON", 0), 0U)
      << *bad.problem;  // line:column: message
  EXPECT_EQ(bad.totals.operators, 0U);
  const TrendSeries& x = find(t, "x");
  EXPECT_EQ(afters(x), (Values{10, 11, gap, gap, 12, 13}));
  EXPECT_EQ(x.missing_runs, 0U);  // an unreadable run says nothing about x
  const TrendSeries& z = find(t, "z");
  EXPECT_EQ(z.missing_runs, 1U);
}

TEST(Trend, UnreadableLastRunGivesNoChange) {
  std::vector<ResultFile> v = series_runs();
  v.push_back(read_result_text("[1, 2]", "other.json"));
  const Trend t = trend(v, {});
  EXPECT_FALSE(t.runs.back().readable);
  for (const TrendSeries& s : t.series) {
    EXPECT_FALSE(s.change_prev_last_us) << s.op_name;
    EXPECT_FALSE(s.change_first_last_us) << s.op_name;
    EXPECT_FALSE(s.regressed) << s.op_name;
    EXPECT_FALSE(over_limit(s, 0.0)) << s.op_name;
  }
  EXPECT_TRUE(over_limit(t, 0.0).empty());
}

TEST(Trend, GateFollowsDiffsRules) {
  const Trend t = trend(series_runs(), {});
  EXPECT_TRUE(over_limit(find(t, "x"), 8.0));
  EXPECT_FALSE(over_limit(find(t, "x"), 8.4));
  EXPECT_FALSE(over_limit(find(t, "x"), 8.0, /*ignore_artefacts=*/true));  // +1 µs
  EXPECT_TRUE(over_limit(find(t, "z"), 9.99));
  EXPECT_FALSE(over_limit(find(t, "z"), 9.99, true));  // +0.5 µs: within the writer's 1 µs
  EXPECT_FALSE(over_limit(find(t, "z"), 10.0));        // not more than the limit
  std::vector<std::string> names;
  for (const TrendSeries* s : over_limit(t, 5.0)) names.push_back(s->op_name);
  EXPECT_EQ(names, (std::vector<std::string>{"z", "x", "y"}));
}

// y: tuned in runs 1 and 2, failed in 3, tuned in 4; w: failed in 2 (its
// first appearance: never tuned before), tuned in 4.
TEST(Trend, NewlyFailedAndFixedAgainstTheLatestRunThatHasTheName) {
  const Trend t = trend(series_runs(), {});
  const TrendSeries& y = find(t, "y");
  std::vector<bool> newly_failed;
  std::vector<bool> fixed;
  for (const TrendPoint& p : y.points) {
    newly_failed.push_back(p.newly_failed);
    fixed.push_back(p.fixed);
  }
  EXPECT_EQ(newly_failed, (std::vector<bool>{false, false, true, false}));
  EXPECT_EQ(fixed, (std::vector<bool>{false, false, false, true}));
  EXPECT_EQ(y.newly_failed_runs, 1U);
  EXPECT_EQ(y.fixed_runs, 1U);
  EXPECT_FALSE(y.failed_last_after_tuned);
  const TrendSeries& w = find(t, "w");
  EXPECT_EQ(w.newly_failed_runs, 0U);
  EXPECT_EQ(w.fixed_runs, 1U);  // the run between, without w, is skipped
  EXPECT_TRUE(w.points[3].fixed);
  EXPECT_EQ(find(t, "x").newly_failed_runs, 0U);
}

// Tuned, then failed in the last run (a gap between): any limit breaks.
// Failed in every run it appears in: nothing was tuned, nothing breaks.
TEST(Trend, FailedInTheLastRunAfterBeingTunedBreaksAnyLimit) {
  std::vector<ResultFile> v;
  v.push_back(run({{"conv", "Conv2D", 20, 10}, {"add", "Add", 4, 3}}, {"relu"}));
  v.push_back(run({{"add", "Add", 4, 3}}));
  v.push_back(run({{"add", "Add", 4, 3}}, {"conv", "relu"}));
  const Trend t = trend(v, {});
  const TrendSeries& conv = find(t, "conv");
  EXPECT_TRUE(conv.failed_last_after_tuned);
  EXPECT_TRUE(conv.points[2].newly_failed);
  EXPECT_TRUE(over_limit(conv, 1e9));
  EXPECT_TRUE(over_limit(conv, 1e9, /*ignore_artefacts=*/true));
  EXPECT_FALSE(find(t, "relu").failed_last_after_tuned);
  EXPECT_FALSE(over_limit(find(t, "relu"), 0));
  std::vector<std::string> names;
  for (const TrendSeries* s : over_limit(t, 0)) names.push_back(s->op_name);
  EXPECT_EQ(names, (std::vector<std::string>{"conv"}));
  EXPECT_TRUE(judgeable(t));
}

// A gate asks whether the last run is slower than an earlier one: without
// an operator timed in the last run and an earlier one, it has no answer.
TEST(Trend, JudgeableOnlyWithALastAndAnEarlierTime) {
  EXPECT_FALSE(judgeable(trend({run({{"a", "Add", 4, 3}})}, {})));
  EXPECT_EQ(runs_with_operators(trend({run({{"a", "Add", 4, 3}})}, {})), 1U);
  const Trend disjoint = trend({run({{"a", "Add", 4, 3}}), run({{"b", "Add", 4, 3}})}, {});
  EXPECT_FALSE(judgeable(disjoint));
  EXPECT_EQ(runs_with_operators(disjoint), 2U);
  const Trend empty_last = trend({run({{"a", "Add", 4, 3}}), run({})}, {});
  EXPECT_FALSE(judgeable(empty_last));
  EXPECT_EQ(runs_with_operators(empty_last), 1U);
  EXPECT_TRUE(judgeable(trend({run({{"a", "Add", 4, 3}}), run({{"a", "Add", 4, 3}})}, {})));
}

TEST(Trend, PerModeFollowsEachModeAndFailedMarksEveryMode) {
  std::vector<ResultFile> v;
  v.push_back(run({{"x", "Conv2D", 20, 10, "Format"}, {"x", "Conv2D", 20, 8, "Schedule"}}));
  v.push_back(run({}, {"x"}));
  v.push_back(run({{"x", "Conv2D", 20, 9, "Schedule"}}));
  TrendSpec o;
  o.grain = TrendGrain::per_mode;
  const Trend t = trend(v, {}, o);
  ASSERT_EQ(t.series.size(), 2U);
  const TrendSeries* format = nullptr;
  const TrendSeries* schedule = nullptr;
  for (const TrendSeries& s : t.series) (s.mode == "Format" ? format : schedule) = &s;
  ASSERT_TRUE(format && schedule);
  EXPECT_EQ(afters(*format), (Values{10, gap, gap}));
  EXPECT_EQ(afters(*schedule), (Values{8, gap, 9}));
  EXPECT_EQ(format->failed_runs, 1U);
  EXPECT_EQ(schedule->failed_runs, 1U);
  EXPECT_EQ(format->missing_runs, 1U);  // run 3 has x, but not in Format
  EXPECT_EQ(schedule->change_prev_last_us, 1);
  // Per operator: the smallest after-time over the modes.
  const Trend per_op = trend(v, {});
  ASSERT_EQ(per_op.series.size(), 1U);
  EXPECT_EQ(afters(per_op.series[0]), (Values{8, gap, 9}));
  EXPECT_FALSE(per_op.series[0].mode);
}

TEST(Trend, FiltersAsInOps) {
  TrendSpec o;
  o.filter.types = {"matmul"};
  Trend t = trend(series_runs(), {}, o);
  ASSERT_EQ(t.series.size(), 1U);
  EXPECT_EQ(t.series[0].op_name, "y");
  EXPECT_EQ(t.series[0].failed_runs, 1U);
  o.filter.types.clear();
  o.filter.name.emplace("^w$");
  t = trend(series_runs(), {}, o);
  ASSERT_EQ(t.series.size(), 1U);
  EXPECT_EQ(t.series[0].failed_runs, 1U);
  // A name that only failed has no type: a type condition leaves it out.
  std::vector<ResultFile> v;
  v.push_back(run({}, {"only_failed"}));
  o.filter.name.reset();
  EXPECT_EQ(trend(v, {}, {}).series.size(), 1U);
  EXPECT_EQ(trend(v, {}, {}).series[0].joined_types(), "");
  o.filter.types = {"Add"};
  EXPECT_TRUE(trend(v, {}, o).series.empty());
}

TEST(Trend, RepeatedNameInARunFollowsItsLastOccurrence) {
  const ResultFile f = read_result_text(R"J({
    "report_1": [{"OPAT": {"repo_modified_operators": [{"op_name": "x", "op_type": "A",
      "tune_performance": {"Impl": {"performance_before_tune(us)": 9, "performance_after_tune(us)": 7}}}]}}],
    "report_2": [{"OPAT": {"repo_modified_operators": [{"op_name": "x", "op_type": "A",
      "tune_performance": {"Impl": {"performance_before_tune(us)": 9, "performance_after_tune(us)": 4}}}]}}]
  })J",
                                        "two.json");
  const Trend t = trend({f}, {});
  ASSERT_EQ(t.series.size(), 1U);
  EXPECT_EQ(afters(t.series[0]), (Values{4}));
}

TEST(Sparkline, ScalesBetweenSmallestAndLargest) {
  using L = std::vector<std::optional<unsigned>>;
  EXPECT_EQ(sparkline_levels({10, 20, 15, 12.5}),
            (L{0U, 7U, 4U, 2U}));  // 3.5 rounds to 4; 1.75 to 2
  EXPECT_EQ(sparkline_levels({1, gap, 2}), (L{0U, std::nullopt, 7U}));
  EXPECT_EQ(sparkline_levels({}), L{});
  EXPECT_EQ(sparkline_levels({gap, gap}), (L{std::nullopt, std::nullopt}));
  EXPECT_EQ(sparkline_levels({0, 1, 2}, 3), (L{0U, 1U, 2U}));
}

TEST(Sparkline, EqualValuesGiveTheMiddleLevel) {
  using L = std::vector<std::optional<unsigned>>;
  EXPECT_EQ(sparkline_levels({5, 5, gap, 5}), (L{3U, 3U, std::nullopt, 3U}));
  EXPECT_EQ(sparkline_levels({7}), (L{3U}));
  EXPECT_EQ(sparkline_levels({7, 7}, 5), (L{2U, 2U}));
  EXPECT_EQ(sparkline_levels({7}, 1), (L{0U}));
}

}  // namespace
}  // namespace aoe
