// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/analysis.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

ModeResult mode(double before, double after, const char* name = "Schedule") {
  ModeResult m;
  m.mode_name = name;
  m.mode = parse_tuning_mode(name);
  m.before_us = before;
  m.after_us = after;
  return m;
}

TEST(Numbers, ImprovementIsAoeFormula) {
  EXPECT_NEAR(*improvement_pct(134, 99), 35.35, 0.005);
  EXPECT_NEAR(*improvement_pct(4.06, 3.06), 32.68, 0.005);
  EXPECT_NEAR(*improvement_pct(72.055, 72.046), 0.01, 0.005);
  EXPECT_NEAR(*improvement_pct(124, 14), 785.71, 0.005);
}

// Whole µs give the correctly rounded percentage: 40 of 60 is the double
// nearest 200/3 (part / whole × 100 gives 66.66666666666666).
TEST(Numbers, PercentMultipliesFirst) {
  EXPECT_EQ(*percent(40, 60), 66.66666666666667);
  EXPECT_EQ(*percent(20, 60), 100.0 / 3.0);
  EXPECT_EQ(*improvement_pct(100, 60), 66.66666666666667);
  EXPECT_FALSE(percent(1, 0));
}

TEST(Numbers, DivisionByZeroIsNoValue) {
  EXPECT_FALSE(improvement_pct(10, 0));
  EXPECT_FALSE(speedup(10, 0));
  EXPECT_FALSE(improvement_pct(10, -1));
}

// A time near a double's limit: a percentage, a sum's improvement or a
// geomean that would be infinite is no value (JSON has no infinity; text
// and JSON say the same), the finite figures stay.
TEST(Numbers, APercentageOrGeomeanBeyondADoubleIsNoValue) {
  EXPECT_FALSE(percent(1.7e308, 0.5));
  EXPECT_FALSE(improvement_pct(1.7e308, 0.5));
  EXPECT_NEAR(*improvement_pct(1.7e308, 99), 1.7e308 / 99 * 100, 1e297);
  EXPECT_FALSE(percent(std::numeric_limits<double>::infinity(), 1));
  EXPECT_FALSE(percent(std::numeric_limits<double>::quiet_NaN(), 1));
  EXPECT_NEAR(*improvement_pct(1.7e306, 99), 1.7e306 / 99 * 100, 1e295);
  // part × 100 overflows but the percentage does not: divided first.
  EXPECT_EQ(*improvement_pct(1, 1.7e308), -100.0);
  EXPECT_NEAR(*percent(1.7e308, 1.7e308), 100.0, 1e-12);
  // A model whose times give no finite improvement has none: the value
  // written in the file is not taken for it (it is with no result time).
  ModelPerformance model;
  model.baseline_ms = 1.7e308;
  model.result_ms = 1e-300;
  model.reported_improvement_pct = 5;
  EXPECT_FALSE(model_improvement_pct(model));
  model.result_ms = 0;
  EXPECT_EQ(model_improvement_pct(model), 5.0);
  model.result_ms = std::nullopt;
  EXPECT_EQ(model_improvement_pct(model), 5.0);
  Report r;
  Operator a;
  a.modes = {mode(1.7e308, 99, "Format")};
  Operator b;
  b.modes = {mode(1.7e308, 48.407, "Schedule")};
  r.operators = {a, b};
  const Totals t = totals(r);
  EXPECT_EQ(t.timed_operators, 2U);
  EXPECT_EQ(t.time_after_us, 99 + 48.407);
  EXPECT_FALSE(std::isfinite(t.time_before_us));  // the sum overflowed
  EXPECT_FALSE(t.improvement_pct());
  ASSERT_TRUE(t.geomean_speedup());  // each speed-up is finite, and so their mean
  EXPECT_TRUE(std::isfinite(*t.geomean_speedup()));
  Totals huge;
  huge.speedup_count = 1;
  huge.log_speedup_sum = 1000;  // e^1000
  EXPECT_FALSE(huge.geomean_speedup());
}

TEST(Numbers, MultiModeTakesLargestBeforeAndSmallestAfter) {
  Operator op;
  op.modes = {mode(88, 80, "Format"), mode(80, 64, "Schedule")};
  const OperatorFigures f = figures(op);
  EXPECT_EQ(f.before_us, 88);
  EXPECT_EQ(f.after_us, 64);
  EXPECT_EQ(f.saved_us, 24);
  EXPECT_NEAR(*f.improvement_pct, 37.5, 1e-12);
  EXPECT_EQ(f.modes, "Format+Schedule");
  EXPECT_FALSE(f.reported_improvement_pct);  // several modes: no single written value
}

