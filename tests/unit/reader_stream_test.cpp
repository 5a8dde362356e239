// SPDX-License-Identifier: Apache-2.0
// The reader's fast paths keep every correctness property: chunk
// boundaries anywhere, cut-off at any byte, diagnostics with full
// locations, per-object duplicate detection with reused parse frames, and
// interned operator types.
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/reader.hpp"

#include "generator.hpp"

namespace aoe {
namespace {

std::string generated(bench::GenLayout layout, std::size_t operators, std::size_t reports) {
  bench::GenOptions o;
  o.layout = layout;
  o.operators = operators;
  o.reports = reports;
  o.seed = 11;
  return bench::generate_text(o);
}

void expect_same_operator(const Operator& a, const Operator& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.types, b.types.list());
  EXPECT_EQ(a.line, b.line);
  ASSERT_EQ(a.modes.size(), b.modes.size()) << a.name;
  for (std::size_t m = 0; m < a.modes.size(); ++m) {
    EXPECT_EQ(a.modes[m].mode_name, b.modes[m].mode_name);
    EXPECT_EQ(a.modes[m].before_us, b.modes[m].before_us);
    EXPECT_EQ(a.modes[m].after_us, b.modes[m].after_us);
    EXPECT_EQ(a.modes[m].reported_improvement_pct, b.modes[m].reported_improvement_pct);
    EXPECT_EQ(a.modes[m].update_mode, b.modes[m].update_mode);
  }
}

TEST(ReaderStream, EveryChunkSizeReadsTheSameModel) {
  for (auto layout : {bench::GenLayout::nested, bench::GenLayout::flat_601}) {
    const std::string text = generated(layout, 60, 3);
    const ResultFile whole = read_result_text(text, "x");
    ASSERT_TRUE(whole.readable);
    for (std::size_t chunk : {1U, 2U, 7U, 64U, 4096U}) {
      std::istringstream in(text);
      ReadOptions options;
      options.chunk_bytes = chunk;
      const ResultFile f = read_result_stream(in, "x", options);
      ASSERT_TRUE(f.readable) << chunk;
      EXPECT_TRUE(f.complete);
      ASSERT_EQ(f.reports.size(), whole.reports.size());
      for (std::size_t r = 0; r < f.reports.size(); ++r) {
        EXPECT_EQ(f.reports[r].line, whole.reports[r].line);
        ASSERT_EQ(f.reports[r].operators.size(), whole.reports[r].operators.size());
        for (std::size_t i = 0; i < f.reports[r].operators.size(); ++i) {
          expect_same_operator(f.reports[r].operators[i], whole.reports[r].operators[i]);
        }
      }
    }
  }
}

TEST(ReaderStream, CutAtAnyByteKeepsAPrefixOfCompleteOperators) {
  const std::string text = generated(bench::GenLayout::nested, 24, 2);
  const ResultFile whole = read_result_text(text, "x");
  ASSERT_EQ(whole.reports.size(), 2U);
  std::size_t cut_files = 0;
  // Every 13th byte from inside the first report's list, and every byte
  // of the last 40 (inside the last numbers and brackets).
  const std::size_t first_list = text.find('[') + 1;
  for (std::size_t n = first_list; n < text.size(); n += (n + 40 < text.size() ? 13U : 1U)) {
    const std::string_view head(text.data(), n);
    // Only white space cut off: the head is the complete file.
    if (text.find_first_not_of(" \n", n) == std::string::npos) continue;
    const ResultFile f = read_result_text(head, "x");
    ++cut_files;
    ASSERT_TRUE(f.readable) << n;
    EXPECT_FALSE(f.complete) << n;
    ASSERT_LE(f.reports.size(), whole.reports.size());
    for (std::size_t r = 0; r < f.reports.size(); ++r) {
      const auto& got = f.reports[r].operators;
      const auto& all = whole.reports[r].operators;
      ASSERT_LE(got.size(), all.size()) << n;
      for (std::size_t i = 0; i < got.size(); ++i) expect_same_operator(got[i], all[i]);
    }
    EXPECT_EQ(f.diagnostics.back().code, "truncated") << n;
  }
  EXPECT_GT(cut_files, 100U);
}

// ReadOptions::on_operator: every complete operator is handed over, in
// order and with its report, instead of being kept; the rest of the file
// (reports, diagnostics, whether it is readable and complete) is the same.
TEST(ReaderStream, OperatorsHandedOverAreThoseKept) {
  for (auto layout : {bench::GenLayout::nested, bench::GenLayout::list, bench::GenLayout::flat_601,
                      bench::GenLayout::flat_62}) {
    const std::string text = generated(layout, 40, 3);
    // Whole, cut inside the last report, and with a syntax error near the end.
    const std::string cut = text.substr(0, text.size() * 9 / 10);
    // A syntax error after an operator in the second half: nothing is read.
    const std::size_t after = text.find('}', text.size() / 2) + 1;
    const std::string bad = text.substr(0, after) + "@" + text.substr(after);
    const std::vector<std::pair<std::string, bool>> inputs{{text, true}, {cut, true}, {bad, false}};
    for (const auto& [input, readable] : inputs) {
      const ResultFile kept = read_result_text(input, "x");
      EXPECT_EQ(kept.readable, readable);
      std::vector<std::pair<std::string, Operator>> handed;
      ReadOptions options;
      options.chunk_bytes = 7;
      options.on_operator = [&](const ResultFile& file, const Report& report, Operator&& op) {
        EXPECT_EQ(file.path, "x");
        handed.emplace_back(report.id, std::move(op));
      };
      std::istringstream in(input);
      const ResultFile f = read_result_stream(in, "x", options);
      EXPECT_EQ(f.readable, kept.readable);
      EXPECT_EQ(f.complete, kept.complete);
      ASSERT_EQ(f.diagnostics.size(), kept.diagnostics.size());
      for (std::size_t i = 0; i < f.diagnostics.size(); ++i) {
        EXPECT_EQ(f.diagnostics[i].message, kept.diagnostics[i].message);
        EXPECT_EQ(f.diagnostics[i].line, kept.diagnostics[i].line);
      }
      ASSERT_EQ(f.reports.size(), kept.reports.size());
      std::size_t k = 0;
      for (std::size_t r = 0; r < f.reports.size(); ++r) {
        EXPECT_EQ(f.reports[r].id, kept.reports[r].id);
        EXPECT_EQ(f.reports[r].repo_summary.has_value(), kept.reports[r].repo_summary.has_value());
        EXPECT_TRUE(f.reports[r].operators.empty());
        for (const Operator& op : kept.reports[r].operators) {
          ASSERT_LT(k, handed.size());
          EXPECT_EQ(handed[k].first, kept.reports[r].id);
          expect_same_operator(handed[k++].second, op);
        }
      }
      if (kept.readable) {
        EXPECT_EQ(k, handed.size());
      } else {
        EXPECT_FALSE(handed.empty());  // handed over before the error was met: to discard
      }
    }
  }
}

TEST(ReaderStream, FigureDiagnosticNamesOperatorModeAndKey) {
  const ResultFile f = read_result_text(R"J([{"OPAT": {"repo_modified_operators": [
      {"op_name": "a", "op_type": "Add", "tune_performance": {"Schedule": {
        "performance_after_tune(us)": "fast", "performance_before_tune(us)": 134}}},
      {"op_name": "b", "op_type": "Add", "tune_performance": {"Impl": {
        "performance_after_tune(us)": 3, "performance_before_tune(us)": 4,
        "update_mode": 1}}}]}}])J");
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.diagnostics.size(), 2U);
  EXPECT_EQ(f.diagnostics[0].message,
            "OPAT.repo_modified_operators[0] ('a').Schedule.performance_after_tune(us) is "
            "\"fast\", which is not a number; ignored");
  EXPECT_EQ(f.diagnostics[0].op, "a");
  EXPECT_EQ(f.diagnostics[1].message,
            "OPAT.repo_modified_operators[1] ('b').Impl.update_mode is a number, expected "
            "\"add\" or \"update\"; skipped");
  EXPECT_FALSE(f.reports[0].operators[0].modes[0].after_us);
  EXPECT_EQ(f.reports[0].operators[0].modes[0].before_us, 134);
}

