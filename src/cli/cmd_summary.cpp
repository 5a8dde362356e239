// SPDX-License-Identifier: Apache-2.0
// `summary`: one compact line per report plus totals.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ostream>

#include "aoe_result/analysis.hpp"
#include "commands.hpp"
#include "json_out.hpp"
#include "markdown.hpp"
#include "numbers.hpp"
#include "render.hpp"
#include "table.hpp"

namespace aoe::cli {

CLI::App* setup_summary(CLI::App& app, SummaryOptions& options) {
  CLI::App* cmd = app.add_subcommand("summary", "One line per report, plus totals");
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

std::string summary_text(const SummaryView& files, const Context& ctx) {
  std::size_t readable = 0;
  for (const ResultFile& f : files) readable += f.readable ? 1 : 0;
  const bool file_column = readable > 1;
  std::vector<Column> columns;
  if (file_column) columns.push_back({"file", Align::left, true, 12});
  for (Column c : {Column{"report", Align::left, true, 12}, Column{"task", Align::left, true, 8},
                   Column{"status", Align::left, false, 0}, Column{"time s", Align::right, false, 0},
                   Column{"ops", Align::right, false, 0}, Column{"failed", Align::right, false, 0},
                   Column{"before µs", Align::right, false, 0},
                   Column{"after µs", Align::right, false, 0},
                   Column{"saved µs", Align::right, false, 0},
                   Column{"improv.", Align::right, false, 0}}) {
    columns.push_back(std::move(c));
  }
  Table table(columns);
  Totals all;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    for (const Report& r : f.reports) {
      const Totals t = totals(r);
      all += t;
      std::vector<Cell> cells;
      if (file_column) cells.push_back({escape_text(f.path)});
      const Tone status_tone = r.status == Status::successful ? Tone::good
                               : r.status == Status::unknown  ? Tone::dim
                               : r.status == Status::failed   ? Tone::bad
                                                              : Tone::warn;
      const bool timed = t.timed_operators > 0;
      cells.push_back({escape_text(r.id)});
      cells.push_back({r.tuning_name ? escape_text(*r.tuning_name) : kNoValue});
      cells.push_back({std::string(to_string(r.status)), status_tone});
      cells.push_back({r.tuning_time_s ? fmt_plain(*r.tuning_time_s) : kNoValue});
      cells.push_back({std::to_string(t.operators)});
      cells.push_back({std::to_string(t.failed_operators), t.failed_operators ? Tone::bad : Tone::plain});
      cells.push_back({timed ? fmt_us(t.time_before_us) : kNoValue});
      cells.push_back({timed ? fmt_us(t.time_after_us) : kNoValue});
      cells.push_back({timed ? fmt_us(t.saved_us()) : kNoValue});
      cells.push_back({fmt_pct(t.improvement_pct())});
      table.add_row(std::move(cells));
    }
  }
  if (table.empty()) return {};
  std::string out = table.render(ctx.width, ctx.global.wide, ctx.style);
  if (all.reports > 1) {
    out += fmt::format("total: {} reports, {} operators, {} failed, {} → {} µs, saved {} µs ({})\n",
                       all.reports, all.operators, all.failed_operators, fmt_us(all.time_before_us),
                       fmt_us(all.time_after_us), fmt_us(all.saved_us()),
                       fmt_pct(all.improvement_pct()));
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
