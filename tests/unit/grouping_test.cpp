// SPDX-License-Identifier: Apache-2.0
// Grouping operator rows (`ops --group-by`): sums, AOE's formula over the
// sums, shares, writer artefacts, empty groups and the order of groups.
#include "aoe_result/grouping.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

namespace aoe {
namespace {

// Times chosen so that every sum is exact in binary.
constexpr const char* kTwoReports = R"J({
 "report_A": [{"OPAT": {"opat_tuning_result": "tuning successful", "repo_modified_operators": [
  {"op_name": "a", "op_type": "Conv2D", "tune_performance": {"Schedule": {
    "performance_before_tune(us)": 100, "performance_after_tune(us)": 60, "update_mode": "add"}}},
  {"op_name": "b", "op_type": "Conv2D", "tune_performance": {"Format": {
    "performance_before_tune(us)": 50, "performance_after_tune(us)": 49, "update_mode": "update"}}},
  {"op_name": "c", "op_type": ["Conv2D", "Relu"], "tune_performance": {
    "Format": {"performance_before_tune(us)": 40, "performance_after_tune(us)": 30, "update_mode": "add"},
    "Schedule": {"performance_before_tune(us)": 36, "performance_after_tune(us)": 20, "update_mode": "add"}}},
  {"op_name": "d", "op_type": "MatMul", "tune_performance": {"Impl": {
    "performance_before_tune(us)": 10, "performance_after_tune(us)": 10.5, "update_mode": "update"}}}]}}],
 "report_B": [{"OPAT": {"opat_tuning_result": "tuning successful", "repo_modified_operators": [
  {"op_name": "e", "op_type": "MatMul", "tune_performance": {"Impl": {
    "performance_before_tune(us)": 30, "performance_after_tune(us)": 10, "update_mode": "add"}}},
  {"op_name": "f", "op_type": "Conv2D", "tune_performance": {"Impl": {
    "performance_after_tune(us)": 7, "update_mode": "update"}}}]}}]
})J";

std::vector<ResultFile> files() {
  std::vector<ResultFile> v;
  v.push_back(read_result_text(kTwoReports, "mem.json"));
  return v;
}

using Keys = std::vector<std::string>;

const Group& find(const Grouping& g, const Keys& keys) {
  for (const Group& group : g.groups) {
    if (group.key_values == keys) return group;
  }
  ADD_FAILURE() << "no group " << ::testing::PrintToString(keys);
  static const Group none;
  return none;
}

TEST(GroupKeys, ParseCommaLists) {
  std::string bad;
  EXPECT_EQ(parse_group_keys("type", bad), (std::vector<GroupKey>{GroupKey::type}));
  EXPECT_EQ(parse_group_keys("type,mode", bad),
            (std::vector<GroupKey>{GroupKey::type, GroupKey::mode}));
  EXPECT_EQ(parse_group_keys("file,report", bad),
            (std::vector<GroupKey>{GroupKey::file, GroupKey::report}));
  EXPECT_FALSE(parse_group_keys("type,colour", bad));
  EXPECT_EQ(bad, "colour");
  EXPECT_FALSE(parse_group_keys("type,type", bad));
  EXPECT_EQ(bad, "type");
  EXPECT_FALSE(parse_group_keys("", bad));
  EXPECT_EQ(bad, "");
  EXPECT_FALSE(parse_group_keys("type,", bad));
  EXPECT_FALSE(parse_group_keys("Type", bad));  // names are lower case, as written in the help
}

TEST(GroupKeys, ModeIsPerModeAndReportBringsItsFile) {
  GroupSpec s{{GroupKey::mode}, RowGrain::per_operator};
  EXPECT_EQ(s.normalised().grain, RowGrain::per_mode);
  GroupSpec r{{GroupKey::type, GroupKey::report}, RowGrain::per_operator};
  EXPECT_EQ(r.normalised().keys,
            (std::vector<GroupKey>{GroupKey::type, GroupKey::file, GroupKey::report}));
  EXPECT_EQ(r.normalised().grain, RowGrain::per_operator);
  GroupSpec fr{{GroupKey::report, GroupKey::file}, RowGrain::per_operator};
  EXPECT_EQ(fr.normalised().keys, fr.keys);
}

