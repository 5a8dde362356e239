// SPDX-License-Identifier: Apache-2.0
// `ops` (cmd_ops.cpp): the command through run_ops, its output in every
// format.
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "commands/ops/ops_render.hpp"

namespace aoe::cli {
namespace {

using test::Harness;
using test::paths;

using V = std::vector<std::string>;

TEST(Ops, CsvGoldenOn63Example) {
  Harness h(Format::csv);
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  const std::string p = aoe::test::data(aoe::test::k63);
  // Values by hand: (512 − 399.872) / 399.872 × 100 = 28.0409…; the fused
  // operator has two modes, so no reported improvement. Computed numbers
  // are rounded (0.001 µs, 4 decimals): 112.128, not 112.12799999999999.
  EXPECT_EQ(
      h.out.str(),
      "file,report,op_name,op_type,modes,update_mode,before_us,after_us,saved_us,"
      "improvement_pct,reported_improvement_pct,speedup,writer_artefact,left_out\n" +
          p +
          ",report_1,Conv_7_Relu_8,Conv2D+Relu,Format+Schedule,add,512,399.872,"
          "112.128,28.041,,1.2804,false,\n" +
          p + ",report_1,MatMul_18,MatMulV2,Impl,update,310.5,207,103.5,50,50,1.5,false,\n" + p +
          ",report_1,softmax,SoftmaxV2,Format,add,134,99,35,35.3535,35.35,1.3535,false,\n" + p +
          ",report_1,Conv_125,Conv2D,Schedule,add,72.055,72.046,0.009,0.0125,0.01,1.0001,"
          "false,\n");
}

TEST(Ops, CsvPerModeCarriesEachModesReportedImprovement) {
  Harness h(Format::csv);
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  o.per_mode = true;
  o.name_regex = "Relu";
  o.sort = "name";
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  const std::string p = aoe::test::data(aoe::test::k63);
  EXPECT_EQ(h.out.str(),
            ops_csv_header() + "\n" + p +
                ",report_1,Conv_7_Relu_8,Conv2D+Relu,Format,add,512,480,32,6.6667,6.67,1.0667,"
                "false,\n" +
                p +
                ",report_1,Conv_7_Relu_8,Conv2D+Relu,Schedule,add,480,399.872,80.128,20.0384,"
                "20.04,1.2004,false,\n");
}

TEST(Ops, JsonCarriesTypesAsArrayAndNullsForNoValue) {
  Harness h(Format::json);
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["grain"], "operator");
  EXPECT_EQ(j["matched"], 4);
  ASSERT_EQ(j["rows"].size(), 4U);
  const auto& fused = j["rows"][0];
  EXPECT_EQ(fused["op_name"], "Conv_7_Relu_8");
  EXPECT_EQ(fused["op_type"], nlohmann::json::array({"Conv2D", "Relu"}));
  EXPECT_EQ(fused["modes"], "Format+Schedule");
  EXPECT_EQ(fused["before_us"], 512);
  EXPECT_EQ(fused["after_us"], 399.872);
  EXPECT_TRUE(fused["reported_improvement_pct"].is_null());
  EXPECT_EQ(j["rows"][1]["reported_improvement_pct"], 50);
  EXPECT_EQ(j["rows"][1]["update_mode"], "update");
}

TEST(Ops, JsonlIsOneObjectPerRow) {
  Harness h(Format::jsonl);
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  o.top = 3;
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  std::istringstream lines(h.out.str());
  std::string line;
  std::vector<std::string> names_seen;
  while (std::getline(lines, line)) {
    names_seen.push_back(nlohmann::json::parse(line)["op_name"].get<std::string>());
  }
  EXPECT_EQ(names_seen, (V{"Conv_7_Relu_8", "MatMul_18", "softmax"}));
}

TEST(Ops, TextTopSaysHowManyAreShown) {
  Harness h;
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  o.top = 2;
  o.sort = "improvement";
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(
      h.out.str(),
      "operator   type       modes   before µs  after µs  saved µs  improv.\n"
      "MatMul_18  MatMulV2   Impl      310.500   207.000   103.500   50.00%  ████████████████\n"
      "softmax    SoftmaxV2  Format    134.000    99.000    35.000   35.35%  █████▍\n"
      "2 of 4 operators shown (--top 0 for every one)\n");
}

// A narrow terminal keeps the operator and the time saved: the report, the
// modes and the type go first, then the before and after times.
TEST(Ops, NarrowTerminalKeepsTheOperatorAndItsSaving) {
  Harness h(Format::text, R"J([{"OPAT": {"repo_modified_operators": [
      {"op_name": "Conv_101", "op_type": "Conv2D", "tune_performance": {"Schedule": {
        "performance_before_tune(us)": 355.625, "performance_after_tune(us)": 243.579}}}]}}])J");
  h.ctx.width = 40;
  OpsOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(),
            "operator  after µs  saved µs  improv.\n"
            "Conv_101   243.579   112.046   46.00%\n"
            "type, modes, before µs hidden at 40\n"
            "columns; --wide shows all\n");
  Harness at60(Format::text, h.in.str());
  at60.ctx.width = 60;
  EXPECT_EQ(run_ops(o, at60.ctx), Exit::ok);
  EXPECT_EQ(at60.out.str(),
            "operator  type    before µs  after µs  saved µs  improv.\n"
            "Conv_101  Conv2D    355.625   243.579   112.046   46.00%\n"
            "modes hidden at 60 columns; --wide shows all\n");
}

