// SPDX-License-Identifier: Apache-2.0
/// @file
/// Natural order of names, the way people read them: runs of decimal digits
/// compare as numbers, so `Conv_7` < `Conv_10` < `Conv_125` (byte order
/// would give `Conv_10, Conv_125, Conv_7`). Every command that orders
/// operators, reports or files by name uses it, also as the tie-break of
/// other sorts.
#pragma once

#include <string_view>

namespace aoe {

/// Compares `a` and `b` in natural order: negative when `a` comes first,
/// 0 when they are the same string, positive otherwise.
///
/// Rules: the strings are read as runs of ASCII digits and runs of other
/// bytes. Two digit runs compare by value (of any length: no overflow);
/// anything else compares byte by byte (so case matters: `B` < `a`, as in
/// byte order). When two names differ only by leading zeros (`op_07`,
/// `op_7`), the run with fewer zeros comes first, so that only equal
/// strings compare equal: the order is a strict total order, usable with
/// `std::sort` and as a map key. Never throws.
[[nodiscard]] int natural_compare(std::string_view a, std::string_view b) noexcept;

/// `natural_compare(a, b) < 0`.
[[nodiscard]] inline bool natural_less(std::string_view a, std::string_view b) noexcept {
  return natural_compare(a, b) < 0;
}

/// A comparator object for `std::sort`, `std::map` and `std::set`.
struct NaturalLess {
  using is_transparent = void;
  [[nodiscard]] bool operator()(std::string_view a, std::string_view b) const noexcept {
    return natural_less(a, b);
  }
};

}  // namespace aoe