// One mode's time not read (1e400) leaves the operator's unknown: the
// other mode's is not the largest before-time (it showed 480 beside
// "no before-time").
TEST(Numbers, MultiModeWithAModeTimeUnknownHasNoOperatorTime) {
  Operator op;
  op.modes = {mode(512, 480, "Format"), mode(480, 399.872, "Schedule")};
  op.modes[0].before_us.reset();
  OperatorFigures f = figures(op);
  EXPECT_FALSE(f.before_us);
  EXPECT_EQ(f.after_us, 399.872);
  EXPECT_FALSE(f.saved_us);
  EXPECT_EQ(f.left_out, LeftOutReason::no_before_time);
  op.modes = {mode(512, 480, "Format"), mode(480, 399.872, "Schedule")};
  op.modes[1].after_us.reset();
  f = figures(op);
  EXPECT_EQ(f.before_us, 512);
  EXPECT_FALSE(f.after_us);
  EXPECT_EQ(f.left_out, LeftOutReason::no_after_time);
}

TEST(Numbers, ZeroAfterTimeGivesNoRatios) {
  Report r;
  Operator op;
  op.modes = {mode(5, 0)};
  r.operators = {op};
  const Totals t = totals(r);
  EXPECT_EQ(t.timed_operators, 1U);
  EXPECT_FALSE(t.improvement_pct());
  EXPECT_FALSE(t.geomean_speedup());
  const OperatorFigures f = figures(op);
  EXPECT_FALSE(f.improvement_pct);
  EXPECT_FALSE(f.speedup);
  EXPECT_EQ(f.saved_us, 5);
}

TEST(Numbers, TotalsAddAndGeomean) {
  Report a;
  Operator x;
  x.modes = {mode(4, 2)};
  a.operators = {x};
  Report b;
  Operator y;
  y.modes = {mode(9, 1)};
  b.operators = {y};
  Totals t = totals(a);
  t += totals(b);
  EXPECT_EQ(t.reports, 2U);
  EXPECT_EQ(t.time_before_us, 13);
  EXPECT_EQ(t.time_after_us, 3);
  EXPECT_NEAR(*t.improvement_pct(), 1000.0 / 3.0, 1e-9);
  EXPECT_NEAR(*t.geomean_speedup(), std::sqrt(2.0 * 9.0), 1e-12);
}

TEST(Numbers, OperatorWithoutTimesIsCountedNotSummed) {
  Report r;
  Operator op;
  ModeResult m;
  m.before_us = 5;  // after missing
  op.modes = {m};
  r.operators = {op};
  const Totals t = totals(r);
  EXPECT_EQ(t.operators, 1U);
  EXPECT_EQ(t.timed_operators, 0U);
  EXPECT_FALSE(t.improvement_pct());
}

TEST(Rows, SortBySavedDescendingNoValueLast) {
  ResultFile f;
  Report r;
  for (auto [name, before, after] :
       {std::tuple{"a", 10.0, 9.0}, std::tuple{"b", 10.0, 2.0}, std::tuple{"c", 10.0, 5.0}}) {
    Operator op;
    op.name = name;
    op.modes = {mode(before, after)};
    r.operators.push_back(op);
  }
  Operator untimed;
  untimed.name = std::string(1, 'd');  // not = "d": GCC 12 warns falsely (-Wrestrict)
  r.operators.insert(r.operators.begin(), untimed);
  f.reports = {r};
  auto rows = operator_rows(f, RowGrain::per_operator);
  sort_rows(rows, SortKey::saved);
  ASSERT_EQ(rows.size(), 4U);
  EXPECT_EQ(rows[0].op->name, "b");
  EXPECT_EQ(rows[1].op->name, "c");
  EXPECT_EQ(rows[2].op->name, "a");
  EXPECT_EQ(rows[3].op->name, "d");
  sort_rows(rows, SortKey::name);
  EXPECT_EQ(rows[0].op->name, "a");
}

