// SPDX-License-Identifier: Apache-2.0
#include "commands/locate/locate_render.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/json_util.hpp"
#include "text/table.hpp"

namespace aoe::cli {

namespace {

std::string state_text(const LocateRow& p, bool results) {
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

std::string places_text(const std::vector<LocateRow>& places, bool results,
                        const RenderOptions& options) {
  Table table({{"", Align::left, false, 0},
               {"from", Align::left, false, 0},
               {"path", Align::left, true, 16},
               {"state", Align::left, true, 16}});
  for (const LocateRow& p : places) {
    const Tone tone = !p.path ? Tone::dim : p.exists ? Tone::good : Tone::warn;
    table.add_row({{p.in_use ? "*" : ""},
                   {p.source},
                   {p.path ? escape_text(p.path->string()) : std::string("–")},
                   {state_text(p, results), tone}});
  }
  return table.render(options.width, options.wide, options.style, 2);
}

nlohmann::ordered_json places_json(const std::vector<LocateRow>& places, bool results) {
  auto arr = nlohmann::ordered_json::array();
  for (const LocateRow& p : places) {
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

}  // namespace

std::string locate_text(const LocateView& loc, const RenderOptions& options) {
  return "results (aoe_result_opat_*.json; * = where AOE writes them)\n" +
         places_text(loc.results, true, options) +
         "custom repository (tiling policies in <path>/<soc_version>; * = the one AOE uses)\n" +
         places_text(loc.repository, false, options);
}

std::string locate_json(const LocateView& loc, const RenderOptions& /*options*/) {
  return dump(nlohmann::ordered_json{{"schema_version", kSchemaVersion},
                                     {"results", places_json(loc.results, true)},
                                     {"repository", places_json(loc.repository, false)}});
}

const OutputTable<LocateView>& locate_outputs() {
  static const OutputTable<LocateView> table("locate",
                                             {{Format::text, &locate_text, "two tables"},
                                              {Format::json, &locate_json, "schema version 1"}});
  return table;
}

}  // namespace aoe::cli
