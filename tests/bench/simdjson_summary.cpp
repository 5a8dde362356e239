// SPDX-License-Identifier: Apache-2.0
// The reference point of the reader's speed (docs/performance.md): a
// simdjson DOM reader computing the totals `summary` gives (operators, and
// the sums over operators of the largest before-tune and the smallest
// after-tune time over each one's tuning modes) of a nested (CANN 8.x)
// result file. Benchmark only (AOE_RESULT_BENCHMARKS).
#include <cstdint>
#include <cstdio>
#include <string_view>

#include <simdjson.h>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: aoe_result_simdjson_summary FILE\n");
    return 2;
  }
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (const auto error = parser.load(argv[1]).get(root)) {
    std::fprintf(stderr, "%s\n", simdjson::error_message(error));
    return 3;
  }
  std::uint64_t operators = 0;
  std::uint64_t modes = 0;
  double before_us = 0;
  double after_us = 0;
  for (const auto field : root.get_object()) {
    for (const simdjson::dom::element section : field.value.get_array()) {
      simdjson::dom::element opat;
      if (section["OPAT"].get(opat)) continue;
      simdjson::dom::array ops;
      if (opat["repo_modified_operators"].get(ops)) continue;
      for (const simdjson::dom::element op : ops) {
        ++operators;
        simdjson::dom::object perf;
        if (op["tune_performance"].get(perf)) continue;
        // Per operator (cli.md, "Numbers"): its largest before-time over
        // its tuning modes and its smallest after-time, as summary.py.
        bool first = true;
        double op_before = 0;
        double op_after = 0;
        for (const auto mode : perf) {
          ++modes;
          double before = 0;
          double after = 0;
          if (mode.value["performance_before_tune(us)"].get(before)) continue;
          if (mode.value["performance_after_tune(us)"].get(after)) continue;
          op_before = first || before > op_before ? before : op_before;
          op_after = first || after < op_after ? after : op_after;
          first = false;
        }
        if (!first) {
          before_us += op_before;
          after_us += op_after;
        }
      }
    }
  }
  std::printf(
      "{\"operators\": %llu, \"mode_results\": %llu, \"time_before_us\": %.3f, \"time_after_us\": "
      "%.3f}\n",
      static_cast<unsigned long long>(operators), static_cast<unsigned long long>(modes), before_us,
      after_us);
  return 0;
}
