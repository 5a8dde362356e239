// SPDX-License-Identifier: Apache-2.0
#include "reader/values.hpp"

#include <cmath>

#include "text_util.hpp"

namespace aoe::internal {

std::string_view describe(const Scalar& v) noexcept {
  switch (v.kind) {
    case Scalar::Kind::null:
      return "null";
    case Scalar::Kind::boolean:
      return "a boolean";
    case Scalar::Kind::string:
      return "a string";
    default:
      return "a number";
  }
}

std::optional<double> number_of(const Scalar& v) noexcept {
  switch (v.kind) {
    case Scalar::Kind::integer:
      return static_cast<double>(v.i);
    case Scalar::Kind::unsigned_:
      return static_cast<double>(v.u);
    case Scalar::Kind::floating:
      return v.d;
    default:
      return std::nullopt;
  }
}

ValueReading read_number_value(const Scalar& v) noexcept {
  if (auto d = number_of(v)) {
    return std::isfinite(*d) ? ValueReading{d, Reading::exact}
                             : ValueReading{std::nullopt, Reading::out_of_range};
  }
  if (v.kind != Scalar::Kind::string) return {std::nullopt, Reading::wrong_type};
  if (auto d = parse_decimal(v.s)) return {d, Reading::from_string};
  return {std::nullopt, Reading::not_a_number};
}

ValueReading read_percent_value(const Scalar& v) noexcept {
  if (auto d = number_of(v)) {
    return std::isfinite(*d) ? ValueReading{d, Reading::bare_number}
                             : ValueReading{std::nullopt, Reading::out_of_range};
  }
  if (v.kind != Scalar::Kind::string) return {std::nullopt, Reading::wrong_type};
  std::string_view s = trim(v.s);
  const bool has_sign = !s.empty() && s.back() == '%';
  if (has_sign) s.remove_suffix(1);
  if (auto d = parse_decimal(s)) return {d, has_sign ? Reading::exact : Reading::no_percent_sign};
  return {std::nullopt, Reading::not_a_number};
}

std::optional<std::int64_t> whole_number(double d) noexcept {
  if (d != std::floor(d) || std::fabs(d) > 9.0e15) return std::nullopt;
  return static_cast<std::int64_t>(d);
}

}  // namespace aoe::internal
