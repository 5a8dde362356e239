// SPDX-License-Identifier: Apache-2.0
// `watch`: the loop that follows a result file while AOE writes it. Each
// turn it looks for a newer file (a directory, or none given), reads the
// file when it changed, feeds the read to a `Follower`, looks at the
// writer's process, and draws a refresh (`WatchView`) with the renderer it
// is given; it ends when the run is over, at Ctrl-C, or after one look
// (--once). Ctrl-C only sets a flag (SIGINT handler installed for the
// loop's lifetime, the previous one restored after).
#pragma once

#include "commands/watch/watch_command.hpp"
#include "commands/watch/watch_view.hpp"
#include "core/context.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// Follows the file of `options` (or waits for one to appear) until the
/// run is over, rendering each refresh with `render` on `ctx.out` (a
/// screen redrawn in place for text on a terminal, else what is new).
/// Returns the end's exit status (`watch_end`: `Exit::interrupted` on
/// Ctrl-C), or `Exit::input` when the directory of a named file does not
/// exist or --once finds no file. The options are taken as checked
/// (`run_watch` checks them).
[[nodiscard]] Exit watch_until_over(const WatchOptions& options, Context& ctx,
                                    RenderFn<WatchView> render);

}  // namespace aoe::cli
