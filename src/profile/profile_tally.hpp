// SPDX-License-Identifier: Apache-2.0
// What a profile file's rows add up to (the public `ProfileTally`, opaque
// outside the library): per operator (name and type) the durations kept
// for the median and P95, per task type and per step the sums. Rows are
// added one at a time and never kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "aoe_result/profile.hpp"

#include "string_hash.hpp"

namespace aoe {

struct ProfileTally {
  struct Operator {
    std::string name;
    std::string type;
    std::string task_type;  // of its first row
    std::size_t calls = 0;
    double total_us = 0.0;
    std::vector<double> durations_us;   // every duration read, for the median and P95
    std::vector<std::int64_t> devices;  // unsorted, each once
  };
  struct Sum {
    std::size_t calls = 0;
    double total_us = 0.0;
  };

  /// Adds one row.
  void add(std::string_view name, std::string_view type, std::string_view task_type,
           std::optional<double> duration_us, std::optional<std::int64_t> step_id,
           std::optional<std::int64_t> device_id);
  /// Adds every operator, task type and step of `other` (after this one's).
  void merge(const ProfileTally& other);

  std::vector<Operator> operators;  // in order of first appearance
  std::unordered_map<std::string, std::size_t, internal::StringHash, std::equal_to<>> index;
  std::vector<std::pair<std::string, Sum>> task_types;  // in order of first appearance
  std::map<std::int64_t, Sum> steps;
  double total_us = 0.0;

 private:
  Operator& find(std::string_view name, std::string_view type, std::string_view task_type);
  std::string key_;  // reused: the lookup key of a row
};

namespace internal {

/// The statistics of `durations_us` (reordered in place), with `calls`.
[[nodiscard]] ProfileStats profile_stats(std::size_t calls, double total_us,
                                         std::vector<double>& durations_us);

}  // namespace internal
}  // namespace aoe
