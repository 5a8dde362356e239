// SPDX-License-Identifier: Apache-2.0
#include "commands/watch/watch_view.hpp"

#include <algorithm>
#include <ctime>
#include <utility>

namespace aoe::cli {

std::string_view to_string(EndReason reason) noexcept {
  switch (reason) {
    case EndReason::process_exited:
      return "process-exited";
    case EndReason::settled:
      return "settled";
    case EndReason::writer_gone:
      return "writer-gone";
    case EndReason::once:
      return "once";
    case EndReason::interrupted:
      return "interrupted";
    case EndReason::terminated:
      return "terminated";
    case EndReason::error:
      return "error";
    case EndReason::log_ended:
      return "log-ended";
  }
  return "once";
}

namespace {

std::vector<OperatorFigures> mode_figures(const Operator& op) {
  std::vector<OperatorFigures> out;
  out.reserve(op.modes.size());
  for (const ModeResult& m : op.modes) out.push_back(figures(m));
  return out;
}

}  // namespace

WatchEvent watch_event(FollowEvent what, WatchClock::time_point time, std::string file) {
  WatchEvent e;
  e.what = std::move(what);
  e.time = time;
  e.file = std::move(file);
  if (e.what.op) {
    e.figures = figures(*e.what.op);
    e.mode_figures = mode_figures(*e.what.op);
  }
  if (e.what.previous) {
    e.previous_figures = figures(*e.what.previous);
    e.previous_mode_figures = mode_figures(*e.what.previous);
  }
  return e;
}

std::optional<WatchClock::time_point> report_began(const std::string& report_id) {
  // report_YYYYMMDD_HHMMSSmmm_<tid>
  constexpr std::string_view kPrefix = "report_";
  if (report_id.size() < kPrefix.size() + 18 ||
      report_id.compare(0, kPrefix.size(), kPrefix) != 0) {
    return std::nullopt;
  }
  const std::string ts = report_id.substr(kPrefix.size(), 18);
  for (std::size_t i = 0; i < ts.size(); ++i) {
    if (i == 8 ? ts[i] != '_' : (ts[i] < '0' || ts[i] > '9')) return std::nullopt;
  }
  const auto num = [&](std::size_t at, std::size_t n) { return std::stoi(ts.substr(at, n)); };
  std::tm tm{};
  tm.tm_year = num(0, 4) - 1900;
  tm.tm_mon = num(4, 2) - 1;
  tm.tm_mday = num(6, 2);
  tm.tm_hour = num(9, 2);
  tm.tm_min = num(11, 2);
  tm.tm_sec = num(13, 2);
  tm.tm_isdst = -1;
  if (tm.tm_mon < 0 || tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
      tm.tm_min > 59 || tm.tm_sec > 60) {
    return std::nullopt;
  }
  const std::time_t t = std::mktime(&tm);
  if (t == static_cast<std::time_t>(-1)) return std::nullopt;
  return WatchClock::from_time_t(t) + std::chrono::milliseconds(num(15, 3));
}

std::vector<WatchReportRow> watch_report_rows(const Follower& follower, std::size_t recent) {
  std::vector<WatchReportRow> rows;
  const ResultFile& state = follower.state();
  for (std::size_t i = 0; i < state.reports.size(); ++i) {
    const Report& r = state.reports[i];
    WatchReportRow row;
    row.id = r.id;
    row.tuning_name = r.tuning_name;
    row.status = r.status;
    row.complete = r.complete;
    row.totals = follower.report_totals(i);
    row.repo = r.repo_summary;
    row.failed = unique_failed_operators(r);
    const std::vector<std::size_t>& arrival = follower.arrival_order(i);
    const std::size_t first = arrival.size() > recent ? arrival.size() - recent : 0;
    for (std::size_t k = first; k < arrival.size(); ++k) {
      const Operator& op = r.operators[arrival[k]];
      row.recent.push_back({op.name, joined_types(op), figures(op)});
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

void show_follower(WatchView& view, const Follower& follower, ReportRows rows) {
  const ResultFile& state = follower.state();
  for (const Report& r : state.reports) {
    const auto began = report_began(r.id);
    if (began && (!view.run_began || *began < *view.run_began)) view.run_began = began;
  }
  view.readable = state.readable;
  if (rows == ReportRows::shown) view.reports = watch_report_rows(follower, 5);
  view.totals = follower.totals();
}

namespace {

// The distinct codes of the error findings, in the order found.
std::vector<Code> error_codes(const std::vector<Diagnostic>& findings) {
  std::vector<Code> codes;
  for (const Diagnostic& d : findings) {
    if (d.severity != Severity::error) continue;
    if (std::find(codes.begin(), codes.end(), d.code) == codes.end()) codes.push_back(d.code);
  }
  return codes;
}

// The exit status of an end: see `watch_end`.
Exit end_status(const WatchEnd& end) {
  switch (end.reason) {
    case EndReason::interrupted:
      return Exit::interrupted;
    case EndReason::terminated:
      return end.signal == StopSignal::hangup ? Exit::hangup : Exit::terminated;
    case EndReason::error:
      return Exit::input;
    case EndReason::log_ended:
      // The log says the run ended before a result was readable: its
      // verdict (failed) decides, not a file that never came.
      if (!end.readable) return Exit::findings;
      break;
    default:
      break;
  }
  if (!end.readable) return Exit::input;
  return end.verdict == Verdict::failed ? Exit::findings : Exit::ok;
}

}  // namespace

void add_log_verdict(WatchEnd& end, const LogFile& log) {
  WatchEnd::LogVerdict v;
  v.path = log.path;
  v.readable = log.readable;
  if (log.readable) {
    v.outcome = log.outcome;
    v.cost_time_s = log.cost_time_s;
    if (const LogError* e = log.first_error(); e != nullptr) {
      v.code = e->code;
      v.line = e->line;
    } else {
      v.line = log.finished_line;
    }
    if (log.outcome == LogOutcome::failed && end.exit_status == Exit::ok) {
      end.exit_status = Exit::findings;
    }
  } else {
    for (const Diagnostic& d : log.diagnostics) {
      if (d.severity == Severity::error) {
        v.problem = d.message;
        break;
      }
    }
    if (!v.problem) v.problem = "could not be read";
  }
  end.log = std::move(v);
}

WatchEnd watch_end(const Follower& follower, EndReason reason, StopSignal signal,
                   std::optional<std::string> problem) {
  WatchEnd end;
  end.reason = reason;
  end.signal = signal;
  end.problem = std::move(problem);
  const ResultFile& state = follower.state();
  end.readable = state.readable;
  if (state.readable) end.complete = state.complete;
  // check's judgement of what was read: watch keeps no rule of its own.
  const Judgement judgement = judge(state);
  end.totals = judgement.totals;
  end.verdict = judgement.verdict();
  end.errors = judgement.count(Severity::error);
  end.warnings = judgement.count(Severity::warning);
  if (state.readable) end.check_errors = error_codes(judgement.findings);
  for (const Report& r : state.reports) end.reports.push_back({r.id, r.tuning_name, r.status});
  end.exit_status = end_status(end);
  return end;
}

}  // namespace aoe::cli
