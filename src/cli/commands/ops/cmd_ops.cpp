// SPDX-License-Identifier: Apache-2.0
// `ops`: the per-operator performance table.
#include <memory>
#include <ostream>
#include <utility>

#include <CLI/CLI.hpp>

#include "aoe_result/analysis.hpp"
#include "aoe_result/grouping.hpp"

#include "commands/ops/ops_command.hpp"
#include "commands/ops/ops_group_render.hpp"
#include "commands/ops/ops_render.hpp"
#include "core/number_option.hpp"
#include "core/operator_filter_options.hpp"
#include "io/input_kind.hpp"
#include "io/input_options.hpp"
#include "io/per_report_digest.hpp"

namespace aoe::cli {

namespace {

// The --sort names mapped to themselves, for the option's transformer (it
// accepts any case and gives the name as listed).
std::vector<Choice> sort_names() {
  std::vector<Choice> names;
  for (const SortKeyName& k : sort_key_names())
    names.push_back({std::string(k.name), std::string(k.name)});
  return names;
}

// --mode: the tuning modes, likewise.
const std::vector<Choice> kModes{{"Format", "Format"}, {"Schedule", "Schedule"}, {"Impl", "Impl"}};

}  // namespace

CLI::App* setup_ops(CLI::App& app, OpsOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "ops",
      "Per-operator performance table: filter, sort, and export (csv, json, jsonl, markdown)");
  add_input_options(*cmd, options.inputs);
  cmd->add_option("--sort", options.sort,
                  "Order: " + sort_key_list() + " (numbers descending, names ascending)")
      ->transform(choice_option(sort_names()))
      ->option_text("KEY")
      ->capture_default_str();
  add_operator_filter_options(*cmd, options.top, options.types, options.name_regex,
                              "Show only the first N rows (0: every row)");
  cmd->add_option_function<std::string>(
         "--mode", [&options](const std::string& v) { options.mode = v; },
         "Only operators tuned in this tuning mode: Format, Schedule or Impl")
      ->transform(choice_option(kModes))
      ->option_text("M");
  cmd->add_option_function<double>(
         "--min-improvement", [&options](const double& v) { options.min_improvement_pct = v; },
         "Only rows that improved by at least PCT percent")
      ->transform(finite_number())
      ->option_text("PCT");
  cmd->add_flag("--per-mode", options.per_mode,
                "One row per tuning mode of each operator instead of one per operator");
  cmd->add_option_function<std::string>(
         "--group-by", [&options](const std::string& v) { options.group_by = v; },
         "One row per group: type, mode, report, file, or a comma list (type,mode). A fused "
         "operator (Conv2D+Relu) is its own type; --per-mode and mode use each mode's own "
         "figures. Filters apply first; --sort (name, type: by the keys) and --top apply to "
         "the groups")
      ->option_text("KEY");
  cmd->footer(ops_outputs().formats().help_line() + "\nCSV header: " + ops_csv_header() +
              "\nWith --group-by: the keys (type, mode, file, report: report brings file), then " +
              kOpsGroupCsvColumns +
              "\n\n"
              "Examples:\n"
              "  aoe-result ops run.json --top 10\n"
              "  aoe-result ops --type Conv2D --mode Schedule --sort improvement run.json\n"
              "  aoe-result ops --format csv --per-mode results/ > ops.csv\n"
              "  aoe-result ops --group-by type,mode --top 10 run.json");
  return cmd;
}

Exit run_ops(const OpsOptions& options, Context& ctx) {
  const auto render = ops_outputs().pick(ctx.global.format);
  OpsQuery query;
  const std::optional<SortKey> sort = parse_sort_key(options.sort);
  if (!sort) {
    throw UsageError("--sort: unknown key '" + escape_text(options.sort) + "'; it is one of " +
                     sort_key_list());
  }
  query.sort = *sort;
  query.top = options.top;
  query.grain = options.per_mode ? RowGrain::per_mode : RowGrain::per_operator;
  query.filter.types = options.types;
  query.filter.mode = options.mode;
  query.filter.min_improvement_pct = options.min_improvement_pct;
  query.filter.name = name_filter(options.name_regex);
  query.threads = resolved_jobs(options.inputs.jobs);

  if (options.group_by) {
    std::string bad;
    query.group_by = parse_group_keys(*options.group_by, bad);
    if (!query.group_by) {
      // A key named twice is a key, repeated: say which of the two it is.
      const char* what = parse_group_key(bad) ? "' is repeated" : "' is not a key";
      throw UsageError("--group-by: '" + escape_text(bad) + what +
                       "; give type, mode, report or file, or a comma list of them (each once)");
    }
  }

  // With --group-by, each report's rows are grouped as its operators are
  // read, on the thread that reads it (a large file's parts on every core),
  // none of them kept: no model is held.
  const GroupSpec spec = group_spec(query);
  InputOptions inputs_options = options.inputs;
  DigestsByFile<std::vector<ReportGroups>> groups;
  if (query.group_by) {
    inputs_options.digest_operators = [&](std::size_t index) {
      return std::make_unique<GroupsDigester>(spec, query.filter, groups.keeper(index));
    };
  }
  const Inputs inputs = load_inputs(inputs_options, ctx);
  report_inputs(inputs, ctx);
  OpsView view =
      query.group_by
          ? make_ops_view(inputs.files,
                          group_digested(inputs.files, groups.take(inputs.files.size()), spec),
                          query)
          : make_ops_view(inputs.files, query);
  view.problems = inputs.problems;
  // Nothing read: nothing printed, but a JSON document says why (its "problems").
  if (view.readable > 0 || ctx.global.format == Format::json) {
    render.write(ctx.out, view, render_options(ctx));
  }
  return inputs.status;
}

}  // namespace aoe::cli
