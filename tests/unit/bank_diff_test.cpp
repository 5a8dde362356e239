// SPDX-License-Identifier: Apache-2.0
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/bank.hpp"

namespace aoe {
namespace {

const std::string kDiff = std::string(AOE_TEST_DATA_DIR) + "/bank/diff/";
const std::string kExamples = std::string(AOE_TEST_DATA_DIR) + "/../../docs/examples/repository/";
const std::string kConv2D = "Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb.json";

const BankFileDiff* file_of(const BankDiff& d, const std::string& path) {
  for (const BankFileDiff& f : d.files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

const Diagnostic* find_code(const BankFileDiff& f, Code code) {
  for (const Diagnostic& d : f.diagnostics) {
    if (d.code == code) return &d;
  }
  return nullptr;
}

TEST(BankDiff, ExampleRepositoryOneAddedOneChanged) {
  const BankDiff d = diff_banks(kExamples + "before", kExamples + "after");
  ASSERT_TRUE(d.old_readable);
  ASSERT_TRUE(d.new_readable);
  EXPECT_TRUE(d.problems.empty());
  ASSERT_EQ(d.files.size(), 4U);
  EXPECT_EQ(d.totals.files, 4U);
  EXPECT_EQ(d.totals.compared, 4U);
  EXPECT_EQ(d.totals.only_old, 0U);
  EXPECT_EQ(d.totals.only_new, 0U);
  EXPECT_EQ(d.totals.added, 1U);
  EXPECT_EQ(d.totals.removed, 0U);
  EXPECT_EQ(d.totals.changed, 1U);
  const BankFileDiff* mm = file_of(
      d, "custom/op/Ascend910B3/unified_bank/Ascend910B3_20_AiCore_MatMulV2_runtime_kb.json");
  ASSERT_NE(mm, nullptr);
  EXPECT_EQ(mm->op_type, "MatMulV2");
  EXPECT_EQ(mm->old_records, 3U);
  EXPECT_EQ(mm->new_records, 4U);
  EXPECT_EQ(mm->added, 1U);
  EXPECT_EQ(mm->changed, 1U);
  EXPECT_EQ(mm->unchanged, 2U);
  ASSERT_EQ(mm->records.size(), 2U);
  EXPECT_EQ(mm->records[0].change, BankChange::changed);
  EXPECT_EQ(mm->records[0].old_line, 2U);
  EXPECT_EQ(mm->records[0].new_line, 2U);
  EXPECT_EQ(mm->records[0].changes, std::vector<std::string>{"baseM 128 → 256"});
  EXPECT_EQ(mm->records[1].change, BankChange::added);
  EXPECT_EQ(mm->records[1].new_line, 4U);
  EXPECT_EQ(mm->records[1].old_line, 0U);
  const BankFileDiff* gf = file_of(d, "custom/graph/Ascend910B3/Ascend910B3_gradient_fusion.json");
  ASSERT_NE(gf, nullptr);
  EXPECT_EQ(gf->kind, BankFileKind::gradient_fusion);
  EXPECT_EQ(gf->same_bytes, true);
  ASSERT_FALSE(d.ops.empty());
}

TEST(BankDiff, FixturesCountEveryKindAndNoteRepeatsInsideOneSide) {
  const BankDiff d = diff_banks(kDiff + "old", kDiff + "new");
  ASSERT_EQ(d.files.size(), 3U);
  EXPECT_EQ(d.totals.only_old, 1U);
  EXPECT_EQ(d.totals.only_new, 1U);
  EXPECT_EQ(d.totals.compared, 1U);
  EXPECT_EQ(d.totals.added, 3U);
  EXPECT_EQ(d.totals.removed, 2U);
  EXPECT_EQ(d.totals.changed, 1U);
  EXPECT_EQ(d.totals.unchanged, 1U);
  EXPECT_EQ(d.totals.old_records, 5U);
  EXPECT_EQ(d.totals.new_records, 6U);

  const BankFileDiff* c = file_of(d, kConv2D);
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->compared);
  EXPECT_EQ(c->added, 1U);
  EXPECT_EQ(c->removed, 1U);
  EXPECT_EQ(c->changed, 1U);
  EXPECT_EQ(c->unchanged, 1U);  // m 3.0 is m 3, b 1.000000 is b 1.0
  ASSERT_EQ(c->records.size(), 3U);
  EXPECT_EQ(c->records[0].change, BankChange::changed);
  EXPECT_EQ(c->records[0].old_line, 1U);  // the first of the two in the old side
  EXPECT_EQ(c->records[0].new_line, 2U);
  EXPECT_EQ(c->records[0].changes, (std::vector<std::string>{"a 1 → 5", "dbL0A – → 2"}));
  EXPECT_EQ(c->records[1].change, BankChange::added);
  EXPECT_EQ(c->records[1].new_line, 3U);
  EXPECT_EQ(entries_json(c->records[1].info_dict), R"({"m": 4, "n": 8})");
  EXPECT_EQ(c->records[2].change, BankChange::removed);
  EXPECT_EQ(c->records[2].old_line, 2U);
  EXPECT_EQ(entries_json(c->records[2].knowledge), R"({"a": 2, "b": 2})");

  const Diagnostic* conflict = find_code(*c, Code::bank_conflict);
  ASSERT_NE(conflict, nullptr);
  EXPECT_EQ(conflict->file, kDiff + "old/" + kConv2D);
  EXPECT_EQ(conflict->line, 4U);
  EXPECT_EQ(conflict->severity, Severity::warning);
  const Diagnostic* dup = find_code(*c, Code::bank_duplicate);
  ASSERT_NE(dup, nullptr);
  EXPECT_EQ(dup->file, kDiff + "new/" + kConv2D);
  EXPECT_EQ(dup->line, 4U);
  const Diagnostic* bad = find_code(*c, Code::truncated);
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->line, 5U);

  const BankFileDiff* ffn =
      file_of(d, "Ascend910B1/unified_bank/Ascend910B1_20_AiCore_FFN_runtime_kb.json");
  ASSERT_NE(ffn, nullptr);
  EXPECT_FALSE(ffn->new_path);
  EXPECT_FALSE(ffn->compared);
  EXPECT_EQ(ffn->removed, 1U);
  const BankFileDiff* c3 =
      file_of(d, "Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv3D_runtime_kb.json");
  ASSERT_NE(c3, nullptr);
  EXPECT_FALSE(c3->old_path);
  EXPECT_EQ(c3->added, 2U);

  ASSERT_EQ(d.ops.size(), 3U);
  EXPECT_EQ(d.ops[0].op_type, "Conv2D");
  EXPECT_EQ(d.ops[1].op_type, "Conv3D");
  EXPECT_EQ(d.ops[1].added, 2U);
  EXPECT_EQ(d.ops[2].op_type, "FFN");
  EXPECT_EQ(d.ops[2].removed, 1U);
}

TEST(BankDiff, TwoFilesArePairedWhateverTheirNames) {
  const BankDiff d =
      diff_banks(kDiff + "old/" + kConv2D, kDiff +
                                               "new/Ascend910B1/unified_bank/"
                                               "Ascend910B1_20_AiCore_Conv3D_runtime_kb.json");
  ASSERT_EQ(d.files.size(), 1U);
  EXPECT_TRUE(d.files[0].compared);
  EXPECT_EQ(d.files[0].path, "Ascend910B1_20_AiCore_Conv3D_runtime_kb.json");
  EXPECT_EQ(d.files[0].added, 2U);
  EXPECT_EQ(d.files[0].removed, 3U);  // three keys: line 4 repeats line 1's
}

TEST(BankDiff, SameSideTwiceChangesNothing) {
  const BankDiff d = diff_banks(kDiff + "old", kDiff + "old");
  EXPECT_EQ(d.totals.added + d.totals.removed + d.totals.changed, 0U);
  EXPECT_EQ(d.totals.unchanged, 4U);
}

TEST(BankDiff, MissingSideIsAProblemNotAThrow) {
  const BankDiff d = diff_banks(kDiff + "nowhere", kDiff + "new");
  EXPECT_FALSE(d.old_readable);
  EXPECT_TRUE(d.new_readable);
  ASSERT_EQ(d.problems.size(), 1U);
  EXPECT_EQ(d.problems[0].code, Code::io_error);
  EXPECT_TRUE(d.files.empty());
}

TEST(BankDiff, ChangeNames) {
  EXPECT_EQ(to_string(BankChange::added), "added");
  EXPECT_EQ(to_string(BankChange::removed), "removed");
  EXPECT_EQ(to_string(BankChange::changed), "changed");
}

}  // namespace
}  // namespace aoe

