// SPDX-License-Identifier: Apache-2.0
// watch's renderers on views built by hand: the screen fits its width and
// height, strings from files are escaped, a log line per event.
#include "commands/watch/watch_render.hpp"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "commands/watch/watch_view.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

Operator conv(const std::string& name, double before, double after) {
  Operator op;
  op.name = name;
  op.types = {"Conv2D"};
  ModeResult m;
  m.mode = TuningMode::schedule;
  m.mode_name = "Schedule";
  m.before_us = before;
  m.after_us = after;
  op.modes.push_back(m);
  return op;
}

WatchView sample_view(std::size_t reports) {
  WatchView v;
  v.file = "run/aoe_result_opat_20250428_203017761_pid18230.json";
  v.pid = 18230;
  v.pid_alive = true;
  v.readable = true;
  v.now = WatchClock::now();
  v.last_change = v.now - std::chrono::seconds(4);
  for (std::size_t i = 0; i < reports; ++i) {
    WatchReportRow r;
    r.id = "report_20250428_203017761_" + std::to_string(281473 + i);
    r.tuning_name = i == 0 ? std::string("net\x1b[2J") : std::string("bert_base_pretrain");
    r.status = Status::incomplete;
    r.totals.reports = 1;
    r.totals.operators = 19;
    r.totals.timed_operators = 19;
    r.totals.time_before_us = 4020.43;
    r.totals.time_after_us = 3335.543;
    for (int k = 0; k < 7; ++k) {
      r.recent.push_back({"Conv_" + std::to_string(k) + "_with_a_rather_long_name_indeed", "Conv2D",
                          figures(conv("c", 355.625, 243.579))});
    }
    v.reports.push_back(r);
  }
  return v;
}

TEST(WatchScreen, FitsWidthAndHeightAndEscapes) {
  for (std::size_t width : {40U, 60U, 200U}) {
    for (std::size_t rows : {10U, 24U, 50U}) {
      const auto lines = watch_screen_lines(sample_view(6), Style(false), width, rows);
      EXPECT_LE(lines.size(), rows - 1) << width << "x" << rows;
      for (const std::string& l : lines) {
        EXPECT_LE(display_width(l), width) << l;
        EXPECT_EQ(l.find('\x1b'), std::string::npos) << l;
      }
    }
  }
  const auto lines = watch_screen_lines(sample_view(1), Style(false), 100, 24);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  EXPECT_NE(all.find("net\\x1b[2J  incomplete"), std::string::npos) << all;
  EXPECT_NE(
      all.find("19 tuned  0 failed  saved 684.887 µs (improvement 20.53%)  4020.430 → 3335.543 µs"),
      std::string::npos)
      << all;
  EXPECT_NE(
      all.find("last: Conv_6_with_a_rather_long_name_indeed Conv2D Schedule 355.625 → 243.579 µs"),
      std::string::npos)
      << all;
  EXPECT_NE(all.find("last change 4 s ago"), std::string::npos) << all;
}

TEST(WatchScreen, SaysWhatIsLeftOut) {
  const auto lines = watch_screen_lines(sample_view(6), Style(false), 100, 12);
  EXPECT_NE(lines.at(2).find("earlier report"), std::string::npos) << lines.at(2);
}

// A report's id is whole where its line has room, its thread id where not.
TEST(WatchScreen, IdWholeWhenItFits) {
  const auto joined = [](std::size_t width) {
    std::string all;
    for (const std::string& l : watch_screen_lines(sample_view(1), Style(false), width, 24)) {
      all += l + "\n";
    }
    return all;
  };
  EXPECT_NE(joined(99).find("incomplete  report_20250428_203017761_281473\n"), std::string::npos)
      << joined(99);
  EXPECT_NE(joined(50).find("incomplete  report_…_281473\n"), std::string::npos) << joined(50);
}

TEST(WatchScreen, RedrawsInPlace) {
  WatchView v = sample_view(1);
  v.screen_rows = 24;
  RenderOptions options;
  options.width = 80;
  const std::string out = watch_text(v, options);
  EXPECT_EQ(out.rfind("\x1b[H", 0), 0U);
  EXPECT_NE(out.find("\x1b[K\n"), std::string::npos);
  EXPECT_EQ(out.substr(out.size() - 3), "\x1b[J");
}

TEST(WatchLog, OneLinePerEvent) {
  WatchView v;
  FollowEvent what;
  what.kind = FollowEventKind::op;
  what.report = "report_20250428_203017761_281473";
  what.tuning_name = "resnet50";
  what.op = conv("Conv_101", 355.625, 243.579);
  what.tuned_so_far = 19;
  what.saved_so_far_us = 684.887;
  // The view computes the operator's figures; the renderer only formats them.
  v.events.push_back(watch_event(std::move(what), WatchClock::time_point{}, ""));
  WatchEvent f;
  f.what.kind = FollowEventKind::failed;
  f.what.report = "report_1";
  f.what.failed_operator = "res4a\x07";
  v.events.push_back(f);
  const RenderOptions options;
  const std::string out = watch_text(v, options);
  // The id whole: two files' reports can share a thread id.
  const std::string want =
      " report_20250428_203017761_281473 resnet50: +Conv_101 Conv2D Schedule 355.625 → 243.579 "
      "µs (improvement 46.00%)  [19 tuned, saved 684.887 µs]\n";
  EXPECT_NE(out.find(want), std::string::npos) << out;
  EXPECT_NE(out.find(" report_1: failed: res4a\\x07\n"), std::string::npos) << out;
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
}

