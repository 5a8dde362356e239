// SPDX-License-Identifier: Apache-2.0
// `aoe-result retune`: its options, the setup_ function that registers them
// with CLI11 (cmd_retune.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <optional>
#include <string>

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
};
CLI::App* setup_retune(CLI::App& app, RetuneOptions& options);
[[nodiscard]] Exit run_retune(const RetuneOptions& options, Context& ctx);

}  // namespace aoe::cli
