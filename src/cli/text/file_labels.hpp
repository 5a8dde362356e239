// SPDX-License-Identifier: Apache-2.0
// How a table names the files its rows come from.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace aoe::cli {

/// Each of `paths` (repeats allowed) mapped to what a text table shows for
/// it: its file name, or its path as given where two paths share a name
/// (two folders' `aoe_result_opat_…_pid7311.json`), so that two files never
/// look alike. The labels are not escaped (`escape_text` them). A path
/// without a file name is shown whole.
[[nodiscard]] std::unordered_map<std::string, std::string> file_labels(
    const std::vector<std::string>& paths);

}  // namespace aoe::cli
