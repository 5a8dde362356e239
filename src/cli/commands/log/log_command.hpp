// SPDX-License-Identifier: Apache-2.0
// `aoe-result log`: its options, the setup_ function that registers them
// with CLI11 (cmd_log.cpp) and the run_ function, which takes the options
// and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include "core/context.hpp"
#include "io/input_kind.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct LogOptions {
  PathOptions inputs;  ///< [FILE...]; none: standard input when it is not a terminal
};
CLI::App* setup_log(CLI::App& app, LogOptions& options);
/// 0 when every log says the run finished; 1 when one says failed or
/// interrupted; 3 when one could not be read (the worst applies).
[[nodiscard]] Exit run_log(const LogOptions& options, Context& ctx);

}  // namespace aoe::cli
