// SPDX-License-Identifier: Apache-2.0
// `ops --group-by KEY`: the groups it shows, sorted and cut to --top.
#pragma once

#include <cstddef>
#include <vector>

#include "aoe_result/grouping.hpp"

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

}  // namespace aoe::cli
