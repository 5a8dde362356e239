// SPDX-License-Identifier: Apache-2.0
// `retune`: its output table and its one renderer, the --tune_ops_file
// document AOE reads, and what the command says about it.
#pragma once

#include <string>

#include "commands/retune/retune_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// {"tune_ops_name": [...]} (plus "tune_ops_type": [...] with `by_type`),
/// pretty printed with a trailing newline.
[[nodiscard]] std::string retune_document(const RetuneView& view, const RenderOptions& options);

/// Every format `retune` writes (text only: the document is AOE's JSON).
[[nodiscard]] const OutputTable<RetuneView>& retune_outputs();

/// What was done, escaped for the terminal: `prose` (lines ending in a
/// newline, to be wrapped at the width) and `command` (a line of its own,
/// never wrapped, so it can be copied whole; empty with nothing chosen).
/// With operators chosen: how many and why, where the document was
/// written, and the `aoe --tune_ops_file=FILE` to run (FILE as a shell
/// word). With none: that nothing was written, and that an existing FILE
/// is not from this run.
struct RetuneNote {
  std::string prose;
  std::string command;
};
[[nodiscard]] RetuneNote retune_note(const RetuneView& view);

}  // namespace aoe::cli
