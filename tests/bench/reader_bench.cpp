// SPDX-License-Identifier: Apache-2.0
// Google Benchmark of the reader on generated files held in memory, so the
// figures are the parser and the model, not the disk.
//
//   cmake -S . -B build -DAOE_RESULT_BENCHMARKS=ON && cmake --build build -j2
//   build/aoe_result_bench --benchmark_counters_tabular=true
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include "aoe_result/analysis.hpp"
#include "aoe_result/reader.hpp"

#include "generator.hpp"

namespace {

using aoe::bench::GenLayout;
using aoe::bench::GenOptions;

// Generated once per (layout, operators); reused by every benchmark.
const std::string& text_for(GenLayout layout, std::size_t operators) {
  static std::map<std::pair<int, std::size_t>, std::string> cache;
  auto key = std::make_pair(static_cast<int>(layout), operators);
  auto it = cache.find(key);
  if (it == cache.end()) {
    GenOptions options;
    options.layout = layout;
    options.operators = operators;
    options.reports = layout == GenLayout::nested || layout == GenLayout::flat_601
                          ? std::max<std::size_t>(1, operators / 6000)
                          : 1;
    options.seed = 42;
    it = cache.emplace(key, aoe::bench::generate_text(options)).first;
  }
  return it->second;
}

void set_counters(benchmark::State& state, const std::string& text, std::size_t operators) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(text.size()));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(operators));
  state.counters["file_MB"] = static_cast<double>(text.size()) / 1e6;
}

// read_result_text: the whole file in one block of memory.
void BM_ReadText(benchmark::State& state, GenLayout layout) {
  const auto operators = static_cast<std::size_t>(state.range(0));
  const std::string& text = text_for(layout, operators);
  for (auto _ : state) {
    aoe::ResultFile file = aoe::read_result_text(text, "bench.json");
    benchmark::DoNotOptimize(file.reports.data());
    if (!file.readable) state.SkipWithError("generated file not readable");
  }
  set_counters(state, text, operators);
}

// read_result_stream: the same bytes through the chunked stream path
// (what reading a file does), from an in-memory stream.
void BM_ReadStream(benchmark::State& state) {
  const auto operators = static_cast<std::size_t>(state.range(0));
  const std::string& text = text_for(GenLayout::nested, operators);
  for (auto _ : state) {
    state.PauseTiming();
    std::istringstream in(text);
    state.ResumeTiming();
    aoe::ResultFile file = aoe::read_result_stream(in, "bench.json");
    benchmark::DoNotOptimize(file.reports.data());
  }
  set_counters(state, text, operators);
}

// Reading plus the totals `summary` prints.
void BM_ReadAndTotals(benchmark::State& state) {
  const auto operators = static_cast<std::size_t>(state.range(0));
  const std::string& text = text_for(GenLayout::nested, operators);
  for (auto _ : state) {
    const aoe::ResultFile file = aoe::read_result_text(text, "bench.json");
    const aoe::Totals t = aoe::totals(file);
    benchmark::DoNotOptimize(t.time_before_us);
  }
  set_counters(state, text, operators);
}

// The floor: nlohmann's SAX parser with a handler that does nothing, on the
// same text (what the issue's reference table calls "SAX with an empty
// handler"). The reader's distance to this is the cost of the model.
struct EmptySax : nlohmann::json_sax<nlohmann::json> {
  bool null() override { return true; }
  bool boolean(bool /*unused*/) override { return true; }
  bool number_integer(number_integer_t /*unused*/) override { return true; }
  bool number_unsigned(number_unsigned_t /*unused*/) override { return true; }
  bool number_float(number_float_t /*unused*/, const string_t& /*unused*/) override { return true; }
  bool string(string_t& /*unused*/) override { return true; }
  bool binary(binary_t& /*unused*/) override { return true; }
  bool start_object(std::size_t /*unused*/) override { return true; }
  bool key(string_t& /*unused*/) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t /*unused*/) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t /*unused*/, const std::string& /*unused*/,
                   const nlohmann::detail::exception& /*unused*/) override {
    return false;
  }
};

void BM_NlohmannSaxEmptyHandler(benchmark::State& state) {
  const auto operators = static_cast<std::size_t>(state.range(0));
  const std::string& text = text_for(GenLayout::nested, operators);
  for (auto _ : state) {
    EmptySax sax;
    const bool ok = nlohmann::json::sax_parse(text, &sax);
    if (!ok) state.SkipWithError("parse failed");
  }
  set_counters(state, text, operators);
}

// For scale: the whole document as an nlohmann DOM.
void BM_NlohmannDom(benchmark::State& state) {
  const auto operators = static_cast<std::size_t>(state.range(0));
  const std::string& text = text_for(GenLayout::nested, operators);
  for (auto _ : state) {
    nlohmann::json doc = nlohmann::json::parse(text);
    benchmark::DoNotOptimize(doc.size());
  }
  set_counters(state, text, operators);
}

BENCHMARK(BM_NlohmannSaxEmptyHandler)->Arg(20000)->Arg(300000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NlohmannDom)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadText, nested, GenLayout::nested)
    ->Arg(50)
    ->Arg(20000)
    ->Arg(300000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadText, list, GenLayout::list)->Arg(20000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadText, flat_601, GenLayout::flat_601)
    ->Arg(20000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadText, flat_62, GenLayout::flat_62)
    ->Arg(20000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadStream)->Arg(20000)->Arg(300000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadAndTotals)->Arg(20000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
