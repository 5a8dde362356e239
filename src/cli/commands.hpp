// SPDX-License-Identifier: Apache-2.0
// The subcommands. Each has an options struct, a setup_ function that
// registers it with CLI11 (defined in its own file), and a run_ function
// that takes the options and a Context and never sees CLI11, so tests call
// it directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "context.hpp"
#include "inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

// --- show -------------------------------------------------------------------
struct ShowOptions {
  InputOptions inputs;
  std::size_t top = 10;  ///< operators listed per report
  bool all = false;      ///< list every operator
};
CLI::App* setup_show(CLI::App& app, ShowOptions& options);
[[nodiscard]] Exit run_show(const ShowOptions& options, Context& ctx);

// --- summary ----------------------------------------------------------------
struct SummaryOptions {
  InputOptions inputs;
};
CLI::App* setup_summary(CLI::App& app, SummaryOptions& options);
[[nodiscard]] Exit run_summary(const SummaryOptions& options, Context& ctx);

// --- failed -----------------------------------------------------------------
struct FailedOptions {
  InputOptions inputs;
};
CLI::App* setup_failed(CLI::App& app, FailedOptions& options);
[[nodiscard]] Exit run_failed(const FailedOptions& options, Context& ctx);

/// Registers the inputs every reading command takes: [PATH...] and -r.
void add_input_options(CLI::App& command, InputOptions& inputs);

}  // namespace aoe::cli
