// SPDX-License-Identifier: Apache-2.0
// `ops`: the computed rows and their renderers, one per format.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/analysis.hpp"

#include "context.hpp"
#include "markdown.hpp"
#include "ops_view.hpp"
#include "render.hpp"

namespace aoe::cli {

/// What `ops` shows: rows already filtered, sorted and cut to `--top`.
struct OpsView {
  std::vector<OperatorRow> rows;  ///< point into files the caller keeps alive
  std::size_t matched = 0;        ///< rows that passed the filters, before `--top`
  RowGrain grain = RowGrain::per_operator;
  OpsTableLayout layout;  ///< identifying columns of text and Markdown tables
};

/// The CSV header of `ops --format csv` (cli.md), without line end.
inline constexpr const char* kOpsCsvHeader =
    "file,report,op_name,op_type,modes,update_mode,before_us,after_us,saved_us,improvement_pct,"
    "reported_improvement_pct,speedup";

/// A CSV field quoted as RFC 4180 says (in double quotes, quotes doubled,
/// when it holds a comma or a quote). Control characters from the file are
/// first written as visible escapes, as in text output (`\x1b`, `\n`), so a
/// field never spans lines and never sends a control sequence to a terminal.
[[nodiscard]] std::string csv_field(std::string_view s);

/// A number for CSV: full precision, the shortest form that reads back
/// ("1109", "35.35"); empty for no value (or a non-finite one).
[[nodiscard]] std::string csv_number(std::optional<double> v);

[[nodiscard]] std::string ops_text(const OpsView& view, const Context& ctx);
[[nodiscard]] std::string ops_csv(const OpsView& view, const Context& ctx);
/// {"schema_version": 1, "rows": [...]}: the CSV's fields, `op_type` as
/// an array, numbers in full precision, null for no value.
[[nodiscard]] std::string ops_json(const OpsView& view, const Context& ctx);
/// One JSON object per line, with the fields of `ops_json`'s rows.
[[nodiscard]] std::string ops_jsonl(const OpsView& view, const Context& ctx);
[[nodiscard]] std::string ops_markdown(const OpsView& view, const Context& ctx);

/// Every format `ops` writes.
[[nodiscard]] const std::vector<Renderer<OpsView>>& ops_renderers();

/// The operator table in Markdown (shared with `show --format markdown`).
[[nodiscard]] MarkdownTable ops_markdown_table(const std::vector<OperatorRow>& rows,
                                               const OpsTableLayout& layout);

}  // namespace aoe::cli
