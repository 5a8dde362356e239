// SPDX-License-Identifier: Apache-2.0
// `aoe-result summary`: its options, the setup_ function that registers them
// with CLI11 (cmd_summary.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include "core/context.hpp"
#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct SummaryOptions {
  InputOptions inputs;
};
CLI::App* setup_summary(CLI::App& app, SummaryOptions& options);
[[nodiscard]] Exit run_summary(const SummaryOptions& options, Context& ctx);

}  // namespace aoe::cli
