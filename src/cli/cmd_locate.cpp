// SPDX-License-Identifier: Apache-2.0
// `locate`: where results and the custom repository are.
#include <ostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "json_out.hpp"
#include "json_util.hpp"
#include "locate.hpp"
#include "table.hpp"

namespace aoe::cli {

CLI::App* setup_locate(CLI::App& app, LocateOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "locate",
      "Where this machine's AOE results and custom repository are (from ASCEND_WORK_PATH, "
      "TUNE_BANK_PATH, ASCEND_CACHE_PATH, HOME) and which of them exist");
  cmd->add_option_function<std::string>(
         "--soc-version", [&options](const std::string& soc) { options.soc_version = soc; },
         "Look at the repository of this SoC version (e.g. Ascend910B1) itself")
      ->type_name("SOC");
  cmd->footer(
      "Results: $ASCEND_WORK_PATH (and its aoe_data) when set, else the working directory of "
      "the run.\nRepository: $TUNE_BANK_PATH > $ASCEND_CACHE_PATH/aoe_data > "
      "$HOME/Ascend/latest/data/aoe/custom/op, each holding one folder per soc_version.\n"
      "'*' marks the place AOE uses. Formats: text, json.\n\n"
      "Examples:\n"
      "  aoe-result locate\n"
      "  aoe-result locate --format json | jq -r '.results[] | select(.in_use) | .path'");
  return cmd;
}

namespace {

std::string state_text(const Place& p, bool results) {
  if (!p.path) return "not set";
  if (!p.exists) return "missing";
  if (results) {
    if (p.result_files == 0) return "exists, no result file";
    return fmt::format("{} result file{}, newest {}", p.result_files,
                       p.result_files == 1 ? "" : "s", escape_text(p.newest->filename().string()));
  }
  if (p.soc_versions.empty()) return "exists";
  std::string socs;
  for (const std::string& s : p.soc_versions) socs += (socs.empty() ? "" : ", ") + escape_text(s);
  return "exists; soc versions: " + socs;
}

std::string places_text(const std::vector<Place>& places, bool results, const Context& ctx) {
  Table table({{"", Align::left, false, 0},
               {"from", Align::left, false, 0},
               {"path", Align::left, true, 16},
               {"state", Align::left, true, 16}});
  for (const Place& p : places) {
    const Tone tone = !p.path ? Tone::dim : p.exists ? Tone::good : Tone::warn;
    table.add_row({{p.in_use ? "*" : ""},
                   {p.source},
                   {p.path ? escape_text(p.path->string()) : std::string("–")},
                   {state_text(p, results), tone}});
  }
  return table.render(ctx.width, ctx.global.wide, ctx.style, 2);
}

nlohmann::ordered_json places_json(const std::vector<Place>& places, bool results) {
  auto arr = nlohmann::ordered_json::array();
  for (const Place& p : places) {
    nlohmann::ordered_json j{
        {"source", p.source},
        {"path", p.path ? nlohmann::ordered_json(p.path->string()) : nlohmann::ordered_json()},
        {"set", p.path.has_value()},
        {"exists", p.exists},
        {"in_use", p.in_use}};
    if (results) {
      j["result_files"] = p.result_files;
      j["newest"] =
          p.newest ? nlohmann::ordered_json(p.newest->string()) : nlohmann::ordered_json();
    } else {
      j["soc_versions"] = p.soc_versions;
    }
    arr.push_back(std::move(j));
  }
  return arr;
}

std::string locate_text(const Location& loc, const Context& ctx) {
  return "results (aoe_result_opat_*.json; * = where AOE writes them)\n" +
         places_text(loc.results, true, ctx) +
         "custom repository (tiling policies in <path>/<soc_version>; * = the one AOE uses)\n" +
         places_text(loc.repository, false, ctx);
}

std::string locate_json(const Location& loc) {
  return dump(nlohmann::ordered_json{{"schema_version", kSchemaVersion},
                                     {"results", places_json(loc.results, true)},
                                     {"repository", places_json(loc.repository, false)}});
}

}  // namespace

Exit run_locate(const LocateOptions& options, Context& ctx) {
  ctx.require_format("locate", {Format::text, Format::json});
  const Location loc = locate(options.env ? *options.env : process_locate_env(options.soc_version));
  ctx.out << (ctx.global.format == Format::json ? locate_json(loc) : locate_text(loc, ctx));
  return Exit::ok;
}

}  // namespace aoe::cli
