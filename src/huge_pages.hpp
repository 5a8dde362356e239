// SPDX-License-Identifier: Apache-2.0
// Advice that a large block about to be written whole be backed by huge
// pages. Knows nothing of what the block holds.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace aoe::internal {

/// The smallest block worth the advice, bytes: a few huge pages (2 MiB on
/// x86-64 and on aarch64 with 4 KiB pages).
inline constexpr std::size_t kHugePageAdviceMinBytes = std::size_t{8} << 20U;

/// The whole pages of `page` bytes (a power of two) inside [start, start +
/// bytes): {begin, end} with begin == end when there is none.
struct PageSpan {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;
};
[[nodiscard]] constexpr PageSpan whole_pages(std::uintptr_t start, std::size_t bytes,
                                             std::uintptr_t page) noexcept {
  const std::uintptr_t mask = page - 1;
  const std::uintptr_t begin = (start + mask) & ~mask;
  const std::uintptr_t end = (start + bytes) & ~mask;
  return end > begin ? PageSpan{begin, end} : PageSpan{begin, begin};
}

/// Asks Linux to back the whole pages inside [data, data + bytes) with
/// transparent huge pages (madvise(2) `MADV_HUGEPAGE`) when the block is at
/// least `kHugePageAdviceMinBytes`. For a block just allocated and about
/// to be written front to back (a vector of hundreds of thousands of rows):
/// its first writes then fault once every 2 MiB instead of every 4 KiB,
/// and on a virtual machine a page fault is dear. Advice only: the
/// contents, the allocator's bookkeeping (outside the whole pages) and the
/// block's lifetime are untouched; where the kernel has transparent huge
/// pages off, or on another system, nothing happens. Never fails.
inline void advise_huge_pages(const void* data, std::size_t bytes) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (data == nullptr || bytes < kHugePageAdviceMinBytes) return;
  const long page = ::sysconf(_SC_PAGESIZE);
  if (page <= 0) return;
  const PageSpan span =
      whole_pages(reinterpret_cast<std::uintptr_t>(data), bytes, static_cast<std::uintptr_t>(page));
  if (span.end == span.begin) return;
  // The result is not looked at: advice the kernel cannot take changes nothing.
  (void)::madvise(reinterpret_cast<void*>(span.begin), span.end - span.begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace aoe::internal
