// SPDX-License-Identifier: Apache-2.0
// `ops`: the per-operator performance table.
#include <map>
#include <ostream>
#include <regex>

#include <CLI/CLI.hpp>

#include "aoe_result/analysis.hpp"

#include "commands.hpp"
#include "ops_render.hpp"

namespace aoe::cli {

namespace {
const std::map<std::string, SortKey> kSortKeys{
    {"saved", SortKey::saved},   {"improvement", SortKey::improvement},
    {"before", SortKey::before}, {"after", SortKey::after},
    {"name", SortKey::name},     {"type", SortKey::type}};
}  // namespace

CLI::App* setup_ops(CLI::App& app, OpsOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "ops",
      "Per-operator performance table: filter, sort, and export (csv, json, jsonl, markdown)");
  add_input_options(*cmd, options.inputs);
  cmd->add_option("--sort", options.sort,
                  "Order: saved, improvement, before, after (descending), name, type (ascending)")
      ->check(CLI::IsMember(
          std::vector<std::string>{"saved", "improvement", "before", "after", "name", "type"}))
      ->option_text("KEY")
      ->capture_default_str();
  cmd->add_option("--top", options.top, "Show only the first N rows (0: every row)")
      ->check(CLI::NonNegativeNumber)
      ->option_text("N")
      ->capture_default_str();
  cmd->add_option("--type", options.types,
                  "Only operators of this type (repeatable; ignores case; a fused operator "
                  "matches each of its types and Conv2D+Relu)")
      ->option_text("T")
      ->expected(1)  // one type per --type, so a path after it stays a path
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option_function<std::string>(
         "--name", [&options](const std::string& v) { options.name_regex = v; },
         "Only operators whose name contains a match of REGEX (ECMAScript syntax)")
      ->option_text("REGEX");
  cmd->add_option_function<std::string>(
         "--mode", [&options](const std::string& v) { options.mode = v; },
         "Only operators tuned in this tuning mode: Format, Schedule or Impl")
      ->transform(
          CLI::IsMember(std::vector<std::string>{"Format", "Schedule", "Impl"}, CLI::ignore_case))
      ->option_text("M");
  cmd->add_option_function<double>(
         "--min-improvement", [&options](const double& v) { options.min_improvement_pct = v; },
         "Only rows that improved by at least PCT percent")
      ->check(finite_number())
      ->option_text("PCT");
  cmd->add_flag("--per-mode", options.per_mode,
                "One row per tuning mode of each operator instead of one per operator");
  cmd->footer(
      "Formats: text, json, jsonl, csv (header: file,report,op_name,op_type,modes,update_mode,\n"
      "before_us,after_us,saved_us,improvement_pct,reported_improvement_pct,speedup), markdown.\n\n"
      "Examples:\n"
      "  aoe-result ops run.json --top 10\n"
      "  aoe-result ops --type Conv2D --mode Schedule --sort improvement run.json\n"
      "  aoe-result ops --format csv --per-mode results/ > ops.csv");
  return cmd;
}

Exit run_ops(const OpsOptions& options, Context& ctx) {
  const RenderFn<OpsView> render = pick_renderer("ops", ops_renderers(), ctx);
  const auto sort_key = kSortKeys.find(options.sort);
  if (sort_key == kSortKeys.end()) {
    throw UsageError("--sort: unknown key '" + options.sort +
                     "'; it is one of saved, improvement, before, after, name, type");
  }
  RowFilter filter;
  filter.types = options.types;
  filter.mode = options.mode;
  filter.min_improvement_pct = options.min_improvement_pct;
  if (options.name_regex) {
    try {
      filter.name.emplace(*options.name_regex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      throw UsageError("--name: '" + escape_text(*options.name_regex) +
                       "' is not a valid regular expression (" + e.what() + ")");
    }
  }

  const Inputs inputs = load_inputs(options.inputs, ctx);
  OpsView view;
  view.grain = options.per_mode ? RowGrain::per_mode : RowGrain::per_operator;
  std::size_t readable = 0;
  std::size_t reports = 0;
  for (const ResultFile& f : inputs.files) {
    if (!f.readable) continue;
    ++readable;
    reports += f.reports.size();
    std::vector<OperatorRow> rows = operator_rows(f, view.grain);
    filter_rows(rows, filter);
    view.rows.insert(view.rows.end(), rows.begin(), rows.end());
  }
  view.layout.file_column = readable > 1;
  view.layout.report_column = reports > 1;
  sort_rows(view.rows, sort_key->second);
  view.matched = view.rows.size();
  if (options.top > 0 && view.rows.size() > options.top) view.rows.resize(options.top);
  if (readable > 0) ctx.out << render(view, ctx);
  return inputs.status;
}

}  // namespace aoe::cli
