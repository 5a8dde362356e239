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

RetuneView make_profile_retune_view(const Profile& profile, std::string label,
                                    const std::vector<ResultFile>& results, bool with_results,
                                    const ProfileRetuneCriteria& criteria,
                                    const RetuneViewOptions& options) {
  RetuneView view;
  RetuneView::FromProfile from;
  from.label = std::move(label);
  from.top = criteria.top;
  from.min_share_pct = criteria.min_share_pct;
  from.with_results = with_results;
  from.chosen = select_from_profile(profile, results, criteria);
  view.selection.names = from.chosen.names;
  view.selection.types = from.chosen.types;
  view.from_profile = std::move(from);
  view.by_type = options.by_type;
  view.output = options.output;
  view.output_existed = options.output_existed;
  return view;
}

}  // namespace aoe::cli
