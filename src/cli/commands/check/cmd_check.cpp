// SPDX-License-Identifier: Apache-2.0
// `check`: invariants and policies, findings, and the verdict in the exit
// status.
#include <algorithm>
#include <memory>
#include <ostream>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "aoe_result/check.hpp"

#include "commands/check/check_command.hpp"
#include "commands/check/check_render.hpp"
#include "core/number_option.hpp"
#include "io/input_options.hpp"
#include "io/log_inputs.hpp"
#include "io/per_report_digest.hpp"

namespace aoe::cli {

CLI::App* setup_check(CLI::App& app, CheckOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "check", "Check every invariant and policy; findings, then the verdict in the exit status");
  add_input_options(*cmd, options.inputs);
  cmd->add_option_function<std::size_t>(
         "--max-failed", [&options](const std::size_t& n) { options.policy.max_failed = n; },
         "Fail when a file lists more than N failed operators")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1e9}))
      ->option_text("N");
  cmd->add_option_function<double>(
         "--min-improvement",
         [&options](const double& v) { options.policy.min_improvement_pct = v; },
         "Fail when a report's total improvement is below PCT percent")
      ->transform(finite_number())
      ->option_text("PCT");
  cmd->add_option_function<double>(
         "--min-model-improvement",
         [&options](const double& v) { options.policy.min_model_improvement_pct = v; },
         "Fail when a report's model-level improvement is below PCT percent")
      ->transform(finite_number())
      ->option_text("PCT");
  cmd->add_flag("--require-complete,!--no-require-complete", options.policy.require_complete,
                "A cut-off file or an incomplete run is an error (default); with "
                "--no-require-complete a warning");
  cmd->add_flag("--strict", options.strict, "Warnings fail the check too");
  cmd->add_option("--log", options.log,
                  "AOE's console output of the same run: a result that says complete while the "
                  "log says failed or interrupted, a log that says finished while a result is "
                  "cut off, and operators finished in the log but in no result are findings")
      ->option_text("FILE");
  cmd->footer(
      check_outputs().formats().help_line() +
      "\n"
      "Exit status: 0 passed, 1 a finding failed the check, 2 usage error, 3 an input could "
      "not be read.\n\n"
      "Finding codes by severity (each one's rule: docs/check-codes.md, man aoe-result):\n"
      "  errors:   invalid-json, not-aoe-result, io-error, no-result-file, invalid-value,\n"
      "            status-incomplete, truncated (both warnings with --no-require-complete),\n"
      "            summary-hit-sum, summary-total-sum, negative-time, threshold-max-failed,\n"
      "            threshold-min-improvement, threshold-min-model-improvement,\n"
      "            threshold-not-applicable; with --log: log-not-finished,\n"
      "            log-finished-result-cut-off\n"
      "  warnings: duplicate-report-id, duplicate-key, number-as-string, unknown-status,\n"
      "            tuning-failed, failed-list-mismatch, summary-count-mismatch, missing-summary,\n"
      "            status-missing, opat-missing, improvement-mismatch, zero-time,\n"
      "            slower-after-tune, unknown-tuning-mode, unknown-update-mode; with --log:\n"
      "            log-operator-missing\n"
      "  info:     unknown-section, unknown-key, writer-artefact\n\n"
      "Examples:\n"
      "  aoe-result check run.json\n"
      "  aoe-result check --strict --max-failed 0 --min-improvement 5 results/\n"
      "  aoe-result check --log aoe.log run.json              # the result against the run's log\n"
      "  aoe-result check --format github run.json            # annotations in GitHub Actions\n"
      "  aoe-result check --format junit run.json > aoe-check.xml\n"
      "  aoe-result check --format markdown run.json >> \"$GITHUB_STEP_SUMMARY\"");
  return cmd;
}

Exit run_check(const CheckOptions& options, Context& ctx) {
  const auto render = check_outputs().pick(ctx.global.format);
  if (options.log == "-" && std::find(options.inputs.paths.begin(), options.inputs.paths.end(),
                                      "-") != options.inputs.paths.end()) {
    throw UsageError("standard input ('-') can be read only once: --log - and a path -");
  }
  const Strictness strictness = options.strict ? Strictness::strict : Strictness::normal;
  // Without --log (which compares the log with the operators), each file is
  // checked as its operators are read, on the thread that reads it (a
  // large file's parts on every core), none of them kept: no model is held.
  InputOptions digested = options.inputs;
  DigestsByFile<CheckedFile> checked;
  if (options.log.empty()) {
    digested.digest_operators = [&](std::size_t index) {
      return std::make_unique<CheckDigester>(options.policy, strictness, checked.keeper(index));
    };
  }
  const Inputs inputs = load_inputs(digested, ctx);
  // Every problem of every input is a finding here, printed once, in the
  // output with the rest (an input that yielded no file too): nothing goes
  // to stderr twice. What was read when no path was given is said there.
  report_inputs(inputs, ctx, NoteFilter::info_only);
  CheckView view;
  if (options.log.empty()) {
    // One per file read, each judged at its place.
    view = check_files(checked.take(inputs.files.size()), options.policy, strictness,
                       inputs.empty_inputs);
  } else {
    view = check_files(inputs.files, options.policy, strictness, inputs.empty_inputs);
  }
  Exit status = inputs.status;
  if (!options.log.empty()) {
    PathOptions log_paths;
    log_paths.paths = {options.log};
    const LogInputs logs = load_log_inputs(log_paths, ctx);
    status = worst(status, logs.status);
    report_inputs(logs, ctx, NoteFilter::lost_only);
    for (const LogFile& log : logs.files) {
      add_checked_log(view, log, check_log_against_results(log, inputs.files));
    }
    if (logs.files.empty()) view.ok = false;  // --log of nothing is no pass
  }
  ctx.out << render(view, render_options(ctx));
  return worst(status, view.ok ? Exit::ok : Exit::findings);
}

}  // namespace aoe::cli
