// SPDX-License-Identifier: Apache-2.0
// `profile`: one profile's operators as the command shows them, computed
// once: filtered, sorted, cut to --top.
#pragma once

#include <cstddef>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/profile.hpp"

#include "io/input_kind.hpp"

namespace aoe::cli {

/// The orders of `profile --sort`.
enum class ProfileSort { total, mean, calls, name };

/// A sort key's name and what it orders by, for the option and its help.
struct ProfileSortName {
  std::string_view name;
  ProfileSort sort;
  std::string_view help;
};
/// Every sort key, in the order of the help.
[[nodiscard]] const std::vector<ProfileSortName>& profile_sort_names();

/// Which operators are shown, and how.
struct ProfileQuery {
  ProfileSort sort = ProfileSort::total;
  std::size_t top = 0;             ///< 0: every one
  std::vector<std::string> types;  ///< any of them (ignoring case); empty: every type
  std::optional<std::regex> name;  ///< searched in the name
};

/// What `profile` prints for one profile.
struct ProfileView {
  std::string input;                 ///< the PROFILE as given ("<stdin>" for none)
  const Profile* profile = nullptr;  ///< kept alive by the command
  /// True when no row was read at all (no file readable, or every file a
  /// header only): totals are then unknown (null), not 0.
  bool nothing_read = true;
  std::vector<const ProfileOperator*> shown;  ///< after the filters, in order, cut to --top
  std::size_t matching = 0;                   ///< operators that pass the filters
  std::size_t left_out = 0;                   ///< matching operators past --top
  bool filtered = false;                      ///< --type or --name given
  std::string sort_name = "total";
  std::size_t top = 0;
  /// Devices of every readable file, sorted, each once.
  std::vector<std::int64_t> devices;
  /// Inputs that gave nothing to read (`InputsBase::problems`), for the
  /// JSON document's "problems"; set by the command.
  std::vector<InputProblem> problems;
};

/// True when `type` is one of `types` (ignoring case), or a part of it
/// joined by `+` is.
[[nodiscard]] bool profile_type_matches(std::string_view type,
                                        const std::vector<std::string>& types);

/// The view of `profile` read from `input`.
[[nodiscard]] ProfileView make_profile_view(const Profile& profile, std::string input,
                                            const ProfileQuery& query);

}  // namespace aoe::cli
