// SPDX-License-Identifier: Apache-2.0
#include "commands/watch/watch_loop.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <ostream>
#include <system_error>

#include <fmt/format.h>

#include "aoe_result/error.hpp"
#include "aoe_result/follow.hpp"
#include "aoe_result/log.hpp"

#include "commands/watch/followed_file.hpp"
#include "commands/watch/watch_render.hpp"
#include "io/inputs.hpp"
#include "io/stop_signals.hpp"
#include "io/watch_files.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

// `--log FILE` read at each look and at the end; a path refused before
// opening (a FIFO, a device) is a log not read, said in the end.
LogFile read_watched_log(const std::string& path) {
  try {
    return read_log_file(path);
  } catch (const InputError& e) {
    LogFile f;
    f.path = path;
    Diagnostic d;
    d.code = Code::io_error;
    d.severity = Severity::error;
    d.message = e.message();
    d.file = path;
    f.diagnostics.push_back(std::move(d));
    return f;
  }
}

using Seconds = std::chrono::duration<double>;

// Where the file to follow comes from.
enum class Target { file, directory, discovered };

class WatchLoop {
 public:
  WatchLoop(const WatchOptions& options, Context& ctx, RenderFn<WatchView> render)
      : options_(options),
        ctx_(ctx),
        render_(render),
        interval_(options.interval_s),
        stall_(options.stall_min * 60),
        settle_(options.settle_s) {
    if (!options.path) {
      target_ = Target::discovered;
    } else {
      std::error_code ec;
      target_ = std::filesystem::is_directory(*options.path, ec) ? Target::directory : Target::file;
    }
    screen_ = ctx.global.format == Format::text && stdout_is_tty() && !options.once;
  }

  // Every way out writes the end (the last JSONL line, the final state):
  // the run over, --once, a signal, a path that cannot be watched, an
  // error thrown on the way (written, then thrown on to `main`).
  Exit run() {
    const StopSignals stop;
    try {
      if (screen_) ctx_.out << "\x1b[H\x1b[2J" << std::flush;
      if (target_ == Target::file) {
        if (std::optional<std::string> problem = named_file_problem()) {
          file_ = FollowedFile(*options_.path);
          return finish(EndReason::error, std::move(problem));
        }
        begin_named_file();
      }
      for (;;) {
        const auto now = WatchClock::now();
        if (const StopSignal signal = stop.raised(); signal != StopSignal::none) {
          return finish(
              signal == StopSignal::interrupt ? EndReason::interrupted : EndReason::terminated,
              std::nullopt, signal);
        }
        if (target_ != Target::file) look_for_newer();
        const std::optional<Exit> over = file_.empty() ? wait_for_file(now) : look(now);
        if (over) return *over;
      }
    } catch (const std::exception& e) {
      if (!finished_) {
        try {
          (void)finish(EndReason::error, std::string(e.what()));
        } catch (...) {  // out of memory again, or stdout gone: the first error counts
        }
      }
      throw;
    }
  }

