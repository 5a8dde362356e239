// SPDX-License-Identifier: Apache-2.0
// `summary`: one compact line per report plus totals.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <ostream>

#include "aoe_result/analysis.hpp"
#include "commands.hpp"
#include "json_out.hpp"
#include "numbers.hpp"
#include "term.hpp"

namespace aoe::cli {

namespace {

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

}  // namespace

CLI::App* setup_summary(CLI::App& app, SummaryOptions& options) {
  CLI::App* cmd = app.add_subcommand("summary", "One compact block per report, plus totals");
  add_input_options(*cmd, options.inputs);
  cmd->footer(
      "Examples:\n"
      "  aoe-result summary results/\n"
      "  aoe-result summary --format json run.json | jq '.totals.improvement_pct'");
  return cmd;
}

Exit run_summary(const SummaryOptions& options, Context& ctx) {
  ctx.require_format("summary", {Format::text, Format::json});
  Inputs inputs = load_inputs(options.inputs, ctx);
  if (ctx.global.format == Format::json) {
    ctx.out << summary_json(inputs.files);
    return inputs.status;
  }
  std::size_t readable = 0;
  for (const ResultFile& f : inputs.files) readable += f.readable ? 1 : 0;
  const Style& st = ctx.style;
  Totals all;
  for (const ResultFile& f : inputs.files) {
    if (!f.readable) continue;
    if (readable > 1) {
      ctx.out << st.bold("== " + escape_text(f.path))
              << (f.complete ? "" : st.yellow("  (cut off: incomplete)")) << "\n";
    }
    for (const Report& r : f.reports) {
      const Totals t = totals(r);
      all += t;
      ctx.out << st.bold(escape_text(r.id)) << "  "
              << (r.tuning_name ? escape_text(*r.tuning_name) : st.dim("(no tuning name)")) << "\n";
      std::string line = "  " + status_word(r.status, st);
      line += "  " + (r.tuning_time_s ? fmt_plain(*r.tuning_time_s) + " s" : st.dim("– s"));
      line += fmt::format("  {} ops", t.operators);
      line += "  " + (t.failed_operators > 0 ? st.red(fmt::format("{} failed", t.failed_operators))
                                              : fmt::format("{} failed", t.failed_operators));
      if (t.timed_operators > 0) {
        line += fmt::format("  {} → {} µs  saved {} µs ({})", fmt_us(t.time_before_us),
                            fmt_us(t.time_after_us), fmt_us(t.saved_us()),
                            fmt_pct(t.improvement_pct()));
      }
      if (r.model) {
        line += fmt::format("  model {}", fmt_pct(model_improvement_pct(*r.model)));
      }
      ctx.out << line << "\n";
    }
  }
  if (all.reports > 1) {
    const std::string files = readable > 1 ? fmt::format("  {} files", readable) : "";
    ctx.out << st.bold("total") << fmt::format(
        "{}  {} reports  {} ops  {} failed  {} → {} µs  saved {} µs ({})\n", files, all.reports,
        all.operators, all.failed_operators, fmt_us(all.time_before_us),
        fmt_us(all.time_after_us), fmt_us(all.saved_us()), fmt_pct(all.improvement_pct()));
  }
  return inputs.status;
}

}  // namespace aoe::cli
