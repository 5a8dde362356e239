// SPDX-License-Identifier: Apache-2.0
#include "commands/log/log_view.hpp"

#include <algorithm>

namespace aoe::cli {

Exit log_status(const LogFile& file) noexcept {
  if (!file.readable) return Exit::input;
  return file.outcome == LogOutcome::finished ? Exit::ok : Exit::findings;
}

namespace {

std::vector<LogEvent> events_of(const LogFile& f) {
  std::vector<LogEvent> events;
  events.reserve(f.finished_operators.size() + f.errors.size() + f.improvements.size() + 1);
  for (std::size_t i = 0; i < f.finished_operators.size(); ++i) {
    events.push_back({LogEvent::Kind::operator_finished, f.finished_operators[i].line, i});
  }
  for (std::size_t i = 0; i < f.errors.size(); ++i) {
    events.push_back({LogEvent::Kind::code, f.errors[i].line, i});
  }
  for (std::size_t i = 0; i < f.improvements.size(); ++i) {
    events.push_back({LogEvent::Kind::improvement, f.improvements[i].line, i});
  }
  if (f.finished_line) events.push_back({LogEvent::Kind::run_finished, *f.finished_line, 0});
  std::stable_sort(events.begin(), events.end(),
                   [](const LogEvent& a, const LogEvent& b) { return a.line < b.line; });
  return events;
}

}  // namespace

LogView make_log_view(const std::vector<LogFile>& files) {
  LogView view;
  view.logs.reserve(files.size());
  for (const LogFile& f : files) {
    LogEntry e;
    e.file = &f;
    e.status = log_status(f);
    if (!f.readable) {
      for (const Diagnostic& d : f.diagnostics) {
        if (d.severity == Severity::error) {
          e.problem = d.message;
          break;
        }
      }
      if (!e.problem) e.problem = "could not be read";
    }
    e.events = events_of(f);
    view.logs.push_back(std::move(e));
  }
  return view;
}

}  // namespace aoe::cli
