// SPDX-License-Identifier: Apache-2.0
// The log reader (include/aoe_result/log.hpp, src/log/log_reader.cpp) on
// the fixtures of tests/data/log/ and on text made here.
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/log.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

std::string log_data(const std::string& name) { return test::data("log/" + name); }

TEST(LogReader, FinishedSevenX) {
  const LogFile f = read_log_file(log_data("finished_7x.log"));
  EXPECT_TRUE(f.readable);
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  EXPECT_EQ(f.cost_time_s, 1494.0);
  EXPECT_EQ(f.finished_line, 8U);
  ASSERT_EQ(f.finished_operators.size(), 4U);
  EXPECT_EQ(f.finished_operators[0].name, "MatMul_18");
  EXPECT_EQ(f.finished_operators[0].line, 3U);
  EXPECT_EQ(f.finished_operators[0].spelling, LogSpelling::tuning);
  EXPECT_EQ(f.finished_operators[3].name, "Conv_7_Relu_8");
  EXPECT_EQ(f.lines.total, 8U);
  EXPECT_EQ(f.lines.aoe, 5U);
  EXPECT_EQ(f.lines.aoe_other, 1U);
  EXPECT_EQ(f.lines.plog_info, 1U);
  EXPECT_EQ(f.lines.plog_warning, 1U);
  EXPECT_TRUE(f.errors.empty());
  EXPECT_TRUE(f.diagnostics.empty());
}

TEST(LogReader, FinishedSixZeroOneWithImprovement) {
  const LogFile f = read_log_file(log_data("finished_601.log"));
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  EXPECT_EQ(f.cost_time_s, 1109.0);
  ASSERT_EQ(f.finished_operators.size(), 2U);
  EXPECT_EQ(f.finished_operators[1].name, "res4a_branch1");
  EXPECT_EQ(f.finished_operators[1].spelling, LogSpelling::single_operator);
  ASSERT_EQ(f.improvements.size(), 1U);
  EXPECT_EQ(f.improvements[0].name, "resnet50");
  EXPECT_EQ(f.improvements[0].improvement_pct, 12.5);
  EXPECT_EQ(f.improvements[0].line, 4U);
}

TEST(LogReader, FailedWithDocumentedCode) {
  const LogFile f = read_log_file(log_data("failed_eg0013.log"));
  EXPECT_EQ(f.outcome, LogOutcome::failed);
  EXPECT_FALSE(f.cost_time_s);
  ASSERT_EQ(f.errors.size(), 1U);
  const LogError& e = f.errors[0];
  EXPECT_EQ(e.code, "EG0013");
  EXPECT_FALSE(e.warning);
  EXPECT_EQ(e.meaning, "device operation failed");
  EXPECT_EQ(e.message, "Device operation failed.");
  EXPECT_EQ(e.reason, "device 0 is busy.");
  EXPECT_EQ(e.line, 4U);
  EXPECT_EQ(f.first_error(), &f.errors[0]);
  ASSERT_EQ(f.finished_operators.size(), 1U);
}

TEST(LogReader, NoFinalNewlineReadsTheLastLine) {
  const LogFile f = read_log_file(log_data("failed_no_final_newline.log"));
  EXPECT_EQ(f.lines.total, 4U);
  EXPECT_EQ(f.outcome, LogOutcome::failed);
  ASSERT_EQ(f.errors.size(), 1U);
  EXPECT_EQ(f.errors[0].reason, "device 0 is busy.");
}

TEST(LogReader, ReasonOnTheNextLine) {
  const LogFile f = read_log_file(log_data("failed_reason_next_line.log"));
  EXPECT_EQ(f.outcome, LogOutcome::failed);
  ASSERT_EQ(f.errors.size(), 1U);
  EXPECT_EQ(f.errors[0].code, "EG0003");
  EXPECT_EQ(f.errors[0].meaning, "invalid option argument");
  EXPECT_EQ(f.errors[0].message, "Invalid option argument.");
  EXPECT_EQ(f.errors[0].reason, "the value of --job_type is not 1 or 2.");
  EXPECT_EQ(f.lines.unknown, 1U);  // "Solution: ..."
}

TEST(LogReader, WarningCodeDoesNotFailTheRun) {
  const LogFile f = read_log_file(log_data("warning_then_finished.log"));
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  ASSERT_EQ(f.errors.size(), 1U);
  EXPECT_TRUE(f.errors[0].warning);
  EXPECT_EQ(f.errors[0].meaning, "insufficient memory");
  EXPECT_EQ(f.first_error(), nullptr);
  EXPECT_EQ(f.cost_time_s, 61.0);
}

