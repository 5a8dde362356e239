// SPDX-License-Identifier: Apache-2.0
// aoe-result-gen: writes synthetic AOE result files (see generator.hpp).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

#include "generator.hpp"
#include "simulator.hpp"

namespace {

constexpr const char* kUsage =
    "Usage: aoe-result-gen [options]\n"
    "Writes a synthetic AOE result file, reproducibly (same seed, same bytes).\n"
    "\n"
    "  --operators N   modified operators in the file (default 1000)\n"
    "  --reports N     reports of a report-keyed file (default 1)\n"
    "  --layout L      nested (CANN 8.x, report-keyed) | list (6.3+ bare list)\n"
    "                  | flat-601 (report-keyed) | flat-62 (bare list); default nested\n"
    "  --seed N        random seed (default 1)\n"
    "  -o FILE         output file (default: standard output)\n"
    "  --files N       write N files into --dir instead, seeds seed..seed+N-1,\n"
    "                  named aoe_result_opat_<timestamp>_pid<N>.json\n"
    "  --series N      write N runs of the same operators into --dir, oldest\n"
    "                  first: after-tune times drifting by -1..+3 % a run, some\n"
    "                  operators missing or failed in some runs (rules in\n"
    "                  tests/bench/generator.hpp), repository updates growing\n"
    "  --dir DIR       directory for --files and --series (created if missing)\n"
    "\n"
    "  --simulate      play a tuning run into --dir instead: the file\n"
    "                  aoe_result_opat_<now>_pid<this process>.json rewritten\n"
    "                  at each step (in place, half-written, or renamed over),\n"
    "                  reports one after the other (--reports, default 2), each\n"
    "                  with --operators operators (default 6), the second one\n"
    "                  failing; prints the file's path first, exits when done\n"
    "  --step-ms MS    --simulate: pause between steps (default 200)\n"
    "\n"
    "What was written (reports, operators, Σ before/after in µs by the CLI\n"
    "contract's per-operator rule) is printed on stderr as one JSON line.\n"
    "\n"
    "Example:\n"
    "  aoe-result-gen --operators 300000 --reports 50 -o big.json\n"
    "  aoe-result-gen --simulate --dir run/ --step-ms 500 & aoe-result watch run/\n"
    "  aoe-result-gen --series 100 --operators 3000 --dir runs/\n";

bool parse_count(const char* text, std::uint64_t& out) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (end == text || *end != '\0' || text[0] == '-') return false;
  out = v;
  return true;
}

int usage_error(const std::string& message) {
  std::cerr << "aoe-result-gen: " << message << "\n(see aoe-result-gen --help)\n";
  return 2;
}

void print_totals(const aoe::bench::GenTotals& t) {
  std::fprintf(stderr,
               "{\"reports\": %zu, \"operators\": %zu, \"mode_results\": %zu, "
               "\"failed_operators\": %zu, \"time_before_us\": %.17g, \"time_after_us\": %.17g}\n",
               t.reports, t.operators, t.mode_results, t.failed_operators, t.time_before_us,
               t.time_after_us);
}

}  // namespace

