// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the reader, the analysis, `check` and the renderers of
// `show`, `summary` and `failed` over arbitrary bytes. What must hold is in
// input_checks.hpp; a broken invariant aborts, so libFuzzer keeps the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "input_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The renderers read the bytes again through "-" (standard input); very
  // big inputs are left to the reader alone to keep executions fast.
  if (const auto broken = aoe::fuzz::check_any_input(text, size <= 64 * 1024)) {
    std::fprintf(stderr, "invariant broken: %s\n", broken->c_str());
    std::abort();
  }
  return 0;
}
