// SPDX-License-Identifier: Apache-2.0
// `profile --result RESULT... PROFILE` and `profile BEFORE AFTER`: the
// options they add to `profile`, and their runs on the profiles read.
#include <ostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "aoe_result/profile_compare.hpp"

#include "commands/profile/profile_compare_command.hpp"
#include "commands/profile/profile_compare_render.hpp"
#include "commands/profile/profile_compare_view.hpp"
#include "core/number_option.hpp"
#include "io/inputs.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {

void add_profile_compare_options(CLI::App& cmd, ProfileCompareOptions& options) {
  cmd.add_option(
         "--result", options.results,
         "AOE's result files (or folders of them) of the tuning: with one PROFILE, the "
         "cross-check of each tuned operator against the profile; with BEFORE AFTER, "
         "each tuned operator's profiled change beside AOE's claim (repeat --result for several)")
      ->type_name("RESULT")
      ->allow_extra_args(false);
  const NumberSpec pct = kPercentAtLeastZero;
  cmd.add_option_function<double>(
         "--fail-above", [&options](const double& v) { options.fail_above_pct = v; },
         "BEFORE AFTER: exit 1 when the total device time rose by more than PCT percent")
      ->option_text("PCT")
      ->transform(number_option(pct));
  cmd.add_option_function<double>(
         "--min-gain", [&options](const double& v) { options.min_gain_pct = v; },
         "BEFORE AFTER: exit 1 when the total device time did not drop by at least PCT percent")
      ->option_text("PCT")
      ->transform(number_option(pct));
  cmd.add_option_function<double>(
         "--p95-worse", [&options](const double& v) { options.p95_worse_pct = v; },
         "BEFORE AFTER: exit 1 when the P95 of per-step device time got worse by more than PCT "
         "percent, or when a profile has no steps (no Step Id: nothing to judge)")
      ->option_text("PCT")
      ->transform(number_option(pct));
}

std::string profile_compare_help() {
  return fmt::format(
      "With --result RESULT... and one PROFILE (the cross-check): for each operator AOE tuned, "
      "AOE's before- and after-tune time, the profile's mean (names matched exactly; names that "
      "do not match are listed, never guessed), and a verdict: as tuned (mean at most AOE's "
      "after-tune time + {}%), slower than AOE said, not in the profile; then the hottest "
      "operators never tuned. One profile measures no gain. Exit 1 when no tuned operator "
      "could be judged.\n\n"
      "With BEFORE AFTER: per operator the change of mean and total, the total device time "
      "change, P95 and P99 of per-step time when both profiles have steps (Step Id, torch_npu's "
      "kernel_details.csv); with --result each tuned operator's profiled change beside AOE's "
      "claim (unchanged: mean within ±{}%), and a warning when every tuned operator is "
      "unchanged (a stale operator compile cache: OP_COMPILER_CACHE_MODE=force, or delete "
      "kernel_cache). Gates --fail-above, --min-gain, --p95-worse: a gate with nothing to judge "
      "fails.\n\n"
      "Exit status (--result, BEFORE AFTER): 0 done (gates held), 1 a gate broken or not judged, "
      "or a cross-check of nothing, 2 usage error, 3 an input could not be read. Formats of "
      "these modes: text, json, csv, markdown.\n\n"
      "Examples:\n"
      "  aoe-result profile --result run.json PROF_000001_*\n"
      "  aoe-result profile --min-gain 5 --p95-worse 2 before/ASCEND_PROFILER_OUTPUT "
      "after/ASCEND_PROFILER_OUTPUT\n"
      "  aoe-result --format json profile --result run.json before/ after/ | jq .tuned",
      fmt_plain(kAsTunedTolerancePct), fmt_plain(kUnchangedTolerancePct));
}

