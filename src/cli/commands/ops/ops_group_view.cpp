// SPDX-License-Identifier: Apache-2.0
#include "commands/ops/ops_group_view.hpp"

#include <utility>

namespace aoe::cli {

OpsGroupView make_ops_group_view(Grouping grouping, SortKey sort, std::size_t top) {
  OpsGroupView view;
  view.grouping = std::move(grouping);
  sort_groups(view.grouping.groups, sort);
  view.matched = view.grouping.groups.size();
  if (top > 0 && view.grouping.groups.size() > top) view.grouping.groups.resize(top);
  return view;
}

OpsGroupView make_ops_group_view(const std::vector<ResultFile>& files, const GroupSpec& spec,
                                 const RowFilter& filter, SortKey sort, std::size_t top) {
  return make_ops_group_view(group_rows(files, spec, filter), sort, top);
}

void GroupsDigester::done(const ResultFile& file) {
  std::vector<ReportRowsGrouped> states = take_states(file);
  std::vector<ReportGroups> out;
  out.reserve(states.size());
  for (ReportRowsGrouped& s : states) out.push_back(std::move(s.groups));
  done_(std::move(out));
}

Grouping group_digested(const std::vector<ResultFile>& files,
                        std::vector<std::vector<ReportGroups>> groups, const GroupSpec& spec) {
  GroupBuilder builder(spec);
  for (std::size_t i = 0; i < files.size() && i < groups.size(); ++i) {
    if (!files[i].readable) continue;
    for (std::size_t k = 0; k < groups[i].size() && k < files[i].reports.size(); ++k) {
      builder.add(std::move(groups[i][k]), files[i].reports[k]);
    }
  }
  return builder.finish();
}

}  // namespace aoe::cli
