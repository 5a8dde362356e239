// SPDX-License-Identifier: Apache-2.0
// Every kind of bad input the reader may meet, each with the exact finding
// codes it must give. Big inputs are generated here, not committed.
#include <chrono>
#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"
#include "aoe_result/reader.hpp"

#include "test_util.hpp"

namespace aoe {
namespace {

using test::count_code;

// The codes of a file's diagnostics, in order.
std::vector<std::string> codes_of(const ResultFile& f) {
  std::vector<std::string> out;
  for (const Diagnostic& d : f.diagnostics) out.emplace_back(to_string(d.code));
  return out;
}
using Codes = std::vector<std::string>;

// One report holding `opat_body` as its OPAT section.
std::string with_opat(std::string_view opat_body) {
  return "[{\"basic\": {\"tuning_name\": \"t\"}}, {\"OPAT\": {" + std::string(opat_body) + "}}]";
}

// One nested operator with the given tune_performance body.
std::string with_mode(std::string_view mode_body) {
  return with_opat(
      R"J("repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {"Format": {)J" +
      std::string(mode_body) + "}}}]");
}

// --- Not JSON, empty, scalars, other shapes --------------------------------

TEST(BadInput, ConsoleLogIsInvalidJsonWithPosition) {
  const ResultFile f = read_result_text(
      "[INFO] AOE(12345,aoe):2025-04-28-20:30:17 tuning started\n[INFO] done\n", "log.txt");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].severity, Severity::error);
  EXPECT_EQ(f.diagnostics[0].line, 1U);
  EXPECT_EQ(f.diagnostics[0].column, 2U);
  EXPECT_NE(f.diagnostics[0].message.find("invalid literal"), std::string::npos);
  EXPECT_NE(f.diagnostics[0].message.find("expected a JSON value"), std::string::npos)
      << f.diagnostics[0].message;
  EXPECT_TRUE(f.reports.empty());
}

// A bad literal where the grammar names what may come ('}' after a member)
// says that once, not "expected '}'; expected a JSON value" as well.
TEST(BadInput, BadLiteralAfterAMemberNamesOneExpectation) {
  const ResultFile f = read_result_text(R"({"a":truex})", "x.json");
  ASSERT_EQ(codes_of(f), Codes{"invalid-json"});
  const std::string& m = f.diagnostics[0].message;
  EXPECT_NE(m.find("expected '}'"), std::string::npos) << m;
  EXPECT_EQ(m.find("expected a JSON value"), std::string::npos) << m;
  EXPECT_EQ(f.diagnostics[0].column, 10U);
}

TEST(BadInput, HtmlIsInvalidJson) {
  const ResultFile f =
      read_result_text("<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>\n");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].line, 1U);
  EXPECT_EQ(f.diagnostics[0].column, 1U);
}

TEST(BadInput, BinaryIsInvalidJson) {
  const std::string elf(
      "\x7f"
      "ELF\x02\x01\x01\x00\x00\x00\x00",
      11);
  const ResultFile f = read_result_text(elf);
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].column, 1U);
}

TEST(BadInput, EmptyAndBlankFilesAreInvalidJson) {
  for (const char* text : {"", "   \n\t\r\n"}) {
    const ResultFile f = read_result_text(text);
    EXPECT_FALSE(f.readable) << '"' << text << '"';
    EXPECT_EQ(codes_of(f), Codes{"invalid-json"}) << '"' << text << '"';
    // A file of white space only is told as such, not as empty.
    const char* said = *text == '\0' ? "the file is empty" : "the file holds only white space";
    EXPECT_NE(f.diagnostics[0].message.find(said), std::string::npos) << f.diagnostics[0].message;
  }
}

TEST(BadInput, BareScalarsAreNotAoeResults) {
  for (const char* text : {"42", "-1.5", "\"report\"", "null", "true", "false"}) {
    const ResultFile f = read_result_text(text);
    EXPECT_FALSE(f.readable) << text;
    EXPECT_EQ(f.recognition, Recognition::other) << text;
    EXPECT_EQ(codes_of(f), Codes{"not-aoe-result"}) << text;
  }
}

TEST(BadInput, JsonOfAnotherShapeIsNotAoeResult) {
  for (const char* text : {R"({"name": "x", "version": [1, 2]})", R"([{"a": 1}, {"b": [2]}])",
                           R"({"reports": [{"basic": 1}]})", "[[1, 2], [3]]"}) {
    const ResultFile f = read_result_text(text);
    EXPECT_FALSE(f.readable) << text;
    EXPECT_EQ(codes_of(f), Codes{"not-aoe-result"}) << text;
  }
}

