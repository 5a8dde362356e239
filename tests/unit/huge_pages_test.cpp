// SPDX-License-Identifier: Apache-2.0
// The huge-page advice given to large row vectors (huge_pages.hpp): the
// whole pages it names, that it names no byte outside the block, and that
// Linux takes it (the mapping's VmFlags gain "hg") where the kernel shows
// them.
#include "huge_pages.hpp"

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace aoe::internal {
namespace {

TEST(HugePages, WholePagesAreThoseInsideTheBlock) {
  constexpr std::uintptr_t kPage = 4096;
  // Aligned both ends: the block itself.
  EXPECT_EQ(whole_pages(8192, 3 * kPage, kPage).begin, 8192U);
  EXPECT_EQ(whole_pages(8192, 3 * kPage, kPage).end, 8192U + 3 * kPage);
  // A block starting 16 bytes into a page (malloc's header) and ending
  // inside one: only the pages wholly inside.
  const PageSpan inner = whole_pages(8192 + 16, 3 * kPage, kPage);
  EXPECT_EQ(inner.begin, 3 * kPage);
  EXPECT_EQ(inner.end, 5 * kPage);
  // Less than a page, or no whole page: empty.
  const PageSpan none = whole_pages(8192 + 16, kPage, kPage);
  EXPECT_EQ(none.begin, none.end);
  const PageSpan tiny = whole_pages(100, 10, kPage);
  EXPECT_EQ(tiny.begin, tiny.end);
}

TEST(HugePages, WholePagesNeverReachOutsideTheBlock) {
  for (std::uintptr_t page : {std::uintptr_t{4096}, std::uintptr_t{65536}}) {
    for (std::uintptr_t start = 0; start < 3 * page; start += page / 8 + 1) {
      for (std::size_t bytes :
           {std::size_t{0}, std::size_t{1}, std::size_t{page - 1}, std::size_t{page},
            std::size_t{2 * page + 7}, std::size_t{5 * page}}) {
        const PageSpan s = whole_pages(start, bytes, page);
        EXPECT_LE(s.begin, s.end);
        if (s.begin == s.end) continue;
        EXPECT_GE(s.begin, start);
        EXPECT_LE(s.end, start + bytes);
        EXPECT_EQ(s.begin % page, 0U);
        EXPECT_EQ(s.end % page, 0U);
        // Not a whole page more fits at either end.
        EXPECT_LT(s.begin - start, page);
        EXPECT_LT(start + bytes - s.end, page);
      }
    }
  }
}

// The VmFlags line of /proc/self/smaps for the mapping holding `address`;
// "" when the file or the line cannot be had (not Linux, or an emulator
// that shows maps without flags).
std::string vm_flags_of(std::uintptr_t address) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t lo = 0;
    std::uintptr_t hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-') {
      inside = lo <= address && address < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return "";
}

TEST(HugePages, LinuxMarksTheAdvisedMapping) {
#if !defined(__linux__) || !defined(MADV_HUGEPAGE)
  GTEST_SKIP() << "huge-page advice is given on Linux only";
#else
  // Whether this system shows advice taken: a mapping of its own, advised
  // directly. An emulator (qemu-user) shows maps but takes no advice; a
  // kernel without transparent huge pages refuses it.
  constexpr std::size_t kProbe = std::size_t{4} << 20U;
  void* probe = ::mmap(nullptr, kProbe, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(probe, MAP_FAILED);
  const bool shown =
      ::madvise(probe, kProbe, MADV_HUGEPAGE) == 0 &&
      vm_flags_of(reinterpret_cast<std::uintptr_t>(probe)).find(" hg") != std::string::npos;
  ::munmap(probe, kProbe);
  // Large enough that malloc maps it alone, and that the whole pages
  // inside it are more than the advice's least.
  std::vector<char> block(kHugePageAdviceMinBytes + (std::size_t{4} << 20U), 'x');
  const auto middle = reinterpret_cast<std::uintptr_t>(block.data()) + block.size() / 2;
  advise_huge_pages(block.data(), block.size());
  // Advice leaves the contents as they were.
  EXPECT_EQ(block.front(), 'x');
  EXPECT_EQ(block[block.size() / 2], 'x');
  EXPECT_EQ(block.back(), 'x');
  // A block below the least is not advised; no block at all neither (and
  // does not crash).
  std::vector<char> small(kHugePageAdviceMinBytes - (std::size_t{4} << 20U), 'y');
  const auto small_middle = reinterpret_cast<std::uintptr_t>(small.data()) + small.size() / 2;
  advise_huge_pages(small.data(), small.size());
  advise_huge_pages(nullptr, std::size_t{1} << 30U);
  if (!shown) GTEST_SKIP() << "this system does not show huge-page advice taken";
  EXPECT_NE(vm_flags_of(middle).find(" hg"), std::string::npos) << vm_flags_of(middle);
  EXPECT_EQ(vm_flags_of(small_middle).find(" hg"), std::string::npos) << vm_flags_of(small_middle);
#endif
}

}  // namespace
}  // namespace aoe::internal
