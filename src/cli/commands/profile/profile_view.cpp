// SPDX-License-Identifier: Apache-2.0
#include "commands/profile/profile_view.hpp"

#include <algorithm>
#include <tuple>

namespace aoe::cli {
namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto lower = [](char c) {
             return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
           };
           return lower(x) == lower(y);
         });
}

// Numbers descending (an operator without a mean last), then name and type.
bool profile_row_before(const ProfileOperator& a, const ProfileOperator& b, ProfileSort sort) {
  const auto by_name = [&] { return std::tie(a.name, a.type) < std::tie(b.name, b.type); };
  switch (sort) {
    case ProfileSort::total:
      if (a.stats.total_us != b.stats.total_us) return a.stats.total_us > b.stats.total_us;
      return by_name();
    case ProfileSort::mean:
      if (a.stats.mean_us.has_value() != b.stats.mean_us.has_value()) {
        return a.stats.mean_us.has_value();
      }
      if (a.stats.mean_us && *a.stats.mean_us != *b.stats.mean_us) {
        return *a.stats.mean_us > *b.stats.mean_us;
      }
      return by_name();
    case ProfileSort::calls:
      if (a.stats.calls != b.stats.calls) return a.stats.calls > b.stats.calls;
      return by_name();
    case ProfileSort::name:
      return by_name();
  }
  return by_name();
}

}  // namespace

const std::vector<ProfileSortName>& profile_sort_names() {
  static const std::vector<ProfileSortName> names{
      {"total", ProfileSort::total, "device time, most first"},
      {"mean", ProfileSort::mean, "mean duration, longest first"},
      {"calls", ProfileSort::calls, "calls, most first"},
      {"name", ProfileSort::name, "name, then type"}};
  return names;
}

bool profile_type_matches(std::string_view type, const std::vector<std::string>& types) {
  if (types.empty()) return true;
  for (const std::string& t : types) {
    if (same_ignoring_case(type, t)) return true;
    std::string_view rest = type;
    while (!rest.empty()) {
      const std::size_t plus = rest.find('+');
      if (same_ignoring_case(rest.substr(0, plus), t)) return true;
      if (plus == std::string_view::npos) break;
      rest.remove_prefix(plus + 1);
    }
  }
  return false;
}

ProfileView make_profile_view(const Profile& profile, std::string input,
                              const ProfileQuery& query) {
  ProfileView v;
  v.input = std::move(input);
  v.profile = &profile;
  v.nothing_read = profile.rows == 0;
  v.filtered = !query.types.empty() || query.name.has_value();
  v.top = query.top;
  for (const ProfileSortName& n : profile_sort_names()) {
    if (n.sort == query.sort) v.sort_name = std::string(n.name);
  }
  for (const ProfileFile& f : profile.files) {
    v.devices.insert(v.devices.end(), f.devices.begin(), f.devices.end());
  }
  std::sort(v.devices.begin(), v.devices.end());
  v.devices.erase(std::unique(v.devices.begin(), v.devices.end()), v.devices.end());
  for (const ProfileOperator& op : profile.operators) {
    if (!profile_type_matches(op.type, query.types)) continue;
    if (query.name && !std::regex_search(op.name, *query.name)) continue;
    v.shown.push_back(&op);
  }
  if (query.sort != ProfileSort::total) {  // the profile's own order is by total
    std::stable_sort(v.shown.begin(), v.shown.end(),
                     [&](const ProfileOperator* a, const ProfileOperator* b) {
                       return profile_row_before(*a, *b, query.sort);
                     });
  }
  v.matching = v.shown.size();
  if (query.top > 0 && v.shown.size() > query.top) {
    v.left_out = v.shown.size() - query.top;
    v.shown.resize(query.top);
  }
  return v;
}

}  // namespace aoe::cli
