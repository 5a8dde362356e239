// SPDX-License-Identifier: Apache-2.0
#include "commands/ops/ops_view.hpp"

#include <iterator>
#include <utility>

namespace aoe::cli {

const std::vector<SortKeyName>& sort_key_names() {
  static const std::vector<SortKeyName> names{
      {"saved", SortKey::saved},   {"improvement", SortKey::improvement},
      {"before", SortKey::before}, {"after", SortKey::after},
      {"name", SortKey::name},     {"type", SortKey::type}};
  return names;
}

std::string sort_key_list() {
  std::string out;
  for (const SortKeyName& k : sort_key_names())
    out += (out.empty() ? "" : ", ") + std::string(k.name);
  return out;
}

std::optional<SortKey> parse_sort_key(std::string_view name) {
  for (const SortKeyName& k : sort_key_names()) {
    if (k.name == name) return k.key;
  }
  return std::nullopt;
}

GroupSpec group_spec(const OpsQuery& query) {
  return GroupSpec{query.group_by.value_or(std::vector<GroupKey>{}), query.grain};
}

OpsView make_ops_view(const std::vector<ResultFile>& files, Grouping grouping,
                      const OpsQuery& query) {
  OpsView view;
  for (const ResultFile& f : files) view.readable += f.readable ? 1 : 0;
  view.groups = make_ops_group_view(std::move(grouping), query.sort, query.top);
  view.grain = view.groups->grouping.spec.grain;
  return view;
}

OpsView make_ops_view(const std::vector<ResultFile>& files, const OpsQuery& query) {
  if (query.group_by) {
    return make_ops_view(files, group_rows(files, group_spec(query), query.filter), query);
  }
  OpsView view;
  view.grain = query.grain;
  std::size_t reports = 0;
  for (const ResultFile& f : files) {
    if (!f.readable) continue;
    ++view.readable;
    reports += f.reports.size();
    std::vector<OperatorRow> rows = operator_rows(f, view.grain, query.threads);
    filter_rows(rows, query.filter);
    // One file: its rows become the view's (no second copy of every row).
    if (view.rows.empty()) {
      view.rows = std::move(rows);
    } else {
      view.rows.insert(view.rows.end(), std::make_move_iterator(rows.begin()),
                       std::make_move_iterator(rows.end()));
    }
  }
  view.layout.file_column = view.readable > 1;
  view.layout.report_column = reports > 1;
  view.matched = view.rows.size();
  sort_rows(view.rows, query.sort, query.top, query.threads);  // --top N: only the first N are kept
  return view;
}

}  // namespace aoe::cli
