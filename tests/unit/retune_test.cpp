// SPDX-License-Identifier: Apache-2.0
// Choosing the operators to re-tune (src/retune.cpp): failed ones, then
// those below a limit, each once, with their types as AOE writes them.
#include "aoe_result/retune.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

TEST(SelectForRetune, FailedThenBelowLimitDeduplicated) {
  const std::vector<ResultFile> files{test::read_data(test::k8x), test::read_data(test::k601)};
  const RetuneSelection failed_only = select_for_retune(files, {});
  EXPECT_EQ(failed_only.names, std::vector<std::string>{"res4a_branch1"});
  EXPECT_EQ(failed_only.failed, 1U);
  EXPECT_EQ(failed_only.below, 0U);
  EXPECT_TRUE(failed_only.types.empty());  // res4a_branch1 was never tuned: type unknown

  RetuneCriteria c;
  c.below_pct =
      5;  // 8.x: Conv_3 2.00%, Conv_38 2.00%, Conv_73 2.00%, Conv_108 2.00%, Conv_125 0.01%
  const RetuneSelection sel = select_for_retune(files, c);
  EXPECT_EQ(sel.names, (std::vector<std::string>{"Conv_3", "Conv_38", "Conv_73", "Conv_108",
                                                 "Conv_125", "res4a_branch1"}));
  EXPECT_EQ(sel.failed, 1U);
  EXPECT_EQ(sel.below, 5U);
  EXPECT_EQ(sel.types, std::vector<std::string>{"Conv2D"});
}

TEST(SelectForRetune, FusedTypeJoinedAsAoeWritesIt) {
  RetuneCriteria c;
  c.below_pct = 1000;  // every timed operator
  const RetuneSelection sel = select_for_retune({test::read_data(test::k8x)}, c);
  EXPECT_EQ(sel.types, (std::vector<std::string>{"SoftmaxV2", "Conv2D", "BNTrainingUpdate__Relu"}));
  EXPECT_EQ(sel.names.size(), 22U);  // 21 tuned + 1 failed
}

// A failed operator has no type of its own: it takes that of the first
// operator of its name with types, in file order, from any file.
TEST(SelectForRetune, FailedOperatorTypedByTheFirstTunedOneOfItsName) {
  const auto file = [](std::vector<Operator> ops, std::vector<std::string> failed) {
    ResultFile f;
    f.readable = true;
    Report r;
    r.operators = std::move(ops);
    r.failed_operators = std::move(failed);
    f.reports.push_back(std::move(r));
    return f;
  };
  const auto op = [](std::string name, std::initializer_list<std::string_view> types) {
    Operator o;
    o.name = std::move(name);
    o.types = types;
    return o;
  };
  const std::vector<ResultFile> files{
      file({}, {"X", "Y", "Z"}), file({op("Y", {}), op("X", {"MatMulV2"})}, {}),
      file({op("X", {"Conv2D"}), op("Y", {"Add"}), op("W", {"Relu"})}, {})};
  const RetuneSelection sel = select_for_retune(files, {});
  EXPECT_EQ(sel.names, (std::vector<std::string>{"X", "Y", "Z"}));
  EXPECT_EQ(sel.failed, 3U);
  // X: MatMulV2 (first seen), not Conv2D; Y: Add (its first has no type);
  // Z: never tuned, no type; W: not chosen.
  EXPECT_EQ(sel.types, (std::vector<std::string>{"MatMulV2", "Add"}));
}

}  // namespace
}  // namespace aoe
