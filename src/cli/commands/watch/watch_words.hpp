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
/// tells reports apart in a line; the timestamp is in the file. Other ids
/// as they are.
[[nodiscard]] std::string short_report(const std::string& id);

/// "pid 18230 running", "pid 18230 not running", "no pid in the name", or
/// that the pid is another process's (`reused`).
[[nodiscard]] std::string pid_text(const std::optional<long>& pid, bool alive, bool reused);

/// Why watching ends with its exit status: "every report successful", the
/// reports that are not, "interrupted", ...
[[nodiscard]] std::string end_verdict(const WatchEnd& end);

/// The line of one event, without its newline: the local time of day,
/// then what happened ("10:04:31 report_…_281473 resnet50: +Conv_101 ...").
[[nodiscard]] std::string event_line(const WatchEvent& ev);

}  // namespace aoe::cli
