// SPDX-License-Identifier: Apache-2.0
/// @file
/// Following a result file while AOE writes it (`aoe-result watch`).
///
/// AOE rewrites the whole file each time an operator finishes, in place or
/// by replacing it, so successive reads of it can each be cut off anywhere
/// (the reader keeps the complete part: `ResultFile::complete == false`).
/// A `Follower` is given every read, in order, and answers with what is
/// new in it as events: a report began, an operator's result appeared or
/// changed, an operator was listed as failed, a report's status changed.
///
/// Identity: a report is its id together with which occurrence of that id
/// it is in the file (two reports can share a key); an operator is its
/// report, its name, and which occurrence of that name it is in the report.
/// Each operator gives exactly one `operator` event however often it is
/// read, and one `operator-updated` event per change of its entry. Nothing
/// is ever taken away: a read that holds less than an earlier one (cut off
/// shorter, or caught just after the file was emptied) adds nothing and
/// removes nothing.
///
/// Pure computation on the model: no file, clock or process is touched
/// here. The caller reads the file, stamps the events with the time, and
/// decides when the run is over (`every_report_final` helps).
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

/// What a follow event says. `file`, `unreadable`, `stall` and `end` are
/// made by the caller (they are about the file, its reads and the clock,
/// not the content); the others come from `Follower::update`.
enum class FollowEventKind {
  file,              ///< started following a file (or switched to a newer one)
  unreadable,        ///< a read of the file gave nothing (the reader's diagnostic says why)
  report,            ///< a new report began
  op,                ///< an operator's result appeared
  operator_updated,  ///< an operator's entry changed (e.g. another tuning mode added)
  failed,            ///< an operator was listed as failed
  status,            ///< a report's status changed
  stall,             ///< the file has not changed for a long time while the run goes on
  end,               ///< the run is over (or watching stopped)
};

/// "file" | "unreadable" | "report" | "operator" | "operator-updated" |
/// "failed" | "status" | "stall" | "end": the names of the `watch --format
/// jsonl` events.
[[nodiscard]] std::string_view to_string(FollowEventKind kind) noexcept;

/// One thing that is new in a read. Self-contained: it copies what it is
/// about, so it stays valid when the follower moves on.
struct FollowEvent {
  FollowEventKind kind = FollowEventKind::report;
  /// The report's id (`report`, `op`, `operator_updated`, `failed`,
  /// `status`); empty for the others.
  std::string report;
  /// Which occurrence of `report` among the file's reports (0 for the
  /// first): non-zero only when two reports share a key.
  std::size_t report_occurrence = 0;
  /// The report's `basic.tuning_name` as known at the event; `nullopt`
  /// when not read (yet).
  std::optional<std::string> tuning_name;
  /// `op`, `operator_updated`: the operator's entry as now read.
  std::optional<Operator> op;
  /// `op`, `operator_updated`: which occurrence of the operator's name in
  /// its report (0 for the first).
  std::size_t occurrence = 0;
  /// `operator_updated`: the entry as it was before.
  std::optional<Operator> previous;
  /// `op`, `operator_updated`: operators of the report known after this
  /// event (the operator counted), and their time saved, µs
  /// (Σ before − after over the timed ones, as `Totals::saved_us`).
  std::size_t tuned_so_far = 0;
  double saved_so_far_us = 0;
  /// `failed`: the operator's name as listed.
  std::string failed_operator;
  /// `status`: the status now, the string as written, and the status before
  /// (`unknown` when the report had none yet).
  Status status = Status::unknown;
  std::optional<std::string> status_raw;
  Status previous_status = Status::unknown;
};

/// Turns successive reads of one file into events and keeps the union of
/// what was read (see the file comment for the identity rule).
class Follower {
 public:
  /// Merges `read` (any read of the file: complete, cut off, or not
  /// readable at all) and returns what is new in it, in file order; per
  /// report: `report`, then its `op`/`operator_updated` events, then
  /// `failed`, then `status`. An unreadable read changes nothing and gives
  /// no event. A report's status changes only when a status string was
  /// read; a field the read lacks keeps its earlier value.
  ///
  /// `unchanged_reports`: how many leading reports of `read` are, value
  /// for value, those of the read the previous `update` was given (a
  /// `ResultRereader`'s `last_kept_reports()` when each of its reads is
  /// given here). They are not merged again: merging a report a second
  /// time gives no event and changes nothing, so the events and the state
  /// are those of a full merge. The count is not taken (every report is
  /// merged) when the previous read was unreadable or had fewer reports,
  /// or when one of those reports differs from it in its id, line,
  /// operator or failed count, status or completeness.
  [[nodiscard]] std::vector<FollowEvent> update(const ResultFile& read,
                                                std::size_t unchanged_reports = 0);

