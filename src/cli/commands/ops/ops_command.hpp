// SPDX-License-Identifier: Apache-2.0
// `aoe-result ops`: its options, the setup_ function that registers them
// with CLI11 (cmd_ops.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/context.hpp"
#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct OpsOptions {
  InputOptions inputs;
  std::string sort = "saved";                 ///< saved|improvement|before|after|name|type
  std::size_t top = 0;                        ///< rows shown; 0: every one
  std::vector<std::string> types;             ///< --type (repeatable): any of them
  std::optional<std::string> name_regex;      ///< --name: ECMAScript regex searched in the name
  std::optional<std::string> mode;            ///< --mode: Format|Schedule|Impl
  std::optional<double> min_improvement_pct;  ///< --min-improvement, percent
  bool per_mode = false;                      ///< one row per tuning mode instead of per operator
  /// --group-by KEY[,KEY...]: one row per group (type, mode, report, file).
  std::optional<std::string> group_by;
};
CLI::App* setup_ops(CLI::App& app, OpsOptions& options);
/// Throws `UsageError` for an unknown sort key, a bad regex or a format
/// `ops` does not write.
[[nodiscard]] Exit run_ops(const OpsOptions& options, Context& ctx);

}  // namespace aoe::cli
