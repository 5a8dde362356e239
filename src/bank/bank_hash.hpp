// SPDX-License-Identifier: Apache-2.0
// The hash of a shape (`info_dict_hash`): the mixed sum of its entries'
// hashes, so that their order does not count. Shared by the reader, which
// sums as it reads, and bank_names.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "aoe_result/bank.hpp"

namespace aoe::internal {

/// A 64-bit finaliser (splitmix64's).
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 30U;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27U;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31U;
  return x;
}

/// The shape's hash from the sum of its `entry_hash`es and their count.
[[nodiscard]] constexpr std::uint64_t shape_hash(std::uint64_t sum, std::size_t entries) noexcept {
  return mix64(sum + entries);
}

/// The hash of a key, as `entry_hash` takes it.
[[nodiscard]] inline std::uint64_t key_hash(std::string_view key) noexcept {
  return std::hash<std::string_view>{}(key);
}

/// `entry_hash(key, kind, text)` of a key already hashed (`key_hash`).
[[nodiscard]] std::uint64_t entry_hash_keyed(std::uint64_t key_hash, BankValue::Kind kind,
                                             std::string_view text);

}  // namespace aoe::internal
