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

/// The rows of one report grouped: the sums over that report alone, made
/// on any thread (`ops --group-by` of a large file read in parts), then
/// added to a `GroupBuilder` in file order (`GroupBuilder::add(ReportGroups&&,
/// const Report&)`). Memory grows with the number of groups.
class ReportGroups {
 public:
  /// `spec` is normalised here.
  explicit ReportGroups(const GroupSpec& spec);

  /// Adds one row of the report (its `file`, `report`, `op` and, per mode,
  /// `mode` set; every row given one report's).
  void add(const OperatorRow& row);

  /// No row was added.
  [[nodiscard]] bool empty() const noexcept { return groups_.empty(); }
  [[nodiscard]] const GroupSpec& spec() const noexcept { return spec_; }

 private:
  friend class GroupBuilder;
  [[nodiscard]] std::string key_of(const OperatorRow& row, std::vector<std::string>* values,
                                   std::string* across) const;

  GroupSpec spec_;
  std::vector<Group> groups_;             ///< in order of first appearance in the report
  std::vector<std::string> keys_across_;  ///< a group's key across reports
  Totals all_;
  std::size_t all_artefacts_ = 0;
  std::unordered_map<std::string, std::size_t> index_;
};

/// Groups rows as they come, without keeping them: memory grows with the
/// number of groups, not of operators.
///
/// The one rule of every grouping (`ops --group-by`, read whole or in parts,
/// and `report`'s time saved per type): a report's rows are summed apart
/// (`ReportGroups`), and each group's sums, like `Grouping::all`, are the
/// sums of its reports' sums, in file order. The figures are then the same
/// to the bit whichever way the file was read.
class GroupBuilder {
 public:
  /// `spec` is normalised here.
  explicit GroupBuilder(const GroupSpec& spec);

  /// Adds one row (its `file`, `report`, `op` and, per mode, `mode` set).
  /// The rows of a report come together: a row of another report closes
  /// the report before it.
  void add(const OperatorRow& row);

  /// Adds every row of `file` (in the spec's grain) that passes `filter`.
  /// An unreadable file adds nothing.
  void add(const ResultFile& file, const RowFilter& filter);

  /// Adds the groups of `report`'s rows made apart (`groups.spec()` this
  /// builder's spec): what adding the rows here gives. `report` is the one
  /// the groups are of, where it is kept now (it tells two reports of one
  /// id apart); the rows may have pointed at a copy of it. Throws
  /// `std::invalid_argument` when `groups` was made with another spec.
  void add(ReportGroups&& groups, const Report& report);

  /// The groups in order of first appearance, each with its share of the
  /// total saved. Leaves the builder empty.
  [[nodiscard]] Grouping finish();

 private:
  void close_report();

  GroupSpec spec_;
  bool by_report_ = false;  // the spec has `GroupKey::report`
  Grouping out_;
  // A group by its key across reports (`ReportGroups`), the report by where
  // it is kept.
  std::unordered_map<std::string, std::size_t> index_;
  ReportGroups open_;                    // the rows of `open_report_` so far
  const Report* open_report_ = nullptr;  // the report `add(row)` is in
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
