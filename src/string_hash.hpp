// SPDX-License-Identifier: Apache-2.0
// A transparent string hash for the library's hash tables (namespace
// aoe::internal: not API, not installed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace aoe::internal {

/// Hashes a `std::string`, a `std::string_view` or a `const char*` alike,
/// so that a table keyed by `std::string` (with `std::equal_to<>`) is
/// looked up by a view without building a string.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept {
    return std::hash<std::string_view>{}(s);
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
