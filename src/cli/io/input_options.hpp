// SPDX-License-Identifier: Apache-2.0
// The input options every reading command shares: [PATH...], -r, -j.
#pragma once

#include <string>

#include "io/inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

/// Registers the inputs every reading command takes: [PATH...], -r and -j,
/// the help of [PATH...] in the words of the kind (`FileNaming`).
void add_input_options(CLI::App& command, PathOptions& inputs, const FileNaming& naming);

/// `add_input_options` for result files.
void add_input_options(CLI::App& command, InputOptions& inputs);

/// Registers -r/--recursive (with its help text) and -j/--jobs alone, for
/// a command whose paths are not [PATH...] (`diff OLD NEW`).
void add_read_options(CLI::App& command, bool& recursive, unsigned& jobs,
                      const std::string& recursive_help);

}  // namespace aoe::cli
