// SPDX-License-Identifier: Apache-2.0
// `locate`: what it shows of the places the library found
// (aoe_result/locate.hpp): for results, how many files and the newest; for
// the custom repository, its SoC versions. The renderers
// (locate_render.hpp) only format this.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/locate.hpp"

namespace aoe::cli {

/// One place as `locate` shows it.
struct LocateRow {
  std::string source;  ///< how it is named: "$ASCEND_WORK_PATH", "current directory", ...
  /// The folder; nullopt when its variable is not set.
  std::optional<std::filesystem::path> path;
  bool exists = false;  ///< `path` is an existing directory
  /// AOE uses this place by its priority rules (set variables win).
  bool in_use = false;
  std::size_t result_files = 0;                 ///< results: `aoe_result_opat_*.json` inside
  std::optional<std::filesystem::path> newest;  ///< results: the newest of them
  /// Repository: the subdirectories (one per soc_version) found inside.
  std::vector<std::string> soc_versions;
};

/// What `locate` shows.
struct LocateView {
  /// `$ASCEND_WORK_PATH`, `$ASCEND_WORK_PATH/aoe_data`, the current directory.
  std::vector<LocateRow> results;
  /// `$TUNE_BANK_PATH`, `$ASCEND_CACHE_PATH/aoe_data`,
  /// `$HOME/Ascend/latest/data/aoe/custom/op` (each holding `<soc_version>/`).
  std::vector<LocateRow> repository;
};

/// The view of the places `aoe::locate` found: `results` of kind
/// `PlaceKind::results`, `repository` of kind `PlaceKind::custom_repository`,
/// in their order. Reads nothing.
[[nodiscard]] LocateView make_locate_view(const std::vector<Place>& results,
                                          const std::vector<Place>& repository);

}  // namespace aoe::cli
