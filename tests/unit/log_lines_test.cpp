// SPDX-License-Identifier: Apache-2.0
// One line of AOE's console output classified (src/log/log_lines.hpp).
#include "log/log_lines.hpp"

#include <gtest/gtest.h>

namespace aoe::internal {
namespace {

TEST(LogLines, RunFinishedWithCostTime) {
  const LogLine l = classify_log_line("[Aoe]Aoe process finished,cost time 1109s.");
  EXPECT_EQ(l.kind, LogLineKind::run_finished);
  ASSERT_TRUE(l.number);
  EXPECT_EQ(*l.number, 1109.0);
}

TEST(LogLines, RunFinishedSpacedAndWithoutCostTime) {
  const LogLine spaced = classify_log_line("[Aoe]Aoe process finished, cost time 12 s\r");
  EXPECT_EQ(spaced.kind, LogLineKind::run_finished);
  EXPECT_EQ(spaced.number, 12.0);
  const LogLine bare = classify_log_line("[Aoe]Aoe process finished.");
  EXPECT_EQ(bare.kind, LogLineKind::run_finished);
  EXPECT_FALSE(bare.number);
}

TEST(LogLines, OperatorFinishedBothSpellings) {
  const LogLine v6 = classify_log_line("[Aoe]MatMul Single operator tuning process finished.");
  EXPECT_EQ(v6.kind, LogLineKind::operator_finished);
  EXPECT_EQ(v6.name, "MatMul");
  EXPECT_TRUE(v6.single_operator);
  const LogLine v7 = classify_log_line("[Aoe]Conv_7_Relu_8 Tuning process finished.");
  EXPECT_EQ(v7.kind, LogLineKind::operator_finished);
  EXPECT_EQ(v7.name, "Conv_7_Relu_8");
  EXPECT_FALSE(v7.single_operator);
}

TEST(LogLines, ImprovementLine) {
  const LogLine l = classify_log_line("resnet50 process finished. Performance improved by 12.5%");
  EXPECT_EQ(l.kind, LogLineKind::improvement);
  EXPECT_EQ(l.name, "resnet50");
  EXPECT_EQ(l.number, 12.5);
}

TEST(LogLines, CodeInsidePlogLineWithReason) {
  const LogLine l = classify_log_line(
      "[ERROR] AOE(18230,aoe):2024-06-07-16:12:44.120.009 [device.cc:201] EG0013: Device "
      "operation failed. Reason: device 0 is busy.");
  EXPECT_EQ(l.kind, LogLineKind::code);
  EXPECT_EQ(l.code, "EG0013");
  EXPECT_EQ(l.message, "Device operation failed.");
  ASSERT_TRUE(l.reason);
  EXPECT_EQ(*l.reason, "device 0 is busy.");
}

TEST(LogLines, FiveDigitCodesAndDigitSecondLetter) {
  EXPECT_EQ(classify_log_line("EG10001: Private key check failed.").code, "EG10001");
  EXPECT_EQ(classify_log_line("E19999: Inner Error!").code, "E19999");
  EXPECT_EQ(classify_log_line("WG0000: Memory insufficient.").code, "WG0000");
}

TEST(LogLines, CodeLikeTextIsNotACode) {
  // Not preceded by white space or ']', no colon, too few or many digits.
  EXPECT_NE(classify_log_line("xEG0013: nope").kind, LogLineKind::code);
  EXPECT_NE(classify_log_line("EG0013 without colon").kind, LogLineKind::code);
  EXPECT_NE(classify_log_line("EG001: short").kind, LogLineKind::code);
  EXPECT_NE(classify_log_line("EG0000001: long").kind, LogLineKind::code);
  EXPECT_NE(classify_log_line("eg0013: lower case").kind, LogLineKind::code);
}

TEST(LogLines, LeadingColourCodesAreSkipped) {
  const LogLine l =
      classify_log_line("\x1b[32m\x1b[1m[Aoe]Aoe process finished,cost time 8s.\x1b[0m");
  EXPECT_EQ(l.kind, LogLineKind::run_finished);
  EXPECT_EQ(l.number, 8.0);
  EXPECT_EQ(classify_log_line("\x1b[31m").kind, LogLineKind::blank);
  // Not a colour code: kept as part of the line (a renderer escapes it).
  const LogLine kept = classify_log_line("\x1b[2J[Aoe]A Tuning process finished.");
  EXPECT_EQ(kept.kind, LogLineKind::operator_finished);
  EXPECT_EQ(kept.name, "\x1b[2J[Aoe]A");
}

TEST(LogLines, ReasonAlone) {
  const LogLine l = classify_log_line("        Reason: the value is invalid.");
  EXPECT_EQ(l.kind, LogLineKind::reason);
  EXPECT_EQ(l.reason, "the value is invalid.");
}

TEST(LogLines, PlogLevelsAndOthers) {
  EXPECT_EQ(classify_log_line("[INFO] GE(1,a):x start").kind, LogLineKind::plog_info);
  EXPECT_EQ(classify_log_line("[DEBUG] GE(1,a):x").kind, LogLineKind::plog_info);
  EXPECT_EQ(classify_log_line("[EVENT] GE(1,a):x").kind, LogLineKind::plog_info);
  EXPECT_EQ(classify_log_line("[WARNING] GE(1,a):x").kind, LogLineKind::plog_warning);
  EXPECT_EQ(classify_log_line("[ERROR] GE(1,a):x retry").kind, LogLineKind::plog_error);
  EXPECT_EQ(classify_log_line("[Aoe]Aoe tuning start, job type: 2").kind, LogLineKind::aoe_other);
  EXPECT_EQ(classify_log_line(" \t\r").kind, LogLineKind::blank);
  EXPECT_EQ(classify_log_line("progress 45%").kind, LogLineKind::unknown);
  // A plog line that says "Tuning process finished." is not an operator.
  EXPECT_EQ(classify_log_line("[INFO] X Tuning process finished.").kind, LogLineKind::plog_info);
  // The spelling alone, without a name, is not an operator.
  EXPECT_EQ(classify_log_line("[Aoe] Tuning process finished.").kind, LogLineKind::aoe_other);
}

}  // namespace
}  // namespace aoe::internal
