// SPDX-License-Identifier: Apache-2.0
#include "csv.hpp"

#include <cmath>

#include <fmt/format.h>

#include "term.hpp"

namespace aoe::cli {

std::string csv_field(std::string_view s) {
  const std::string safe = escape_text(s);
  if (safe.find_first_of(",\"") == std::string::npos) return safe;
  std::string out = "\"";
  for (const char c : safe) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_number(std::optional<double> v) {
  return v && std::isfinite(*v) ? fmt::format("{}", *v) : "";
}

}  // namespace aoe::cli
