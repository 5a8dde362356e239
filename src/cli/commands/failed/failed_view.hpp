// SPDX-License-Identifier: Apache-2.0
// `failed`: the failed operators' names, de-duplicated, in file order.
#pragma once

#include <string>
#include <vector>

#include "aoe_result/model.hpp"

namespace aoe::cli {

/// What `failed` prints.
struct FailedView {
  std::vector<std::string> names;  ///< raw (renderers escape), first occurrence first
};

/// The names of `Report::failed_operators` over every report of `files`,
/// each once, in file order.
[[nodiscard]] FailedView make_failed_view(const std::vector<ResultFile>& files);

}  // namespace aoe::cli