// Numbers of every kind in the sort's order: larger first, negative ones
// after 0, -0 equal to 0 (the tie goes by name: a_minus_0 first, which an
// order of the bits alone would put after 0), infinities at the ends,
// NaN and no value last (ties by name). A NaN compared as a number gave no
// order at all.
TEST(Rows, SortOrdersEveryKindOfNumber) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const std::vector<std::pair<std::string, std::optional<double>>> values{
      {"n_minus_1", -1.0},       {"a_minus_0", -0.0}, {"none", std::nullopt},
      {"z_zero", 0.0},           {"big", 1e300},      {"nan", std::nan("")},
      {"neg_inf", -kInf},        {"pos_inf", kInf},   {"tiny", 5e-324},
      {"m_minus_tiny", -5e-324}, {"five", 5.0},       {"a_none", std::nullopt}};
  std::vector<Operator> ops(values.size());
  std::vector<OperatorRow> rows;
  for (std::size_t i = 0; i < values.size(); ++i) {
    ops[i].name = values[i].first;
    OperatorRow row;
    row.op = &ops[i];
    row.figures.saved_us = values[i].second;
    rows.push_back(row);
  }
  for (const std::size_t keep : {std::size_t{0}, std::size_t{5}}) {
    auto sorted = rows;
    sort_rows(sorted, SortKey::saved, keep);
    std::vector<std::string> names;
    for (const OperatorRow& r : sorted) names.push_back(r.op->name);
    const std::vector<std::string> all{"pos_inf",   "big",    "five",         "tiny",
                                       "a_minus_0", "z_zero", "m_minus_tiny", "n_minus_1",
                                       "neg_inf",   "a_none", "nan",          "none"};
    EXPECT_EQ(names, keep == 0 ? all : std::vector<std::string>(all.begin(), all.begin() + 5));
  }
}

// The first `keep` rows of a partial sort are the whole sort's first
// `keep`, ties (equal saved time, equal names in two reports) in file order,
// for every key and every `keep`.
TEST(Rows, KeepingTheFirstRowsEqualsThePrefixOfTheWholeSort) {
  ResultFile f;
  for (int report = 0; report < 2; ++report) {
    Report r;
    r.id = "r" + std::to_string(report);
    for (int i = 0; i < 40; ++i) {
      Operator op;
      op.name = "Conv_" + std::to_string(i % 13);  // names repeat: ties by name
      op.types = {i % 3 == 0 ? "Conv2D" : "MatMul"};
      if (i % 11 != 5) op.modes = {mode(100.0, 100.0 - (i * 7) % 9)};  // equal savings recur
      r.operators.push_back(op);
    }
    f.reports.push_back(r);
  }
  const auto label = [](const OperatorRow& row) {
    return row.report->id + "/" + row.op->name + "/" +
           std::to_string(row.op - row.report->operators.data());
  };
  for (const SortKey key : {SortKey::saved, SortKey::improvement, SortKey::before, SortKey::after,
                            SortKey::name, SortKey::type}) {
    auto all = operator_rows(f, RowGrain::per_operator);
    sort_rows(all, key);
    ASSERT_EQ(all.size(), 80U);
    for (const std::size_t keep : {std::size_t{1}, std::size_t{7}, std::size_t{40}, std::size_t{79},
                                   std::size_t{80}, std::size_t{200}}) {
      auto first = operator_rows(f, RowGrain::per_operator);
      sort_rows(first, key, keep);
      ASSERT_EQ(first.size(), std::min<std::size_t>(keep, 80)) << keep;
      for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_EQ(label(first[i]), label(all[i]))
            << "key " << static_cast<int>(key) << " keep " << keep << " row " << i;
      }
    }
  }
  // Ties keep file order: Conv_0 is r0's rows 0, 13, 26 and 39, then r1's.
  auto by_name = operator_rows(f, RowGrain::per_operator);
  sort_rows(by_name, SortKey::name, 3);
  EXPECT_EQ(label(by_name[0]), "r0/Conv_0/0");
  EXPECT_EQ(label(by_name[1]), "r0/Conv_0/13");
  EXPECT_EQ(label(by_name[2]), "r0/Conv_0/26");
}

// Every operator, or every mode of each, in file order, with the figures of
// what it is a row of; an operator without modes has no per-mode row.
TEST(Rows, ForEachRowWalksOperatorsOrModesInFileOrder) {
  ResultFile f;
  f.path = "run.json";
  for (const char* id : {"r0", "r1"}) {
    Report r;
    r.id = id;
    Operator two;
    two.name = std::string(id) + "/two";
    two.modes = {mode(10, 8, "Schedule"), mode(12, 9, "Format")};
    Operator none;
    none.name = std::string(id) + "/none";
    r.operators = {two, none};
    f.reports.push_back(r);
  }
  std::vector<std::string> seen;
  for_each_row(f, RowGrain::per_operator, [&](const OperatorRow& row) {
    EXPECT_EQ(row.file, &f);
    EXPECT_EQ(row.mode, nullptr);
    EXPECT_EQ(row.figures.saved_us, figures(*row.op).saved_us);
    seen.push_back(row.report->id + ":" + row.op->name);
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"r0:r0/two", "r0:r0/none", "r1:r1/two", "r1:r1/none"}));
  seen.clear();
  for_each_row(f, RowGrain::per_mode, [&](const OperatorRow& row) {
    ASSERT_NE(row.mode, nullptr);
    EXPECT_EQ(row.figures.saved_us, figures(*row.mode).saved_us);
    seen.push_back(row.op->name + ":" + mode_label(*row.mode));
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"r0/two:Schedule", "r0/two:Format", "r1/two:Schedule",
                                            "r1/two:Format"}));
  const std::vector<OperatorRow> rows = operator_rows(f, RowGrain::per_mode);
  ASSERT_EQ(rows.size(), 4U);
  EXPECT_EQ(rows[3].mode, &f.reports[1].operators[0].modes[1]);
}

