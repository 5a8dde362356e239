// SPDX-License-Identifier: Apache-2.0
// `aoe-result locate`: its options, the setup_ function that registers them
// with CLI11 (cmd_locate.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <optional>
#include <string>

#include "aoe_result/locate.hpp"

#include "core/context.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct LocateOptions {
  std::optional<std::string> soc_version;  ///< --soc-version
  /// The environment to look at; nullopt: the process's (tests set it).
  std::optional<LocateEnv> env;
};
CLI::App* setup_locate(CLI::App& app, LocateOptions& options);
[[nodiscard]] Exit run_locate(const LocateOptions& options, Context& ctx);

}  // namespace aoe::cli
