// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/reader.hpp"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

using test::count_code;
using test::find_op;
using test::read_data;

TEST(ReaderExamples, Cann8xReportKeyedNested) {
  const ResultFile f = read_data(test::k8x);
  ASSERT_TRUE(f.readable);
  EXPECT_TRUE(f.complete);
  EXPECT_EQ(f.layout, Layout::report_keyed);
  EXPECT_EQ(f.recognition, Recognition::aoe_result);
  ASSERT_EQ(f.reports.size(), 2U);

  const Report& a = f.reports[0];
  EXPECT_EQ(a.id, "report_20250428_203017761_281473");
  EXPECT_EQ(a.tuning_name, "resnet50_train_step");
  EXPECT_EQ(a.tuning_time_s, 1109);
  EXPECT_EQ(a.status, Status::successful);
  EXPECT_EQ(a.status_raw, "tuning successful");
  ASSERT_EQ(a.operators.size(), 19U);
  const Operator* softmax = find_op(a, "softmax");
  ASSERT_NE(softmax, nullptr);
  ASSERT_EQ(softmax->modes.size(), 1U);
  EXPECT_EQ(softmax->modes[0].mode, TuningMode::format);
  EXPECT_EQ(softmax->modes[0].before_us, 134);
  EXPECT_EQ(softmax->modes[0].after_us, 99);
  EXPECT_EQ(softmax->modes[0].reported_improvement_pct, 35.35);
  EXPECT_EQ(softmax->modes[0].update_mode, UpdateMode::add);
  const Operator* conv = find_op(a, "Conv_125");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->modes[0].before_us, 72.055);
  EXPECT_EQ(conv->modes[0].after_us, 72.046);
  EXPECT_EQ(conv->modes[0].reported_improvement_pct, 0.01);
  ASSERT_TRUE(a.repo_summary);
  EXPECT_EQ(a.repo_summary->add_num, 19);
  EXPECT_EQ(a.repo_summary->hit_num, 0);
  EXPECT_EQ(a.repo_summary->reserved_num, 0);
  EXPECT_EQ(a.repo_summary->unsatisfied_num, 2);
  EXPECT_EQ(a.repo_summary->update_num, 0);
  EXPECT_EQ(a.repo_summary->total_num, 21);
  const Totals ta = totals(a);
  EXPECT_NEAR(ta.time_before_us, 4020.430, 1e-9);
  EXPECT_NEAR(ta.time_after_us, 3335.543, 1e-9);
  EXPECT_NEAR(*ta.improvement_pct(), 20.53, 0.005);

  const Report& b = f.reports[1];
  EXPECT_EQ(b.id, "report_20250428_203412090_281474");
  EXPECT_EQ(b.tuning_time_s, 264);
  EXPECT_EQ(b.status, Status::failed);
  ASSERT_EQ(b.operators.size(), 2U);
  const Operator* fused = find_op(b, "bn4a_branch2a_fused");
  ASSERT_NE(fused, nullptr);
  EXPECT_EQ(joined_types(*fused), "BNTrainingUpdate+Relu");
  ASSERT_EQ(fused->modes.size(), 2U);
  EXPECT_EQ(fused->modes[0].mode, TuningMode::format);
  EXPECT_EQ(fused->modes[1].mode, TuningMode::schedule);
  const OperatorFigures ff = figures(*fused);
  EXPECT_EQ(ff.before_us, 88);
  EXPECT_EQ(ff.after_us, 64);
  EXPECT_EQ(ff.modes, "Format+Schedule");
  EXPECT_EQ(b.failed_operators, std::vector<std::string>{"res4a_branch1"});
  const Totals tb = totals(b);
  EXPECT_NEAR(tb.time_before_us, 239.200, 1e-9);
  EXPECT_NEAR(tb.time_after_us, 184.960, 1e-9);
  EXPECT_NEAR(*tb.improvement_pct(), 29.33, 0.005);
  EXPECT_TRUE(f.diagnostics.empty());
}

