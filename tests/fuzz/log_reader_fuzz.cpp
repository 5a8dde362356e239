// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the log reader (include/aoe_result/log.hpp) over
// arbitrary bytes. Read whole and a few bytes at a time, the model must be
// the same; every line number must lie within the lines counted; a cut
// line must stay bounded. A broken invariant aborts, so libFuzzer keeps
// the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "aoe_result/log.hpp"

#include "invariant.hpp"

using aoe::fuzz::broken;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  aoe::LogReadOptions options;
  options.max_line_bytes = 64;
  const aoe::LogFile whole = aoe::read_log_text(text, "<fuzz>", options);
  options.chunk_bytes = 16;
  std::istringstream in{std::string(text)};
  const aoe::LogFile chunked = aoe::read_log_stream(in, "<fuzz>", options);

  // Text that is not AOE's console output (empty, no [Aoe] line, no code)
  // is not read; whether it is must not depend on the chunk size.
  if (whole.readable != chunked.readable) broken("readability depends on the chunk size");
  if (whole.outcome != chunked.outcome) broken("outcome depends on the chunk size");
  if (whole.lines.total != chunked.lines.total) broken("line count depends on the chunk size");
  if (whole.lines.cut != chunked.lines.cut) broken("cut lines depend on the chunk size");
  if (whole.errors.size() != chunked.errors.size()) broken("errors depend on the chunk size");
  if (whole.finished_operators.size() != chunked.finished_operators.size()) {
    broken("operators depend on the chunk size");
  }
  for (std::size_t i = 0; i < whole.finished_operators.size(); ++i) {
    const aoe::LogOperator& a = whole.finished_operators[i];
    const aoe::LogOperator& b = chunked.finished_operators[i];
    if (a.name != b.name || a.line != b.line) broken("an operator depends on the chunk size");
    if (a.line == 0 || a.line > whole.lines.total) broken("operator line out of range");
    if (a.name.empty() || a.name.size() > 64) broken("operator name empty or unbounded");
  }
  for (const aoe::LogError& e : whole.errors) {
    if (e.line == 0 || e.line > whole.lines.total) broken("error line out of range");
    if (e.code.size() < 6 || e.code.size() > 7) broken("code of the wrong length");
  }
  const std::size_t counted = whole.lines.aoe + whole.lines.aoe_other + whole.lines.plog_info +
                              whole.lines.plog_warning + whole.lines.plog_error +
                              whole.lines.blank + whole.lines.unknown;
  if (counted != whole.lines.total) broken("every line counted once");
  const bool has_error = whole.first_error() != nullptr;
  if ((whole.outcome == aoe::LogOutcome::failed) != has_error) broken("failed iff an error code");
  if (whole.outcome == aoe::LogOutcome::finished && !whole.finished_line) {
    broken("finished without the finishing line");
  }
  return 0;
}