Diagnostic not_json() {
  Diagnostic d;
  d.code = Code::invalid_json;
  d.severity = Severity::error;
  d.file = "run/aoe_result_opat_20250428_203017761_pid18230.json";
  d.message = "expected a value, met 'x'";
  d.line = 3;
  d.column = 14;
  return d;
}

WatchEnd incomplete_end() {
  WatchEnd end;
  end.reason = EndReason::writer_gone;
  end.readable = true;
  end.complete = false;
  end.reports.push_back({"report_20250428_203017761_281473", "llama", Status::incomplete});
  end.verdict = Verdict::failed;
  end.errors = 2;
  end.check_errors = {Code::truncated, Code::status_incomplete};
  end.exit_status = Exit::findings;
  return end;
}

TEST(WatchLog, UnreadableSaysWhereAndWhatWasExpected) {
  WatchView v;
  WatchEvent e;
  e.what.kind = FollowEventKind::unreadable;
  e.unreadable = not_json();
  v.events.push_back(e);
  const std::string out = watch_text(v, RenderOptions());
  EXPECT_NE(out.find(" not readable: run/aoe_result_opat_20250428_203017761_pid18230.json:3:14: "
                     "expected a value, met 'x' (invalid-json)\n"),
            std::string::npos)
      << out;
}

TEST(WatchLog, EndSaysCheckErrorsAndWholeIds) {
  WatchView v;
  WatchEvent e;
  e.what.kind = FollowEventKind::end;
  e.end = incomplete_end();
  v.events.push_back(e);
  const std::string out = watch_text(v, RenderOptions());
  EXPECT_NE(out.find("end (writer-gone): the file ends early"), std::string::npos) << out;
  EXPECT_NE(out.find("exit 1: check FAILED (2 errors: truncated, status-incomplete; 0 "
                     "warnings): report_20250428_203017761_281473 llama incomplete\n"),
            std::string::npos)
      << out;
  e.end->reason = EndReason::terminated;
  e.end->signal = StopSignal::hangup;
  e.end->exit_status = Exit::hangup;
  v.events = {e};
  EXPECT_NE(watch_text(v, RenderOptions()).find("; exit 129: terminated (SIGHUP)\n"),
            std::string::npos);
}

TEST(WatchJsonl, UnreadableAndTheEndSayWhy) {
  WatchView v;
  WatchEvent u;
  u.what.kind = FollowEventKind::unreadable;
  u.file = "run.json";
  u.unreadable = not_json();
  v.events.push_back(u);
  WatchEvent e;
  e.what.kind = FollowEventKind::end;
  e.file = "run.json";
  e.end = incomplete_end();
  e.end->reason = EndReason::terminated;
  e.end->signal = StopSignal::terminate;
  e.end->exit_status = Exit::terminated;
  v.events.push_back(e);
  const std::string out = watch_jsonl(v, RenderOptions());
  EXPECT_NE(out.find("\"event\":\"unreadable\",\"time\":\"1970-01-01T00:00:00.000Z\","
                     "\"file\":\"run.json\",\"code\":\"invalid-json\",\"message\":\"expected a "
                     "value, met 'x'\",\"line\":3,\"column\":14}\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\"reason\":\"terminated\",\"signal\":\"SIGTERM\",\"exit_status\":143,"
                     "\"problem\":null,\"readable\":true,\"complete\":false,\"check_errors\":["
                     "\"truncated\",\"status-incomplete\"],\"verdict\":\"FAILED\","),
            std::string::npos)
      << out;
}

TEST(WatchScreen, ShowsWhyTheFileIsNotReadable) {
  WatchView v = sample_view(0);
  v.readable = false;
  v.unreadable = not_json();
  for (const std::size_t width : {60U, 100U}) {
    const auto lines = watch_screen_lines(v, Style(false), width, 20);
    std::string all;
    for (const std::string& l : lines) {
      EXPECT_LE(display_width(l), width) << l;
      all += l + "\n";
    }
    EXPECT_NE(all.find("not readable:"), std::string::npos) << all;
    EXPECT_NE(all.find("run/aoe_result_opat_20250428_203017761_pid18230.json:3:14:"),
              std::string::npos)
        << all;
    EXPECT_NE(all.find("expected a value, met 'x'"), std::string::npos) << all;
    EXPECT_NE(all.find("(invalid-json)"), std::string::npos) << all;
  }
}

TEST(WatchTime, Formats) {
  EXPECT_EQ(duration_text(45.9), "45 s");
  EXPECT_EQ(duration_text(192), "3 min 12 s");
  EXPECT_EQ(duration_text(7500), "2 h 5 min");
  EXPECT_EQ(duration_text(47 * 3600 + 59 * 60), "47 h 59 min");
  EXPECT_EQ(duration_text(48 * 3600), "2 d 0 h");
  EXPECT_EQ(duration_text(13969.0 * 3600 + 1800), "582 d 1 h");
  EXPECT_EQ(iso_utc(WatchClock::from_time_t(0) + std::chrono::milliseconds(1500)),
            "1970-01-01T00:00:01.500Z");
  EXPECT_FALSE(report_began("report_1"));
  EXPECT_TRUE(report_began("report_20250428_203017761_281473"));
}

}  // namespace
}  // namespace aoe::cli