TEST(ReaderExamples, Cann601FlatLists) {
  const ResultFile f = read_data(test::k601);
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 2U);
  const Report& a = f.reports[0];
  EXPECT_EQ(a.status, Status::successful);
  EXPECT_EQ(a.status_raw, "tune success");
  ASSERT_EQ(a.operators.size(), 1U);
  const Operator& mm = a.operators[0];
  EXPECT_EQ(mm.name, "MatMul");
  EXPECT_EQ(joined_types(mm), "matmul");
  ASSERT_EQ(mm.modes.size(), 1U);
  EXPECT_EQ(mm.modes[0].mode, TuningMode::unspecified);
  EXPECT_EQ(mm.modes[0].update_mode, UpdateMode::add);
  EXPECT_EQ(mm.modes[0].before_us, 4.06);
  EXPECT_EQ(mm.modes[0].after_us, 3.06);
  EXPECT_NEAR(*figures(mm).improvement_pct, 32.68, 0.005);

  const Report& b = f.reports[1];
  EXPECT_EQ(b.status, Status::failed);
  EXPECT_EQ(b.status_raw, "tune failed");
  EXPECT_TRUE(b.operators.empty());
  EXPECT_EQ(b.failed_operators, std::vector<std::string>{"res4a_branch1"});
}

TEST(ReaderExamples, Cann62BareListWithModel) {
  const ResultFile f = read_data(test::k62);
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(f.layout, Layout::list);
  ASSERT_EQ(f.reports.size(), 1U);
  const Report& r = f.reports[0];
  EXPECT_EQ(r.id, "report_1");
  EXPECT_EQ(r.tuning_name, "vgg16_offline");
  EXPECT_EQ(r.tuning_time_s, 1827);
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->baseline_ms, 113.588725);
  EXPECT_EQ(r.model->result_ms, 113.236731);
  EXPECT_EQ(r.model->reported_improvement_pct, 0.31);
  EXPECT_NEAR(*model_improvement_pct(*r.model), 0.31, 0.005);
  ASSERT_EQ(r.operators.size(), 4U);
  int adds = 0;
  int updates = 0;
  for (const Operator& op : r.operators) {
    adds += op.modes[0].update_mode == UpdateMode::add ? 1 : 0;
    updates += op.modes[0].update_mode == UpdateMode::update ? 1 : 0;
  }
  EXPECT_EQ(adds, 2);
  EXPECT_EQ(updates, 2);
  ASSERT_TRUE(r.repo_summary);
  EXPECT_EQ(r.repo_summary->add_num, 2);
  EXPECT_EQ(r.repo_summary->hit_num, 17);
  EXPECT_EQ(r.repo_summary->reserved_num, 15);
  EXPECT_EQ(r.repo_summary->unsatisfied_num, 0);
  EXPECT_EQ(r.repo_summary->update_num, 2);
  EXPECT_EQ(r.repo_summary->total_num, 19);
  const Totals t = totals(r);
  EXPECT_NEAR(t.time_before_us, 18713.073, 1e-9);
  EXPECT_NEAR(t.time_after_us, 18119.002, 1e-9);
  EXPECT_NEAR(*t.improvement_pct(), 3.28, 0.005);
  const Operator* s7 = find_op(r, "strided_slice_7");
  ASSERT_NE(s7, nullptr);
  EXPECT_NEAR(*figures(*s7).improvement_pct, 785.71, 0.005);
}

