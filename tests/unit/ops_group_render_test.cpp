// SPDX-License-Identifier: Apache-2.0
// `ops --group-by`'s renderers (ops_group_render.cpp) on a view of a run
// made by hand: text fitted to its width with a totals row, and CSV.
#include "commands/ops/ops_group_render.hpp"

#include <cstddef>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "commands/ops/ops_render.hpp"
#include "commands/ops/ops_view.hpp"
#include "digest_util.hpp"
#include "render_util.hpp"
#include "test_util.hpp"
#include "text/file_labels.hpp"

namespace aoe::cli {
namespace {

using test::run;
using test::widest;

TEST(GroupRender, TextFitsAndTotalsRow) {
  std::vector<ResultFile> files;
  files.push_back(run(60, 20, "a.json"));
  const OpsGroupView v = make_ops_group_view(files, GroupSpec{{GroupKey::type, GroupKey::mode}},
                                             RowFilter{}, SortKey::saved, 0);
  for (const std::size_t width : {60U, 200U}) {
    RenderOptions o;
    o.width = width;
    const std::string text = ops_groups_text(v, o);
    EXPECT_LE(widest(text), width) << text;
    EXPECT_NE(text.find("all 2 groups"), std::string::npos) << text;
  }
  EXPECT_EQ(ops_groups_csv(v, RenderOptions{Style(false)}),
            "type,mode,operators,timed_operators,before_us,after_us,saved_us,improvement_pct,"
            "geomean_speedup,share_of_saved_pct,artefacts\n"
            "Conv2D,Schedule,1,1,100,60,40,66.6667,1.6667,66.6667,0\n"
            "MatMul,Impl,1,1,40,20,20,100,2,33.3333,0\n");
}

// The count column is named alike in text and Markdown: "results" when the
// rows are tuning-mode results, "operators" otherwise.
TEST(GroupRender, MarkdownNamesTheCountAsTheTextDoes) {
  std::vector<ResultFile> files;
  files.push_back(run(60, 20, "a.json"));
  const RenderOptions o{Style(false)};
  const OpsGroupView by_mode =
      make_ops_group_view(files, GroupSpec{{GroupKey::mode}}, RowFilter{}, SortKey::saved, 0);
  EXPECT_NE(ops_groups_markdown(by_mode, o).find("| mode | results |"), std::string::npos);
  EXPECT_NE(ops_groups_text(by_mode, o).find("results"), std::string::npos);
  const OpsGroupView by_type =
      make_ops_group_view(files, GroupSpec{{GroupKey::type}}, RowFilter{}, SortKey::saved, 0);
  EXPECT_NE(ops_groups_markdown(by_type, o).find("| type | operators |"), std::string::npos);
}

TEST(FileLabels, ANameUnlessTwoPathsShareIt) {
  const auto labels =
      file_labels({"a/x.json", "b/x.json", "c/y.json", "a/x.json", "dir/", "x.json"});
  EXPECT_EQ(labels.size(), 5U);
  EXPECT_EQ(labels.at("a/x.json"), "a/x.json");
  EXPECT_EQ(labels.at("b/x.json"), "b/x.json");
  EXPECT_EQ(labels.at("x.json"), "x.json");  // the third x.json, as given
  EXPECT_EQ(labels.at("c/y.json"), "y.json");
  EXPECT_EQ(labels.at("dir/"), "dir/");  // no file name: the path
}

// Two folders' files of one name are told apart by their paths in the
// text tables (ops rows and groups by file); files of their own names by
// their names.
TEST(GroupRender, FilesOfOneNameInTwoFoldersShowTheirPaths) {
  std::vector<ResultFile> files;
  files.push_back(run(60, 20, "one/run.json"));
  files.push_back(run(50, 20, "two/run.json"));
  files.push_back(run(40, 20, "three/other.json"));
  const OpsGroupView v =
      make_ops_group_view(files, GroupSpec{{GroupKey::file}}, RowFilter{}, SortKey::saved, 0);
  RenderOptions o;
  o.width = 200;
  const std::string groups = ops_groups_text(v, o);
  EXPECT_NE(groups.find("one/run.json "), std::string::npos) << groups;
  EXPECT_NE(groups.find("two/run.json "), std::string::npos) << groups;
  EXPECT_NE(groups.find("\nother.json "), std::string::npos) << groups;
  OpsQuery query;
  query.top = 0;
  const OpsView rows = make_ops_view(files, query);
  const std::string table = render_ops_table(rows.rows, rows.layout, o, 0);
  EXPECT_NE(table.find("one/run.json "), std::string::npos) << table;
  EXPECT_NE(table.find("two/run.json "), std::string::npos) << table;
  EXPECT_NE(table.find("\nother.json "), std::string::npos) << table;
  EXPECT_EQ(table.find("three/"), std::string::npos) << table;
}

// `ops --group-by` of files whose reports were grouped as their operators
// were read (none kept), on one thread and in parts, is that of the whole
// files: the same CSV and JSON for every file of the examples and the test
// data, read together (two files' reports of one id stay apart), for every
// key, with and without a filter.
TEST(GroupsDigested, ReportsGroupedAsReadGiveTheGroupsOfTheWholeFiles) {
  const std::vector<std::string> paths = test::example_and_data_json_files();
  ASSERT_GE(paths.size(), 50U);
  std::istringstream no_stdin;
  const std::vector<ResultFile> whole = read_all(paths, no_stdin, 2);
  std::vector<OpsQuery> queries(5);
  queries[0].group_by = std::vector<GroupKey>{GroupKey::type};
  queries[1].group_by = std::vector<GroupKey>{GroupKey::type, GroupKey::mode};
  queries[2].group_by = std::vector<GroupKey>{GroupKey::report};
  queries[2].sort = SortKey::name;
  queries[3].group_by = std::vector<GroupKey>{GroupKey::file, GroupKey::mode};
  queries[3].grain = RowGrain::per_mode;
  queries[4].group_by = std::vector<GroupKey>{GroupKey::type};
  queries[4].filter.name = std::regex("[0-9]");
  queries[4].filter.min_improvement_pct = 1.0;
  queries[4].top = 3;
  const RenderOptions o{Style(false)};
  for (const OpsQuery& query : queries) {
    const OpsView expected = make_ops_view(whole, query);
    ASSERT_GE(expected.groups->matched, 3U);
    for (const unsigned threads : {1U, 3U}) {
      SCOPED_TRACE(threads);
      const GroupSpec spec = group_spec(query);
      std::vector<std::vector<ReportGroups>> groups(paths.size());
      std::size_t split = 0;
      const std::vector<ResultFile> lighter = test::read_digested(
          paths, threads,
          [&](std::size_t i) {
            return std::make_unique<GroupsDigester>(
                spec, query.filter,
                [&groups, i](std::vector<ReportGroups>&& g) { groups[i] = std::move(g); });
          },
          split);
      test::expect_digested(lighter, threads, split);
      const OpsView got =
          make_ops_view(lighter, group_digested(lighter, std::move(groups), spec), query);
      EXPECT_EQ(got.readable, expected.readable);
      EXPECT_EQ(got.groups->matched, expected.groups->matched);
      EXPECT_EQ(ops_groups_csv(*got.groups, o), ops_groups_csv(*expected.groups, o));
      EXPECT_EQ(ops_groups_json(*got.groups, o), ops_groups_json(*expected.groups, o));
    }
  }
}

}  // namespace
}  // namespace aoe::cli
