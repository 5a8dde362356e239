// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the tokenizer (src/reader/json_events.hpp) against
// nlohmann's parser on arbitrary bytes, read whole and in chunks of a size
// taken from the input. Any difference in acceptance, events, values or
// error aborts, so libFuzzer keeps the input (json_events_oracle.hpp).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "json_events_oracle.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::size_t chunk = size == 0 ? 1 : 1 + data[0] % 13;
  for (const std::size_t c : {std::size_t{0}, chunk}) {
    if (const auto diff = aoe::fuzz::compare_with_oracle(bytes, c)) {
      std::fprintf(stderr, "tokenizer and nlohmann differ: %s\n", diff->c_str());
      std::abort();
    }
  }
  return 0;
}