TEST(ReaderExamples, Cann63AllModesAndFusedType) {
  const ResultFile f = read_data(test::k63);
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 1U);
  const Report& r = f.reports[0];
  EXPECT_EQ(r.tuning_name, "yolov5s_bs8");
  EXPECT_EQ(r.model->baseline_ms, 21.4537);
  EXPECT_EQ(r.model->result_ms, 20.6048);
  ASSERT_EQ(r.operators.size(), 4U);
  EXPECT_EQ(find_op(r, "MatMul_18")->modes[0].mode, TuningMode::impl);
  EXPECT_EQ(find_op(r, "MatMul_18")->modes[0].update_mode, UpdateMode::update);
  const Operator* fused = find_op(r, "Conv_7_Relu_8");
  ASSERT_NE(fused, nullptr);
  EXPECT_EQ(fused->types, (std::vector<std::string>{"Conv2D", "Relu"}));
  const Totals t = totals(r);
  EXPECT_NEAR(t.time_before_us, 1028.555, 1e-9);
  EXPECT_NEAR(t.time_after_us, 777.918, 1e-9);
  EXPECT_NEAR(*t.improvement_pct(), 32.22, 0.005);
}

TEST(ReaderExamples, CutOffKeepsClosedOperatorsOnly) {
  const ResultFile f = read_data(test::kCut);
  ASSERT_TRUE(f.readable);
  EXPECT_FALSE(f.complete);
  ASSERT_EQ(f.reports.size(), 1U);
  const Report& r = f.reports[0];
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.status, Status::incomplete);
  EXPECT_FALSE(r.tuning_time_s);
  ASSERT_EQ(r.operators.size(), 2U);
  EXPECT_EQ(r.operators[0].name, "Add_12");
  EXPECT_EQ(r.operators[1].name, "Gelu_31");
  EXPECT_EQ(find_op(r, "MatMul_40"), nullptr);
  EXPECT_NEAR(totals(r).time_before_us, 32.25, 1e-9);
  ASSERT_EQ(count_code(f, "truncated"), 1U);
  const Diagnostic& d = f.diagnostics.back();
  EXPECT_EQ(d.code, "truncated");
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.line, 42U);
  EXPECT_EQ(d.column, 49U);
  EXPECT_NE(d.message.find("MatMul_40"), std::string::npos);
}

TEST(Reader, StreamInTinyChunksEqualsWholeText) {
  std::ifstream in(test::data(test::k8x));
  std::stringstream text;
  text << in.rdbuf();
  const std::string s = text.str();
  std::istringstream stream(s);
  ReadOptions tiny;
  tiny.chunk_bytes = 7;
  const ResultFile a = read_result_stream(stream, "x", tiny);
  const ResultFile b = read_result_text(s, "x");
  ASSERT_EQ(a.reports.size(), b.reports.size());
  for (std::size_t i = 0; i < a.reports.size(); ++i) {
    EXPECT_EQ(a.reports[i].operators.size(), b.reports[i].operators.size());
    EXPECT_EQ(totals(a.reports[i]).time_after_us, totals(b.reports[i]).time_after_us);
  }
}

TEST(Reader, DuplicateReportIdsKeepBoth) {
  const ResultFile f = read_result_text(
      R"J({"report_1_2": [{"basic": {"tuning_name": "a"}}],
          "report_1_2": [{"basic": {"tuning_name": "b"}}]})J");
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 2U);
  EXPECT_EQ(f.reports[0].tuning_name, "a");
  EXPECT_EQ(f.reports[1].tuning_name, "b");
  EXPECT_EQ(count_code(f, "duplicate-report-id"), 1U);
}

TEST(Reader, UnknownSectionKeptRaw) {
  const ResultFile f = read_result_text(
      R"J([{"basic": {"tuning_name": "x"}}, {"SGAT": {"a": [1, 2.50, "s"], "b": null}}])J");
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports[0].unknown_sections.size(), 1U);
  EXPECT_EQ(f.reports[0].unknown_sections[0].name, "SGAT");
  EXPECT_EQ(f.reports[0].unknown_sections[0].raw_json, R"J({"a":[1,2.50,"s"],"b":null})J");
  EXPECT_EQ(count_code(f, "unknown-section"), 1U);
}

