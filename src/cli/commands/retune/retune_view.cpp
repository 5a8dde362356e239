// SPDX-License-Identifier: Apache-2.0
#include "commands/retune/retune_view.hpp"

namespace aoe::cli {

RetuneView make_retune_view(const std::vector<ResultFile>& files,
                            const RetuneViewOptions& options) {
  RetuneCriteria criteria;
  criteria.below_pct = options.below_pct;
  RetuneView view;
  view.selection = select_for_retune(files, criteria);
  view.by_type = options.by_type;
  view.below_pct = options.below_pct;
  view.output = options.output;
  view.output_existed = options.output_existed;
  return view;
}

}  // namespace aoe::cli
