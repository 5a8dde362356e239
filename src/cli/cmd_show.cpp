// SPDX-License-Identifier: Apache-2.0
// `show`: the overview a person wants first.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ostream>
#include <sstream>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"
#include "commands.hpp"
#include "json_out.hpp"
#include "markdown.hpp"
#include "numbers.hpp"
#include "ops_view.hpp"
#include "render.hpp"

namespace aoe::cli {

CLI::App* setup_show(CLI::App& app, ShowOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "show", "Overview per report: status, times, repository summary, top operators, failures");
  add_input_options(*cmd, options.inputs);
  cmd->add_option("--top", options.top, "Operators listed per report, by time saved")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000000000}));
  cmd->add_flag("--all", options.all, "List every operator");
  cmd->footer(
      "Examples:\n"
      "  aoe-result show aoe_result_opat_20250428_203017761_pid18230.json\n"
      "  aoe-result show --all --wide results/\n"
      "  aoe-result show --format markdown run.json >> \"$GITHUB_STEP_SUMMARY\"\n"
      "  aoe-result show            # the newest result in $ASCEND_WORK_PATH or here");
  return cmd;
}

namespace {

std::string status_text(const Report& r, const Style& style) {
  const std::string name(to_string(r.status));
  std::string coloured;
  switch (r.status) {
    case Status::successful: coloured = style.green(name); break;
    case Status::failed: coloured = style.red(name); break;
    case Status::incomplete: coloured = style.yellow(name); break;
    case Status::unknown: coloured = style.dim(name); break;
  }
  if (r.status_raw) coloured += style.dim(" (\"" + escape_text(*r.status_raw) + "\")");
  else if (!r.has_opat) coloured += style.dim(" (no OPAT section: no operator could be tuned)");
  return coloured;
}

std::string repo_text(const RepoSummary& s) {
  const auto n = [](const std::optional<std::int64_t>& v) {
    return v ? std::to_string(*v) : std::string(kNoValue);
  };
  return fmt::format("{} added, {} hit ({} updated, {} reserved), {} unsatisfied, {} total",
                     n(s.add_num), n(s.hit_num), n(s.update_num), n(s.reserved_num),
                     n(s.unsatisfied_num), n(s.total_num));
}

std::string totals_text(const Totals& t) {
  if (t.timed_operators == 0) return "no timed operator";
  return fmt::format("{} → {} µs, saved {} µs ({}), geomean speed-up {}", fmt_us(t.time_before_us),
                     fmt_us(t.time_after_us), fmt_us(t.saved_us()), fmt_pct(t.improvement_pct()),
                     fmt_ratio(t.geomean_speedup()));
}

// What `show` renders: the files read, and how many operators per report.
struct ShowView {
  const std::vector<ResultFile>* files = nullptr;
  std::size_t top = 10;
  bool all = false;
};

void show_report(const ResultFile& file, const Report& r, const ShowView& options,
                 const Context& ctx, std::ostream& out) {
  const Style& st = ctx.style;
  const std::string name = r.tuning_name ? escape_text(*r.tuning_name) : "(no tuning name)";
  out << st.bold(name) << "  " << st.dim(escape_text(r.id)) << "\n";
  const auto field = [&](std::string_view label, const std::string& value) {
    out << "  " << pad(label, 13, Align::left) << value << "\n";
  };
  field("status", status_text(r, st));
  field("tuning time", r.tuning_time_s ? fmt_seconds(r.tuning_time_s)
                                       : st.dim("– (not written: the run was interrupted?)"));
  if (r.model) {
    const auto ms = [](std::optional<double> v) {
      return v ? fmt_plain(*v) : std::string(kNoValue);
    };
    field("model", fmt::format("{} → {} ms ({})", ms(r.model->baseline_ms), ms(r.model->result_ms),
                               fmt_pct(model_improvement_pct(*r.model))));
  }
  if (r.repo_summary) field("repository", repo_text(*r.repo_summary));
  const Totals t = totals(r);
  field("operators", fmt::format("{} tuned: {}", r.operators.size(), totals_text(t)));
  const auto failed = unique_failed_operators(r);
  if (failed.empty()) {
    field("failed", st.dim("none"));
  } else {
    std::string names;
    for (const std::string& f : failed) names += (names.empty() ? "" : ", ") + escape_text(f);
    field("failed", st.red(fmt::format("{}: ", failed.size())) + names);
  }
  if (!r.complete) field("note", st.yellow("the file was cut off inside this report"));
  if (!r.unknown_sections.empty()) {
    std::string names;
    for (const RawField& s : r.unknown_sections) names += (names.empty() ? "" : ", ") + escape_text(s.name);
    field("not read", "sections " + names + " (kept, not interpreted)");
  }

  if (r.operators.empty()) return;
  std::vector<OperatorRow> rows;
  for (const Operator& op : r.operators) rows.push_back({&file, &r, &op, nullptr, figures(op)});
  sort_rows(rows, SortKey::saved);
  const std::size_t shown = options.all ? rows.size() : std::min(options.top, rows.size());
  out << "\n  "
      << (shown == rows.size() ? fmt::format("{} operator(s) by time saved:", rows.size())
                               : fmt::format("top {} of {} operators by time saved (--all for every one):",
                                             shown, rows.size()))
      << "\n";
  rows.resize(shown);
  out << render_ops_table(rows, {}, ctx, 2);
}

std::string show_text(const ShowView& view, const Context& ctx) {
  std::ostringstream out;
  Totals all;
  std::size_t warnings = 0;
  std::size_t errors = 0;
  bool first = true;
  for (const ResultFile& file : *view.files) {
    if (!file.readable) continue;
    const auto findings = check(file);
    warnings += count(findings, Severity::warning);
    errors += count(findings, Severity::error);
    if (!first) out << "\n";
    first = false;
    out << ctx.style.bold("== " + escape_text(file.path)) << "  "
        << ctx.style.dim(fmt::format("({}, {} report{}{})", to_string(file.layout),
                                     file.reports.size(), file.reports.size() == 1 ? "" : "s",
                                     file.complete ? "" : ", cut off: incomplete"))
        << "\n\n";
    bool first_report = true;
    for (const Report& r : file.reports) {
      if (!first_report) out << "\n";
      first_report = false;
      show_report(file, r, view, ctx, out);
    }
    all += totals(file);
  }
  if (all.reports > 1) {
    out << "\n"
        << ctx.style.bold("total") << "  "
        << fmt::format("{} reports, {} operator{}, {} failed; {}", all.reports, all.operators,
                       all.operators == 1 ? "" : "s", all.failed_operators, totals_text(all))
        << "\n";
  }
  if (all.reports > 0) {
    std::string verdict = errors + warnings == 0
                              ? ctx.style.green("no findings")
                              : fmt::format("{} error(s), {} warning(s): run 'aoe-result check' for details",
                                            errors, warnings);
    if (errors > 0) verdict = ctx.style.red(verdict);
    else if (warnings > 0) verdict = ctx.style.yellow(verdict);
    out << "\n" << ctx.style.dim("check: ") << verdict << "\n";
  }
  return out.str();
}

const std::vector<Renderer<ShowView>>& show_renderers() {
  static const std::vector<Renderer<ShowView>> renderers{
      {Format::text, &show_text},
      {Format::json, [](const ShowView& v, const Context&) { return summary_json(*v.files); }},
      {Format::markdown, [](const ShowView& v, const Context& c) {
         return show_markdown(*v.files, v.top, v.all, c);
       }}};
  return renderers;
}

}  // namespace

Exit run_show(const ShowOptions& options, Context& ctx) {
  const RenderFn<ShowView> render = pick_renderer("show", show_renderers(), ctx);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  ctx.out << render(ShowView{&inputs.files, options.top, options.all}, ctx);
  return inputs.status;
}

}  // namespace aoe::cli
