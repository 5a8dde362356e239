// SPDX-License-Identifier: Apache-2.0
#include "commands/summary/summary_render.hpp"

#include <cstdint>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands/overview/overview_render.hpp"
#include "text/fit_table.hpp"
#include "text/json_util.hpp"
#include "text/json_writer.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

using ojson = nlohmann::ordered_json;

std::string summary_text(const Overview& view, const RenderOptions& options) {
  const Style& st = options.style;
  // Lines are broken between fields to fit the terminal (not with --wide).
  const std::size_t width = options.wide ? SIZE_MAX : options.width;
  std::string out;
  for (const FileOverview& fv : view.files) {
    const ResultFile& f = *fv.file;
    if (!f.readable) continue;
    // One file's name goes without saying, unless it was cut off: that is
    // said whatever the count (a warning on stderr goes with -q).
    if (view.readable > 1 || !f.complete) {
      out += prose(options,
                   st.bold("== " + escape_text(f.path)) +
                       (f.complete ? "" : "  " + st.yellow("(cut off: incomplete)")),
                   0, 3);
    }
    for (const ReportOverview& rv : fv.reports) {
      const Report& r = *rv.report;
      const Totals& t = rv.totals;
      const std::string id = escape_text(r.id);
      // A task name of any length keeps the line (`--wide`: whole).
      out += prose(options,
                   st.bold(id) + "  " +
                       (r.tuning_name ? fitted_task_name(escape_text(*r.tuning_name), id, width)
                                      : st.dim("(no tuning name)")),
                   0, 2);
      std::vector<std::string> fields{status_word(r.status, st)};
      fields.push_back(r.tuning_time_s         ? fmt_plain(*r.tuning_time_s) + " s"
                       : r.tuning_time_written ? st.dim("tuning time unreadable")
                                               : st.dim("no tuning time"));
      fields.push_back(plural(t.operators, "operator"));
      const std::string failed = fmt::format("{} failed", t.failed_operators);
      fields.push_back(t.failed_operators > 0 ? st.red(failed) : failed);
      if (t.timed_operators > 0) {
        fields.push_back(
            fmt::format("{} → {} µs", fmt_us(t.time_before_us), fmt_us(t.time_after_us)));
        fields.push_back(fmt::format("saved {} µs (improvement {})", fmt_us(t.saved_us()),
                                     fmt_pct(t.improvement_pct())));
      }
      if (r.model) fields.push_back(fmt::format("model {}", fmt_pct(rv.model_improvement_pct)));
      out += wrap_fields(fields, width, 2, 4);
      if (!rv.left_out.empty()) {
        out +=
            wrap_fields({st.yellow(left_out_text(rv.left_out, EscapeFor::terminal))}, width, 2, 4);
      }
    }
  }
  const Totals& all = view.totals;
  if (all.reports > 1) {
    const std::size_t unread = view.files.size() - view.readable;
    std::vector<std::string> fields{st.bold("total")};
    if (view.readable > 1 || unread > 0) {
      fields.push_back(plural(view.readable, "file") +
                       (unread > 0 ? fmt::format(" ({} could not be read)", unread) : ""));
    }
    std::string artefacts;
    if (all.artefact_operators > 0) {
      artefacts = fmt::format(", of which {} µs the writer's +1 µs artefact",
                              fmt_us(all.artefact_saved_us));
    }
    fields.push_back(plural(all.reports, "report"));
    fields.push_back(plural(all.operators, "operator"));
    if (all.left_out_operators() > 0) {
      fields.push_back(fmt::format("{} left out", all.left_out_operators()));
    }
    fields.push_back(fmt::format("{} failed", all.failed_operators));
    fields.push_back(
        fmt::format("{} → {} µs", fmt_us(all.time_before_us), fmt_us(all.time_after_us)));
    fields.push_back(fmt::format("saved {} µs (improvement {}{})", fmt_us(all.saved_us()),
                                 fmt_pct(all.improvement_pct()), artefacts));
    out += wrap_fields(fields, width, 0, 2);
  }
  return out;
}

