// SPDX-License-Identifier: Apache-2.0
// run_diff and its renderers.
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "temp_dir.hpp"
#include "test_util.hpp"
#include "text/markdown.hpp"

namespace aoe::cli {
namespace {

using test::TempDir;

using test::Harness;

std::string op(const std::string& name, const std::string& type, double before_us,
               double after_us) {
  return "{\"op_name\": \"" + name + "\", \"op_type\": \"" + type +
         "\", \"tune_performance\": {\"Schedule\": {\"performance_before_tune(us)\": " +
         std::to_string(before_us) +
         ", \"performance_after_tune(us)\": " + std::to_string(after_us) + "}}}";
}

std::string file_of(const std::vector<std::string>& ops) {
  std::string list;
  for (const std::string& o : ops) list += (list.empty() ? "" : ", ") + o;
  return "[{\"OPAT\": {\"opat_tuning_result\": \"tuning successful\", "
         "\"repo_modified_operators\": [" +
         list + "]}}]";
}

// Two small runs with one operator of each class.
struct Runs {
  TempDir dir{"cmd_diff"};
  std::string old_path =
      dir.write("old.json",
                file_of({op("Conv_1", "Conv2D", 30, 20), op("Add_2", "Add", 20, 10),
                         op("MatMul_3", "MatMul", 200, 100), op("Gone_4", "Relu", 5, 4)}))
          .string();
  std::string new_path =
      dir.write("new.json", file_of({op("Conv_1", "Conv2D", 30, 30), op("Add_2", "Add", 20, 11),
                                     op("MatMul_3", "MatMul", 200, 80), op("New_5", "Mul", 9, 7)}))
          .string();
  DiffOptions options() const {
    DiffOptions o;
    o.old_path = old_path;
    o.new_path = new_path;
    return o;
  }
};

TEST(DiffCommand, TextSectionsSummaryAndNote) {
  Runs runs;
  Harness h;
  EXPECT_EQ(run_diff(runs.options(), h.ctx), Exit::ok);
  const std::string expected =
      "OLD  " + runs.old_path +
      "  (1 file)\n"
      "NEW  " +
      runs.new_path +
      "  (1 file)\n"
      "\n"
      "slower in NEW (2):\n"
      "  operator  type    old after µs  new after µs  change µs   change\n"
      "  Conv_1    Conv2D        20.000        30.000    +10.000  +50.00%\n"
      "  Add_2     Add           10.000        11.000    +1.000*  +10.00%\n"
      "\n"
      "faster in NEW (1):\n"
      "  operator  type    old after µs  new after µs  change µs   change\n"
      "  MatMul_3  MatMul       100.000        80.000    -20.000  -20.00%\n"
      "\n"
      "only in OLD (1):\n"
      "  operator  type  old after µs\n"
      "  Gone_4    Relu         4.000\n"
      "\n"
      "only in NEW (1):\n"
      "  operator  type  new after µs\n"
      "  New_5     Mul          7.000\n"
      "\n"
      "2 slower, 1 faster, 0 unchanged, 1 only in OLD, 1 only in NEW; total after-tune time "
      "130.000 → 121.000 µs (-9.000 µs, -6.92%) over the 3 operators in both\n"
      "note: * a change of at most 1 µs may be the writer's artefact, not a measurement: when the "
      "repository was updated but the time did not drop, AOE stores before = after + 1 µs\n";
  EXPECT_EQ(h.out.str(), expected);
  EXPECT_EQ(h.err.str(), "");
}

// --top 1 lists one row of each class and says how many more; the
// artefact note goes with the row that carried the mark (Add_2, not listed).
TEST(DiffCommand, TopListsNRowsOfEachClassAndSaysTheRest) {
  Runs runs;
  Harness h;
  DiffOptions o = runs.options();
  o.top = 1;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
  const std::string out = h.out.str();
  EXPECT_NE(out.find("slower in NEW (2):\n"
                     "  operator  type    old after µs  new after µs  change µs   change\n"
                     "  Conv_1    Conv2D        20.000        30.000    +10.000  +50.00%\n"
                     "  … 1 more not listed (--top 1; --top 0 lists every one)\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("Add_2"), std::string::npos) << out;
  EXPECT_EQ(out.find("note: *"), std::string::npos) << out;
  EXPECT_NE(out.find("2 slower, 1 faster, 0 unchanged"), std::string::npos) << out;
}

TEST(DiffCommand, HideUnchangedCountsThemWithoutRows) {
  TempDir dir{"cmd_diff_unchanged"};
  const std::string a =
      dir.write("a.json", file_of({op("Same_1", "Add", 5, 4), op("Conv_1", "Conv2D", 30, 20)}))
          .string();
  const std::string b =
      dir.write("b.json", file_of({op("Same_1", "Add", 5, 4), op("Conv_1", "Conv2D", 30, 25)}))
          .string();
  DiffOptions o;
  o.old_path = a;
  o.new_path = b;
  o.hide_unchanged = true;
  {
    Harness h;
    EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
    EXPECT_NE(h.out.str().find("\nunchanged (1): not listed (--hide-unchanged)\n"),
              std::string::npos)
        << h.out.str();
    EXPECT_EQ(h.out.str().find("Same_1"), std::string::npos) << h.out.str();
  }
  {
    Harness h(Format::markdown);
    EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
    EXPECT_EQ(h.out.str().find("Same\\_1"), std::string::npos) << h.out.str();
    EXPECT_NE(h.out.str().find("Conv\\_1"), std::string::npos) << h.out.str();
    EXPECT_NE(h.out.str().find("> 1 operator not listed (--hide-unchanged); the summary below "
                               "counts every one.\n"),
              std::string::npos)
        << h.out.str();
  }
  {
    Harness h(Format::csv);  // CSV and JSON list every operator
    EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
    EXPECT_NE(h.out.str().find("unchanged,Same_1"), std::string::npos) << h.out.str();
  }
}

TEST(DiffCommand, FailAboveBreaksOnOperatorExits1) {
  Runs runs;
  Harness h;
  DiffOptions o = runs.options();
  o.fail_above_pct = 40;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::findings);
  EXPECT_NE(h.out.str().find("gate (--fail-above 40): 1 operator slower by more than 40% — FAILED"),
            std::string::npos);
  EXPECT_EQ(h.err.str(),
            "aoe-result: error: gate (--fail-above 40): 1 operator slower by more than 40%: "
            "Conv_1 +50.00% — FAILED\n");
}

TEST(DiffCommand, FailAboveNotReachedExits0) {
  Runs runs;
  Harness h;
  DiffOptions o = runs.options();
  o.fail_above_pct = 50;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("— passed"), std::string::npos);
}

TEST(DiffCommand, TotalGateJudgesTheTotalOnly) {
  Runs runs;
  Harness h;
  DiffOptions o = runs.options();
  o.fail_above_pct = 0;
  o.total = true;  // total -6.92 %: faster, so even 0 passes
  EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
  o.total = false;
  Harness h2;
  EXPECT_EQ(run_diff(o, h2.ctx), Exit::findings);
}

TEST(DiffCommand, JsonDocument) {
  Runs runs;
  Harness h(Format::json);
  DiffOptions o = runs.options();
  o.fail_above_pct = 40;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::findings);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["grain"], "operator");
  EXPECT_EQ(j["old"]["path"], runs.old_path);
  EXPECT_EQ(j["old"]["files"], 1);
  EXPECT_EQ(j["summary"]["regressions"], 2);
  EXPECT_EQ(j["summary"]["improvements"], 1);
  EXPECT_EQ(j["summary"]["unchanged"], 0);
  EXPECT_EQ(j["summary"]["only_old"], 1);
  EXPECT_EQ(j["summary"]["only_new"], 1);
  EXPECT_EQ(j["summary"]["compared"], 3);
  EXPECT_EQ(j["summary"]["old_after_us"], 130);
  EXPECT_EQ(j["summary"]["new_after_us"], 121);
  EXPECT_EQ(j["summary"]["change_us"], -9);
  // −6.923076…%, rounded to 4 decimals (docs/format.md, "Numbers in JSON and CSV").
  EXPECT_EQ(j["summary"]["change_pct"].dump(), "-6.9231");
  EXPECT_EQ(j["gate"]["fail_above_pct"], 40);
  EXPECT_EQ(j["gate"]["scope"], "operator");
  EXPECT_EQ(j["gate"]["broken"], true);
  EXPECT_EQ(j["gate"]["operators_over"], nlohmann::json::array({"Conv_1"}));
  EXPECT_EQ(j["gate"]["entries_over"],
            nlohmann::json::parse(R"([{"op_name": "Conv_1", "mode": null}])"));
  ASSERT_EQ(j["operators"].size(), 5U);
  const auto& first = j["operators"][0];
  EXPECT_EQ(first["class"], "regression");
  EXPECT_EQ(first["op_name"], "Conv_1");
  EXPECT_TRUE(first["mode"].is_null());
  EXPECT_EQ(first["op_type"], nlohmann::json::array({"Conv2D"}));
  EXPECT_EQ(first["old_after_us"], 20);
  EXPECT_EQ(first["new_after_us"], 30);
  EXPECT_EQ(first["change_us"], 10);
  EXPECT_EQ(first["change_pct"], 50);
  EXPECT_EQ(first["within_writer_artefact"], false);
  EXPECT_EQ(first["old"]["file"], runs.old_path);
  EXPECT_EQ(first["old"]["report"], "report_1");
  EXPECT_EQ(first["old"]["occurrences"], 1);
  EXPECT_EQ(j["operators"][1]["within_writer_artefact"], true);
  EXPECT_EQ(j["operators"][3]["class"], "only-old");
  EXPECT_TRUE(j["operators"][3]["new"].is_null());
  EXPECT_TRUE(j["operators"][3]["change_pct"].is_null());
  EXPECT_EQ(j["operators"][4]["class"], "only-new");
  EXPECT_NE(j["notes"][0].get<std::string>().find("before = after + 1"), std::string::npos);
}

