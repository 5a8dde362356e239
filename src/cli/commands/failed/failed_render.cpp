// SPDX-License-Identifier: Apache-2.0
#include "commands/failed/failed_render.hpp"

#include <nlohmann/json.hpp>

#include "text/json_util.hpp"
#include "text/term.hpp"

namespace aoe::cli {

std::string failed_text(const FailedView& view, const RenderOptions& /*options*/) {
  std::string out;
  for (const std::string& name : view.names) out += escape_text(name) + '\n';
  return out;
}

std::string failed_json(const FailedView& view, const RenderOptions& /*options*/) {
  return dump(nlohmann::ordered_json{{"schema_version", kSchemaVersion},
                                     {"problems", problems_json(view.problems)},
                                     {"failed_operators", view.names}});
}

const OutputTable<FailedView>& failed_outputs() {
  static const OutputTable<FailedView> table("failed",
                                             {{Format::text, &failed_text, "one name per line"},
                                              {Format::json, &failed_json, "schema version 1"}});
  return table;
}

}  // namespace aoe::cli