int main(int argc, char** argv) {
  aoe::bench::GenOptions options;
  std::string output;
  std::string dir;
  std::uint64_t files = 0;
  bool simulate = false;
  bool operators_given = false;
  bool reports_given = false;
  std::uint64_t step_ms = 200;
  std::uint64_t series = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    }
    if (arg == "--simulate") {
      simulate = true;
      continue;
    }
    if (i + 1 >= argc) return usage_error("option " + std::string(arg) + " needs a value");
    const char* value = argv[++i];
    std::uint64_t n = 0;
    if (arg == "--operators" || arg == "--reports" || arg == "--seed" || arg == "--files" ||
        arg == "--step-ms" || arg == "--series") {
      if (!parse_count(value, n)) {
        return usage_error(std::string(arg) + " takes a whole number, not '" + value + "'");
      }
      if (arg == "--operators") options.operators = n;
      if (arg == "--reports") options.reports = n;
      if (arg == "--seed") options.seed = n;
      if (arg == "--files") files = n;
      if (arg == "--step-ms") step_ms = n;
      operators_given = operators_given || arg == "--operators";
      reports_given = reports_given || arg == "--reports";
      if (arg == "--series") series = n;
    } else if (arg == "--layout") {
      const auto layout = aoe::bench::parse_gen_layout(value);
      if (!layout) {
        return usage_error(std::string("unknown layout '") + value +
                           "' (nested, list, flat-601, flat-62)");
      }
      options.layout = *layout;
    } else if (arg == "-o") {
      output = value;
    } else if (arg == "--dir") {
      dir = value;
    } else {
      return usage_error("unknown option " + std::string(arg));
    }
  }

  if (simulate) {
    if (dir.empty()) return usage_error("--simulate needs --dir");
    aoe::bench::SimOptions sim;
    if (operators_given) sim.operators = options.operators;
    if (reports_given) sim.reports = options.reports;
    sim.seed = options.seed;
    sim.start_timestamp = aoe::bench::local_timestamp_now();
    try {
      const auto t = aoe::bench::simulate(sim, dir, std::chrono::milliseconds(step_ms), std::cout);
      std::fprintf(stderr, "{\"reports\": %zu, \"operators\": %zu, \"failed_operators\": %zu}\n",
                   t.reports, t.operators, t.failed_operators);
    } catch (const std::exception& e) {
      std::cerr << "aoe-result-gen: " << e.what() << "\n";
      return 3;
    }
    return 0;
  }

  if (files > 0 && series > 0) return usage_error("--files and --series cannot be combined");
  if (series > 0) {
    files = series;
  }
  if (files > 0) {
    if (dir.empty())
      return usage_error(series > 0 ? "--series needs --dir" : "--files needs --dir");
    std::filesystem::create_directories(dir);
    aoe::bench::GenTotals all;
    const std::uint64_t first_seed = options.seed;
    for (std::uint64_t k = 0; k < files; ++k) {
      // --files: a different seed per file; --series: one seed, run k.
      if (series > 0) {
        options.series_run = static_cast<std::size_t>(k);
      } else {
        options.seed = first_seed + k;
      }
      // aoe_result_opat_YYYYMMDD_HHMMSSmmm_pidN.json, oldest first by k.
      const std::uint64_t ms = 36000000 + k * 1377;
      char name[96];
      std::snprintf(
          name, sizeof name, "aoe_result_opat_20250428_%02llu%02llu%02llu%03llu_pid%llu.json",
          static_cast<unsigned long long>(ms / 3600000 % 24),
          static_cast<unsigned long long>(ms / 60000 % 60),
          static_cast<unsigned long long>(ms / 1000 % 60),
          static_cast<unsigned long long>(ms % 1000), static_cast<unsigned long long>(1000 + k));
      std::ofstream out(std::filesystem::path(dir) / name, std::ios::binary);
      const auto t = aoe::bench::generate(options, out);
      if (!out) {
        std::cerr << "aoe-result-gen: cannot write " << dir << "/" << name << "\n";
        return 3;
      }
      all.reports += t.reports;
      all.operators += t.operators;
      all.mode_results += t.mode_results;
      all.failed_operators += t.failed_operators;
      all.time_before_us += t.time_before_us;
      all.time_after_us += t.time_after_us;
    }
    print_totals(all);
    return 0;
  }

  aoe::bench::GenTotals totals;
  if (output.empty() || output == "-") {
    std::ios::sync_with_stdio(false);
    totals = aoe::bench::generate(options, std::cout);
    std::cout.flush();
    if (!std::cout) return 3;
  } else {
    std::ofstream out(output, std::ios::binary);
    if (!out) {
      std::cerr << "aoe-result-gen: cannot write " << output << "\n";
      return 3;
    }
    totals = aoe::bench::generate(options, out);
    out.close();
    if (!out) {
      std::cerr << "aoe-result-gen: cannot write " << output << "\n";
      return 3;
    }
  }
  print_totals(totals);
  return 0;
}
