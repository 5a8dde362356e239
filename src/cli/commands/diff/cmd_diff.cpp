// SPDX-License-Identifier: Apache-2.0
// `diff OLD NEW`: operators of two runs side by side.
#include <filesystem>
#include <future>
#include <optional>
#include <ostream>
#include <system_error>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "aoe_result/diff.hpp"

#include "commands/diff/diff_command.hpp"
#include "commands/diff/diff_render.hpp"
#include "core/number_option.hpp"
#include "io/input_options.hpp"
#include "io/run_order.hpp"
#include "text/term.hpp"

namespace aoe::cli {

CLI::App* setup_diff(CLI::App& app, DiffOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "diff",
      "Operators of two runs side by side: after-tune time old and new, change, regressions "
      "first, operators only in one run");
  cmd->add_option("OLD", options.old_path,
                  "The earlier run: a result file, a directory of them (pooled), or -")
      ->required()
      ->type_name("OLD");
  cmd->add_option("NEW", options.new_path, "The later run, likewise")->required()->type_name("NEW");
  add_read_options(*cmd, options.recursive, options.jobs,
                   "Look in subdirectories of OLD and NEW too");
  cmd->add_flag("--per-mode", options.per_mode,
                "Join by operator name and tuning mode (Format, Schedule, Impl) instead of by "
                "name only");
  CLI::Option* fail =
      cmd->add_option_function<double>(
             "--fail-above", [&options](const double& pct) { options.fail_above_pct = pct; },
             "Exit 1 when an operator's after-tune time got slower by more than "
             "PCT percent (0 or more; 5% reads as 5), when an operator tuned in OLD failed in "
             "NEW, or when no operator is timed in both runs (nothing to judge)")
          ->option_text("PCT")
          ->transform(number_option(kPercentAtLeastZero));
  cmd->add_flag("--total", options.total,
                "With --fail-above: judge the total after-tune time of the operators in both "
                "runs instead of each operator")
      ->needs(fail);
  cmd->add_flag("--ignore-artefacts", options.ignore_artefacts,
                "With --fail-above: a regression of at most 1 µs (AOE's writer's artefact) "
                "does not break the gate")
      ->needs(fail);
  cmd->add_option("--top", options.top,
                  "List at most N operators of each class in text and Markdown, the most "
                  "changed first (0: all; JSON and CSV list every operator)")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1e9}))
      ->option_text("N")
      ->capture_default_str();
  cmd->add_flag("--hide-unchanged", options.hide_unchanged,
                "Leave the unchanged operators' rows out of text and Markdown (still counted; "
                "JSON and CSV list every operator)");
  cmd->footer(
      "Operators are joined by name; when a name occurs several times in one run (several "
      "files or reports), the last occurrence in input order is compared (with a directory, "
      "the newest file). Change % = (new - old) / old x 100: positive is slower. A change of at "
      "most 1 µs can be an artefact of AOE's writer. OLD and NEW are read at the same time (-j 1: "
      "one after the other); an OLD file newer than the NEW one by the timestamps in their names "
      "gets a warning. An operator tuned in OLD and listed among NEW's failed operators is "
      "failed in NEW; one failed in OLD and tuned in NEW is fixed in NEW; a name listed as "
      "failed that neither run tuned is listed last (failed, tuned in neither run: which run "
      "failed it), and breaks no gate.\n\n"
      "Exit status: 0 done, 1 --fail-above broken or with nothing to judge, 2 usage error, 3 an "
      "input could not be read.\n" +
      diff_outputs().formats().help_line() +
      "\n\n"
      "Examples:\n"
      "  aoe-result diff cann8.0/ cann8.1/\n"
      "  aoe-result diff --fail-above 10 old.json new.json\n"
      "  aoe-result diff --per-mode --format json old.json new.json | jq '.summary'\n"
      "  aoe-result diff --top 20 --hide-unchanged old/ new/   # the 20 largest changes of each "
      "class");
  return cmd;
}

