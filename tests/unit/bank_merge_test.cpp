// SPDX-License-Identifier: Apache-2.0
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/bank.hpp"

namespace aoe {
namespace {

const std::string kMerge = std::string(AOE_TEST_DATA_DIR) + "/bank/merge/";
const std::string kName = "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json";

TEST(BankMerge, UnionKeepsTheTextAsReadAOrderThenB) {
  const BankFile a = read_bank_file(kMerge + "a/" + kName);
  const BankFile b = read_bank_file(kMerge + "b/" + kName);
  ASSERT_TRUE(a.byte_order_mark);
  ASSERT_TRUE(a.crlf);
  const BankMerge m = merge_bank_files(a, b);
  ASSERT_TRUE(m.ok);
  EXPECT_EQ(m.records, 3U);
  EXPECT_EQ(m.from_a, 2U);
  EXPECT_EQ(m.only_b, 1U);
  EXPECT_EQ(m.same, 1U);  // baseN 64.0 is 64
  EXPECT_TRUE(m.conflicts.empty());
  EXPECT_EQ(m.text,
            "{\"id\":1,\"info_dict\":{\"m\":1,\"n\":2},\"knowledge\":{\"baseM\":128,\"baseN\":64},"
            "\"op\":\"MatMulV2\",\"version\":0}\n"
            "{\"id\":2, \"info_dict\": {\"m\": 2, \"n\": 2}, \"knowledge\": {\"baseM\": 64, "
            "\"baseN\": 64}, \"op\": \"MatMulV2\", \"version\": 0}\n"
            "{\"id\":3,\"info_dict\":{\"m\":3,\"n\":2},\"knowledge\":{\"baseM\":256,\"baseN\":64},"
            "\"op\":\"BatchMatMul\",\"version\":0}\n");
  // Read back, it is what the runtime reads: no finding.
  const BankFile back = read_bank_text(m.text, kName);
  EXPECT_EQ(back.counts.records, 3U);
  EXPECT_TRUE(check_bank_file(back).empty());
}

TEST(BankMerge, ConflictStopsUnlessPreferred) {
  const BankFile a = read_bank_file(kMerge + "a/" + kName);
  const BankFile c = read_bank_file(kMerge + "conflict/" + kName);
  const BankMerge m = merge_bank_files(a, c);
  EXPECT_FALSE(m.ok);
  EXPECT_TRUE(m.text.empty());
  ASSERT_EQ(m.conflicts.size(), 1U);
  EXPECT_EQ(m.conflicts[0].first_path, kMerge + "a/" + kName);
  EXPECT_EQ(m.conflicts[0].first_line, 1U);
  EXPECT_EQ(m.conflicts[0].second_path, kMerge + "conflict/" + kName);
  EXPECT_EQ(m.conflicts[0].second_line, 2U);
  EXPECT_EQ(m.conflicts[0].changes, std::vector<std::string>{"baseM 128 → 256"});

  const BankMerge pa = merge_bank_files(a, c, BankPrefer::a);
  ASSERT_TRUE(pa.ok);
  EXPECT_EQ(pa.records, 3U);
  EXPECT_EQ(pa.replaced, 0U);
  EXPECT_NE(pa.text.find("\"baseM\":128"), std::string::npos);
  EXPECT_EQ(pa.text.find("\"baseM\":256,\"baseN\":64},\"op\":\"MatMulV2\",\"version\":0}\n{"),
            std::string::npos);

  const BankMerge pb = merge_bank_files(a, c, BankPrefer::b);
  ASSERT_TRUE(pb.ok);
  EXPECT_EQ(pb.records, 3U);
  EXPECT_EQ(pb.from_a, 2U);
  EXPECT_EQ(pb.only_b, 1U);
  EXPECT_EQ(pb.replaced, 1U);
  // B's record in A's place (first line), B's new record last.
  EXPECT_EQ(pb.text.substr(0, pb.text.find('\n')),
            "{\"id\":1,\"info_dict\":{\"m\":1,\"n\":2},\"knowledge\":{\"baseM\":256,\"baseN\":64},"
            "\"op\":\"MatMulV2\",\"version\":0}");
}

TEST(BankMerge, RecordWithoutInfoDictIsRefused) {
  const BankFile a = read_bank_text("{\"id\":1,\"knowledge\":{\"a\":1}}\n", kName);
  const BankFile b = read_bank_file(kMerge + "b/" + kName);
  const BankMerge m = merge_bank_files(a, b, BankPrefer::b);
  EXPECT_FALSE(m.ok);
  ASSERT_EQ(m.unkeyed.size(), 1U);
  EXPECT_EQ(m.unkeyed[0].line, 1U);
}

TEST(BankMerge, TwoEmptyBanksMergeToAnEmptyFile) {
  const BankFile a = read_bank_text("{}", kName);
  const BankFile b = read_bank_text("", kName);
  const BankMerge m = merge_bank_files(a, b);
  EXPECT_TRUE(m.ok);
  EXPECT_EQ(m.records, 0U);
  EXPECT_EQ(m.text, "");
}

}  // namespace
}  // namespace aoe
