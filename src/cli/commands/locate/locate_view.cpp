// SPDX-License-Identifier: Apache-2.0
#include "commands/locate/locate_view.hpp"

namespace aoe::cli {
namespace {

LocateRow row(const Place& p) {
  LocateRow r;
  r.source = p.source;
  r.path = p.path;
  r.exists = p.exists;
  r.in_use = p.in_use;
  switch (p.kind) {
    case PlaceKind::results:
      r.result_files = p.found.size();
      if (!p.found.empty()) r.newest = p.found.back();
      break;
    case PlaceKind::custom_repository:
    case PlaceKind::built_in_repository:
      for (const std::filesystem::path& soc : p.found) {
        r.soc_versions.push_back(soc.filename().string());
      }
      break;
  }
  return r;
}

}  // namespace

LocateView make_locate_view(const std::vector<Place>& results,
                            const std::vector<Place>& repository) {
  LocateView v;
  for (const Place& p : results) v.results.push_back(row(p));
  for (const Place& p : repository) v.repository.push_back(row(p));
  return v;
}

}  // namespace aoe::cli
