// SPDX-License-Identifier: Apache-2.0
// `bank`: the operator repository tuning wrote, listed, checked, two of
// them compared, two files merged.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <system_error>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include "aoe_result/error.hpp"
#include "aoe_result/reader.hpp"

#include "commands/bank/bank_command.hpp"
#include "commands/bank/bank_diff_render.hpp"
#include "commands/bank/bank_render.hpp"
#include "commands/check/check_render.hpp"
#include "core/number_option.hpp"
#include "io/input_options.hpp"
#include "io/inputs.hpp"
#include "io/load_inputs.hpp"
#include "io/write_file.hpp"
#include "text/numbers.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

void add_place_options(CLI::App& cmd, BankPlaceOptions& place) {
  cmd.add_flag("--built-in", place.built_in,
               "With no path: the repository shipped with CANN ($ASCEND_OPP_PATH/built-in/data/op) "
               "instead of the custom one");
  cmd.add_option("--soc,--soc-version", place.soc,
                 "With no path: only this SoC version's folder (e.g. Ascend910B1; --soc-version "
                 "as locate and AOE's --soc_version name it)")
      ->option_text("NAME");
}

// Directories are read with their subdirectories: a repository is
// <base>/<soc>/unified_bank/.
PathOptions with_subdirectories(PathOptions paths) {
  paths.recursive = true;
  return paths;
}

// A bank's paths, and -r said as what it is here: folders are always read
// with their subdirectories (`with_subdirectories`).
void add_bank_paths(CLI::App& cmd, PathOptions& paths, const std::string& positional_name) {
  add_input_options(cmd, paths, BankKind::naming(), positional_name);
  cmd.get_option("--recursive")
      ->description(
          "Taken for the other commands' sake: a bank's folders are always read with their "
          "subdirectories");
}

// What `bank` and `bank list` take: paths, the place, --op, --where.
void add_list_options(CLI::App& cmd, BankOptions& options, const std::string& positional_name) {
  add_bank_paths(cmd, options.inputs, positional_name);
  cmd.get_option("--jobs")->description(
      "Files read at the same time, and the parts a runtime_kb file of 32 MiB or more is split "
      "into to be counted at once (default 0: one per available core)");
  add_place_options(cmd, options.place);
  cmd.add_option("--op", options.op, "Only the records of this op (its \"op\", or its file's type)")
      ->option_text("TYPE");
  cmd.add_option("--where", options.where,
                 "Only the records whose info_dict has KEY equal to VALUE (numbers by value: "
                 "m=512 matches 512.0); repeat to narrow")
      ->expected(1)  // one pair per --where, so a path after it stays a path
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
      ->option_text("KEY=VALUE");
}

}  // namespace

