// SPDX-License-Identifier: Apache-2.0
// Pure value conversion: what a scalar of the file reads as, where the
// model wants a number, a percentage or a whole number. No diagnostics are
// written here; the reading says what was wrong and the builder words it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace aoe::internal {

/// One scalar value of the file. `s`: a string, or a floating number's text
/// as written (`1e400`); a view valid for one event.
struct Scalar {
  enum class Kind : std::uint8_t { null, boolean, integer, unsigned_, floating, string };
  Kind kind = Kind::null;
  bool b = false;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string_view s;
};

/// "null", "a boolean", "a string" or "a number", for messages.
[[nodiscard]] std::string_view describe(const Scalar& v) noexcept;

/// The value of a JSON number; nullopt for any other kind.
[[nodiscard]] std::optional<double> number_of(const Scalar& v) noexcept;

/// How a value was read where a number (or a percentage) belongs.
enum class Reading : std::uint8_t {
  exact,            ///< as it should be written
  from_string,      ///< a number written as a string ("10.5"); read, with a warning
  bare_number,      ///< a percentage written as a number (35.35); read, with a warning
  no_percent_sign,  ///< a percentage string without '%' ("35.35"); read, with a warning
  not_a_number,     ///< a string that holds no number; not read
  wrong_type,       ///< null, a boolean, or (for a percentage) nothing else fitting
  out_of_range,     ///< a JSON number beyond a double's range (`1e400`); not read
};

struct ValueReading {
  std::optional<double> value;
  Reading reading = Reading::exact;
};

/// A number, or a string holding one ("10.5", " 72.046 ").
[[nodiscard]] ValueReading read_number_value(const Scalar& v) noexcept;

/// A percentage as AOE writes it ("35.35%"); also a bare number or a string
/// without the '%'. The value is in percent (35.35).
[[nodiscard]] ValueReading read_percent_value(const Scalar& v) noexcept;

/// `d` as a whole number of a counter, or nullopt when it has a fraction or
/// is beyond ±9e15 (where a double stops holding every integer).
[[nodiscard]] std::optional<std::int64_t> whole_number(double d) noexcept;

}  // namespace aoe::internal