namespace {

// The same file (or directory) twice compares a run with itself: said,
// since "everything unchanged" would otherwise read as a finding.
void warn_if_same(const DiffOptions& options, Context& ctx) {
  std::error_code ec;
  if (options.old_path != "-" &&
      std::filesystem::equivalent(options.old_path, options.new_path, ec) && !ec) {
    ctx.warn(escape_text(
        fmt::format("OLD and NEW are the same {} ({}): every operator compares "
                    "with itself",
                    std::filesystem::is_directory(options.old_path, ec) ? "directory" : "file",
                    options.old_path)));
  }
}

// One run read into `builder`'s side: a file's operators go to the builder
// one by one, so that no model of it is held (such a file found unreadable
// in the end leaves its side with no readable file, and nothing is
// compared); a directory's files are read in parallel and added once read.
Inputs read_side(const DiffOptions& options, const std::string& path, bool old_side,
                 DiffBuilder& builder, Context& ctx) {
  InputOptions in;
  in.paths = {path};
  in.recursive = options.recursive;
  in.jobs = options.jobs;
  std::error_code ec;
  const bool streamed = path == "-" || !std::filesystem::is_directory(path, ec);
  if (streamed) {
    in.on_operator = [&builder, old_side](const ResultFile& f, const Report& r, Operator&& op) {
      if (old_side) {
        builder.add_old(f, r, op);
      } else {
        builder.add_new(f, r, op);
      }
    };
  }
  Inputs inputs = load_inputs(in, ctx);
  if (streamed) {
    // The operators went to the builder as they were read; the failed
    // lists stay in the reports.
    for (const ResultFile& f : inputs.files) {
      if (!f.readable) continue;
      for (const Report& r : f.reports) {
        if (old_side) {
          builder.add_old_failed(r);
        } else {
          builder.add_new_failed(r);
        }
      }
    }
  } else {
    if (old_side) {
      builder.add_old(inputs.files);
    } else {
      builder.add_new(inputs.files);
    }
    for (ResultFile& f : inputs.files) {
      // Added: not needed any more (given back: `= {}` would keep the storage).
      for (Report& r : f.reports) r.operators = std::vector<Operator>();
    }
  }
  return inputs;
}

std::size_t count_readable(const Inputs& run) {
  std::size_t n = 0;
  for (const ResultFile& f : run.files) n += f.readable ? 1 : 0;
  return n;
}

std::string label(const std::string& path) { return path == "-" ? std::string("<stdin>") : path; }

}  // namespace

Exit run_diff(const DiffOptions& options, Context& ctx) {
  const auto render = diff_outputs().pick(ctx.global.format);
  if (options.old_path == "-" && options.new_path == "-") {
    throw UsageError("OLD and NEW cannot both be standard input ('-')");
  }
  warn_if_same(options, ctx);
  std::error_code ec;
  const bool files = !std::filesystem::is_directory(options.old_path, ec) &&
                     !std::filesystem::is_directory(options.new_path, ec);
  if (const std::optional<OutOfOrder> o =
          files ? runs_out_of_order({options.old_path, options.new_path}) : std::nullopt) {
    ctx.warn(fmt::format(
        "OLD ({}) is newer than NEW ({}) by the timestamps in their file names: diff takes "
        "NEW as the later run (slower in NEW is a regression); is the order right?",
        o->earlier_stamp, o->stamp));
  }
  // The two runs are read at the same time unless -j 1.
  DiffBuilder builder(options.per_mode ? DiffGrain::per_mode : DiffGrain::per_operator);
  Inputs old_run;
  Inputs new_run;
  if (options.jobs == 1) {
    old_run = read_side(options, options.old_path, true, builder, ctx);
    new_run = read_side(options, options.new_path, false, builder, ctx);
  } else {
    auto old_read = std::async(std::launch::async, [&] {
      return read_side(options, options.old_path, true, builder, ctx);
    });
    new_run = read_side(options, options.new_path, false, builder, ctx);
    old_run = old_read.get();
  }
  Exit status = Exit::ok;
  for (const Inputs* run : {&old_run, &new_run}) {
    report_inputs(*run, ctx);
    status = worst(status, run->status);
  }
  DiffView view;
  view.header = {label(options.old_path), label(options.new_path), count_readable(old_run),
                 count_readable(new_run)};
  for (const Inputs* run : {&old_run, &new_run}) {
    view.problems.insert(view.problems.end(), run->problems.begin(), run->problems.end());
  }
  if (const std::optional<std::string> nothing = nothing_to_compare(view.header)) {
    // No comparison (not even of what a file read before it turned out bad
    // gave), no gate; a JSON document says why (its "problems").
    view.diff.grain = options.per_mode ? DiffGrain::per_mode : DiffGrain::per_operator;
    if (ctx.global.format == Format::json) render.write(ctx.out, view, render_options(ctx));
    ctx.error(*nothing);
    return worst(status, Exit::input);
  }
  view.diff = std::move(builder).finish();
  view.top = options.top;
  view.hide_unchanged = options.hide_unchanged;
  if (options.fail_above_pct) {
    view.gate = judge_gate(view.diff, *options.fail_above_pct,
                           options.total ? GateScope::total : GateScope::per_operator,
                           options.ignore_artefacts ? Artefacts::ignore : Artefacts::count);
  }
  render.write(ctx.out, view, render_options(ctx));
  if (const std::optional<std::string> broken = gate_error(view)) {
    ctx.gate_error(*broken);
    status = worst(status, Exit::findings);
  }
  return status;
}

}  // namespace aoe::cli
