// SPDX-License-Identifier: Apache-2.0
// The reader's key table on its own (reader/keys.hpp): every key of the
// format, its context, what its value must be and where it goes.
#include "reader/keys.hpp"

#include <iterator>
#include <string>

#include <gtest/gtest.h>

namespace aoe::internal {
namespace {

TEST(ReaderKeys, EveryDocumentedKeyIsRecognisedAndOthersAreUnknown) {
  EXPECT_EQ(classify_key("basic"), Key::basic);
  EXPECT_EQ(classify_key("OPAT"), Key::opat);
  EXPECT_EQ(classify_key("opat_tune_result"), Key::status_601);
  EXPECT_EQ(classify_key("opat_tuning_result"), Key::status);
  EXPECT_EQ(classify_key("tune_failed_operators"), Key::failed_601);
  EXPECT_EQ(classify_key("tuning_failed_operators"), Key::failed);
  EXPECT_EQ(classify_key("performance_before_tune(us)"), Key::before_us);
  EXPECT_EQ(classify_key("performance_after_tune(us)"), Key::after_us);
  EXPECT_EQ(classify_key("total_num"), Key::total_num);
  EXPECT_EQ(classify_key("tuning_time(s)"), Key::tuning_time_s);
  EXPECT_EQ(classify_key("Basic"), Key::unknown);
  EXPECT_EQ(classify_key("op_name "), Key::unknown);
  EXPECT_EQ(classify_key(""), Key::unknown);
  // Every key has its own bit in a frame's set of keys seen (duplicates).
  EXPECT_LE(static_cast<unsigned>(Key::count_), 64U);
}

// Every row of the key table is found by its name, and is the row of its key.
TEST(ReaderKeys, TheTableAndTheRecogniserAgree) {
  ASSERT_EQ(key_table().size() + 1, static_cast<std::size_t>(Key::count_));
  for (const KeySpec& row : key_table()) {
    EXPECT_EQ(classify_key(row.name), row.key) << row.name;
    EXPECT_EQ(key_spec(row.key).name, row.name);
    // A name one byte longer or shorter is another key, or none.
    EXPECT_NE(classify_key(std::string(row.name) + "x"), row.key) << row.name;
    EXPECT_NE(classify_key(row.name.substr(0, row.name.size() - 1)), row.key) << row.name;
  }
}

// The keys of format.md's variants (6.0.1, 6.2, 6.3+), where each is read
// and what its value must be.
TEST(ReaderKeys, EveryKeyOfTheFormatHasItsContextAndExpectation) {
  struct Row {
    std::string_view name;
    KeyContext context;
    Expect expect;
  };
  const Row rows[] = {
      {"basic", KeyContext::sections, Expect::section},
      {"OPAT", KeyContext::sections, Expect::section},
      {"tuning_name", KeyContext::basic, Expect::string},
      {"tuning_time(s)", KeyContext::basic, Expect::number},
      {"opat_tune_result", KeyContext::opat, Expect::status},    // 6.0.1
      {"opat_tuning_result", KeyContext::opat, Expect::status},  // 6.2+
      {"repo_modified_operators", KeyContext::opat, Expect::operator_lists},
      {"tune_failed_operators", KeyContext::opat, Expect::name_list},    // 6.0.1
      {"tuning_failed_operators", KeyContext::opat, Expect::name_list},  // 6.3+
      {"repo_summary", KeyContext::opat, Expect::counters},
      {"model_baseline_performance(ms)", KeyContext::opat, Expect::number},
      {"model_result_performance(ms)", KeyContext::opat, Expect::number},
      {"model_performance_improvement", KeyContext::opat, Expect::percent},
      {"add_repo_operators", KeyContext::modified_flat, Expect::operator_list},
      {"update_repo_operators", KeyContext::modified_flat, Expect::operator_list},
      {"op_name", KeyContext::op, Expect::string},
      {"op_type", KeyContext::op, Expect::strings},
      {"tune_performance", KeyContext::op, Expect::modes},
      {"performance_before_tune(us)", KeyContext::mode, Expect::number},
      {"performance_after_tune(us)", KeyContext::mode, Expect::number},
      {"performance_improvement", KeyContext::mode, Expect::percent},
      {"update_mode", KeyContext::mode, Expect::update_mode},
      {"repo_add_num", KeyContext::summary, Expect::whole_number},
      {"repo_hit_num", KeyContext::summary, Expect::whole_number},
      {"repo_reserved_num", KeyContext::summary, Expect::whole_number},
      {"repo_unsatisfied_num", KeyContext::summary, Expect::whole_number},
      {"repo_update_num", KeyContext::summary, Expect::whole_number},
      {"total_num", KeyContext::summary, Expect::whole_number},
  };
  EXPECT_EQ(std::size(rows), key_table().size()) << "a key of the table is not in this list";
  for (const Row& row : rows) {
    const Key key = classify_key(row.name);
    ASSERT_NE(key, Key::unknown) << row.name;
    const KeySpec& spec = key_spec(key);
    EXPECT_EQ(spec.context, row.context) << row.name;
    EXPECT_EQ(spec.expect, row.expect) << row.name;
    EXPECT_EQ(key_in(key, row.context), &spec) << row.name;
  }
  // The pre-AOE format's keys are not this table's.
  EXPECT_EQ(classify_key("result_data"), Key::unknown);
  EXPECT_EQ(classify_key("tune_ops_name"), Key::unknown);
}

// Where each number goes in the model.
TEST(ReaderKeys, NumbersGoToTheirFields) {
  EXPECT_EQ(key_spec(Key::before_us).mode_number, &ModeResult::before_us);
  EXPECT_EQ(key_spec(Key::after_us).mode_number, &ModeResult::after_us);
  EXPECT_EQ(key_spec(Key::improvement).mode_number, &ModeResult::reported_improvement_pct);
  EXPECT_EQ(key_spec(Key::model_baseline_ms).model_number, &ModelPerformance::baseline_ms);
  EXPECT_EQ(key_spec(Key::model_result_ms).model_number, &ModelPerformance::result_ms);
  EXPECT_EQ(key_spec(Key::model_improvement).model_number,
            &ModelPerformance::reported_improvement_pct);
  EXPECT_EQ(key_spec(Key::repo_add_num).count, &RepoSummary::add_num);
  EXPECT_EQ(key_spec(Key::repo_hit_num).count, &RepoSummary::hit_num);
  EXPECT_EQ(key_spec(Key::repo_reserved_num).count, &RepoSummary::reserved_num);
  EXPECT_EQ(key_spec(Key::repo_unsatisfied_num).count, &RepoSummary::unsatisfied_num);
  EXPECT_EQ(key_spec(Key::repo_update_num).count, &RepoSummary::update_num);
  EXPECT_EQ(key_spec(Key::total_num).count, &RepoSummary::total_num);
  // Every number and percent row has exactly one destination; the others none.
  for (const KeySpec& row : key_table()) {
    const int slots =
        (row.mode_number != nullptr) + (row.model_number != nullptr) + (row.count != nullptr);
    const bool numeric = (row.expect == Expect::number || row.expect == Expect::percent ||
                          row.expect == Expect::whole_number) &&
                         row.key != Key::tuning_time_s;  // goes to Report::tuning_time_s
    EXPECT_EQ(slots, numeric ? 1 : 0) << row.name;
  }
  // A known key in another context is not accepted there.
  EXPECT_EQ(key_in(Key::op_name, KeyContext::basic), nullptr);
  EXPECT_EQ(key_in(Key::unknown, KeyContext::op), nullptr);
}

}  // namespace
}  // namespace aoe::internal