std::string summary_markdown(const Overview& view, const RenderOptions& options) {
  const bool file_column = view.readable > 1;
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
  for (const FileOverview& fv : view.files) {
    const ResultFile& f = *fv.file;
    if (!f.readable) continue;
    for (const ReportOverview& rv : fv.reports) {
      const Report& r = *rv.report;
      const Totals& t = rv.totals;
      const bool timed = t.timed_operators > 0;
      std::vector<std::string> cells;
      if (file_column) cells.push_back(md_escape(f.path));
      cells.push_back(md_escape(r.id));
      cells.push_back(r.tuning_name ? md_escape(*r.tuning_name) : kNoValue);
      cells.push_back(status_cell(r.status));
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
  const Totals& all = view.totals;
  std::string totals_line =
      fmt::format("\n**Total:** {}, {}, {} failed, {} → {} µs, saved {} µs (improvement {})\n",
                  plural(all.reports, "report"), plural(all.operators, "operator"),
                  all.failed_operators, fmt_us(all.time_before_us), fmt_us(all.time_after_us),
                  fmt_us(all.saved_us()), fmt_pct(all.improvement_pct()));
  // The operators the sums leave out, named under the table.
  for (const FileOverview& fv : view.files) {
    for (const ReportOverview& rv : fv.reports) {
      if (rv.left_out.empty()) continue;
      totals_line += fmt::format("\n**{}:** {} (not in any sum)\n", md_escape(rv.report->id),
                                 left_out_text(rv.left_out, EscapeFor::markdown));
    }
  }
  // summary writes no CSV: every report is in its JSON.
  out += table.render(remaining(options.markdown_limit_bytes, out.size() + totals_line.size()),
                      "--format json for every report");
  out += totals_line;
  return out;
}

namespace {

void write_repo_summary(JsonWriter& w, const std::optional<RepoSummary>& s) {
  if (!s) {
    w.value(nullptr);
    return;
  }
  const auto n = [](const std::optional<std::int64_t>& v) -> ojson {
    return v ? ojson(*v) : ojson(nullptr);
  };
  w.begin_object();
  w.member("repo_add_num", n(s->add_num));
  w.member("repo_hit_num", n(s->hit_num));
  w.member("repo_reserved_num", n(s->reserved_num));
  w.member("repo_unsatisfied_num", n(s->unsatisfied_num));
  w.member("repo_update_num", n(s->update_num));
  w.member("total_num", n(s->total_num));
  w.end_object();
}

void write_model(JsonWriter& w, const std::optional<ModelPerformance>& m,
                 std::optional<double> improvement_pct) {
  if (!m) {
    w.value(nullptr);
    return;
  }
  w.begin_object();
  w.member("baseline_ms", number(m->baseline_ms));
  w.member("result_ms", number(m->result_ms));
  w.member("improvement_pct", number(improvement_pct, Precision::pct));
  w.member("reported_improvement_pct", number(m->reported_improvement_pct));
  w.end_object();
}

// One report's object, written member by member (no tree: there is one per
// report of every file).
void write_report(JsonWriter& w, const ReportOverview& rv) {
  const Report& r = *rv.report;
  const Totals& t = rv.totals;
  w.begin_object();
  w.member_text("id", r.id);
  w.member_optional_text("tuning_name", r.tuning_name);
  w.member("tuning_time_s", number(r.tuning_time_s));
  w.member_text("status", to_string(r.status));
  w.member_optional_text("status_raw", r.status_raw);
  w.key("model");
  write_model(w, r.model, rv.model_improvement_pct);
  w.key("repo_summary");
  write_repo_summary(w, r.repo_summary);
  w.member("operators", rv.operators);
  w.key("failed_operators");
  w.string_array(rv.failed);
  w.member_number("time_before_us", t.time_before_us, Precision::us);
  w.member_number("time_after_us", t.time_after_us, Precision::us);
  w.member_number("saved_us", t.saved_us(), Precision::us);
  w.member_number("improvement_pct", t.improvement_pct(), Precision::pct);
  w.member_number("geomean_speedup", t.geomean_speedup(), Precision::ratio);
  // The operators the sums leave out (the judgement's), with why.
  w.key("left_out");
  w.begin_array();
  for (const LeftOut& l : rv.left_out) {
    w.begin_object();
    w.member_text("name", l.op);
    w.member_text("reason", to_string(l.reason));
    w.member("line", l.line);
    w.end_object();
  }
  w.end_array();
  w.key("unknown_sections");
  w.begin_array();
  for (const RawField& f : r.unknown_sections) w.text(f.name);
  w.end_array();
  w.member("complete", r.complete);
  w.member("line", r.line);
  w.end_object();
}

}  // namespace

void write_summary_json(const Overview& view, const RenderOptions& /*options*/, std::ostream& out) {
  // Written a report at a time: the output of 30,000 files is never a tree.
  JsonWriter w(out);
  w.begin_object();
  write_json_preamble(w);
  w.key("problems");
  w.tree(problems_json(view.problems));
  w.key("files");
  w.begin_array();
  for (const FileOverview& fv : view.files) {
    const ResultFile& f = *fv.file;
    w.begin_object();
    w.member_text("path", f.path);
    // Not read, not observed: null, never a default.
    w.member("layout", f.readable ? ojson(to_string(f.layout)) : ojson(nullptr));
    w.member("complete", f.readable ? ojson(f.complete) : ojson(nullptr));
    w.member("readable", f.readable);
    w.key("reports");
    w.begin_array();
    for (const ReportOverview& rv : fv.reports) write_report(w, rv);
    w.end_array();
    w.key("diagnostics");
    w.begin_array();
    for (const Diagnostic& d : f.diagnostics) w.tree(diagnostic_json(d, FileKey::omit));
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("totals");
  w.tree(totals_json(view.totals));
  w.end_object();
  w.end_document();
}

const OutputTable<Overview>& summary_outputs() {
  static const OutputTable<Overview> table(
      "summary", {{Format::text, &summary_text, "one block per report"},
                  {Format::json, &write_summary_json, "schema version 1"},
                  {Format::markdown, &summary_markdown, "for $GITHUB_STEP_SUMMARY"}});
  return table;
}

}  // namespace aoe::cli
