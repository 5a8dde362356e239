// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the repository reader (runtime_kb as JSON Lines, the
// gradient fusion file) and `bank check`'s rules over arbitrary bytes. What
// must hold: no crash, no hang; the same records and diagnostics whatever
// the chunk size; the counts agree with the records; every position is
// inside the file. A broken invariant aborts, so libFuzzer keeps the input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "aoe_result/bank.hpp"

namespace {

void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

void check_one(std::string_view text, const std::string& name) {
  const aoe::BankFile whole = aoe::read_bank_text(text, name);
  aoe::BankReadOptions small;
  small.chunk_bytes = 16;
  std::istringstream in{std::string(text)};
  const aoe::BankFile chunked = aoe::read_bank_stream(in, name, small);
  require(whole.readable == chunked.readable, "readable depends on the chunk size");
  require(whole.records.size() == chunked.records.size(), "records depend on the chunk size");
  for (std::size_t i = 0; i < whole.records.size(); ++i) {
    require(whole.records[i].text == chunked.records[i].text,
            "a record's text depends on the chunk size");
    require(whole.records[i].line == chunked.records[i].line,
            "a record's line depends on the chunk size");
  }
  require(whole.diagnostics.size() == chunked.diagnostics.size(),
          "diagnostics depend on the chunk size");
  require(whole.size_bytes == text.size(), "size_bytes is not the input's size");
  if (whole.kind == aoe::BankFileKind::runtime_kb && whole.readable) {
    require(whole.records.size() == whole.counts.records, "counts.records is not the records");
    require(whole.counts.distinct_keys <= whole.counts.records, "more shapes than records");
  }
  for (const aoe::Diagnostic& d : whole.diagnostics) {
    require(!d.line || *d.line >= 1, "a line below 1");
    require(!d.line || *d.line <= whole.lines + 1, "a line past the end");
  }
  for (const aoe::BankRecord& r : whole.records) {
    require(r.line >= 1 && r.line <= whole.lines, "a record's line outside the file");
  }
  const std::vector<aoe::Diagnostic> findings = aoe::check_bank_file(whole);
  require(findings.size() >= whole.diagnostics.size(), "check lost a reader diagnostic");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_one(text, "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json");
  check_one(text, "Ascend910B1_gradient_fusion.json");
  return 0;
}
