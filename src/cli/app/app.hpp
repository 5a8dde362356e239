// SPDX-License-Identifier: Apache-2.0
// The command line: CLI11 set-up, global options, dispatch to run_ functions.
#pragma once

#include <iosfwd>

namespace aoe::cli {

/// Parses `argv`, runs the chosen subcommand, and returns the exit status
/// (0, 1, 2 or 3 as in the CLI contract). Usage errors, CLI11's included,
/// give 2. Throws only what `main` maps (std::bad_alloc, aoe::Error).
[[nodiscard]] int run_app(int argc, const char* const* argv);

}  // namespace aoe::cli