TEST(LogReader, InterruptedSixZeroOne) {
  const LogFile f = read_log_file(log_data("interrupted_601.log"));
  EXPECT_EQ(f.outcome, LogOutcome::interrupted);
  EXPECT_FALSE(f.finished_line);
  EXPECT_FALSE(f.cost_time_s);
  ASSERT_EQ(f.finished_operators.size(), 2U);
  EXPECT_EQ(f.finished_operators[0].spelling, LogSpelling::single_operator);
}

TEST(LogReader, PlogNoiseCountedUnknownIgnored) {
  const LogFile f = read_log_file(log_data("plog_noise.log"));
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  EXPECT_EQ(f.lines.total, 10U);
  EXPECT_EQ(f.lines.plog_info, 3U);
  EXPECT_EQ(f.lines.plog_warning, 1U);
  EXPECT_EQ(f.lines.plog_error, 1U);  // no code: not a failure
  EXPECT_EQ(f.lines.blank, 1U);
  EXPECT_EQ(f.lines.unknown, 2U);
  EXPECT_EQ(f.lines.aoe, 2U);
  EXPECT_TRUE(f.errors.empty());
}

TEST(LogReader, CrlfAndRepositoryPermission) {
  const LogFile f = read_log_file(log_data("crlf_ec0011.log"));
  EXPECT_EQ(f.outcome, LogOutcome::failed);
  ASSERT_EQ(f.finished_operators.size(), 2U);
  EXPECT_EQ(f.finished_operators[1].name, "EC_1");  // no CR kept
  ASSERT_EQ(f.errors.size(), 1U);
  EXPECT_EQ(f.errors[0].code, "EC0011");
  EXPECT_EQ(f.errors[0].meaning, "no permission on the custom repository");
  EXPECT_EQ(f.errors[0].reason, "cannot write /home/u/Ascend/latest/data/aoe/custom/op.");
}

// A log with no line of AOE's is not its console output: not read (exit 3
// in `log`), unlike a log of AOE's that stops early (interrupted).
TEST(LogReader, EmptyLogIsNotRead) {
  const LogFile f = read_log_file(log_data("empty.log"));
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(f.lines.total, 0U);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, Code::not_aoe_result);
  EXPECT_EQ(f.diagnostics[0].severity, Severity::error);
  EXPECT_EQ(f.diagnostics[0].message, "the log is empty: not AOE's console output");
}

TEST(LogReader, NoAoeLineIsNotRead) {
  const LogFile f =
      read_log_text(std::string("\x7f\x45\x4c\x46\x00\x01\n[INFO] other\n\xff\xfe", 22));
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(f.lines.total, 3U);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, Code::not_aoe_result);
  EXPECT_EQ(f.diagnostics[0].message,
            "not AOE's console output: no [Aoe] line and no error code in 3 lines");
  // One line of AOE's (or one code) is enough to be read.
  EXPECT_TRUE(read_log_text("[Aoe]Aoe tuning start\n").readable);
  EXPECT_TRUE(read_log_text("EG0013: Device operation failed.\n").readable);
}

TEST(LogReader, NulAndInvalidUtf8KeptAsBytes) {
  const LogFile f = read_log_file(log_data("binary_bytes.log"));
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  ASSERT_EQ(f.finished_operators.size(), 2U);
  EXPECT_EQ(f.finished_operators[0].name, std::string("Add\0_1", 6));
  EXPECT_EQ(f.finished_operators[1].name, "Mul_\xff\xfe\x1b[2J");
  EXPECT_EQ(f.cost_time_s, 3.0);
}

// A cost time printed but no duration is kept as printed, apart from one
// not printed at all.
TEST(LogReader, CostTimeThatIsNoDurationIsKeptAsPrinted) {
  const LogFile f = read_log_file(log_data("finished_cost_time_negative.log"));
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  EXPECT_FALSE(f.cost_time_s);
  EXPECT_EQ(f.unread_cost_time, "-5s");
  EXPECT_EQ(read_log_text("[Aoe]Aoe process finished,cost time abc .\n").unread_cost_time, "abc");
  EXPECT_EQ(read_log_text("[Aoe]Aoe process finished,cost time .\n").unread_cost_time, "");
  EXPECT_EQ(read_log_text("[Aoe]Aoe process finished,cost time -0s.\n").unread_cost_time, "-0s");
  const LogFile none = read_log_text("[Aoe]Aoe process finished.\n");
  EXPECT_FALSE(none.cost_time_s);
  EXPECT_FALSE(none.unread_cost_time);
  const LogFile read = read_log_text("[Aoe]Aoe process finished,cost time 0s.\n");
  EXPECT_EQ(read.cost_time_s, 0.0);
  EXPECT_FALSE(read.unread_cost_time);
}

