// SPDX-License-Identifier: Apache-2.0
// `diff`: its output table and renderers (text, JSON schema version 1, CSV,
// Markdown), formatting a `DiffView`.
#pragma once

#include <iosfwd>
#include <string>

#include "commands/diff/diff_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// The note every format carries about 1 µs changes.
inline constexpr const char* kWriterArtefactNote =
    "a change of at most 1 µs may be the writer's artefact, not a measurement: when the "
    "repository was updated but the time did not drop, AOE stores before = after + 1 µs";

/// CSV header of `diff --format csv`.
inline constexpr const char* kDiffCsvHeader =
    "class,op_name,mode,op_type,old_after_us,new_after_us,change_us,change_pct,"
    "within_writer_artefact,old_occurrences,new_occurrences,old_file,old_report,new_file,"
    "new_report,old_failed,new_failed";

/// Sections per class (slower, faster, unchanged, ...) as tables fitted to
/// the width, then the summary line, the notes and the gate line; written
/// a section at a time (a text table holds every row's cells only when it
/// must shorten names to fit; `write_fitted`).
void write_diff_text(const DiffView& view, const RenderOptions& options, std::ostream& out);
/// `{"schema_version": 1, "old": ..., "new": ..., "grain": ..., "summary": ...,
/// "gate": ..., "operators": [...], "notes": [...]}`, pretty printed, written
/// an entry at a time.
void write_diff_json(const DiffView& view, const RenderOptions& options, std::ostream& out);
/// `kDiffCsvHeader`, then one RFC 4180 row per entry in `entries` order,
/// written as the rows are made.
void write_diff_csv(const DiffView& view, const RenderOptions& options, std::ostream& out);
/// A GitHub-flavoured Markdown table with the summary and the note.
[[nodiscard]] std::string diff_markdown(const DiffView& view, const RenderOptions& options);

/// Every format `diff` writes (text, json and csv streamed).
[[nodiscard]] const OutputTable<DiffView>& diff_outputs();

}  // namespace aoe::cli