// Each builder keeps the last few mode names and update modes it interned
// (`RecentInterned`, four of each): more distinct ones than that, in turn,
// are each read as written.
TEST(Reader, ModeNamesBeyondTheRecentFewAreReadAsWritten) {
  const std::vector<std::string> modes{"Format", "Schedule", "Impl", "ModeA", "ModeB", "ModeC"};
  const std::vector<std::string> updates{"add", "update", "u1", "u2", "u3", "u4"};
  std::string ops;
  for (std::size_t i = 0; i < 18; ++i) {
    if (!ops.empty()) ops += ',';
    const std::string& a = modes[i % modes.size()];
    const std::string& b = modes[(i + 1) % modes.size()];
    ops += R"J({"op_name": "op)J" + std::to_string(i) +
           R"J(", "op_type": "T", "tune_performance": {")J" + a +
           R"J(": {"performance_after_tune(us)": 1, "performance_before_tune(us)": 2, )J" +
           R"J("update_mode": ")J" + updates[i % updates.size()] + R"J("}, ")J" + b +
           R"J(": {"performance_after_tune(us)": 1, "performance_before_tune(us)": 2, )J" +
           R"J("update_mode": ")J" + updates[(i + 3) % updates.size()] + R"J("}}})J";
  }
  const ResultFile f = read_result_text(
      R"J({"report_1_2": [{"basic": {"tuning_name": "x"}}, {"OPAT": {"repo_modified_operators": [)J" +
      ops + "]}}]}");
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 1U);
  ASSERT_EQ(f.reports[0].operators.size(), 18U);
  for (std::size_t i = 0; i < 18; ++i) {
    const Operator& op = f.reports[0].operators[i];
    ASSERT_EQ(op.modes.size(), 2U) << op.name;
    EXPECT_EQ(op.modes[0].mode_name, modes[i % modes.size()]) << op.name;
    EXPECT_EQ(op.modes[1].mode_name, modes[(i + 1) % modes.size()]) << op.name;
    EXPECT_EQ(op.modes[0].update_mode_raw, updates[i % updates.size()]) << op.name;
    EXPECT_EQ(op.modes[1].update_mode_raw, updates[(i + 3) % updates.size()]) << op.name;
  }
}

TEST(Reader, Utf8BomIsAccepted) {
  const ResultFile f = read_result_text("\xEF\xBB\xBF[{\"basic\": {\"tuning_name\": \"x\"}}]");
  EXPECT_TRUE(f.readable);
  EXPECT_TRUE(f.complete);
}

TEST(Reader, StatusSpellings) {
  EXPECT_EQ(parse_status("tune success"), Status::successful);
  EXPECT_EQ(parse_status("tuning successful"), Status::successful);
  EXPECT_EQ(parse_status("tune failed"), Status::failed);
  EXPECT_EQ(parse_status("tuning failed"), Status::failed);
  EXPECT_EQ(parse_status("tuning incomplete"), Status::incomplete);
  EXPECT_EQ(parse_status("tune tuning incomplete"), Status::incomplete);
  EXPECT_EQ(parse_status("done"), Status::unknown);
}

TEST(Reader, NumbersAsStringsReadWithWarning) {
  const ResultFile f = read_result_text(R"J([{"OPAT": {"repo_modified_operators": [
      {"op_name": "a", "op_type": "Add", "tune_performance": {"Schedule": {
        "performance_after_tune(us)": "99", "performance_before_tune(us)": 134,
        "performance_improvement": "35.35", "update_mode": "add"}}}]}}])J");
  ASSERT_TRUE(f.readable);
  const ModeResult& m = f.reports[0].operators[0].modes[0];
  EXPECT_EQ(m.after_us, 99);
  EXPECT_EQ(m.reported_improvement_pct, 35.35);
  EXPECT_EQ(count_code(f, "number-as-string"), 2U);
}

TEST(Reader, WrongTypesAreSkippedRestKept) {
  const ResultFile f = read_result_text(R"J({"report_a": {"x": 1},
      "report_b": [{"OPAT": {"repo_summary": {"repo_add_num": "abc", "total_num": 3},
                             "tuning_failed_operators": "op1"}}]})J");
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 1U);
  EXPECT_EQ(f.reports[0].id, "report_b");
  ASSERT_TRUE(f.reports[0].repo_summary);
  EXPECT_FALSE(f.reports[0].repo_summary->add_num);
  EXPECT_EQ(f.reports[0].repo_summary->total_num, 3);
  EXPECT_EQ(count_code(f, "invalid-value"), 3U);
}

