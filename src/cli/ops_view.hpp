// SPDX-License-Identifier: Apache-2.0
// The per-operator table in text, shared by `show` and `ops`.
#pragma once

#include <string>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "context.hpp"

namespace aoe::cli {

/// Which identifying columns the table shows.
struct OpsTableLayout {
  bool file_column = false;    ///< several files (text shows each file's name)
  bool report_column = false;  ///< several reports
};

/// The operator table (operator, type, modes, before/after/saved µs,
/// improvement %, and a bar of time saved relative to the largest), fitted
/// to the context's width, indented by `indent`.
[[nodiscard]] std::string render_ops_table(const std::vector<OperatorRow>& rows,
                                           const OpsTableLayout& layout, const Context& ctx,
                                           std::size_t indent);

}  // namespace aoe::cli
