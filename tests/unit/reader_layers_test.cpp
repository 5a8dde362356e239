// SPDX-License-Identifier: Apache-2.0
// The reader's pure layers on their own: value conversion (values.hpp),
// the key table (keys.hpp), raw capture (raw_capture.hpp) and the outcome
// decision (outcome.hpp).
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "diagnostic_codes.hpp"
#include "reader/keys.hpp"
#include "reader/outcome.hpp"
#include "reader/raw_capture.hpp"
#include "reader/values.hpp"

namespace aoe::internal {
namespace {

Scalar text(std::string_view s) {
  Scalar v;
  v.kind = Scalar::Kind::string;
  v.s = s;
  return v;
}

Scalar number(double d) {
  Scalar v;
  v.kind = Scalar::Kind::floating;
  v.d = d;
  return v;
}

TEST(ReaderValues, NumberFromANumberOrAStringHoldingOne) {
  EXPECT_EQ(read_number_value(number(10.5)).value, 10.5);
  EXPECT_EQ(read_number_value(number(10.5)).reading, Reading::exact);
  Scalar u;
  u.kind = Scalar::Kind::unsigned_;
  u.u = 7;
  EXPECT_EQ(read_number_value(u).value, 7.0);
  const ValueReading s = read_number_value(text(" 72.046 "));
  EXPECT_EQ(s.value, 72.046);
  EXPECT_EQ(s.reading, Reading::from_string);
  EXPECT_EQ(read_number_value(text("abc")).reading, Reading::not_a_number);
  EXPECT_FALSE(read_number_value(text("abc")).value);
  EXPECT_EQ(read_number_value(text("nan")).reading, Reading::not_a_number);
  EXPECT_EQ(read_number_value(Scalar{}).reading, Reading::wrong_type);
}

TEST(ReaderValues, PercentStrings) {
  EXPECT_EQ(read_percent_value(text("60%")).value, 60.0);
  EXPECT_EQ(read_percent_value(text("60%")).reading, Reading::exact);
  EXPECT_EQ(read_percent_value(text(" -3.5% ")).value, -3.5);
  EXPECT_EQ(read_percent_value(text("35.35")).reading, Reading::no_percent_sign);
  EXPECT_EQ(read_percent_value(text("35.35")).value, 35.35);
  EXPECT_EQ(read_percent_value(number(12)).reading, Reading::bare_number);
  EXPECT_EQ(read_percent_value(number(12)).value, 12.0);
  EXPECT_EQ(read_percent_value(text("%")).reading, Reading::not_a_number);
  EXPECT_EQ(read_percent_value(text("fast%")).reading, Reading::not_a_number);
  Scalar b;
  b.kind = Scalar::Kind::boolean;
  EXPECT_EQ(read_percent_value(b).reading, Reading::wrong_type);
}

TEST(ReaderValues, WholeNumbersForCounters) {
  EXPECT_EQ(whole_number(3.0), 3);
  EXPECT_EQ(whole_number(-2.0), -2);
  EXPECT_FALSE(whole_number(2.5));
  EXPECT_FALSE(whole_number(1e16));
  EXPECT_EQ(whole_number(9.0e15), 9'000'000'000'000'000);
}

TEST(ReaderValues, DescribeNamesTheKind) {
  EXPECT_EQ(describe(Scalar{}), "null");
  EXPECT_EQ(describe(text("x")), "a string");
  EXPECT_EQ(describe(number(1)), "a number");
}

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

TEST(ReaderRawCapture, CompactJsonUpToTheLimit) {
  RawWriter raw(1000);
  raw.open('{');
  raw.key("a\"b");
  raw.open('[');
  raw.scalar(number(1.5), nullptr);
  const std::string kept = "2.50";
  raw.scalar(number(2.5), &kept);
  raw.scalar(text("x"), nullptr);
  raw.scalar(Scalar{}, nullptr);
  raw.close(']');
  raw.close('}');
  EXPECT_FALSE(raw.cut());
  EXPECT_EQ(raw.take(), R"({"a\"b":[1.500000,2.50,"x",null]})");

  RawWriter small(8);
  small.open('[');
  small.scalar(text("a long string"), nullptr);
  small.close(']');
  EXPECT_TRUE(small.cut());
  EXPECT_LE(small.take().size(), 8U);
}

TEST(ReaderOutcome, AnAoeResult) {
  OutcomeFacts f;
  f.saw_aoe_section = true;
  f.root_seen = true;
  f.has_reports = true;
  const Outcome o = decide_outcome(f);
  EXPECT_EQ(o.recognition, Recognition::aoe_result);
  EXPECT_TRUE(o.readable);
  EXPECT_TRUE(o.keep_reports);
  EXPECT_TRUE(o.report_bad_roots);
  EXPECT_EQ(o.keep, KeepDiagnostics::all);
  EXPECT_FALSE(o.code);
}

TEST(ReaderOutcome, AReportKeyWithoutReportsIsAnAoeFileWithNothingToRead) {
  OutcomeFacts f;
  f.saw_report_key = true;
  f.root_seen = true;
  const Outcome o = decide_outcome(f);
  EXPECT_EQ(o.recognition, Recognition::aoe_result);
  EXPECT_FALSE(o.readable);
}

TEST(ReaderOutcome, NotJsonKeepsOnlyTheReason) {
  OutcomeFacts f;
  f.saw_aoe_section = true;
  f.invalid_json = true;
  f.has_reports = true;
  const Outcome o = decide_outcome(f);
  EXPECT_FALSE(o.readable);
  EXPECT_FALSE(o.keep_reports);
  EXPECT_EQ(o.keep, KeepDiagnostics::invalid_json_and_io);
  EXPECT_FALSE(o.code);
}

TEST(ReaderOutcome, ThePreAoeFormatIsNamed) {
  OutcomeFacts f;
  f.saw_tune_result = true;
  f.root_seen = true;
  const Outcome o = decide_outcome(f);
  EXPECT_EQ(o.recognition, Recognition::tune_result);
  EXPECT_EQ(o.code, codes::not_aoe_result);
  EXPECT_NE(o.message.find("pre-AOE"), std::string::npos);
  EXPECT_EQ(o.keep, KeepDiagnostics::io_only);
}

TEST(ReaderOutcome, OtherShapes) {
  OutcomeFacts scalar;
  scalar.root_kind = "a number";
  EXPECT_NE(decide_outcome(scalar).message.find("the file holds a number"), std::string::npos);
  OutcomeFacts list;
  list.root_seen = true;
  list.layout = Layout::list;
  EXPECT_NE(decide_outcome(list).message.find("a JSON list without"), std::string::npos);
  OutcomeFacts object;
  object.root_seen = true;
  EXPECT_NE(decide_outcome(object).message.find("a JSON object without any report"),
            std::string::npos);
  EXPECT_EQ(decide_outcome(object).recognition, Recognition::other);
}

TEST(ReaderOutcome, EmptyAndCutBeforeTheFirstReport) {
  OutcomeFacts empty;
  empty.complete = false;
  Outcome o = decide_outcome(empty);
  EXPECT_EQ(o.code, codes::invalid_json);
  EXPECT_EQ(o.keep, KeepDiagnostics::none);
  EXPECT_NE(o.message.find("empty"), std::string::npos);
  OutcomeFacts cut;
  cut.root_seen = true;
  cut.complete = false;
  o = decide_outcome(cut);
  EXPECT_EQ(o.code, codes::truncated);
  EXPECT_NE(o.message.find("before its first report"), std::string::npos);
}

}  // namespace
}  // namespace aoe::internal