TEST(ReaderStream, DuplicateKeysAreCountedPerObject) {
  // The second operator reuses the first one's parse frame: its keys must
  // not count as duplicates of the first operator's.
  const ResultFile f = read_result_text(R"J([{"OPAT": {"repo_modified_operators": [
      {"op_name": "a", "op_name": "a2", "op_type": "Add"},
      {"op_name": "b", "op_type": "Mul"}]}}])J");
  ASSERT_TRUE(f.readable);
  std::size_t duplicates = 0;
  for (const Diagnostic& d : f.diagnostics) duplicates += d.code == "duplicate-key" ? 1U : 0U;
  EXPECT_EQ(duplicates, 1U);
  EXPECT_EQ(f.reports[0].operators[0].name, "a2");
  EXPECT_EQ(f.reports[0].operators[1].name, "b");
}

TEST(ReaderStream, UnknownKeyNamesSurviveFrameReuse) {
  const ResultFile f = read_result_text(R"J([{"OPAT": {"repo_modified_operators": [
      {"op_name": "a", "a_rather_long_undocumented_key": 1, "op_type": "Add"},
      {"op_name": "b", "k": [2], "op_type": "Add"}]}}])J");
  ASSERT_TRUE(f.readable);
  const auto& keys = f.reports[0].unknown_keys;
  ASSERT_EQ(keys.size(), 2U);
  EXPECT_EQ(keys[0].name, "OPAT.repo_modified_operators[0] ('a').a_rather_long_undocumented_key");
  EXPECT_EQ(keys[0].raw_json, "1");
  EXPECT_EQ(keys[1].name, "OPAT.repo_modified_operators[1] ('b').k");
  EXPECT_EQ(keys[1].raw_json, "[2]");
}

