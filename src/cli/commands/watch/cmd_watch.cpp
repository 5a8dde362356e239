// SPDX-License-Identifier: Apache-2.0
// `watch`: follows a result file while AOE writes it, until the run is over.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <system_error>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <signal.h>

#include "aoe_result/follow.hpp"
#include "aoe_result/reader.hpp"

#include "commands/watch/watch_command.hpp"
#include "commands/watch/watch_render.hpp"
#include "commands/watch/watch_view.hpp"
#include "core/number_option.hpp"
#include "core/output.hpp"
#include "io/input_options.hpp"
#include "io/inputs.hpp"
#include "io/watch_files.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

// What the timing options take: one rule for the parser and the run.
constexpr NumberSpec kIntervalSpec{NumberSpec::Kind::amount, 0.0, 86400.0, "seconds", true};
constexpr NumberSpec kStallSpec{NumberSpec::Kind::amount, 0.0, 525600.0, "minutes", true};
constexpr NumberSpec kSettleSpec{NumberSpec::Kind::amount, 0.0, 86400.0, "seconds", true};

}  // namespace

CLI::App* setup_watch(CLI::App& app, WatchOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "watch", "Follow a tuning run while AOE writes its result file, until the run is over");
  cmd->add_option("path", options.path,
                  "A result file; or a directory, whose newest aoe_result_opat_*.json is followed "
                  "(and a newer one switched to). None: the newest result in $ASCEND_WORK_PATH, "
                  "$ASCEND_WORK_PATH/aoe_data, then the current directory, waited for if there "
                  "is none yet")
      ->type_name("PATH");
  cmd->add_option("--interval", options.interval_s,
                  "Seconds between looks at the file when the system does not report changes, "
                  "and between redraws of the screen")
      ->type_name("SECONDS")
      ->transform(number_option(kIntervalSpec))
      ->capture_default_str();
  cmd->add_option("--stall", options.stall_min,
                  "Warn once per stall when the file has not changed for this many minutes "
                  "while the run goes on (fractions accepted: 0.5 is 30 s)")
      ->type_name("MINUTES")
      ->transform(number_option(kStallSpec))
      ->capture_default_str();
  cmd->add_option("--settle", options.settle_s,
                  "When the name carries no live pid: the run is over once every report has a "
                  "final status and the file has not changed for this many seconds")
      ->type_name("SECONDS")
      ->transform(number_option(kSettleSpec))
      ->capture_default_str();
  cmd->add_flag("--once", options.once, "Read once, print the current state, and exit");
  cmd->footer(
      std::string(
          "The run is over when the process named in the file name (..._pid<N>.json) has ended "
          "on this machine;\nwithout a live pid, when every report is final and the file has "
          "settled. On a terminal the\nscreen is redrawn in place; elsewhere one line per event "
          "is appended (a CI log reads as a story).\n"
          "jsonl events: file, report, operator, operator-updated, failed, status, stall, end\n"
          "(docs/watch-events.schema.json).\n") +
      watch_outputs().formats().help_line() +
      "\n"
      "Exit status: 0 every report successful, 1 a report failed or is incomplete, 2 usage "
      "error, 3 the\nfile never became readable, 130 interrupted (Ctrl-C; the state so far is "
      "printed).\n\n"
      "Examples:\n"
      "  aoe-result watch                      # the newest result here, or wait for one\n"
      "  aoe-result watch $ASCEND_WORK_PATH/aoe_data/\n"
      "  aoe-result watch --stall 10 aoe_result_opat_20250428_203017761_pid18230.json\n"
      "  aoe-result watch --format jsonl run/ | jq -c 'select(.event == \"operator\")'\n"
      "  aoe-result watch --once run.json      # the state now, then exit");
  return cmd;
}

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

// For options set by a program rather than parsed (the parser checks the same).
void require_in_range(double value, const char* option, const NumberSpec& spec) {
  if (std::isfinite(value) && value > *spec.min && value <= *spec.max) return;
  throw UsageError(fmt::format("{}: {} is out of range; it takes {}", option, fmt_plain(value),
                               accepted_words(spec)));
}

