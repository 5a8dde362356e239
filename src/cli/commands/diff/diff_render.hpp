// SPDX-License-Identifier: Apache-2.0
// `diff`: its output table and renderers (text, JSON schema version 1, CSV,
// Markdown), formatting a `DiffView`.
#pragma once

#include <iosfwd>
#include <string>

#include "commands/diff/diff_view.hpp"
#include "core/output.hpp"
#include "core/stream_output.hpp"

namespace aoe::cli {

/// The note every format carries about 1 µs changes.
inline constexpr const char* kWriterArtefactNote =
    "a change of at most 1 µs may be the writer's artefact, not a measurement: when the "
    "repository was updated but the time did not drop, AOE stores before = after + 1 µs";

/// CSV header of `diff --format csv`.
inline constexpr const char* kDiffCsvHeader =
    "class,op_name,mode,op_type,old_after_us,new_after_us,change_us,change_pct,"
    "within_writer_artefact,old_occurrences,new_occurrences,old_file,old_report,new_file,"
    "new_report";

/// Sections per class (slower, faster, unchanged, ...) as tables fitted to
/// the context's width, then the summary line and the note.
[[nodiscard]] std::string diff_text(const DiffView& view, const RenderOptions& options);
/// `{"schema_version": 1, "old": ..., "new": ..., "grain": ..., "summary": ...,
/// "gate": ..., "operators": [...], "notes": [...]}`, pretty printed.
[[nodiscard]] std::string diff_json(const DiffView& view, const RenderOptions& options);
/// `kDiffCsvHeader`, then one RFC 4180 row per entry in `entries` order.
[[nodiscard]] std::string diff_csv(const DiffView& view, const RenderOptions& options);
/// A GitHub-flavoured Markdown table with the summary and the note.
[[nodiscard]] std::string diff_markdown(const DiffView& view, const RenderOptions& options);

/// `diff_text`, `diff_json` and `diff_csv` written to `out` as they are
/// made (the string renderers above call these): a row per entry, never
/// the whole output (a text table holds every row's cells only when it must
/// shorten names to fit; `write_fitted`).
void write_diff_text(const DiffView& view, const RenderOptions& options, std::ostream& out);
void write_diff_json(const DiffView& view, const RenderOptions& options, std::ostream& out);
void write_diff_csv(const DiffView& view, const RenderOptions& options, std::ostream& out);
/// The streaming writer of `format` (text, json, csv), or nullptr: that format
/// is rendered as a string by `diff_outputs()`.
[[nodiscard]] StreamFn<DiffView> diff_stream(Format format);

/// Every format `diff` writes.
[[nodiscard]] const OutputTable<DiffView>& diff_outputs();

}  // namespace aoe::cli
