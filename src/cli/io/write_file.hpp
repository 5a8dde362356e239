// SPDX-License-Identifier: Apache-2.0
// Writing an output file whole or not at all (retune's JSON, report's
// page), and the `-o FILE` / `--force` rules of the commands that do.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe::cli {

struct Context;

/// Writes `text` to `path` through a temporary file in the same directory
/// and a rename, so that a failure never leaves half a file. Throws
/// `UsageError` (its message escaped for the terminal) when the file cannot
/// be written or renamed; the temporary file is removed then.
void write_file_whole(const std::filesystem::path& path, const std::string& text);

/// Where a command that writes one document whole puts it: `-o FILE`, or
/// standard output for `-o -`.
struct OutputFile {
  std::string path;    ///< -o FILE; "-" for standard output
  bool force = false;  ///< --force: an existing FILE may be overwritten
  /// What FILE is, in messages ("page", "file").
  std::string_view noun = "file";

  /// True for `-o -`.
  [[nodiscard]] bool to_stdout() const noexcept { return path == "-"; }
};

/// Throws `UsageError` ("FILE is a directory; -o names the <noun> to
/// write") when FILE is an existing directory; nothing for standard output.
void refuse_directory(const OutputFile& file);

/// Whether FILE exists (false for standard output and when it cannot be
/// told).
[[nodiscard]] bool output_exists(const OutputFile& file);

/// Throws `UsageError` ("FILE exists; use --force to overwrite it, or
/// choose another -o") when FILE exists and `force` is not set.
void refuse_overwrite(const OutputFile& file);

/// "nothing written" for standard output, else "FILE not written" (FILE
/// escaped for the terminal): the end of a message saying why.
[[nodiscard]] std::string not_written(const OutputFile& file);

/// True when at least one of `files` could be read. Else says so as an
/// error on `ctx` ("no input could be read; FILE not written") and gives
/// false: the command then writes nothing and exits 3.
[[nodiscard]] bool any_readable(const std::vector<ResultFile>& files, const OutputFile& file,
                                const Context& ctx);

/// Writes `text` to `out` for standard output, else whole to FILE
/// (`write_file_whole`, which throws `UsageError` when it cannot).
void write_output(const OutputFile& file, const std::string& text, std::ostream& out);

}  // namespace aoe::cli
