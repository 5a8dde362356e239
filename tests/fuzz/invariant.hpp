// SPDX-License-Identifier: Apache-2.0
// How a fuzz target stops on a broken invariant: a line on stderr naming it,
// then abort(), which libFuzzer reports as a crash and saves the input of.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace aoe::fuzz {

[[noreturn]] inline void broken(const char* what) {
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

}  // namespace aoe::fuzz
