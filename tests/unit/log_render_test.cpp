// SPDX-License-Identifier: Apache-2.0
// `log`'s renderers (log_render.cpp) on views made from text.
#include "commands/log/log_render.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aoe_result/log.hpp"

#include "commands/log/log_view.hpp"

namespace aoe::cli {
namespace {

RenderOptions options(std::size_t width = 100, bool wide = false) {
  RenderOptions o;
  o.width = width;
  o.wide = wide;
  return o;
}

TEST(LogRender, NamesFitTheWidthAndSayHowManyMore) {
  std::string text;
  for (int i = 0; i < 100; ++i)
    text += "[Aoe]Op_" + std::to_string(i) + " Tuning process finished.\n";
  const std::vector<LogFile> files{read_log_text(text, "a.log")};
  const LogView view = make_log_view(files);
  const std::string out = log_text(view, options(40));
  std::size_t longest = 0;
  std::size_t start = 0;
  std::size_t name_lines = 0;
  while (start < out.size()) {
    const std::size_t end = out.find('\n', start);
    const std::string line = out.substr(start, end - start);
    if (line.rfind("    Op_", 0) == 0) {
      ++name_lines;
      longest = std::max(longest, line.size());
    }
    start = end + 1;
  }
  EXPECT_LE(longest, 40U);
  EXPECT_EQ(name_lines, 5U);
  // The line saying how many more wraps at the width too.
  EXPECT_NE(out.find("more (--wide or --format"), std::string::npos) << out;
  EXPECT_NE(out.find("json lists them all)"), std::string::npos) << out;
  const std::string wide = log_text(view, options(40, true));
  EXPECT_NE(wide.find("Op_99\n"), std::string::npos);
  EXPECT_EQ(wide.find("more (--wide"), std::string::npos);
}

TEST(LogRender, JsonCarriesEveryField) {
  const std::vector<LogFile> files{
      read_log_text("[Aoe]MatMul Single operator tuning process finished.\n"
                    "WG0000: Memory insufficient.\n"
                    "EG0011: File operation failed. Reason: cannot open x.om.\n",
                    "f.log")};
  const nlohmann::json j = nlohmann::json::parse(log_json(make_log_view(files), options()));
  EXPECT_EQ(j["schema_version"], 1);
  const nlohmann::json& log = j["logs"][0];
  EXPECT_EQ(log["outcome"], "failed");
  EXPECT_EQ(log["exit_status"], 1);
  EXPECT_TRUE(log["cost_time_s"].is_null());
  ASSERT_EQ(log["errors"].size(), 2U);
  EXPECT_EQ(log["errors"][0]["severity"], "warning");
  EXPECT_EQ(log["errors"][0]["meaning"], "insufficient memory");
  EXPECT_TRUE(log["errors"][0]["reason"].is_null());
  EXPECT_EQ(log["errors"][1]["code"], "EG0011");
  EXPECT_EQ(log["errors"][1]["reason"], "cannot open x.om.");
  EXPECT_EQ(log["errors"][1]["line"], 3);
  EXPECT_EQ(log["finished_operators"][0]["spelling"], "single-operator");
  EXPECT_EQ(log["finished_operator_count"], 1);
  EXPECT_EQ(log["lines"]["total"], 3);
}

TEST(LogRender, JsonLinesInLineOrderEndingWithEnd) {
  const std::vector<LogFile> files{
      read_log_text("[Aoe]A Tuning process finished.\n"
                    "net process finished. Performance improved by 3.5%\n"
                    "WG0000: Memory insufficient.\n"
                    "[Aoe]B Tuning process finished.\n"
                    "[Aoe]Aoe process finished,cost time 10s.\n",
                    "f.log")};
  const std::string out = log_jsonl(make_log_view(files), options());
  std::vector<nlohmann::json> lines;
  std::size_t start = 0;
  while (start < out.size()) {
    const std::size_t end = out.find('\n', start);
    lines.push_back(nlohmann::json::parse(out.substr(start, end - start)));
    start = end + 1;
  }
  ASSERT_EQ(lines.size(), 6U);
  EXPECT_EQ(lines[0]["event"], "operator");
  EXPECT_EQ(lines[1]["event"], "improvement");
  EXPECT_EQ(lines[1]["improvement_pct"], 3.5);
  EXPECT_EQ(lines[2]["event"], "code");
  EXPECT_EQ(lines[3]["name"], "B");
  EXPECT_EQ(lines[4]["event"], "run_finished");
  EXPECT_EQ(lines[4]["cost_time_s"], 10);
  EXPECT_EQ(lines[5]["event"], "end");
  EXPECT_EQ(lines[5]["outcome"], "finished");
  EXPECT_EQ(lines[5]["exit_status"], 0);
  for (const nlohmann::json& l : lines) EXPECT_EQ(l["schema_version"], 1);
}

TEST(LogRender, UnreadableLogIsOnlyItsEnd) {
  const std::vector<LogFile> files{read_log_file("/nonexistent/a.log")};
  const LogView view = make_log_view(files);
  const std::string out = log_jsonl(view, options());
  const nlohmann::json end = nlohmann::json::parse(out);
  EXPECT_EQ(end["event"], "end");
  EXPECT_EQ(end["readable"], false);
  EXPECT_TRUE(end["outcome"].is_null());
  EXPECT_EQ(end["exit_status"], 3);
  EXPECT_EQ(end["problem"], "the file does not exist");
  EXPECT_EQ(log_text(view, options()), "/nonexistent/a.log: not read (the file does not exist)\n");
}

TEST(LogRender, FinishedWithoutCostTimeSaysSo) {
  const std::vector<LogFile> files{read_log_text("[Aoe]Aoe process finished.\n", "f.log")};
  EXPECT_EQ(log_text(make_log_view(files), options()),
            "f.log: finished at line 1 (no cost time printed)\n"
            "  0 operators finished\n"
            "  lines: 1 (1 read as events)\n");
}

}  // namespace
}  // namespace aoe::cli