TEST(BadInput, PreAoeTuneResultIsRecognisedAndNamed) {
  const ResultFile f = read_result_text(R"J({
    "Conv2D_1": {"result_data": {"before_tune": 120.5, "after_tune": 98.1},
                 "status_data": {"bank_append": 1, "bank_hit": 0, "bank_reserved": 0, "bank_update": 0}},
    "MatMul_7": {"result_data": {"before_tune": 50, "after_tune": 50},
                 "status_data": {"bank_append": 0, "bank_hit": 1, "bank_reserved": 1, "bank_update": 0}}})J");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(f.recognition, Recognition::tune_result);
  EXPECT_EQ(codes_of(f), Codes{"not-aoe-result"});
  EXPECT_NE(f.diagnostics[0].message.find("tune_result"), std::string::npos);
}

// --- Size: deep nesting, long strings ---------------------------------------

TEST(BadInput, DeepNestingOfAHundredThousandLevelsIsNotAoeResult) {
  constexpr std::size_t kDepth = 200'000;
  const std::string text = std::string(kDepth, '[') + std::string(kDepth, ']');
  const auto start = std::chrono::steady_clock::now();
  const ResultFile f = read_result_text(text);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"not-aoe-result"});
  EXPECT_LT(elapsed, std::chrono::seconds(10));
}

TEST(BadInput, DeepNestingInsideAReportIsKeptAsUnknownKey) {
  constexpr std::size_t kDepth = 150'000;
  const std::string text =
      "[{\"basic\": {\"tuning_name\": \"deep\", \"extra\": " + std::string(kDepth, '[') +
      std::string(kDepth, ']') + "}}]";
  const ResultFile f = read_result_text(text);
  ASSERT_TRUE(f.readable);
  EXPECT_TRUE(f.complete);
  EXPECT_EQ(f.reports[0].tuning_name, "deep");
  EXPECT_EQ(codes_of(f), Codes{"unknown-key"});
  ASSERT_EQ(f.reports[0].unknown_keys.size(), 1U);
  EXPECT_EQ(f.reports[0].unknown_keys[0].name, "basic.extra");
  EXPECT_EQ(f.reports[0].unknown_keys[0].raw_json.size(), 2 * kDepth);
}

TEST(BadInput, DeepNestingCutOffIsTruncatedNotACrash) {
  constexpr std::size_t kDepth = 150'000;
  const std::string text =
      "[{\"basic\": {\"tuning_name\": \"deep\", \"x\": " + std::string(kDepth, '[');
  const ResultFile f = read_result_text(text);
  ASSERT_TRUE(f.readable);
  EXPECT_FALSE(f.complete);
  EXPECT_EQ(f.reports[0].tuning_name, "deep");
  EXPECT_EQ(count_code(f, "truncated"), 1U);
}

TEST(BadInput, TensOfMegabyteNamesAreKeptWhole) {
  const std::string name(24U << 20U, 'n');
  const std::string text = with_opat(
      R"J("repo_modified_operators": [{"op_name": ")J" + name +
      R"J(", "op_type": "Add", "tune_performance": {"Format": {"performance_after_tune(us)": 1, "performance_before_tune(us)": 2, "update_mode": "add"}}}])J");
  std::istringstream in(text);
  const ResultFile f = read_result_stream(in, "big.json");
  ASSERT_TRUE(f.readable);
  EXPECT_TRUE(f.diagnostics.empty());
  ASSERT_EQ(f.reports[0].operators.size(), 1U);
  EXPECT_EQ(f.reports[0].operators[0].name.size(), name.size());
}

