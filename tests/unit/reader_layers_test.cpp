// SPDX-License-Identifier: Apache-2.0
// The reader's pure layers on their own: value conversion (values.hpp),
// the key table (keys.hpp), raw capture (raw_capture.hpp) and the outcome
// decision (outcome.hpp).
#include <gtest/gtest.h>

#include <string>

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
  EXPECT_NE(decide_outcome(object).message.find("a JSON object without any report"), std::string::npos);
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
