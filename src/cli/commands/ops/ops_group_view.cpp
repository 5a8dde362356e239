// SPDX-License-Identifier: Apache-2.0
#include "commands/ops/ops_group_view.hpp"

namespace aoe::cli {

OpsGroupView make_ops_group_view(const std::vector<ResultFile>& files, const GroupSpec& spec,
                                 const RowFilter& filter, SortKey sort, std::size_t top) {
  OpsGroupView view;
  view.grouping = group_rows(files, spec, filter);
  sort_groups(view.grouping.groups, sort);
  view.matched = view.grouping.groups.size();
  if (top > 0 && view.grouping.groups.size() > top) view.grouping.groups.resize(top);
  return view;
}

}  // namespace aoe::cli