TEST(DiffCommand, CsvRows) {
  Runs runs;
  Harness h(Format::csv);
  EXPECT_EQ(run_diff(runs.options(), h.ctx), Exit::ok);
  const std::string o = runs.old_path;
  const std::string n = runs.new_path;
  EXPECT_EQ(h.out.str(),
            "class,op_name,mode,op_type,old_after_us,new_after_us,change_us,change_pct,"
            "within_writer_artefact,old_occurrences,new_occurrences,old_file,old_report,new_file,"
            "new_report,old_failed,new_failed\n"
            "regression,Conv_1,,Conv2D,20,30,10,50,false,1,1," +
                o + ",report_1," + n +
                ",report_1,false,false\n"
                "regression,Add_2,,Add,10,11,1,10,true,1,1," +
                o + ",report_1," + n +
                ",report_1,false,false\n"
                "improvement,MatMul_3,,MatMul,100,80,-20,-20,false,1,1," +
                o + ",report_1," + n +
                ",report_1,false,false\n"
                "only-old,Gone_4,,Relu,4,,,,false,1,0," +
                o +
                ",report_1,,,false,false\n"
                "only-new,New_5,,Mul,,7,,,false,0,1,,," +
                n + ",report_1,false,false\n");
}

TEST(DiffCommand, MarkdownTable) {
  Runs runs;
  Harness h(Format::markdown);
  EXPECT_EQ(run_diff(runs.options(), h.ctx), Exit::ok);
  const std::string expected =
      "**OLD** " + md_escape(runs.old_path) + " (1 file) → **NEW** " + md_escape(runs.new_path) +
      " (1 file)\n"
      "\n"
      "| change | operator | type | old after µs | new after µs | change µs | change % |\n"
      "| --- | --- | --- | ---: | ---: | ---: | ---: |\n"
      "| regression | Conv\\_1 | Conv2D | 20.000 | 30.000 | +10.000 | +50.00% |\n"
      "| regression | Add\\_2 | Add | 10.000 | 11.000 | +1.000\\* | +10.00% |\n"
      "| improvement | MatMul\\_3 | MatMul | 100.000 | 80.000 | -20.000 | -20.00% |\n"
      "| only-old | Gone\\_4 | Relu | 4.000 | – | – | – |\n"
      "| only-new | New\\_5 | Mul | – | 7.000 | – | – |\n"
      "\n"
      "2 slower, 1 faster, 0 unchanged, 1 only in OLD, 1 only in NEW; total after-tune time "
      "130.000 → 121.000 µs (-9.000 µs, -6.92%) over the 3 operators in both\n"
      "\n"
      "> \\* a change of at most 1 µs may be the writer's artefact, not a measurement: when the "
      "repository was updated but the time did not drop, AOE stores before = after + 1 µs\n";
  EXPECT_EQ(h.out.str(), expected);
}

