// SPDX-License-Identifier: Apache-2.0
/// @file
/// Where AOE writes on a machine: the folders of each kind of thing it
/// leaves, in the priority order AOE picks them by, and what each holds.
///
/// Computed from an explicit environment (`LocateEnv`), so that a test or
/// another program can ask about any; `process_locate_env` gives the
/// process's own. A kind of place (`PlaceKind`) names what is looked for;
/// `places` says where AOE would write it without touching the disk, and
/// `locate` also looks at each folder. This is where every kind of input
/// the program reads is discovered (the command line's discovery without
/// a path is built on it: `results` for result files, `custom_repository`
/// for the bank files). More kinds join (the built-in repository under
/// `$ASCEND_OPP_PATH`, AOE's logs, profiles under `PROF_*` or
/// `ASCEND_PROFILER_OUTPUT`) by a `PlaceKind` value, a places function in
/// locate.cpp (the variables they need added to `LocateEnv`) and a case in
/// `look_at` for what a place of theirs holds, without changing what a
/// `Place` is.
///
/// Nothing here throws for a folder that is missing, unreadable or not a
/// directory: that is an answer (`Place::exists` false, nothing found).
/// Only `std::bad_alloc` can escape.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aoe {

/// The environment the places are computed from. A variable that is unset
/// or empty is `nullopt` (AOE treats an empty one as unset).
struct LocateEnv {
  /// `$ASCEND_WORK_PATH`: where AOE writes its result files (CANN's AOE
  /// documentation; one page says into its `aoe_data`, so both are places).
  std::optional<std::string> ascend_work_path;
  /// `$TUNE_BANK_PATH`: the custom repository, first choice (AOE stops
  /// with an error when it is set but missing or not writable).
  std::optional<std::string> tune_bank_path;
  /// `$ASCEND_CACHE_PATH`: the custom repository is its `aoe_data` when
  /// `$TUNE_BANK_PATH` is unset.
  std::optional<std::string> ascend_cache_path;
  /// `$HOME`: the default custom repository is below it.
  std::optional<std::string> home;
  /// The working directory of the run: AOE writes its results there when
  /// `$ASCEND_WORK_PATH` is unset.
  std::filesystem::path cwd;
  /// A SoC version (e.g. "Ascend910B1"): the repository places are then
  /// `<base>/<soc_version>` itself, not `<base>`. Optional.
  std::optional<std::string> soc_version;
  /// `$ASCEND_OPP_PATH`: the built-in repository is its
  /// `built-in/data/op` (e.g. `/usr/local/Ascend/ascend-toolkit/latest/opp`).
  std::optional<std::string> ascend_opp_path;
};

/// The process's environment: the variables of `LocateEnv` read with
/// `getenv` (empty ones as unset) and the current directory ("." when it
/// cannot be told). Never throws but `std::bad_alloc`.
[[nodiscard]] LocateEnv process_locate_env(std::optional<std::string> soc_version = std::nullopt);

/// What a place holds.
enum class PlaceKind {
  /// AOE's result files (`aoe_result_opat_*.json`). Places:
  /// `$ASCEND_WORK_PATH` and `$ASCEND_WORK_PATH/aoe_data` (both in use when
  /// the variable is set: AOE writes to one of them), else the working
  /// directory of the run (`LocateEnv::cwd`). docs/format.md, "Who writes
  /// them, where, and when".
  results,
  /// The custom operator repository (knowledge bank) that tuning fills,
  /// one folder per SoC version (`<base>/<soc_version>/unified_bank/`).
  /// Places, first that is set in use: `$TUNE_BANK_PATH`,
  /// `$ASCEND_CACHE_PATH/aoe_data`, `$HOME/Ascend/latest/data/aoe/custom/op`
  /// (in use when the first two are unset). CANN's AOE documentation;
  /// docs/format.md, "Who writes them, where, and when". Current runtime
  /// code spells the last `$HOME/Ascend/cann/data/aoe/custom/op`: a fourth
  /// place, in use with the third.
  custom_repository,
  /// The repository shipped with CANN, read by the runtime beside the
  /// custom one: `$ASCEND_OPP_PATH/built-in/data/op`, a folder per SoC
  /// version holding `unified_bank/`.
  built_in_repository,
};

/// "results" | "custom-repository" | "built-in-repository".
[[nodiscard]] std::string_view to_string(PlaceKind kind) noexcept;

/// One folder where AOE writes (or would write) one kind of thing.
struct Place {
  PlaceKind kind = PlaceKind::results;
  /// How the place is named: "$ASCEND_WORK_PATH", "$ASCEND_WORK_PATH/aoe_data",
  /// "current directory", "$TUNE_BANK_PATH", ...
  std::string source;
  /// The folder; `nullopt` when the variable it comes from is not set.
  std::optional<std::filesystem::path> path;
  /// AOE uses this place by its priority rules (the variables set win).
  bool in_use = false;
  /// `custom_repository`: the SoC version `path` ends in
  /// (`LocateEnv::soc_version`); `nullopt` when `path` is the base.
  std::optional<std::string> soc_version;
  /// `path` is an existing directory (false until looked at).
  bool exists = false;
  /// What is inside, of the place's kind (empty until looked at):
  /// `results`: the result files directly in `path`, in `list_result_files`
  /// order (the newest last); `custom_repository`, `built_in_repository`:
  /// its folders (one per SoC version) by name, none when
  /// `LocateEnv::soc_version` names the folder itself.
  std::vector<std::filesystem::path> found;
};

/// The places of `kind` in priority order, `in_use` set, without looking
/// at the disk (`exists` false, `found` empty).
[[nodiscard]] std::vector<Place> places(PlaceKind kind, const LocateEnv& env);

/// Looks at `place` on the disk: sets `exists` and `found`. A place
/// without a path, or whose folder is missing or unreadable, is left
/// without either.
void look_at(Place& place);

/// `places(kind, env)`, each looked at.
[[nodiscard]] std::vector<Place> locate(PlaceKind kind, const LocateEnv& env);

/// True when `filename` is a result file's name, `aoe_result_opat_*.json`,
/// the name AOE gives every result file (docs/format.md). CANN 5.x's
/// `tune_result_*.json` is read when named, never discovered.
[[nodiscard]] bool is_result_file_name(std::string_view filename);

/// The sort key of a result file name: the `YYYYMMDD_HHMMSSmmm` of
/// `aoe_result_opat_YYYYMMDD_HHMMSSmmm_pidN.json`, or `nullopt` when the
/// name has none (a renamed file).
[[nodiscard]] std::optional<std::string> result_file_timestamp(std::string_view filename);

/// True when result file `a` comes before `b` in the one order of result
/// files: oldest first by the `YYYYMMDD_HHMMSSmmm` timestamp in their names
/// (`result_file_timestamp`); names without one (renamed files) first, by
/// path, so the last is the newest timestamped file; equal timestamps by
/// path.
[[nodiscard]] bool result_file_before(const std::filesystem::path& a,
                                      const std::filesystem::path& b);

/// Sorts `files` in the order of `result_file_before` (each name's
/// timestamp is taken once, not once per comparison).
void sort_result_files(std::vector<std::filesystem::path>& files);

/// The `aoe_result_opat_*.json` regular files directly in `dir`, in the
/// order of `sort_result_files`. A missing or unreadable `dir` gives none.
[[nodiscard]] std::vector<std::filesystem::path> list_result_files(
    const std::filesystem::path& dir);

}  // namespace aoe
