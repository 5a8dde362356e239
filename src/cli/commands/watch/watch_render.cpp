// SPDX-License-Identifier: Apache-2.0
// `watch`: its output table, the text renderer (the screen or a line per
// event) and the words its renderers share. The screen is in
// watch_screen.cpp, the lines in watch_lines.cpp, JSON in watch_json.cpp.
#include "commands/watch/watch_render.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

#include <fmt/format.h>

#include "commands/watch/watch_words.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

std::string clock_text(WatchClock::time_point t) {
  const std::time_t tt = WatchClock::to_time_t(t);
  std::tm tm{};
  localtime_r(&tt, &tm);
  return fmt::format("{:02}:{:02}:{:02}", tm.tm_hour, tm.tm_min, tm.tm_sec);
}

std::string iso_utc(WatchClock::time_point t) {
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch());
  const auto whole = std::chrono::floor<std::chrono::seconds>(ms);
  const std::time_t tt = static_cast<std::time_t>(whole.count());
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, (ms - whole).count());
}

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(std::max(0.0, std::floor(seconds)));
  if (s < 60) return fmt::format("{} s", s);
  if (s < 3600) return fmt::format("{} min {} s", s / 60, s % 60);
  if (s < 48 * 3600) return fmt::format("{} h {} min", s / 3600, s % 3600 / 60);
  // An old file (a run of last month): days and hours, not "13969 h".
  return fmt::format("{} d {} h", s / 86400, s % 86400 / 3600);
}

std::string short_report(const std::string& id) {
  const std::size_t last = id.rfind('_');
  if (id.size() > 16 && id.rfind("report_", 0) == 0 && last != std::string::npos && last > 7) {
    return "report_…" + escape_text(id.substr(last));
  }
  return escape_text(id);
}

std::string pid_text(const std::optional<long>& pid, bool alive, bool reused) {
  if (!pid) return "no pid in the name";
  if (reused) {
    return fmt::format("pid {} is another process, started after the file was written", *pid);
  }
  return fmt::format("pid {} {}", *pid, alive ? "running" : "not running");
}

std::string diagnostic_text(const Diagnostic& d) {
  return escape_message(d, fmt::format("{}: {} ({})", location(d), d.message, to_string(d.code)));
}

namespace {

std::string report_id(const std::string& id, IdForm form) {
  return form == IdForm::whole ? escape_text(id) : short_report(id);
}

// check's verdict and words (judgement.hpp) with its counts and the codes
// of its errors, then the reports that did not end successful: "check
// FAILED (2 errors: truncated, status-incomplete; 0 warnings): report_…
// llama_block incomplete".
std::string judged_verdict(const WatchEnd& end, IdForm form) {
  std::string why;
  for (const WatchEnd::ReportStatus& r : end.reports) {
    if (r.status == Status::successful) continue;
    if (!why.empty()) why += ", ";
    why += report_id(r.id, form) + (r.tuning_name ? " " + escape_text(*r.tuning_name) : "") + " " +
           std::string(to_string(r.status));
  }
  if (end.reports.empty()) why = "no report";
  std::string out = "check " + std::string(to_string(end.verdict));
  if (end.verdict != Verdict::passed) {
    std::string errors = plural(end.errors, "error");
    if (end.check_errors.empty()) {
      errors += ",";
    } else {
      std::string codes;
      for (const Code c : end.check_errors) {
        codes += codes.empty() ? "" : ", ";
        codes += to_string(c);
      }
      errors += ": " + codes + ";";
    }
    out += fmt::format(" ({} {})", errors, plural(end.warnings, "warning"));
  }
  if (end.verdict == Verdict::passed && why.empty()) return out + ": every report successful";
  return why.empty() ? out : out + ": " + why;
}

}  // namespace

namespace {

// "; log aoe.log: failed (EG0013 at line 4)": the log's verdict (--log).
std::string log_words(const WatchEnd& end) {
  if (!end.log) return {};
  const WatchEnd::LogVerdict& l = *end.log;
  std::string out = "; log " + escape_text(l.path) + ": ";
  if (!l.readable) return out + "not read (" + escape_text(l.problem.value_or("")) + ")";
  switch (*l.outcome) {
    case LogOutcome::finished:
      return out + "finished" +
             (l.cost_time_s ? " in " + fmt_seconds(l.cost_time_s) : std::string());
    case LogOutcome::failed:
      return out + fmt::format("failed ({} at line {})", escape_text(l.code.value_or("")),
                               l.line.value_or(0));
    case LogOutcome::interrupted:
      return out + "no verdict yet (neither \"Aoe process finished\" nor an error code)";
  }
  return out;
}

std::string end_verdict_of_file(const WatchEnd& end, IdForm form) {
  switch (end.exit_status) {
    case Exit::input:
      if (end.reason == EndReason::error && end.problem) return escape_text(*end.problem);
      return "the file never became readable" +
             (end.problem ? ": " + escape_text(*end.problem) : std::string());
    case Exit::interrupted:
    case Exit::terminated:
    case Exit::hangup:
      return fmt::format("{} ({})", to_string(end.reason), to_string(end.signal));
    default:
      break;
  }
  return judged_verdict(end, form);
}

}  // namespace

std::string end_verdict(const WatchEnd& end, IdForm form) {
  return end_verdict_of_file(end, form) + log_words(end);
}

std::string watch_text(const WatchView& view, const RenderOptions& options) {
  const Style& style = options.style;
  const std::size_t width = options.width;
  if (!view.screen_rows) {
    std::string out;
    for (const WatchEvent& ev : view.events) out += event_line(ev) + "\n";
    return out;
  }
  // Home, then each line over the old one (cleared to its end), then the
  // rest of the screen cleared. The cursor ends below the last line, so the
  // final state stays on screen when the program exits.
  // One column is left free: a line that filled the last column would
  // leave the cursor waiting to wrap, where clearing to the end of the line
  // erases that last character on some terminals.
  std::string out = "\x1b[H";
  const std::size_t columns = width > 1 ? width - 1 : width;
  for (const std::string& line : watch_screen_lines(view, style, columns, *view.screen_rows)) {
    out += line + "\x1b[K\n";
  }
  out += "\x1b[J";
  return out;
}

const OutputTable<WatchView>& watch_outputs() {
  static const OutputTable<WatchView> table(
      "watch", {{Format::text, &watch_text, "a live screen on a terminal, else a line per event"},
                {Format::jsonl, &watch_jsonl, "one event per line, schema version 1"}});
  return table;
}

}  // namespace aoe::cli
