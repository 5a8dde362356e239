// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the profile reader (include/aoe_result/profile.hpp)
// over arbitrary bytes. Read whole and 16 bytes at a time, the profile
// must be the same; every row is counted once; every diagnostic's line
// lies within the input; statistics stay in order. A broken invariant
// aborts, so libFuzzer keeps the input.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "aoe_result/profile.hpp"

#include "invariant.hpp"

using aoe::fuzz::broken;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  aoe::ProfileReadOptions options;
  options.max_row_bytes = 256;
  std::size_t seen = 0;
  options.on_row = [&](const aoe::ProfileFile&, const aoe::ProfileRowView& row) {
    ++seen;
    if (row.line == 0) broken("a row on line 0");
  };
  const aoe::Profile whole = aoe::read_profile_text(text, "<fuzz>", options);
  if (seen != whole.rows) broken("on_row once per row read");
  options.on_row = nullptr;
  options.chunk_bytes = 16;
  std::istringstream in{std::string(text)};
  const aoe::Profile chunked = aoe::read_profile_stream(in, "<fuzz>", options);

  if (whole.rows != chunked.rows) broken("rows depend on the chunk size");
  if (whole.bad_rows != chunked.bad_rows) broken("bad rows depend on the chunk size");
  if (whole.files[0].readable != chunked.files[0].readable) broken("readable depends on chunks");
  if (whole.operators.size() != chunked.operators.size()) broken("operators depend on chunks");
  if (whole.diagnostics.size() != chunked.diagnostics.size())
    broken("diagnostics depend on chunks");
  const std::size_t lines =
      static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (std::size_t i = 0; i < whole.diagnostics.size(); ++i) {
    const aoe::Diagnostic& a = whole.diagnostics[i];
    const aoe::Diagnostic& b = chunked.diagnostics[i];
    if (a.line != b.line || a.column != b.column || a.message != b.message) {
      broken("a diagnostic depends on the chunk size");
    }
    if (a.line && (*a.line == 0 || *a.line > lines)) broken("diagnostic line out of range");
  }
  std::size_t calls = 0;
  for (std::size_t i = 0; i < whole.operators.size(); ++i) {
    const aoe::ProfileOperator& a = whole.operators[i];
    const aoe::ProfileOperator& b = chunked.operators[i];
    if (a.name != b.name || a.type != b.type || a.stats.calls != b.stats.calls) {
      broken("an operator depends on the chunk size");
    }
    calls += a.stats.calls;
    if (a.stats.timed_calls > a.stats.calls) broken("more timed calls than calls");
    if (a.stats.median_us && a.stats.p95_us && *a.stats.median_us > *a.stats.p95_us) {
      broken("median above P95");
    }
    if ((a.stats.timed_calls == 0) != !a.stats.mean_us) broken("a mean without durations");
  }
  if (calls != whole.rows) broken("every row counted once");
  return 0;
}