TEST(Grouping, ByTypeSumsAndFormulaOverSums) {
  const auto f = files();
  const Grouping g = group_rows(f, {{GroupKey::type}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 3U);
  // First appearance order: Conv2D (a), Conv2D+Relu (c), MatMul (d).
  EXPECT_EQ(g.groups[0].key_values, Keys{"Conv2D"});
  EXPECT_EQ(g.groups[1].key_values, Keys{"Conv2D+Relu"});  // a fused operator is its own type
  EXPECT_EQ(g.groups[2].key_values, Keys{"MatMul"});

  const Group& conv = g.groups[0];
  EXPECT_EQ(conv.totals.operators, 3U);  // a, b, f (f has no before-time)
  EXPECT_EQ(conv.totals.timed_operators, 2U);
  EXPECT_EQ(conv.totals.time_before_us, 150);
  EXPECT_EQ(conv.totals.time_after_us, 109);
  EXPECT_EQ(conv.totals.saved_us(), 41);
  EXPECT_DOUBLE_EQ(*conv.totals.improvement_pct(), 41.0 / 109.0 * 100.0);
  EXPECT_DOUBLE_EQ(*conv.totals.geomean_speedup(), std::sqrt(100.0 / 60.0 * 50.0 / 49.0));
  EXPECT_EQ(conv.artefacts, 1U);  // b: update, 50 -> 49
  EXPECT_DOUBLE_EQ(*conv.share_of_saved_pct, 41.0 / 80.5 * 100.0);

  const Group& fused = g.groups[1];  // per operator: largest before, smallest after
  EXPECT_EQ(fused.totals.time_before_us, 40);
  EXPECT_EQ(fused.totals.time_after_us, 20);
  EXPECT_DOUBLE_EQ(*fused.totals.improvement_pct(), 100.0);
  EXPECT_EQ(fused.artefacts, 0U);

  const Group& matmul = g.groups[2];
  EXPECT_EQ(matmul.totals.time_before_us, 40);
  EXPECT_EQ(matmul.totals.time_after_us, 20.5);
  EXPECT_EQ(matmul.totals.saved_us(), 19.5);
  EXPECT_EQ(matmul.artefacts, 0U);  // d: update, slower by 0.5 µs (slower-after-tune, no artefact)
  EXPECT_DOUBLE_EQ(*matmul.share_of_saved_pct, 19.5 / 80.5 * 100.0);

  EXPECT_EQ(g.all.operators, 6U);
  EXPECT_EQ(g.all.time_before_us, 230);
  EXPECT_EQ(g.all.time_after_us, 149.5);
  EXPECT_EQ(g.all_artefacts, 1U);
  double shares = 0;
  for (const Group& group : g.groups) shares += *group.share_of_saved_pct;
  EXPECT_NEAR(shares, 100.0, 1e-12);
}

TEST(Grouping, ByModeUsesEachModesOwnFigures) {
  const auto f = files();
  const Grouping g = group_rows(f, {{GroupKey::mode}, RowGrain::per_operator});
  EXPECT_EQ(g.spec.grain, RowGrain::per_mode);
  ASSERT_EQ(g.groups.size(), 3U);
  const Group& schedule = find(g, {"Schedule"});  // a, and c's Schedule result
  EXPECT_EQ(schedule.totals.operators, 2U);
  EXPECT_EQ(schedule.totals.time_before_us, 136);
  EXPECT_EQ(schedule.totals.time_after_us, 80);
  EXPECT_DOUBLE_EQ(*schedule.totals.improvement_pct(), 70.0);
  const Group& format = find(g, {"Format"});  // b, and c's Format result
  EXPECT_EQ(format.totals.time_before_us, 90);
  EXPECT_EQ(format.totals.time_after_us, 79);
  EXPECT_EQ(format.artefacts, 1U);
  const Group& impl = find(g, {"Impl"});  // d, e, f
  EXPECT_EQ(impl.totals.operators, 3U);
  EXPECT_EQ(impl.totals.timed_operators, 2U);
  EXPECT_EQ(impl.totals.time_after_us, 20.5);
  EXPECT_EQ(impl.artefacts, 0U);  // d is slower: no artefact
  // Per mode the sums differ from per operator: c counts both its results.
  EXPECT_EQ(g.all.time_before_us, 266);
  EXPECT_EQ(g.all.time_after_us, 179.5);
}

TEST(Grouping, TypeAndModeTogether) {
  const auto f = files();
  const Grouping g = group_rows(f, {{GroupKey::type, GroupKey::mode}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 6U);
  EXPECT_EQ(g.groups[0].key_values, (Keys{"Conv2D", "Schedule"}));
  EXPECT_EQ(find(g, {"Conv2D+Relu", "Format"}).totals.time_after_us, 30);
  EXPECT_EQ(find(g, {"Conv2D+Relu", "Schedule"}).totals.time_after_us, 20);
  EXPECT_EQ(find(g, {"MatMul", "Impl"}).totals.operators, 2U);
  EXPECT_EQ(find(g, {"Conv2D", "Impl"}).totals.timed_operators, 0U);
}

TEST(Grouping, ByReportNamesTheFile) {
  const auto f = files();
  const Grouping g = group_rows(f, {{GroupKey::report}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 2U);
  EXPECT_EQ(g.groups[0].key_values, (Keys{"mem.json", "report_A"}));
  EXPECT_EQ(g.groups[0].totals.operators, 4U);
  EXPECT_EQ(g.groups[0].totals.time_before_us, 200);
  EXPECT_EQ(g.groups[1].key_values, (Keys{"mem.json", "report_B"}));
  EXPECT_EQ(g.groups[1].totals.time_after_us, 10);
}

TEST(Grouping, SameReportIdInTwoFilesStaysApartAndFilesGroup) {
  std::vector<ResultFile> two;
  const char* list = R"J([{"OPAT": {"repo_modified_operators": [
    {"op_name": "x", "op_type": "Add", "tune_performance": {"Impl": {
      "performance_before_tune(us)": 8, "performance_after_tune(us)": 4}}}]}}])J";
  two.push_back(read_result_text(list, "one.json"));
  two.push_back(read_result_text(list, "two.json"));
  const Grouping by_report = group_rows(two, {{GroupKey::report}, RowGrain::per_operator});
  ASSERT_EQ(by_report.groups.size(), 2U);  // both are report_1
  EXPECT_EQ(by_report.groups[1].key_values, (Keys{"two.json", "report_1"}));
  const Grouping by_file = group_rows(two, {{GroupKey::file}, RowGrain::per_operator});
  ASSERT_EQ(by_file.groups.size(), 2U);
  EXPECT_EQ(by_file.groups[0].key_values, Keys{"one.json"});
  EXPECT_DOUBLE_EQ(*by_file.groups[0].share_of_saved_pct, 50.0);
}

