// SPDX-License-Identifier: Apache-2.0
// Parts of one piece of work run at once (the parts of one file read, the
// rows of one file made or sorted): part 0 on the calling thread, each
// other on a thread of its own (or on the calling thread when no thread
// can be had). Knows nothing of what a part is.
#pragma once

#include <cstddef>
#include <cstring>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace aoe::internal {

/// Calls `run_part(k)` for each k below `parts` at once and waits for all;
/// then rethrows the first exception (in part order) a call threw.
template <class RunPart>
void run_parts_in_parallel(std::size_t parts, const RunPart& run_part) {
  std::vector<std::exception_ptr> failures(parts);
  const auto guarded = [&](std::size_t k) {
    try {
      run_part(k);
    } catch (...) {
      failures[k] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  // Reserved before any thread starts: a vector that grew later could
  // throw while threads run, and destroying running threads terminates.
  threads.reserve(parts > 0 ? parts - 1 : 0);
  for (std::size_t k = 1; k < parts; ++k) {
    try {
      threads.emplace_back(guarded, k);
    } catch (const std::system_error&) {
      guarded(k);  // no thread to be had: read here
    }
  }
  if (parts > 0) guarded(0);
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
}

/// Writes zeros over the `bytes` bytes of raw storage at `data` (room a
/// vector reserved, no object in it yet), a slice on each of `parts`
/// threads: the kernel gives each page zeroed at its first touch (a fault),
/// and a large block first touched on one thread pays that pass over its
/// bytes at a fault's pace on that thread alone.
inline void zero_storage_in_parallel(void* data, std::size_t bytes, std::size_t parts) {
  auto* const base = static_cast<unsigned char*>(data);
  run_parts_in_parallel(parts, [&](std::size_t k) {
    const std::size_t begin = bytes * k / parts;
    std::memset(base + begin, 0, bytes * (k + 1) / parts - begin);
  });
}

}  // namespace aoe::internal