TEST(DiffCommand, MarkdownEscapesPipes) {
  TempDir dir("cmd_diff_pipe");
  const auto o = dir.write("o.json", file_of({op("a|b", "X", 2, 1)})).string();
  const auto n = dir.write("n.json", file_of({op("a|b", "X", 2, 1)})).string();
  Harness h(Format::markdown);
  DiffOptions opts;
  opts.old_path = o;
  opts.new_path = n;
  EXPECT_EQ(run_diff(opts, h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("| unchanged | a\\|b | X |"), std::string::npos);
}

// Names are escaped as in every Markdown output, not only their '|'.
TEST(DiffCommand, MarkdownEscapesWhatMarkdownReads) {
  TempDir dir("cmd_diff_md");
  const std::string name = "a|b*c*_d_<script>`x`[l](u)";
  const auto o = dir.write("o.json", file_of({op(name, "X", 2, 1)})).string();
  const auto n = dir.write("n.json", file_of({op(name, "X", 2, 1)})).string();
  Harness h(Format::markdown);
  DiffOptions opts;
  opts.old_path = o;
  opts.new_path = n;
  EXPECT_EQ(run_diff(opts, h.ctx), Exit::ok);
  EXPECT_NE(
      h.out.str().find("| unchanged | a\\|b\\*c\\*\\_d\\_\\<script\\>\\`x\\`\\[l\\](u) | X |"),
      std::string::npos)
      << h.out.str();
  EXPECT_EQ(h.out.str().find("<script>"), std::string::npos);
}

// The document keeps under the step-summary limit, and says what it cut.
TEST(DiffCommand, MarkdownKeepsUnderTheLimitAndSaysWhatWasCut) {
  TempDir dir("cmd_diff_cap");
  std::vector<std::string> ops;
  for (int i = 0; i < 200; ++i) ops.push_back(op("Conv_" + std::to_string(i), "Conv2D", 30, 20));
  const auto o = dir.write("o.json", file_of(ops)).string();
  const auto n = dir.write("n.json", file_of(ops)).string();
  Harness h(Format::markdown);
  h.ctx.markdown_limit_bytes = 4000;
  DiffOptions opts;
  opts.old_path = o;
  opts.new_path = n;
  EXPECT_EQ(run_diff(opts, h.ctx), Exit::ok);
  const std::string out = h.out.str();
  EXPECT_LE(out.size(), 4000U);
  EXPECT_NE(out.find(" of 200 rows left out to keep this under GitHub's 1 MiB step-summary limit; "
                     "use --format csv for every row."),
            std::string::npos)
      << out;
  // The summary line and the note after the table are kept.
  EXPECT_NE(out.find("0 slower, 0 faster, 200 unchanged"), std::string::npos) << out;
}

TEST(DiffCommand, PerModeShowsModeColumn) {
  Runs runs;
  Harness h(Format::csv);
  DiffOptions o = runs.options();
  o.per_mode = true;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
  EXPECT_NE(h.out.str().find("\nregression,Conv_1,Schedule,Conv2D,20,30,10,50,"),
            std::string::npos);
}

// With --per-mode the gate's JSON names the mode of each entry over the
// limit (a name alone does not say which of an operator's modes broke it).
TEST(DiffCommand, PerModeGateJsonNamesTheModeOver) {
  Runs runs;
  Harness h(Format::json);
  DiffOptions o = runs.options();
  o.per_mode = true;
  o.fail_above_pct = 40;
  EXPECT_EQ(run_diff(o, h.ctx), Exit::findings);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["grain"], "mode");
  EXPECT_EQ(j["gate"]["operators_over"], nlohmann::json::array({"Conv_1"}));
  EXPECT_EQ(j["gate"]["entries_over"],
            nlohmann::json::parse(R"([{"op_name": "Conv_1", "mode": "Schedule"}])"));
}

