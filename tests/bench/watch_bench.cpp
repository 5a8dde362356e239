// SPDX-License-Identifier: Apache-2.0
// aoe-result-watch-bench: the CPU cost of one `watch` refresh of a big file:
// read the whole file again and merge it into the follower (nothing new).
//
//   aoe-result-watch-bench [--operators N] [--refreshes N]
//
// Writes a generated file (aoe-result-gen's generator, nested layout) to a
// temporary path, reads it once, then times N refreshes in CPU time
// (std::clock) and prints the mean and the slowest in ms.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "aoe_result/follow.hpp"
#include "aoe_result/reader.hpp"

#include "generator.hpp"

int main(int argc, char** argv) {
  aoe::bench::GenOptions gen;
  gen.operators = 20000;
  gen.reports = 4;
  int refreshes = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view arg = argv[i];
    if (arg == "--operators")
      gen.operators = std::strtoull(argv[i + 1], nullptr, 10);
    else if (arg == "--refreshes")
      refreshes = std::max(1, std::atoi(argv[i + 1]));
  }
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "aoe_result_watch_bench.json";
  {
    std::ofstream out(path, std::ios::binary);
    (void)aoe::bench::generate(gen, out);
  }
  aoe::Follower follower;
  const auto first = follower.update(aoe::read_result_file(path));
  double total_ms = 0;
  double worst_ms = 0;
  std::size_t events = 0;
  for (int i = 0; i < refreshes; ++i) {
    const std::clock_t start = std::clock();
    events += follower.update(aoe::read_result_file(path)).size();
    const double ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    total_ms += ms;
    worst_ms = std::max(worst_ms, ms);
  }
  std::printf(
      "%zu operators (%ju bytes): first read %zu events; %d refreshes: mean %.1f ms CPU, "
      "slowest %.1f ms, %zu events\n",
      gen.operators, static_cast<std::uintmax_t>(std::filesystem::file_size(path)), first.size(),
      refreshes, total_ms / refreshes, worst_ms, events);
  std::filesystem::remove(path);
  return events == 0 ? 0 : 1;
}
