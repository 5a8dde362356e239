// SPDX-License-Identifier: Apache-2.0
#include "io/input_options.hpp"

#include <CLI/CLI.hpp>

#include "core/number_option.hpp"

namespace aoe::cli {

void add_read_options(CLI::App& command, bool& recursive, unsigned& jobs,
                      const std::string& recursive_help) {
  command.add_flag("-r,--recursive", recursive, recursive_help);
  command
      .add_option("-j,--jobs", jobs,
                  "Files read at the same time (default 0: one per available core)")
      ->option_text("N")
      ->transform(number_option({NumberSpec::Kind::count, 0.0, 1024.0}));
}

void add_input_options(CLI::App& command, InputOptions& inputs) {
  command
      .add_option("paths", inputs.paths,
                  "Result files, directories (their aoe_result_opat_*.json, oldest first), or - "
                  "for stdin. None: the newest result in $ASCEND_WORK_PATH, "
                  "$ASCEND_WORK_PATH/aoe_data, then the current directory")
      ->type_name("PATH");
  add_read_options(command, inputs.recursive, inputs.jobs,
                   "Look in subdirectories of directories too");
}

}  // namespace aoe::cli
