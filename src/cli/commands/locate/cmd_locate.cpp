// SPDX-License-Identifier: Apache-2.0
// `locate`: where results and the custom repository are.
#include <ostream>

#include <CLI/CLI.hpp>

#include "commands/locate/locate_command.hpp"
#include "commands/locate/locate_render.hpp"
#include "commands/locate/locate_view.hpp"

namespace aoe::cli {

CLI::App* setup_locate(CLI::App& app, LocateOptions& options) {
  CLI::App* cmd = app.add_subcommand(
      "locate",
      "Where this machine's AOE results and custom repository are (from ASCEND_WORK_PATH, "
      "TUNE_BANK_PATH, ASCEND_CACHE_PATH, HOME) and which of them exist");
  cmd->add_option_function<std::string>(
         "--soc-version,--soc", [&options](const std::string& soc) { options.soc_version = soc; },
         "Look at the repository of this SoC version (e.g. Ascend910B1) itself (--soc as bank "
         "names it)")
      ->type_name("SOC");
  cmd->footer(
      "Results: $ASCEND_WORK_PATH (and its aoe_data) when set, else the working directory of "
      "the run.\nRepository: $TUNE_BANK_PATH > $ASCEND_CACHE_PATH/aoe_data > "
      "$HOME/Ascend/latest/data/aoe/custom/op, each holding one folder per soc_version.\n"
      "'*' marks the place AOE uses.\n" +
      locate_outputs().formats().help_line() +
      "\n\n"
      "Examples:\n"
      "  aoe-result locate\n"
      "  aoe-result locate --format json | jq '.results[]|select(.in_use)'");
  return cmd;
}

Exit run_locate(const LocateOptions& options, Context& ctx) {
  const auto render = locate_outputs().pick(ctx.global.format);
  const LocateEnv env = options.env ? *options.env : process_locate_env(options.soc_version);
  const LocateView view =
      make_locate_view(locate(PlaceKind::results, env), locate(PlaceKind::custom_repository, env));
  ctx.out << render(view, render_options(ctx));
  return Exit::ok;
}

}  // namespace aoe::cli
