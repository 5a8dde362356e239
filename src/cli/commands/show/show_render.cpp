// SPDX-License-Identifier: Apache-2.0
#include "commands/show/show_render.hpp"

#include <algorithm>
#include <cstdint>
#include <sstream>

#include <fmt/format.h>

#include "commands/ops/ops_render.hpp"
#include "commands/overview/overview_render.hpp"
#include "commands/summary/summary_render.hpp"
#include "text/fit_table.hpp"
#include "text/markdown.hpp"
#include "text/numbers.hpp"
#include "text/shell.hpp"
#include "text/wrap.hpp"

namespace aoe::cli {

namespace {

// The check line's words: `check`'s verdict, then its findings counted as
// it counts them: "passed (no findings)"; "passed (2 info findings): run
// ... for details"; "passed with warnings (0 errors, 1 warning): run ...";
// "FAILED (2 errors, 0 warnings, 1 info): run ...".
std::string check_line(Verdict verdict, std::size_t errors, std::size_t warnings, std::size_t infos,
                       std::string_view check_command) {
  if (errors + warnings + infos == 0) return fmt::format("{} (no findings)", to_string(verdict));
  if (errors + warnings == 0) {
    return fmt::format("{} ({}): run {} for details", to_string(verdict),
                       plural(infos, "info finding"), check_command);
  }
  return fmt::format("{} ({}, {}{}): run {} for details", to_string(verdict),
                     plural(errors, "error"), plural(warnings, "warning"),
                     infos > 0 ? fmt::format(", {} info", infos) : std::string(), check_command);
}

// The `check` that lists the findings counted, of the inputs checked at
// `paths`: "aoe-result check PATH" with up to three paths (as given, quoted
// for the shell), else the bare command and "on the same files" after it.
// In quotes ('…'; `…` when a path is quoted itself, and in Markdown, where
// a path a code span cannot hold, a backtick or a control byte, is left
// out). Standard input, read as "<stdin>", is `-`, with "on the same input"
// (or "with the same standard input" beside files) after it: no file of
// that name exists, and `check` has to be given the same bytes again.
std::string check_command(const std::vector<const std::string*>& paths, bool markdown) {
  constexpr std::size_t kMostPaths = 3;
  constexpr std::string_view kStdin = "<stdin>";
  std::string command = "aoe-result check";
  const bool stdin_read =
      std::any_of(paths.begin(), paths.end(), [&](const std::string* p) { return *p == kStdin; });
  const bool all = paths.size() <= kMostPaths &&
                   std::none_of(paths.begin(), paths.end(), [markdown](const std::string* p) {
                     return markdown && std::any_of(p->begin(), p->end(), [](char c) {
                              const auto b = static_cast<unsigned char>(c);
                              return c == '`' || b < 0x20 || b == 0x7F;
                            });
                   });
  bool quoted = false;
  if (all) {
    for (const std::string* p : paths) {
      if (*p == kStdin) {
        command += " -";
        continue;
      }
      const std::string word = shell_word(*p);
      quoted = quoted || word != *p;
      command += " " + word;
    }
  }
  if (markdown || quoted) {
    command = "`" + (markdown ? command : escape_text(command)) + "`";
  } else {
    command = "'" + escape_text(command) + "'";
  }
  if (!all) {
    command += paths.size() == 1 ? (stdin_read ? " on the same input" : " on the file")
                                 : " on the same files";
  } else if (stdin_read) {
    command += paths.size() == 1 ? " on the same input" : " with the same standard input";
  }
  return command;
}

std::vector<const std::string*> checked_paths(const Overview& view) {
  std::vector<const std::string*> paths;
  for (const FileOverview& f : view.files) {
    if (f.file != nullptr) paths.push_back(&f.file->path);
  }
  for (const EmptyInput& input : view.empty_inputs) paths.push_back(&input.path);
  return paths;
}

std::string status_text(const Report& r, const Style& style) {
  std::string coloured = status_word(r.status, style);
  if (r.status_raw)
    coloured += style.dim(" (\"" + escape_text(*r.status_raw) + "\")");
  else if (!r.has_opat)
    coloured += style.dim(" (no OPAT section: no operator could be tuned)");
  return coloured;
}

std::string ms(std::optional<double> v) { return v ? fmt_plain(*v) : std::string(kNoValue); }

std::string joined(const std::vector<std::string>& names, std::string (*escape)(std::string_view)) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + escape(n);
  return out;
}

std::string escape_for_terminal(std::string_view s) { return escape_text(s); }

std::string top_heading(std::size_t shown, std::size_t operators, bool markdown) {
  if (shown == operators) return plural(operators, "operator") + " by time saved:";
  return markdown
             ? fmt::format("Top {} of {} operators by time saved:", shown, operators)
             : fmt::format("top {} of {} operators by time saved (--all for every one):", shown,
                           operators);
}

void report_text(const ReportOverview& view, const RenderOptions& options, std::ostream& out) {
  const Style& st = options.style;
  const Report& r = *view.report;
  const std::size_t width = options.wide ? SIZE_MAX : options.width;
  const std::string id = escape_text(r.id);
  // A task name of any length keeps the line (`--wide`: whole).
  const std::string name =
      r.tuning_name ? fitted_task_name(escape_text(*r.tuning_name), id, width) : "(no tuning name)";
  out << prose(options, st.bold(name) + "  " + st.dim(id), 0, 2);
  // A value longer than the line is broken after its commas, under itself.
  const auto field = [&](std::string_view label, const std::string& value) {
    out << "  " << pad(label, 13, Align::left) << wrap_phrases(value, width, 15, 15) << "\n";
  };
  field("status", status_text(r, st));
  field("tuning time",
        r.tuning_time_s
            ? fmt_seconds(r.tuning_time_s)
            : st.dim("– (" + std::string(missing_tuning_time(r.tuning_time_written, r.status)) +
                     ")"));
  if (r.model) {
    field("model", fmt::format("{} → {} ms ({})", ms(r.model->baseline_ms), ms(r.model->result_ms),
                               fmt_pct(view.model_improvement_pct)));
  }
  if (r.repo_summary) field("repository", repo_text(*r.repo_summary));
  field("operators", fmt::format("{} tuned: {}", r.operators.size(), totals_text(view.totals)));
  if (!view.left_out.empty()) {
    field("left out", st.yellow(left_out_text(view.left_out, EscapeFor::terminal)) +
                          st.dim(" (not in any sum)"));
  }
  if (view.failed.empty()) {
    field("failed", st.dim("none"));
  } else {
    field("failed", st.red(fmt::format("{}: ", view.failed.size())) +
                        joined(view.failed, &escape_for_terminal));
  }
  if (!r.complete) field("note", st.yellow("the file was cut off inside this report"));
  if (!r.unknown_sections.empty()) {
    std::string names;
    for (const RawField& s : r.unknown_sections)
      names += (names.empty() ? "" : ", ") + escape_text(s.name);
    field("not read", "sections " + names + " (kept, not interpreted)");
  }

  if (r.operators.empty()) return;
  out << "\n" << prose(options, top_heading(view.top.size(), r.operators.size(), false), 2, 4);
  out << render_ops_table(view.top, {}, options, 2);
}

}  // namespace

