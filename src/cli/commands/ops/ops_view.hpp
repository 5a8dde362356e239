// SPDX-License-Identifier: Apache-2.0
// `ops`: the rows it shows, filtered, sorted and cut, and the sort keys.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/analysis.hpp"

#include "commands/ops/ops_group_view.hpp"
#include "io/inputs.hpp"

namespace aoe::cli {

/// Which identifying columns the operator table shows.
struct OpsTableLayout {
  /// Several files: text shows each file's name, or its path where two
  /// share one (`file_labels`).
  bool file_column = false;
  bool report_column = false;  ///< several reports
};

/// What `ops` shows: rows already filtered, sorted and cut to `--top`.
struct OpsView {
  std::vector<OperatorRow> rows;  ///< point into files the caller keeps alive
  std::size_t matched = 0;        ///< rows that passed the filters, before `--top`
  RowGrain grain = RowGrain::per_operator;
  OpsTableLayout layout;     ///< identifying columns of text and Markdown tables
  std::size_t readable = 0;  ///< files that could be read (none: nothing is printed)
  /// With `--group-by`: the groups, which the renderers show instead of rows.
  std::optional<OpsGroupView> groups;
  /// Inputs that gave nothing to read (`Inputs::problems`), for the JSON
  /// document's "problems"; set by the command.
  std::vector<InputProblem> problems;
};

/// One `--sort` key: its name on the command line, the order and a word
/// for the help. The one list the option's transformer, its help and
/// `parse_sort_key` read.
struct SortKeyName {
  std::string_view name;
  SortKey key;
};
[[nodiscard]] const std::vector<SortKeyName>& sort_key_names();
/// "saved, improvement, before, after, name, type".
[[nodiscard]] std::string sort_key_list();
/// The key named `name` (exactly as listed); nullopt for another word.
[[nodiscard]] std::optional<SortKey> parse_sort_key(std::string_view name);

/// How to make the view: the filter, the order and how many rows.
struct OpsQuery {
  RowFilter filter;
  SortKey sort = SortKey::saved;
  std::size_t top = 0;  ///< rows kept; 0: every one
  RowGrain grain = RowGrain::per_operator;
  /// `--group-by`: group the filtered rows instead of listing them; `sort`
  /// and `top` then apply to the groups.
  std::optional<std::vector<GroupKey>> group_by;
  /// Threads to make and sort the rows on (`-j`); 1: the calling thread.
  unsigned threads = 1;
};

/// The rows of every readable file of `files` (which must outlive the
/// view) that pass `query.filter`, sorted, cut to `query.top`; with
/// `query.group_by`, their groups.
[[nodiscard]] OpsView make_ops_view(const std::vector<ResultFile>& files, const OpsQuery& query);

/// How `query.group_by` groups (its keys, `query.grain`).
[[nodiscard]] GroupSpec group_spec(const OpsQuery& query);

/// The view of `grouping`, the rows of `files` grouped by `group_spec(query)`
/// (`group_rows`, or as the files were read: `GroupsDigester`), sorted
/// and cut by `query`.
[[nodiscard]] OpsView make_ops_view(const std::vector<ResultFile>& files, Grouping grouping,
                                    const OpsQuery& query);

}  // namespace aoe::cli
