// SPDX-License-Identifier: Apache-2.0
#include "markdown.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"

#include "numbers.hpp"
#include "ops_render.hpp"

namespace aoe::cli {

std::string md_escape(std::string_view s) {
  const std::string escaped = escape_text(s, Backslash::escape);
  std::string out;
  out.reserve(escaped.size());
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    const char c = escaped[i];
    if (c == '\\') {
      // Already an escape made by escape_text ("\\\\", "\\x1b"): keep it whole.
      out += c;
      if (i + 1 < escaped.size()) out += escaped[++i];
      continue;
    }
    switch (c) {
      case '|':
      case '*':
      case '_':
      case '`':
      case '[':
      case ']':
      case '<':
      case '>':
      case '#':
      case '~':
        out += '\\';
        break;
      default:
        break;
    }
    out += c;
  }
  return out;
}

MarkdownTable::MarkdownTable(std::vector<std::string> headers, std::vector<Align> aligns)
    : headers_(std::move(headers)), aligns_(std::move(aligns)) {
  aligns_.resize(headers_.size(), Align::left);
}

void MarkdownTable::add_row(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  std::string line = "|";
  for (const std::string& c : cells) line += " " + c + " |";
  rows_.push_back(line + "\n");
}

std::string MarkdownTable::render(std::size_t limit_bytes) const {
  std::string head = "|";
  std::string rule = "|";
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    head += " " + headers_[i] + " |";
    rule += aligns_[i] == Align::right ? " ---: |" : " --- |";
  }
  std::string out = head + "\n" + rule + "\n";
  // Room kept for the line that says rows were left out.
  constexpr std::size_t kNoteRoom = 160;
  if (out.size() + kNoteRoom > limit_bytes) return {};
  std::size_t kept = 0;
  for (const std::string& row : rows_) {
    if (out.size() + row.size() + kNoteRoom > limit_bytes) break;
    out += row;
    ++kept;
  }
  if (kept < rows_.size()) {
    out += fmt::format(
        "\n_{} of {} rows left out to keep this under GitHub's 1 MiB step-summary limit; use "
        "--format csv for every row._\n",
        rows_.size() - kept, rows_.size());
  }
  return out;
}

namespace {

std::string opt_count(const std::optional<std::int64_t>& v) {
  return v ? std::to_string(*v) : std::string(kNoValue);
}

std::string status_cell(const Report& r) {
  switch (r.status) {
    case Status::successful:
      return "✅ successful";
    case Status::failed:
      return "❌ failed";
    case Status::incomplete:
      return "⚠️ incomplete";
    case Status::unknown:
      break;
  }
  return "unknown";
}

}  // namespace

std::string summary_markdown(const std::vector<ResultFile>& files, const Context& ctx) {
  std::size_t readable = 0;
  for (const ResultFile& f : files) readable += f.readable ? 1 : 0;
  const bool file_column = readable > 1;
  std::vector<std::string> headers;
  std::vector<Align> aligns;
  if (file_column) {
    headers.emplace_back("file");
    aligns.push_back(Align::left);
  }
  for (const char* h : {"report", "task", "status"}) {
    headers.emplace_back(h);
    aligns.push_back(Align::left);
  }
  for (const char* h :
       {"time s", "ops", "failed", "before µs", "after µs", "saved µs", "improv."}) {
    headers.emplace_back(h);
    aligns.push_back(Align::right);
  }
  MarkdownTable table(std::move(headers), std::move(aligns));
  Totals all;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    for (const Report& r : f.reports) {
      const Totals t = totals(r);
      all += t;
      const bool timed = t.timed_operators > 0;
      std::vector<std::string> cells;
      if (file_column) cells.push_back(md_escape(f.path));
      cells.push_back(md_escape(r.id));
      cells.push_back(r.tuning_name ? md_escape(*r.tuning_name) : kNoValue);
      cells.push_back(status_cell(r));
      cells.push_back(r.tuning_time_s ? fmt_plain(*r.tuning_time_s) : kNoValue);
      cells.push_back(std::to_string(t.operators));
      cells.push_back(std::to_string(t.failed_operators));
      cells.push_back(timed ? fmt_us(t.time_before_us) : kNoValue);
      cells.push_back(timed ? fmt_us(t.time_after_us) : kNoValue);
      cells.push_back(timed ? fmt_us(t.saved_us()) : kNoValue);
      cells.push_back(fmt_pct(t.improvement_pct()));
      table.add_row(std::move(cells));
    }
  }
  std::string out = "## AOE tuning summary\n\n";
  if (table.rows() == 0) return out + "No report was read.\n";
  const std::string totals_line = fmt::format(
      "\n**Total:** {} report(s), {} operator(s), {} failed, {} → {} µs, saved {} µs ({})\n",
      all.reports, all.operators, all.failed_operators, fmt_us(all.time_before_us),
      fmt_us(all.time_after_us), fmt_us(all.saved_us()), fmt_pct(all.improvement_pct()));
  out += table.render(remaining(ctx.markdown_limit_bytes, out.size() + totals_line.size()));
  out += totals_line;
  return out;
}

