// SPDX-License-Identifier: Apache-2.0
// Positioned diagnostics for any reader of the library (the result file's,
// or another JSON kind's): a `Diagnostic` of the public model made from a
// code, a severity, a message, the file and, where known, the tokenizer's
// position. Nothing here knows a result file.
#pragma once

#include <string>
#include <utility>

#include "aoe_result/model.hpp"

#include "reader/json_events.hpp"

namespace aoe::internal {

/// The one place a diagnostic is made: its code, severity, message and file.
[[nodiscard]] inline Diagnostic make_diagnostic(Code code, Severity severity, std::string message,
                                                const std::string& file) {
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.message = std::move(message);
  d.file = file;
  return d;
}

/// `make_diagnostic` at a position of the input (`JsonEvents::position`).
[[nodiscard]] inline Diagnostic make_diagnostic(Code code, Severity severity, std::string message,
                                                const std::string& file, const TextPosition& at) {
  Diagnostic d = make_diagnostic(code, severity, std::move(message), file);
  d.line = at.line;
  d.column = at.column;
  return d;
}

}  // namespace aoe::internal
