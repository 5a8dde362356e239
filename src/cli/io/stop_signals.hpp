// SPDX-License-Identifier: Apache-2.0
// The signals that ask a long-running command (`watch`) to stop: Ctrl-C
// (SIGINT), SIGTERM (a cancelled CI job, `kill`, `timeout`) and SIGHUP (the
// terminal closed). They only set a flag; the command's loop looks at it
// at each turn and ends as it would have at the end of the run: the end
// written, the final state shown.
#pragma once

#include <string_view>

namespace aoe::cli {

/// Which signal asked to stop.
enum class StopSignal {
  none,       ///< none yet
  interrupt,  ///< SIGINT: Ctrl-C
  terminate,  ///< SIGTERM
  hangup,     ///< SIGHUP
};

/// "SIGINT" | "SIGTERM" | "SIGHUP"; "" for `none`.
[[nodiscard]] std::string_view to_string(StopSignal signal) noexcept;

/// While it lives, SIGINT, SIGTERM and SIGHUP only record that they came
/// (the first one is kept); SIGHUP stays ignored when it was ignored when
/// it was made (`nohup`). The handlers are installed without SA_RESTART, so a wait in
/// poll(2) or nanosleep(2) ends at once. The previous handlers come back
/// when it is destroyed. One at a time per process.
class StopSignals {
 public:
  StopSignals();
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  /// The first stop signal received since it was made; `none` when none.
  [[nodiscard]] StopSignal raised() const noexcept;
};

}  // namespace aoe::cli