TEST(Grouping, FiltersApplyBeforeGroupingAndEmptyGivesNoGroup) {
  const auto f = files();
  RowFilter filter;
  filter.types = {"MatMul"};
  const Grouping g = group_rows(f, {{GroupKey::type}, RowGrain::per_operator}, filter);
  ASSERT_EQ(g.groups.size(), 1U);
  EXPECT_EQ(*g.groups[0].share_of_saved_pct, 100.0);  // of what was grouped
  filter.types = {"Nothing"};
  const Grouping none = group_rows(f, {{GroupKey::type}, RowGrain::per_operator}, filter);
  EXPECT_TRUE(none.groups.empty());
  EXPECT_EQ(none.all.operators, 0U);
  EXPECT_FALSE(none.all.improvement_pct());
  EXPECT_FALSE(none.all.geomean_speedup());
}

TEST(Grouping, GroupWithoutTimesHasNoRatiosNorShare) {
  const auto f = files();
  const Grouping g = group_rows(f, {{GroupKey::type, GroupKey::mode}, RowGrain::per_operator});
  const Group& untimed = find(g, {"Conv2D", "Impl"});  // only f, which has no before-time
  EXPECT_EQ(untimed.totals.operators, 1U);
  EXPECT_FALSE(untimed.totals.improvement_pct());
  EXPECT_FALSE(untimed.totals.geomean_speedup());
  EXPECT_FALSE(untimed.share_of_saved_pct);
  EXPECT_EQ(untimed.artefacts, 0U);  // untimed: no artefact to judge
}

