// SPDX-License-Identifier: Apache-2.0
// Eight bytes of text tested at once: whether a string holds a byte a
// writer must treat apart (CSV's quotes, JSON's escapes). Outputs of a row
// per operator test every name and path they write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace aoe::cli::byte_words {

inline constexpr std::uint64_t kOnes = 0x0101010101010101U;
inline constexpr std::uint64_t kHighs = 0x8080808080808080U;

/// Non-zero exactly when some byte of `w` is below `k` (`k` ≤ 0x80): exact
/// as a yes/no answer in any byte order (a borrow only marks bytes above a
/// byte that is below `k`).
constexpr std::uint64_t any_below(std::uint64_t w, std::uint64_t k) noexcept {
  return (w - k * kOnes) & ~w & kHighs;
}

/// Non-zero exactly when some byte of `w` equals `c`: a zero byte of
/// `w ^ c·ones`.
constexpr std::uint64_t any_equal(std::uint64_t w, unsigned char c) noexcept {
  return any_below(w ^ (c * kOnes), 1);
}

/// Whether some byte of `s` is one that `special_word` finds in a word
/// (eight bytes, read in the machine's order) or `special_byte` finds in
/// the last bytes: the two must agree on every byte.
template <class Word, class Byte>
bool any_byte(std::string_view s, Word special_word, Byte special_byte) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, s.data() + i, sizeof w);
    if (special_word(w) != 0) return true;
  }
  for (; i < s.size(); ++i) {
    if (special_byte(static_cast<unsigned char>(s[i]))) return true;
  }
  return false;
}

}  // namespace aoe::cli::byte_words
