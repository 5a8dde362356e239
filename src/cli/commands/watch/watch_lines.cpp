// SPDX-License-Identifier: Apache-2.0
// `watch`: one log line per event (text on a file or a CI log).
#include <fmt/format.h>

#include "commands/watch/watch_render.hpp"
#include "commands/watch/watch_words.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {
namespace {

// The report's whole id: two files' reports (or two runs of one thread id)
// stay apart in a log.
std::string report_tag(const FollowEvent& e) {
  std::string tag = escape_text(e.report);
  if (e.report_occurrence > 0) tag += fmt::format(" (#{})", e.report_occurrence + 1);
  if (e.tuning_name) tag += " " + escape_text(*e.tuning_name);
  return tag;
}

std::string modes_text(const Operator& op) {
  std::string modes;
  for (const ModeResult& m : op.modes) {
    if (m.mode == TuningMode::unspecified) continue;
    modes += (modes.empty() ? "" : "+") + escape_text(mode_label(m));
  }
  return modes;
}

// "Conv_101 Conv2D Schedule 355.625 → 243.579 µs (46.00%)"
std::string operator_text(const Operator& op, const OperatorFigures& f) {
  std::string s = escape_text(shown_name(op.name)) + " " + escape_text(joined_types(op));
  const std::string modes = modes_text(op);
  if (!modes.empty()) s += " " + modes;
  s += fmt::format(" {} → {} µs (improvement {})", fmt_us(f.before_us), fmt_us(f.after_us),
                   fmt_pct(f.improvement_pct));
  return s;
}

std::string so_far_text(const FollowEvent& e) {
  return fmt::format("  [{} tuned, saved {} µs]", e.tuned_so_far, fmt_us(e.saved_so_far_us));
}

std::string totals_text(const Totals& t) {
  return fmt::format("{}, {}, {} failed, {} → {} µs, saved {} µs (improvement {})",
                     plural(t.reports, "report"), plural(t.operators, "operator"),
                     t.failed_operators, fmt_us(t.time_before_us), fmt_us(t.time_after_us),
                     fmt_us(t.saved_us()), fmt_pct(t.improvement_pct()));
}

std::string end_text(const WatchEnd& end) {
  // A file never read has no times to sum: say so, not 0.000 → 0.000 µs.
  return fmt::format("end ({}): {}{}; exit {}: {}", to_string(end.reason),
                     end.complete == false ? "the file ends early (cut off; what it cut is not "
                                             "counted): "
                                           : "",
                     end.readable ? totals_text(end.totals) : std::string("nothing read"),
                     static_cast<int>(end.exit_status), end_verdict(end, IdForm::whole));
}

std::string file_line(const WatchEvent& ev) {
  if (ev.switched_from) {
    return fmt::format("switched to the newer {} ({}; was {})", escape_text(ev.file),
                       pid_text(ev.pid, ev.pid_alive, ev.pid_reused),
                       escape_text(*ev.switched_from));
  }
  return fmt::format("following {} ({})", escape_text(ev.file),
                     pid_text(ev.pid, ev.pid_alive, ev.pid_reused));
}

std::string updated_line(const WatchEvent& ev) {
  const FollowEvent& e = ev.what;
  const OperatorFigures was = ev.previous_figures.value_or(OperatorFigures{});
  const std::string was_modes = modes_text(*e.previous);
  return report_tag(e) + ": ~" + operator_text(*e.op, ev.figures.value_or(OperatorFigures{})) +
         fmt::format(", was {}{} → {} µs", was_modes.empty() ? "" : was_modes + " ",
                     fmt_us(was.before_us), fmt_us(was.after_us)) +
         so_far_text(e);
}

// What happened, after the time.
std::string what_text(const WatchEvent& ev) {
  const FollowEvent& e = ev.what;
  switch (e.kind) {
    case FollowEventKind::file:
      return file_line(ev);
    case FollowEventKind::unreadable:
      return "not readable: " +
             (ev.unreadable ? diagnostic_text(*ev.unreadable) : std::string("(no reason given)"));
    case FollowEventKind::report:
      return report_tag(e) + ": report began";
    case FollowEventKind::op:
      return report_tag(e) + ": +" + operator_text(*e.op, ev.figures.value_or(OperatorFigures{})) +
             so_far_text(e);
    case FollowEventKind::operator_updated:
      return updated_line(ev);
    case FollowEventKind::failed:
      return report_tag(e) + ": failed: " + escape_text(e.failed_operator);
    case FollowEventKind::status:
      return report_tag(e) + ": status " + std::string(to_string(e.previous_status)) + " → " +
             std::string(to_string(e.status)) +
             (e.status_raw ? " (\"" + escape_text(*e.status_raw) + "\")" : "");
    case FollowEventKind::stall:
      return "warning: stalled: no change for " + duration_text(ev.since_change_s) +
             (ev.last_change ? " (last change " + clock_text(*ev.last_change) + ")" : "");
    case FollowEventKind::end:
      return ev.end ? end_text(*ev.end) : "end";
  }
  return {};
}

}  // namespace

std::string event_line(const WatchEvent& ev) { return clock_text(ev.time) + " " + what_text(ev); }

}  // namespace aoe::cli
