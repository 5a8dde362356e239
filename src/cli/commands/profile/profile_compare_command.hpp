// SPDX-License-Identifier: Apache-2.0
// The options of `profile` that set a profile beside AOE's results
// (`--result`) or judge two profiles (`--fail-above`, `--min-gain`,
// `--p95-worse`), registered on `profile` by `add_profile_compare_options`
// (cmd_profile_compare.cpp), and the runs of those two modes, which take
// the profiles the command read.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "aoe_result/profile.hpp"

#include "core/context.hpp"
#include "io/input_kind.hpp"
#include "io/profile_inputs.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

struct ProfileCompareOptions {
  std::vector<std::string> results;      ///< --result RESULT (repeatable)
  std::optional<double> fail_above_pct;  ///< --fail-above PCT
  std::optional<double> min_gain_pct;    ///< --min-gain PCT
  std::optional<double> p95_worse_pct;   ///< --p95-worse PCT
  /// Whether any gate is asked.
  [[nodiscard]] bool gated() const noexcept {
    return fail_above_pct || min_gain_pct || p95_worse_pct;
  }
};

/// Registers --result, --fail-above, --min-gain and --p95-worse on `cmd`.
void add_profile_compare_options(CLI::App& cmd, ProfileCompareOptions& options);

/// The help's paragraph on the two modes, their gates and exit statuses.
[[nodiscard]] std::string profile_compare_help();

/// `profile --result RESULT... PROFILE`: the cross-check. Exit 0 when at
/// least one tuned operator was judged against the profile; 1 when none
/// could be (none tuned, none matched, none timed): a check of nothing is
/// no pass; 3 when an input could not be read (worst of all). Throws
/// `UsageError` for a gate (two profiles only).
[[nodiscard]] Exit run_profile_check(const ProfileCompareOptions& options,
                                     const ReadProfile& profile, Context& ctx);

/// `profile BEFORE AFTER` (with `--result`: the tuned operators too). Exit
/// 0 when every gate held, 1 when one is broken or had nothing to judge,
/// 3 when an input could not be read.
[[nodiscard]] Exit run_profile_compare(const ProfileCompareOptions& options,
                                       const ReadProfile& before, const ReadProfile& after,
                                       std::size_t top, Context& ctx);

}  // namespace aoe::cli
