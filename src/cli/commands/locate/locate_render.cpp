// SPDX-License-Identifier: Apache-2.0
#include "commands/locate/locate_render.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/json_util.hpp"
#include "text/table.hpp"
#include "text/wrap.hpp"

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

// A path under its place, broken after a '/' when it is wider than the line.
std::string path_lines(const RenderOptions& options, const std::string& path) {
  if (options.wide || !options.wrap_prose) return "      " + path + "\n";
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  while (start < path.size()) {
    std::size_t end = path.find('/', start);
    end = end == std::string::npos ? path.size() : end + 1;
    pieces.push_back(std::string_view(path).substr(start, end - start));
    start = end;
  }
  WrapLayout layout;
  layout.width = options.width;
  layout.indent = 6;
  layout.hang = 6;
  layout.gap = "";
  return wrap_units(pieces, layout);
}

// The places as a table when it fits the width with every path and
// state whole; else a block per place (its source, then its path and
// state wrapped under it), so that a path is never cut.
std::string places_text(const std::vector<LocateRow>& places, bool results,
                        const RenderOptions& options) {
  std::vector<std::string> paths;
  std::vector<std::string> states;
  std::size_t source_w = display_width("from");
  std::size_t path_w = display_width("path");
  std::size_t state_w = display_width("state");
  for (const LocateRow& p : places) {
    paths.push_back(p.path ? escape_text(p.path->string()) : std::string("–"));
    states.push_back(state_text(p, results));
    source_w = std::max(source_w, display_width(p.source));
    path_w = std::max(path_w, display_width(paths.back()));
    state_w = std::max(state_w, display_width(states.back()));
  }
  const std::size_t table_w = 2 + 1 + 2 + source_w + 2 + path_w + 2 + state_w;
  const auto tone_of = [](const LocateRow& p) {
    return !p.path ? Tone::dim : p.exists ? Tone::good : Tone::warn;
  };
  if (options.wide || table_w <= options.width) {
    Table table({{"", Align::left, false, 0},
                 {"from", Align::left, false, 0},
                 {"path", Align::left, true, 16},
                 {"state", Align::left, true, 16}});
    for (std::size_t i = 0; i < places.size(); ++i) {
      const LocateRow& p = places[i];
      table.add_row({{p.in_use ? "*" : ""}, {p.source}, {paths[i]}, {states[i], tone_of(p)}});
    }
    return table.render(options.width, options.wide, options.style, 2);
  }
  std::string out;
  for (std::size_t i = 0; i < places.size(); ++i) {
    const LocateRow& p = places[i];
    const ProseInk ink = !p.path ? ProseInk::dim : p.exists ? ProseInk::good : ProseInk::warn;
    out += prose(options, std::string(p.in_use ? "* " : "  ") + p.source, 2, 4);
    if (p.path) out += path_lines(options, paths[i]);
    out += prose(options, states[i], 6, 8, ink);
  }
  return out;
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
  return prose(options, "results (aoe_result_opat_*.json; * = where AOE writes them)", 0, 2) +
         places_text(loc.results, true, options) +
         prose(options,
               "custom repository (tiling policies in <path>/<soc_version>; * = where AOE looks; "
               "both home folders when no variable is set)",
               0, 2) +
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