// A mode or update mode none of the documented ones (format.md, CANN 6.3+)
// is kept as written, with a warning where it is: it was silent.
TEST(BadInput, UnknownTuningAndUpdateModesAreWarnedAndKept) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {)J"
      R"J("Schedulee": {"performance_after_tune(us)": 1, "performance_before_tune(us)": 2, "update_mode": "bogus"}}}])J"));
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(codes_of(f), (Codes{"unknown-tuning-mode", "unknown-update-mode"}));
  for (const Diagnostic& d : f.diagnostics) {
    EXPECT_EQ(d.severity, Severity::warning);
    EXPECT_EQ(d.op, "a");
    EXPECT_EQ(d.line, 1U);
  }
  EXPECT_NE(f.diagnostics[0].message.find("'Schedulee' is none of Format, Schedule, Impl"),
            std::string::npos)
      << f.diagnostics[0].message;
  EXPECT_NE(f.diagnostics[1].message.find("'bogus' is neither add nor update"), std::string::npos)
      << f.diagnostics[1].message;
  const ModeResult& m = f.reports.at(0).operators.at(0).modes.at(0);
  EXPECT_EQ(m.mode, TuningMode::other);
  EXPECT_EQ(m.mode_name.view(), "Schedulee");
  EXPECT_EQ(m.update_mode, UpdateMode::other);
  EXPECT_EQ(m.update_mode_raw.view(), "bogus");
  EXPECT_EQ(m.after_us, 1.0);
}

// The documented names in another case are read as those: no warning.
TEST(BadInput, DocumentedModesInAnyCaseAreNotWarned) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {)J"
      R"J("schedule": {"performance_after_tune(us)": 1, "performance_before_tune(us)": 2, "update_mode": "Update"}}}])J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{});
  EXPECT_EQ(f.reports.at(0).operators.at(0).modes.at(0).mode, TuningMode::schedule);
  EXPECT_EQ(f.reports.at(0).operators.at(0).modes.at(0).update_mode, UpdateMode::update);
}

// A NUL byte outside a string, before the end: named as such (the
// tokenizer stops there as at the end of the input), where it is.
TEST(BadInput, NulByteOutsideAStringIsNamed) {
  const ResultFile f = read_result_text(std::string("{\"a\":\0 1}", 10));
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(codes_of(f), Codes{"invalid-json"});
  const Diagnostic& d = f.diagnostics[0];
  EXPECT_NE(d.message.find("unexpected NUL byte (0x00), not allowed outside a string"),
            std::string::npos)
      << d.message;
  EXPECT_EQ(d.message.find("end of input"), std::string::npos) << d.message;
  EXPECT_EQ(d.line, 1U);
  EXPECT_EQ(d.column, 6U);
}

// UTF-16 (a byte-order mark first) is named, with how to convert it.
TEST(BadInput, Utf16IsNamed) {
  for (const std::string& mark : {std::string("\xFF\xFE"), std::string("\xFE\xFF")}) {
    const ResultFile f = read_result_text(mark + std::string("{\0}\0", 4));
    EXPECT_FALSE(f.readable);
    ASSERT_EQ(codes_of(f), Codes{"invalid-json"});
    const std::string& m = f.diagnostics[0].message;
    EXPECT_NE(m.find("as UTF-16 and UTF-32 text does"), std::string::npos) << m;
    EXPECT_NE(m.find("iconv -f UTF-16 -t UTF-8"), std::string::npos) << m;
    EXPECT_EQ(f.diagnostics[0].line, 1U);
    EXPECT_EQ(f.diagnostics[0].column, 1U);
  }
}

// A file cut before its first report says where it ends.
TEST(BadInput, CutBeforeTheFirstReportSaysWhere) {
  const ResultFile f = read_result_text("{\n  ");
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(codes_of(f), Codes{"truncated"});
  EXPECT_NE(f.diagnostics[0].message.find("cut off before its first report began"),
            std::string::npos)
      << f.diagnostics[0].message;
  EXPECT_TRUE(f.diagnostics[0].line.has_value());
  EXPECT_TRUE(f.diagnostics[0].column.has_value());
}

TEST(BadInput, LongStringsInDiagnosticsAreShortened) {
  const std::string junk(20U << 20U, '7');
  const ResultFile f = read_result_text(with_opat("\"opat_tuning_result\": \"" + junk + "x\""));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"unknown-status"});
  EXPECT_LT(f.diagnostics[0].message.size(), 400U);
  EXPECT_EQ(f.reports[0].status_raw->size(), junk.size() + 1);  // the value itself is kept
}

TEST(BadInput, LongStringsAreShortenedAtACharacterBoundary) {
  std::string status;
  for (int i = 0; i < 100; ++i) status += "\xC3\xA9";  // 100 × "é", 2 bytes each
  const ResultFile f = read_result_text(with_opat("\"opat_tuning_result\": \"x" + status + "\""));
  ASSERT_EQ(codes_of(f), Codes{"unknown-status"});
  const std::string& m = f.diagnostics[0].message;
  // "x" then 39 whole "é" (79 bytes; the 80th would split one), then "...".
  std::string shortened = "'x";
  for (int i = 0; i < 39; ++i) shortened += "\xC3\xA9";
  shortened += "...'";
  EXPECT_NE(m.find(shortened), std::string::npos) << m;
}

