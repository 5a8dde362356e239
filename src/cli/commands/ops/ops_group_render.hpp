// SPDX-License-Identifier: Apache-2.0
// `ops --group-by KEY`: the renderers of the groups, one per format `ops`
// writes (the `ops` renderers hand a grouped view to these).
#pragma once

#include <string>
#include <vector>

#include "commands/ops/ops_group_view.hpp"
#include "core/output.hpp"
#include "io/inputs.hpp"

namespace aoe::cli {

/// The CSV columns after the key columns (one per key, named as the key:
/// type, mode, file, report, in the order grouped), without line end.
inline constexpr const char* kOpsGroupCsvColumns =
    "operators,timed_operators,before_us,after_us,saved_us,improvement_pct,geomean_speedup,"
    "share_of_saved_pct,artefacts";

/// The header of `ops --group-by KEYS --format csv`: the keys as applied
/// (`GroupSpec::normalised`), then `kOpsGroupCsvColumns`.
[[nodiscard]] std::string ops_group_csv_header(const std::vector<GroupKey>& keys);

/// A table of the groups (keys, operators, Σ before/after/saved µs,
/// improvement, geomean speed-up, share of the saved time, artefacts, and
/// a bar of the saved time), then the totals of every group.
[[nodiscard]] std::string ops_groups_text(const OpsGroupView& view, const RenderOptions& options);
[[nodiscard]] std::string ops_groups_csv(const OpsGroupView& view, const RenderOptions& options);
/// {schema_version, grain: "group", group_by, row_grain, matched, groups,
/// totals} (docs/ops-groups.schema.json).
[[nodiscard]] std::string ops_groups_json(const OpsGroupView& view, const RenderOptions& options);
/// The same, with the inputs that gave nothing to read as its "problems".
[[nodiscard]] std::string ops_groups_json(const OpsGroupView& view,
                                          const std::vector<InputProblem>& problems,
                                          const RenderOptions& options);
/// One group per line, with the fields of `ops_groups_json`'s groups.
[[nodiscard]] std::string ops_groups_jsonl(const OpsGroupView& view, const RenderOptions& options);
[[nodiscard]] std::string ops_groups_markdown(const OpsGroupView& view,
                                              const RenderOptions& options);

}  // namespace aoe::cli