namespace {

// The result files of --result, read and reported; nullopt when none given.
std::optional<Inputs> load_results(const ProfileCompareOptions& options, Context& ctx) {
  if (options.results.empty()) return std::nullopt;
  InputOptions in;
  in.paths = options.results;
  Inputs inputs = load_inputs(in, ctx);
  report_inputs(inputs, ctx);
  return inputs;
}

bool any_readable_result(const Inputs& inputs) {
  for (const ResultFile& f : inputs.files) {
    if (f.readable) return true;
  }
  return false;
}

}  // namespace

Exit run_profile_check(const ProfileCompareOptions& options, const ReadProfile& profile,
                       Context& ctx) {
  if (options.gated()) {
    throw UsageError(
        "--fail-above, --min-gain and --p95-worse judge two profiles (BEFORE AFTER); one was "
        "given");
  }
  const auto render = profile_check_outputs().pick(ctx.global.format);
  const std::optional<Inputs> results = load_results(options, ctx);
  Exit status = profile.status;
  ProfileCheckView view;
  view.profile_label = profile.label;
  view.profile_rows = profile.profile.rows;
  view.problems = profile.problems;
  if (results) {
    status = worst(status, results->status);
    view.problems.insert(view.problems.end(), results->problems.begin(), results->problems.end());
  }
  if (!results || !any_readable_result(*results) || profile.profile.rows == 0) {
    ctx.error(
        !results || !any_readable_result(*results)
            ? "nothing to cross-check: no readable result file"
            : escape_text("nothing to cross-check: no row of " + profile.label + " was read"));
    if (ctx.global.format == Format::json) render.write(ctx.out, view, render_options(ctx));
    return worst(status, Exit::input);
  }
  view.check = cross_check(results->files, profile.profile);
  render.write(ctx.out, view, render_options(ctx));
  const CrossCheck& c = view.check;
  if (c.as_tuned + c.slower == 0) {
    ctx.error(fmt::format(
        "nothing was cross-checked: {} in the result files, {} matched by name in the profile, "
        "none with both AOE's after-tune time and a profiled mean",
        plural(c.entries.size(), "tuned operator"), c.matched));
    return worst(status, Exit::findings);
  }
  return status;
}

Exit run_profile_compare(const ProfileCompareOptions& options, const ReadProfile& before,
                         const ReadProfile& after, std::size_t top, Context& ctx) {
  const auto render = profile_compare_outputs().pick(ctx.global.format);
  const std::optional<Inputs> results = load_results(options, ctx);
  Exit status = worst(before.status, after.status);
  ProfileCompareView view;
  view.before_label = before.label;
  view.after_label = after.label;
  view.top = top;
  view.problems = before.problems;
  view.problems.insert(view.problems.end(), after.problems.begin(), after.problems.end());
  if (results) {
    status = worst(status, results->status);
    view.problems.insert(view.problems.end(), results->problems.begin(), results->problems.end());
  }
  const bool before_empty = before.profile.rows == 0;
  const bool after_empty = after.profile.rows == 0;
  if (before_empty || after_empty || (results && !any_readable_result(*results))) {
    const std::string where = before_empty && after_empty ? "either BEFORE or AFTER"
                              : before_empty              ? "BEFORE (" + before.label + ")"
                              : after_empty               ? "AFTER (" + after.label + ")"
                                                          : "--result";
    ctx.error(escape_text("nothing to compare: no row read in " + where));
    if (ctx.global.format == Format::json) render.write(ctx.out, view, render_options(ctx));
    return worst(status, Exit::input);
  }
  view.comparison =
      compare_profiles(before.profile, after.profile, results ? &results->files : nullptr);
  view.gates = judge_profile_gates(
      view.comparison, {options.fail_above_pct, options.min_gain_pct, options.p95_worse_pct});
  render.write(ctx.out, view, render_options(ctx));
  if (view.comparison.stale_cache_suspected) ctx.warn(stale_cache_warning(view.comparison));
  for (const std::string& line : profile_gate_errors(view)) {
    ctx.gate_error(line);
    status = worst(status, Exit::findings);
  }
  return status;
}

}  // namespace aoe::cli