CLI::App* setup_bank(CLI::App& app, BankOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "bank",
      "The operator repository tuning wrote (runtime_kb files): a row per file, the records of "
      "one shape ('bank list' says the same); 'bank check', 'bank diff', 'bank merge'");
  cmd->callback([&options] {
    if (options.action != BankAction::check && options.action != BankAction::diff &&
        options.action != BankAction::merge)
      options.action = BankAction::list;
  });
  add_list_options(*cmd, options, "paths");
  cmd->footer(
      bank_outputs().formats().help_line() +
      "\nFolders are read with their subdirectories (<base>/<soc>/unified_bank/).\n"
      "Exit status: 0 listed (findings are for 'bank check'), 2 usage error, 3 an input "
      "could not be read.\n\n"
      "Examples:\n"
      "  aoe-result bank                       # the custom repository AOE would use\n"
      "  aoe-result bank --soc Ascend910B1\n"
      "  aoe-result bank --built-in --soc Ascend910B1\n"
      "  aoe-result bank ~/Ascend/latest/data/aoe/custom/op\n"
      "  aoe-result bank --op MatMulV2 --where m=512 --where n=1024 custom/op\n"
      "  aoe-result bank --format csv custom/op > records.csv\n"
      "  aoe-result bank check custom/op\n"
      "  aoe-result bank diff before/custom/op custom/op\n"
      "  aoe-result bank merge a_runtime_kb.json b_runtime_kb.json -o merged_runtime_kb.json");

  // `bank list [PATH...]` is `bank [PATH...]`: the word a person may type
  // first ("list" is never taken for a path).
  CLI::App* list = cmd->add_subcommand(
      "list", "A row per file, the records of one shape: the same as 'bank [PATH...]'");
  list->callback([&options] { options.action = BankAction::list; });
  add_list_options(*list, options, "list_paths");
  list->footer(bank_outputs().formats().help_line() +
               "\nExit status: 0 listed, 2 usage error, 3 an input could not be read.\n\n"
               "Examples:\n"
               "  aoe-result bank list\n"
               "  aoe-result bank list --op MatMulV2 custom/op");

  CLI::App* check = cmd->add_subcommand(
      "check",
      "Every record parses and has what the runtime needs; no shape twice with other "
      "knowledge; findings, then the verdict in the exit status");
  check->callback([&options] { options.action = BankAction::check; });
  add_bank_paths(*check, options.check_inputs, "check_paths");
  add_place_options(*check, options.check_place);
  check->add_flag("--strict", options.strict, "Warnings fail the check too");
  check->footer(
      check_outputs().formats().help_line() +
      "\nExit status: 0 passed, 1 a finding failed the check, 2 usage error, 3 an input could "
      "not be read.\n\n"
      "Finding codes by severity (each one's rule: docs/check-codes.md):\n"
      "  errors:   invalid-json (a line; the other records are kept), truncated, io-error,\n"
      "            no-result-file, bank-conflict, bank-missing-key (no info_dict or knowledge),\n"
      "            bank-empty (no record in any file: nothing was checked)\n"
      "  warnings: bank-op-mismatch, bank-duplicate, bank-file-name, duplicate-key,\n"
      "            invalid-value, bank-missing-key (no op, id or version)\n"
      "A shared id, a byte order mark, CRLF, no final newline and a file that is {} are\n"
      "what shipped files do: not findings (but a check of only such files is no pass).\n\n"
      "Examples:\n"
      "  aoe-result bank check                 # the custom repository AOE would use\n"
      "  aoe-result bank check --strict custom/op/Ascend910B1/unified_bank\n"
      "  aoe-result bank check --format github custom/op");

  CLI::App* diff = cmd->add_subcommand(
      "diff",
      "Two repositories compared: records added, removed and changed (same info_dict, "
      "other knowledge), per file and per op type; files on one side only");
  diff->callback([&options] { options.action = BankAction::diff; });
  diff->add_option("OLD", options.diff_old,
                   "The repository before: a runtime_kb file or a folder (e.g. a copy of "
                   "custom/op taken before tuning)")
      ->required()
      ->type_name("OLD");
  diff->add_option("NEW", options.diff_new, "The repository after: a file or a folder")
      ->required()
      ->type_name("NEW");
  diff->add_option("--result", options.diff_results,
                   "Result files whose repo_add_num and repo_update_num are summed beside the "
                   "records added and changed (a loose cross-check: they count tiling policies "
                   "per report; repeat --result for several, before or after OLD NEW)")
      ->type_name("RESULT")
      ->allow_extra_args(false);
  diff->add_option("-j,--jobs", options.diff_jobs,
                   "Threads a runtime_kb file of 32 MiB or more is read on, in parts at once "
                   "(default 0: one per available core)")
      ->option_text("N")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1024.0}));
  diff->footer(
      bank_diff_outputs().formats().help_line() +
      "\nFolders are read with their subdirectories; their files are paired by the path below "
      "the folder given\n(two files given are compared with each other). Records are keyed by "
      "info_dict (numbers by\nvalue: 1.0 is 1).\n"
      "Exit status: 0 compared (a diff is not a gate), 2 usage error, 3 an input could not be "
      "read.\n\n"
      "Examples:\n"
      "  cp -r ~/Ascend/latest/data/aoe/custom/op before   # then tune\n"
      "  aoe-result bank diff before ~/Ascend/latest/data/aoe/custom/op\n"
      "  aoe-result bank diff before after --result aoe_result_opat_*.json\n"
      "  aoe-result bank diff --format csv old_runtime_kb.json new_runtime_kb.json > changes.csv");

  CLI::App* merge = cmd->add_subcommand(
      "merge",
      "The union of two runtime_kb files of one op type, keyed by info_dict: written as the "
      "runtime writes a bank, then read back, and said written only when it reads back whole");
  merge->callback([&options] { options.action = BankAction::merge; });
  merge->add_option("A", options.merge_a, "The first runtime_kb file (its records come first)")
      ->required()
      ->type_name("A");
  merge->add_option("B", options.merge_b, "The second runtime_kb file (its new records follow)")
      ->required()
      ->type_name("B");
  merge->add_option("-o,--output", options.merge_output, "The file to write")
      ->required()
      ->type_name("OUT");
  merge
      ->add_option("--prefer", options.prefer,
                   "Settle a conflict (one info_dict, other knowledge) for A's knowledge or B's "
                   "instead of stopping")
      ->transform(enum_choice_option<BankPrefer>({{"a", BankPrefer::a}, {"b", BankPrefer::b}}))
      ->option_text("a|b");
  merge->add_flag("--force", options.merge_force, "Overwrite OUT if it exists");
  merge->footer(
      "Writes OUT whole: each record's JSON as read, one a line (LF), A's records in A's order "
      "then\nB's new ones, a final newline, no byte order mark; then reads it back and checks "
      "it.\n"
      "Exit status: 0 written, 1 a conflict (each named with both file:line and the changed "
      "keys)\nor a line that is not a record, 2 usage error (OUT exists, files of two op "
      "types), 3 an input\ncould not be read. Nothing is left at OUT unless it was written.\n\n"
      "Examples:\n"
      "  aoe-result bank merge team/Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json \\\n"
      "      mine/Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json -o "
      "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json\n"
      "  aoe-result bank merge --prefer b old_runtime_kb.json new_runtime_kb.json -o "
      "merged_runtime_kb.json --force");
  return cmd;
}

