// SPDX-License-Identifier: Apache-2.0
// Rows made on several cores come out in order (text/ordered_rounds.hpp),
// and what a worker throws stops the rounds.
#include "text/ordered_rounds.hpp"

#include <atomic>
#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

TEST(OrderedRounds, BlocksHandedOnInRowOrder) {
  for (const unsigned threads : {1U, 2U, 3U, 8U}) {
    for (const std::size_t n :
         {std::size_t{0}, std::size_t{1}, std::size_t{10}, std::size_t{1001}}) {
      std::vector<std::vector<std::size_t>> made(threads);
      std::vector<std::size_t> order;
      in_ordered_rounds(
          n, 7, threads,
          [&](std::size_t begin, std::size_t end, unsigned slot) {
            made[slot].clear();
            for (std::size_t i = begin; i < end; ++i) made[slot].push_back(i);
          },
          [&](unsigned slot) { order.insert(order.end(), made[slot].begin(), made[slot].end()); });
      ASSERT_EQ(order.size(), n);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(order[i], i) << threads << " threads";
    }
  }
}

TEST(OrderedRounds, WhatAWorkerThrowsStopsTheRoundsAndIsRethrown) {
  std::atomic<std::size_t> done_blocks{0};
  EXPECT_THROW(in_ordered_rounds(
                   1000, 10, 2,
                   [](std::size_t begin, std::size_t, unsigned) {
                     if (begin == 510) throw std::runtime_error("block 51");
                   },
                   [&](unsigned) { ++done_blocks; }),
               std::runtime_error);
  EXPECT_EQ(done_blocks.load(), 50U);  // the rounds before the failing one
}

TEST(OrderedRounds, RowsWrittenInOrderAreThoseMadeInTurn) {
  for (const std::size_t n : {std::size_t{0}, std::size_t{3}, std::size_t{20000}}) {
    const auto make = [](std::size_t i, std::string& text) {
      text += std::to_string(i);
      text += i % 7 == 0 ? ",\"a,b\"\n" : ",x\n";
    };
    std::string in_turn;
    for (std::size_t i = 0; i < n; ++i) make(i, in_turn);
    std::ostringstream out;
    write_rows_in_order(out, n, make, 1000);
    EXPECT_EQ(out.str(), in_turn) << n << " rows";
  }
}

}  // namespace
}  // namespace aoe::cli