using Seconds = std::chrono::duration<double>;

// Where the file to follow comes from.
enum class Target { file, directory, discovered };

class Watch {
 public:
  Watch(const WatchOptions& options, Context& ctx, RenderFn<WatchView> render)
      : options_(options), ctx_(ctx), render_(render) {
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
    if (target_ == Target::file) {
      // A file may not be there yet (AOE creates it when tuning starts),
      // but a directory that does not exist is a wrong path, not a wait.
      const std::filesystem::path parent = std::filesystem::path(*options_.path).parent_path();
      std::error_code ec;
      if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) {
        ctx_.error(escape_text(fmt::format("cannot watch {}: the directory {} does not exist",
                                           *options_.path, parent.string())));
        return Exit::input;
      }
      begin_file(*options_.path, std::nullopt);
      if (!stamp_of(*options_.path) && !options_.once && !screen_ && !ctx_.global.quiet) {
        ctx_.err << "aoe-result: waiting for " << escape_text(*options_.path) << " to appear\n";
      }
    }
    const Seconds interval(options_.interval_s);
    const Seconds stall(options_.stall_min * 60);
    const Seconds settle(options_.settle_s);
    for (;;) {
      const auto now = WatchClock::now();
      if (interrupt.raised()) return finish(EndReason::interrupted);
      if (target_ != Target::file) look_for_newer();
      if (current_.empty()) {
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
        waiter_.wait(std::chrono::duration_cast<std::chrono::milliseconds>(interval));
        continue;
      }
      look_at_file(now, /*force=*/false);
      if (options_.once) return finish(EndReason::once);

      const std::optional<long> pid = pid_from_file_name(current_);
      look_at_writer(pid, stamp_);
      const Seconds quiet = now - last_change_;
      if (pid && !pid_alive_) {
        look_at_file(now, /*force=*/true);  // the last word of the run
        return finish(EndReason::process_exited);
      }
      if (!pid && every_report_final(follower_.state()) && quiet >= settle) {
        return finish(EndReason::settled);
      }
      if (!stall_reported_ && quiet >= stall) {
        WatchEvent e = event(FollowEventKind::stall, now);
        e.since_change_s = quiet.count();
        e.last_change = last_change_;
        pending_.push_back(std::move(e));
        stall_reported_ = true;
        stalled_ = true;
      }
      refresh(now);
      // Wake for the next look, or for a stall or the settling to come due.
      Seconds wait = interval;
      if (!stall_reported_) wait = std::min(wait, stall - quiet);
      if (!pid && every_report_final(follower_.state())) wait = std::min(wait, settle - quiet);
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(wait);
      waiter_.wait(std::max(ms, std::chrono::milliseconds(5)));
    }
  }

 private:
  WatchEvent event(FollowEventKind kind, WatchClock::time_point now) const {
    WatchEvent e;
    e.what.kind = kind;
    e.time = now;
    e.file = current_;
    return e;
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
      WatchEvent e = event(f.kind, now);
      e.what = std::move(f);
      pending_.push_back(std::move(e));
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
    const int status = e.end->exit_status;
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
    return static_cast<Exit>(status);
  }

  const WatchOptions& options_;
  Context& ctx_;
  RenderFn<WatchView> render_;
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
  std::string unreadable_why_;  ///< the last look's problem while the file is unreadable
  bool said_waiting_ = false;
  std::vector<WatchEvent> pending_;
};

}  // namespace

Exit run_watch(const WatchOptions& options, Context& ctx) {
  const RenderFn<WatchView> render = watch_outputs().pick(ctx.global.format);
  require_in_range(options.interval_s, "--interval", kIntervalSpec);
  require_in_range(options.stall_min, "--stall", kStallSpec);
  require_in_range(options.settle_s, "--settle", kSettleSpec);
  if (options.path && *options.path == "-") {
    throw UsageError(
        "watch follows a file or a directory that AOE writes; it cannot read "
        "standard input ('-')");
  }
  Watch watch(options, ctx, render);
  return watch.run();
}

}  // namespace aoe::cli