TEST(BadInput, LongUnknownSectionIsKeptCutShortWithAWarning) {
  const std::string big(3U << 20U, 's');
  const ResultFile f =
      read_result_text("[{\"basic\": {}}, {\"SGAT\": {\"blob\": \"" + big + "\"}}]");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), (Codes{"unknown-section", "invalid-value"}));
  EXPECT_EQ(f.diagnostics[1].severity, Severity::warning);
  ASSERT_EQ(f.reports[0].unknown_sections.size(), 1U);
  EXPECT_LE(f.reports[0].unknown_sections[0].raw_json.size(), std::size_t{1} << 20U);
}

// --- Encoding: UTF-8, BOM, CRLF, NUL -----------------------------------------

TEST(BadInput, InvalidUtf8IsInvalidJsonAtItsByte) {
  const ResultFile f = read_result_text("[{\"basic\": {\"tuning_name\": \"a\xff\"}}]");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].line, 1U);
  EXPECT_EQ(f.diagnostics[0].column, 30U);
  EXPECT_NE(f.diagnostics[0].message.find("ill-formed UTF-8 byte"), std::string::npos)
      << f.diagnostics[0].message;
  EXPECT_NE(f.diagnostics[0].message.find("expected UTF-8 text"), std::string::npos)
      << f.diagnostics[0].message;
}

TEST(BadInput, OverlongAndSurrogateUtf8AreInvalidJson) {
  for (const char* bad : {"\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
    const ResultFile f =
        read_result_text(std::string("[{\"basic\": {\"tuning_name\": \"") + bad + "\"}}]");
    EXPECT_FALSE(f.readable);
    EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  }
}

TEST(BadInput, BomIsAcceptedSilently) {
  const ResultFile f = read_result_text("\xEF\xBB\xBF[{\"basic\": {\"tuning_name\": \"x\"}}]");
  EXPECT_TRUE(f.readable);
  EXPECT_TRUE(f.complete);
  EXPECT_TRUE(f.diagnostics.empty());
}

TEST(BadInput, CrlfLineEndsReadLikeLfWithTheSameLineNumbers) {
  const std::string lf =
      "[\n{\"basic\": {\"tuning_name\": \"x\"}},\n{\"OPAT\": {\"opat_tuning_result\": 7}}\n]\n";
  std::string crlf;
  for (char c : lf) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const ResultFile a = read_result_text(lf);
  const ResultFile b = read_result_text(crlf);
  ASSERT_TRUE(b.readable);
  EXPECT_TRUE(b.complete);
  EXPECT_EQ(b.reports[0].tuning_name, "x");
  EXPECT_EQ(codes_of(b), Codes{"invalid-value"});
  ASSERT_EQ(a.diagnostics.size(), 1U);
  EXPECT_EQ(b.diagnostics[0].line, 3U);
  EXPECT_EQ(b.diagnostics[0].line, a.diagnostics[0].line);
  EXPECT_EQ(b.diagnostics[0].column, a.diagnostics[0].column);
}

TEST(BadInput, NulByteInsideTheDocumentIsInvalidJson) {
  const std::string text("[{\"basic\": {\"tuning_name\": \"a\0b\"}}]", 35);
  const ResultFile f = read_result_text(text);
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].column, 30U);
}

TEST(BadInput, EscapedNulInANameIsKept) {
  const ResultFile f = read_result_text(R"J([{"basic": {"tuning_name": "a\u0000b"}}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(*f.reports[0].tuning_name, std::string("a\0b", 3));
}

TEST(BadInput, NulPaddingAfterACutIsTruncation) {
  // A crash can leave the unwritten tail of a file as zero bytes.
  const std::string text =
      std::string(
          R"J([{"basic": {"tuning_name": "x", "tuning_time(s)": 5}}, {"OPAT": {"opat_tuning_)J") +
      std::string(4096, '\0');
  const ResultFile f = read_result_text(text);
  ASSERT_TRUE(f.readable);
  EXPECT_FALSE(f.complete);
  EXPECT_EQ(f.reports[0].tuning_time_s, 5);
  EXPECT_EQ(codes_of(f), Codes{"truncated"});
  EXPECT_NE(f.diagnostics[0].message.find("zero bytes"), std::string::npos)
      << f.diagnostics[0].message;
}

TEST(BadInput, NulPaddingAfterACompleteDocumentKeepsIt) {
  const std::string text =
      std::string(R"J([{"basic": {"tuning_name": "x"}}])J") + std::string(100, '\0');
  const ResultFile f = read_result_text(text);
  ASSERT_TRUE(f.readable);
  EXPECT_TRUE(f.complete);
  EXPECT_EQ(f.reports[0].tuning_name, "x");
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].severity, Severity::warning);
}

