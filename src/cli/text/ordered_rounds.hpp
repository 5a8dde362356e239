// SPDX-License-Identifier: Apache-2.0
// Output of a row per operator made on several cores and written in order:
// rows are taken in blocks, a few blocks at a time (a round), each made on
// a thread of its own, then handed on in row order before the next round
// starts. What is held is a round's blocks, never the whole output.
#pragma once

#include <algorithm>
#include <barrier>
#include <cstddef>
#include <exception>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

namespace aoe::cli {

/// Threads to make output with: one per core, at most 4 (writing the
/// output, not making it, is the limit beyond that).
[[nodiscard]] inline unsigned output_threads() noexcept {
  return std::clamp(std::thread::hardware_concurrency(), 1U, 4U);
}

/// Runs `work(begin, end, slot)` over the rows [0, n) in blocks of `block`
/// rows, up to `threads` blocks at a time; `slot` (0..threads-1) is the
/// block's place in its round, so that each concurrent block has storage
/// of its own. After each round, `done(slot)` is called for its blocks in
/// row order, on the calling thread. `work` must be safe to run on several
/// threads at once; what it throws is rethrown here once the round's other
/// blocks have finished, and no later round runs. The threads are started
/// once per call. With `threads` 1, or a single block, everything runs on
/// the calling thread.
template <class Work, class Done>
void in_ordered_rounds(std::size_t n, std::size_t block, unsigned threads, Work work, Done done) {
  block = std::max<std::size_t>(block, 1);
  threads = static_cast<unsigned>(
      std::clamp<std::size_t>((n + block - 1) / block, 1, std::max(threads, 1U)));
  if (threads == 1) {
    for (std::size_t begin = 0; begin < n; begin += block) {
      work(begin, std::min(n, begin + block), 0U);
      done(0U);
    }
    return;
  }
  // The workers live for the whole call and meet the calling thread at
  // the start and at the end of each round.
  std::barrier start_round(static_cast<std::ptrdiff_t>(threads));
  std::barrier end_round(static_cast<std::ptrdiff_t>(threads));
  std::size_t round_begin = 0;  // first row of the round; n: no more rounds
  std::vector<std::exception_ptr> failed(threads);
  const auto run_block = [&](unsigned slot) {
    const std::size_t begin = round_begin + slot * block;
    if (begin >= n) return;
    try {
      work(begin, std::min(n, begin + block), slot);
    } catch (...) {
      failed[slot] = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  for (unsigned slot = 1; slot < threads; ++slot) {
    workers.emplace_back([&, slot] {
      for (;;) {
        start_round.arrive_and_wait();
        if (round_begin >= n) return;
        run_block(slot);
        end_round.arrive_and_wait();
      }
    });
  }
  std::exception_ptr first_failure;
  for (; round_begin < n; round_begin += block * threads) {
    start_round.arrive_and_wait();
    run_block(0);
    end_round.arrive_and_wait();
    for (const std::exception_ptr& e : failed) {
      if (e && !first_failure) first_failure = e;
    }
    if (first_failure) break;
    for (unsigned slot = 0; slot < threads && round_begin + slot * block < n; ++slot) done(slot);
  }
  round_begin = n;  // the workers see it at the next start and leave
  start_round.arrive_and_wait();
  for (std::thread& t : workers) t.join();
  if (first_failure) std::rethrow_exception(first_failure);
}

/// Writes the text `make(i, text)` appends for each row i in [0, n) to
/// `out`, in row order; rows are made on `output_threads()` cores, in
/// blocks of `block` rows, when there are more than two blocks of them.
/// `make` must be safe to run on several threads at once.
template <class Make>
void write_rows_in_order(std::ostream& out, std::size_t n, Make make, std::size_t block = 4096) {
  const unsigned threads = n > 2 * block ? output_threads() : 1U;
  std::vector<std::string> text(threads);
  in_ordered_rounds(
      n, block, threads,
      [&](std::size_t begin, std::size_t end, unsigned slot) {
        text[slot].clear();
        for (std::size_t i = begin; i < end; ++i) make(i, text[slot]);
      },
      [&](unsigned slot) {
        out.write(text[slot].data(), static_cast<std::streamsize>(text[slot].size()));
      });
}

}  // namespace aoe::cli
