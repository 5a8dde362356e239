// SPDX-License-Identifier: Apache-2.0
#include "commands/watch/watch_loop.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <system_error>

#include <fmt/format.h>
#include <signal.h>

#include "aoe_result/follow.hpp"
#include "aoe_result/reader.hpp"

#include "commands/watch/watch_render.hpp"
#include "io/inputs.hpp"
#include "io/watch_files.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_interrupt(int) { g_interrupted = 1; }

// Ctrl-C sets a flag (nothing else happens in the handler); the loop sees
// it at its next turn. Without SA_RESTART, a wait in poll() or nanosleep()
// ends at once. The previous handler comes back at the end.
class InterruptFlag {
 public:
  InterruptFlag() {
    g_interrupted = 0;
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    installed_ = ::sigaction(SIGINT, &sa, &old_) == 0;
  }
  ~InterruptFlag() {
    if (installed_) ::sigaction(SIGINT, &old_, nullptr);
  }
  InterruptFlag(const InterruptFlag&) = delete;
  InterruptFlag& operator=(const InterruptFlag&) = delete;
  [[nodiscard]] bool raised() const noexcept { return g_interrupted != 0; }

 private:
  struct sigaction old_ {};
  bool installed_ = false;
};

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

  Exit run() {
    const InterruptFlag interrupt;
    if (screen_) ctx_.out << "\x1b[H\x1b[2J" << std::flush;
    if (target_ == Target::file && !begin_named_file()) return Exit::input;
    for (;;) {
      const auto now = WatchClock::now();
      if (interrupt.raised()) return finish(EndReason::interrupted);
      if (target_ != Target::file) look_for_newer();
      const std::optional<Exit> over = current_.empty() ? wait_for_file(now) : look(now);
      if (over) return *over;
    }
  }

 private:
  // A named file may not be there yet (AOE creates it when tuning starts),
  // but a directory that does not exist is a wrong path, not a wait: false.
  bool begin_named_file() {
    const std::filesystem::path parent = std::filesystem::path(*options_.path).parent_path();
    std::error_code ec;
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
      ctx_.error(escape_text(fmt::format("cannot watch {}: the directory {} does not exist",
                                         *options_.path, parent.string())));
      return false;
    }
    if (const std::optional<std::string> why = not_a_regular_file(*options_.path)) {
      ctx_.error(escape_text("cannot watch: " + *why));
      return false;
    }
    begin_file(*options_.path, std::nullopt);
    if (!stamp_of(*options_.path) && !options_.once && !screen_ && !ctx_.global.quiet) {
      ctx_.err << "aoe-result: waiting for " << escape_text(*options_.path) << " to appear\n";
    }
    return true;
  }

  // A turn without a file to follow: say so once, refresh, wait.
  std::optional<Exit> wait_for_file(WatchClock::time_point now) {
    if (options_.once) {
      ctx_.error("no aoe_result_opat_*.json found in " + looking_in_text());
      return Exit::input;
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
    look_at_file(now, /*force=*/false);
    if (options_.once) return finish(EndReason::once);

    const std::optional<long> pid = pid_from_file_name(current_);
    look_at_writer(pid, stamp_);
    const Seconds quiet = now - last_change_;
    if (pid && !pid_alive_) {
      look_at_file(now, /*force=*/true);  // the last word of the run
      return finish(EndReason::process_exited);
    }
    const bool final = every_report_final(follower_.state());
    if (!pid && final && quiet >= settle_) return finish(EndReason::settled);
    if (!stall_reported_ && quiet >= stall_) {
      WatchEvent e = event(FollowEventKind::stall, now);
      e.since_change_s = quiet.count();
      e.last_change = last_change_;
      pending_.push_back(std::move(e));
      stall_reported_ = true;
      stalled_ = true;
    }
    refresh(now);
    // Wake for the next look, or for a stall or the settling to come due.
    Seconds wait = interval_;
    if (!stall_reported_) wait = std::min(wait, stall_ - quiet);
    if (!pid && final) wait = std::min(wait, settle_ - quiet);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(wait);
    waiter_.wait(std::max(ms, std::chrono::milliseconds(5)));
    return std::nullopt;
  }

  WatchEvent event(FollowEventKind kind, WatchClock::time_point now) const {
    FollowEvent what;
    what.kind = kind;
    return watch_event(std::move(what), now, current_);
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
    follower_ = Follower{};
    current_ = path;
    stamp_.reset();
    last_change_ = WatchClock::now();
    stall_reported_ = false;
    stalled_ = false;
    const std::optional<long> pid = pid_from_file_name(path);
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
      if (current_.empty()) (void)waiter_.watch(*options_.path);
    } else {
      const Discovery found = discover_newest(std::getenv("ASCEND_WORK_PATH"));
      if (found.picked) newest = found.picked->string();
    }
    if (newest.empty() || newest == current_) return;
    begin_file(newest, current_.empty() ? std::nullopt : std::optional<std::string>(current_));
  }

  void look_at_file(WatchClock::time_point now, bool force) {
    const std::optional<FileStamp> stamp = stamp_of(current_);
    if (!stamp || (!force && stamp_ && *stamp == *stamp_)) return;
    const bool changed = !stamp_ || *stamp != *stamp_;
    stamp_ = stamp;
    const ResultFile read = read_result_file(current_);
    if (read.readable) cut_off_ = !read.complete;
    unreadable_why_.clear();
    if (!read.readable && !read.diagnostics.empty()) {
      unreadable_why_ = read.diagnostics.front().message + " (" +
                        std::string(to_string(read.diagnostics.front().code)) + ")";
    }
    for (FollowEvent& f : follower_.update(read)) {
      pending_.push_back(watch_event(std::move(f), now, current_));
    }
    if (changed) {
      // The file's own time of change: an old file's is long ago.
      last_change_ = changed_at(*stamp, now);
      stall_reported_ = false;
      stalled_ = false;
    }
  }

  WatchView view(WatchClock::time_point now) const {
    WatchView v;
    v.file = current_;
    if (current_.empty()) v.looking_in = looking_in();
    v.pid = current_.empty() ? std::nullopt : pid_from_file_name(current_);
    v.pid_alive = pid_alive_;
    v.pid_reused = pid_reused_;
    v.now = now;
    const ResultFile& state = follower_.state();
    for (const Report& r : state.reports) {
      const auto began = report_began(r.id);
      if (began && (!v.run_began || *began < *v.run_began)) v.run_began = began;
    }
    if (!current_.empty()) v.last_change = last_change_;
    v.readable = state.readable;
    v.cut_off = cut_off_;
    if (screen_) v.reports = watch_report_rows(follower_, 5);
    v.totals = totals(state);
    if (stalled_) v.stalled_s = Seconds(now - last_change_).count();
    if (screen_) {
      v.screen_rows = stdout_tty_rows().value_or(24);
    }
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

  Exit finish(EndReason reason) {
    const auto now = WatchClock::now();
    WatchEvent e = event(FollowEventKind::end, now);
    e.end = watch_end(follower_, reason);
    const Exit status = e.end->exit_status;
    pending_.push_back(e);
    WatchView v = view(now);
    v.end = e.end;
    v.events = std::move(pending_);
    pending_.clear();
    if (options_.once && ctx_.global.format == Format::text && stdout_is_tty()) {
      // --once on a terminal: the screen, printed once, without cursor movement.
      const std::size_t width = terminal_width(std::getenv("COLUMNS"), stdout_tty_columns());
      for (const std::string& line : watch_screen_lines(v, ctx_.style, width, 1000)) {
        ctx_.out << line << "\n";
      }
    } else {
      if (screen_) ctx_.width = terminal_width(std::getenv("COLUMNS"), stdout_tty_columns());
      ctx_.out << render_(v, render_options(ctx_));
    }
    ctx_.out.flush();
    if (!follower_.state().readable && !current_.empty()) {
      // Why, as the reading commands say it: the last look's problem.
      const std::string why =
          !stamp_of(current_) ? "the file does not exist (io-error)" : unreadable_why_;
      ctx_.error(escape_text(current_) + ": never became readable" +
                 (why.empty() ? std::string() : ": " + escape_text(why)));
    }
    return status;
  }

  const WatchOptions& options_;
  Context& ctx_;
  RenderFn<WatchView> render_;
  const Seconds interval_;  // between looks when not notified
  const Seconds stall_;     // without a change: a stall
  const Seconds settle_;    // unchanged, every report final, no pid: over
  Target target_ = Target::file;
  bool screen_ = false;
  DirectoryWaiter waiter_;
  Follower follower_;
  std::string current_;
  std::optional<FileStamp> stamp_;
  WatchClock::time_point last_change_ = WatchClock::now();
  bool stall_reported_ = false;
  bool stalled_ = false;
  bool pid_alive_ = false;
  bool pid_reused_ = false;  // a process has the pid, but not the writer
  bool cut_off_ = false;
  std::string unreadable_why_;  // the last look's problem while the file is unreadable
  bool said_waiting_ = false;
  std::vector<WatchEvent> pending_;
};

}  // namespace

Exit watch_until_over(const WatchOptions& options, Context& ctx, RenderFn<WatchView> render) {
  WatchLoop loop(options, ctx, render);
  return loop.run();
}

}  // namespace aoe::cli
