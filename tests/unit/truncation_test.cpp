// SPDX-License-Identifier: Apache-2.0
// A file cut off at every byte offset of two real examples: the reader keeps
// exactly the operators whose objects closed before the cut, never a value
// that differs from the complete file's, and says the file is incomplete.
//
// Which operators closed before a cut is computed here by a small JSON
// scanner of its own (strings, brackets, keys), not by the reader.
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

// Where each operator object of a complete file ends.
struct OperatorEnd {
  std::size_t report = 0;  // index of its report, in file order
  std::size_t end = 0;     // offset just past its closing brace
};
struct OperatorLayout {
  std::vector<OperatorEnd> operators;  // in file order
  std::size_t document_end = 0;        // offset just past the root's closing bracket
};

// Scans `text` (a complete, valid JSON document): an operator object is an
// object whose parent is a list held by one of the keys AOE puts operators
// under. Reports are the root list (list files) or the lists at root keys.
OperatorLayout scan(std::string_view text) {
  struct Frame {
    char kind;        // '{' or '['
    std::string key;  // for objects: the last key read; for lists: the key holding the list
  };
  OperatorLayout layout;
  std::vector<Frame> stack;
  std::string last_string;
  bool string_is_key = false;
  std::size_t report_count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      std::string s;
      for (++i; text[i] != '"'; ++i) {
        if (text[i] == '\\') s += text[i++];
        s += text[i];
      }
      last_string = s;
      // A string followed (after blanks) by ':' is a key.
      std::size_t j = i + 1;
      while (j < text.size() &&
             (text[j] == ' ' || text[j] == '\n' || text[j] == '\r' || text[j] == '\t')) {
        ++j;
      }
      string_is_key = j < text.size() && text[j] == ':';
      if (string_is_key) stack.back().key = s;
    } else if (c == '{' || c == '[') {
      const std::string holder = stack.empty() ? "" : stack.back().key;
      if (c == '[' && (stack.empty() || (stack.size() == 1 && stack[0].kind == '{'))) {
        ++report_count;
      }
      stack.push_back({c, c == '[' ? holder : ""});
    } else if (c == '}' || c == ']') {
      const Frame closed = stack.back();
      stack.pop_back();
      if (c == '}' && !stack.empty() && stack.back().kind == '[' &&
          (stack.back().key == "repo_modified_operators" ||
           stack.back().key == "add_repo_operators" ||
           stack.back().key == "update_repo_operators")) {
        layout.operators.push_back({report_count - 1, i + 1});
      }
      if (stack.empty()) layout.document_end = i + 1;
    }
  }
  return layout;
}

void expect_same_operator(const Operator& got, const Operator& want, std::size_t cut) {
  EXPECT_EQ(got.name, want.name) << "cut at " << cut;
  EXPECT_EQ(got.types, want.types) << "cut at " << cut;
  ASSERT_EQ(got.modes.size(), want.modes.size()) << "cut at " << cut << " " << want.name;
  for (std::size_t m = 0; m < got.modes.size(); ++m) {
    EXPECT_EQ(got.modes[m].mode_name, want.modes[m].mode_name) << "cut at " << cut;
    EXPECT_EQ(got.modes[m].before_us, want.modes[m].before_us) << "cut at " << cut;
    EXPECT_EQ(got.modes[m].after_us, want.modes[m].after_us) << "cut at " << cut;
    EXPECT_EQ(got.modes[m].reported_improvement_pct, want.modes[m].reported_improvement_pct)
        << "cut at " << cut;
    EXPECT_EQ(got.modes[m].update_mode_raw, want.modes[m].update_mode_raw) << "cut at " << cut;
  }
}

// A value the cut file has must be the complete file's value.
template <typename T>
void expect_absent_or_same(const std::optional<T>& got, const std::optional<T>& want,
                           std::size_t cut, const char* what) {
  if (got) {
    EXPECT_EQ(got, want) << what << ", cut at " << cut;
  }
}