  /// Everything known so far, as one file: every report and operator ever
  /// read, in the order first seen, each with its latest entry. `path`,
  /// `layout` and `complete` are those of the latest readable read;
  /// `readable` is true once any read was. Feed it to `totals()` or the
  /// renderers as any file.
  [[nodiscard]] const ResultFile& state() const noexcept { return state_; }

  /// Operators of `state().reports[report_index]` in the order their
  /// `op` events were given (oldest first): indices into that report's
  /// `operators`.
  [[nodiscard]] const std::vector<std::size_t>& arrival_order(std::size_t report_index) const {
    return reports_.at(report_index).arrival;
  }

  /// `totals(state().reports[report_index])`, kept from update to update
  /// while the report is not merged again.
  [[nodiscard]] const Totals& report_totals(std::size_t report_index) const {
    return reports_.at(report_index).totals;
  }

  /// `totals(state())`: the sum of `report_totals`, in report order.
  [[nodiscard]] Totals totals() const noexcept;

 private:
  struct ReportIndex {
    /// Operator name → indices into the merged report's operators, one per
    /// occurrence of the name, in occurrence order.
    std::unordered_map<std::string, std::vector<std::size_t>> by_name;
    std::vector<std::size_t> arrival;
    std::vector<std::string> failed_seen;
    double saved_us = 0;
    Totals totals;  ///< of the merged report, after the last update
  };
  /// What the previous read said of one report, at a glance: to know that
  /// a report said to be unchanged is the one merged then.
  struct ReadReport {
    std::string id;
    std::size_t line = 0;
    std::size_t operators = 0;
    std::size_t failed = 0;
    std::optional<std::string> status_raw;
    bool complete = true;

    explicit ReadReport(const Report& r);
    [[nodiscard]] bool same_as(const Report& r) const noexcept;
  };
  /// One report of a read being merged: the merged report, its index, which
  /// occurrence of its id it is, and the events of the read.
  struct Merging {
    Report& merged;
    ReportIndex& known;
    std::size_t occurrence;
    std::vector<FollowEvent>& events;
  };
  // The steps of `update` (follow.cpp).
  std::size_t merged_index(const Report& read, std::size_t occurrence,
                           std::vector<FollowEvent>& events);
  static void merge_operators(const Report& read, Merging& m);
  static void merge_operator(const Operator& op, std::size_t occurrence,
                             std::vector<std::size_t>& slots, Merging& m);
  static void merge_failed(const Report& read, Merging& m);
  [[nodiscard]] std::size_t reports_to_skip(const ResultFile& read,
                                            std::size_t unchanged_reports) const;

  ResultFile state_;
  std::vector<ReportIndex> reports_;  // parallel to state_.reports
  /// Report id → indices into state_.reports, one per occurrence.
  std::unordered_map<std::string, std::vector<std::size_t>> report_by_id_;
  /// The reports of the previous readable read (empty after an
  /// unreadable one).
  std::vector<ReadReport> last_read_;
};

/// Whether two entries of an operator say the same (types and every tuning
/// mode's name, times, improvement and update mode); the line is ignored.
[[nodiscard]] bool same_entry(const Operator& a, const Operator& b) noexcept;

/// True when `file` holds at least one report and every report has a final
/// status: `successful` or `failed` (not `incomplete`, not `unknown`).
[[nodiscard]] bool every_report_final(const ResultFile& file) noexcept;

/// The process id in a result file's name: `N` of `…_pid<N>.json`
/// (`aoe_result_opat_20250428_203017761_pid18230.json` → 18230);
/// `nullopt` when the name does not end so (a renamed file). Only the
/// file name is looked at, not its directories.
[[nodiscard]] std::optional<long> pid_from_file_name(std::string_view path) noexcept;

}  // namespace aoe