TEST(DiffCommand, DirectoriesArePooledLastOccurrenceCompared) {
  TempDir dir("cmd_diff_dirs");
  dir.write("old/aoe_result_opat_20250101_000000000_pid1.json", file_of({op("A", "X", 9, 100)}));
  dir.write("old/aoe_result_opat_20250102_000000000_pid1.json", file_of({op("A", "X", 9, 40)}));
  dir.write("new/aoe_result_opat_20250201_000000000_pid1.json", file_of({op("A", "X", 9, 50)}));
  Harness h(Format::json);
  DiffOptions o;
  o.old_path = (dir.path() / "old").string();
  o.new_path = (dir.path() / "new").string();
  EXPECT_EQ(run_diff(o, h.ctx), Exit::ok);
  const auto j = nlohmann::json::parse(h.out.str());
  EXPECT_EQ(j["old"]["files"], 2);
  EXPECT_EQ(j["operators"][0]["old_after_us"], 40);
  EXPECT_EQ(j["operators"][0]["change_pct"], 25);
  EXPECT_EQ(j["operators"][0]["old"]["occurrences"], 2);
  EXPECT_EQ(j["notes"].size(), 2U);
}

TEST(DiffCommand, UnreadableSideExits3WithoutTable) {
  Runs runs;
  Harness h;
  DiffOptions o = runs.options();
  o.new_path = (runs.dir.path() / "missing.json").string();
  EXPECT_EQ(run_diff(o, h.ctx), Exit::input);
  EXPECT_EQ(h.out.str(), "");
  EXPECT_NE(h.err.str().find("nothing to compare"), std::string::npos);
}

