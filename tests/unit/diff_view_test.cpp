// SPDX-License-Identifier: Apache-2.0
// The diff view: the --fail-above verdict and its words, without the CLI.
#include "commands/diff/diff_view.hpp"

#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/reader.hpp"

#include "commands/diff/diff_render.hpp"

namespace aoe::cli {
namespace {

// A run of one report whose operators each have a Schedule result, and
// the names it lists as failed.
ResultFile run(const std::vector<std::string>& ops, const std::vector<std::string>& failed = {}) {
  std::string list;
  for (const std::string& o : ops) list += (list.empty() ? "" : ", ") + o;
  std::string failed_list;
  for (const std::string& f : failed)
    failed_list += (failed_list.empty() ? "\"" : ", \"") + f + "\"";
  return read_result_text(
      "[{\"OPAT\": {\"opat_tuning_result\": \"tuning successful\", \"repo_modified_operators\": [" +
          list + "], \"tuning_failed_operators\": [" + failed_list + "]}}]",
      "run.json");
}

std::string op(const std::string& name, double before_us, double after_us) {
  return "{\"op_name\": \"" + name +
         "\", \"op_type\": \"Conv2D\", \"tune_performance\": {\"Schedule\": "
         "{\"performance_before_tune(us)\": " +
         std::to_string(before_us) +
         ", \"performance_after_tune(us)\": " + std::to_string(after_us) + "}}}";
}

// Conv_1 +50 %, Add_2 +10 % (1 µs: the writer's artefact), MatMul_3 -20 %;
// the total -6.92 %.
DiffView view_of(DiffGrain grain = DiffGrain::per_operator) {
  DiffView view;
  view.diff =
      diff({run({op("Conv_1", 30, 20), op("Add_2", 20, 10), op("MatMul_3", 200, 100)})},
           {run({op("Conv_1", 30, 30), op("Add_2", 20, 11), op("MatMul_3", 200, 80)})}, grain);
  view.header = {"old.json", "new.json", 1, 1};
  return view;
}

std::vector<std::string> names_over(const DiffView& view) {
  std::vector<std::string> names;
  for (const std::size_t i : view.gate->over) names.emplace_back(view.diff.entries[i].op_name);
  return names;
}

TEST(DiffGateView, PerOperatorListsTheOperatorsOverTheLimitAndSaysSo) {
  DiffView view = view_of();
  view.gate = judge_gate(view.diff, 5, GateScope::per_operator, Artefacts::count);
  EXPECT_TRUE(view.gate->broken);
  EXPECT_EQ(names_over(view), (std::vector<std::string>{"Conv_1", "Add_2"}));
  EXPECT_EQ(gate_error(view),
            "gate (--fail-above 5): 2 operators slower by more than 5%: Conv_1 +50.00%, Add_2 "
            "+10.00% — FAILED");
}

TEST(DiffGateView, IgnoredArtefactsAreNotOverTheLimit) {
  DiffView view = view_of();
  view.gate = judge_gate(view.diff, 5, GateScope::per_operator, Artefacts::ignore);
  EXPECT_TRUE(view.gate->broken);
  EXPECT_EQ(names_over(view), (std::vector<std::string>{"Conv_1"}));
  EXPECT_EQ(gate_error(view),
            "gate (--fail-above 5 --ignore-artefacts): 1 operator slower by more than 5%: "
            "Conv_1 +50.00% — FAILED");
}

TEST(DiffGateView, PerModeNamesTheModeAndAnOldTimeOfZero) {
  DiffView view;
  view.diff = diff({run({op("Conv_1", 30, 0)})}, {run({op("Conv_1", 30, 5)})}, DiffGrain::per_mode);
  view.header = {"old.json", "new.json", 1, 1};
  view.gate = judge_gate(view.diff, 100, GateScope::per_operator, Artefacts::count);
  EXPECT_TRUE(view.gate->broken);
  EXPECT_EQ(gate_error(view),
            "gate (--fail-above 100): 1 operator mode slower by more than 100%: Conv_1 "
            "(Schedule) from 0 µs — FAILED");
}

// With --per-mode the gate and the summary line count operator modes, one
// or many: "1 operator mode", "2 operator modes failed in NEW".
TEST(DiffGateView, PerModeCountsOperatorModes) {
  DiffView view;
  view.diff = diff({run({op("X", 30, 20), op("A", 10, 10)})}, {run({op("A", 10, 10)}, {"X"})},
                   DiffGrain::per_mode);
  view.header = {"old.json", "new.json", 1, 1};
  view.gate = judge_gate(view.diff, 0, GateScope::per_operator, Artefacts::count);
  EXPECT_EQ(gate_error(view),
            "gate (--fail-above 0): 1 operator mode failed in NEW after being tuned in OLD (X "
            "(Schedule)) — FAILED");
}

TEST(DiffGateView, HeldGateAndNoGateSayNothing) {
  DiffView view = view_of();
  EXPECT_EQ(gate_error(view), std::nullopt);
  view.gate = judge_gate(view.diff, 50, GateScope::per_operator, Artefacts::count);
  EXPECT_FALSE(view.gate->broken);
  EXPECT_TRUE(view.gate->over.empty());
  EXPECT_EQ(gate_error(view), std::nullopt);
}

TEST(DiffGateView, TotalJudgesTheSumsAndListsNoOperator) {
  DiffView view = view_of();
  view.gate = judge_gate(view.diff, 0, GateScope::total, Artefacts::count);
  EXPECT_FALSE(view.gate->broken);  // -6.92 %: faster
  view.diff = diff({run({op("Conv_1", 30, 20)})}, {run({op("Conv_1", 30, 30)})});
  view.gate = judge_gate(view.diff, 5, GateScope::total, Artefacts::count);
  EXPECT_TRUE(view.gate->broken);
  EXPECT_TRUE(view.gate->over.empty());
  EXPECT_EQ(gate_error(view),
            "gate (--fail-above 5 --total): total after-tune time +50.00% over the 1 operator "
            "in both, more than 5% slower — FAILED");
}

TEST(DiffGateView, NothingToCompareNamesTheSideWithoutAReadableFile) {
  EXPECT_EQ(nothing_to_compare({"a", "b", 1, 2}), std::nullopt);
  EXPECT_EQ(nothing_to_compare({"a", "b", 0, 2}), "nothing to compare: no readable result in a");
  EXPECT_EQ(nothing_to_compare({"a", "b", 1, 0}), "nothing to compare: no readable result in b");
  EXPECT_EQ(nothing_to_compare({"a", "b\x1b[2J", 0, 0}),
            "nothing to compare: no readable result in either a or b\\x1b[2J");
}

// The renderers print the view's verdict; they do not judge again.
TEST(DiffGateView, RenderersPrintTheVerdictOfTheView) {
  DiffView view = view_of();
  view.gate = DiffGate{40, GateScope::per_operator, Artefacts::count, true, true, {2}};
  const RenderOptions plain{Style(false)};
  const std::string text = diff_outputs().pick(Format::text)(view, plain);
  EXPECT_NE(text.find("gate (--fail-above 40): 1 operator slower by more than 40% — FAILED"),
            std::string::npos)
      << text;
  const std::string json = diff_outputs().pick(Format::json)(view, plain);
  EXPECT_NE(json.find("\"operators_over\": [\n      \"MatMul_3\"\n    ]"), std::string::npos)
      << json;
}

// An empty name shows as "(unnamed)" in text and Markdown, as in ops and
// trend (a blank cell reads as a value left out); JSON keeps it empty.
TEST(DiffView, AnEmptyNameShowsAsUnnamed) {
  DiffView view;
  view.diff = diff({run({op("A", 10, 5)})}, {run({op("A", 10, 5)}, {""})});
  view.header = {"old.json", "new.json", 1, 1};
  const RenderOptions plain{Style(false), 1000};
  const std::string text = diff_outputs().pick(Format::text)(view, plain);
  EXPECT_NE(
      text.find("failed, tuned in neither run (1):\n  operator   failed in\n  (unnamed)  NEW\n"),
      std::string::npos)
      << text;
  const std::string md = diff_outputs().pick(Format::markdown)(view, plain);
  EXPECT_NE(md.find("| failed-untuned | (unnamed) |"), std::string::npos) << md;
  const std::string json = diff_outputs().pick(Format::json)(view, plain);
  EXPECT_NE(json.find("\"class\": \"failed-untuned\",\n      \"op_name\": \"\","),
            std::string::npos)
      << json;
}

// The summary line's count of what is in both runs: "1 operator", "1
// operator mode", "2 operators".
TEST(DiffView, SummaryLineCountsWhatIsInBothRuns) {
  const RenderOptions plain{Style(false), 1000};
  const auto text_of = [&](DiffGrain grain, std::size_t ops) {
    std::vector<std::string> old_ops{op("A", 10, 5), op("B", 10, 5)};
    old_ops.resize(ops);
    DiffView view;
    view.diff = diff({run(old_ops)}, {run(old_ops)}, grain);
    view.header = {"old.json", "new.json", 1, 1};
    return diff_outputs().pick(Format::text)(view, plain);
  };
  EXPECT_NE(
      text_of(DiffGrain::per_operator, 1).find("(0.000 µs, 0.00%) over the 1 operator in both"),
      std::string::npos);
  EXPECT_NE(text_of(DiffGrain::per_mode, 1).find("over the 1 operator mode in both"),
            std::string::npos);
  EXPECT_NE(text_of(DiffGrain::per_operator, 2).find("over the 2 operators in both"),
            std::string::npos);
}

}  // namespace
}  // namespace aoe::cli
