// SPDX-License-Identifier: Apache-2.0
// Why a file could not be opened, in the words every reader puts after
// "the file ".
#include "file_descriptor.hpp"

#include <cerrno>
#include <string>

#include <gtest/gtest.h>

namespace aoe::internal {
namespace {

TEST(OpenFailureWords, SayWhy) {
  EXPECT_EQ(open_failure_words(ENOENT), "does not exist");
  EXPECT_EQ(open_failure_words(ENOTDIR), "does not exist");
  EXPECT_EQ(open_failure_words(EACCES), "cannot be read: permission denied");
  EXPECT_EQ(open_failure_words(EPERM), "cannot be read: permission denied");
  const std::string io = open_failure_words(EIO);
  EXPECT_EQ(io.rfind("cannot be read: ", 0), 0U);
  EXPECT_GT(io.size(), std::string("cannot be read: ").size());
}

}  // namespace
}  // namespace aoe::internal
