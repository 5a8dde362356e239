// SPDX-License-Identifier: Apache-2.0
#include "commands/log/log_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/json_util.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

// At namespace scope, as in the other renderers (a unity build joins them).
using ojson = nlohmann::ordered_json;

namespace {

// Lines of operator names shown without --wide.
constexpr std::size_t kNameLines = 5;

std::string outcome_word(const LogFile& f, const Style& style) {
  const std::string word(to_string(f.outcome));
  switch (f.outcome) {
    case LogOutcome::finished:
      return style.green(word);
    case LogOutcome::failed:
      return style.red(word);
    case LogOutcome::interrupted:
      return style.yellow(word);
  }
  return word;
}

// The first line of a log: how its run ended, and what says so.
std::string headline(const LogFile& f, const Style& style) {
  std::string out = escape_text(f.path) + ": " + outcome_word(f, style);
  switch (f.outcome) {
    case LogOutcome::finished:
      if (f.cost_time_s) {
        out += fmt::format(" in {}, line {}", fmt_seconds(f.cost_time_s), *f.finished_line);
      } else if (f.unread_cost_time && f.unread_cost_time->empty()) {
        out += fmt::format(" at line {} (cost time printed without a value)", *f.finished_line);
      } else if (f.unread_cost_time) {
        out += fmt::format(" at line {} (cost time {} not a duration)", *f.finished_line,
                           quoted_value(*f.unread_cost_time));
      } else {
        out += fmt::format(" at line {} (no cost time printed)", *f.finished_line);
      }
      break;
    case LogOutcome::failed: {
      const LogError* e = f.first_error();
      out += fmt::format(": {} at line {}", escape_text(e->code), e->line);
      if (f.finished_line) {
        out += fmt::format(" (\"Aoe process finished\" too, at line {})", *f.finished_line);
      }
      break;
    }
    case LogOutcome::interrupted:
      // (A log with no line of AOE's at all is not read: the reader says so.)
      out += ": no \"Aoe process finished\" line and no error code";
      break;
  }
  return out + '\n';
}

std::string code_lines(const LogError& e, const Style& style) {
  std::string out =
      "  " + (e.warning ? style.yellow("warning") : style.red("error")) + " " +
      escape_text(e.code) +
      (e.meaning ? " (" + escape_text(*e.meaning) + ")" : " (not a documented code)") +
      fmt::format(" at line {}\n", e.line);
  if (!e.message.empty()) out += "    " + escape_text(e.message) + '\n';
  if (e.reason) out += "    Reason: " + escape_text(*e.reason) + '\n';
  return out;
}

// The names on lines of `width` columns after four spaces, at most
// kNameLines lines unless `wide`; then how many were left out.
std::string name_lines(const LogFile& f, const RenderOptions& options) {
  const std::size_t indent = 4;
  const std::size_t width = std::max<std::size_t>(options.width, indent + 20);
  std::string out;
  std::string line;
  std::size_t used = indent;
  std::size_t lines = 0;
  std::size_t shown = 0;
  for (const LogOperator& op : f.finished_operators) {
    const std::string name = escape_text(shown_name(op.name));
    const std::size_t w = display_width(name);
    if (!line.empty() && used + 2 + w > width) {
      if (!options.wide && lines + 1 == kNameLines) break;
      out += std::string(indent, ' ') + line + '\n';
      ++lines;
      line.clear();
      used = indent;
    }
    if (!line.empty()) {
      line += "  ";
      used += 2;
    }
    line += name;
    used += w;
    ++shown;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + '\n';
  if (shown < f.finished_operators.size()) {
    out += fmt::format("    ... and {} more (--wide or --format json lists them all)\n",
                       f.finished_operators.size() - shown);
  }
  return out;
}

std::string counts_line(const LogLineCounts& c) {
  std::string out = fmt::format("  lines: {}", c.total);
  std::string parts;
  const auto part = [&](std::size_t n, std::string_view what) {
    if (n == 0) return;
    parts += (parts.empty() ? "" : ", ") + fmt::format("{} {}", n, what);
  };
  part(c.aoe, "read as events");
  part(c.aoe_other, "other [Aoe]");
  part(c.plog_info, "[INFO]/[DEBUG]/[EVENT]");
  part(c.plog_warning, "[WARNING]");
  part(c.plog_error, "[ERROR] without a code");
  part(c.blank, "blank");
  part(c.unknown, "not known, ignored");
  if (!parts.empty()) out += " (" + parts + ")";
  if (c.cut > 0) out += fmt::format("; {} too long, read by their start", c.cut);
  return out + '\n';
}

std::string one_log_text(const LogEntry& entry, const RenderOptions& options) {
  const LogFile& f = *entry.file;
  if (!f.readable) {
    return escape_text(f.path) + ": " + options.style.red("not read") + " (" +
           escape_text(entry.problem.value_or("could not be read")) + ")\n";
  }
  std::string out = headline(f, options.style);
  for (const LogError& e : f.errors) out += code_lines(e, options.style);
  out += "  " + plural(f.finished_operators.size(), "operator") + " finished" +
         (f.finished_operators.empty() ? "\n" : ":\n");
  out += name_lines(f, options);
  for (const LogImprovement& i : f.improvements) {
    out += fmt::format("  {} improved by {}% (line {})\n", escape_text(shown_name(i.name)),
                       fmt_plain(i.improvement_pct), i.line);
  }
  out += counts_line(f.lines);
  return out;
}

ojson lines_json(const LogLineCounts& c) {
  return ojson{{"total", c.total},
               {"events", c.aoe},
               {"aoe_other", c.aoe_other},
               {"plog_info", c.plog_info},
               {"plog_warning", c.plog_warning},
               {"plog_error", c.plog_error},
               {"blank", c.blank},
               {"unknown", c.unknown},
               {"cut", c.cut}};
}

ojson error_json(const LogError& e) {
  return ojson{{"code", e.code},
               {"severity", e.warning ? "warning" : "error"},
               {"meaning", opt_string(e.meaning)},
               {"message", e.message},
               {"reason", opt_string(e.reason)},
               {"line", e.line}};
}

ojson operator_json(const LogOperator& op) {
  return ojson{{"name", op.name}, {"line", op.line}, {"spelling", spelling_name(op.spelling)}};
}

ojson improvement_json(const LogImprovement& i) {
  return ojson{{"name", i.name}, {"improvement_pct", number(i.improvement_pct)}, {"line", i.line}};
}

ojson optional_line(const std::optional<std::size_t>& line) {
  return line ? ojson(*line) : ojson(nullptr);
}

// What every log's JSON (and its `end` event) says of how it ended.
void add_outcome(ojson& j, const LogEntry& entry) {
  const LogFile& f = *entry.file;
  j["readable"] = f.readable;
  j["outcome"] = f.readable ? ojson(std::string(to_string(f.outcome))) : ojson(nullptr);
  j["exit_status"] = static_cast<int>(entry.status);
  j["problem"] = opt_string(entry.problem);
  j["cost_time_s"] = number(f.cost_time_s);
  j["finished_line"] = optional_line(f.finished_line);
}

}  // namespace

std::string_view spelling_name(LogSpelling spelling) noexcept {
  return spelling == LogSpelling::single_operator ? "single-operator" : "tuning";
}

std::string log_text(const LogView& view, const RenderOptions& options) {
  std::string out;
  for (const LogEntry& entry : view.logs) {
    if (!out.empty()) out += '\n';
    out += reflow(options, one_log_text(entry, options));
  }
  return out;
}

std::string log_json(const LogView& view, const RenderOptions& /*options*/) {
  ojson logs = ojson::array();
  for (const LogEntry& entry : view.logs) {
    const LogFile& f = *entry.file;
    ojson j{{"file", f.path}};
    add_outcome(j, entry);
    ojson errors = ojson::array();
    for (const LogError& e : f.errors) errors.push_back(error_json(e));
    j["errors"] = std::move(errors);
    j["finished_operator_count"] = f.finished_operators.size();
    ojson ops = ojson::array();
    for (const LogOperator& op : f.finished_operators) ops.push_back(operator_json(op));
    j["finished_operators"] = std::move(ops);
    ojson improvements = ojson::array();
    for (const LogImprovement& i : f.improvements) improvements.push_back(improvement_json(i));
    j["improvements"] = std::move(improvements);
    j["lines"] = f.readable ? lines_json(f.lines) : ojson(nullptr);
    logs.push_back(std::move(j));
  }
  return dump(ojson{{"schema_version", kSchemaVersion},
                    {"problems", problems_json(view.problems)},
                    {"logs", std::move(logs)}});
}

std::string log_jsonl(const LogView& view, const RenderOptions& /*options*/) {
  std::string out;
  for (const LogEntry& entry : view.logs) {
    const LogFile& f = *entry.file;
    for (const LogEvent& ev : entry.events) {
      ojson j{{"schema_version", kSchemaVersion}, {"event", ""}, {"file", f.path}};
      switch (ev.kind) {
        case LogEvent::Kind::operator_finished:
          j["event"] = "operator";
          j.update(operator_json(f.finished_operators[ev.index]));
          break;
        case LogEvent::Kind::code:
          j["event"] = "code";
          j.update(error_json(f.errors[ev.index]));
          break;
        case LogEvent::Kind::improvement:
          j["event"] = "improvement";
          j.update(improvement_json(f.improvements[ev.index]));
          break;
        case LogEvent::Kind::run_finished:
          j["event"] = "run_finished";
          j["line"] = ev.line;
          j["cost_time_s"] = number(f.cost_time_s);
          break;
      }
      out += dump(j, -1);
    }
    ojson end{{"schema_version", kSchemaVersion}, {"event", "end"}, {"file", f.path}};
    add_outcome(end, entry);
    end["finished_operator_count"] = f.finished_operators.size();
    end["lines"] = f.readable ? lines_json(f.lines) : ojson(nullptr);
    out += dump(end, -1);
  }
  return out;
}

const OutputTable<LogView>& log_outputs() {
  static const OutputTable<LogView> table(
      "log", {{Format::text, &log_text, "how each run ended, its codes, operators and lines"},
              {Format::json, &log_json, "schema version 1"},
              {Format::jsonl, &log_jsonl, "one event a line, each log ending in an end event"}});
  return table;
}

}  // namespace aoe::cli