 private:
  // A named file may not be there yet (AOE creates it when tuning starts),
  // but a directory that does not exist is a wrong path, not a wait, and a
  // FIFO, a socket or a device is no result file: why, said on stderr.
  std::optional<std::string> named_file_problem() const {
    const std::filesystem::path parent = std::filesystem::path(*options_.path).parent_path();
    std::error_code ec;
    std::optional<std::string> problem;
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
      problem = fmt::format("cannot watch {}: the directory {} does not exist", *options_.path,
                            parent.string());
    } else if (const std::optional<std::string> why = not_a_regular_file(*options_.path)) {
      problem = "cannot watch: " + *why;
    }
    if (problem) ctx_.error(escape_text(*problem));
    return problem;
  }

  void begin_named_file() {
    begin_file(*options_.path, std::nullopt);
    if (!stamp_of(*options_.path) && !options_.once && !screen_ && !ctx_.global.quiet) {
      ctx_.err << "aoe-result: waiting for " << escape_text(*options_.path) << " to appear\n";
    }
  }

  // A turn without a file to follow: say so once, refresh, wait.
  std::optional<Exit> wait_for_file(WatchClock::time_point now) {
    if (log_says_over()) return finish(EndReason::log_ended, std::nullopt);
    if (options_.once) {
      std::string where;
      for (const std::string& d : looking_in()) where += (where.empty() ? "" : ", ") + d;
      const std::string problem = "no aoe_result_opat_*.json found in " + where;
      ctx_.error(escape_text(problem));
      return finish(EndReason::once, problem);
    }
    if (!said_waiting_ && !screen_) {
      if (!ctx_.global.quiet) {
        ctx_.err << "aoe-result: waiting for a result file (aoe_result_opat_*.json) in "
                 << looking_in_text() << "\n";
      }
      said_waiting_ = true;
    }
    refresh(now);
    waiter_.wait(std::chrono::duration_cast<std::chrono::milliseconds>(interval_));
    return std::nullopt;
  }

  // A turn with a file: read it when it changed, end the run when it is
  // over, note a stall, refresh, and wait for the next look.
  std::optional<Exit> look(WatchClock::time_point now) {
    look_at_file(now, Reread::if_changed);
    if (file_.refused()) {
      ctx_.error(escape_text(*file_.refused()));
      return finish(EndReason::error, file_.refused());
    }
    if (options_.once) return finish(EndReason::once, std::nullopt);
    // The log's word first: it says how the run ended, where the file and
    // its writer only suggest it.
    if (log_says_over()) {
      look_at_file(now, Reread::always);  // the file's last word
      return finish(EndReason::log_ended, std::nullopt);
    }
    if (const std::optional<EndReason> over = run_over(now)) return finish(*over, std::nullopt);
    const Seconds quiet = now - file_.last_change();
    if (!stall_reported_ && quiet >= stall_) {
      WatchEvent e = event(FollowEventKind::stall, now);
      e.since_change_s = quiet.count();
      e.last_change = file_.last_change();
      pending_.push_back(std::move(e));
      stall_reported_ = true;
      stalled_ = true;
    }
    refresh(now);
    // Wake for the next look, or for a stall or the settling to come due.
    Seconds wait = interval_;
    if (!stall_reported_) wait = std::min(wait, stall_ - quiet);
    if (!pid_alive_) wait = std::min(wait, settle_ - quiet);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(wait);
    waiter_.wait(std::max(ms, std::chrono::milliseconds(5)));
    return std::nullopt;
  }

  // Whether the run is over, and why. With the writer in the name gone and
  // every report final, at once (the file read once more: its last word).
  // With no writer to look at (the pid's process gone, or no pid in the
  // name) and no change for --settle s: `settled` when every report is
  // final, else `writer-gone` (a run killed, or nobody writes the file).
  std::optional<EndReason> run_over(WatchClock::time_point now) {
    const std::optional<long> pid = file_.writer_pid();
    look_at_writer(pid, file_.stamp());
    if (pid_alive_) return std::nullopt;
    if (pid && !last_word_read_) {
      look_at_file(now, Reread::always);
      last_word_read_ = true;
    }
    const bool final = every_report_final(file_.follower().state());
    if (pid && final) return EndReason::process_exited;
    if (Seconds(now - file_.last_change()) < settle_) return std::nullopt;
    return final ? EndReason::settled : EndReason::writer_gone;
  }

  // Whether the log (--log) says the run finished or failed: read again
  // when its size or time changed. A log not there yet says nothing.
  bool log_says_over() {
    if (!options_.log) return false;
    const std::optional<FileStamp> stamp = stamp_of(*options_.log);
    if (!stamp) return false;
    if (stamp != log_stamp_) {
      log_stamp_ = stamp;
      const LogFile log = read_watched_log(*options_.log);
      log_over_ = log.readable && log.outcome != LogOutcome::interrupted;
    }
    return log_over_;
  }

  WatchEvent event(FollowEventKind kind, WatchClock::time_point now) const {
    FollowEvent what;
    what.kind = kind;
    return watch_event(std::move(what), now, file_.path());
  }

  std::vector<std::string> looking_in() const {
    if (target_ != Target::discovered) return {*options_.path};
    std::vector<std::string> dirs;
    for (const auto& d : default_search_dirs(std::getenv("ASCEND_WORK_PATH"))) {
      dirs.push_back(d.string());
    }
    return dirs;
  }

  std::string looking_in_text() const {
    std::string where;
    for (const std::string& d : looking_in()) where += (where.empty() ? "" : ", ") + d;
    return escape_text(where);
  }

  void begin_file(const std::string& path, std::optional<std::string> switched_from) {
    file_ = FollowedFile(path);
    stall_reported_ = false;
    stalled_ = false;
    last_word_read_ = false;
    const std::optional<long> pid = file_.writer_pid();
    look_at_writer(pid, stamp_of(path));
    WatchEvent e = event(FollowEventKind::file, WatchClock::now());
    e.switched_from = std::move(switched_from);
    e.pid = pid;
    e.pid_alive = pid_alive_;
    e.pid_reused = pid_reused_;
    pending_.push_back(std::move(e));
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    (void)waiter_.watch(parent.empty() ? "." : parent);
    if (switched_from && !screen_ && ctx_.global.format != Format::text && !ctx_.global.quiet) {
      ctx_.err << "aoe-result: switched to the newer " << escape_text(path) << "\n";
    }
  }

  // Whether the pid in the name is the file's writer and runs: a process
  // with that pid that started after the file was last written is another
  // one (the writer is gone and its pid reused, or the file was copied).
  void look_at_writer(const std::optional<long>& pid, const std::optional<FileStamp>& stamp) {
    if (!pid) {
      pid_alive_ = pid_reused_ = false;
      return;
    }
    const bool running = process_alive(*pid);
    pid_alive_ = running && (!stamp || writer_alive(*pid, stamp->mtime_ns));
    pid_reused_ = running && !pid_alive_;
  }

  void look_for_newer() {
    std::string newest;
    if (target_ == Target::directory) {
      const auto files = result_files_in(*options_.path, false);
      if (!files.empty()) newest = files.back().string();
      if (file_.empty()) (void)waiter_.watch(*options_.path);
    } else {
      const Discovery found = discover_newest(std::getenv("ASCEND_WORK_PATH"));
      if (found.picked) newest = found.picked->string();
    }
    if (newest.empty() || newest == file_.path()) return;
    begin_file(newest, file_.empty() ? std::nullopt : std::optional<std::string>(file_.path()));
  }

  // A look at the file: what is new goes out with the next refresh; a
  // change ends a stall.
  void look_at_file(WatchClock::time_point now, Reread reread) {
    if (file_.look(now, reread, pending_)) {
      stall_reported_ = false;
      stalled_ = false;
    }
  }

  WatchView view(WatchClock::time_point now) const {
    WatchView v;
    v.file = file_.path();
    if (file_.empty()) v.looking_in = looking_in();
    v.pid = file_.empty() ? std::nullopt : file_.writer_pid();
    v.pid_alive = pid_alive_;
    v.pid_reused = pid_reused_;
    v.now = now;
    show_follower(v, file_.follower(), screen_ ? ReportRows::shown : ReportRows::none);
    if (!file_.empty()) v.last_change = file_.last_change();
    v.cut_off = file_.cut_off();
    if (!v.readable) v.unreadable = file_.unreadable();
    if (stalled_) v.stalled_s = Seconds(now - file_.last_change()).count();
    if (screen_) v.screen_rows = stdout_tty_rows().value_or(24);
    return v;
  }

  void refresh(WatchClock::time_point now) {
    WatchView v = view(now);
    v.events = std::move(pending_);
    pending_.clear();
    if (screen_) ctx_.width = terminal_width(std::getenv("COLUMNS"), stdout_tty_columns());
    if (!screen_ && v.events.empty()) return;
    ctx_.out << render_(v, render_options(ctx_)) << std::flush;
  }

  // The end: the end event and the final state written, why nothing was
  // read said on stderr; the exit status of `watch_end`.
  Exit finish(EndReason reason, std::optional<std::string> problem,
              StopSignal signal = StopSignal::none) {
    finished_ = true;
    const auto now = WatchClock::now();
    const bool never_readable = !file_.follower().state().readable && !file_.empty();
    if (never_readable && !problem) problem = file_.never_readable_why();
    WatchEvent e = event(FollowEventKind::end, now);
    e.end = watch_end(file_.follower(), reason, signal, problem);
    if (options_.log) add_log_verdict(*e.end, read_watched_log(*options_.log));
    const Exit status = e.end->exit_status;
    pending_.push_back(e);
    WatchView v = view(now);
    v.end = e.end;
    v.events = std::move(pending_);
    pending_.clear();
    if (options_.once && ctx_.global.format == Format::text && stdout_is_tty()) {
      // --once on a terminal: the screen, printed once, without cursor
      // movement, with every report.
      const std::size_t width = terminal_width(std::getenv("COLUMNS"), stdout_tty_columns());
      if (v.reports.empty()) v.reports = watch_report_rows(file_.follower(), 5);
      for (const std::string& line : watch_screen_lines(v, ctx_.style, width, 1000)) {
        ctx_.out << line << "\n";
      }
    } else {
      if (screen_) ctx_.width = terminal_width(std::getenv("COLUMNS"), stdout_tty_columns());
      ctx_.out << render_(v, render_options(ctx_));
    }
    ctx_.out.flush();
    if (never_readable && reason != EndReason::error) {
      ctx_.error(escape_text(file_.never_readable_where()) +
                 ": never became readable: " + escape_text(file_.never_readable_reason()));
    }
    return status;
  }

  const WatchOptions& options_;
  Context& ctx_;
  RenderFn<WatchView> render_;
  const Seconds interval_;  // between looks when not notified
  const Seconds stall_;     // without a change: a stall
  const Seconds settle_;    // unchanged, no writer: over
  Target target_ = Target::file;
  bool screen_ = false;
  DirectoryWaiter waiter_;
  FollowedFile file_;
  bool stall_reported_ = false;
  bool stalled_ = false;
  bool pid_alive_ = false;
  bool pid_reused_ = false;      // a process has the pid, but not the writer
  bool last_word_read_ = false;  // read once more after the writer was seen gone
  bool finished_ = false;        // the end is written
  bool said_waiting_ = false;
  std::optional<FileStamp> log_stamp_;  // of the log when last read (--log)
  bool log_over_ = false;               // it said finished or failed
  std::vector<WatchEvent> pending_;
};

}  // namespace

Exit watch_until_over(const WatchOptions& options, Context& ctx, RenderFn<WatchView> render) {
  WatchLoop loop(options, ctx, render);
  return loop.run();
}

}  // namespace aoe::cli
