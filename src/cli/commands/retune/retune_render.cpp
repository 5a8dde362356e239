// SPDX-License-Identifier: Apache-2.0
#include "commands/retune/retune_render.hpp"

#include <nlohmann/json.hpp>

#include "text/json_util.hpp"

namespace aoe::cli {

std::string retune_document(const RetuneView& view, const RenderOptions& /*options*/) {
  nlohmann::ordered_json j{{"tune_ops_name", view.selection.names}};
  if (view.by_type) j["tune_ops_type"] = view.selection.types;
  return dump(j);
}

const OutputTable<RetuneView>& retune_outputs() {
  static const OutputTable<RetuneView> table(
      "retune", {{Format::text, &retune_document, "the --tune_ops_file JSON AOE reads"}});
  return table;
}

}  // namespace aoe::cli