TEST(Grouping, NoShareWhenNothingWasSaved) {
  std::vector<ResultFile> v;
  v.push_back(read_result_text(R"J([{"OPAT": {"repo_modified_operators": [
    {"op_name": "x", "op_type": "Add", "tune_performance": {"Impl": {
      "performance_before_tune(us)": 4, "performance_after_tune(us)": 5}}}]}}])J",
                               "slow.json"));
  const Grouping g = group_rows(v, {{GroupKey::type}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 1U);
  EXPECT_EQ(g.groups[0].totals.saved_us(), -1);
  EXPECT_FALSE(g.groups[0].share_of_saved_pct);
  EXPECT_DOUBLE_EQ(*g.groups[0].totals.improvement_pct(), -20.0);
}

TEST(Grouping, WriterArtefactNeedsUpdateAndAtMostOneMicrosecond) {
  ModeResult m;
  m.update_mode = UpdateMode::update;
  m.before_us = 73.046;
  m.after_us = 72.046;  // before = after + 1 in decimal, not exactly in binary
  EXPECT_TRUE(is_writer_artefact(m));
  m.before_us = 73.2;
  EXPECT_FALSE(is_writer_artefact(m));
  m.before_us = 72.046;
  EXPECT_TRUE(is_writer_artefact(m));  // no change at all
  m.update_mode = UpdateMode::add;
  EXPECT_FALSE(is_writer_artefact(m));
  m.update_mode = UpdateMode::update;
  m.before_us.reset();
  EXPECT_FALSE(is_writer_artefact(m));

  // An operator is one when every mode is.
  Operator op;
  ModeResult a = m;
  a.before_us = 11;
  a.after_us = 10;
  ModeResult b = a;
  b.before_us = 20;
  op.modes = {a, b};
  OperatorRow row{nullptr, nullptr, &op, nullptr, figures(op)};
  EXPECT_FALSE(is_writer_artefact(row));
  op.modes = {a, a};
  EXPECT_TRUE(is_writer_artefact(row));
}

TEST(Grouping, SortAppliesToGroups) {
  const auto f = files();
  Grouping g = group_rows(f, {{GroupKey::type, GroupKey::mode}, RowGrain::per_operator});
  sort_groups(g.groups, SortKey::saved);
  // Saved: Conv2D/Schedule 40, MatMul/Impl 19.5, Conv2D+Relu/Schedule 16,
  // Conv2D+Relu/Format 10, Conv2D/Format 1, Conv2D/Impl untimed last.
  std::vector<Keys> order;
  for (const Group& group : g.groups) order.push_back(group.key_values);
  EXPECT_EQ(order, (std::vector<Keys>{{"Conv2D", "Schedule"},
                                      {"MatMul", "Impl"},
                                      {"Conv2D+Relu", "Schedule"},
                                      {"Conv2D+Relu", "Format"},
                                      {"Conv2D", "Format"},
                                      {"Conv2D", "Impl"}}));
  sort_groups(g.groups, SortKey::name);
  EXPECT_EQ(g.groups[0].key_values, (Keys{"Conv2D", "Format"}));
  EXPECT_EQ(g.groups[5].key_values, (Keys{"MatMul", "Impl"}));
  sort_groups(g.groups, SortKey::improvement);
  // MatMul/Impl 40/20.5 = 95.12 %, Conv2D+Relu/Schedule 80 %, ...
  EXPECT_EQ(g.groups[0].key_values, (Keys{"MatMul", "Impl"}));
  EXPECT_EQ(g.groups[5].key_values, (Keys{"Conv2D", "Impl"}));
  sort_groups(g.groups, SortKey::after);
  EXPECT_EQ(g.groups[0].key_values, (Keys{"Conv2D", "Schedule"}));  // 60
}

