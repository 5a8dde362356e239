// SPDX-License-Identifier: Apache-2.0
// The reader's outcome on its own (reader/outcome.hpp): what a file is and
// what is kept of it, from the facts seen while reading.
#include "reader/outcome.hpp"

#include <string>

#include <gtest/gtest.h>

#include "diagnostic_codes.hpp"

namespace aoe::internal {
namespace {

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
