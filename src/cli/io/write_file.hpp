// SPDX-License-Identifier: Apache-2.0
// Writing an output file whole or not at all (retune's JSON, report's page).
#pragma once

#include <filesystem>
#include <string>

namespace aoe::cli {

/// Writes `text` to `path` through a temporary file in the same directory
/// and a rename, so that a failure never leaves half a file. Throws
/// `UsageError` (its message escaped for the terminal) when the file cannot
/// be written or renamed; the temporary file is removed then.
void write_file_whole(const std::filesystem::path& path, const std::string& text);

}  // namespace aoe::cli
