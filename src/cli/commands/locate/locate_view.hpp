// SPDX-License-Identifier: Apache-2.0
// `locate`: where this machine's AOE results and custom repository are,
// by the documented priorities. Computed from an explicit environment so
// that tests need no real one.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace aoe::cli {

/// The environment `locate` looks at.
struct LocateEnv {
  std::optional<std::string> ascend_work_path;   ///< $ASCEND_WORK_PATH (nullopt: unset or empty)
  std::optional<std::string> tune_bank_path;     ///< $TUNE_BANK_PATH
  std::optional<std::string> ascend_cache_path;  ///< $ASCEND_CACHE_PATH
  std::optional<std::string> home;               ///< $HOME
  std::filesystem::path cwd;                     ///< the current directory
  /// `--soc-version`: look at `<repository>/<soc_version>` itself.
  std::optional<std::string> soc_version;
};

/// The process's environment (empty variables count as unset).
[[nodiscard]] LocateEnv process_locate_env(std::optional<std::string> soc_version);

/// One candidate place.
struct Place {
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

struct Location {
  /// `$ASCEND_WORK_PATH`, `$ASCEND_WORK_PATH/aoe_data`, the current directory.
  std::vector<Place> results;
  /// `$TUNE_BANK_PATH`, `$ASCEND_CACHE_PATH/aoe_data`,
  /// `$HOME/Ascend/latest/data/aoe/custom/op` (each holding `<soc_version>/`).
  std::vector<Place> repository;
};

/// Looks at each place. Never throws for missing or unreadable folders.
[[nodiscard]] Location locate(const LocateEnv& env);

}  // namespace aoe::cli