TEST(Reader, NotJsonGivesLineAndColumn) {
  const ResultFile f = read_result_text("[\n  {\"basic\": x}\n]");
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, "invalid-json");
  EXPECT_EQ(f.diagnostics[0].line, 2U);
  EXPECT_EQ(f.diagnostics[0].column, 13U);
}

TEST(Reader, EmptyFileIsUnreadable) {
  const ResultFile f = read_result_text("");
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, "invalid-json");
}

TEST(Reader, OtherJsonIsNotAoeResult) {
  for (const char* text : {"42", "{\"a\": 1}", "[1, 2]", "{}", "[]"}) {
    const ResultFile f = read_result_text(text);
    EXPECT_FALSE(f.readable) << text;
    ASSERT_EQ(f.diagnostics.size(), 1U) << text;
    EXPECT_EQ(f.diagnostics[0].code, "not-aoe-result") << text;
  }
}

TEST(Reader, PreAoeTuneResultIsNamed) {
  const ResultFile f = read_result_text(
      R"J({"conv1": {"result_data": {"before_tune": 10, "after_tune": 8},
                    "status_data": {"bank_append": 1}}})J");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(f.recognition, Recognition::tune_result);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, "not-aoe-result");
  EXPECT_NE(f.diagnostics[0].message.find("Auto Tune"), std::string::npos);
}

TEST(Reader, CutBeforeFirstReportIsUnreadable) {
  const ResultFile f = read_result_text("{");
  EXPECT_FALSE(f.readable);
  EXPECT_FALSE(f.complete);
}

TEST(Reader, CutNumberAtReportLevelIsNotUsed) {
  const ResultFile f =
      read_result_text(R"J([{"basic": {"tuning_name": "x", "tuning_time(s)": 11)J");
  ASSERT_TRUE(f.readable);
  EXPECT_FALSE(f.complete);
  EXPECT_EQ(f.reports[0].tuning_name, "x");
  EXPECT_FALSE(f.reports[0].tuning_time_s);
}

// A cut right after a number keeps it only when a byte after it shows it
// whole: "1494," and "1494\n" are 1494; "1494" at the very end may be the
// start of 14940 and is not used, and the message says so only then.
TEST(Reader, NumberBeforeTheCutIsKeptWhenAByteEndedIt) {
  const std::string head = R"J([{"basic": {"tuning_name": "x", "tuning_time(s)": 1494)J";
  for (const std::string& tail :
       {std::string(","), std::string("\n"), std::string(" "), std::string("\n    ")}) {
    const ResultFile f = read_result_text(head + tail);
    ASSERT_TRUE(f.readable);
    EXPECT_FALSE(f.complete);
    ASSERT_EQ(f.reports.size(), 1U);
    EXPECT_EQ(f.reports[0].tuning_time_s, 1494) << "tail '" << tail << "'";
    ASSERT_FALSE(f.diagnostics.empty());
    EXPECT_EQ(f.diagnostics.back().message.find("number cut short"), std::string::npos);
  }
  const ResultFile cut = read_result_text(head);
  ASSERT_TRUE(cut.readable);
  EXPECT_FALSE(cut.reports[0].tuning_time_s);
  EXPECT_NE(cut.diagnostics.back().message.find("a number cut short was not used"),
            std::string::npos);
  // The same across chunks: the number's last digit ends one chunk.
  std::istringstream in(head + ",");
  ReadOptions o;
  o.chunk_bytes = head.size();
  const ResultFile chunked = read_result_stream(in, "x.json", o);
  EXPECT_EQ(chunked.reports[0].tuning_time_s, 1494);
}

}  // namespace
}  // namespace aoe
