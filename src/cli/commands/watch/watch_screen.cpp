// SPDX-License-Identifier: Apache-2.0
// `watch`: the live screen (a terminal): the file and its writer, each
// report's figures and last operators, the end; fitted to the terminal's
// width and height.
#include <algorithm>

#include <fmt/format.h>

#include "commands/watch/watch_render.hpp"
#include "commands/watch/watch_words.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"
#include "text/wrap.hpp"

namespace aoe::cli {
namespace {

enum class Ink { plain, bold, dim, red, green, yellow };

struct Segment {
  std::string text;  // escaped already
  Ink tone = Ink::plain;
};

// One line of the screen as units (a name, a figure with its unit, a word)
// that wrap at the width, never cut: a narrow screen takes more rows.
struct Line {
  std::vector<Segment> units;
  std::size_t indent = 0;
  std::size_t hang = 2;  // the margin of its rows after the first
  std::string_view gap = "  ";
  std::size_t max_rows = 0;  // 0: as many as it takes
};

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

// The rows `line` takes at `width` (an empty line: one empty row).
std::vector<std::string> screen_rows_of(const Line& line, std::size_t width, const Style& st) {
  if (line.units.empty()) return {std::string()};
  std::vector<std::string> painted;
  painted.reserve(line.units.size());
  for (const Segment& u : line.units) painted.push_back(paint(u.text, u.tone, st));
  WrapLayout layout;
  layout.width = width;
  layout.indent = line.indent;
  layout.hang = line.hang;
  layout.gap = line.gap;
  layout.final_newline = false;
  const std::string text =
      wrap_units(std::vector<std::string_view>(painted.begin(), painted.end()), layout);
  std::vector<std::string> rows;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    if (line.max_rows > 0 && rows.size() == line.max_rows) break;
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    rows.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return rows;
}

std::size_t screen_row_count(const Line& line, std::size_t width) {
  return screen_rows_of(line, width, Style(false)).size();
}

std::size_t screen_row_count(const std::vector<Line>& lines, std::size_t width) {
  std::size_t n = 0;
  for (const Line& l : lines) n += screen_row_count(l, width);
  return n;
}

// The units of `text` broken after its ", " (a count stays with its word).
std::vector<Segment> screen_phrases(const std::string& text, Ink tone) {
  std::vector<Segment> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(", ", start);
    end = end == std::string::npos ? text.size() : end + 1;
    out.push_back({text.substr(start, end - start), tone});
    start = end < text.size() ? end + 1 : end;
  }
  return out;
}

// The words of `text`, each a unit.
std::vector<Segment> screen_words(const std::string& text, Ink tone) {
  std::vector<Segment> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    if (end > start) out.push_back({text.substr(start, end - start), tone});
    start = end + 1;
  }
  return out;
}

Line screen_prose(const std::string& text, Ink tone, std::size_t indent = 0) {
  return {screen_words(text, tone), indent, indent + 2, " ", 0};
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
  // What matters most first; each figure whole, with its unit.
  Line line{{{fmt::format("{} tuned", t.operators), Ink::plain},
             {fmt::format("{} failed", t.failed_operators),
              t.failed_operators > 0 ? Ink::red : Ink::plain}},
            2,
            4};
  if (t.timed_operators > 0) {
    line.units.push_back({fmt::format("saved {} µs (improvement {})", fmt_us(t.saved_us()),
                                      fmt_pct(t.improvement_pct())),
                          Ink::plain});
    line.units.push_back(
        {fmt::format("{} → {} µs", fmt_us(t.time_before_us), fmt_us(t.time_after_us)), Ink::plain});
  }
  return line;
}

Line repository_line(const RepoSummary& repo) {
  return {screen_phrases(
              fmt::format("repository: {} added, {} hit ({} updated, {} reserved), {} "
                          "unsatisfied, {} total",
                          optional_count(repo.add_num), optional_count(repo.hit_num),
                          optional_count(repo.update_num), optional_count(repo.reserved_num),
                          optional_count(repo.unsatisfied_num), optional_count(repo.total_num)),
              Ink::plain),
          2, 4, " ", 0};
}

// "failed: a, b, c" in at most two rows; the names that do not fit counted.
Line screen_failed_line(const std::vector<std::string>& names, std::size_t width) {
  const auto make = [&](std::size_t shown) {
    Line line{{{"failed:", Ink::red}}, 2, 4, " ", 0};
    for (std::size_t i = 0; i < shown; ++i) {
      const bool last = i + 1 == names.size();
      line.units.push_back({escape_text(shown_name(names[i])) + (last ? "" : ","), Ink::red});
    }
    if (shown < names.size())
      line.units.push_back({fmt::format("and {} more", names.size() - shown), Ink::dim});
    return line;
  };
  // The most names that fit two rows (at least one).
  std::size_t lo = 1;
  std::size_t hi = names.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo + 1) / 2;
    if (screen_row_count(make(mid), width) <= 2) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  Line line = make(lo);
  line.max_rows = screen_row_count(line, width) <= 2 ? 0 : 2;
  return line;
}