// A run large enough that rows are made and sorted in parts (one part per
// 50,000 rows at most): reports of uneven sizes (one empty), names that
// repeat, savings from a few values, operators without times, some tuned
// in two modes.
ResultFile many_rows_run() {
  ResultFile f;
  f.path = "many.json";
  const std::size_t sizes[] = {1, 40000, 0, 3, 70000, 25000, 21000, 7};
  std::size_t n = 0;
  for (const std::size_t size : sizes) {
    Report r;
    r.id = "r";
    r.id += std::to_string(f.reports.size());
    r.operators.resize(size);
    for (Operator& op : r.operators) {
      op.name = "Conv_";
      op.name += std::to_string(n % 997);
      op.types = {n % 3 == 0 ? "Conv2D" : "MatMul"};
      if (n % 17 != 4) op.modes = {mode(100.0, 100.0 - static_cast<double>(n % 23))};
      if (n % 10 == 3) op.modes.push_back(mode(90.0, 80.0 + static_cast<double>(n % 7), "Format"));
      ++n;
    }
    f.reports.push_back(std::move(r));
  }
  return f;
}

// Rows made on several threads are the rows made on one, in file order.
TEST(Rows, MadeOnSeveralThreadsAreTheRowsOfOne) {
  const ResultFile f = many_rows_run();
  for (const RowGrain grain : {RowGrain::per_operator, RowGrain::per_mode}) {
    const std::vector<OperatorRow> one = operator_rows(f, grain);
    ASSERT_GT(one.size(), 150000U);
    for (const unsigned threads : {0U, 2U, 3U, 8U}) {
      const std::vector<OperatorRow> made = operator_rows(f, grain, threads);
      ASSERT_EQ(made.size(), one.size()) << threads;
      std::size_t differ = 0;
      for (std::size_t i = 0; i < one.size(); ++i) {
        const OperatorFigures& a = made[i].figures;
        const OperatorFigures& b = one[i].figures;
        differ += made[i].file != one[i].file || made[i].report != one[i].report ||
                          made[i].op != one[i].op || made[i].mode != one[i].mode ||
                          a.before_us != b.before_us || a.after_us != b.after_us ||
                          a.saved_us != b.saved_us || a.modes != b.modes || a.left_out != b.left_out
                      ? 1U
                      : 0U;
      }
      EXPECT_EQ(differ, 0U) << threads << " threads";
    }
  }
  // Two reports of many rows and more threads than reports: a part per
  // report at most.
  ResultFile two;
  two.reports.resize(2);
  for (Report& r : two.reports) {
    r.operators.resize(60000);
    for (std::size_t i = 0; i < r.operators.size(); ++i) {
      r.operators[i].modes = {mode(10.0, static_cast<double>(i % 9))};
    }
  }
  const std::vector<OperatorRow> made = operator_rows(two, RowGrain::per_operator, 8);
  ASSERT_EQ(made.size(), 120000U);
  for (std::size_t i = 0; i < made.size(); i += 997) {
    const Report& r = two.reports[i / 60000];
    EXPECT_EQ(made[i].report, &r);
    EXPECT_EQ(made[i].op, &r.operators[i % 60000]);
    EXPECT_EQ(made[i].figures.after_us, static_cast<double>((i % 60000) % 9));
  }
}

