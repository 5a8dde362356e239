// SPDX-License-Identifier: Apache-2.0
// A profile's header: which tool wrote it and where its columns are, found
// by name (never by position), for op_summary (CANN 7.x, 8.x) and
// torch_npu's kernel_details.csv.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/profile.hpp"

namespace aoe::internal {

/// The columns a profile reader uses, by index in the header.
struct ProfileColumns {
  ProfileFormat format = ProfileFormat::op_summary;
  std::size_t count = 0;  ///< fields of the header
  std::size_t name = 0;
  std::size_t duration = 0;
  std::optional<std::size_t> type;
  std::optional<std::size_t> task_type;
  std::optional<std::size_t> start;
  std::optional<std::size_t> step;
  std::optional<std::size_t> device;
  /// The duration column's name as the header spells it, for messages.
  std::string duration_name;
};

/// The columns of `header` (field texts, BOM already gone); nullopt when
/// it is no header this reader knows, with `why` saying what is missing.
[[nodiscard]] std::optional<ProfileColumns> profile_columns(
    const std::vector<std::string_view>& header, std::string& why);

/// `s` without spaces and tabs around it.
[[nodiscard]] std::string_view trim_blanks(std::string_view s) noexcept;

/// A finite number after trimming; nullopt for anything else.
[[nodiscard]] std::optional<double> parse_profile_number(std::string_view s) noexcept;

/// A whole number after trimming; nullopt for anything else.
[[nodiscard]] std::optional<std::int64_t> parse_profile_integer(std::string_view s) noexcept;

/// True for a value that says "none": empty or `N/A` (after trimming).
[[nodiscard]] bool is_absent_value(std::string_view s) noexcept;

}  // namespace aoe::internal
