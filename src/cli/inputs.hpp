// SPDX-License-Identifier: Apache-2.0
// Turning the command line's [PATH...] into read result files.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aoe_result/model.hpp"
#include "context.hpp"

namespace aoe::cli {

struct InputOptions {
  std::vector<std::string> paths;  ///< files, directories, "-" for stdin
  bool recursive = false;          ///< -r: descend into subdirectories
};

struct Inputs {
  std::vector<ResultFile> files;  ///< in the order given; a directory's files oldest first
  Exit status = Exit::ok;         ///< Exit::input when any input was unusable
};

/// The `aoe_result_opat_*.json` files in `dir` (and below it with
/// `recursive`), oldest first by the timestamp in the name.
[[nodiscard]] std::vector<std::filesystem::path> result_files_in(const std::filesystem::path& dir,
                                                                 bool recursive);

/// The sort key of a result file name: its `YYYYMMDD_HHMMSSmmm` timestamp,
/// or `nullopt` when the name has none.
[[nodiscard]] std::optional<std::string> name_timestamp(const std::string& filename);

/// Where to look when no path is given: `$ASCEND_WORK_PATH`,
/// `$ASCEND_WORK_PATH/aoe_data`, then the current directory.
[[nodiscard]] std::vector<std::filesystem::path> default_search_dirs(const char* ascend_work_path);

/// Reads every input. Reader warnings go to `ctx.err` (unless quiet); an
/// unusable input is reported and sets `status` to `Exit::input` without
/// stopping the others. With no path, picks the newest result in the
/// default places and says so on stderr.
[[nodiscard]] Inputs load_inputs(const InputOptions& options, Context& ctx);

/// Prints a file's reader diagnostics of severity warning and error.
void print_reader_diagnostics(const ResultFile& file, Context& ctx);

/// "path:line:col: message [code]", escaped for the terminal.
[[nodiscard]] std::string describe(const Diagnostic& d);

}  // namespace aoe::cli
