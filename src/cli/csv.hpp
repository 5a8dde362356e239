// SPDX-License-Identifier: Apache-2.0
// CSV fields (RFC 4180), shared by the CSV renderers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace aoe::cli {

/// A CSV field quoted as RFC 4180 says (in double quotes, quotes doubled,
/// when it holds a comma or a quote). Control characters from the file are
/// first written as visible escapes, as in text output (`\x1b`, `\n`), so a
/// field never spans lines and never sends a control sequence to a terminal.
[[nodiscard]] std::string csv_field(std::string_view s);

/// A number for CSV: full precision, the shortest form that reads back
/// ("1109", "35.35"); empty for no value (or a non-finite one).
[[nodiscard]] std::string csv_number(std::optional<double> v);

}  // namespace aoe::cli
