// SPDX-License-Identifier: Apache-2.0
// The tokenizer's byte searches (reader/byte_scan.hpp): the vector version
// this machine builds (SSE2, NEON) and the plain loops agree with a byte-at-
// a-time definition, for every length, start and position of the byte looked
// for, including the bytes around 0x20 and 0x80 that signed and unsigned
// comparisons split differently.
#include "reader/byte_scan.hpp"

#include <cstddef>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace aoe::internal {
namespace {

const char* first_not_blank(const char* p, const char* end) {
  for (; p != end; ++p) {
    const char c = *p;
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return p;
  }
  return end;
}

const char* first_special(const char* p, const char* end) {
  for (; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\' || c <= 0x1F || c >= 0x80) return p;
  }
  return end;
}

std::size_t newlines(const char* p, const char* end) {
  std::size_t n = 0;
  for (; p != end; ++p) n += *p == '\n' ? 1U : 0U;
  return n;
}

// Every byte value, each placed at every position of runs of every length
// up to 40 and at every start offset within a larger buffer.
TEST(ByteScan, SkipBlankStopsAtTheFirstOtherByte) {
  const std::string blanks = " \t\n\r";
  for (int b = 0; b < 256; ++b) {
    for (std::size_t len = 0; len <= 40; ++len) {
      for (std::size_t at = 0; at <= len; ++at) {
        std::string buf(len + 3, ' ');
        for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = blanks[(i * 7 + len) % 4];
        if (at < len) buf[1 + at] = static_cast<char>(b);
        const char* p = buf.data() + 1;
        const char* end = p + len;
        ASSERT_EQ(skip_blank(p, end), first_not_blank(p, end))
            << "byte " << b << " len " << len << " at " << at;
        ASSERT_EQ(scalar::skip_blank(p, end), first_not_blank(p, end));
      }
    }
  }
}

TEST(ByteScan, FindStringSpecialStopsAtQuoteBackslashControlAndNonAscii) {
  for (int b = 0; b < 256; ++b) {
    for (std::size_t len = 0; len <= 40; ++len) {
      for (std::size_t at = 0; at <= len; ++at) {
        std::string buf(len + 3, 'a');
        for (std::size_t i = 0; i < buf.size(); ++i)
          buf[i] = static_cast<char>(0x20 + (i * 13 + len) % 0x5F);
        for (char& c : buf) {
          if (c == '"' || c == '\\') c = 'x';
        }
        if (at < len) buf[1 + at] = static_cast<char>(b);
        const char* p = buf.data() + 1;
        const char* end = p + len;
        ASSERT_EQ(find_string_special(p, end), first_special(p, end))
            << "byte " << b << " len " << len << " at " << at;
        ASSERT_EQ(scalar::find_string_special(p, end), first_special(p, end));
      }
    }
  }
}

TEST(ByteScan, CountNewlinesCountsEveryLineFeed) {
  // Long enough for the per-lane sums to be flushed (255 blocks of 16).
  std::string buf(255 * 16 * 3 + 21, 'x');
  for (std::size_t i = 0; i < buf.size(); ++i) {
    if (i % 3 == 0 || i % 17 == 5) buf[i] = '\n';
    if (i % 29 == 0) buf[i] = static_cast<char>(0x8A);  // '\n' | 0x80 is not a line feed
  }
  for (std::size_t start = 0; start < 18; ++start) {
    for (std::size_t len :
         {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{16}, std::size_t{17},
          std::size_t{255 * 16}, std::size_t{255 * 16 + 1}, buf.size() - start}) {
      const char* p = buf.data() + start;
      ASSERT_EQ(count_newlines(p, p + len), newlines(p, p + len)) << start << " " << len;
      ASSERT_EQ(scalar::count_newlines(p, p + len), newlines(p, p + len));
    }
  }
  const std::string all(5000, '\n');
  EXPECT_EQ(count_newlines(all.data(), all.data() + all.size()), 5000U);
}

}  // namespace
}  // namespace aoe::internal
