// SPDX-License-Identifier: Apache-2.0
// `aoe-result profile`: its options, the setup_ function that registers
// them with CLI11 (cmd_profile.cpp) and the run_ function, which takes the
// options and a Context and never sees CLI11, so tests call it directly.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "commands/profile/profile_compare_command.hpp"
#include "core/context.hpp"
#include "io/input_kind.hpp"

namespace CLI {
class App;
}

namespace aoe::cli {

/// Rows of the operator table without --top.
inline constexpr std::size_t kProfileDefaultTop = 20;

struct ProfileOptions {
  /// `inputs.paths`: the PROFILE arguments, each one profile (a file, a
  /// `PROF_*` folder, an `ASCEND_PROFILER_OUTPUT` folder, a folder holding
  /// them, or - for standard input); `-r` and `-j` apply to each.
  /// How many there are chooses the mode (`profile_mode`).
  PathOptions inputs;
  /// --sort: total|mean|calls|name; unset: total. Only one profile's
  /// table is sorted: given beside --result or BEFORE AFTER it is refused.
  std::optional<std::string> sort;
  std::size_t top = kProfileDefaultTop;   ///< operator rows shown; 0: every one
  std::vector<std::string> types;         ///< --type (repeatable): any of them
  std::optional<std::string> name_regex;  ///< --name: ECMAScript regex searched in the name
  /// --result and the gates of two profiles (profile_compare_command.hpp).
  ProfileCompareOptions compare;
};

/// What `profile` does, chosen in one place from its arguments.
enum class ProfileMode {
  summary,  ///< one profile (or none: standard input): its operators
  compare,  ///< two profiles, BEFORE AFTER
};

/// The mode of `options`: `summary` for at most one PROFILE, `compare`
/// for two. Throws `UsageError` for more than two.
[[nodiscard]] ProfileMode profile_mode(const ProfileOptions& options);

CLI::App* setup_profile(CLI::App& app, ProfileOptions& options);
/// Throws `UsageError` for an unknown sort key, a bad regex, a format
/// `profile` does not write or more than two profiles.
[[nodiscard]] Exit run_profile(const ProfileOptions& options, Context& ctx);

}  // namespace aoe::cli
