// SPDX-License-Identifier: Apache-2.0
// `watch`: its renderers. Text is one screen redrawn in place on a terminal
// (`WatchView::screen_rows` set) or one line per event; jsonl is one JSON
// object per event (docs/watch-events.schema.json). Defined in
// watch_render.cpp (the table, the text), watch_screen.cpp (the screen),
// watch_lines.cpp (a line per event) and watch_json.cpp (jsonl).
#pragma once

#include <cstddef>
#include <string>

#include "commands/watch/watch_view.hpp"
#include "core/output.hpp"
#include "text/term.hpp"

namespace aoe::cli {

/// The screen (cursor movement included: home, each line cleared, the rest
/// of the screen cleared) when `view.screen_rows` is set; else one line per
/// event of `view.events`. Strings from the file are escaped; the screen's
/// lines fit `width` columns and its height `screen_rows - 1` rows, so that
/// nothing scrolls. Uses `options.style` and `options.width`.
[[nodiscard]] std::string watch_text(const WatchView& view, const RenderOptions& options);

/// The screen's lines alone, without cursor movement (what `watch_text`
/// draws): for tests and for the final state left on screen.
[[nodiscard]] std::vector<std::string> watch_screen_lines(const WatchView& view, const Style& style,
                                                          std::size_t width, std::size_t rows);

/// One JSON object per event of `view.events`, one per line
/// (docs/watch-events.schema.json, schema version 1).
[[nodiscard]] std::string watch_jsonl(const WatchView& view, const RenderOptions& options);

/// Every format `watch` writes.
[[nodiscard]] const OutputTable<WatchView>& watch_outputs();

/// "10:04:31": local time of day.
[[nodiscard]] std::string clock_text(WatchClock::time_point t);
/// "2026-12-01T10:04:31.123Z": ISO 8601, UTC, milliseconds.
[[nodiscard]] std::string iso_utc(WatchClock::time_point t);
/// "45 s", "3 min 12 s", "2 h 5 min", from 48 hours "3 d 4 h" (rounded down).
[[nodiscard]] std::string duration_text(double seconds);

}  // namespace aoe::cli
