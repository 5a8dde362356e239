// SPDX-License-Identifier: Apache-2.0
// The benchmark generator (tests/bench/generator.hpp): reproducible, every
// layout readable, and its own totals agree with what the reader and the
// analysis find, so the benchmark's agreement check means something.
#include "generator.hpp"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"
#include "aoe_result/reader.hpp"

namespace aoe {
namespace {

using bench::GenLayout;
using bench::GenOptions;
using bench::GenTotals;

GenOptions options(GenLayout layout, std::size_t operators, std::size_t reports,
                   std::uint64_t seed = 7) {
  GenOptions o;
  o.layout = layout;
  o.operators = operators;
  o.reports = reports;
  o.seed = seed;
  return o;
}

TEST(Generator, SameSeedSameBytesOtherSeedOtherBytes) {
  const auto o = options(GenLayout::nested, 300, 3);
  const std::string a = bench::generate_text(o);
  EXPECT_EQ(a, bench::generate_text(o));
  EXPECT_NE(a, bench::generate_text(options(GenLayout::nested, 300, 3, 8)));
}

TEST(Generator, LayoutNames) {
  EXPECT_EQ(bench::parse_gen_layout("nested"), GenLayout::nested);
  EXPECT_EQ(bench::parse_gen_layout("list"), GenLayout::list);
  EXPECT_EQ(bench::parse_gen_layout("flat-601"), GenLayout::flat_601);
  EXPECT_EQ(bench::parse_gen_layout("flat-62"), GenLayout::flat_62);
  EXPECT_FALSE(bench::parse_gen_layout("flat"));
}

// Reads a generated file and compares everything the generator counted.
void expect_agrees(GenLayout layout, std::size_t operators, std::size_t reports,
                   Layout expected_layout) {
  GenTotals want;
  const std::string text = bench::generate_text(options(layout, operators, reports), &want);
  const ResultFile file = read_result_text(text, "gen.json");
  ASSERT_TRUE(file.readable);
  EXPECT_TRUE(file.complete);
  EXPECT_EQ(file.layout, expected_layout);
  EXPECT_TRUE(file.diagnostics.empty()) << file.diagnostics.front().message;
  EXPECT_EQ(file.reports.size(), want.reports);

  std::size_t mode_results = 0;
  std::size_t fused = 0;
  std::size_t two_modes = 0;
  std::size_t failed = 0;
  for (const Report& r : file.reports) {
    failed += r.failed_operators.size();
    for (const Operator& op : r.operators) {
      mode_results += op.modes.size();
      fused += op.types.size() > 1 ? 1U : 0U;
      two_modes += op.modes.size() > 1 ? 1U : 0U;
    }
  }
  EXPECT_EQ(mode_results, want.mode_results);
  EXPECT_EQ(failed, want.failed_operators);
  EXPECT_GT(fused, 0U);
  const bool flat = layout == GenLayout::flat_601 || layout == GenLayout::flat_62;
  if (flat) {
    EXPECT_EQ(two_modes, 0U);
  } else {
    // ~10 % of operators carry two tuning modes.
    EXPECT_GT(two_modes, operators / 20);
    EXPECT_LT(two_modes, operators / 6);
  }

  const Totals t = totals(file);
  EXPECT_EQ(t.operators, want.operators);
  EXPECT_EQ(t.operators, operators);
  EXPECT_EQ(t.timed_operators, operators);
  EXPECT_NEAR(t.time_before_us, want.time_before_us, 1e-9 * want.time_before_us);
  EXPECT_NEAR(t.time_after_us, want.time_after_us, 1e-9 * want.time_after_us);

  // Counters satisfy the invariants, and every written improvement matches
  // AOE's formula: the only findings are the failed reports' warnings, and
  // the notes on the +1 µs entries the generator writes as AOE's writer does.
  for (const Diagnostic& d : check(file)) {
    if (d.code == "writer-artefact") {
      EXPECT_EQ(d.severity, Severity::info);
      continue;
    }
    EXPECT_EQ(d.code, "tuning-failed") << d.message;
  }
}

TEST(Generator, NestedReportKeyedAgreesWithReader) {
  expect_agrees(GenLayout::nested, 2000, 8, Layout::report_keyed);
}
TEST(Generator, ListAgreesWithReader) { expect_agrees(GenLayout::list, 1500, 1, Layout::list); }
TEST(Generator, Flat601AgreesWithReader) {
  expect_agrees(GenLayout::flat_601, 1200, 5, Layout::report_keyed);
}
TEST(Generator, Flat62AgreesWithReader) { expect_agrees(GenLayout::flat_62, 900, 1, Layout::list); }

TEST(Generator, OperatorsSpreadOverReports) {
  GenTotals want;
  const std::string text = bench::generate_text(options(GenLayout::nested, 10, 4), &want);
  const ResultFile file = read_result_text(text, "gen.json");
  ASSERT_EQ(file.reports.size(), 4U);
  EXPECT_EQ(file.reports[0].operators.size(), 3U);
  EXPECT_EQ(file.reports[1].operators.size(), 3U);
  EXPECT_EQ(file.reports[2].operators.size(), 2U);
  EXPECT_EQ(file.reports[3].operators.size(), 2U);
  EXPECT_EQ(file.reports[3].status, Status::failed);  // every 7th report, from the 4th
  EXPECT_EQ(file.reports[0].status, Status::successful);
}

// Series mode: every run holds the same operators; the rules in
// generator.hpp decide which are missing or failed in which run.
TEST(Generator, SeriesRunsHoldTheSameOperatorsByTheRules) {
  constexpr std::size_t kOps = 120;
  std::vector<ResultFile> runs;
  for (std::size_t k = 0; k < 4; ++k) {
    GenOptions o = options(GenLayout::nested, kOps, 2, 11);
    o.series_run = k;
    GenTotals want;
    runs.push_back(read_result_text(bench::generate_text(o, &want), "run.json"));
    const ResultFile& f = runs.back();
    ASSERT_TRUE(f.readable);
    EXPECT_TRUE(f.diagnostics.empty()) << f.diagnostics.front().message;
    std::size_t expected_present = 0;
    std::size_t expected_failed = 0;
    for (std::size_t i = 0; i < kOps; ++i) {
      if (bench::series_failed(i, k))
        ++expected_failed;
      else if (!bench::series_missing(i, k))
        ++expected_present;
    }
    EXPECT_EQ(totals(f).operators, expected_present);
    EXPECT_EQ(totals(f).failed_operators, expected_failed);
    EXPECT_EQ(want.failed_operators, expected_failed);
    // Failed operators are errors; the writer's +1 µs entries the generator
    // writes (as AOE does) are info findings.
    for (const Diagnostic& d : check(f)) {
      if (d.code == "writer-artefact") {
        EXPECT_EQ(d.severity, Severity::info) << d.message;
        continue;
      }
      EXPECT_EQ(d.code, "tuning-failed") << d.message;
    }
  }
  // Operator 13 is missing in run 0 ((7*13 + 0) % 13 == 0); operator 29
  // fails in run 0 (29 % 29 == 0) and is back in run 1.
  const auto names = [](const ResultFile& f) {
    std::vector<std::string> out;
    for (const Report& r : f.reports)
      for (const Operator& op : r.operators) out.push_back(op.name);
    return out;
  };
  const auto has = [&](const ResultFile& f, const std::string& suffix) {
    for (const std::string& n : names(f)) {
      if (n.size() >= suffix.size() &&
          n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
        return true;
    }
    return false;
  };
  EXPECT_FALSE(has(runs[0], "_13"));
  EXPECT_TRUE(has(runs[1], "_13"));
  EXPECT_FALSE(has(runs[0], "_29"));
  EXPECT_TRUE(has(runs[1], "_29"));
  bool listed = false;
  for (const Report& r : runs[0].reports)
    for (const std::string& n : r.failed_operators) listed = listed || n.ends_with("_29");
  EXPECT_TRUE(listed);

  // The same operator keeps its name, type and before-time; its after-time
  // drifts by a fixed per-mille per run.
  const Operator* first = nullptr;
  const Operator* later = nullptr;
  for (const Operator& op : runs[1].reports[0].operators) {
    if (op.name.ends_with("_1")) first = &op;
  }
  for (const Operator& op : runs[3].reports[0].operators) {
    if (op.name.ends_with("_1")) later = &op;
  }
  ASSERT_TRUE(first && later);
  EXPECT_EQ(first->name, later->name);
  EXPECT_EQ(first->types, later->types);
  EXPECT_EQ(first->modes.front().before_us, later->modes.front().before_us);
  // Repository updates grow with the run.
  const auto updates = [](const ResultFile& f) {
    std::int64_t n = 0;
    for (const Report& r : f.reports) n += r.repo_summary->update_num.value_or(0);
    return n;
  };
  EXPECT_EQ(updates(runs[0]), 0);
  EXPECT_LT(updates(runs[1]), updates(runs[3]));
}

}  // namespace
}  // namespace aoe