namespace {

const char* bank_action_name(BankAction a) {
  switch (a) {
    case BankAction::check:
      return "check";
    case BankAction::diff:
      return "diff";
    case BankAction::merge:
      return "merge";
    case BankAction::list:
      break;
  }
  return "";
}

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
  kind.read.counts_only = !keep;
  kind.read.threads = resolved_jobs(options.inputs.jobs);
  const InputsOf<BankFile> inputs = load_inputs(kind, with_subdirectories(options.inputs), ctx);
  report_inputs(inputs, ctx);
  BankListView view = make_bank_list_view(inputs.files, options.op, where);
  view.problems = inputs.problems;
  ctx.out << render(view, render_options(ctx));
  return inputs.status;
}

Exit run_bank_check(const BankOptions& options, Context& ctx) {
  const auto render = check_outputs().pick(ctx.global.format, "bank check");
  BankKind kind;
  kind.place = options.check_place;
  kind.read.keep_text = false;
  const InputsOf<BankFile> inputs =
      load_inputs(kind, with_subdirectories(options.check_inputs), ctx);
  // The inputs' problems are findings of the check (in its output); what
  // was read when no path was given is said on stderr.
  report_inputs(inputs, ctx, NoteFilter::info_only);
  const CheckView view = check_bank_files(
      inputs.files, options.strict ? Strictness::strict : Strictness::normal, inputs.empty_inputs);
  ctx.out << render(view, render_options(ctx));
  return worst(inputs.status, view.ok ? Exit::ok : Exit::findings);
}

// The readers' notes of a diff on stderr: errors of a file read anyway as
// problems, an unreadable file as an error, warnings as warnings.
void report_diff_notes(const BankDiff& diff, const Context& ctx) {
  for (const Diagnostic& d : diff.problems) ctx.error(describe(d));
  for (const BankFileDiff& f : diff.files) {
    for (const Diagnostic& d : f.diagnostics) {
      const bool lost = d.severity == Severity::error &&
                        ((f.old_path && d.file == *f.old_path && !f.old_readable) ||
                         (f.new_path && d.file == *f.new_path && !f.new_readable));
      if (lost) {
        ctx.error(describe(d));
      } else if (d.severity == Severity::error) {
        ctx.problem(describe(d));
      } else if (d.severity == Severity::warning) {
        ctx.warn(describe(d));
      }
    }
  }
}

Exit run_bank_diff(const BankOptions& options, Context& ctx) {
  const auto render = bank_diff_outputs().pick(ctx.global.format);
  for (const std::string* side : {&options.diff_old, &options.diff_new}) {
    if (*side == "-") {
      throw UsageError("bank diff reads OLD and NEW from files or folders, not standard input");
    }
  }
  BankDiff diff;
  std::vector<ResultFile> results;
  try {
    BankDiffOptions read;
    read.threads = resolved_jobs(options.diff_jobs);
    diff = diff_banks(options.diff_old, options.diff_new, read);
    for (const std::string& path : options.diff_results) results.push_back(read_result_file(path));
  } catch (const InputError& e) {
    ctx.error(escape_text(e.what()));
    return Exit::input;
  }
  report_diff_notes(diff, ctx);
  Exit status = Exit::ok;
  for (const ResultFile& r : results) {
    for (const Diagnostic& d : r.diagnostics) {
      if (d.severity == Severity::error && !r.readable) ctx.error(describe(d));
    }
    if (!r.readable) status = Exit::input;
  }
  BankDiffView view = make_bank_diff_view(diff);
  if (!view.problems.empty()) status = Exit::input;
  if (diff.old_readable && diff.new_readable && diff.files.empty()) {
    ctx.error("no repository file (*_runtime_kb.json, *_gradient_fusion.json) in " +
              escape_text(options.diff_old) + " or " + escape_text(options.diff_new));
  }
  if (!options.diff_results.empty()) view.result_check = make_bank_result_check(results);
  ctx.out << render(view, render_options(ctx));
  return status;
}

