// SPDX-License-Identifier: Apache-2.0
// `trend`: a series of runs and each operator's after-tune time across them.
#include <optional>
#include <ostream>
#include <utility>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "commands/trend/trend_command.hpp"
#include "commands/trend/trend_render.hpp"
#include "core/number_option.hpp"
#include "core/operator_filter_options.hpp"
#include "io/input_options.hpp"
#include "io/run_order.hpp"
#include "text/numbers.hpp"

namespace aoe::cli {

CLI::App* setup_trend(CLI::App& app, TrendOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "trend",
      "A series of runs (each file one run, oldest first): per run the totals and repository "
      "counters, per operator its after-tune time in every run, drift, failures and gaps");
  add_input_options(*cmd, options.inputs);
  cmd->add_option("--label", options.labels,
                  "Name the runs in order (repeatable: the first --label names the first run); "
                  "default: the timestamp in the file name, else the file name")
      ->option_text("TEXT")
      ->expected(1)  // one label per --label, so a path after it stays a path
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("--per-mode", options.per_mode,
                "Follow each operator's tuning modes (Format, Schedule, Impl) apart, each by its "
                "own after-tune time");
  add_operator_filter_options(*cmd, options.top, options.types, options.name_regex,
                              "Show only the first N operators (0: every one)");
  CLI::Option* fail =
      cmd->add_option_function<double>(
             "--fail-above", [&options](const double& pct) { options.fail_above_pct = pct; },
             "Exit 1 when an operator's after-tune time in the last run is slower than in its "
             "previous run by more than PCT percent, when an operator failed in the last run "
             "after being tuned in an earlier one, or when no operator has a time in the last "
             "run and an earlier one (nothing to judge)")
          ->transform(number_option(kPercentAtLeastZero))
          ->option_text("PCT");
  cmd->add_flag("--ignore-artefacts", options.ignore_artefacts,
                "With --fail-above: a change of at most 1 µs (AOE's writer artefact) never "
                "breaks it")
      ->needs(fail);
  cmd->footer(
      "Each file is one run, in the order given; a directory gives its files oldest first by "
      "the timestamp in the name (files given newer before older by it get a warning). The files "
      "are read one at a time, in order (a large file's "
      "parts on up to -j threads), each operator going to its series as it is read. An operator "
      "missing from a run is a gap in its "
      "series, not a "
      "zero; a run that cannot be read is listed with its problem and leaves a gap. The previous "
      "run of an operator is the latest earlier run in which it has a time. Flags: failed (in "
      "how many runs), newly failed (failed after being tuned in the run before that has it), "
      "fixed (tuned after failing there), missing (absent from how many readable runs), "
      "regressed (the last run slower than the best by more than 1 µs). Order: the largest "
      "slowdown from the previous "
      "to the last run first.\n\n" +
      trend_outputs().formats().help_line() + "\nCSV header: " + kTrendCsvHeader +
      "\nExit status: 0 done, 1 --fail-above broken or with nothing to judge, 2 usage error, 3 "
      "an input could not be read.\n\n"
      "Examples:\n"
      "  aoe-result trend runs/\n"
      "  aoe-result trend --label cann8.0 --label cann8.1 old.json new.json\n"
      "  aoe-result trend --fail-above 5 --top 20 runs/\n"
      "  aoe-result trend --format csv --per-mode runs/ > trend.csv");
  return cmd;
}

namespace {

// Runs given newest first read every drift and gate backwards: said.
void warn_if_out_of_order(const Inputs& inputs, const Context& ctx) {
  std::vector<std::string> paths;
  paths.reserve(inputs.files.size());
  for (const ResultFile& f : inputs.files) paths.push_back(f.path);
  if (const std::optional<OutOfOrder> o = runs_out_of_order(paths)) {
    ctx.warn(fmt::format(
        "run #{} ({}) is older than run #{} ({}) by the timestamps in their file names: trend "
        "takes the runs in the order given, oldest first (a directory gives its files in that "
        "order)",
        o->run, o->stamp, o->earlier_run, o->earlier_stamp));
  }
}

}  // namespace

Exit run_trend(const TrendOptions& options, Context& ctx) {
  const auto render = trend_outputs().pick(ctx.global.format);
  TrendQuery query;
  query.spec.grain = options.per_mode ? TrendGrain::per_mode : TrendGrain::per_operator;
  query.spec.filter.types = options.types;
  query.spec.filter.name = name_filter(options.name_regex);
  query.top = options.top;
  query.fail_above_pct = options.fail_above_pct;
  query.ignore_artefacts = options.ignore_artefacts;

  // Each run's operators go to the series as they are read: no run's
  // model is held (a file found unreadable in the end takes back what
  // its operators added).
  TrendBuilder builder(query.spec);
  InputOptions streamed = options.inputs;
  streamed.on_operator = [&builder](const ResultFile& f, const Report& r, Operator&& op) {
    builder.add_operator(f, r, op);
  };
  // A large file is read on every core, each part's operators kept apart
  // and added in file order.
  streamed.operator_parts = &builder.operator_parts();
  streamed.on_file = [&builder](const ResultFile& f) { builder.end_file(f); };
  const Inputs inputs = load_inputs(streamed, ctx);
  report_inputs(inputs, ctx);
  warn_if_out_of_order(inputs, ctx);
  Exit status = inputs.status;
  if (options.labels.size() > inputs.files.size()) {
    throw UsageError(fmt::format("{} --label given for {} run{}", options.labels.size(),
                                 inputs.files.size(), inputs.files.size() == 1 ? "" : "s"));
  }
  std::size_t readable = 0;
  for (const ResultFile& f : inputs.files) readable += f.readable ? 1 : 0;
  if (readable == 0) {
    // No trend, no gate; a JSON document says why (its "problems").
    if (ctx.global.format == Format::json) {
      TrendView nothing = make_trend_view(inputs.files, options.labels, TrendQuery{});
      nothing.problems = inputs.problems;
      render.write(ctx.out, nothing, render_options(ctx));
    }
    ctx.error("no trend: no run could be read");
    return worst(status, Exit::input);
  }

  TrendView view = make_trend_view(
      std::move(builder).finish(inputs.files, run_labels(inputs.files, options.labels)), query);
  view.problems = inputs.problems;
  render.write(ctx.out, view, render_options(ctx));

  if (view.fail_above_pct) {
    if (!view.trend.runs.back().readable) {
      ctx.warn("--fail-above: the last run could not be read; no operator was judged");
    }
    if (fails(view.verdict())) {
      ctx.gate_error(
          gate_line(trend_gate_options(view), trend_gate_finding(view, true), view.verdict()));
      status = worst(status, Exit::findings);
    }
  }
  return status;
}

}  // namespace aoe::cli
