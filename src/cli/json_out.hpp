// SPDX-License-Identifier: Apache-2.0
// Machine-readable renderers (JSON). Shapes are the CLI contract, schema
// version 1; docs/*.schema.json describe them.
#pragma once

#include <string>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe::cli {

inline constexpr int kSchemaVersion = 1;

/// The `summary --format json` document (cli.md, "JSON summary"), pretty
/// printed with a trailing newline.
[[nodiscard]] std::string summary_json(const std::vector<ResultFile>& files);

/// `failed --format json`: {"schema_version": 1, "failed_operators": [...]}.
[[nodiscard]] std::string failed_json(const std::vector<std::string>& names);

}  // namespace aoe::cli