TEST(BadInput, DataAfterTheDocumentIsReportedAndTheDocumentKept) {
  const ResultFile f =
      read_result_text("[{\"basic\": {\"tuning_name\": \"x\"}}]\n[INFO] tuning done\n");
  ASSERT_TRUE(f.readable);
  EXPECT_TRUE(f.complete);
  EXPECT_EQ(f.reports[0].tuning_name, "x");
  EXPECT_EQ(codes_of(f), Codes{"invalid-json"});
  EXPECT_EQ(f.diagnostics[0].severity, Severity::error);
  EXPECT_EQ(f.diagnostics[0].line, 2U);
  EXPECT_EQ(f.diagnostics[0].column, 1U);
}

// --- Numbers ---------------------------------------------------------------

TEST(BadInput, NumberOutOfRangeIsNotReadAndTheRestIsKept) {
  for (const char* n : {"1e400", "-1e400", "123e99999999999999999999"}) {
    const ResultFile f =
        read_result_text(with_mode(std::string(R"J("performance_after_tune(us)": )J") + n +
                                   R"J(, "performance_before_tune(us)": 134)J"));
    ASSERT_TRUE(f.readable) << n;
    EXPECT_EQ(codes_of(f), Codes{"invalid-value"}) << n;
    EXPECT_EQ(f.diagnostics[0].line, 1U);
    EXPECT_NE(f.diagnostics[0].message.find(std::string("the number ") + n + ", beyond the range"),
              std::string::npos)
        << f.diagnostics[0].message;
    const ModeResult& m = f.reports.at(0).operators.at(0).modes.at(0);
    EXPECT_FALSE(m.after_us) << n;
    EXPECT_EQ(m.before_us, 134.0) << n;
  }
}

TEST(BadInput, NumberOutOfRangeAsACounterOrPercentageIsNotRead) {
  const ResultFile f = read_result_text(with_opat(
      R"J("model_baseline_performance(ms)": 2, "model_performance_improvement": 1e999, "repo_summary": {"repo_add_num": 1e400, "total_num": 3}, "repo_modified_operators": [])J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), (Codes{"invalid-value", "invalid-value"}));
  const Report& r = f.reports.at(0);
  ASSERT_TRUE(r.model);
  EXPECT_EQ(r.model->baseline_ms, 2.0);
  EXPECT_FALSE(r.model->reported_improvement_pct);
  ASSERT_TRUE(r.repo_summary);
  EXPECT_FALSE(r.repo_summary->add_num);
  EXPECT_EQ(r.repo_summary->total_num, 3);
}

TEST(BadInput, TwentyDigitIntegersAreReadAsTimesButNotAsCounters) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_summary": {"repo_add_num": 99999999999999999999, "total_num": 18446744073709551615, "repo_hit_num": -99999999999999999999},
          "repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {"Format": {
             "performance_after_tune(us)": 12345678901234567890, "performance_before_tune(us)": 99999999999999999999}}}])J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), (Codes{"invalid-value", "invalid-value", "invalid-value"}));
  const Report& r = f.reports[0];
  EXPECT_FALSE(r.repo_summary->add_num);
  EXPECT_FALSE(r.repo_summary->total_num);
  EXPECT_FALSE(r.repo_summary->hit_num);
  EXPECT_EQ(r.operators[0].modes[0].after_us, 12345678901234567890.0);
  EXPECT_EQ(r.operators[0].modes[0].before_us, 1e20);
}