TEST(ReaderStream, TypesAreInternedAndFusedListsRead) {
  const ResultFile f = read_result_text(R"J([{"OPAT": {"repo_modified_operators": [
      {"op_name": "a", "op_type": "Conv2D"},
      {"op_name": "b", "op_type": ["Conv2D", "Relu"]},
      {"op_name": "c", "op_type": "Conv2D"},
      {"op_name": "d", "op_type": ["Conv2D", "Relu"]}]}}])J");
  ASSERT_TRUE(f.readable);
  const auto& ops = f.reports[0].operators;
  ASSERT_EQ(ops.size(), 4U);
  EXPECT_EQ(ops[0].types, (std::vector<std::string>{"Conv2D"}));
  EXPECT_EQ(ops[1].types, (std::vector<std::string>{"Conv2D", "Relu"}));
  EXPECT_EQ(&ops[0].types.list(), &ops[2].types.list());
  EXPECT_EQ(&ops[1].types.list(), &ops[3].types.list());
  EXPECT_EQ(joined_types(ops[3]), "Conv2D+Relu");
}

TEST(ReaderStream, FilesReadOnSeveralThreadsGiveTheSameModel) {
  // Directory loading reads files in parallel; the reader's only shared
  // state is the type-list pool.
  const std::string text = generated(bench::GenLayout::nested, 400, 4);
  const ResultFile one = read_result_text(text, "x");
  std::vector<ResultFile> got(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i) {
    threads.emplace_back([&got, &text, i] { got[i] = read_result_text(text, "x"); });
  }
  for (auto& t : threads) t.join();
  for (const ResultFile& f : got) {
    ASSERT_EQ(f.reports.size(), one.reports.size());
    for (std::size_t r = 0; r < f.reports.size(); ++r) {
      ASSERT_EQ(f.reports[r].operators.size(), one.reports[r].operators.size());
      for (std::size_t i = 0; i < f.reports[r].operators.size(); ++i) {
        expect_same_operator(f.reports[r].operators[i], one.reports[r].operators[i]);
        EXPECT_EQ(&f.reports[r].operators[i].types.list(),
                  &one.reports[r].operators[i].types.list());
      }
    }
  }
}

}  // namespace
}  // namespace aoe