// Sorted on several threads (parts sorted apart, then merged), the rows
// are in the order of one thread's sort, for every key, whole or cut.
TEST(Rows, SortedOnSeveralThreadsInTheOrderOfOne) {
  const ResultFile f = many_rows_run();
  const std::vector<OperatorRow> rows = operator_rows(f, RowGrain::per_operator);
  const auto order = [](const std::vector<OperatorRow>& sorted) {
    std::vector<const Operator*> ops;
    ops.reserve(sorted.size());
    for (const OperatorRow& r : sorted) ops.push_back(r.op);
    return ops;
  };
  for (const SortKey key : {SortKey::saved, SortKey::improvement, SortKey::name, SortKey::type}) {
    for (const std::size_t keep : {std::size_t{0}, std::size_t{1000}}) {
      std::vector<OperatorRow> one = rows;
      sort_rows(one, key, keep);
      for (const unsigned threads : {2U, 3U}) {
        std::vector<OperatorRow> several = rows;
        sort_rows(several, key, keep, threads);
        EXPECT_TRUE(order(several) == order(one)) << "key " << static_cast<int>(key) << ", keep "
                                                  << keep << ", " << threads << " threads";
      }
    }
  }
}

std::vector<std::string> names(const std::vector<OperatorRow>& rows) {
  std::vector<std::string> out;
  for (const OperatorRow& r : rows)
    out.push_back(r.op->name + (r.mode ? "/" + r.mode->mode_name : ""));
  return out;
}

std::vector<std::string> filtered(const ResultFile& f, RowGrain grain, const RowFilter& filter) {
  auto rows = operator_rows(f, grain);
  filter_rows(rows, filter);
  return names(rows);
}

using V = std::vector<std::string>;

TEST(RowFilter, TypeIgnoresCaseAndMatchesEachFusedType) {
  const ResultFile f = aoe::test::read_data(aoe::test::k63);
  RowFilter by_type;
  by_type.types = {"conv2d"};
  EXPECT_EQ(filtered(f, RowGrain::per_operator, by_type), (V{"Conv_125", "Conv_7_Relu_8"}));
  by_type.types = {"Relu"};
  EXPECT_EQ(filtered(f, RowGrain::per_operator, by_type), (V{"Conv_7_Relu_8"}));
  by_type.types = {"Conv2D+Relu", "SoftmaxV2"};
  EXPECT_EQ(filtered(f, RowGrain::per_operator, by_type), (V{"softmax", "Conv_7_Relu_8"}));
  by_type.types = {"Conv"};
  EXPECT_EQ(filtered(f, RowGrain::per_operator, by_type), V{});
}

TEST(RowFilter, NameIsSearchedAsRegex) {
  const ResultFile f = aoe::test::read_data(aoe::test::k63);
  RowFilter filter;
  filter.name.emplace("^Conv_[0-9]+$");
  EXPECT_EQ(filtered(f, RowGrain::per_operator, filter), (V{"Conv_125"}));
  filter.name.emplace("Relu");
  EXPECT_EQ(filtered(f, RowGrain::per_operator, filter), (V{"Conv_7_Relu_8"}));
}

TEST(RowFilter, ModeKeepsOperatorsTunedInItOrThatModesRows) {
  const ResultFile f = aoe::test::read_data(aoe::test::k63);
  RowFilter filter;
  filter.mode = "schedule";
  EXPECT_EQ(filtered(f, RowGrain::per_operator, filter), (V{"Conv_125", "Conv_7_Relu_8"}));
  EXPECT_EQ(filtered(f, RowGrain::per_mode, filter),
            (V{"Conv_125/Schedule", "Conv_7_Relu_8/Schedule"}));
  filter.mode = "Format";
  EXPECT_EQ(filtered(f, RowGrain::per_mode, filter), (V{"softmax/Format", "Conv_7_Relu_8/Format"}));
}

TEST(RowFilter, MinImprovementLeavesOutRowsWithoutValue) {
  const ResultFile f = read_result_text(
      R"J([{"OPAT": {"repo_modified_operators": [
        {"op_name": "a", "op_type": "X", "tune_performance": {"Impl": {
          "performance_before_tune(us)": 20, "performance_after_tune(us)": 10}}},
        {"op_name": "b", "op_type": "X", "tune_performance": {"Impl": {
          "performance_before_tune(us)": 11, "performance_after_tune(us)": 10}}},
        {"op_name": "c", "op_type": "X", "tune_performance": {"Impl": {
          "performance_before_tune(us)": 11, "performance_after_tune(us)": 0}}}]}}])J",
      "mem");
  RowFilter filter;
  filter.min_improvement_pct = 10;  // b is exactly 10 %
  EXPECT_EQ(filtered(f, RowGrain::per_operator, filter), (V{"a", "b"}));
  filter.min_improvement_pct = 10.5;
  EXPECT_EQ(filtered(f, RowGrain::per_operator, filter), (V{"a"}));
}

}  // namespace
}  // namespace aoe
