// SPDX-License-Identifier: Apache-2.0
// The key table: the keys the reader understands, in every context (basic,
// OPAT, operator, tuning-mode result, repository summary), what each one's
// value must be and, for the numbers, where it goes in the model.
// Recognised once per key event (`classify_key`), looked up by `Key`.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "aoe_result/model.hpp"

namespace aoe::internal {

// Keys the reader understands. Recognised once per key event, so no key
// string is copied unless it has to be kept.
enum class Key : std::uint8_t {
  unknown,
  basic,
  opat,
  tuning_name,
  tuning_time_s,
  status_601,  // opat_tune_result (CANN 6.0.1)
  status,      // opat_tuning_result (CANN 6.2+)
  modified_operators,
  failed_601,  // tune_failed_operators (CANN 6.0.1)
  failed,      // tuning_failed_operators (CANN 6.3+)
  repo_summary,
  model_baseline_ms,
  model_result_ms,
  model_improvement,
  add_list,
  update_list,
  op_name,
  op_type,
  after_us,
  before_us,
  improvement,
  update_mode,
  tune_performance,
  repo_add_num,
  repo_hit_num,
  repo_reserved_num,
  repo_unsatisfied_num,
  repo_update_num,
  total_num,
  count_,
};

/// The key `k` names, or `Key::unknown`. Context-free: the same name is
/// the same key everywhere (a known key in the wrong place is then kept as
/// an unknown key by the builder of that place).
[[nodiscard]] Key classify_key(std::string_view k) noexcept;

/// The object a key belongs to.
enum class KeyContext : std::uint8_t {
  sections,       ///< an element of a report: {"basic": ...}, {"OPAT": ...}
  basic,          ///< the `basic` section
  opat,           ///< the `OPAT` section
  modified_flat,  ///< `repo_modified_operators` as an object of lists (6.0.1/6.2)
  op,             ///< an operator entry
  mode,           ///< a tuning-mode result, or the operator itself (flat 6.0.1/6.2 figures)
  summary,        ///< `repo_summary`
};

/// What a key's value must be.
enum class Expect : std::uint8_t {
  section,         ///< an object (basic, OPAT)
  string,          ///< a string
  status,          ///< a string, one of the documented status spellings
  update_mode,     ///< "add" or "update"
  strings,         ///< a string or a list of strings (op_type)
  number,          ///< a number, or a string holding one (read with a warning)
  percent,         ///< a string like "35.35%" (a bare number: a warning)
  whole_number,    ///< a number without fraction (counters)
  name_list,       ///< a list of operator names
  operator_list,   ///< a list of operator objects
  operator_lists,  ///< a list of operators, or an object of such lists
  counters,        ///< an object of counters (repo_summary)
  modes,           ///< an object of tuning-mode results
};

/// One row of the key table.
struct KeySpec {
  std::string_view name;
  Key key = Key::unknown;
  KeyContext context = KeyContext::op;
  Expect expect = Expect::string;
  /// Where a number goes, for the keys read as numbers (else null).
  std::optional<double> ModeResult::*mode_number = nullptr;
  std::optional<double> ModelPerformance::*model_number = nullptr;
  std::optional<std::int64_t> RepoSummary::*count = nullptr;
};

/// Every known key, in `Key` order (`key_table()[i].key == Key(i + 1)`).
[[nodiscard]] std::span<const KeySpec> key_table() noexcept;

/// The row of `key`; `key` must not be `Key::unknown`.
[[nodiscard]] const KeySpec& key_spec(Key key) noexcept;

/// The row of `key` when `context` accepts it, else null.
[[nodiscard]] inline const KeySpec* key_in(Key key, KeyContext context) noexcept {
  if (key == Key::unknown) return nullptr;
  const KeySpec& spec = key_spec(key);
  return spec.context == context ? &spec : nullptr;
}

}  // namespace aoe::internal
