// SPDX-License-Identifier: Apache-2.0
// `aoe-result failed`: its options, the setup_ function that registers them
// with CLI11 (cmd_failed.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include "core/context.hpp"
#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct FailedOptions {
  InputOptions inputs;
  bool where = false;  ///< --where: each name under its file and report
};
CLI::App* setup_failed(CLI::App& app, FailedOptions& options);
[[nodiscard]] Exit run_failed(const FailedOptions& options, Context& ctx);

}  // namespace aoe::cli
