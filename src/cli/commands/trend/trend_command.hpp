// SPDX-License-Identifier: Apache-2.0
// `aoe-result trend`: its options, the setup_ function that registers them
// with CLI11 (cmd_trend.cpp) and the run_ function, which takes the
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

struct TrendOptions {
  InputOptions inputs;
  std::vector<std::string> labels;        ///< --label (repeatable): names of runs 1, 2, ...
  bool per_mode = false;                  ///< follow each tuning mode apart
  std::size_t top = 0;                    ///< operators shown; 0: every one
  std::vector<std::string> types;         ///< --type (repeatable): any of them
  std::optional<std::string> name_regex;  ///< --name: ECMAScript regex searched in the name
  /// --fail-above PCT: exit 1 when an operator's last run is slower than its
  /// previous run by more than PCT percent.
  std::optional<double> fail_above_pct;
  bool ignore_artefacts = false;  ///< with --fail-above: changes within 1 µs never break it
};
CLI::App* setup_trend(CLI::App& app, TrendOptions& options);
/// Throws `UsageError` for a bad regex, more labels than runs or a format
/// `trend` does not write.
[[nodiscard]] Exit run_trend(const TrendOptions& options, Context& ctx);

}  // namespace aoe::cli
