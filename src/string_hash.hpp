// SPDX-License-Identifier: Apache-2.0
// A transparent string hash for the library's hash tables (namespace
// aoe::internal: not API, not installed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace aoe::internal {

/// A 64-bit finaliser (splitmix64's).
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 30U;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27U;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31U;
  return x;
}

/// A 64-bit hash of bytes, for short keys and names (a bank record's
/// keys and values, operator names and types): 8 bytes at a time, each step a bijection of the
/// state for a given word (xor, multiply by an odd constant, rotate), then `mix64`. Little-endian
/// loads: the same hashes on x86-64 and aarch64.
[[nodiscard]] inline std::uint64_t bytes_hash(std::string_view s) noexcept {
  constexpr std::uint64_t kOdd = 0x9fb21c651e98df25ULL;
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ (s.size() * kOdd);
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  std::size_t n = s.size();
  const auto step = [&h](std::uint64_t word) {
    h = (h ^ word) * kOdd;
    h = (h << 31U) | (h >> 33U);
  };
  for (; n >= 8; p += 8, n -= 8) {
    std::uint64_t word = 0;
    for (unsigned i = 0; i < 8; ++i) word |= std::uint64_t{p[i]} << (8U * i);
    step(word);
  }
  if (n > 0) {
    std::uint64_t word = 0;
    for (unsigned i = 0; i < n; ++i) word |= std::uint64_t{p[i]} << (8U * i);
    step(word);
  }
  return mix64(h);
}

/// Hashes a `std::string`, a `std::string_view` or a `const char*` alike,
/// so that a table keyed by `std::string` (with `std::equal_to<>`) is
/// looked up by a view without building a string.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return static_cast<std::size_t>(bytes_hash(s));
  }
};

/// The high 32 bits of a hash (a 32-bit `size_t`'s spread over 64 bits by
/// a multiplication first): the tag an open-addressing slot keeps, which
/// both places the slot and tells most other keys apart, so that a table
/// grows by moving its slots without reading or hashing a key again
/// (`trend`'s series table, `diff`'s key tables).
constexpr std::uint32_t hash_tag(std::size_t hash) noexcept {
  auto h = static_cast<std::uint64_t>(hash);
  if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) h *= 0x9e3779b97f4a7c15ULL;
  return static_cast<std::uint32_t>(h >> 32U);
}

}  // namespace aoe::internal