std::string show_text(const Overview& view, const RenderOptions& options) {
  const Style& st = options.style;
  std::ostringstream out;
  bool first = true;
  for (const FileOverview& fv : view.files) {
    const ResultFile& file = *fv.file;
    if (!file.readable) continue;
    if (!first) out << "\n";
    first = false;
    // The path, then the file's facts: on the next line when they do not
    // fit, but never broken inside ("(list, 1" and "report)").
    const std::string head = st.bold("== " + escape_text(file.path));
    const std::string facts = st.dim(fmt::format(
        "({}, {} report{}{})", to_string(file.layout), file.reports.size(),
        file.reports.size() == 1 ? "" : "s", file.complete ? "" : ", cut off: incomplete"));
    if (options.wide || !options.wrap_prose) {
      out << head << "  " << facts << "\n\n";
    } else {
      out << wrap_fields({head, facts}, options.width, 0, 3) << "\n";
    }
    bool first_report = true;
    for (const ReportOverview& rv : fv.reports) {
      if (!first_report) out << "\n";
      first_report = false;
      report_text(rv, options, out);
    }
  }
  const Totals& all = view.totals;
  if (all.reports > 1) {
    out << "\n"
        << st.bold("total") << "  "
        << wrap_phrases(fmt::format("{}, {}, {} failed; {}", plural(all.reports, "report"),
                                    plural(all.operators, "operator"), all.failed_operators,
                                    totals_text(all)),
                        options.wide ? SIZE_MAX : options.width, 7, 7)
        << "\n";
  }
  if (all.reports > 0) {
    std::string verdict = check_line(view.verdict, view.errors, view.warnings, view.infos,
                                     check_command(checked_paths(view), false));
    if (view.verdict == Verdict::failed)
      verdict = st.red(verdict);
    else if (view.verdict == Verdict::passed_with_warnings)
      verdict = st.yellow(verdict);
    else
      verdict = st.green(verdict);
    out << "\n" << prose(options, st.dim("check:") + " " + verdict, 0, 2);
  }
  return out.str();
}

