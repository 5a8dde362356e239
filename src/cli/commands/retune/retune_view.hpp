// SPDX-License-Identifier: Apache-2.0
// `retune`: what it shows, computed from the files read before anything is
// written: the operators chosen (by `aoe::select_for_retune`), why, and
// where the document goes. The renderers (retune_render.hpp) only format.
#pragma once

#include <optional>
#include <vector>

#include "aoe_result/model.hpp"
#include "aoe_result/profile.hpp"
#include "aoe_result/profile_compare.hpp"
#include "aoe_result/retune.hpp"

#include "io/write_file.hpp"

namespace aoe::cli {

/// What `retune` renders into the --tune_ops_file document and says
/// about it.
struct RetuneView {
  RetuneSelection selection;
  bool by_type = false;             ///< also write "tune_ops_type"
  std::optional<double> below_pct;  ///< --below PCT: part of why they were chosen
  OutputFile output;                ///< where the document goes
  bool output_existed = false;      ///< FILE existed before this run
  /// With --from-profile: what was chosen from the profile, and why
  /// (`selection` then holds its names and types).
  struct FromProfile {
    std::string label;    ///< PROFILE as given
    std::size_t top = 0;  ///< --top N; 0: every one
    std::optional<double> min_share_pct;
    bool with_results = false;  ///< --result was given
    ProfileRetuneSelection chosen;
  };
  std::optional<FromProfile> from_profile;
};

/// What the view is made from besides the files.
struct RetuneViewOptions {
  std::optional<double> below_pct;  ///< --below PCT
  bool by_type = false;             ///< --by-type
  OutputFile output;                ///< -o FILE, --force
  bool output_existed = false;      ///< FILE exists now (`output_exists`)
};

/// Chooses the operators of `files` to re-tune (`select_for_retune` with
/// `options.below_pct`). Reads nothing, prints nothing.
[[nodiscard]] RetuneView make_retune_view(const std::vector<ResultFile>& files,
                                          const RetuneViewOptions& options);

/// Chooses the operators of `profile` to tune (`select_from_profile`),
/// leaving out those `results` tuned with a gain. Reads nothing.
[[nodiscard]] RetuneView make_profile_retune_view(const Profile& profile, std::string label,
                                                  const std::vector<ResultFile>& results,
                                                  bool with_results,
                                                  const ProfileRetuneCriteria& criteria,
                                                  const RetuneViewOptions& options);

}  // namespace aoe::cli