// A report's lines: its header, figures, repository and failed operators
// (`base`), then its last operators, newest first (`recent`).
struct ScreenReportLines {
  std::vector<Line> base;
  std::vector<Line> recent;
};

ScreenReportLines report_block(const WatchReportRow& r, std::size_t width) {
  ScreenReportLines lines;
  // The id whole when the line has room for it, else its thread id.
  Line head{{{r.tuning_name ? escape_text(*r.tuning_name) : "(no tuning name)", Ink::bold},
             {std::string(to_string(r.status)), status_tone(r.status)},
             {escape_text(r.id), Ink::dim}},
            0,
            2};
  if (screen_row_count(head, width) > 1) head.units.back().text = short_report(r.id);
  lines.base.push_back(std::move(head));
  lines.base.push_back(figures_line(r.totals));
  if (r.repo) lines.base.push_back(repository_line(*r.repo));
  if (!r.failed.empty()) lines.base.push_back(screen_failed_line(r.failed, width));
  for (std::size_t i = r.recent.size(); i-- > 0;) {  // newest first
    const RecentOperator& op = r.recent[i];
    const bool newest = i + 1 == r.recent.size();
    Line line{{}, newest ? 2U : 8U, 8, " ", 0};
    if (newest) line.units.push_back({"last:", Ink::dim});
    line.units.push_back({escape_text(shown_name(op.name)), Ink::plain});
    if (!op.types.empty()) line.units.push_back({escape_text(op.types), Ink::plain});
    if (!op.figures.modes.empty())
      line.units.push_back({escape_text(op.figures.modes), Ink::plain});
    line.units.push_back(
        {fmt::format("{} → {} µs", fmt_us(op.figures.before_us), fmt_us(op.figures.after_us)),
         Ink::plain});
    line.units.push_back(
        {fmt::format("(improvement {})", fmt_pct(op.figures.improvement_pct)), Ink::plain});
    lines.recent.push_back(std::move(line));
  }
  return lines;
}

// Why the file gives nothing: the reader's message (where, and what it
// expected), broken at spaces over at most three rows.
void add_unreadable(std::vector<Line>& out, const Diagnostic& d) {
  Line line = screen_prose("not readable: " + diagnostic_text(d), Ink::yellow);
  line.hang = 0;
  line.max_rows = 3;
  out.push_back(std::move(line));
}

// The file followed (or the folders looked in) and its times.
std::vector<Line> screen_head(const WatchView& v, std::size_t width) {
  std::vector<Line> head;
  if (v.file.empty()) {
    head.push_back(
        {{{"aoe-result watch", Ink::bold}, {"waiting for a result file", Ink::plain}}, 0, 2});
    std::string where;
    for (const std::string& d : v.looking_in) where += (where.empty() ? "" : ", ") + escape_text(d);
    head.push_back(screen_prose("looking in " + (where.empty() ? std::string("(nowhere)") : where) +
                                    " for aoe_result_opat_*.json",
                                Ink::plain));
    return head;
  }
  // The file's name on one row: shortened in the middle when it is wider,
  // so that its end (the pid) stays in sight; the writer's state beside it
  // or under it.
  const std::string file = escape_text(v.file);
  head.push_back({{{"aoe-result watch", Ink::bold},
                   {width > 14 ? shorten_middle(file, width - 2) : file, Ink::plain},
                   {"(" + pid_text(v.pid, v.pid_alive, v.pid_reused) + ")", Ink::dim}},
                  0,
                  2});
  Line t{{}, 0, 2, " ", 0};
  const auto add = [&t](std::string text, Ink tone) {
    if (!t.units.empty()) t.units.push_back({"·", Ink::plain});
    for (Segment& w : screen_words(text, tone)) t.units.push_back(std::move(w));
  };
  if (v.run_began) {
    add("began " + duration_text(seconds_between(*v.run_began, v.now)) + " ago", Ink::plain);
  }
  if (v.last_change) {
    add("last change " + duration_text(seconds_between(*v.last_change, v.now)) + " ago",
        Ink::plain);
  }
  add("now " + clock_text(v.now), Ink::plain);
  if (!v.readable)
    add("not readable yet", Ink::yellow);
  else if (v.cut_off)
    add("caught mid-write: showing the last complete part", Ink::dim);
  head.push_back(std::move(t));
  if (!v.readable && v.unreadable) add_unreadable(head, *v.unreadable);
  return head;
}

