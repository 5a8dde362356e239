// SPDX-License-Identifier: Apache-2.0
// `trend`: its output table and renderers.
#pragma once

#include <ostream>
#include <string>

#include "commands/trend/trend_view.hpp"
#include "core/output.hpp"

namespace aoe::cli {

/// The CSV header of `trend --format csv` (long form: one row per run and
/// operator), without line end.
inline constexpr const char* kTrendCsvHeader =
    "run,label,file,op_name,op_type,mode,before_us,after_us,improvement_pct,failed,newly_failed,"
    "fixed,present";

/// Runs table, then the operators table (the last runs as columns, a
/// sparkline of all, changes, best run, flags), fitted to the width; the
/// operators a row at a time (`write_fitted`).
void write_trend_text(const TrendView& view, const RenderOptions& options, std::ostream& out);
/// `write_trend_text`'s bytes as a string.
[[nodiscard]] std::string trend_text(const TrendView& view, const RenderOptions& options);
/// Long form: `kTrendCsvHeader`, one row per run × shown operator; a gap
/// has empty times. Streamed.
void write_trend_csv(const TrendView& view, const RenderOptions& options, std::ostream& out);
/// Long form, one JSON object per line with the CSV's fields (`op_type`
/// an array, `mode` null per operator, null for no value). Streamed.
void write_trend_jsonl(const TrendView& view, const RenderOptions& options, std::ostream& out);
/// {schema_version, generator, problems, grain, runs, matched, operators,
/// gate} (docs/trend.schema.json). Streamed, an operator at a time.
void write_trend_json(const TrendView& view, const RenderOptions& options, std::ostream& out);
/// Runs and operators as GitHub Markdown tables, under the size limit.
[[nodiscard]] std::string trend_markdown(const TrendView& view, const RenderOptions& options);

/// Every format `trend` writes.
[[nodiscard]] const OutputTable<TrendView>& trend_outputs();

}  // namespace aoe::cli