TEST(Ops, TextFitsWidthShortensAndAlignsCjkNames) {
  Harness h(Format::text,
            R"J([{"OPAT": {"repo_modified_operators": [
              {"op_name": "卷积_层_一", "op_type": "Conv2D", "tune_performance": {"Impl": {
                "performance_before_tune(us)": 20, "performance_after_tune(us)": 10}}},
              {"op_name": "an_operator_name_far_too_long_for_the_column", "op_type": "Conv2D",
               "tune_performance": {"Impl": {
                "performance_before_tune(us)": 20, "performance_after_tune(us)": 15}}}]}}])J");
  h.ctx.width = 70;
  OpsOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  // The modes and the type go to give the name more room (it is still
  // too long to be whole at 70 columns).
  EXPECT_EQ(h.out.str(),
            "operator                        before µs  after µs  saved µs  improv.\n"
            "卷积_层_一                         20.000    10.000    10.000  100.00%\n"
            "an_operator_nam…for_the_column     20.000    15.000     5.000   33.33%\n"
            "type, modes hidden at 70 columns; --wide shows all\n");
  Harness wide(Format::text, h.in.str());
  wide.ctx.width = 70;
  wide.ctx.global.wide = true;
  EXPECT_EQ(run_ops(o, wide.ctx), Exit::ok);
  EXPECT_NE(wide.out.str().find("an_operator_name_far_too_long_for_the_column"), std::string::npos);
}

TEST(Ops, TextNamesFileAndReportWhenSeveral) {
  Harness h;
  h.ctx.width = 200;
  OpsOptions o;
  o.inputs = paths({aoe::test::k63, aoe::test::k8x});
  o.top = 2;
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(),
            "file                                              report                            "
            "operator       type         modes            before µs  after µs  saved µs  improv.\n"
            "aoe_result_opat_20240607_160233905_pid3312.json   report_1                          "
            "Conv_7_Relu_8  Conv2D+Relu  Format+Schedule    512.000   399.872   112.128   28.04%  "
            "████████████████\n"
            "aoe_result_opat_20250428_203017761_pid18230.json  report_20250428_203017761_281473  "
            "Conv_101       Conv2D       Schedule           355.625   243.579   112.046   46.00%  "
            "████████████████\n"
            "2 of 25 operators shown (--top 0 for every one)\n");
}

TEST(Ops, NoMatchSaysSo) {
  Harness h;
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  o.types = {"Nope"};
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(), "no operator matches\n");
}

