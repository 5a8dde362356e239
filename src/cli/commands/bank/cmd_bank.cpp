// SPDX-License-Identifier: Apache-2.0
// `bank`: the operator repository tuning wrote, listed and checked.
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/bank/bank_command.hpp"
#include "commands/bank/bank_render.hpp"
#include "commands/check/check_render.hpp"
#include "io/input_options.hpp"
#include "io/load_inputs.hpp"

namespace aoe::cli {
namespace {

void add_place_options(CLI::App& cmd, BankPlaceOptions& place) {
  cmd.add_flag("--built-in", place.built_in,
               "With no path: the repository shipped with CANN ($ASCEND_OPP_PATH/built-in/data/op) "
               "instead of the custom one");
  cmd.add_option("--soc", place.soc,
                 "With no path: only this SoC version's folder (e.g. Ascend910B1)")
      ->option_text("NAME");
}

// Directories are read with their subdirectories: a repository is
// <base>/<soc>/unified_bank/.
PathOptions with_subdirectories(PathOptions paths) {
  paths.recursive = true;
  return paths;
}

}  // namespace

CLI::App* setup_bank(CLI::App& app, BankOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "bank",
      "The operator repository tuning wrote (runtime_kb files): a row per file, the records of "
      "one shape, and `bank check`");
  cmd->callback([&options] {
    if (options.action != BankAction::check) options.action = BankAction::list;
  });
  add_input_options(*cmd, options.inputs, BankKind::naming());
  add_place_options(*cmd, options.place);
  cmd->add_option("--op", options.op,
                  "Only the records of this op (its \"op\", or its file's type)")
      ->option_text("TYPE");
  cmd->add_option("--where", options.where,
                  "Only the records whose info_dict has KEY equal to VALUE (numbers by value: "
                  "m=512 matches 512.0); repeat to narrow")
      ->expected(1)  // one pair per --where, so a path after it stays a path
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->option_text("KEY=VALUE");
  cmd->footer(bank_outputs().formats().help_line() +
              "\nFolders are read with their subdirectories (<base>/<soc>/unified_bank/).\n"
              "Exit status: 0 listed (findings are for `bank check`), 2 usage error, 3 an input "
              "could not be read.\n\n"
              "Examples:\n"
              "  aoe-result bank                       # the custom repository AOE would use\n"
              "  aoe-result bank --soc Ascend910B1\n"
              "  aoe-result bank --built-in --soc Ascend910B1\n"
              "  aoe-result bank ~/Ascend/latest/data/aoe/custom/op\n"
              "  aoe-result bank --op MatMulV2 --where m=512 --where n=1024 custom/op\n"
              "  aoe-result bank --format csv custom/op > records.csv\n"
              "  aoe-result bank check custom/op");

  CLI::App* check = cmd->add_subcommand(
      "check",
      "Every record parses and has what the runtime needs; no shape twice with other "
      "knowledge; findings, then the verdict in the exit status");
  check->callback([&options] { options.action = BankAction::check; });
  add_input_options(*check, options.check_inputs, BankKind::naming());
  add_place_options(*check, options.check_place);
  check->add_flag("--strict", options.strict, "Warnings fail the check too");
  check->footer(
      check_outputs().formats().help_line() +
      "\nExit status: 0 passed, 1 a finding failed the check, 2 usage error, 3 an input could "
      "not be read.\n\n"
      "Finding codes by severity (each one's rule: docs/check-codes.md):\n"
      "  errors:   invalid-json (a line; the other records are kept), truncated, io-error,\n"
      "            no-result-file, bank-conflict, bank-missing-key (no info_dict or knowledge)\n"
      "  warnings: bank-op-mismatch, bank-duplicate, bank-file-name, duplicate-key,\n"
      "            invalid-value, bank-missing-key (no op, id or version)\n"
      "A shared id, a byte order mark, CRLF, no final newline and a file that is {} are\n"
      "what shipped files do: not findings.\n\n"
      "Examples:\n"
      "  aoe-result bank check                 # the custom repository AOE would use\n"
      "  aoe-result bank check --strict custom/op/Ascend910B1/unified_bank\n"
      "  aoe-result bank check --format github custom/op");
  return cmd;
}

namespace {

Exit run_bank_list(const BankOptions& options, Context& ctx) {
  const auto render = bank_outputs().pick(ctx.global.format);
  std::vector<BankWhere> where;
  for (const std::string& w : options.where) where.push_back(parse_bank_where(w));
  BankKind kind;
  kind.place = options.place;
  kind.read.keep_text = false;
  const bool keep =
      !options.op.empty() || !where.empty() || bank_format_lists_records(ctx.global.format);
  // A listing holds no record: counts only, in any number of files.
  if (!keep) kind.read.on_record = [](const BankFile&, BankRecord&&) {};
  const InputsOf<BankFile> inputs = load_inputs(kind, with_subdirectories(options.inputs), ctx);
  report_inputs(inputs, ctx);
  BankListView view = make_bank_list_view(inputs.files, options.op, where);
  view.problems = inputs.problems;
  ctx.out << render(view, render_options(ctx));
  return inputs.status;
}

Exit run_bank_check(const BankOptions& options, Context& ctx) {
  const auto render = check_outputs().pick(ctx.global.format);
  BankKind kind;
  kind.place = options.check_place;
  kind.read.keep_text = false;
  const InputsOf<BankFile> inputs =
      load_inputs(kind, with_subdirectories(options.check_inputs), ctx);
  report_inputs(inputs, ctx, NoteFilter::lost_only);
  const CheckView view = check_bank_files(
      inputs.files, options.strict ? Strictness::strict : Strictness::normal, inputs.empty_inputs);
  ctx.out << render(view, render_options(ctx));
  return worst(inputs.status, view.ok ? Exit::ok : Exit::findings);
}

}  // namespace

Exit run_bank(const BankOptions& options, Context& ctx) {
  return options.action == BankAction::check ? run_bank_check(options, ctx)
                                             : run_bank_list(options, ctx);
}

}  // namespace aoe::cli
