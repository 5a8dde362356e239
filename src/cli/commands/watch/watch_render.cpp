// SPDX-License-Identifier: Apache-2.0
#include "commands/watch/watch_render.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

#include <fmt/format.h>

#include "text/json_util.hpp"
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

namespace {

double seconds_between(WatchClock::time_point from, WatchClock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

// --- pieces of text ---------------------------------------------------------

// "report_…_281473" for "report_20250428_203017761_281473": the thread id
// tells reports apart in a log line; the timestamp is in the file.
std::string short_report(const std::string& id) {
  const std::size_t last = id.rfind('_');
  if (id.size() > 16 && id.rfind("report_", 0) == 0 && last != std::string::npos && last > 7) {
    return "report_…" + escape_text(id.substr(last));
  }
  return escape_text(id);
}

std::string report_tag(const FollowEvent& e) {
  std::string tag = short_report(e.report);
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
std::string operator_text(const Operator& op) {
  const OperatorFigures f = figures(op);
  std::string s = escape_text(op.name) + " " + escape_text(joined_types(op));
  const std::string modes = modes_text(op);
  if (!modes.empty()) s += " " + modes;
  s += fmt::format(" {} → {} µs ({})", fmt_us(f.before_us), fmt_us(f.after_us),
                   fmt_pct(f.improvement_pct));
  return s;
}

std::string totals_text(const Totals& t) {
  return fmt::format("{}, {}, {} failed, {} → {} µs, saved {} µs ({})", plural(t.reports, "report"),
                     plural(t.operators, "operator"), t.failed_operators, fmt_us(t.time_before_us),
                     fmt_us(t.time_after_us), fmt_us(t.saved_us()), fmt_pct(t.improvement_pct()));
}

std::string end_verdict(const WatchEnd& end) {
  switch (end.exit_status) {
    case 0:
      return "every report successful";
    case 3:
      return "the file never became readable";
    case 130:
      return "interrupted";
    default:
      break;
  }
  std::string why;
  for (const WatchEnd::ReportStatus& r : end.reports) {
    if (r.status == Status::successful) continue;
    if (!why.empty()) why += ", ";
    why += short_report(r.id) + (r.tuning_name ? " " + escape_text(*r.tuning_name) : "") + " " +
           std::string(to_string(r.status));
  }
  return why.empty() ? "no report" : why;
}

std::string end_text(const WatchEnd& end) {
  // A file never read has no times to sum: say so, not 0.000 → 0.000 µs.
  return fmt::format("end ({}): {}{}; exit {}: {}", to_string(end.reason),
                     end.complete == false ? "the file ends early (cut off; what it cut is not "
                                             "counted): "
                                           : "",
                     end.readable ? totals_text(end.totals) : std::string("nothing read"),
                     end.exit_status, end_verdict(end));
}

std::string pid_text(const std::optional<long>& pid, bool alive, bool reused) {
  if (!pid) return "no pid in the name";
  if (reused) {
    return fmt::format("pid {} is another process, started after the file was written", *pid);
  }
  return fmt::format("pid {} {}", *pid, alive ? "running" : "not running");
}

// --- one line per event -----------------------------------------------------

std::string event_line(const WatchEvent& ev) {
  const FollowEvent& e = ev.what;
  const std::string at = clock_text(ev.time) + " ";
  switch (e.kind) {
    case FollowEventKind::file:
      if (ev.switched_from) {
        return at + fmt::format("switched to the newer {} ({}; was {})", escape_text(ev.file),
                                pid_text(ev.pid, ev.pid_alive, ev.pid_reused),
                                escape_text(*ev.switched_from));
      }
      return at + fmt::format("following {} ({})", escape_text(ev.file),
                              pid_text(ev.pid, ev.pid_alive, ev.pid_reused));
    case FollowEventKind::report:
      return at + report_tag(e) + ": report began";
    case FollowEventKind::op:
      return at + report_tag(e) + ": +" + operator_text(*e.op) +
             fmt::format("  [{} tuned, saved {} µs]", e.tuned_so_far, fmt_us(e.saved_so_far_us));
    case FollowEventKind::operator_updated: {
      const OperatorFigures was = figures(*e.previous);
      std::string was_modes = modes_text(*e.previous);
      return at + report_tag(e) + ": ~" + operator_text(*e.op) +
             fmt::format(", was {}{} → {} µs", was_modes.empty() ? "" : was_modes + " ",
                         fmt_us(was.before_us), fmt_us(was.after_us)) +
             fmt::format("  [{} tuned, saved {} µs]", e.tuned_so_far, fmt_us(e.saved_so_far_us));
    }
    case FollowEventKind::failed:
      return at + report_tag(e) + ": failed: " + escape_text(e.failed_operator);
    case FollowEventKind::status:
      return at + report_tag(e) + ": status " + std::string(to_string(e.previous_status)) + " → " +
             std::string(to_string(e.status)) +
             (e.status_raw ? " (\"" + escape_text(*e.status_raw) + "\")" : "");
    case FollowEventKind::stall:
      return at + "warning: stalled: no change for " + duration_text(ev.since_change_s) +
             (ev.last_change ? " (last change " + clock_text(*ev.last_change) + ")" : "");
    case FollowEventKind::end:
      return at + (ev.end ? end_text(*ev.end) : "end");
  }
  return at;
}

// --- the screen -------------------------------------------------------------

enum class Ink { plain, bold, dim, red, green, yellow };

struct Segment {
  std::string text;  // escaped already
  Ink tone = Ink::plain;
};
using Line = std::vector<Segment>;

std::string paint(const std::string& s, Ink tone, const Style& st) {
  switch (tone) {
    case Ink::plain:
      return s;
    case Ink::bold:
      return st.bold(s);
    case Ink::dim:
      return st.dim(s);
    case Ink::red:
      return st.red(s);
    case Ink::green:
      return st.green(s);
    case Ink::yellow:
      return st.yellow(s);
  }
  return s;
}

// The first code points of `s` that take at most `width` columns.
std::string cut_to(std::string_view s, std::size_t width) {
  std::string out;
  std::size_t used = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t len = 1;
    const auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0xF0)
      len = 4;
    else if (b >= 0xE0)
      len = 3;
    else if (b >= 0xC0)
      len = 2;
    len = std::min(len, s.size() - i);
    const std::string_view cp = s.substr(i, len);
    const std::size_t w = display_width(cp);
    if (used + w > width) break;
    out += cp;
    used += w;
    i += len;
  }
  return out;
}

// The line within `width` columns: what does not fit is cut and "…" ends it.
std::string fit(const Line& line, std::size_t width, const Style& st) {
  std::size_t total = 0;
  for (const Segment& s : line) total += display_width(s.text);
  std::string out;
  if (total <= width) {
    for (const Segment& s : line) out += paint(s.text, s.tone, st);
    return out;
  }
  std::size_t room = width > 0 ? width - 1 : 0;  // one column for "…"
  for (const Segment& s : line) {
    const std::size_t w = display_width(s.text);
    if (w <= room) {
      out += paint(s.text, s.tone, st);
      room -= w;
      continue;
    }
    out += paint(cut_to(s.text, room), s.tone, st);
    break;
  }
  return out + (width > 0 ? "…" : "");
}

std::string optional_count(const std::optional<std::int64_t>& v) {
  return v ? std::to_string(*v) : std::string(kNoValue);
}

Ink status_tone(Status s) {
  switch (s) {
    case Status::successful:
      return Ink::green;
    case Status::failed:
      return Ink::red;
    case Status::incomplete:
      return Ink::yellow;
    case Status::unknown:
      break;
  }
  return Ink::dim;
}

std::vector<Line> report_block(const WatchReportRow& r, std::size_t recent, std::size_t width) {
  std::vector<Line> lines;
  lines.push_back({{r.tuning_name ? escape_text(*r.tuning_name) : "(no tuning name)", Ink::bold},
                   {"  ", Ink::plain},
                   {std::string(to_string(r.status)), status_tone(r.status)},
                   {"  " + (width >= 100 ? escape_text(r.id) : short_report(r.id)), Ink::dim}});
  const Totals& t = r.totals;
  // What matters most first, so that a narrow screen cuts the least of it.
  Line figures_line{{fmt::format("  {} tuned  ", t.operators), Ink::plain},
                    {fmt::format("{} failed", t.failed_operators),
                     t.failed_operators > 0 ? Ink::red : Ink::plain}};
  if (t.timed_operators > 0) {
    figures_line.push_back({fmt::format("  saved {} µs ({})  {} → {} µs", fmt_us(t.saved_us()),
                                        fmt_pct(t.improvement_pct()), fmt_us(t.time_before_us),
                                        fmt_us(t.time_after_us)),
                            Ink::plain});
  }
  lines.push_back(std::move(figures_line));
  if (r.repo) {
    lines.push_back(
        {{fmt::format("  repository: {} added, {} hit ({} updated, {} reserved), {} "
                      "unsatisfied, {} total",
                      optional_count(r.repo->add_num), optional_count(r.repo->hit_num),
                      optional_count(r.repo->update_num), optional_count(r.repo->reserved_num),
                      optional_count(r.repo->unsatisfied_num), optional_count(r.repo->total_num)),
          Ink::plain}});
  }
  const std::size_t first = r.recent.size() > recent ? r.recent.size() - recent : 0;
  for (std::size_t i = r.recent.size(); i-- > first;) {  // newest first
    const RecentOperator& op = r.recent[i];
    lines.push_back(
        {{i + 1 == r.recent.size() ? "  last: " : "        ", Ink::dim},
         {escape_text(op.name) + " " + escape_text(op.types) +
              (op.figures.modes.empty() ? "" : " " + escape_text(op.figures.modes)) +
              fmt::format(" {} → {} µs ({})", fmt_us(op.figures.before_us),
                          fmt_us(op.figures.after_us), fmt_pct(op.figures.improvement_pct)),
          Ink::plain}});
  }
  return lines;
}

std::vector<Line> screen(const WatchView& v, std::size_t width, std::size_t rows) {
  std::vector<Line> head;
  std::vector<Line> foot;
  if (v.file.empty()) {
    head.push_back({{"aoe-result watch", Ink::bold}, {"  waiting for a result file", Ink::plain}});
    std::string where;
    for (const std::string& d : v.looking_in) where += (where.empty() ? "" : ", ") + escape_text(d);
    head.push_back({{"looking in " + (where.empty() ? std::string("(nowhere)") : where) +
                         " for aoe_result_opat_*.json",
                     Ink::plain}});
  } else {
    // The file's name shortened in the middle, so that its end (the pid)
    // and the process's state stay in sight.
    const std::string pid = "  (" + pid_text(v.pid, v.pid_alive, v.pid_reused) + ")";
    const std::size_t fixed = display_width("aoe-result watch  ") + display_width(pid);
    const std::string file = escape_text(v.file);
    head.push_back(
        {{"aoe-result watch", Ink::bold},
         {"  " + (width > fixed + 12 ? shorten_middle(file, width - fixed) : file), Ink::plain},
         {pid, Ink::dim}});
    std::string times;
    if (v.run_began)
      times = "began " + duration_text(seconds_between(*v.run_began, v.now)) + " ago";
    if (v.last_change) {
      times += (times.empty() ? "" : " · ") + std::string("last change ") +
               duration_text(seconds_between(*v.last_change, v.now)) + " ago";
    }
    times += (times.empty() ? "" : " · ") + std::string("now ") + clock_text(v.now);
    Line t{{times, Ink::plain}};
    if (!v.readable)
      t.push_back({"  · not readable yet", Ink::yellow});
    else if (v.cut_off)
      t.push_back({"  · caught mid-write: showing the last complete part", Ink::dim});
    head.push_back(std::move(t));
  }
  if (v.stalled_s) {
    foot.push_back(
        {{"warning: stalled: no change for " + duration_text(*v.stalled_s), Ink::yellow}});
  }
  if (v.end) {
    foot.push_back({{fmt::format("end ({}): exit {}: {}", to_string(v.end->reason),
                                 v.end->exit_status, end_verdict(*v.end)),
                     v.end->exit_status == 0 ? Ink::green : Ink::bold}});
  }
  if ((v.end || v.reports.size() > 1) && v.readable) {
    const Totals& t = v.end ? v.end->totals : v.totals;
    foot.push_back(
        {{fmt::format("total: {} in {}, {} failed, saved {} µs ({})",
                      plural(t.operators, "operator"), plural(t.reports, "report"),
                      t.failed_operators, fmt_us(t.saved_us()), fmt_pct(t.improvement_pct())),
          Ink::plain}});
  }

  // Room: rows - 1 lines, so that the newline after the last never scrolls.
  const std::size_t room = rows > 1 ? rows - 1 : 1;
  const std::size_t fixed = head.size() + foot.size();
  std::vector<Line> out = head;
  if (!v.reports.empty() && fixed < room) {
    // Each report: a blank line, its header, its figures, its repository
    // line, then as many recent operators as the height allows (at most 5).
    const auto block_size = [](const WatchReportRow& r) {
      return std::size_t{3} + (r.repo ? 1 : 0);
    };
    std::size_t shown = 0;  // reports that fit, counted from the newest
    std::size_t used = 0;
    for (std::size_t i = v.reports.size(); i-- > 0;) {
      const std::size_t need =
          block_size(v.reports[i]) + (i > 0 ? 1 : 0);  // room for "… N earlier"
      if (fixed + used + need > room && shown > 0) break;
      if (fixed + used + block_size(v.reports[i]) > room) break;
      used += block_size(v.reports[i]);
      ++shown;
    }
    const std::size_t hidden = v.reports.size() - shown;
    if (hidden > 0) ++used;  // the "… earlier reports" line
    const std::size_t spare = room > fixed + used ? room - fixed - used : 0;
    const std::size_t recent = shown > 0 ? std::min<std::size_t>(5, spare / shown) : 0;
    if (hidden > 0) {
      std::size_t ops = 0;
      for (std::size_t i = 0; i < hidden; ++i) ops += v.reports[i].totals.operators;
      out.push_back({{fmt::format("… {} earlier report{} ({}) not shown", hidden,
                                  hidden == 1 ? "" : "s", plural(ops, "operator")),
                      Ink::dim}});
    }
    for (std::size_t i = hidden; i < v.reports.size(); ++i) {
      out.push_back({});
      for (Line& l : report_block(v.reports[i], recent, width)) out.push_back(std::move(l));
    }
  }
  if (!foot.empty() && out.size() + foot.size() < room) out.push_back({});
  for (Line& l : foot) out.push_back(std::move(l));
  if (out.size() > room) out.resize(room);
  return out;
}

// --- JSON -------------------------------------------------------------------

using ojson = nlohmann::ordered_json;

ojson modes_json(const Operator& op) {
  ojson modes = ojson::array();
  for (const ModeResult& m : op.modes) {
    const OperatorFigures f = figures(m);
    modes.push_back(ojson{{"mode", mode_label(m)},
                          {"before_us", number(m.before_us)},
                          {"after_us", number(m.after_us)},
                          {"improvement_pct", number(f.improvement_pct)},
                          {"update_mode", std::string(to_string(m.update_mode))}});
  }
  return modes;
}

ojson event_json(const WatchEvent& ev) {
  const FollowEvent& e = ev.what;
  ojson j{{"schema_version", kSchemaVersion},
          {"event", std::string(to_string(e.kind))},
          {"time", iso_utc(ev.time)},
          {"file", ev.file}};
  const auto report_keys = [&] {
    j["report"] = e.report;
    j["report_occurrence"] = e.report_occurrence;
    j["tuning_name"] = opt_string(e.tuning_name);
  };
  switch (e.kind) {
    case FollowEventKind::file:
      j["pid"] = ev.pid ? ojson(*ev.pid) : ojson(nullptr);
      j["pid_alive"] = ev.pid ? ojson(ev.pid_alive) : ojson(nullptr);
      j["switched_from"] = opt_string(ev.switched_from);
      break;
    case FollowEventKind::report:
      report_keys();
      break;
    case FollowEventKind::op:
    case FollowEventKind::operator_updated: {
      report_keys();
      const Operator& op = *e.op;
      const OperatorFigures f = figures(op);
      j["operator"] = op.name;
      j["occurrence"] = e.occurrence;
      j["types"] = op.types.list();
      j["modes"] = modes_json(op);
      j["before_us"] = number(f.before_us);
      j["after_us"] = number(f.after_us);
      j["saved_us"] = number(f.saved_us);
      j["improvement_pct"] = number(f.improvement_pct);
      if (e.kind == FollowEventKind::operator_updated)
        j["previous_modes"] = modes_json(*e.previous);
      j["tuned_so_far"] = e.tuned_so_far;
      j["saved_so_far_us"] = number(e.saved_so_far_us);
      break;
    }
    case FollowEventKind::failed:
      report_keys();
      j["operator"] = e.failed_operator;
      break;
    case FollowEventKind::status:
      report_keys();
      j["status"] = std::string(to_string(e.status));
      j["status_raw"] = opt_string(e.status_raw);
      j["previous_status"] = std::string(to_string(e.previous_status));
      break;
    case FollowEventKind::stall:
      j["since_change_s"] = number(std::floor(ev.since_change_s * 1000) / 1000);
      j["last_change"] = ev.last_change ? ojson(iso_utc(*ev.last_change)) : ojson(nullptr);
      break;
    case FollowEventKind::end: {
      const WatchEnd& end = *ev.end;
      j["reason"] = std::string(to_string(end.reason));
      j["exit_status"] = end.exit_status;
      j["readable"] = end.readable;
      j["complete"] = end.complete ? ojson(*end.complete) : ojson(nullptr);
      ojson reports = ojson::array();
      for (const WatchEnd::ReportStatus& r : end.reports) {
        reports.push_back(ojson{{"id", r.id},
                                {"tuning_name", opt_string(r.tuning_name)},
                                {"status", std::string(to_string(r.status))}});
      }
      j["reports"] = std::move(reports);
      j["totals"] = totals_json(end.totals);
      break;
    }
  }
  return j;
}

}  // namespace

std::vector<std::string> watch_screen_lines(const WatchView& view, const Style& style,
                                            std::size_t width, std::size_t rows) {
  std::vector<std::string> out;
  for (const Line& l : screen(view, width, rows)) out.push_back(fit(l, width, style));
  return out;
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

std::string watch_jsonl(const WatchView& view, const RenderOptions&) {
  std::string out;
  for (const WatchEvent& ev : view.events) out += dump(event_json(ev), -1);
  return out;
}

const OutputTable<WatchView>& watch_outputs() {
  static const OutputTable<WatchView> table(
      "watch", {{Format::text, &watch_text, "a live screen on a terminal, else a line per event"},
                {Format::jsonl, &watch_jsonl, "one event per line, schema version 1"}});
  return table;
}

}  // namespace aoe::cli
