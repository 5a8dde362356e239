// SPDX-License-Identifier: Apache-2.0
// `summary`: one compact block per report plus totals.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ostream>

#include "aoe_result/analysis.hpp"
#include "commands.hpp"
#include "json_out.hpp"
#include "markdown.hpp"
#include "numbers.hpp"
#include "render.hpp"
#include "term.hpp"

namespace aoe::cli {

CLI::App* setup_summary(CLI::App& app, SummaryOptions& options) {
  CLI::App* cmd = app.add_subcommand("summary", "One compact block per report, plus totals");
  add_input_options(*cmd, options.inputs);
  cmd->footer(
      "Examples:\n"
      "  aoe-result summary results/\n"
      "  aoe-result summary --format json run.json | jq '.totals.improvement_pct'");
  return cmd;
}

namespace {

// What `summary` renders: the files read.
using SummaryView = std::vector<ResultFile>;

std::string status_word(Status status, const Style& st) {
  const std::string name(to_string(status));
  switch (status) {
    case Status::successful: return st.green(name);
    case Status::failed: return st.red(name);
    case Status::incomplete: return st.yellow(name);
    case Status::unknown: break;
  }
  return st.dim(name);
}

std::string summary_text(const SummaryView& files, const Context& ctx) {
  std::size_t readable = 0;
  for (const ResultFile& f : files) readable += f.readable ? 1 : 0;
  const Style& st = ctx.style;
  std::string out;
  Totals all;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    if (readable > 1) {
      out += st.bold("== " + escape_text(f.path)) +
             (f.complete ? "" : st.yellow("  (cut off: incomplete)")) + "\n";
    }
    for (const Report& r : f.reports) {
      const Totals t = totals(r);
      all += t;
      out += st.bold(escape_text(r.id)) + "  " +
             (r.tuning_name ? escape_text(*r.tuning_name) : st.dim("(no tuning name)")) + "\n";
      out += "  " + status_word(r.status, st);
      out += "  " + (r.tuning_time_s ? fmt_plain(*r.tuning_time_s) + " s" : st.dim("– s"));
      out += fmt::format("  {} ops", t.operators);
      const std::string failed = fmt::format("{} failed", t.failed_operators);
      out += "  " + (t.failed_operators > 0 ? st.red(failed) : failed);
      if (t.timed_operators > 0) {
        out += fmt::format("  {} → {} µs  saved {} µs ({})", fmt_us(t.time_before_us),
                           fmt_us(t.time_after_us), fmt_us(t.saved_us()),
                           fmt_pct(t.improvement_pct()));
      }
      if (r.model) out += fmt::format("  model {}", fmt_pct(model_improvement_pct(*r.model)));
      out += "\n";
    }
  }
  if (all.reports > 1) {
    const std::string count = readable > 1 ? fmt::format("  {} files", readable) : "";
    out += st.bold("total") +
           fmt::format("{}  {} reports  {} ops  {} failed  {} → {} µs  saved {} µs ({})\n", count,
                       all.reports, all.operators, all.failed_operators,
                       fmt_us(all.time_before_us), fmt_us(all.time_after_us),
                       fmt_us(all.saved_us()), fmt_pct(all.improvement_pct()));
  }
  return out;
}

const std::vector<Renderer<SummaryView>>& summary_renderers() {
  static const std::vector<Renderer<SummaryView>> renderers{
      {Format::text, &summary_text},
      {Format::json, [](const SummaryView& files, const Context&) { return summary_json(files); }},
      {Format::markdown, &summary_markdown}};
  return renderers;
}

}  // namespace

Exit run_summary(const SummaryOptions& options, Context& ctx) {
  const RenderFn<SummaryView> render = pick_renderer("summary", summary_renderers(), ctx);
  const Inputs inputs = load_inputs(options.inputs, ctx);
  ctx.out << render(inputs.files, ctx);
  return inputs.status;
}

}  // namespace aoe::cli
