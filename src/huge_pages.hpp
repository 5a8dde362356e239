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

/// The smallest block given the advice, bytes. Many huge pages (2 MiB on
/// x86-64 and on aarch64 with 4 KiB pages); and glibc's malloc maps every
/// block of 32 MiB or more on its own (its mmap threshold grows to 32 MiB
/// at most on 64-bit systems), so that the advice leaves with the block
/// (munmap) instead of staying on heap memory that later blocks reuse.
inline constexpr std::size_t kHugePageAdviceMinBytes = std::size_t{32} << 20U;

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
/// where transparent huge pages are on ("always" or "madvise" in
/// /sys/kernel/mm/transparent_hugepage/enabled) and pages are 4 KiB, its
/// first writes then fault once every 2 MiB instead of every 4 KiB, and on
/// a virtual machine a page fault is dear. With 64 KiB pages (some aarch64
/// kernels) a huge page is 512 MiB and the advice gains nothing. Advice
/// only: the contents, the allocator's bookkeeping (outside the whole
/// pages) and the block's lifetime are untouched; where the kernel has
/// transparent huge pages off, or on another system, nothing happens.
/// Never fails.
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
