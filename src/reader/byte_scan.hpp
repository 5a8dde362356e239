// SPDX-License-Identifier: Apache-2.0
// The tokenizer's three searches over a run of bytes, sixteen bytes at a
// time: the end of white space, the end of a string's plain bytes, the
// line feeds in a span. SSE2 on x86-64 and NEON on AArch64 (both part of
// the base instruction set, so no run-time dispatch); elsewhere, and for
// the last bytes of a run, the plain loops of `scalar::`, which define
// what every version returns (tests/unit/byte_scan_test.cpp holds them
// to it).
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SSE2__) && !defined(AOE_RESULT_SCALAR_BYTES)
#include <emmintrin.h>
#define AOE_RESULT_BYTES_SSE2 1
#elif defined(__ARM_NEON) && defined(__aarch64__) && !defined(AOE_RESULT_SCALAR_BYTES)
#include <arm_neon.h>
#define AOE_RESULT_BYTES_NEON 1
#endif

namespace aoe::internal {

/// JSON's white space (RFC 8259 section 2): space, tab, line feed, carriage return.
constexpr bool is_blank(unsigned char c) noexcept {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/// A byte a JSON string may not hold as it is, or that starts a multi-byte
/// UTF-8 character to validate: '"', '\\', a control byte (< 0x20), or >= 0x80.
constexpr bool is_string_special(unsigned char c) noexcept {
  return c == '"' || c == '\\' || c < 0x20 || c >= 0x80;
}

namespace scalar {

inline const char* skip_blank(const char* p, const char* end) noexcept {
  while (p != end && is_blank(static_cast<unsigned char>(*p))) ++p;
  return p;
}

inline const char* find_string_special(const char* p, const char* end) noexcept {
  while (p != end && !is_string_special(static_cast<unsigned char>(*p))) ++p;
  return p;
}

inline std::size_t count_newlines(const char* p, const char* end) noexcept {
  std::size_t n = 0;
  for (; p != end; ++p) n += *p == '\n' ? 1 : 0;
  return n;
}

}  // namespace scalar

#if defined(AOE_RESULT_BYTES_SSE2)

namespace vector {
inline __m128i load16(const char* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
}  // namespace vector

/// The first byte of [p, end) that is not white space; `end` when there is none.
inline const char* skip_blank(const char* p, const char* end) noexcept {
  if (p == end || !is_blank(static_cast<unsigned char>(*p))) return p;  // most often
  while (end - p >= 16) {
    const __m128i b = vector::load16(p);
    const __m128i blank = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(b, _mm_set1_epi8('\n'))),
        _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('\t')),
                     _mm_cmpeq_epi8(b, _mm_set1_epi8('\r'))));
    const unsigned other = ~static_cast<unsigned>(_mm_movemask_epi8(blank)) & 0xFFFFU;
    if (other != 0) return p + __builtin_ctz(other);
    p += 16;
  }
  return scalar::skip_blank(p, end);
}

/// The first byte of [p, end) for which `is_string_special` holds; `end`
/// when there is none.
inline const char* find_string_special(const char* p, const char* end) noexcept {
  while (end - p >= 16) {
    const __m128i b = vector::load16(p);
    // Signed: bytes >= 0x80 are negative, so "less than 0x20" takes both
    // the control bytes and the UTF-8 ones.
    const __m128i special = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('"')), _mm_cmpeq_epi8(b, _mm_set1_epi8('\\'))),
        _mm_cmplt_epi8(b, _mm_set1_epi8(0x20)));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(special));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
  return scalar::find_string_special(p, end);
}

/// The line feeds in [p, end).
inline std::size_t count_newlines(const char* p, const char* end) noexcept {
  std::size_t n = 0;
  const __m128i newline = _mm_set1_epi8('\n');
  while (end - p >= 16) {
    // Up to 255 blocks are summed per byte lane before the lanes overflow.
    __m128i lanes = _mm_setzero_si128();
    for (int blocks = 0; blocks < 255 && end - p >= 16; ++blocks, p += 16) {
      lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(vector::load16(p), newline));
    }
    const __m128i sums = _mm_sad_epu8(lanes, _mm_setzero_si128());
    n += static_cast<std::size_t>(_mm_cvtsi128_si32(sums)) +
         static_cast<std::size_t>(_mm_extract_epi16(sums, 4));
  }
  return n + scalar::count_newlines(p, end);
}

#elif defined(AOE_RESULT_BYTES_NEON)

namespace vector {
// Four bits per byte of a 16-byte comparison, lowest byte first.
inline std::uint64_t nibble_mask(uint8x16_t cmp) noexcept {
  const uint8x8_t narrowed = vshrn_n_u16(vreinterpretq_u16_u8(cmp), 4);
  return vget_lane_u64(vreinterpret_u64_u8(narrowed), 0);
}
inline uint8x16_t load16(const char* p) noexcept {
  return vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
}
}  // namespace vector

inline const char* skip_blank(const char* p, const char* end) noexcept {
  if (p == end || !is_blank(static_cast<unsigned char>(*p))) return p;
  while (end - p >= 16) {
    const uint8x16_t b = vector::load16(p);
    const uint8x16_t blank =
        vorrq_u8(vorrq_u8(vceqq_u8(b, vdupq_n_u8(' ')), vceqq_u8(b, vdupq_n_u8('\n'))),
                 vorrq_u8(vceqq_u8(b, vdupq_n_u8('\t')), vceqq_u8(b, vdupq_n_u8('\r'))));
    const std::uint64_t other = ~vector::nibble_mask(blank);
    if (other != 0) return p + (__builtin_ctzll(other) >> 2);
    p += 16;
  }
  return scalar::skip_blank(p, end);
}

inline const char* find_string_special(const char* p, const char* end) noexcept {
  while (end - p >= 16) {
    const uint8x16_t b = vector::load16(p);
    const uint8x16_t special =
        vorrq_u8(vorrq_u8(vceqq_u8(b, vdupq_n_u8('"')), vceqq_u8(b, vdupq_n_u8('\\'))),
                 vorrq_u8(vcltq_u8(b, vdupq_n_u8(0x20)), vcgeq_u8(b, vdupq_n_u8(0x80))));
    const std::uint64_t mask = vector::nibble_mask(special);
    if (mask != 0) return p + (__builtin_ctzll(mask) >> 2);
    p += 16;
  }
  return scalar::find_string_special(p, end);
}

inline std::size_t count_newlines(const char* p, const char* end) noexcept {
  std::size_t n = 0;
  const uint8x16_t newline = vdupq_n_u8('\n');
  while (end - p >= 16) {
    uint8x16_t lanes = vdupq_n_u8(0);
    for (int blocks = 0; blocks < 255 && end - p >= 16; ++blocks, p += 16) {
      lanes = vsubq_u8(lanes, vceqq_u8(vector::load16(p), newline));
    }
    n += vaddlvq_u8(lanes);
  }
  return n + scalar::count_newlines(p, end);
}

#else

inline const char* skip_blank(const char* p, const char* end) noexcept {
  return scalar::skip_blank(p, end);
}
inline const char* find_string_special(const char* p, const char* end) noexcept {
  return scalar::find_string_special(p, end);
}
inline std::size_t count_newlines(const char* p, const char* end) noexcept {
  return scalar::count_newlines(p, end);
}

#endif

}  // namespace aoe::internal
