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
/// `positional_name` is the name CLI11 knows [PATH...] by (help shows
/// PATH): a nested command (`bank check`) needs one apart from its
/// parent's, since CLI11 2.7 refuses a positional whose name a parent it
/// falls through to already has.
void add_input_options(CLI::App& command, PathOptions& inputs, const FileNaming& naming,
                       const std::string& positional_name = "paths");

/// `add_input_options` for result files.
void add_input_options(CLI::App& command, InputOptions& inputs);

/// Registers -r/--recursive (with its help text) and -j/--jobs alone, for
/// a command whose paths are not [PATH...] (`diff OLD NEW`).
void add_read_options(CLI::App& command, bool& recursive, unsigned& jobs,
                      const std::string& recursive_help);

}  // namespace aoe::cli