TEST(LogReader, MissingAndDirectoryAreUnreadable) {
  const LogFile missing = read_log_file("/nonexistent/aoe.log");
  EXPECT_FALSE(missing.readable);
  ASSERT_EQ(missing.diagnostics.size(), 1U);
  EXPECT_EQ(missing.diagnostics[0].code, "io-error");
  EXPECT_EQ(missing.diagnostics[0].severity, Severity::error);
  EXPECT_EQ(missing.diagnostics[0].message, "the file does not exist");
  const LogFile dir = read_log_file(log_data(""));
  EXPECT_FALSE(dir.readable);
  EXPECT_EQ(dir.diagnostics.at(0).message, "the file is a directory");
}

TEST(LogReader, AnyChunkSizeGivesTheSameModel) {
  const std::string text = test::slurp(log_data("failed_eg0013.log")) +
                           test::slurp(log_data("crlf_ec0011.log")) +
                           test::slurp(log_data("finished_601.log"));
  const LogFile whole = read_log_text(text);
  for (std::size_t chunk : {16U, 17U, 31U, 64U, 1000U}) {
    std::istringstream in(text);
    LogReadOptions o;
    o.chunk_bytes = chunk;
    const LogFile f = read_log_stream(in, "<stdin>", o);
    EXPECT_EQ(f.lines.total, whole.lines.total) << chunk;
    EXPECT_EQ(f.errors.size(), whole.errors.size()) << chunk;
    ASSERT_EQ(f.finished_operators.size(), whole.finished_operators.size()) << chunk;
    for (std::size_t i = 0; i < f.finished_operators.size(); ++i) {
      EXPECT_EQ(f.finished_operators[i].name, whole.finished_operators[i].name) << chunk;
      EXPECT_EQ(f.finished_operators[i].line, whole.finished_operators[i].line) << chunk;
    }
    EXPECT_EQ(f.outcome, whole.outcome) << chunk;
    EXPECT_EQ(f.cost_time_s, whole.cost_time_s) << chunk;
  }
  EXPECT_EQ(whole.outcome, LogOutcome::failed);
  EXPECT_EQ(whole.cost_time_s, 1109.0);
}

TEST(LogReader, VeryLongLineIsBoundedAndCounted) {
  std::string text = "[Aoe]MatMul Tuning process finished.\n";
  text += std::string(1'000'000, 'x') + "\n";
  text += "[Aoe]" + std::string(200, 'y') + " Tuning process finished.\n";
  text += "[Aoe]Aoe process finished,cost time 5s.";
  LogReadOptions o;
  o.max_line_bytes = 128;
  o.chunk_bytes = 100;
  std::istringstream in(text);
  const LogFile f = read_log_stream(in, "big.log", o);
  EXPECT_EQ(f.lines.total, 4U);
  EXPECT_EQ(f.lines.cut, 2U);
  EXPECT_EQ(f.lines.unknown, 1U);
  // The second operator's line was cut before its spelling: not taken.
  ASSERT_EQ(f.finished_operators.size(), 1U);
  EXPECT_EQ(f.outcome, LogOutcome::finished);
  ASSERT_EQ(f.diagnostics.size(), 2U);
  EXPECT_EQ(f.diagnostics[0].line, 2U);
  EXPECT_EQ(f.diagnostics[0].severity, Severity::info);
}

TEST(LogReader, FailedTakesPrecedenceOverFinished) {
  const LogFile f = read_log_text(
      "EG0011: File operation failed. Reason: cannot open a.om.\n"
      "[Aoe]Aoe process finished,cost time 2s.\n");
  EXPECT_EQ(f.outcome, LogOutcome::failed);
  EXPECT_EQ(f.finished_line, 2U);
  EXPECT_EQ(f.cost_time_s, 2.0);
}

TEST(LogReader, UnknownCodeKeptWithoutMeaning) {
  const LogFile f = read_log_text("EZ9999: Inner Error!\n");
  ASSERT_EQ(f.errors.size(), 1U);
  EXPECT_FALSE(f.errors[0].meaning);
  EXPECT_FALSE(f.errors[0].reason);
  EXPECT_EQ(f.outcome, LogOutcome::failed);
}

TEST(LogReader, DocumentedCodesTable) {
  EXPECT_EQ(documented_log_codes().size(), 13U);
  EXPECT_TRUE(log_code_info("WG0000")->warning);
  EXPECT_FALSE(log_code_info("EG0000")->warning);
  EXPECT_FALSE(log_code_info("EG9999"));
  EXPECT_EQ(to_string(LogOutcome::interrupted), "interrupted");
}

}  // namespace
}  // namespace aoe
