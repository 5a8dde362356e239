// SPDX-License-Identifier: Apache-2.0
// Putting a container in an order computed as indices: large rows are
// sorted as small records or indices (no temporary copy of every row, as
// std::stable_sort of the rows themselves would make), then moved into
// place cycle by cycle.
#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

namespace aoe::internal {

/// Puts `items` (random access: vector, deque) in the order `order` gives:
/// `index_of(order[k])` is the index of the item that goes to place k, and
/// those indices are a permutation of 0..size-1, each of an unsigned type
/// that holds size-1 and one more value. In place: each cycle is walked once
/// with one item held aside. The indices in `order` are used up.
template <class Items, class Order, class IndexOf>
void apply_order(Items& items, std::vector<Order>& order, IndexOf index_of) {
  using Index = std::remove_reference_t<decltype(index_of(order[0]))>;
  constexpr Index kDone = std::numeric_limits<Index>::max();
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (index_of(order[start]) == kDone || index_of(order[start]) == start) continue;
    auto held = std::move(items[start]);
    std::size_t place = start;
    while (index_of(order[place]) != static_cast<Index>(start)) {
      const std::size_t from = index_of(order[place]);
      items[place] = std::move(items[from]);
      index_of(order[place]) = kDone;
      place = from;
    }
    items[place] = std::move(held);
    index_of(order[place]) = kDone;
  }
}

/// `apply_order` where `order` holds the indices themselves.
template <class Items, class Index>
void apply_order(Items& items, std::vector<Index>& order) {
  apply_order(items, order, [](Index& i) -> Index& { return i; });
}

}  // namespace aoe::internal
