// SPDX-License-Identifier: Apache-2.0
// `ops`: its output table and renderers, and the operator tables `show`
// shares.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "aoe_result/analysis.hpp"

#include "commands/ops/ops_view.hpp"
#include "core/output.hpp"
#include "text/csv.hpp"
#include "text/markdown.hpp"

namespace aoe::cli {

/// The CSV header of `ops --format csv` (cli.md), without line end:
/// "file,report,op_name,op_type,modes,update_mode,before_us,after_us,
/// saved_us,improvement_pct,reported_improvement_pct,speedup". The JSON
/// rows have the same keys in the same order.
[[nodiscard]] std::string ops_csv_header();

/// The operator table fitted to the width, or the groups' table, then a
/// note when `--top` left rows out; written to `out` a row at a time.
void write_ops_text(const OpsView& view, const RenderOptions& options, std::ostream& out);
/// `ops_csv_header()`, then one RFC 4180 row per row of the view, written
/// as the rows are made.
void write_ops_csv(const OpsView& view, const RenderOptions& options, std::ostream& out);
/// {"schema_version": 1, "grain": ..., "matched": n, "rows": [...]}: the
/// CSV's fields, `op_type` as an array, numbers in full precision, null for
/// no value; written a row at a time.
void write_ops_json(const OpsView& view, const RenderOptions& options, std::ostream& out);
/// One JSON object per line, with the fields of `write_ops_json`'s rows.
void write_ops_jsonl(const OpsView& view, const RenderOptions& options, std::ostream& out);
/// The operator table in Markdown, within `options.markdown_limit_bytes`.
[[nodiscard]] std::string ops_markdown(const OpsView& view, const RenderOptions& options);

/// Every format `ops` writes (text, json, jsonl and csv streamed).
[[nodiscard]] const OutputTable<OpsView>& ops_outputs();

/// The operator table (operator, type, modes, before/after/saved µs,
/// improvement %, and a bar of time saved relative to the largest), fitted
/// to `options.width`, indented by `indent` (shared with `show`).
[[nodiscard]] std::string render_ops_table(const std::vector<OperatorRow>& rows,
                                           const OpsTableLayout& layout,
                                           const RenderOptions& options, std::size_t indent);
/// `render_ops_table` written to `out` a row at a time (`write_fitted`).
void write_ops_table(std::ostream& out, const std::vector<OperatorRow>& rows,
                     const OpsTableLayout& layout, const RenderOptions& options,
                     std::size_t indent);

/// The operator table in Markdown (shared with `show --format markdown`).
/// With `keep_within` (the limit later given to `render`), rows that
/// cannot be shown within it are counted, not built.
[[nodiscard]] MarkdownTable ops_markdown_table(
    const std::vector<OperatorRow>& rows, const OpsTableLayout& layout,
    std::size_t keep_within = static_cast<std::size_t>(-1));

/// What the "*" after a saving means (the text and Markdown tables' note).
inline constexpr const char* kOpsArtefactNote =
    "AOE's writer's artefact, not a measurement: every mode is an update within 1 µs (it "
    "stores before = after + 1 µs when the repository was updated but the time did not drop)";

/// The Markdown note (a quote line) for the "\\*" that `ops_markdown_table`
/// puts after the saving of a writer's artefact; empty when no row of
/// `rows` is one.
[[nodiscard]] std::string ops_markdown_artefact_note(const std::vector<OperatorRow>& rows);

}  // namespace aoe::cli