std::string show_markdown(const std::vector<ResultFile>& files, std::size_t top, bool all,
                          const Context& ctx) {
  std::string out;
  std::size_t reports_left_out = 0;
  for (const ResultFile& file : files) {
    if (!file.readable) continue;
    std::string section =
        fmt::format("## {}\n\n_{}, {} report(s){}_\n", md_escape(file.path), to_string(file.layout),
                    file.reports.size(), file.complete ? "" : ", cut off: incomplete");
    const auto findings = check(file);
    const std::size_t errors = count(findings, Severity::error);
    const std::size_t warnings = count(findings, Severity::warning);
    for (const Report& r : file.reports) {
      std::string s = fmt::format("\n### {} ({})\n\n",
                                  r.tuning_name ? md_escape(*r.tuning_name) : "(no tuning name)",
                                  md_escape(r.id));
      s += "- **status:** " + status_cell(r);
      if (r.status_raw) s += " (\"" + md_escape(*r.status_raw) + "\")";
      s += "\n- **tuning time:** " + fmt_seconds(r.tuning_time_s) + "\n";
      if (r.model) {
        const auto ms = [](std::optional<double> v) {
          return v ? fmt_plain(*v) : std::string(kNoValue);
        };
        s += fmt::format("- **model:** {} → {} ms ({})\n", ms(r.model->baseline_ms),
                         ms(r.model->result_ms), fmt_pct(model_improvement_pct(*r.model)));
      }
      if (r.repo_summary) {
        const RepoSummary& rs = *r.repo_summary;
        s += fmt::format(
            "- **repository:** {} added, {} hit ({} updated, {} reserved), {} unsatisfied, {} "
            "total\n",
            opt_count(rs.add_num), opt_count(rs.hit_num), opt_count(rs.update_num),
            opt_count(rs.reserved_num), opt_count(rs.unsatisfied_num), opt_count(rs.total_num));
      }
      const Totals t = totals(r);
      s += fmt::format("- **operators:** {} tuned", r.operators.size());
      if (t.timed_operators > 0) {
        s += fmt::format(": {} → {} µs, saved {} µs ({})", fmt_us(t.time_before_us),
                         fmt_us(t.time_after_us), fmt_us(t.saved_us()),
                         fmt_pct(t.improvement_pct()));
      }
      s += "\n";
      const auto failed = unique_failed_operators(r);
      std::string names;
      for (const std::string& n : failed) names += (names.empty() ? "" : ", ") + md_escape(n);
      s += "- **failed:** " + (failed.empty() ? std::string("none") : names) + "\n";
      if (!r.operators.empty()) {
        std::vector<OperatorRow> rows;
        for (const Operator& op : r.operators)
          rows.push_back({&file, &r, &op, nullptr, figures(op)});
        sort_rows(rows, SortKey::saved);
        const std::size_t shown = all ? rows.size() : std::min(top, rows.size());
        s += shown == rows.size()
                 ? fmt::format("\n{} operator(s) by time saved:\n\n", rows.size())
                 : fmt::format("\nTop {} of {} operators by time saved:\n\n", shown, rows.size());
        rows.resize(shown);
        const std::size_t used = out.size() + section.size() + s.size();
        s += ops_markdown_table(rows, {}).render(remaining(ctx.markdown_limit_bytes, used + 200));
      }
      if (out.size() + section.size() + s.size() + 200 > ctx.markdown_limit_bytes) {
        ++reports_left_out;
        continue;
      }
      section += s;
    }
    section += fmt::format("\n**check:** {}\n\n",
                           errors + warnings == 0
                               ? std::string("no findings")
                               : fmt::format("{} error(s), {} warning(s): run `aoe-result check` "
                                             "for details",
                                             errors, warnings));
    out += section;
  }
  if (reports_left_out > 0) {
    out += fmt::format(
        "_{} report(s) left out to keep this under GitHub's 1 MiB step-summary limit._\n",
        reports_left_out);
  }
  return out;
}

}  // namespace aoe::cli
