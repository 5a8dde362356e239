// SPDX-License-Identifier: Apache-2.0
#include "text/file_labels.hpp"

#include <filesystem>

namespace aoe::cli {

std::unordered_map<std::string, std::string> file_labels(const std::vector<std::string>& paths) {
  std::unordered_map<std::string, std::string> labels;
  std::unordered_map<std::string, std::size_t> paths_named;  // a name: the paths that have it
  for (const std::string& p : paths) {
    if (labels.count(p) != 0) continue;
    std::string name = std::filesystem::path(p).filename().string();
    if (name.empty()) name = p;
    ++paths_named[name];
    labels.emplace(p, std::move(name));
  }
  for (auto& [path, label] : labels) {
    if (paths_named[label] > 1) label = path;
  }
  return labels;
}

}  // namespace aoe::cli
