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

/// The end of the run of bytes from `from` on in which neither
/// `special_word` (eight bytes, read in the machine's order) nor
/// `special_byte` (the bytes after the last whole word, and the word where
/// the first is found) finds a byte: the two must agree on every byte.
template <class Word, class Byte>
std::size_t plain_run(std::string_view s, std::size_t from, Word special_word,
                      Byte special_byte) noexcept {
  std::size_t i = from;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, s.data() + i, sizeof w);
    if (special_word(w) != 0) break;
  }
  while (i < s.size() && !special_byte(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

/// Whether some byte of `s` is special (`plain_run`).
template <class Word, class Byte>
bool any_byte(std::string_view s, Word special_word, Byte special_byte) noexcept {
  return plain_run(s, 0, special_word, special_byte) != s.size();
}

/// Non-zero exactly when some byte of `w` is not printable ASCII (below
/// 0x20, DEL or above).
constexpr std::uint64_t any_unprintable(std::uint64_t w) noexcept {
  return any_below(w, 0x20) | (w & kHighs) | any_equal(w, 0x7f);
}

}  // namespace aoe::cli::byte_words