TEST(BadInput, NumbersAsStringsAreReadWithAWarning) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_summary": {"repo_add_num": "3", "total_num": " 4 "},
          "model_baseline_performance(ms)": "10.5",
          "repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {"Format": {
             "performance_after_tune(us)": "99", "performance_before_tune(us)": "1.34e2"}}}])J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes(5, "number-as-string"));
  EXPECT_EQ(f.reports[0].repo_summary->add_num, 3);
  EXPECT_EQ(f.reports[0].repo_summary->total_num, 4);
  EXPECT_EQ(f.reports[0].model->baseline_ms, 10.5);
  EXPECT_EQ(f.reports[0].operators[0].modes[0].after_us, 99);
  EXPECT_EQ(f.reports[0].operators[0].modes[0].before_us, 134);
}

TEST(BadInput, PercentagesWithoutPercentSignAreReadWithAWarning) {
  const ResultFile f = read_result_text(with_opat(
      R"J("model_performance_improvement": "0.31",
          "repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {"Format": {
             "performance_before_tune(us)": 134, "performance_after_tune(us)": 99,
             "performance_improvement": 35.35}}}])J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), (Codes{"number-as-string", "number-as-string"}));
  EXPECT_EQ(f.reports[0].model->reported_improvement_pct, 0.31);
  EXPECT_EQ(f.reports[0].operators[0].modes[0].reported_improvement_pct, 35.35);
}

TEST(BadInput, NanAndInfinityTokensAreInvalidJson) {
  for (const char* token : {"NaN", "Infinity", "-Infinity", "nan", "inf"}) {
    const ResultFile f =
        read_result_text(with_mode(std::string("\"performance_after_tune(us)\": ") + token));
    EXPECT_FALSE(f.readable) << token;
    EXPECT_EQ(codes_of(f), Codes{"invalid-json"}) << token;
  }
}

TEST(BadInput, NanAndInfinityStringsAreNotNumbers) {
  for (const char* s : {"NaN", "Infinity", "-inf", "1e400", "0x10", "12abc", ""}) {
    const ResultFile f = read_result_text(with_mode(
        std::string("\"performance_before_tune(us)\": 1, \"performance_after_tune(us)\": \"") + s +
        "\""));
    ASSERT_TRUE(f.readable) << s;
    EXPECT_EQ(codes_of(f), Codes{"invalid-value"}) << s;  // told once: the key was written
    EXPECT_FALSE(f.reports[0].operators[0].modes[0].after_us) << s;
  }
}

// Every CANN version writes both times of a mode (format.md): one not
// written is an `invalid-value` error, whose operator is left out of every
// sum; `check` fails it rather than pass what it could not judge.
TEST(BadInput, ATimeKeyNotWrittenIsAnError) {
  struct Case {
    const char* body;
    const char* said;
  };
  for (const Case& c : {
           Case{R"J("performance_before_tune(us)": 10, "update_mode": "add")J",
                "Format has no performance_after_tune(us)"},
           Case{R"J("performance_after_tune(us)": 10)J",
                "Format has no performance_before_tune(us)"},
           Case{R"J("update_mode": "add")J",
                "Format has neither performance_before_tune(us) nor performance_after_tune(us)"},
       }) {
    const ResultFile f = read_result_text(with_mode(c.body));
    ASSERT_TRUE(f.readable) << c.body;
    ASSERT_EQ(codes_of(f), Codes{"invalid-value"}) << c.body;
    EXPECT_EQ(f.diagnostics[0].severity, Severity::error);
    EXPECT_NE(f.diagnostics[0].message.find(c.said), std::string::npos) << f.diagnostics[0].message;
    EXPECT_EQ(left_out_reason(f.reports[0].operators[0]).has_value(), true);
  }
  // The flat figures of 6.0.1/6.2, written on the operator itself.
  const ResultFile flat = read_result_text(with_opat(
      R"J("repo_modified_operators": {"add_repo_operators": [{"op_name": "a", "op_type": "Add",
          "performance_before_tune(us)": 5}]})J"));
  ASSERT_TRUE(flat.readable);
  ASSERT_EQ(codes_of(flat), Codes{"invalid-value"});
  EXPECT_NE(flat.diagnostics[0].message.find("('a') has no performance_after_tune(us)"),
            std::string::npos)
      << flat.diagnostics[0].message;
  // Both written: nothing said.
  EXPECT_TRUE(codes_of(read_result_text(with_opat(
                           R"J("repo_modified_operators": {"add_repo_operators": [{"op_name": "a",
                       "op_type": "Add", "performance_before_tune(us)": 5,
                       "performance_after_tune(us)": 4}]})J")))
                  .empty());
  // An operator with no figures at all is an error too.
  const ResultFile none = read_result_text(
      with_opat(R"J("repo_modified_operators": [{"op_name": "a", "op_type": "Add"}])J"));
  ASSERT_EQ(codes_of(none), Codes{"invalid-value"});
  EXPECT_EQ(none.diagnostics[0].severity, Severity::error);
}

