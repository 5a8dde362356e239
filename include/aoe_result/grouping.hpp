// SPDX-License-Identifier: Apache-2.0
/// @file
/// Where the time went: operator rows grouped by operator type, tuning
/// mode, report or file (`ops --group-by`), each group with the sums and
/// the ratios derived from them by the CLI contract's rules ("Numbers").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/model.hpp"

namespace aoe {

/// What operator rows are grouped by. Several keys make one group per
/// distinct combination (`type,mode`).
enum class GroupKey {
  /// The operator's types joined by `+`: a fused operator ("Conv2D+Relu")
  /// is its own group, not part of "Conv2D" nor of "Relu". Types are kept
  /// as the file writes them, case included (`RowFilter::types` ignores
  /// case to find them; a group names what was written).
  type,
  /// The tuning mode ("Format", "Schedule", "Impl"; "unspecified" for the
  /// flat 6.0.1/6.2 entries, which name none). Grouping by mode always
  /// uses each mode's own figures (`RowGrain::per_mode`).
  mode,
  /// The report (its id). A report is a report of its file: grouping by
  /// report also groups by file (`GroupSpec::normalised` adds the key), so
  /// two files' `report_1` stay apart, as do two reports with the same id.
  report,
  /// The file (its path as given).
  file,
};

/// "type" | "mode" | "report" | "file".
[[nodiscard]] std::string_view to_string(GroupKey key) noexcept;

/// The key named `name` (exact, lower case); `nullopt` for another name.
[[nodiscard]] std::optional<GroupKey> parse_group_key(std::string_view name) noexcept;

/// Parses a comma list of key names ("type", "type,mode"). Returns
/// `nullopt` and sets `bad` to the offending part ("" for an empty list)
/// when a part is not a key name or is repeated.
[[nodiscard]] std::optional<std::vector<GroupKey>> parse_group_keys(std::string_view list,
                                                                    std::string& bad);

/// How to group.
struct GroupSpec {
  std::vector<GroupKey> keys;               ///< in the order given; at least one
  RowGrain grain = RowGrain::per_operator;  ///< `--per-mode`: one row per mode

  /// The spec as applied: `mode` forces `RowGrain::per_mode`; `report`
  /// without `file` gets `file` inserted before it (a report id names a
  /// report only within its file).
  [[nodiscard]] GroupSpec normalised() const;
};

/// Whether an operator row is one of AOE's writer artefacts, by the one
/// rule of analysis.hpp: a per-mode row by `is_writer_artefact(mode)`, a
/// per-operator row by `is_writer_artefact(op)` (every mode is one). The
/// same as `row.figures.writer_artefact`.
[[nodiscard]] bool is_writer_artefact(const OperatorRow& row) noexcept;

/// One group: the key values and the sums over its rows.
struct Group {
  /// One value per key of the (normalised) spec, in its order: the joined
  /// types, the mode label, the report id, the file path. "" when the row
  /// has none (an operator without `op_type`).
  std::vector<std::string> key_values;
  /// Sums over the group's rows: `operators` counts the rows (timed or
  /// not), `time_before_us`/`time_after_us` sum the timed ones, and the
  /// improvement (AOE's formula over the sums) and geometric-mean speed-up
  /// derive from them. `reports` and `failed_operators` are 0 (a group is
  /// not a report; failed operators are no rows).
  Totals totals;
  /// Rows that are writer artefacts (`is_writer_artefact`).
  std::size_t artefacts = 0;
  /// This group's saved µs as a percentage of the saved µs of all groups
  /// (before `--top`). Can exceed 100 when other groups lost time;
  /// `nullopt` when the total saved is 0 or less (no share to give).
  std::optional<double> share_of_saved_pct;
};

/// Every group, and the sums over all of them.
struct Grouping {
  GroupSpec spec;  ///< normalised
  /// In order of first appearance until sorted (`sort_groups`).
  std::vector<Group> groups;
  Totals all;                     ///< over every grouped row
  std::size_t all_artefacts = 0;  ///< artefacts over every grouped row
};

/// Groups rows as they come, without keeping them: memory grows with the
/// number of groups, not of operators.
class GroupBuilder {
 public:
  /// `spec` is normalised here.
  explicit GroupBuilder(const GroupSpec& spec);

  /// Adds one row (its `file`, `report`, `op` and, per mode, `mode` set).
  void add(const OperatorRow& row);

  /// Adds every row of `file` (in the spec's grain) that passes `filter`.
  /// An unreadable file adds nothing.
  void add(const ResultFile& file, const RowFilter& filter);

  /// The groups in order of first appearance, each with its share of the
  /// total saved. Leaves the builder empty.
  [[nodiscard]] Grouping finish();

 private:
  [[nodiscard]] std::string key_of(const OperatorRow& row, std::vector<std::string>* values) const;

  GroupSpec spec_;
  Grouping out_;
  std::unordered_map<std::string, std::size_t> index_;
};

/// Groups every row of `files` that passes `filter` (convenience over
/// `GroupBuilder`).
[[nodiscard]] Grouping group_rows(const std::vector<ResultFile>& files, const GroupSpec& spec,
                                  const RowFilter& filter = {});

/// Orders groups (`ops --sort` on groups): `saved`, `improvement`,
/// `before`, `after` by the group's sums, descending, groups without a
/// value last; `name` and `type` by the key values, ascending. Stable.
void sort_groups(std::vector<Group>& groups, SortKey key);

}  // namespace aoe
