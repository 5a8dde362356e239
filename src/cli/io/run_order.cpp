// SPDX-License-Identifier: Apache-2.0
#include "io/run_order.hpp"

#include <cstddef>
#include <filesystem>

#include "aoe_result/locate.hpp"

namespace aoe::cli {

std::optional<OutOfOrder> runs_out_of_order(const std::vector<std::string>& paths) {
  std::optional<std::string> latest;  // the latest timestamp so far
  std::size_t latest_run = 0;         // its run, counted from 1
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const std::optional<std::string> stamp =
        result_file_timestamp(std::filesystem::path(paths[i]).filename().string());
    if (!stamp) continue;
    if (latest && *stamp < *latest) {
      return OutOfOrder{i + 1, *stamp, latest_run, *latest};
    }
    latest = stamp;
    latest_run = i + 1;
  }
  return std::nullopt;
}

}  // namespace aoe::cli
