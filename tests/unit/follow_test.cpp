// SPDX-License-Identifier: Apache-2.0
// The follower of `watch`: successive reads of a file being rewritten give
// each operator exactly once, changes as updates, and nothing is ever taken
// away by a read cut short.
#include "aoe_result/follow.hpp"

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

std::string op_json(const std::string& name, const std::string& modes) {
  return R"j({"op_name": ")j" + name + R"j(", "op_type": "Conv2D", "tune_performance": {)j" +
         modes + "}}";
}
std::string mode_json(const std::string& mode, double before, double after) {
  return "\"" + mode + R"j(": {"performance_after_tune(us)": )j" + std::to_string(after) +
         R"j(, "performance_before_tune(us)": )j" + std::to_string(before) +
         R"j(, "update_mode": "add"})j";
}
std::string report_json(const std::string& id, const std::string& status,
                        const std::vector<std::string>& ops,
                        const std::vector<std::string>& failed = {}) {
  std::string s = "\"" + id + R"j(": [{"basic": {"tuning_name": "net"}}, {"OPAT": {)j";
  s += R"j("opat_tuning_result": ")j" + status + "\"";
  if (!ops.empty()) {
    s += R"j(, "repo_modified_operators": [)j";
    for (std::size_t i = 0; i < ops.size(); ++i) s += (i ? ", " : "") + ops[i];
    s += "]";
  }
  if (!failed.empty()) {
    s += R"j(, "tuning_failed_operators": [)j";
    for (std::size_t i = 0; i < failed.size(); ++i) s += (i ? ", \"" : "\"") + failed[i] + "\"";
    s += "]";
  }
  return s + "}}]";
}
std::string file_json(const std::vector<std::string>& reports) {
  std::string s = "{";
  for (std::size_t i = 0; i < reports.size(); ++i) s += (i ? ",\n" : "\n") + reports[i];
  return s + "\n}\n";
}
ResultFile read(const std::string& text) { return read_result_text(text, "f.json"); }

std::vector<std::string> kinds(const std::vector<FollowEvent>& events) {
  std::vector<std::string> out;
  for (const FollowEvent& e : events) {
    std::string k(to_string(e.kind));
    if (e.op) k += " " + e.op->name + "#" + std::to_string(e.occurrence);
    if (e.kind == FollowEventKind::failed) k += " " + e.failed_operator;
    if (e.kind == FollowEventKind::status) {
      k += std::string(" ") + std::string(to_string(e.previous_status)) + "->" +
           std::string(to_string(e.status));
    }
    if (e.kind == FollowEventKind::report) k += " " + e.report;
    out.push_back(k);
  }
  return out;
}

TEST(Follower, NewReportThenOperatorsThenStatus) {
  Follower f;
  const auto events =
      f.update(read(file_json({report_json("report_a", "tuning incomplete",
                                           {op_json("Conv_1", mode_json("Schedule", 10, 8)),
                                            op_json("Conv_2", mode_json("Format", 5, 4))})})));
  EXPECT_EQ(kinds(events),
            (std::vector<std::string>{"report report_a", "operator Conv_1#0", "operator Conv_2#0",
                                      "status unknown->incomplete"}));
  EXPECT_EQ(events[1].tuned_so_far, 1U);
  EXPECT_DOUBLE_EQ(events[2].saved_so_far_us, 3.0);
  EXPECT_EQ(events[1].tuning_name, std::optional<std::string>("net"));
}

TEST(Follower, RereadingTheSameFileGivesNothing) {
  Follower f;
  const std::string text = file_json({report_json(
      "report_a", "tuning successful", {op_json("Conv_1", mode_json("Schedule", 10, 8))})});
  (void)f.update(read(text));
  EXPECT_TRUE(f.update(read(text)).empty());
  EXPECT_TRUE(f.update(read(text)).empty());
  EXPECT_EQ(f.state().reports.at(0).operators.size(), 1U);
}

TEST(Follower, SameNameTwiceIsTwoOperators) {
  Follower f;
  const std::string one = op_json("Add", mode_json("Schedule", 3, 2));
  const auto first =
      f.update(read(file_json({report_json("report_a", "tuning incomplete", {one})})));
  const auto second =
      f.update(read(file_json({report_json("report_a", "tuning incomplete", {one, one})})));
  EXPECT_EQ(kinds(second), (std::vector<std::string>{"operator Add#1"}));
  EXPECT_EQ(f.state().reports.at(0).operators.size(), 2U);
}

TEST(Follower, AnotherTuningModeIsAnUpdate) {
  Follower f;
  (void)f.update(read(file_json({report_json("report_a", "tuning incomplete",
                                             {op_json("Conv_1", mode_json("Schedule", 10, 8))})})));
  const auto events = f.update(read(file_json({report_json(
      "report_a", "tuning incomplete",
      {op_json("Conv_1", mode_json("Schedule", 10, 8) + ", " + mode_json("Format", 10, 6))})})));
  ASSERT_EQ(kinds(events), (std::vector<std::string>{"operator-updated Conv_1#0"}));
  EXPECT_EQ(events[0].previous->modes.size(), 1U);
  EXPECT_EQ(events[0].op->modes.size(), 2U);
  EXPECT_DOUBLE_EQ(events[0].saved_so_far_us, 4.0);  // 10 → 6 now, was 10 → 8
  EXPECT_EQ(f.state().reports.at(0).operators.at(0).modes.size(), 2U);
}

// A change in the middle of what was seen: the operators after it are
// matched by name and occurrence again (a repeated name after the change
// keeps its occurrence; a new name after the change is new).
TEST(Follower, ChangeInTheMiddleThenRepeatedNames) {
  Follower f;
  const std::string add = op_json("Add", mode_json("Schedule", 3, 2));
  const std::string conv = op_json("Conv_1", mode_json("Schedule", 10, 8));
  const std::string conv_better = op_json("Conv_1", mode_json("Schedule", 10, 5));
  (void)f.update(read(file_json({report_json("report_a", "tuning incomplete", {add, conv, add})})));
  const std::string relu = op_json("Relu", mode_json("Format", 2, 1));
  const std::string later =
      file_json({report_json("report_a", "tuning incomplete", {add, conv_better, add, add, relu})});
  const auto events = f.update(read(later));
  EXPECT_EQ(kinds(events), (std::vector<std::string>{"operator-updated Conv_1#0", "operator Add#2",
                                                     "operator Relu#0"}));
  EXPECT_EQ(f.state().reports.at(0).operators.size(), 5U);
  // The same read again: nothing.
  EXPECT_TRUE(f.update(read(later)).empty());
  // What was seen, in another order: still nothing new.
  const std::string reordered =
      file_json({report_json("report_a", "tuning incomplete", {conv_better, add, add, add})});
  EXPECT_TRUE(f.update(read(reordered)).empty());
}

TEST(Follower, AShorterReadRemovesNothing) {
  Follower f;
  const std::string full =
      file_json({report_json("report_a", "tuning incomplete",
                             {op_json("Conv_1", mode_json("Schedule", 10, 8)),
                              op_json("Conv_2", mode_json("Schedule", 9, 8))})});
  (void)f.update(read(full));
  // Caught mid-rewrite: only the first operator, and the file emptied.
  EXPECT_TRUE(f.update(read(full.substr(0, full.find("Conv_2") - 5))).empty());
  EXPECT_TRUE(f.update(read("")).empty());
  EXPECT_TRUE(f.update(read(full)).empty());
  EXPECT_EQ(f.state().reports.at(0).operators.size(), 2U);
  EXPECT_EQ(f.state().reports.at(0).status, Status::incomplete);
}

TEST(Follower, FailedOnceAndFinalStatus) {
  Follower f;
  (void)f.update(read(file_json({report_json("report_a", "tuning incomplete", {})})));
  const auto events = f.update(read(file_json(
      {report_json("report_a", "tuning failed", {}, {"res4a_branch1", "res4a_branch1"})})));
  EXPECT_EQ(kinds(events),
            (std::vector<std::string>{"failed res4a_branch1", "status incomplete->failed"}));
  EXPECT_TRUE(every_report_final(f.state()));
}

TEST(Follower, DuplicateReportKeysAreTwoReports) {
  Follower f;
  const std::string a =
      report_json("report_x", "tuning successful", {op_json("A", mode_json("Format", 2, 1))});
  const std::string b =
      report_json("report_x", "tuning incomplete", {op_json("A", mode_json("Format", 4, 1))});
  const auto events = f.update(read(file_json({a, b})));
  EXPECT_EQ(kinds(events), (std::vector<std::string>{
                               "report report_x", "operator A#0", "status unknown->successful",
                               "report report_x", "operator A#0", "status unknown->incomplete"}));
  EXPECT_EQ(events[3].report_occurrence, 1U);
  EXPECT_TRUE(f.update(read(file_json({a, b}))).empty());
  EXPECT_FALSE(every_report_final(f.state()));
}

TEST(Follower, StateTotalsAreTheFilesTotals) {
  const std::string text = test::data(test::k8x);
  const ResultFile whole = read_result_file(text);
  Follower f;
  (void)f.update(whole);
  const Totals a = totals(whole);
  const Totals b = totals(f.state());
  EXPECT_EQ(a.operators, b.operators);
  EXPECT_EQ(a.failed_operators, b.failed_operators);
  EXPECT_DOUBLE_EQ(a.time_before_us, b.time_before_us);
  EXPECT_DOUBLE_EQ(a.time_after_us, b.time_after_us);
}

TEST(PidFromFileName, ReadsThePidOrSaysNone) {
  EXPECT_EQ(pid_from_file_name("a/b/aoe_result_opat_20250428_203017761_pid18230.json"), 18230L);
  EXPECT_EQ(pid_from_file_name("aoe_result_opat_20250428_203017761_pid.json"), std::nullopt);
  EXPECT_EQ(pid_from_file_name("run.json"), std::nullopt);
  EXPECT_EQ(pid_from_file_name("x_pid12.json.bak"), std::nullopt);
  EXPECT_EQ(pid_from_file_name("x_pid0.json"), std::nullopt);
  EXPECT_EQ(pid_from_file_name("x_pid12345678901.json"), std::nullopt);
}

using OpKey = std::tuple<std::string, std::size_t, std::string, std::size_t>;

std::map<OpKey, int> count_operator_events(const std::vector<FollowEvent>& events) {
  std::map<OpKey, int> n;
  for (const FollowEvent& e : events) {
    if (e.kind == FollowEventKind::op)
      ++n[{e.report, e.report_occurrence, e.op->name, e.occurrence}];
  }
  return n;
}

std::set<OpKey> operators_of(const ResultFile& file) {
  std::set<OpKey> keys;
  std::map<std::string, std::size_t> report_seen;
  for (const Report& r : file.reports) {
    const std::size_t ro = report_seen[r.id]++;
    std::map<std::string, std::size_t> seen;
    for (const Operator& op : r.operators) keys.insert({r.id, ro, op.name, seen[op.name]++});
  }
  return keys;
}

// AOE rewrites the whole file; a read can catch the new version cut after
// any byte. For every offset: the old version, the new one cut there, the
// new one whole. Every operator of the new version: exactly one event, and
// the cut read never makes one disappear or change.
TEST(FollowerCut, EveryByteOffsetOfARewrite) {
  for (const char* name : {test::k8x, test::k601}) {
    const std::string full = test::slurp(test::data(name));
    const ResultFile whole = read_result_text(full, name);
    const std::set<OpKey> expected = operators_of(whole);
    ASSERT_FALSE(expected.empty()) << name;
    for (std::size_t cut = 0; cut <= full.size(); ++cut) {
      Follower f;
      std::vector<FollowEvent> all;
      for (const std::string& text : {full.substr(0, cut / 2), full.substr(0, cut), full}) {
        for (FollowEvent& e : f.update(read_result_text(text, name))) all.push_back(std::move(e));
      }
      const std::map<OpKey, int> counted = count_operator_events(all);
      ASSERT_EQ(counted.size(), expected.size()) << name << " cut at " << cut;
      for (const auto& [key, n] : counted) {
        ASSERT_EQ(n, 1) << name << " cut at " << cut << ": " << std::get<2>(key);
        ASSERT_TRUE(expected.count(key)) << name << " cut at " << cut;
      }
      for (const FollowEvent& e : all) {
        ASSERT_NE(e.kind, FollowEventKind::operator_updated) << name << " cut at " << cut;
      }
      ASSERT_EQ(f.state().reports.size(), whole.reports.size()) << name << " cut at " << cut;
    }
  }
}

// One follower fed every prefix of the file in turn, as a slow writer
// would be seen: each operator once, in file order.
TEST(FollowerCut, GrowingFileByteByByte) {
  const std::string full = test::slurp(test::data(test::k8x));
  Follower f;
  std::vector<FollowEvent> all;
  for (std::size_t cut = 0; cut <= full.size(); ++cut) {
    for (FollowEvent& e : f.update(read_result_text(full.substr(0, cut), "f"))) all.push_back(e);
  }
  const ResultFile whole = read_result_text(full, "f");
  const std::map<OpKey, int> counted = count_operator_events(all);
  EXPECT_EQ(counted.size(), operators_of(whole).size());
  for (const auto& [key, n] : counted) EXPECT_EQ(n, 1) << std::get<2>(key);
  std::size_t failed = 0;
  for (const FollowEvent& e : all) failed += e.kind == FollowEventKind::failed ? 1 : 0;
  EXPECT_EQ(failed, totals(whole).failed_operators);
  EXPECT_GT(failed, 0U);
}

}  // namespace
}  // namespace aoe
