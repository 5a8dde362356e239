// SPDX-License-Identifier: Apache-2.0
// `log` (cmd_log.cpp): the command through run_log, without CLI11.
#include <string>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

LogOptions logs(std::initializer_list<std::string> names) {
  LogOptions o;
  for (const std::string& n : names)
    o.inputs.paths.push_back(n == "-" ? n : test::data("log/" + n));
  return o;
}

TEST(Log, FinishedIsZero) {
  Harness h;
  EXPECT_EQ(run_log(logs({"finished_7x.log"}), h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("finished_7x.log: finished in 1494 s (24 min 54 s), line 8\n"),
            std::string::npos)
      << h.out.str();
  EXPECT_NE(h.out.str().find("  4 operators finished:\n    MatMul_18  softmax  Conv_125  "
                             "Conv_7_Relu_8\n"),
            std::string::npos)
      << h.out.str();
  EXPECT_EQ(h.err.str(), "");
}

TEST(Log, FailedIsOneAndSaysTheCodeMeaningReasonLine) {
  Harness h;
  EXPECT_EQ(run_log(logs({"failed_eg0013.log"}), h.ctx), Exit::findings);
  const std::string out = h.out.str();
  EXPECT_NE(out.find("failed_eg0013.log: failed: EG0013 at line 4\n"), std::string::npos) << out;
  EXPECT_NE(out.find("  error EG0013 (device operation failed) at line 4\n"
                     "    Device operation failed.\n"
                     "    Reason: device 0 is busy.\n"),
            std::string::npos)
      << out;
}

TEST(Log, InterruptedIsOne) {
  Harness h;
  EXPECT_EQ(run_log(logs({"interrupted_601.log"}), h.ctx), Exit::findings);
  EXPECT_NE(h.out.str().find("interrupted: no \"Aoe process finished\" line and no error code"),
            std::string::npos);
}

TEST(Log, EmptyLogIsNotRead) {
  Harness h;
  EXPECT_EQ(run_log(logs({"empty.log"}), h.ctx), Exit::input);
  EXPECT_NE(h.out.str().find("empty.log: not read (the log is empty: not AOE's console output)\n"),
            std::string::npos)
      << h.out.str();
}

TEST(Log, MissingIsThreeAndWorstWins) {
  Harness h;
  EXPECT_EQ(run_log(logs({"finished_7x.log", "missing.log"}), h.ctx), Exit::input);
  EXPECT_NE(h.err.str().find("missing.log: the file does not exist (io-error)"), std::string::npos)
      << h.err.str();
  EXPECT_NE(h.out.str().find("missing.log: not read (the file does not exist)"), std::string::npos);
}

TEST(Log, NoPathReadsStdinWhenNotATerminal) {
  Harness h(Format::text,
            "[Aoe]A Tuning process finished.\n[Aoe]Aoe process finished,cost "
            "time 9s.\n");
  EXPECT_EQ(run_log(LogOptions{}, h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("<stdin>: finished in 9 s, line 2\n"), std::string::npos)
      << h.out.str();
}

TEST(Log, NoPathOnATerminalIsAUsageErrorThatTeaches) {
  Harness h;
  h.ctx.in_is_terminal = true;
  try {
    (void)run_log(LogOptions{}, h.ctx);
    FAIL() << "no usage error";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("aoe-result log aoe.log"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("| aoe-result log"), std::string::npos);
  }
  EXPECT_EQ(h.out.str(), "");
}

TEST(Log, DirectoryWithoutLogsIsThree) {
  Harness h;
  LogOptions o;
  o.inputs.paths = {test::data("check")};
  EXPECT_EQ(run_log(o, h.ctx), Exit::input);
  EXPECT_NE(h.err.str().find("no *.log"), std::string::npos) << h.err.str();
}

TEST(Log, FormatsItDoesNotWriteAreUsageErrors) {
  Harness h(Format::csv);
  EXPECT_THROW((void)run_log(logs({"finished_7x.log"}), h.ctx), UsageError);
}

TEST(Log, StringsFromTheLogAreEscaped) {
  Harness h;
  EXPECT_EQ(run_log(logs({"binary_bytes.log"}), h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("Add\\x00_1  Mul_\\xff\\xfe\\x1b[2J"), std::string::npos)
      << h.out.str();
  EXPECT_EQ(h.out.str().find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace aoe::cli
