// SPDX-License-Identifier: Apache-2.0
// `ops --group-by KEY`: the groups it shows, sorted and cut to --top, made
// as the operators are read.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "aoe_result/grouping.hpp"

#include "io/per_report_digest.hpp"

namespace aoe::cli {

/// What `ops --group-by` shows.
struct OpsGroupView {
  /// The groups, sorted by `--sort` and cut to `--top`; `grouping.all` and
  /// the shares stay those of every group.
  Grouping grouping;
  std::size_t matched = 0;  ///< groups before `--top`
};

/// Groups the rows of every readable file of `files` that pass `filter`,
/// sorts the groups by `sort` and keeps the first `top` (0: all).
[[nodiscard]] OpsGroupView make_ops_group_view(const std::vector<ResultFile>& files,
                                               const GroupSpec& spec, const RowFilter& filter,
                                               SortKey sort, std::size_t top);

/// `grouping` sorted by `sort`, cut to its first `top` groups (0: all).
[[nodiscard]] OpsGroupView make_ops_group_view(Grouping grouping, SortKey sort, std::size_t top);

/// The rows of one report that pass a filter, grouped as they are read.
struct ReportRowsGrouped {
  const RowFilter* filter = nullptr;  ///< outlives the state
  ReportGroups groups;
  void add(const ResultFile& file, const Report& report, const Operator& op) {
    for_each_row(file, report, op, groups.spec().grain, [this](const OperatorRow& row) {
      if (matches(row, *filter)) groups.add(row);
    });
  }
};

/// A file's rows grouped report by report as its operators are read, none
/// of them kept (`InputOptions::digest_operators`, on one thread or in
/// parts): once the file is read, `done` hands the callback one
/// `ReportGroups` a report (none for an unreadable file), to be added to a
/// `GroupBuilder` in input order (`group_digested`).
class GroupsDigester final : public PerReportDigest<ReportRowsGrouped> {
 public:
  using Done = std::function<void(std::vector<ReportGroups>&&)>;
  /// `filter` must outlive the digester.
  GroupsDigester(const GroupSpec& spec, const RowFilter& filter, Done done)
      : PerReportDigest(ReportRowsGrouped{&filter, ReportGroups(spec)}), done_(std::move(done)) {}
  /// Throws `std::logic_error` when operators were taken for more reports
  /// than the file holds (a reader's fault).
  void done(const ResultFile& file) override;

 private:
  Done done_;
};

/// The grouping of `files` from each file's reports grouped already
/// (`groups[i]` those of `files[i]`, made by `GroupsDigester` with `spec`):
/// `group_rows(files, spec, filter)` of the files read whole.
[[nodiscard]] Grouping group_digested(const std::vector<ResultFile>& files,
                                      std::vector<std::vector<ReportGroups>> groups,
                                      const GroupSpec& spec);

}  // namespace aoe::cli
