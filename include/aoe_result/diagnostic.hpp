// SPDX-License-Identifier: Apache-2.0
/// \file
/// The closed set of diagnostic codes: every problem the reader meets and
/// every rule `check` applies. Each has a stable string (docs/check-codes.md
/// lists them for users; JSON, JUnit and GitHub outputs print it). Codes
/// are a contract: new ones may be added, none is renamed.
#pragma once

#include <array>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string_view>

namespace aoe {

/// A diagnostic code. `to_string` gives its stable string, `parse_code`
/// the code of a string.
enum class Code {
  // Found while reading.
  invalid_json,         ///< "invalid-json": not parseable; the input is unusable
  truncated,            ///< "truncated": the file ends early
  not_aoe_result,       ///< "not-aoe-result": valid JSON of another shape
  io_error,             ///< "io-error": missing, a directory, or unreadable
  no_result_file,       ///< "no-result-file": an input (a directory, no path) gave no file
  duplicate_report_id,  ///< "duplicate-report-id"
  duplicate_key,        ///< "duplicate-key"
  number_as_string,     ///< "number-as-string": `"99"`, a percentage without `%`
  invalid_value,        ///< "invalid-value": a value of the wrong type, skipped
  unknown_section,      ///< "unknown-section": kept raw
  unknown_key,          ///< "unknown-key": kept raw
  unknown_status,       ///< "unknown-status": read as `Status::unknown`
  // Found by `check`'s rules.
  status_incomplete,       ///< "status-incomplete"
  tuning_failed,           ///< "tuning-failed"
  failed_list_mismatch,    ///< "failed-list-mismatch"
  summary_hit_sum,         ///< "summary-hit-sum"
  summary_total_sum,       ///< "summary-total-sum"
  summary_count_mismatch,  ///< "summary-count-mismatch"
  missing_summary,         ///< "missing-summary"
  status_missing,          ///< "status-missing": an OPAT section without a status
  opat_missing,            ///< "opat-missing": a report without an OPAT section
  improvement_mismatch,    ///< "improvement-mismatch"
  negative_time,           ///< "negative-time"
  zero_time,               ///< "zero-time"
  writer_artefact,         ///< "writer-artefact" (info: the writer's +1 µs)
  // Broken policies (`check --max-failed` ...).
  threshold_max_failed,             ///< "threshold-max-failed"
  threshold_min_improvement,        ///< "threshold-min-improvement"
  threshold_min_model_improvement,  ///< "threshold-min-model-improvement"
  threshold_not_applicable,  ///< "threshold-not-applicable" (an error: a gate with no answer)
  // Found by `bank check` in the operator repository's files.
  bank_missing_key,  ///< "bank-missing-key": a record without `info_dict`, `knowledge`, ...
  bank_op_mismatch,  ///< "bank-op-mismatch": `op` not the file name's type (a warning)
  bank_conflict,     ///< "bank-conflict": one `info_dict` twice, different `knowledge`
  bank_duplicate,    ///< "bank-duplicate": one record twice, identical (a warning)
  bank_file_name,    ///< "bank-file-name": a name that does not parse (a warning)
  // Found by `check --log`: the result files against AOE's console output.
  log_not_finished,             ///< "log-not-finished": the results say complete, the log does not
  log_finished_result_cut_off,  ///< "log-finished-result-cut-off": finished, a result cut off
  log_operator_missing,  ///< "log-operator-missing": finished in the log, absent from the results
  // Found while reading a profile (op_summary, kernel_details).
  invalid_csv,    ///< "invalid-csv": a row that cannot be read (fields, quotes, a duration)
  not_a_profile,  ///< "not-a-profile": a file whose header is no profile this reader knows
  // Found by `check`'s rules (added after the codes above; the enum only grows).
  slower_after_tune,  ///< "slower-after-tune": a policy written with after > before (a warning)
  // Found by `bank check`.
  bank_empty,  ///< "bank-empty": no record in any file checked: nothing was checked (an error)
  // Found while reading (a warning each; the name kept as written).
  unknown_tuning_mode,  ///< "unknown-tuning-mode": a mode none of Format, Schedule, Impl
  unknown_update_mode,  ///< "unknown-update-mode": an `update_mode` neither add nor update
};

/// Every code, in the order of the enum.
inline constexpr std::array<Code, 43> kAllCodes{
    Code::invalid_json,
    Code::truncated,
    Code::not_aoe_result,
    Code::io_error,
    Code::no_result_file,
    Code::duplicate_report_id,
    Code::duplicate_key,
    Code::number_as_string,
    Code::invalid_value,
    Code::unknown_section,
    Code::unknown_key,
    Code::unknown_status,
    Code::status_incomplete,
    Code::tuning_failed,
    Code::failed_list_mismatch,
    Code::summary_hit_sum,
    Code::summary_total_sum,
    Code::summary_count_mismatch,
    Code::missing_summary,
    Code::status_missing,
    Code::opat_missing,
    Code::improvement_mismatch,
    Code::negative_time,
    Code::zero_time,
    Code::writer_artefact,
    Code::threshold_max_failed,
    Code::threshold_min_improvement,
    Code::threshold_min_model_improvement,
    Code::threshold_not_applicable,
    Code::bank_missing_key,
    Code::bank_op_mismatch,
    Code::bank_conflict,
    Code::bank_duplicate,
    Code::bank_file_name,
    Code::log_not_finished,
    Code::log_finished_result_cut_off,
    Code::log_operator_missing,
    Code::invalid_csv,
    Code::not_a_profile,
    Code::slower_after_tune,
    Code::bank_empty,
    Code::unknown_tuning_mode,
    Code::unknown_update_mode,
};

/// The stable string of `code`, e.g. "threshold-max-failed".
[[nodiscard]] std::string_view to_string(Code code) noexcept;

/// The code whose stable string is `s` exactly; nullopt for any other.
[[nodiscard]] std::optional<Code> parse_code(std::string_view s) noexcept;

/// Whether `code`'s stable string is `s` (so `d.code == "truncated"` keeps
/// working for programs written against the string codes of 0.1).
[[nodiscard]] inline bool operator==(Code code, std::string_view s) noexcept {
  return to_string(code) == s;
}

/// Writes the stable string.
std::ostream& operator<<(std::ostream& out, Code code);

}  // namespace aoe
