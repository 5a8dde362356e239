// SPDX-License-Identifier: Apache-2.0
// watch's view: an event carries its operators' figures (the renderers
// only format them), and the end names its exit status.
#include "commands/watch/watch_view.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "test_util.hpp"

namespace aoe::cli {
namespace {

Operator two_modes(const std::string& name) {
  Operator op;
  op.name = name;
  op.types = {"Conv2D"};
  ModeResult format;
  format.mode = TuningMode::format;
  format.mode_name = "Format";
  format.before_us = 88;
  format.after_us = 80;
  ModeResult schedule;
  schedule.mode = TuningMode::schedule;
  schedule.mode_name = "Schedule";
  schedule.before_us = 80;
  schedule.after_us = 64;
  op.modes = {format, schedule};
  return op;
}

TEST(WatchEvent, CarriesTheFiguresOfItsOperators) {
  FollowEvent what;
  what.kind = FollowEventKind::operator_updated;
  what.op = two_modes("Conv_1");
  Operator before = two_modes("Conv_1");
  before.modes.pop_back();
  what.previous = before;
  const WatchClock::time_point at = WatchClock::from_time_t(1000);
  const WatchEvent e = watch_event(what, at, "run.json");
  EXPECT_EQ(e.time, at);
  EXPECT_EQ(e.file, "run.json");
  ASSERT_TRUE(e.figures);
  EXPECT_EQ(e.figures->before_us, 88);
  EXPECT_EQ(e.figures->after_us, 64);
  EXPECT_DOUBLE_EQ(*e.figures->improvement_pct, 37.5);
  ASSERT_EQ(e.mode_figures.size(), 2U);
  EXPECT_DOUBLE_EQ(*e.mode_figures[0].improvement_pct, 10);
  EXPECT_DOUBLE_EQ(*e.mode_figures[1].improvement_pct, 25);
  ASSERT_TRUE(e.previous_figures);
  EXPECT_EQ(e.previous_figures->after_us, 80);
  ASSERT_EQ(e.previous_mode_figures.size(), 1U);

  FollowEvent failed;
  failed.kind = FollowEventKind::failed;
  const WatchEvent f = watch_event(failed, at, "run.json");
  EXPECT_FALSE(f.figures);
  EXPECT_TRUE(f.mode_figures.empty());
  EXPECT_FALSE(f.previous_figures);
}

TEST(WatchEnd, NamesItsExitStatus) {
  const Follower never_read;
  EXPECT_EQ(watch_end(never_read, EndReason::once).exit_status, Exit::input);
  EXPECT_EQ(watch_end(never_read, EndReason::interrupted).exit_status, Exit::interrupted);
  EXPECT_EQ(static_cast<int>(Exit::interrupted), 130);
  EXPECT_EQ(static_cast<int>(Exit::terminated), 143);
  EXPECT_EQ(static_cast<int>(Exit::hangup), 129);
}

// SIGTERM and SIGHUP end watching as Ctrl-C does, each with its status.
TEST(WatchEnd, SignalsGiveTheirStatus) {
  Follower f;
  (void)f.update(test::read_data(test::k63));
  const WatchEnd term = watch_end(f, EndReason::terminated, StopSignal::terminate);
  EXPECT_EQ(term.exit_status, Exit::terminated);
  EXPECT_EQ(term.signal, StopSignal::terminate);
  EXPECT_EQ(term.totals.operators, f.state().reports[0].operators.size());
  EXPECT_EQ(watch_end(f, EndReason::terminated, StopSignal::hangup).exit_status, Exit::hangup);
  EXPECT_EQ(to_string(EndReason::terminated), "terminated");
  EXPECT_EQ(to_string(EndReason::writer_gone), "writer-gone");
  const WatchEnd error = watch_end(f, EndReason::error, StopSignal::none, "cannot watch: x");
  EXPECT_EQ(error.exit_status, Exit::input);
  EXPECT_EQ(error.problem, "cannot watch: x");
}

// `watch --once` and `check` agree on a file: a cut-off file whose report
// says successful fails both.
TEST(WatchEnd, CutOffFileFailsAsCheckFails) {
  Follower cut;
  (void)cut.update(test::read_data("check/truncated.json"));
  const WatchEnd end = watch_end(cut, EndReason::once);
  EXPECT_EQ(end.exit_status, Exit::findings);
  EXPECT_EQ(end.complete, false);
  EXPECT_EQ(end.verdict, Verdict::failed);
  EXPECT_NE(std::find(end.check_errors.begin(), end.check_errors.end(), Code::truncated),
            end.check_errors.end());

  Follower whole;
  (void)whole.update(test::read_data("check/truncated.ok.json"));
  const WatchEnd ok = watch_end(whole, EndReason::once);
  EXPECT_EQ(ok.exit_status, Exit::ok);
  EXPECT_NE(ok.verdict, Verdict::failed);
  EXPECT_TRUE(ok.check_errors.empty());
}

}  // namespace
}  // namespace aoe::cli

namespace aoe::cli {
namespace {

// `watch --log`: a failed log fails an end that passed; finished, no
// verdict yet and not read leave it; a signal's status stays.
TEST(WatchEnd, LogVerdictJoinsTheEnd) {
  Follower f;
  (void)f.update(test::read_data(test::k63));
  WatchEnd passed = watch_end(f, EndReason::once);
  ASSERT_EQ(passed.exit_status, Exit::ok);
  add_log_verdict(passed, read_log_text("EG0013: Device operation failed.\n", "aoe.log"));
  EXPECT_EQ(passed.exit_status, Exit::findings);
  ASSERT_TRUE(passed.log);
  EXPECT_EQ(passed.log->outcome, LogOutcome::failed);
  EXPECT_EQ(passed.log->code, "EG0013");
  EXPECT_EQ(passed.log->line, 1U);

  WatchEnd finished = watch_end(f, EndReason::once);
  add_log_verdict(finished, read_log_text("[Aoe]Aoe process finished,cost time 7s.\n", "aoe.log"));
  EXPECT_EQ(finished.exit_status, Exit::ok);
  EXPECT_EQ(finished.log->cost_time_s, 7.0);
  EXPECT_EQ(finished.log->line, 1U);

  WatchEnd interrupted = watch_end(f, EndReason::once);
  add_log_verdict(interrupted, read_log_text("[Aoe]Aoe tuning start\n", "aoe.log"));
  EXPECT_EQ(interrupted.exit_status, Exit::ok);
  EXPECT_EQ(interrupted.log->outcome, LogOutcome::interrupted);

  // A log with nothing of AOE's is not read, as `log` and `check --log` say.
  WatchEnd empty = watch_end(f, EndReason::once);
  add_log_verdict(empty, read_log_text("", "aoe.log"));
  EXPECT_EQ(empty.exit_status, Exit::ok);
  EXPECT_FALSE(empty.log->readable);
  EXPECT_EQ(empty.log->problem, "the log is empty: not AOE's console output");

  WatchEnd missing = watch_end(f, EndReason::once);
  add_log_verdict(missing, read_log_file("/nonexistent/aoe.log"));
  EXPECT_EQ(missing.exit_status, Exit::ok);
  EXPECT_FALSE(missing.log->readable);
  EXPECT_EQ(missing.log->problem, "the file does not exist");

  WatchEnd stopped = watch_end(f, EndReason::interrupted, StopSignal::interrupt);
  add_log_verdict(stopped, read_log_text("EG0013: x\n", "aoe.log"));
  EXPECT_EQ(stopped.exit_status, Exit::interrupted);
}

}  // namespace
}  // namespace aoe::cli
