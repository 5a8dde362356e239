// SPDX-License-Identifier: Apache-2.0
// `watch`: the loop that follows a result file while AOE writes it. Each
// turn it looks for a newer file (a directory, or none given), reads the
// file when it changed (`FollowedFile`), looks at the writer's process,
// and draws a refresh (`WatchView`) with the renderer it is given; it ends
// when the run is over, on a stop signal (SIGINT, SIGTERM, SIGHUP: they
// only set a flag, `StopSignals`, for the loop's lifetime), or after one
// look (--once). However it ends, the end is written last.
#pragma once

#include "commands/watch/watch_command.hpp"
#include "commands/watch/watch_view.hpp"
#include "core/context.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// Follows the file of `options` (or waits for one to appear) until the
/// run is over, rendering each refresh with `render` on `ctx.out` (a
/// screen redrawn in place for text on a terminal, else what is new).
/// Every way out renders the end last (the run over, --once, a signal, a
/// path that cannot be watched, an exception, which is then rethrown) and
/// returns its exit status (`watch_end`). The options are taken as checked
/// (`run_watch` checks them).
[[nodiscard]] Exit watch_until_over(const WatchOptions& options, Context& ctx,
                                    RenderFn<WatchView> render);

}  // namespace aoe::cli