TEST(Grouping, FlatEntriesHaveUnspecifiedModeAndUpdateListArtefacts) {
  std::vector<ResultFile> v;
  v.push_back(read_result_text(R"J([{"OPAT": {"opat_tuning_result": "tuning successful",
    "repo_modified_operators": {
      "add_repo_operators": [{"op_name": "p", "op_type": "Add",
        "performance_before_tune(us)": 9, "performance_after_tune(us)": 3}],
      "update_repo_operators": [{"op_name": "q", "op_type": "Add",
        "performance_before_tune(us)": 5, "performance_after_tune(us)": 4}]}}}])J",
                               "flat.json"));
  const Grouping g = group_rows(v, {{GroupKey::mode}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 1U);
  EXPECT_EQ(g.groups[0].key_values, Keys{"unspecified"});
  EXPECT_EQ(g.groups[0].artefacts, 1U);
  EXPECT_EQ(g.groups[0].totals.time_before_us, 14);
}

// A group's sums are the sums of its reports' sums, like `totals(file)`
// (summary's): 0.1 + (0.2 + 0.3) = 0.6, where the rows added one by one
// would give (0.1 + 0.2) + 0.3 = 0.6000000000000001.
TEST(Grouping, SumsAreSumsOfEachReportsSumsLikeTheFileTotals) {
  const auto op = [](const char* name, const char* before) {
    return std::string(R"J({"op_name": ")J") + name +
           R"J(", "op_type": "Add", "tune_performance": {"Impl": {"performance_before_tune(us)": )J" +
           before + R"J(, "performance_after_tune(us)": 0.05}}})J";
  };
  const auto report = [](const std::string& ops) {
    return R"J([{"OPAT": {"opat_tuning_result": "tuning successful", "repo_modified_operators": [)J" +
           ops + "]}}]";
  };
  const std::vector<ResultFile> f{
      read_result_text(R"({"report_A": )" + report(op("a", "0.1")) + R"(, "report_B": )" +
                           report(op("b", "0.2") + ", " + op("c", "0.3")) + "}",
                       "mem.json")};
  ASSERT_TRUE(f[0].readable);
  ASSERT_NE((0.1 + 0.2) + 0.3, 0.1 + (0.2 + 0.3));  // the test can tell the two apart
  const Grouping g = group_rows(f, {{GroupKey::type}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 1U);
  EXPECT_EQ(g.groups[0].totals.time_before_us, 0.1 + (0.2 + 0.3));
  EXPECT_EQ(g.all.time_before_us, 0.1 + (0.2 + 0.3));
  EXPECT_EQ(g.all.time_before_us, totals(f[0]).time_before_us);
  EXPECT_EQ(g.groups[0].totals.time_after_us, totals(f[0]).time_after_us);
  EXPECT_EQ(g.groups[0].totals.log_speedup_sum, totals(f[0]).log_speedup_sum);
}

// Reports grouped apart and added in file order (`ReportGroups`, as
// `ops --group-by` does while a file is read in parts) give the grouping of
// the rows added one by one, to the bit, for every key.
TEST(Grouping, ReportsGroupedApartGiveTheSameGrouping) {
  const auto f = files();
  for (const std::vector<GroupKey>& keys :
       std::vector<std::vector<GroupKey>>{{GroupKey::type},
                                          {GroupKey::mode},
                                          {GroupKey::report},
                                          {GroupKey::file, GroupKey::type, GroupKey::mode}}) {
    const GroupSpec spec{keys, RowGrain::per_operator};
    const Grouping expected = group_rows(f, spec);
    GroupBuilder builder(spec);
    for (const Report& r : f[0].reports) {
      ReportGroups apart(spec);
      for_each_row(f[0], r, apart.spec().grain, [&](const OperatorRow& row) { apart.add(row); });
      builder.add(std::move(apart), r);
    }
    const Grouping got = builder.finish();
    ASSERT_EQ(got.groups.size(), expected.groups.size());
    for (std::size_t i = 0; i < got.groups.size(); ++i) {
      EXPECT_EQ(got.groups[i].key_values, expected.groups[i].key_values);
      EXPECT_EQ(got.groups[i].totals.operators, expected.groups[i].totals.operators);
      EXPECT_EQ(got.groups[i].totals.time_before_us, expected.groups[i].totals.time_before_us);
      EXPECT_EQ(got.groups[i].totals.time_after_us, expected.groups[i].totals.time_after_us);
      EXPECT_EQ(got.groups[i].artefacts, expected.groups[i].artefacts);
      EXPECT_EQ(got.groups[i].share_of_saved_pct, expected.groups[i].share_of_saved_pct);
    }
    EXPECT_EQ(got.all.operators, expected.all.operators);
    EXPECT_EQ(got.all.saved_us(), expected.all.saved_us());
    EXPECT_EQ(got.all_artefacts, expected.all_artefacts);
  }
}

// Across reports a type is its list: "Conv2D+Relu" written as one type and
// the fused Conv2D and Relu stay two groups (with one label), each report's
// rows merged into the group of the same list.
TEST(Grouping, OneTypeWithAPlusAndAFusedOperatorStayApartAcrossReports) {
  const char* text = R"J({
   "report_A": [{"OPAT": {"repo_modified_operators": [
    {"op_name": "a", "op_type": "Conv2D+Relu", "tune_performance": {"Impl": {
      "performance_before_tune(us)": 8, "performance_after_tune(us)": 4}}}]}}],
   "report_B": [{"OPAT": {"repo_modified_operators": [
    {"op_name": "b", "op_type": ["Conv2D", "Relu"], "tune_performance": {"Impl": {
      "performance_before_tune(us)": 6, "performance_after_tune(us)": 4}}},
    {"op_name": "c", "op_type": "Conv2D+Relu", "tune_performance": {"Impl": {
      "performance_before_tune(us)": 2, "performance_after_tune(us)": 1}}}]}}]})J";
  const std::vector<ResultFile> f{read_result_text(text, "mem.json")};
  const Grouping g = group_rows(f, {{GroupKey::type}, RowGrain::per_operator});
  ASSERT_EQ(g.groups.size(), 2U);
  EXPECT_EQ(g.groups[0].key_values, Keys{"Conv2D+Relu"});
  EXPECT_EQ(g.groups[0].totals.operators, 2U);  // a and c
  EXPECT_EQ(g.groups[0].totals.time_before_us, 10);
  EXPECT_EQ(g.groups[1].key_values, Keys{"Conv2D+Relu"});
  EXPECT_EQ(g.groups[1].totals.operators, 1U);  // b
}

TEST(Grouping, ReportGroupsOfAnotherSpecAreRefused) {
  const auto f = files();
  GroupBuilder builder({{GroupKey::type}, RowGrain::per_operator});
  ReportGroups by_mode({{GroupKey::mode}, RowGrain::per_operator});
  EXPECT_THROW(builder.add(std::move(by_mode), f[0].reports[0]), std::invalid_argument);
  // The same keys made per mode by the other's normalisation: another spec.
  ReportGroups per_mode({{GroupKey::type}, RowGrain::per_mode});
  EXPECT_THROW(builder.add(std::move(per_mode), f[0].reports[0]), std::invalid_argument);
}

}  // namespace
}  // namespace aoe