void check_every_cut(const std::string& name) {
  const std::string text = test::slurp(test::data(name));
  const ResultFile full = read_result_text(text, name);
  ASSERT_TRUE(full.readable && full.complete) << name;
  const OperatorLayout layout = scan(text);
  // The scanner and the reader agree on the complete file.
  std::size_t full_ops = 0;
  for (const Report& r : full.reports) full_ops += r.operators.size();
  ASSERT_EQ(layout.operators.size(), full_ops) << name;
  ASSERT_GT(full_ops, 3U) << name;

  for (std::size_t cut = 0; cut < text.size(); ++cut) {
    const ResultFile f = read_result_text(std::string_view(text).substr(0, cut), name);

    // Complete only once the root's closing bracket is in.
    EXPECT_EQ(f.complete, cut >= layout.document_end) << "cut at " << cut;
    if (!f.complete) {
      EXPECT_EQ(test::count_code(f, "truncated") + test::count_code(f, "invalid-json"), 1U)
          << "cut at " << cut;
    }

    // Exactly the operators closed before the cut, per report, as in full.
    std::vector<std::size_t> want_ops(full.reports.size(), 0);
    for (const OperatorEnd& op : layout.operators) {
      if (op.end <= cut) ++want_ops[op.report];
    }
    std::size_t want_total = 0;
    for (std::size_t n : want_ops) want_total += n;
    if (want_total > 0) {
      ASSERT_TRUE(f.readable) << "cut at " << cut;
    }
    if (!f.readable) {
      EXPECT_TRUE(f.reports.empty()) << "cut at " << cut;
      continue;
    }
    ASSERT_LE(f.reports.size(), full.reports.size()) << "cut at " << cut;
    for (std::size_t r = 0; r < full.reports.size(); ++r) {
      if (r >= f.reports.size()) {
        EXPECT_EQ(want_ops[r], 0U) << "report " << r << " missing, cut at " << cut;
        continue;
      }
      const Report& got = f.reports[r];
      const Report& want = full.reports[r];
      EXPECT_EQ(got.id, want.id) << "cut at " << cut;
      ASSERT_EQ(got.operators.size(), want_ops[r]) << "report " << r << ", cut at " << cut;
      for (std::size_t k = 0; k < got.operators.size(); ++k) {
        expect_same_operator(got.operators[k], want.operators[k], cut);
      }
      expect_absent_or_same(got.tuning_name, want.tuning_name, cut, "tuning_name");
      expect_absent_or_same(got.tuning_time_s, want.tuning_time_s, cut, "tuning_time_s");
      expect_absent_or_same(got.status_raw, want.status_raw, cut, "status_raw");
      if (got.repo_summary) {
        ASSERT_TRUE(want.repo_summary) << "cut at " << cut;
        EXPECT_EQ(got.repo_summary->add_num, want.repo_summary->add_num) << cut;
        EXPECT_EQ(got.repo_summary->hit_num, want.repo_summary->hit_num) << cut;
        EXPECT_EQ(got.repo_summary->reserved_num, want.repo_summary->reserved_num) << cut;
        EXPECT_EQ(got.repo_summary->update_num, want.repo_summary->update_num) << cut;
        EXPECT_EQ(got.repo_summary->unsatisfied_num, want.repo_summary->unsatisfied_num) << cut;
        EXPECT_EQ(got.repo_summary->total_num, want.repo_summary->total_num) << cut;
      }
      if (got.model) {
        ASSERT_TRUE(want.model) << "cut at " << cut;
        expect_absent_or_same(got.model->baseline_ms, want.model->baseline_ms, cut, "baseline");
        expect_absent_or_same(got.model->result_ms, want.model->result_ms, cut, "result");
        expect_absent_or_same(got.model->reported_improvement_pct,
                              want.model->reported_improvement_pct, cut, "model %");
      }
      ASSERT_LE(got.failed_operators.size(), want.failed_operators.size()) << cut;
      for (std::size_t k = 0; k < got.failed_operators.size(); ++k) {
        EXPECT_EQ(got.failed_operators[k], want.failed_operators[k]) << "cut at " << cut;
      }
    }
  }
}

TEST(Truncation, EveryByteOffsetOfCann8xReportKeyedFile) { check_every_cut(test::k8x); }

TEST(Truncation, EveryByteOffsetOfCann62ListFile) { check_every_cut(test::k62); }

}  // namespace
}  // namespace aoe