std::string show_markdown(const Overview& view, const RenderOptions& options) {
  std::string out;
  std::size_t reports_left_out = 0;
  for (const FileOverview& fv : view.files) {
    const ResultFile& file = *fv.file;
    if (!file.readable) continue;
    std::string section = fmt::format("## {}\n\n_{}, {}{}_\n", md_escape(file.path),
                                      to_string(file.layout), plural(file.reports.size(), "report"),
                                      file.complete ? "" : ", cut off: incomplete");
    // Room kept at the end of the document for the file's check line and
    // the line that counts the reports left out.
    const std::string check =
        fmt::format("\n**check:** {}\n\n", check_line(fv.verdict, fv.errors, fv.warnings, fv.infos,
                                                      check_command({&fv.file->path}, true)));
    constexpr std::size_t kLeftOutLineBytes = 160;
    const std::size_t kept = check.size() + kLeftOutLineBytes;
    for (const ReportOverview& rv : fv.reports) {
      const Report& r = *rv.report;
      const Totals& t = rv.totals;
      std::string s = fmt::format("\n### {} ({})\n\n",
                                  r.tuning_name ? md_escape(*r.tuning_name) : "(no tuning name)",
                                  md_escape(r.id));
      s += "- **status:** " + status_cell(r.status);
      if (r.status_raw) s += " (\"" + md_escape(*r.status_raw) + "\")";
      s += "\n- **tuning time:** " +
           (r.tuning_time_s
                ? fmt_seconds(r.tuning_time_s)
                : "– (" + std::string(missing_tuning_time(r.tuning_time_written, r.status)) + ")") +
           "\n";
      if (r.model) {
        s += fmt::format("- **model:** {} → {} ms ({})\n", ms(r.model->baseline_ms),
                         ms(r.model->result_ms), fmt_pct(rv.model_improvement_pct));
      }
      if (r.repo_summary) s += "- **repository:** " + repo_text(*r.repo_summary) + "\n";
      s += fmt::format("- **operators:** {} tuned", r.operators.size());
      if (t.timed_operators > 0) {
        // The same figures as the text: times, saving and the geomean speed-up.
        s += fmt::format(": {} → {} µs, saved {} µs (improvement {}), geomean speed-up {}",
                         fmt_us(t.time_before_us), fmt_us(t.time_after_us), fmt_us(t.saved_us()),
                         fmt_pct(t.improvement_pct()), fmt_ratio(t.geomean_speedup()));
      }
      s += "\n";
      if (!rv.left_out.empty()) {
        s += "- **left out:** " + left_out_text(rv.left_out, EscapeFor::markdown) +
             " (not in any sum)\n";
      }
      s += "- **failed:** " +
           (rv.failed.empty() ? std::string("none") : joined(rv.failed, &md_escape)) + "\n";
      if (!r.operators.empty()) {
        s += "\n" + top_heading(rv.top.size(), r.operators.size(), true) + "\n\n";
        const std::size_t used = out.size() + section.size() + s.size();
        s += ops_markdown_table(rv.top, {})
                 .render(remaining(options.markdown_limit_bytes, used + kept),
                         "`aoe-result ops --format csv` for every operator");
        s += ops_markdown_artefact_note(rv.top);
      }
      if (out.size() + section.size() + s.size() + kept > options.markdown_limit_bytes) {
        ++reports_left_out;
        continue;
      }
      section += s;
    }
    section += check;
    out += section;
  }
  if (reports_left_out > 0) {
    out += fmt::format(
        "_{} left out to keep this under GitHub's 1 MiB step-summary limit; use --format json "
        "for every report._\n",
        plural(reports_left_out, "report"));
  }
  return out;
}

const OutputTable<Overview>& show_outputs() {
  static const OutputTable<Overview> table(
      "show", {{Format::text, &show_text, "fitted to the terminal"},
               {Format::json, &write_summary_json, "the summary document, schema version 1"},
               {Format::markdown, &show_markdown, "for $GITHUB_STEP_SUMMARY"}});
  return table;
}

}  // namespace aoe::cli
