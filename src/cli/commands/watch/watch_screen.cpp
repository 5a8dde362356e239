// SPDX-License-Identifier: Apache-2.0
// `watch`: the live screen (a terminal): the file and its writer, each
// report's figures and last operators, the end; fitted to the terminal's
// width and height.
#include <algorithm>

#include <fmt/format.h>

#include "commands/watch/watch_render.hpp"
#include "commands/watch/watch_words.hpp"
#include "text/fit_table.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {
namespace {

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

// The columns `line` takes.
std::size_t width_of(const Line& line) {
  std::size_t total = 0;
  for (const Segment& s : line) total += display_width(s.text);
  return total;
}

// The line within `width` columns: what does not fit is cut and "…" ends it.
std::string fit(const Line& line, std::size_t width, const Style& st) {
  const std::size_t total = width_of(line);
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

double seconds_between(WatchClock::time_point from, WatchClock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
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

Line figures_line(const Totals& t) {
  // What matters most first, so that a narrow screen cuts the least of it.
  Line line{{fmt::format("  {} tuned  ", t.operators), Ink::plain},
            {fmt::format("{} failed", t.failed_operators),
             t.failed_operators > 0 ? Ink::red : Ink::plain}};
  if (t.timed_operators > 0) {
    line.push_back({fmt::format("  saved {} µs ({})  {} → {} µs", fmt_us(t.saved_us()),
                                fmt_pct(t.improvement_pct()), fmt_us(t.time_before_us),
                                fmt_us(t.time_after_us)),
                    Ink::plain});
  }
  return line;
}

Line repository_line(const RepoSummary& repo) {
  return {{fmt::format("  repository: {} added, {} hit ({} updated, {} reserved), {} "
                       "unsatisfied, {} total",
                       optional_count(repo.add_num), optional_count(repo.hit_num),
                       optional_count(repo.update_num), optional_count(repo.reserved_num),
                       optional_count(repo.unsatisfied_num), optional_count(repo.total_num)),
           Ink::plain}};
}

std::vector<Line> report_block(const WatchReportRow& r, std::size_t recent, std::size_t width) {
  std::vector<Line> lines;
  // The id whole when the line has room for it, else its thread id.
  Line head{{r.tuning_name ? escape_text(*r.tuning_name) : "(no tuning name)", Ink::bold},
            {"  ", Ink::plain},
            {std::string(to_string(r.status)), status_tone(r.status)},
            {"  " + escape_text(r.id), Ink::dim}};
  if (width_of(head) > width) head.back().text = "  " + short_report(r.id);
  lines.push_back(std::move(head));
  lines.push_back(figures_line(r.totals));
  if (r.repo) lines.push_back(repository_line(*r.repo));
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

// Why the file gives nothing: the reader's message (where, and what it
// expected), broken at spaces over at most three lines.
void add_unreadable(std::vector<Line>& out, const Diagnostic& d, std::size_t width) {
  const std::string text = wrap_note("not readable: " + diagnostic_text(d), width);
  std::size_t begin = 0;
  for (int lines = 0; lines < 3 && begin < text.size(); ++lines) {
    const std::size_t end = text.find('\n', begin);
    out.push_back({{text.substr(begin, end - begin), Ink::yellow}});
    begin = end == std::string::npos ? text.size() : end + 1;
  }
}

// The file followed (or the folders looked in) and its times.
std::vector<Line> screen_head(const WatchView& v, std::size_t width) {
  std::vector<Line> head;
  if (v.file.empty()) {
    head.push_back({{"aoe-result watch", Ink::bold}, {"  waiting for a result file", Ink::plain}});
    std::string where;
    for (const std::string& d : v.looking_in) where += (where.empty() ? "" : ", ") + escape_text(d);
    head.push_back({{"looking in " + (where.empty() ? std::string("(nowhere)") : where) +
                         " for aoe_result_opat_*.json",
                     Ink::plain}});
    return head;
  }
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
  if (v.run_began) times = "began " + duration_text(seconds_between(*v.run_began, v.now)) + " ago";
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
  if (!v.readable && v.unreadable) add_unreadable(head, *v.unreadable, width);
  return head;
}

// A stall, the end, and the totals over several reports.
std::vector<Line> screen_foot(const WatchView& v, std::size_t width) {
  std::vector<Line> foot;
  if (v.stalled_s) {
    foot.push_back(
        {{"warning: stalled: no change for " + duration_text(*v.stalled_s), Ink::yellow}});
  }
  if (v.end) {
    const auto end_line = [&v](IdForm form) {
      return fmt::format("end ({}): exit {}: {}", to_string(v.end->reason),
                         static_cast<int>(v.end->exit_status), end_verdict(*v.end, form));
    };
    std::string text = end_line(IdForm::whole);  // ids whole when the line has room
    if (display_width(text) > width) text = end_line(IdForm::short_form);
    foot.push_back({{text, v.end->exit_status == Exit::ok ? Ink::green : Ink::bold}});
  }
  if ((v.end || v.reports.size() > 1) && v.readable) {
    const Totals& t = v.end ? v.end->totals : v.totals;
    foot.push_back(
        {{fmt::format("total: {} in {}, {} failed, saved {} µs ({})",
                      plural(t.operators, "operator"), plural(t.reports, "report"),
                      t.failed_operators, fmt_us(t.saved_us()), fmt_pct(t.improvement_pct())),
          Ink::plain}});
  }
  return foot;
}

// The reports in `room` lines: each a blank line, its header, its figures,
// its repository line, then as many recent operators as the height allows
// (at most 5); the newest reports when not all fit, and a line for the others.
void add_reports(std::vector<Line>& out, const WatchView& v, std::size_t room, std::size_t width) {
  const auto block_size = [](const WatchReportRow& r) { return std::size_t{3} + (r.repo ? 1 : 0); };
  std::size_t shown = 0;  // reports that fit, counted from the newest
  std::size_t used = 0;
  for (std::size_t i = v.reports.size(); i-- > 0;) {
    const std::size_t need = block_size(v.reports[i]) + (i > 0 ? 1 : 0);  // room for "… N earlier"
    if (used + need > room && shown > 0) break;
    if (used + block_size(v.reports[i]) > room) break;
    used += block_size(v.reports[i]);
    ++shown;
  }
  const std::size_t hidden = v.reports.size() - shown;
  if (hidden > 0) ++used;  // the "… earlier reports" line
  const std::size_t spare = room > used ? room - used : 0;
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

std::vector<Line> screen(const WatchView& v, std::size_t width, std::size_t rows) {
  std::vector<Line> out = screen_head(v, width);
  std::vector<Line> foot = screen_foot(v, width);
  // Room: rows - 1 lines, so that the newline after the last never scrolls.
  const std::size_t room = rows > 1 ? rows - 1 : 1;
  const std::size_t fixed = out.size() + foot.size();
  if (!v.reports.empty() && fixed < room) add_reports(out, v, room - fixed, width);
  if (!foot.empty() && out.size() + foot.size() < room) out.push_back({});
  for (Line& l : foot) out.push_back(std::move(l));
  if (out.size() > room) out.resize(room);
  return out;
}

}  // namespace

std::vector<std::string> watch_screen_lines(const WatchView& view, const Style& style,
                                            std::size_t width, std::size_t rows) {
  std::vector<std::string> out;
  for (const Line& l : screen(view, width, rows)) out.push_back(fit(l, width, style));
  return out;
}

}  // namespace aoe::cli
