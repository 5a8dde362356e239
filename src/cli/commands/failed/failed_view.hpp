// SPDX-License-Identifier: Apache-2.0
// `failed`: the failed operators' names, de-duplicated, in file order.
#pragma once

#include <string>
#include <vector>

#include "aoe_result/model.hpp"

#include "io/inputs.hpp"

namespace aoe::cli {

/// What `failed` prints.
struct FailedView {
  std::vector<std::string> names;  ///< raw (renderers escape), first occurrence first
  /// Inputs that gave nothing to read (`Inputs::problems`), for the JSON
  /// document's "problems"; set by the command.
  std::vector<InputProblem> problems;
};

/// The names of `Report::failed_operators` over every report of `files`,
/// each once, in file order.
[[nodiscard]] FailedView make_failed_view(const std::vector<ResultFile>& files);

}  // namespace aoe::cli
