// SPDX-License-Identifier: Apache-2.0
// Numbers as the command line writes them (text/numbers.cpp).
#include "text/numbers.hpp"

#include <gtest/gtest.h>

namespace aoe::cli {
namespace {

// A change over the --fail-above limit never reads as the limit itself.
TEST(DiffGate, ChangeAboveTheLimitReadsAboveIt) {
  EXPECT_EQ(fmt_signed_pct_above(2.0004, 2), "+2.0004%");
  EXPECT_EQ(fmt_signed_pct_above(2.004, 2), "+2.004%");
  EXPECT_EQ(fmt_signed_pct_above(2.5, 2), "+2.50%");
  EXPECT_EQ(fmt_signed_pct_above(50, 10), "+50.00%");
  EXPECT_EQ(fmt_signed_pct_above(1.5, 2), "+1.50%");             // not above: as always
  EXPECT_EQ(fmt_signed_pct_above(2.0000001, 2), "+2.0000001%");  // every digit it takes
}

}  // namespace
}  // namespace aoe::cli
