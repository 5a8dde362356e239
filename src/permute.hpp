// SPDX-License-Identifier: Apache-2.0
// Putting a container in an order computed as indices: large rows are
// sorted as 8-byte indices (no temporary copy of every row, as
// std::stable_sort of the rows themselves would make), then moved into
// place cycle by cycle.
#pragma once

#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

namespace aoe::internal {

/// Puts `items` (random access: vector, deque) in the order `order` gives:
/// `order[k]` is the index of the item that goes to place k; `order` is a
/// permutation of 0..size-1. In place: each cycle is walked once with one
/// item held aside. `order` is used up.
template <class Items>
void apply_order(Items& items, std::vector<std::size_t>& order) {
  constexpr std::size_t kDone = std::numeric_limits<std::size_t>::max();
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (order[start] == kDone || order[start] == start) continue;
    auto held = std::move(items[start]);
    std::size_t place = start;
    while (order[place] != start) {
      const std::size_t from = order[place];
      items[place] = std::move(items[from]);
      order[place] = kDone;
      place = from;
    }
    items[place] = std::move(held);
    order[place] = kDone;
  }
}

}  // namespace aoe::internal