TEST(Ops, BadRegexOrSortIsUsageError) {
  Harness h;
  OpsOptions o;
  o.inputs = paths({aoe::test::k63});
  o.name_regex = "Conv[";
  EXPECT_THROW((void)run_ops(o, h.ctx), UsageError);
  o.name_regex.reset();
  o.sort = "speed";
  EXPECT_THROW((void)run_ops(o, h.ctx), UsageError);
  Harness junit(Format::junit);
  o.sort = "saved";
  try {
    (void)run_ops(o, junit.ctx);
    FAIL() << "junit accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "'ops' does not write junit; it writes text, json, jsonl, csv, markdown");
  }
}

TEST(Ops, MarkdownEscapesPipesAndControls) {
  Harness h(Format::markdown,
            R"J([{"OPAT": {"repo_modified_operators": [{"op_name": "a|b\u001b[2J*c*",
               "op_type": "T", "tune_performance": {"Impl": {"performance_before_tune(us)": 2,
               "performance_after_tune(us)": 1}}}]}}])J");
  OpsOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(),
            "## AOE tuned operators\n\n"
            "| operator | type | modes | before µs | after µs | saved µs | improv. |\n"
            "| --- | --- | --- | ---: | ---: | ---: | ---: |\n"
            "| a\\|b\\\\x1b\\[2J\\*c\\* | T | Impl | 2.000 | 1.000 | 1.000 | 100.00% |\n");
}

// The writer's artefact is marked and explained in Markdown as in the text
// (an update of 100 -> 99 µs: before = after + 1 µs).
TEST(Ops, MarkdownMarksTheWritersArtefactWithItsNote) {
  Harness h(Format::markdown);
  OpsOptions o;
  o.inputs = paths({"check/writer-artefact.json"});
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(),
            "## AOE tuned operators\n\n"
            "| operator | type | modes | before µs | after µs | saved µs | improv. |\n"
            "| --- | --- | --- | ---: | ---: | ---: | ---: |\n"
            "| Conv\\_1 | Conv2D | Schedule | 100.000 | 99.000 | 1.000\\* | 1.01% |\n"
            "\n> \\* " +
                std::string(kOpsArtefactNote) + "\n");
}

TEST(Ops, MarkdownStaysUnderLimitAndSaysRowsWereLeftOut) {
  Harness h(Format::markdown);
  h.ctx.markdown_limit_bytes = 600;
  OpsOptions o;
  o.inputs = paths({aoe::test::k8x});
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  const std::string s = h.out.str();
  EXPECT_LE(s.size(), 600U);
  EXPECT_NE(s.find("of 21 rows left out to keep this under GitHub's 1 MiB step-summary limit"),
            std::string::npos)
      << s;
  Harness all(Format::markdown);
  EXPECT_EQ(run_ops(o, all.ctx), Exit::ok);
  EXPECT_EQ(all.out.str().find("left out"), std::string::npos);
}

TEST(Ops, MarkdownOfAHugeFileStaysUnderOneMebibyte) {
  std::string json = R"J([{"OPAT": {"repo_modified_operators": [)J";
  for (int i = 0; i < 30000; ++i) {
    json += (i == 0 ? "" : ",") + std::string(R"J({"op_name": "Conv2D_operator_)J") +
            std::to_string(i) +
            R"J(", "op_type": "Conv2D", "tune_performance": {"Schedule": {
              "performance_before_tune(us)": 200, "performance_after_tune(us)": 100}}})J";
  }
  json += "]}}]";
  Harness h(Format::markdown, json);
  OpsOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  const std::string s = h.out.str();
  EXPECT_LE(s.size(), 1000U * 1000U);
  EXPECT_GT(s.size(), 900U * 1000U);  // fills what it may
  EXPECT_NE(s.find("of 30000 rows left out to keep this under GitHub's 1 MiB step-summary limit"),
            std::string::npos);
}

}  // namespace
}  // namespace aoe::cli