// A merge input, read whole with its records' text; nullopt (said why)
// when it cannot be read.
std::optional<BankFile> read_merge_input(const std::string& path, const Context& ctx) {
  if (path == "-") throw UsageError("bank merge reads A and B from files, not standard input");
  BankFile f = read_bank_file(path);
  if (!f.readable) {
    for (const Diagnostic& d : f.diagnostics) {
      if (d.severity == Severity::error) ctx.error(describe(d));
    }
    return std::nullopt;
  }
  return f;
}

std::string type_of(const BankFile& f) {
  if (f.kind == BankFileKind::gradient_fusion) return "a gradient fusion file";
  return f.name ? "op type " + f.name->op_type
                : "a name that is not <soc>_<cores>_AiCore_<OpType>_runtime_kb.json";
}

Exit run_bank_merge(const BankOptions& options, Context& ctx) {
  namespace fs = std::filesystem;
  if (ctx.global.format != Format::text) {
    throw UsageError("'bank merge' does not write " + std::string(format_name(ctx.global.format)) +
                     "; it writes text (the line that says what was written)");
  }
  const OutputFile out{options.merge_output, options.merge_force, "file"};
  if (out.to_stdout()) {
    throw UsageError("bank merge writes OUT and reads it back: -o takes a file, not -");
  }
  refuse_directory(out);
  refuse_overwrite(out);
  std::optional<BankFile> a;
  std::optional<BankFile> b;
  try {
    a = read_merge_input(options.merge_a, ctx);
    b = read_merge_input(options.merge_b, ctx);
  } catch (const InputError& e) {
    ctx.error(escape_text(e.what()) + "; " + not_written(out));
    return Exit::input;
  }
  if (!a || !b) {
    ctx.error(not_written(out));
    return Exit::input;
  }
  const bool same_type = a->kind == BankFileKind::runtime_kb &&
                         b->kind == BankFileKind::runtime_kb && a->name && b->name &&
                         a->name->op_type == b->name->op_type;
  if (!same_type) {
    throw UsageError(escape_text(
        fmt::format("bank merge takes two runtime_kb files of one op type: {} is {}, {} is {}",
                    a->path, type_of(*a), b->path, type_of(*b))));
  }
  // OUT is written as asked; a name the runtime would not load as this op
  // type's file (or another SoC's) is said, as a warning.
  const std::optional<BankFileName> out_name =
      parse_bank_file_name(fs::path(out.path).filename().string());
  if (!out_name) {
    ctx.warn(escape_text(fmt::format(
        "{}: not a runtime_kb file name (<soc>_<cores>_AiCore_<OpType>_runtime_kb.json): the "
        "runtime will not load it until it is renamed",
        out.path)));
  } else if (out_name->op_type != a->name->op_type) {
    ctx.warn(escape_text(fmt::format(
        "{}: the name says op type {}, the records are {}'s: the runtime loads them only from "
        "a file named for {}",
        out.path, out_name->op_type, a->name->op_type, a->name->op_type)));
  } else if (out_name->soc != a->name->soc || out_name->cores != a->name->cores) {
    ctx.warn(
        escape_text(fmt::format("{}: the name says {} with {} cores, A is {} with {}", out.path,
                                out_name->soc, out_name->cores, a->name->soc, a->name->cores)));
  }
  // A line that is no record would be lost from OUT: refused.
  bool bad = false;
  for (const BankFile* f : {&*a, &*b}) {
    for (const Diagnostic& d : f->diagnostics) {
      if (d.severity != Severity::error) continue;
      ctx.error(describe(d));
      bad = true;
    }
  }
  if (bad) {
    ctx.error("a line of A or B is no record and would be lost; " + not_written(out));
    return Exit::findings;
  }

  const BankMerge merge = merge_bank_files(*a, *b, options.prefer);
  for (const Diagnostic& d : merge.unkeyed) ctx.error(describe(d));
  for (const BankMergeConflict& c : merge.conflicts) {
    std::string changes;
    for (const std::string& ch : c.changes) changes += (changes.empty() ? "" : ", ") + ch;
    const std::string text =
        fmt::format("{}:{} and {}:{}: one info_dict, other knowledge ({}){}", c.first_path,
                    c.first_line, c.second_path, c.second_line, changes,
                    options.prefer == BankPrefer::a   ? "; kept the first"
                    : options.prefer == BankPrefer::b ? "; took the second"
                                                      : "");
    if (options.prefer == BankPrefer::none) {
      ctx.error(escape_text(text));
    } else {
      ctx.warn(escape_text(text));
    }
  }
  if (!merge.ok) {
    ctx.error(merge.unkeyed.empty()
                  ? fmt::format("{}; {} (--prefer a|b settles them)",
                                plural(merge.conflicts.size(), "conflict"), not_written(out))
                  : "a record without info_dict or knowledge cannot be merged; " +
                        not_written(out));
    return Exit::findings;
  }

  // Written beside OUT, read back and checked, then renamed to OUT: a
  // failure leaves nothing at OUT.
  fs::path tmp = out.path;
  tmp += fmt::format(".merge-{}", ::getpid());
  write_file_whole(tmp, merge.text);
  std::error_code ec;
  std::string problem;
  {
    std::ifstream in(tmp, std::ios::binary);
    const BankFile back = read_bank_stream(in, out.path);
    if (!in.good() && !in.eof())
      problem = "it could not be read back";
    else if (!back.readable)
      problem = "it could not be read back";
    else if (back.counts.records != merge.records)
      problem = fmt::format("{} read back, {} written", plural(back.counts.records, "record"),
                            merge.records);
    for (const Diagnostic& d : check_bank_file(back)) {
      if (d.severity != Severity::error) continue;
      problem = describe(d);
      break;
    }
  }
  if (problem.empty()) {
    fs::rename(tmp, out.path, ec);
    if (ec) problem = "it could not be renamed into place: " + ec.message();
  }
  if (!problem.empty()) {
    fs::remove(tmp, ec);
    ctx.error(escape_text("the merge of " + a->path + " and " + b->path +
                          " failed its read-back: " + problem) +
              "; " + not_written(out));
    return Exit::findings;
  }
  std::string replaced;
  if (merge.replaced > 0) replaced = fmt::format(", {} of A's with B's knowledge", merge.replaced);
  if (!ctx.global.quiet) {
    ctx.out << fmt::format("wrote {} ({}: {} from A, {} only in B{})\n", escape_text(out.path),
                           plural(merge.records, "record"), merge.from_a, merge.only_b, replaced);
  }
  return Exit::ok;
}

}  // namespace

