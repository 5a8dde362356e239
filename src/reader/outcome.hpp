// SPDX-License-Identifier: Apache-2.0
// The outcome: what a file was (an AOE result, another JSON shape, the
// pre-AOE format, not JSON), decided once from what the reader saw. A pure
// function, so every case is tested on its own (tests/unit/reader_outcome_test.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "aoe_result/model.hpp"

namespace aoe::internal {

/// What the reader saw, by the end of the input.
struct OutcomeFacts {
  bool saw_aoe_section = false;  ///< a `basic` or `OPAT` section
  bool saw_report_key = false;   ///< a root key "report_..."
  bool saw_tune_result = false;  ///< `result_data` / `status_data` (CANN 5.x)
  bool invalid_json = false;     ///< the bytes are not JSON
  bool root_seen = false;        ///< the root value is an object or a list
  std::string_view root_kind;    ///< the root is a scalar: "a number", ...
  bool complete = true;          ///< the input did not end inside the document
  bool only_zero_bytes = false;  ///< the input was nothing but zero bytes (at least one)
  bool only_blanks = false;      ///< the input was nothing but white space (at least one byte)
  Layout layout = Layout::report_keyed;
  bool has_reports = false;
};

/// Which of the diagnostics written while reading stay.
enum class KeepDiagnostics { all, invalid_json_and_io, io_only, none };

struct Outcome {
  Recognition recognition = Recognition::other;
  bool readable = false;
  bool keep_reports = false;
  /// Root values that were not reports are reported (only in an AOE file).
  bool report_bad_roots = false;
  KeepDiagnostics keep = KeepDiagnostics::all;
  /// A last diagnostic (severity error, about the whole file), if any.
  std::optional<Code> code;
  std::string message;
};

[[nodiscard]] Outcome decide_outcome(const OutcomeFacts& facts);

}  // namespace aoe::internal
