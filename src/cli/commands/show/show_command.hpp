// SPDX-License-Identifier: Apache-2.0
// `aoe-result show`: its options, the setup_ function that registers them
// with CLI11 (cmd_show.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <cstddef>

#include "core/context.hpp"
#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct ShowOptions {
  InputOptions inputs;
  std::size_t top = 10;  ///< operators listed per report
  bool all = false;      ///< list every operator
};
CLI::App* setup_show(CLI::App& app, ShowOptions& options);
[[nodiscard]] Exit run_show(const ShowOptions& options, Context& ctx);

}  // namespace aoe::cli
