// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/natural_order.hpp"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

using test::timed_operator;

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end(), NaturalLess{});
  return names;
}

TEST(NaturalOrder, DigitRunsCompareAsNumbers) {
  EXPECT_EQ(sorted({"Conv_10", "Conv_125", "Conv_7"}),
            (std::vector<std::string>{"Conv_7", "Conv_10", "Conv_125"}));
  EXPECT_TRUE(natural_less("res2a_branch2", "res10a_branch1"));
  EXPECT_TRUE(natural_less("Conv_7_Relu_8", "Conv_7_Relu_10"));
}

TEST(NaturalOrder, TextComparesByteByByte) {
  EXPECT_TRUE(natural_less("Add_3", "Conv_1"));
  EXPECT_TRUE(natural_less("B", "a"));          // case matters, as in byte order
  EXPECT_TRUE(natural_less("Conv", "Conv_1"));  // a prefix comes first
  EXPECT_TRUE(natural_less("op_", "op_1"));
  EXPECT_FALSE(natural_less("op_1", "op_"));
  EXPECT_TRUE(natural_less("a1b", "a1c"));
}

TEST(NaturalOrder, OnlyEqualStringsCompareEqual) {
  EXPECT_EQ(natural_compare("Conv_7", "Conv_7"), 0);
  EXPECT_EQ(natural_compare("", ""), 0);
  EXPECT_LT(natural_compare("op_7", "op_07"), 0);  // fewer leading zeros first
  EXPECT_GT(natural_compare("op_07", "op_7"), 0);
  EXPECT_LT(natural_compare("op_07_1", "op_7_2"), 0);  // the number decides before the zeros
  // A set keeps names that differ only in zeros apart.
  const std::set<std::string, NaturalLess> names{"x0", "x00", "x000", "x0"};
  EXPECT_EQ(names.size(), 3U);
}

TEST(NaturalOrder, LongDigitRunsDoNotOverflow) {
  const std::string big = "op_" + std::string(40, '9');
  const std::string bigger = "op_1" + std::string(40, '0');
  EXPECT_TRUE(natural_less(big, bigger));
  EXPECT_TRUE(natural_less("op_18446744073709551615", "op_18446744073709551616"));
}

TEST(NaturalOrder, IsAStrictWeakOrderOnAMix) {
  const std::vector<std::string> names{"a",   "a0", "a00", "a1",   "a01", "a10", "a9",
                                       "a9b", "ab", "a_1", "a_01", "9",   "10",  "",
                                       "0",   "00", "b",   "B2",   "B10"};
  for (const auto& x : names) {
    EXPECT_FALSE(natural_less(x, x)) << x;
    for (const auto& y : names) {
      if (x != y) {
        EXPECT_NE(natural_less(x, y), natural_less(y, x)) << x << " " << y;
      }
      for (const auto& z : names) {
        if (natural_less(x, y) && natural_less(y, z)) {
          EXPECT_TRUE(natural_less(x, z)) << x << " " << y << " " << z;
        }
      }
    }
  }
}

std::vector<std::string> names_of(const std::vector<OperatorRow>& rows) {
  std::vector<std::string> out;
  for (const OperatorRow& r : rows) out.push_back(r.op->name);
  return out;
}

TEST(NaturalOrder, OpsSortByNameIsNatural) {
  ResultFile file;
  Report r;
  r.operators = {timed_operator("Conv_10", "Conv2D", 10, 5),
                 timed_operator("Conv_125", "Conv2D", 10, 5),
                 timed_operator("Conv_7", "Conv2D", 10, 5)};
  file.reports = {r};
  auto rows = operator_rows(file, RowGrain::per_operator);
  sort_rows(rows, SortKey::name);
  EXPECT_EQ(names_of(rows), (std::vector<std::string>{"Conv_7", "Conv_10", "Conv_125"}));
  sort_rows(rows, SortKey::type);
  EXPECT_EQ(names_of(rows), (std::vector<std::string>{"Conv_7", "Conv_10", "Conv_125"}));
}

TEST(NaturalOrder, IsTheTieBreakOfNumberSorts) {
  ResultFile file;
  Report r;
  // Equal savings: the names decide, naturally; a larger saving still comes first.
  r.operators = {
      timed_operator("Conv_10", "Conv2D", 10, 5), timed_operator("Conv_125", "Conv2D", 10, 5),
      timed_operator("Conv_7", "Conv2D", 10, 5), timed_operator("Conv_99", "Conv2D", 20, 5)};
  file.reports = {r};
  auto rows = operator_rows(file, RowGrain::per_operator);
  sort_rows(rows, SortKey::saved);
  EXPECT_EQ(names_of(rows), (std::vector<std::string>{"Conv_99", "Conv_7", "Conv_10", "Conv_125"}));
}

}  // namespace
}  // namespace aoe