TEST(BadInput, FractionalAndNegativeCounters) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_summary": {"repo_add_num": 2.5, "repo_hit_num": -1, "total_num": 3.0}, "opat_tuning_result": "tuning successful")J"));
  ASSERT_TRUE(f.readable);
  // A count below 0 is no count: unknown, as a fraction is (it was kept
  // as -1 and shown as "-1 added").
  EXPECT_EQ(codes_of(f), (Codes{"invalid-value", "invalid-value"}));
  EXPECT_FALSE(f.reports[0].repo_summary->add_num);
  EXPECT_FALSE(f.reports[0].repo_summary->hit_num);
  EXPECT_EQ(f.reports[0].repo_summary->total_num, 3);
  EXPECT_NE(f.diagnostics[1].message.find(
                "repo_summary.repo_hit_num is -1, expected a whole number of 0 or more; ignored"),
            std::string::npos);
}

// --- Wrong types --------------------------------------------------------------

TEST(BadInput, ReportThatIsAnObjectIsSkippedOthersKept) {
  const ResultFile f = read_result_text(R"J({"report_1_1": {"basic": {"tuning_name": "obj"}},
      "report_1_2": [{"basic": {"tuning_name": "ok"}}]})J");
  ASSERT_TRUE(f.readable);
  ASSERT_EQ(f.reports.size(), 1U);
  EXPECT_EQ(f.reports[0].tuning_name, "ok");
  EXPECT_EQ(codes_of(f), Codes{"invalid-value"});
  EXPECT_EQ(f.diagnostics[0].line, 1U);
  EXPECT_NE(f.diagnostics[0].message.find("report_1_1"), std::string::npos);
}

TEST(BadInput, OnlyReportIsAnObjectIsUnusableButSaysWhy) {
  const ResultFile f = read_result_text(R"J({"report_1_1": {"basic": {"tuning_name": "obj"}}})J");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(f.recognition, Recognition::aoe_result);
  EXPECT_EQ(codes_of(f), Codes{"invalid-value"});
  EXPECT_EQ(f.diagnostics[0].severity, Severity::error);
  EXPECT_NE(f.diagnostics[0].message.find("report_1_1"), std::string::npos);
}

TEST(BadInput, ModeThatIsAListIsSkippedOtherModesKept) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_modified_operators": [{"op_name": "a", "op_type": "Add", "tune_performance": {
          "Format": [1, 2], "Schedule": {"performance_after_tune(us)": 1, "performance_before_tune(us)": 2}}}])J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"invalid-value"});
  ASSERT_EQ(f.reports[0].operators[0].modes.size(), 1U);
  EXPECT_EQ(f.reports[0].operators[0].modes[0].mode, TuningMode::schedule);
}

TEST(BadInput, SummaryCounterThatIsAStringOrAnObject) {
  const ResultFile f = read_result_text(with_opat(
      R"J("repo_summary": {"repo_add_num": "abc", "repo_hit_num": {"n": 1}, "repo_update_num": [1], "total_num": 3})J"));
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), (Codes{"invalid-value", "invalid-value", "invalid-value"}));
  EXPECT_FALSE(f.reports[0].repo_summary->add_num);
  EXPECT_FALSE(f.reports[0].repo_summary->hit_num);
  EXPECT_FALSE(f.reports[0].repo_summary->update_num);
  EXPECT_EQ(f.reports[0].repo_summary->total_num, 3);
}

TEST(BadInput, NullNamesAndTypes) {
  const ResultFile f = read_result_text(
      R"J([{"basic": {"tuning_name": null}}, {"OPAT": {"tuning_failed_operators": [null, "b"],
          "repo_modified_operators": [{"op_name": null, "op_type": null, "tune_performance": {"Format": {
             "performance_after_tune(us)": 1, "performance_before_tune(us)": 2}}}]}}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes(5, "invalid-value"));
  EXPECT_FALSE(f.reports[0].tuning_name);
  EXPECT_EQ(f.reports[0].failed_operators, std::vector<std::string>{"b"});
  ASSERT_EQ(f.reports[0].operators.size(), 1U);
  EXPECT_EQ(f.reports[0].operators[0].name, "");
  EXPECT_EQ(f.reports[0].operators[0].modes[0].after_us, 1);
}

