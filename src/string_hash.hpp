// SPDX-License-Identifier: Apache-2.0
// A transparent string hash for the library's hash tables (namespace
// aoe::internal: not API, not installed).
#pragma once

#include <cstddef>
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

}  // namespace aoe::internal