// A stall, the end, and the totals over several reports.
std::vector<Line> screen_foot(const WatchView& v, std::size_t width) {
  std::vector<Line> foot;
  if (v.stalled_s) {
    foot.push_back(screen_prose("warning: stalled: no change for " + duration_text(*v.stalled_s),
                                Ink::yellow));
  }
  if (v.end) {
    const auto end_line = [&v](IdForm form) {
      return fmt::format("end ({}): exit {}: {}", to_string(v.end->reason),
                         static_cast<int>(v.end->exit_status), end_verdict(*v.end, form));
    };
    std::string text = end_line(IdForm::whole);  // ids whole when the line has room
    if (display_width(text) > width) text = end_line(IdForm::short_form);
    foot.push_back(screen_prose(text, v.end->exit_status == Exit::ok ? Ink::green : Ink::bold));
  }
  if ((v.end || v.reports.size() > 1) && v.readable) {
    const Totals& t = v.end ? v.end->totals : v.totals;
    foot.push_back(
        {screen_phrases(
             fmt::format("total: {} in {}, {} failed, saved {} µs (improvement {})",
                         plural(t.operators, "operator"), plural(t.reports, "report"),
                         t.failed_operators, fmt_us(t.saved_us()), fmt_pct(t.improvement_pct())),
             Ink::plain),
         0, 2, " ", 0});
  }
  return foot;
}

// The reports in `room` rows: each a blank row, its header, figures,
// repository and failed operators, then as many recent operators as the
// height allows (at most 5, as many for each report); the newest reports
// when not all fit, and a line for the others.
void add_reports(std::vector<Line>& out, const WatchView& v, std::size_t room, std::size_t width) {
  std::vector<ScreenReportLines> blocks;
  blocks.reserve(v.reports.size());
  for (const WatchReportRow& r : v.reports) blocks.push_back(report_block(r, width));
  std::size_t shown = 0;  // reports that fit, counted from the newest
  std::size_t used = 0;
  for (std::size_t i = v.reports.size(); i-- > 0;) {
    const std::size_t base = 1 + screen_row_count(blocks[i].base, width);
    const std::size_t need = base + (i > 0 ? 1 : 0);  // room for "… N earlier"
    if (used + need > room && shown > 0) break;
    if (used + base > room) break;
    used += base;
    ++shown;
  }
  const std::size_t hidden = v.reports.size() - shown;
  if (hidden > 0) ++used;  // the "… earlier reports" line
  const std::size_t spare = room > used ? room - used : 0;
  // As many recent operators for each report as the rows left hold.
  std::size_t recent = 0;
  for (std::size_t k = 1; k <= 5 && shown > 0; ++k) {
    std::size_t rows = 0;
    for (std::size_t i = hidden; i < v.reports.size(); ++i) {
      for (std::size_t j = 0; j < std::min(k, blocks[i].recent.size()); ++j)
        rows += screen_row_count(blocks[i].recent[j], width);
    }
    if (rows > spare) break;
    recent = k;
  }
  if (hidden > 0) {
    std::size_t ops = 0;
    for (std::size_t i = 0; i < hidden; ++i) ops += v.reports[i].totals.operators;
    out.push_back(screen_prose(fmt::format("… {} earlier report{} ({}) not shown", hidden,
                                           hidden == 1 ? "" : "s", plural(ops, "operator")),
                               Ink::dim));
  }
  for (std::size_t i = hidden; i < v.reports.size(); ++i) {
    out.push_back({});
    for (Line& l : blocks[i].base) out.push_back(std::move(l));
    for (std::size_t j = 0; j < std::min(recent, blocks[i].recent.size()); ++j)
      out.push_back(std::move(blocks[i].recent[j]));
  }
}

std::vector<Line> screen(const WatchView& v, std::size_t width, std::size_t rows) {
  std::vector<Line> out = screen_head(v, width);
  std::vector<Line> foot = screen_foot(v, width);
  // Room: rows - 1 lines, so that the newline after the last never scrolls.
  const std::size_t room = rows > 1 ? rows - 1 : 1;
  const std::size_t fixed = screen_row_count(out, width) + screen_row_count(foot, width);
  if (!v.reports.empty() && fixed < room) add_reports(out, v, room - fixed, width);
  if (!foot.empty() && screen_row_count(out, width) + screen_row_count(foot, width) < room)
    out.push_back({});
  for (Line& l : foot) out.push_back(std::move(l));
  return out;
}

}  // namespace

std::vector<std::string> watch_screen_lines(const WatchView& view, const Style& style,
                                            std::size_t width, std::size_t rows) {
  std::vector<std::string> out;
  for (const Line& l : screen(view, width, rows)) {
    for (std::string& row : screen_rows_of(l, width, style)) out.push_back(std::move(row));
  }
  // Room: rows - 1 lines, so that the newline after the last never scrolls.
  const std::size_t room = rows > 1 ? rows - 1 : 1;
  if (out.size() > room) out.resize(room);
  return out;
}

}  // namespace aoe::cli
