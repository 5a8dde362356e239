// SPDX-License-Identifier: Apache-2.0
// watch's view: an event carries its operators' figures (the renderers
// only format them), and the end names its exit status.
#include "commands/watch/watch_view.hpp"

#include <gtest/gtest.h>

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
}

}  // namespace
}  // namespace aoe::cli