TEST(BadInput, WrongTypesEverywhereNeverLoseTheRest) {
  const ResultFile f = read_result_text(
      R"J([7, [1], {"basic": []}, {"basic": {"tuning_name": "kept", "tuning_time(s)": true}},
          {"OPAT": {"opat_tuning_result": ["x"], "repo_summary": [], "tuning_failed_operators": {},
                    "repo_modified_operators": "ops",
                    "model_baseline_performance(ms)": false}}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes(9, "invalid-value"));
  EXPECT_EQ(f.reports[0].tuning_name, "kept");
  EXPECT_TRUE(f.reports[0].has_opat);
}

TEST(BadInput, DuplicateKeysInOneObjectLastWinsWithAWarning) {
  const ResultFile f =
      read_result_text(R"J([{"basic": {"tuning_name": "first", "tuning_name": "second"}}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"duplicate-key"});
  EXPECT_EQ(f.reports[0].tuning_name, "second");
  EXPECT_NE(f.diagnostics[0].message.find("tuning_name"), std::string::npos);
}

// An unknown key twice in one object is a duplicate key too (said once,
// at the second), both values kept.
TEST(BadInput, DuplicateUnknownKeysAreBothKept) {
  const ResultFile f = read_result_text(R"J([{"basic": {"x": 1, "x": 2, "y": 3}}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), (Codes{"unknown-key", "duplicate-key", "unknown-key", "unknown-key"}));
  EXPECT_NE(f.diagnostics[1].message.find("key 'x' appears twice"), std::string::npos)
      << f.diagnostics[1].message;
  ASSERT_EQ(f.reports[0].unknown_keys.size(), 3U);
  EXPECT_EQ(f.reports[0].unknown_keys[0].raw_json, "1");
  EXPECT_EQ(f.reports[0].unknown_keys[1].raw_json, "2");
}

TEST(BadInput, RepeatedSectionInOneReportIsReported) {
  const ResultFile f = read_result_text(
      R"J([{"basic": {"tuning_name": "first"}}, {"basic": {"tuning_name": "second"}}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes{"duplicate-key"});
  EXPECT_EQ(f.reports[0].tuning_name, "second");
  EXPECT_NE(f.diagnostics[0].message.find("basic"), std::string::npos);
}

// --- No silent loss ----------------------------------------------------------

TEST(NoSilentLoss, DuplicateReportIdsAreBothKeptAndChecked) {
  const ResultFile f = read_result_text(
      R"J({"report_5_1": [{"OPAT": {"tuning_failed_operators": ["a"]}}],
          "report_5_1": [{"OPAT": {"tuning_failed_operators": ["b"]}}]})J");
  ASSERT_EQ(f.reports.size(), 2U);
  EXPECT_EQ(f.reports[0].failed_operators, std::vector<std::string>{"a"});
  EXPECT_EQ(f.reports[1].failed_operators, std::vector<std::string>{"b"});
  EXPECT_EQ(codes_of(f), Codes{"duplicate-report-id"});
  const auto findings = check(f);
  EXPECT_EQ(std::count_if(findings.begin(), findings.end(),
                          [](const Diagnostic& d) { return d.code == "duplicate-report-id"; }),
            1);
}

TEST(NoSilentLoss, UnknownSectionsAreKeptAndListed) {
  const ResultFile f = read_result_text(
      R"J([{"basic": {}}, {"SGAT": {"subgraphs": 3}}, {"GradTune": [1, {"a": null}]}, {"Extra": "s"}])J");
  ASSERT_TRUE(f.readable);
  EXPECT_EQ(codes_of(f), Codes(3, "unknown-section"));
  ASSERT_EQ(f.reports[0].unknown_sections.size(), 3U);
  EXPECT_EQ(f.reports[0].unknown_sections[0].raw_json, R"J({"subgraphs":3})J");
  EXPECT_EQ(f.reports[0].unknown_sections[1].name, "GradTune");
  EXPECT_EQ(f.reports[0].unknown_sections[1].raw_json, R"J([1,{"a":null}])J");
  EXPECT_EQ(f.reports[0].unknown_sections[2].raw_json, R"J("s")J");
}

}  // namespace
}  // namespace aoe
