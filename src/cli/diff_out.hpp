// SPDX-License-Identifier: Apache-2.0
// Renderers of `diff`: text, JSON (schema version 1), CSV and Markdown.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "aoe_result/diff.hpp"

#include "context.hpp"

namespace aoe::cli {

/// What the renderers say about the comparison besides the entries.
struct DiffHeader {
  std::string old_label;      ///< OLD as given on the command line
  std::string new_label;      ///< NEW as given
  std::size_t old_files = 0;  ///< readable files pooled on each side
  std::size_t new_files = 0;
  std::optional<double> fail_above_pct;  ///< `--fail-above`, when given
  GateScope scope = GateScope::per_operator;
  bool gate_broken = false;  ///< the limit was exceeded
};

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
[[nodiscard]] std::string diff_text(const Diff& d, const DiffHeader& h, const Context& ctx);
/// `{"schema_version": 1, "old": ..., "new": ..., "grain": ..., "summary": ...,
/// "gate": ..., "operators": [...], "notes": [...]}`, pretty printed.
[[nodiscard]] std::string diff_json(const Diff& d, const DiffHeader& h);
/// `kDiffCsvHeader`, then one RFC 4180 row per entry in `d.entries` order.
[[nodiscard]] std::string diff_csv(const Diff& d);
/// A GitHub-flavoured Markdown table with the summary and the note.
[[nodiscard]] std::string diff_markdown(const Diff& d, const DiffHeader& h);

}  // namespace aoe::cli
