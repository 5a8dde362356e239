// SPDX-License-Identifier: Apache-2.0
// `watch`: the pieces of text its renderers share (watch_render.cpp,
// watch_screen.cpp, watch_lines.cpp), and one log line per event. Every
// string from a file comes out escaped.
#pragma once

#include <optional>
#include <string>

#include "commands/watch/watch_view.hpp"

namespace aoe::cli {

/// "report_…_281473" for "report_20250428_203017761_281473": the thread id
/// tells reports of one file apart on a narrow screen; the timestamp is in
/// the file. Other ids as they are. A line of the log keeps ids whole (two
/// files' reports can share a thread id).
[[nodiscard]] std::string short_report(const std::string& id);

/// How a report id is written: whole (a line of the log, a wide screen) or
/// `short_report` (a narrow screen).
enum class IdForm { whole, short_form };

/// "path:line:column: message (code)", escaped: a reader's diagnostic as
/// the reading commands word it.
[[nodiscard]] std::string diagnostic_text(const Diagnostic& d);

/// "pid 18230 running", "pid 18230 not running", "no pid in the name", or
/// that the pid is another process's (`reused`).
[[nodiscard]] std::string pid_text(const std::optional<long>& pid, bool alive, bool reused);

/// Why watching ends with its exit status: check's verdict with its counts
/// and the codes of its errors, then the reports not successful ("check
/// passed: every report successful", "check passed with warnings (0
/// errors, 1 warning): report_… failed"), "interrupted (SIGINT)", why
/// nothing was read, ... Report ids in `form`.
[[nodiscard]] std::string end_verdict(const WatchEnd& end, IdForm form);

/// The line of one event, without its newline: the local time of day,
/// then what happened ("10:04:31 report_20250428_203017761_281473
/// resnet50: +Conv_101 ...").
[[nodiscard]] std::string event_line(const WatchEvent& ev);

}  // namespace aoe::cli
