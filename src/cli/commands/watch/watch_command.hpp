// SPDX-License-Identifier: Apache-2.0
// `aoe-result watch`: its options, the setup_ function that registers them
// with CLI11 (cmd_watch.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <optional>
#include <string>

#include "core/context.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct WatchOptions {
  /// A result file, or a directory whose newest result is followed;
  /// nullopt: discovered as by the other commands, and waited for.
  std::optional<std::string> path;
  double interval_s = 1;  ///< --interval: seconds between looks when not notified
  double stall_min = 30;  ///< --stall: minutes without a change that make a stall
  double settle_s = 10;   ///< --settle: seconds unchanged before a run without a writer is over
  bool once = false;      ///< --once: read, print, exit
  /// --log FILE: AOE's console output of the run, read when watching ends;
  /// its verdict (finished, failed) is said in the end and a failed run
  /// fails the exit status.
  std::optional<std::string> log;
};
CLI::App* setup_watch(CLI::App& app, WatchOptions& options);
/// Follows the file until the run is over, and writes the end however it
/// ends. Exit 0 when every report finished successful and `check` finds no
/// error, 1 when one failed or is not final or check finds an error, 3 when
/// the file never became readable or cannot be watched, `Exit::interrupted`
/// (130) on Ctrl-C, `Exit::terminated` (143) on SIGTERM, `Exit::hangup`
/// (129) on SIGHUP (`watch_end`). Throws `UsageError` for a number out of
/// range or a format `watch` does not write.
[[nodiscard]] Exit run_watch(const WatchOptions& options, Context& ctx);

}  // namespace aoe::cli
