// SPDX-License-Identifier: Apache-2.0
// Scalars of the reader's event source made by hand, for the tests of the
// layers that read them (values_test.cpp, raw_capture_test.cpp).
#pragma once

#include <string_view>

#include "reader/values.hpp"

namespace aoe::internal::test {

/// A string scalar holding `s`.
inline Scalar text(std::string_view s) {
  Scalar v;
  v.kind = Scalar::Kind::string;
  v.s = s;
  return v;
}

/// A floating-point number scalar.
inline Scalar number(double d) {
  Scalar v;
  v.kind = Scalar::Kind::floating;
  v.d = d;
  return v;
}

}  // namespace aoe::internal::test
