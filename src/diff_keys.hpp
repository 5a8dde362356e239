// SPDX-License-Identifier: Apache-2.0
// `diff`'s key tables: the names of one run's keys stored in blocks, and
// an open-addressing index of the keys (private to the library).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/model.hpp"

#include "string_hash.hpp"

namespace aoe {

// Named (not anonymous): DiffBuilder::State, of external linkage, holds
// these (GCC's -Wsubobject-linkage in a unity build).
namespace diff_detail {

// Names of the entries, stored one after another in large blocks: a view
// per entry instead of a string (and, for most names, a heap block) each.
class NameStore {
 public:
  std::string_view store(std::string_view name) {
    if (name.size() > kBlockBytes / 4) {  // a long name gets a block of its own
      blocks_.push_back(std::make_unique<char[]>(name.size()));
      std::copy(name.begin(), name.end(), blocks_.back().get());
      return {blocks_.back().get(), name.size()};
    }
    if (kBlockBytes - used_ < name.size() || current_ == nullptr) {
      blocks_.push_back(std::make_unique<char[]>(kBlockBytes));
      current_ = blocks_.back().get();
      used_ = 0;
    }
    char* at = current_ + used_;
    std::copy(name.begin(), name.end(), at);
    used_ += name.size();
    return {at, name.size()};
  }

 private:
  static constexpr std::size_t kBlockBytes = std::size_t{1} << 18;
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* current_ = nullptr;
  std::size_t used_ = 0;
};

// A key's hash: its name's, mixed with its mode's (interned: its address).
inline std::size_t key_hash(std::string_view name,
                            const std::optional<InternedString>& mode) noexcept {
  auto h = static_cast<std::size_t>(internal::bytes_hash(name));
  if (mode) h ^= std::hash<const void*>{}(mode->data()) * 0x9e3779b97f4a7c15ULL + 1;
  return h;
}

// The smallest after-tune time over an operator's modes (as `figures`);
// `nullopt` when the operator does not count (`left_out_reason`): it is
// compared as untimed, in no sum.
inline std::optional<double> smallest_after_us(const Operator& op) noexcept {
  if (left_out_reason(op)) return std::nullopt;
  std::optional<double> best;
  for (const ModeResult& m : op.modes) {
    if (m.after_us && (!best || *m.after_us < *best)) best = m.after_us;
  }
  return best;
}

// The keys of one side in order of first appearance (a deque: an entry
// never moves) and an open-addressing index of them: a slot holds 0 (empty)
// or the entry's index + 1 in its low 32 bits and its key's hash's high bits
// above, which also give its first slot. `Entry` has `op_name` and `mode`.
template <class Entry>
class KeyTable {
 public:
  std::deque<Entry> entries;
  std::shared_ptr<NameStore> names = std::make_shared<NameStore>();

  // The entry of the key, or null.
  Entry* find(std::string_view name, const std::optional<InternedString>& mode, std::size_t hash) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = home(tag(hash), mask);; i = (i + 1) & mask) {
      const std::uint64_t slot = slots_[i];
      if (slot == 0) return nullptr;
      if ((slot & ~std::uint64_t{0xffffffffU}) != tag(hash)) continue;
      Entry& e = entries[(slot & 0xffffffffU) - 1];
      if (e.op_name == name && e.mode == mode) return &e;
    }
  }

  // The entry of the key, added (name and mode set, the rest default) when new.
  Entry& entry(std::string_view name, const std::optional<InternedString>& mode) {
    const std::size_t hash = key_hash(name, mode);
    if (Entry* e = find(name, mode, hash)) return *e;
    if (entries.size() >= std::numeric_limits<std::uint32_t>::max() - 1) {
      throw std::length_error("diff: more than 4294967294 keys on one side");
    }
    Entry& e = entries.emplace_back();
    e.op_name = names->store(name);
    e.mode = mode;
    if ((entries.size() + 1) * 10 > slots_.size() * 7) grow();
    place(tag(hash) | entries.size());
    return e;
  }

  /// Gives the index's storage back (`= {}` would keep it: it assigns an
  /// empty list); neither `find` nor `entry` may be called after it.
  void drop_index() { slots_ = std::vector<std::uint64_t>(); }

 private:
  // The hash's tag (`hash_tag`) in the slot's high 32 bits.
  static std::uint64_t tag(std::size_t hash) noexcept {
    return static_cast<std::uint64_t>(internal::hash_tag(hash)) << 32U;
  }

  // A key's first slot, from the hash bits its slot keeps (the tag), so
  // that growing moves the slots over without a name read or hashed again.
  static std::size_t home(std::uint64_t slot, std::size_t mask) noexcept {
    return static_cast<std::size_t>(slot >> 32U) & mask;
  }

  void place(std::uint64_t slot) {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = home(slot, mask);
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }

  // Twice the slots, each held one placed again.
  void grow() {
    std::vector<std::uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    for (const std::uint64_t slot : old) {
      if (slot != 0) place(slot);
    }
  }

  std::vector<std::uint64_t> slots_ = std::vector<std::uint64_t>(1024, 0);
};

}  // namespace diff_detail

}  // namespace aoe
