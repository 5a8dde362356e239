// SPDX-License-Identifier: Apache-2.0
// `watch`: what one refresh shows, computed from the follower's state and
// the watch loop's clock before anything is rendered. The renderers
// (watch_render.*) only format it.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/follow.hpp"
#include "aoe_result/judgement.hpp"
#include "aoe_result/log.hpp"
#include "aoe_result/model.hpp"

#include "core/context.hpp"
#include "io/stop_signals.hpp"

namespace aoe::cli {

using WatchClock = std::chrono::system_clock;

/// Why watching ended (the `end` event's `reason`).
enum class EndReason {
  process_exited,  ///< the process named in the file name ended, every report final
  settled,         ///< no pid to look at: every report final and no change for --settle s
  /// No writer: the pid in the name is not running (or there is none), a
  /// report is not final (or nothing was readable), and the file has not
  /// changed for --settle s: a run killed, or a file nobody writes.
  writer_gone,
  once,         ///< --once
  interrupted,  ///< Ctrl-C (SIGINT)
  terminated,   ///< SIGTERM or SIGHUP
  error,        ///< the path cannot be watched (`WatchEnd::problem` says why)
  /// The log (`--log`, read at every look) says the run finished or
  /// failed; the result file was read once more (a run that failed before
  /// writing one ends too).
  log_ended,
};
/// "process-exited" | "settled" | "writer-gone" | "once" | "interrupted" |
/// "terminated" | "error" | "log-ended".
[[nodiscard]] std::string_view to_string(EndReason reason) noexcept;

/// The end of watching: why, the totals (as `summary --format json`
/// computes them: `aoe::totals` of everything read) and the exit status.
struct WatchEnd {
  EndReason reason = EndReason::once;
  /// `interrupted`, `terminated`: the signal that asked to stop.
  StopSignal signal = StopSignal::none;
  /// What stopped watching (`error`), or why nothing was read: the
  /// reader's message of the last look ("path:line:column: message
  /// (code)"), or that no file was found. Not escaped.
  std::optional<std::string> problem;
  Totals totals;
  /// Each report's final word: id, tuning name, status.
  struct ReportStatus {
    std::string id;
    std::optional<std::string> tuning_name;
    Status status = Status::unknown;
  };
  std::vector<ReportStatus> reports;
  /// `check`'s verdict on what was read (`judge` of the follower's state
  /// with check's default policy, judgement.hpp): the same as `check` on
  /// the same file. `failed` when never readable.
  Verdict verdict = Verdict::failed;
  std::size_t errors = 0;    ///< the judgement's error findings
  std::size_t warnings = 0;  ///< the judgement's warning findings
  /// The codes of the judgement's error findings, each once, in the order
  /// found: why the verdict is `failed` (a cut-off file, `truncated`; a
  /// report not finished, `status-incomplete`). Empty when nothing was
  /// read.
  std::vector<Code> check_errors;
  /// `ok` the verdict passed (with or without warnings), `findings` it
  /// failed, `input` never readable or not watchable, `interrupted`
  /// Ctrl-C, `terminated` SIGTERM, `hangup` SIGHUP.
  Exit exit_status = Exit::ok;
  bool readable = false;  ///< the file was readable at least once
  /// The latest readable read reached the end of the document; false: the
  /// file was cut off there (still being written, or killed), and what it
  /// cut is not counted. `nullopt` when never readable.
  std::optional<bool> complete;
  /// `--log FILE`: what the run's console output said when watching ended.
  struct LogVerdict {
    std::string path;  ///< as given
    bool readable = false;
    /// How the log says the run ended; nullopt when not read.
    std::optional<LogOutcome> outcome;
    std::optional<std::string> code;  ///< the first error code when failed
    std::optional<std::size_t> line;  ///< its line, or the finishing line
    std::optional<double> cost_time_s;
    std::optional<std::string> problem;  ///< why it was not read; not escaped
  };
  /// nullopt without `--log`.
  std::optional<LogVerdict> log;
};

/// One event as shown: what the follower found, or what the loop saw
/// (file, stall, end), with when it was seen.
struct WatchEvent {
  FollowEvent what;  ///< `what.kind` says which event
  WatchClock::time_point time;
  std::string file;  ///< the file it is about
  // file:
  std::optional<std::string> switched_from;  ///< a newer file replaced this one
  std::optional<long> pid;                   ///< the pid in the file's name
  bool pid_alive = false;                    ///< that process runs on this machine
  /// A process has that pid but started after the file was last written: it
  /// is not the writer (`pid_alive` is false).
  bool pid_reused = false;
  // operator, operator-updated (made by `watch_event`): the figures of
  // `what.op` and of each of its modes, in its order; of `what.previous`
  // and its modes (operator-updated).
  std::optional<OperatorFigures> figures;
  std::vector<OperatorFigures> mode_figures;
  std::optional<OperatorFigures> previous_figures;
  std::vector<OperatorFigures> previous_mode_figures;
  // unreadable: the reader's first error of the read (its message, code,
  // line and column).
  std::optional<Diagnostic> unreadable;
  // stall:
  double since_change_s = 0;  ///< seconds without a change
  std::optional<WatchClock::time_point> last_change;
  // end:
  std::optional<WatchEnd> end;
};

/// An operator in a report's "last tuned" list.
struct RecentOperator {
  std::string name;
  std::string types;  ///< joined by `+`
  OperatorFigures figures;
};

/// One report on the live screen.
struct WatchReportRow {
  std::string id;
  std::optional<std::string> tuning_name;
  Status status = Status::unknown;
  bool complete = true;  ///< false: the last read was cut off inside it
  Totals totals;         ///< tuned so far, failed so far, times so far
  std::optional<RepoSummary> repo;
  std::vector<RecentOperator> recent;  ///< the last few tuned, newest last
  /// The operators that failed so far, by name, each once, in file order.
  std::vector<std::string> failed;
};

/// What one refresh shows.
struct WatchView {
  /// The file followed; empty while waiting for one.
  std::string file;
  /// While waiting: the folders looked in.
  std::vector<std::string> looking_in;
  std::optional<long> pid;
  bool pid_alive = false;
  bool pid_reused = false;  ///< as in `WatchEvent`
  WatchClock::time_point now;
  /// When the first report began (the timestamp in its id, local time);
  /// `nullopt` when no id carries one (list files: `report_1`).
  std::optional<WatchClock::time_point> run_began;
  std::optional<WatchClock::time_point> last_change;
  bool readable = false;  ///< the file was readable at least once
  bool cut_off = false;   ///< the last read found it cut off mid-write
  /// While never readable: why the last read gave nothing (the reader's
  /// first error).
  std::optional<Diagnostic> unreadable;
  std::vector<WatchReportRow> reports;
  Totals totals;
  /// Seconds without a change, when that is a stall now (over --stall).
  std::optional<double> stalled_s;
  /// The events since the previous refresh, in order.
  std::vector<WatchEvent> events;
  /// Set on the last refresh.
  std::optional<WatchEnd> end;
  /// Draw one screen of this many rows (a terminal); `nullopt`: one line
  /// per event, appended (a file or CI log).
  std::optional<std::size_t> screen_rows;
};

/// The event `what` of `file`, seen at `time`, with the figures of its
/// operator entries (`WatchEvent::figures` and the rest) computed.
[[nodiscard]] WatchEvent watch_event(FollowEvent what, WatchClock::time_point time,
                                     std::string file);

/// The time a report id's `report_<YYYYMMDD_HHMMSSmmm>_<tid>` names, read as
/// local time; `nullopt` when it names none.
[[nodiscard]] std::optional<WatchClock::time_point> report_began(const std::string& report_id);

/// The screen rows of `state`'s reports (at most `recent` last operators
/// each, from the follower's arrival order).
[[nodiscard]] std::vector<WatchReportRow> watch_report_rows(const Follower& follower,
                                                            std::size_t recent);

/// Whether a view holds a row per report (the screen) or none.
enum class ReportRows { none, shown };

/// What `view` shows of everything read (`follower`'s state): when the
/// run began, whether the file was ever readable, the report rows (the 5
/// last operators each; `ReportRows::shown`) and the totals.
void show_follower(WatchView& view, const Follower& follower, ReportRows rows);

/// The end of watching: totals, each report's status, and the verdict and
/// exit status. `watch` keeps no rule of its own: the verdict is `judge`'s
/// on what was read (judgement.hpp, check's default policy), so `watch
/// --once FILE` and `check FILE` agree. `Exit::ok` when it passed (with or
/// without warnings), `Exit::findings` when it failed, `Exit::input` when
/// never readable or `reason` is `error`; a signal's status for
/// `interrupted` (130) and `terminated` (143 for SIGTERM, 129 for SIGHUP).
/// Adds the log's verdict to `end` (`--log`): a log that says the run
/// failed makes an end that passed exit 1 (`Exit::findings`); one that
/// says finished or has no verdict yet (interrupted, not read) leaves the
/// exit status as it is. A signal's or an unreadable file's status stays.
void add_log_verdict(WatchEnd& end, const LogFile& log);

[[nodiscard]] WatchEnd watch_end(const Follower& follower, EndReason reason,
                                 StopSignal signal = StopSignal::none,
                                 std::optional<std::string> problem = std::nullopt);

}  // namespace aoe::cli