// A file is read straight into the comparison (no model of it is held):
// one that turns out not to be JSON after operators were read leaves its
// side with nothing, as a file that cannot be opened does. The JSON
// document compares nothing and names the bad file in its "problems".
TEST(DiffCommand, FileBadFurtherOnComparesNothing) {
  Runs runs;
  // A syntax error after the first operator (not a cut: nothing is read).
  const std::string bad =
      runs.dir.write("bad.json", file_of({op("Conv_1", "Conv2D", 30, 25), "@"})).string();
  for (const bool bad_is_old : {true, false}) {
    Harness h(Format::json);
    DiffOptions o = runs.options();
    (bad_is_old ? o.old_path : o.new_path) = bad;
    EXPECT_EQ(run_diff(o, h.ctx), Exit::input);
    const auto j = nlohmann::json::parse(h.out.str());
    EXPECT_TRUE(j["operators"].empty()) << h.out.str();
    EXPECT_EQ(j["summary"]["compared"], 0);
    EXPECT_TRUE(j["gate"].is_null());
    ASSERT_EQ(j["problems"].size(), 1U) << h.out.str();
    EXPECT_EQ(j["problems"][0]["path"], bad);
    EXPECT_EQ(j["problems"][0]["code"], "invalid-json");
    EXPECT_NE(h.err.str().find("nothing to compare: no readable result in " + bad),
              std::string::npos)
        << h.err.str();
  }
}

// The two runs are read at the same time unless -j 1: the output is the same.
TEST(DiffCommand, SidesReadTogetherOrInTurnGiveTheSameBytes) {
  Runs runs;
  for (const Format format : {Format::text, Format::json, Format::csv}) {
    Harness together(format);
    Harness in_turn(format);
    DiffOptions o = runs.options();
    EXPECT_EQ(run_diff(o, together.ctx), Exit::ok);
    o.jobs = 1;
    EXPECT_EQ(run_diff(o, in_turn.ctx), Exit::ok);
    EXPECT_EQ(together.out.str(), in_turn.out.str());
    EXPECT_EQ(together.err.str(), in_turn.err.str());
  }
}

TEST(DiffCommand, BothSidesUnreadableNamesBoth) {
  Runs runs;
  Harness h;
  DiffOptions o;
  o.old_path = (runs.dir.path() / "gone.json").string();
  o.new_path = (runs.dir.path() / "missing.json").string();
  EXPECT_EQ(run_diff(o, h.ctx), Exit::input);
  EXPECT_NE(h.err.str().find("nothing to compare: no readable result in either " + o.old_path +
                             " or " + o.new_path),
            std::string::npos)
      << h.err.str();
}

TEST(DiffCommand, FormatNotOffered) {
  Runs runs;
  Harness h(Format::junit);
  EXPECT_THROW((void)run_diff(runs.options(), h.ctx), UsageError);
}

}  // namespace
}  // namespace aoe::cli
