// SPDX-License-Identifier: Apache-2.0
// Rows summed per operator, task type and step (profile_tally.hpp); parts
// of several files combined into a `Profile`.
#include "profile/profile_tally.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

namespace aoe {
namespace {

void add_device(std::vector<std::int64_t>& devices, std::int64_t device) {
  if (std::find(devices.begin(), devices.end(), device) == devices.end()) {
    devices.push_back(device);
  }
}

ProfileTally::Sum& sum_of(std::vector<std::pair<std::string, ProfileTally::Sum>>& sums,
                          std::string_view name) {
  for (auto& [key, sum] : sums) {
    if (key == name) return sum;
  }
  return sums.emplace_back(std::string(name), ProfileTally::Sum{}).second;
}

}  // namespace

ProfileTally::Operator& ProfileTally::find(std::string_view name, std::string_view type,
                                           std::string_view task_type) {
  key_.assign(name);
  key_.push_back('\0');
  key_.append(type);
  if (const auto it = index.find(key_); it != index.end()) return operators[it->second];
  index.emplace(key_, operators.size());
  Operator& op = operators.emplace_back();
  op.name.assign(name);
  op.type.assign(type);
  op.task_type.assign(task_type);
  return op;
}

void ProfileTally::add(std::string_view name, std::string_view type, std::string_view task_type,
                       std::optional<double> duration_us, std::optional<std::int64_t> step_id,
                       std::optional<std::int64_t> device_id) {
  Operator& op = find(name, type, task_type);
  ++op.calls;
  Sum& by_type = sum_of(task_types, task_type);
  ++by_type.calls;
  Sum* step = nullptr;
  if (step_id) {
    step = &steps[*step_id];
    ++step->calls;
  }
  if (device_id) add_device(op.devices, *device_id);
  if (!duration_us) return;
  op.durations_us.push_back(*duration_us);
  op.total_us += *duration_us;
  by_type.total_us += *duration_us;
  if (step != nullptr) step->total_us += *duration_us;
  total_us += *duration_us;
}

void ProfileTally::merge(const ProfileTally& other) {
  for (const Operator& theirs : other.operators) {
    Operator& op = find(theirs.name, theirs.type, theirs.task_type);
    op.calls += theirs.calls;
    op.total_us += theirs.total_us;
    op.durations_us.insert(op.durations_us.end(), theirs.durations_us.begin(),
                           theirs.durations_us.end());
    for (const std::int64_t d : theirs.devices) add_device(op.devices, d);
  }
  for (const auto& [name, sum] : other.task_types) {
    Sum& mine = sum_of(task_types, name);
    mine.calls += sum.calls;
    mine.total_us += sum.total_us;
  }
  for (const auto& [id, sum] : other.steps) {
    Sum& mine = steps[id];
    mine.calls += sum.calls;
    mine.total_us += sum.total_us;
  }
  total_us += other.total_us;
}

namespace internal {

ProfileStats profile_stats(std::size_t calls, double total_us, std::vector<double>& durations_us) {
  ProfileStats s;
  s.calls = calls;
  s.timed_calls = durations_us.size();
  s.total_us = total_us;
  const std::size_t n = durations_us.size();
  if (n == 0) return s;
  s.mean_us = total_us / static_cast<double>(n);
  std::sort(durations_us.begin(), durations_us.end());
  s.median_us =
      n % 2 == 1 ? durations_us[n / 2] : (durations_us[n / 2 - 1] + durations_us[n / 2]) / 2.0;
  // Nearest rank: the smallest value with at least 95 % of the values at
  // or below it, rank ceil(0.95 n) (1-based), in integers to avoid 0.95's
  // binary rounding.
  const std::size_t rank = (95 * n + 99) / 100;
  s.p95_us = durations_us[std::max<std::size_t>(rank, 1) - 1];
  return s;
}

}  // namespace internal

Profile combine_profile_parts(const std::vector<ProfilePart>& parts) {
  Profile out;
  ProfileTally all;
  for (const ProfilePart& part : parts) {
    out.files.push_back(part.file);
    out.rows += part.file.rows;
    out.bad_rows += part.file.bad_rows;
    out.diagnostics.insert(out.diagnostics.end(), part.file.diagnostics.begin(),
                           part.file.diagnostics.end());
    if (part.tally) all.merge(*part.tally);
  }
  out.total_us = all.total_us;
  out.operators.reserve(all.operators.size());
  for (ProfileTally::Operator& op : all.operators) {
    ProfileOperator o;
    o.name = std::move(op.name);
    o.type = std::move(op.type);
    o.task_type = std::move(op.task_type);
    o.stats = internal::profile_stats(op.calls, op.total_us, op.durations_us);
    std::vector<double>().swap(op.durations_us);
    o.devices = std::move(op.devices);
    std::sort(o.devices.begin(), o.devices.end());
    // No duration read is no share read (not 0 %).
    if (out.total_us != 0.0 && o.stats.timed_calls > 0) {
      o.share = o.stats.total_us / out.total_us;
    }
    out.operators.push_back(std::move(o));
  }
  std::sort(out.operators.begin(), out.operators.end(),
            [](const ProfileOperator& a, const ProfileOperator& b) {
              if (a.stats.total_us != b.stats.total_us) return a.stats.total_us > b.stats.total_us;
              return std::tie(a.name, a.type) < std::tie(b.name, b.type);
            });
  for (const auto& [name, sum] : all.task_types) {
    out.task_types.push_back({name, sum.calls, sum.total_us});
  }
  std::sort(out.task_types.begin(), out.task_types.end(),
            [](const ProfileTaskTypeTotal& a, const ProfileTaskTypeTotal& b) {
              if (a.total_us != b.total_us) return a.total_us > b.total_us;
              return a.task_type < b.task_type;
            });
  for (const auto& [id, sum] : all.steps) out.steps.push_back({id, sum.calls, sum.total_us});
  return out;
}

}  // namespace aoe