namespace aoe {
namespace {

const std::string kMergeData = std::string(AOE_TEST_DATA_DIR) + "/bank/merge/";
const std::string kMatMul = "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json";

TEST(BankDiff, OldRecordsReadAgainAcrossCrlfAndByteOrderMark) {
  // The old file begins with a byte order mark and ends its lines in CRLF:
  // its changed and removed records are read again by their lines.
  const BankDiff d = diff_banks(kMergeData + "a/" + kMatMul, kMergeData + "conflict/" + kMatMul);
  ASSERT_EQ(d.files.size(), 1U);
  const BankFileDiff& f = d.files[0];
  EXPECT_EQ(f.changed, 1U);
  EXPECT_EQ(f.removed, 1U);
  EXPECT_EQ(f.added, 1U);
  ASSERT_EQ(f.records.size(), 3U);
  EXPECT_EQ(f.records[0].change, BankChange::added);  // new line 1: m 3
  EXPECT_EQ(f.records[1].change, BankChange::changed);
  EXPECT_EQ(f.records[1].changes, std::vector<std::string>{"baseM 128 → 256"});
  EXPECT_EQ(f.records[2].change, BankChange::removed);
  EXPECT_EQ(f.records[2].old_line, 2U);
  EXPECT_EQ(entries_json(f.records[2].info_dict), R"({"m": 2, "n": 2})");
  EXPECT_EQ(entries_json(f.records[2].knowledge), R"({"baseM": 64, "baseN": 64})");
}

TEST(BankDiff, ARecordOverSeveralLinesIsReadAgainWithTheWholeFile) {
  const std::string dir = std::string(AOE_TEST_DATA_DIR) + "/bank/diff/multiline/";
  const BankDiff d = diff_banks(dir + "old", dir + "new");
  ASSERT_EQ(d.files.size(), 1U);
  const BankFileDiff& f = d.files[0];
  EXPECT_EQ(f.changed, 1U);
  EXPECT_EQ(f.removed, 2U);
  ASSERT_EQ(f.records.size(), 3U);
  EXPECT_EQ(f.records[0].changes, std::vector<std::string>{"baseM 128 → 256"});
  EXPECT_EQ(f.records[1].old_line, 2U);
  EXPECT_EQ(entries_json(f.records[1].knowledge), R"({"baseM": 64})");
  EXPECT_EQ(f.records[2].old_line, 9U);
  EXPECT_EQ(entries_json(f.records[2].knowledge), R"({"baseM": 32})");
  for (const Diagnostic& n : f.diagnostics) ADD_FAILURE() << n.message;
}

TEST(BankDiff, KeysAreNumbersByValueAndOrderFree) {
  const BankFile a = read_bank_text(
      R"({"id":1,"info_dict":{"m":1,"n":2.0,"s":"x"},"knowledge":{"a":1,"b":-0},"op":"X","version":0})"
      "\n",
      "Ascend910B1_20_AiCore_X_runtime_kb.json");
  ASSERT_EQ(a.records.size(), 1U);
  const std::string dir = ::testing::TempDir() + "bank_diff_keys/";
  std::filesystem::create_directories(dir + "o");
  std::filesystem::create_directories(dir + "n");
  {
    std::ofstream(dir + "o/Ascend910B1_20_AiCore_X_runtime_kb.json")
        << R"({"id":1,"info_dict":{"m":1,"n":2.0,"s":"x"},"knowledge":{"a":1,"b":-0},"op":"X","version":0})"
        << "\n"
        << R"({"id":2,"info_dict":{"m":5},"knowledge":{"a":1},"op":"X","version":0})"
        << "\n";
    std::ofstream(dir + "n/Ascend910B1_20_AiCore_X_runtime_kb.json")
        << R"({"id":1,"info_dict":{"s":"x","n":2,"m":1.000},"knowledge":{"b":0,"a":1.0},"op":"X","version":0})"
        << "\n"
        << R"({"id":2,"info_dict":{"m":"5"},"knowledge":{"a":1},"op":"X","version":0})"
        << "\n";
  }
  const BankDiff d = diff_banks(dir + "o", dir + "n");
  ASSERT_EQ(d.files.size(), 1U);
  EXPECT_EQ(d.files[0].unchanged, 1U);
  EXPECT_EQ(d.files[0].added, 1U);  // "5" is a string, not 5
  EXPECT_EQ(d.files[0].removed, 1U);
}

}  // namespace
}  // namespace aoe

namespace aoe {
namespace {

TEST(BankDiff, AFileAndAFolderPairByTheFileName) {
  const std::string dir = std::string(AOE_TEST_DATA_DIR) + "/bank/diff/";
  const std::string conv2d =
      "Ascend910B1/unified_bank/Ascend910B1_20_AiCore_Conv2D_runtime_kb.json";
  const BankDiff d = diff_banks(dir + "old/" + conv2d, dir + "new");
  ASSERT_EQ(d.files.size(), 2U);  // Conv2D paired; Conv3D only in the new folder
  EXPECT_EQ(d.totals.compared, 1U);
  EXPECT_EQ(d.totals.only_new, 1U);
  EXPECT_EQ(d.totals.changed, 1U);
}

}  // namespace
}  // namespace aoe
