// SPDX-License-Identifier: Apache-2.0
// Turning the command line's [PATH...] into read result files.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"

#include "context.hpp"

namespace aoe::cli {

struct InputOptions {
  std::vector<std::string> paths;  ///< files, directories, "-" for stdin
  bool recursive = false;          ///< -r: descend into subdirectories
  /// -j: files read at the same time; 0 means one per available core.
  unsigned jobs = 0;
};

struct Inputs {
  std::vector<ResultFile> files;  ///< in the order given; a directory's files oldest first
  Exit status = Exit::ok;         ///< Exit::input when any input was unusable
};

/// The `aoe_result_opat_*.json` files in `dir` (and below it with
/// `recursive`), oldest first by the `YYYYMMDD_HHMMSSmmm` timestamp in the
/// name. Names without a timestamp (renamed files) come first, by name, so
/// that the last file is always the newest timestamped one; equal
/// timestamps are ordered by path. A missing or unreadable `dir` gives none.
[[nodiscard]] std::vector<std::filesystem::path> result_files_in(const std::filesystem::path& dir,
                                                                 bool recursive);

/// The sort key of a result file name: its `YYYYMMDD_HHMMSSmmm` timestamp,
/// or `nullopt` when the name has none.
[[nodiscard]] std::optional<std::string> name_timestamp(const std::string& filename);

/// Where to look when no path is given: `$ASCEND_WORK_PATH`,
/// `$ASCEND_WORK_PATH/aoe_data` (when the variable is set and not empty),
/// then `cwd`.
[[nodiscard]] std::vector<std::filesystem::path> default_search_dirs(
    const char* ascend_work_path, const std::filesystem::path& cwd = ".");

/// What the search for a result went through when no path was given.
struct Discovery {
  std::optional<std::filesystem::path> picked;   ///< the file to read; nullopt when none
  std::vector<std::filesystem::path> looked_in;  ///< every folder searched, in order
};

/// Finds the result to read when no path is given. The places are tried in
/// priority order: first `$ASCEND_WORK_PATH` and `$ASCEND_WORK_PATH/aoe_data`
/// together (AOE writes to one of them when the variable is set; the newest
/// of both wins), then the current directory `cwd` only if they hold none.
/// "Newest" is by the timestamp in the name. Never throws for missing or
/// unreadable folders.
[[nodiscard]] Discovery discover_newest(const char* ascend_work_path,
                                        const std::filesystem::path& cwd = ".");

/// Reads `targets` (paths; "-" is `in`) on up to `jobs` threads (0: one per
/// available core) and returns them in the order of `targets`, whatever
/// the order in which they finished. Reading never prints.
/// Rethrows on the calling thread what a reader threw (std::bad_alloc).
[[nodiscard]] std::vector<ResultFile> read_all(const std::vector<std::string>& targets,
                                               std::istream& in, unsigned jobs = 0);

/// Reads every input. Directories are expanded, files are read in parallel
/// (`options.jobs`), then reader warnings and errors go to `ctx.err` in the
/// order of the inputs (unless quiet). An unusable input is reported and
/// sets `status` to `Exit::input` without stopping the others. With no
/// path, picks the newest result (`discover_newest`) and says so on stderr.
/// Throws `UsageError` when "-" is given more than once.
[[nodiscard]] Inputs load_inputs(const InputOptions& options, Context& ctx);

/// Prints a file's reader diagnostics of severity warning and error.
void print_reader_diagnostics(const ResultFile& file, Context& ctx);

/// "path:line:col: message [code]", escaped for the terminal.
[[nodiscard]] std::string describe(const Diagnostic& d);

}  // namespace aoe::cli