Exit run_bank(const BankOptions& options, Context& ctx) {
  // `bank`'s own options reach a nested command's line too (CLI11 lets
  // options fall through to the parent): refused there, never ignored.
  if (options.action != BankAction::list) {
    const char* taken = !options.op.empty()      ? "--op"
                        : !options.where.empty() ? "--where"
                        : options.place.built_in ? "--built-in"
                        : options.place.soc      ? "--soc"
                                                 : nullptr;
    if (taken != nullptr) {
      throw UsageError(std::string("'bank ") + bank_action_name(options.action) +
                       "' does not take " + taken + " (an option of 'bank' only: aoe-result bank " +
                       taken + " ...)");
    }
    // A path past the ones the subcommand takes falls through to `bank`'s
    // own PATH...: refused, never left unread.
    if (!options.inputs.paths.empty()) {
      throw UsageError(std::string("'bank ") + bank_action_name(options.action) + "' takes " +
                       (options.action == BankAction::merge  ? "two files (A B)"
                        : options.action == BankAction::diff ? "two paths (OLD NEW)"
                                                             : "its paths") +
                       "; '" + escape_text(options.inputs.paths.front()) + "' is one too many");
    }
  }
  switch (options.action) {
    case BankAction::check:
      return run_bank_check(options, ctx);
    case BankAction::diff:
      return run_bank_diff(options, ctx);
    case BankAction::merge:
      return run_bank_merge(options, ctx);
    case BankAction::list:
      break;
  }
  return run_bank_list(options, ctx);
}

}  // namespace aoe::cli
