// SPDX-License-Identifier: Apache-2.0
// `aoe-result retune`: its options, the setup_ function that registers them
// with CLI11 (cmd_retune.cpp) and the run_ function, which takes the
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

struct RetuneOptions {
  InputOptions inputs;
  std::string output;               ///< -o FILE; "-" for stdout
  std::optional<double> below_pct;  ///< --below PCT
  bool by_type = false;             ///< also write "tune_ops_type"
  bool force = false;               ///< overwrite an existing FILE
  /// --from-profile PROFILE: choose the operators with the most device time
  /// in this profile instead of failed and weak ones of result files.
  std::optional<std::string> from_profile;
  std::size_t top = 10;                 ///< --top N (with --from-profile); 0: every one
  std::optional<double> min_share_pct;  ///< --min-share PCT (with --from-profile)
  std::vector<std::string> results;     ///< --result RESULT (with --from-profile)
};
CLI::App* setup_retune(CLI::App& app, RetuneOptions& options);
[[nodiscard]] Exit run_retune(const RetuneOptions& options, Context& ctx);

}  // namespace aoe::cli
