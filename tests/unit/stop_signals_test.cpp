// SPDX-License-Identifier: Apache-2.0
// The stop signals of a long-running command: SIGINT, SIGTERM and SIGHUP
// only record that they came while a `StopSignals` lives; the handlers in
// place before come back after it.
#include "io/stop_signals.hpp"

#include <csignal>

#include <gtest/gtest.h>
#include <signal.h>

namespace aoe::cli {
namespace {

volatile std::sig_atomic_t g_test_handler_calls = 0;
extern "C" void test_handler(int) { g_test_handler_calls = g_test_handler_calls + 1; }

// The handler of `signal` now.
void (*handler_of(int signal))(int) {
  struct sigaction now {};
  ::sigaction(signal, nullptr, &now);
  return now.sa_handler;
}

TEST(StopSignals, TerminateAndHangupAreRecordedNotFatal) {
  {
    const StopSignals stop;
    EXPECT_EQ(stop.raised(), StopSignal::none);
    ASSERT_EQ(std::raise(SIGTERM), 0);  // the default action would end the test program
    EXPECT_EQ(stop.raised(), StopSignal::terminate);
  }
  {
    const StopSignals stop;  // a new one starts with none
    EXPECT_EQ(stop.raised(), StopSignal::none);
    ASSERT_EQ(std::raise(SIGHUP), 0);
    ASSERT_EQ(std::raise(SIGINT), 0);
    EXPECT_EQ(stop.raised(), StopSignal::hangup);  // the first one is kept
  }
  EXPECT_EQ(to_string(StopSignal::terminate), "SIGTERM");
  EXPECT_EQ(to_string(StopSignal::hangup), "SIGHUP");
  EXPECT_EQ(to_string(StopSignal::interrupt), "SIGINT");
}

TEST(StopSignals, ThePreviousHandlersComeBack) {
  struct sigaction mine {};
  mine.sa_handler = test_handler;
  sigemptyset(&mine.sa_mask);
  struct sigaction saved {};
  ASSERT_EQ(::sigaction(SIGTERM, &mine, &saved), 0);
  {
    const StopSignals stop;
    EXPECT_NE(handler_of(SIGTERM), &test_handler);
  }
  EXPECT_EQ(handler_of(SIGTERM), &test_handler);
  g_test_handler_calls = 0;
  ASSERT_EQ(std::raise(SIGTERM), 0);
  EXPECT_EQ(g_test_handler_calls, 1);
  ::sigaction(SIGTERM, &saved, nullptr);
}

// `nohup` ignores SIGHUP so that a program outlives its terminal.
TEST(StopSignals, AnIgnoredHangupStaysIgnored) {
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  struct sigaction saved {};
  ASSERT_EQ(::sigaction(SIGHUP, &ignore, &saved), 0);
  {
    const StopSignals stop;
    ASSERT_EQ(std::raise(SIGHUP), 0);
    EXPECT_EQ(stop.raised(), StopSignal::none);
  }
  EXPECT_EQ(handler_of(SIGHUP), SIG_IGN);
  ::sigaction(SIGHUP, &saved, nullptr);
}

}  // namespace
}  // namespace aoe::cli
