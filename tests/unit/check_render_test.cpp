// SPDX-License-Identifier: Apache-2.0
// check's renderers on their own (the command's output in every format is
// tested through run_check in cmd_check_test.cpp).
#include "commands/check/check_render.hpp"

#include <cstddef>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/check.hpp"

#include "digest_util.hpp"
#include "io/inputs.hpp"
#include "test_util.hpp"

namespace aoe::cli {
namespace {

TEST(CheckRender, JunitEscapesXml) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x1b"), "a&lt;b&gt;&amp;&quot;c&apos;\\x1b");
}

// Files checked as their operators are read (`CheckDigester`: none kept;
// `check` settles a cut-off file's severity), on one thread and in parts, give the
// view of the whole files (`check_files`): every format, the same bytes,
// for every file of the examples and the test data, with and without
// thresholds, normal and strict.
TEST(CheckFiles, FilesJudgedAsReadGiveTheViewOfTheWholeFiles) {
  const std::vector<std::string> paths = test::example_and_data_json_files();
  ASSERT_GE(paths.size(), 50U);
  std::istringstream no_stdin;
  std::vector<ResultFile> whole = read_all(paths, no_stdin, 2);
  for (ResultFile& f : whole) settle_reading_severities(f);
  CheckPolicy thresholds;
  thresholds.max_failed = 0;
  thresholds.min_improvement_pct = 20;
  for (const CheckPolicy& policy : {CheckPolicy{}, thresholds}) {
    for (const Strictness strictness : {Strictness::normal, Strictness::strict}) {
      for (const unsigned threads : {1U, 3U}) {
        SCOPED_TRACE(threads);
        std::vector<CheckedFile> checked(paths.size());
        std::size_t split = 0;
        const std::vector<ResultFile> lighter = test::read_digested(
            paths, threads,
            [&](std::size_t i) {
              return std::make_unique<CheckDigester>(
                  policy, strictness,
                  [&checked, i](CheckedFile&& c) { checked[i] = std::move(c); });
            },
            split);
        test::expect_digested(lighter, threads, split);
        const CheckView expected = check_files(whole, policy, strictness);
        const CheckView got = check_files(std::move(checked), policy, strictness);
        EXPECT_EQ(got.ok, expected.ok);
        const RenderOptions plain{Style(false)};
        EXPECT_EQ(check_text(got, plain), check_text(expected, plain));
        EXPECT_EQ(check_json(got, plain), check_json(expected, plain));
        EXPECT_EQ(check_junit(got, plain), check_junit(expected, plain));
        // The operators counted are those read, not those left.
        std::size_t operators = 0;
        for (const CheckedFile& c : got.files) operators += c.operators;
        std::size_t read = 0;
        for (const ResultFile& f : whole) {
          if (!f.readable) continue;
          for (const Report& r : f.reports) read += r.operators.size();
        }
        EXPECT_EQ(operators, read);
        EXPECT_GT(read, 200U);
      }
    }
  }
}

}  // namespace
}  // namespace aoe::cli
