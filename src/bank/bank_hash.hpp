// SPDX-License-Identifier: Apache-2.0
// The hash of a shape (`info_dict_hash`): the mixed sum of its entries'
// hashes, so that their order does not count. Shared by the reader, which
// sums as it reads, and bank_names.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "aoe_result/bank.hpp"

#include "string_hash.hpp"

namespace aoe::internal {

/// The shape's hash from the sum of its `entry_hash`es and their count.
[[nodiscard]] constexpr std::uint64_t shape_hash(std::uint64_t sum, std::size_t entries) noexcept {
  return mix64(sum + entries);
}

/// The hash of a key, as `entry_hash` takes it.
[[nodiscard]] inline std::uint64_t key_hash(std::string_view key) noexcept {
  return bytes_hash(key);
}

/// A set of 64-bit hashes that are already mixed (`shape_hash`'s): open
/// addressing with linear probing, at most 3/4 full, 8 bytes a slot and no
/// allocation an insert (a node-based set takes ~40 bytes and one each).
class HashSet64 {
 public:
  void insert(std::uint64_t key) {
    if (key == 0) {
      has_zero_ = true;  // 0 marks a free slot; its own flag
      return;
    }
    if ((stored_ + 1) * 4 > slots_.size() * 3) grow();
    std::uint64_t& slot = probe(key);
    if (slot == 0) {
      slot = key;
      ++stored_;
    }
  }
  /// Adds every hash of `other`.
  void insert_all(const HashSet64& other) {
    if (other.has_zero_) has_zero_ = true;
    for (const std::uint64_t key : other.slots_) {
      if (key != 0) insert(key);
    }
  }
  [[nodiscard]] std::size_t size() const noexcept { return stored_ + (has_zero_ ? 1 : 0); }

 private:
  std::uint64_t& probe(std::uint64_t key) {
    const std::size_t mask = slots_.size() - 1;
    for (auto i = static_cast<std::size_t>(key) & mask;; i = (i + 1) & mask) {
      std::uint64_t& slot = slots_[i];
      if (slot == 0 || slot == key) return slot;
    }
  }
  void grow() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : old.size() * 2, 0);
    for (const std::uint64_t key : old) {
      if (key != 0) probe(key) = key;
    }
  }
  std::vector<std::uint64_t> slots_;
  std::size_t stored_ = 0;  // the non-zero hashes
  bool has_zero_ = false;
};

/// `entry_hash` of an integer entry whose value is already read, of a
/// magnitude below 2^53 (exact as a double): the key already hashed.
[[nodiscard]] std::uint64_t entry_hash_integer(std::uint64_t key_hash, std::int64_t value) noexcept;

/// `entry_hash(key, kind, text)` of a key already hashed (`key_hash`).
[[nodiscard]] std::uint64_t entry_hash_keyed(std::uint64_t key_hash, BankValue::Kind kind,
                                             std::string_view text);

}  // namespace aoe::internal
