// SPDX-License-Identifier: Apache-2.0
#include "io/input_options.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/number_option.hpp"

namespace aoe::cli {

void add_read_options(CLI::App& command, bool& recursive, unsigned& jobs,
                      const std::string& recursive_help) {
  command.add_flag("-r,--recursive", recursive, recursive_help);
  command
      .add_option("-j,--jobs", jobs,
                  "Threads: files read at the same time, a large file's parts, rows made "
                  "(default 0: one per available core)")
      ->option_text("N")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1024.0}));
}

void add_input_options(CLI::App& command, PathOptions& inputs, const FileNaming& naming,
                       const std::string& positional_name) {
  command
      .add_option(
          positional_name, inputs.paths,
          fmt::format("{}, directories (their {}, {}), or - for stdin. None: {}", naming.files_help,
                      naming.pattern, naming.order_help, naming.discovery_help))
      ->type_name("PATH");
  add_read_options(command, inputs.recursive, inputs.jobs,
                   "Look in subdirectories of directories too");
}

void add_input_options(CLI::App& command, InputOptions& inputs) {
  add_input_options(command, inputs, ResultFileKind::naming());
}

}  // namespace aoe::cli
