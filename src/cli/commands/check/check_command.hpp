// SPDX-License-Identifier: Apache-2.0
// `aoe-result check`: its options, the setup_ function that registers them
// with CLI11 (cmd_check.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include "aoe_result/check.hpp"

#include "core/context.hpp"
#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct CheckOptions {
  InputOptions inputs;
  CheckPolicy policy;   ///< --max-failed, --min-improvement, ..., --require-complete
  bool strict = false;  ///< warnings fail too
  /// --log FILE: AOE's console output of the same run, joined with the
  /// result files (`check_log_against_results`); empty: none.
  std::string log;
};
CLI::App* setup_check(CLI::App& app, CheckOptions& options);
/// Exit::findings when a finding fails the check, Exit::input when an input
/// could not be read at all (the worse applies).
[[nodiscard]] Exit run_check(const CheckOptions& options, Context& ctx);

}  // namespace aoe::cli
