// SPDX-License-Identifier: Apache-2.0
// The fastest public reader as a reference point (docs/performance.md):
// simdjson's On-Demand front end computing the totals `summary` gives
// (operators, tuning-mode results, and the sums over operators of the
// largest before-tune and the smallest after-tune time over each one's
// tuning modes) of a nested (CANN 8.x) result file, as
// simdjson_summary.cpp does with the DOM. The file is loaded whole
// (padded_string::load), as simdjson requires. Benchmark only
// (AOE_RESULT_BENCHMARKS).
#include <cstdint>
#include <cstdio>
#include <utility>

#include <simdjson.h>

namespace {

namespace od = simdjson::ondemand;

struct Totals {
  std::uint64_t operators = 0;
  std::uint64_t modes = 0;
  double before_us = 0;
  double after_us = 0;
};

// One entry of repo_modified_operators: its modes' largest before-time
// and smallest after-time (cli.md, "Numbers").
void add_operator(od::object op, Totals& t) {
  od::object perf;
  if (op["tune_performance"].get_object().get(perf)) return;
  bool first = true;
  double op_before = 0;
  double op_after = 0;
  for (auto mode_result : perf) {
    ++t.modes;
    od::field mode;
    od::object times;
    if (std::move(mode_result).get(mode) || mode.value().get_object().get(times)) continue;
    double before = 0;
    double after = 0;
    if (times["performance_before_tune(us)"].get_double().get(before)) continue;
    if (times["performance_after_tune(us)"].get_double().get(after)) continue;
    op_before = first || before > op_before ? before : op_before;
    op_after = first || after < op_after ? after : op_after;
    first = false;
  }
  if (!first) {
    t.before_us += op_before;
    t.after_us += op_after;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: aoe_result_simdjson_ondemand_summary FILE\n");
    return 2;
  }
  simdjson::padded_string json;
  if (const auto error = simdjson::padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "%s\n", simdjson::error_message(error));
    return 3;
  }
  od::parser parser;
  od::document doc;
  od::object root;
  if (const auto error = parser.iterate(json).get(doc)) {
    std::fprintf(stderr, "%s\n", simdjson::error_message(error));
    return 3;
  }
  if (const auto error = doc.get_object().get(root)) {
    std::fprintf(stderr, "%s\n", simdjson::error_message(error));
    return 3;
  }
  Totals t;
  for (auto report_result : root) {
    od::field report;
    od::array sections;
    if (std::move(report_result).get(report) || report.value().get_array().get(sections)) continue;
    for (auto section_result : sections) {
      od::object section;
      od::object opat;
      od::array ops;
      if (section_result.get_object().get(section)) continue;
      if (section["OPAT"].get_object().get(opat)) continue;
      if (opat["repo_modified_operators"].get_array().get(ops)) continue;
      for (auto op_result : ops) {
        ++t.operators;
        od::object op;
        if (op_result.get_object().get(op)) continue;
        add_operator(op, t);
      }
    }
  }
  std::printf(
      "{\"operators\": %llu, \"mode_results\": %llu, \"time_before_us\": %.3f, \"time_after_us\": "
      "%.3f}\n",
      static_cast<unsigned long long>(t.operators), static_cast<unsigned long long>(t.modes),
      t.before_us, t.after_us);
  return 0;
}
