// SPDX-License-Identifier: Apache-2.0
#include "commands/failed/failed_view.hpp"

#include <unordered_set>

namespace aoe::cli {

FailedView make_failed_view(const std::vector<ResultFile>& files) {
  FailedView view;
  std::unordered_set<std::string> seen;
  for (const ResultFile& f : files) {
    for (const Report& r : f.reports) {
      for (const std::string& name : r.failed_operators) {
        if (seen.insert(name).second) view.names.push_back(name);
        view.occurrences.push_back({name, f.path, r.id});
      }
    }
  }
  return view;
}

}  // namespace aoe::cli
