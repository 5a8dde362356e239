// SPDX-License-Identifier: Apache-2.0
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/bank.hpp"

namespace aoe {
namespace {

const std::string kData = std::string(AOE_TEST_DATA_DIR) + "/bank/";
const std::string kUnified = kData + "repo/Ascend910B1/unified_bank/";

const Diagnostic* find_code(const BankFile& f, Code code) {
  for (const Diagnostic& d : f.diagnostics) {
    if (d.code == code) return &d;
  }
  return nullptr;
}

TEST(BankNames, SplitsAtTheLastCoresAndAiCore) {
  const auto a = parse_bank_file_name("Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->soc, "Ascend910B1");
  EXPECT_EQ(a->cores, 20U);
  EXPECT_EQ(a->op_type, "MatMulV2");
  const auto b =
      parse_bank_file_name("Ascend910_9382_32_AiCore_QuantBatchMatmulV3_runtime_kb.json");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->soc, "Ascend910_9382");
  EXPECT_EQ(b->cores, 32U);
  EXPECT_EQ(b->op_type, "QuantBatchMatmulV3");
  const auto c = parse_bank_file_name("Ascend950PR_9579_64_AiCore_Conv2D_runtime_kb.json");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->soc, "Ascend950PR_9579");
  const auto d = parse_bank_file_name("Ascend910B4-1_24_AiCore_MatMulV3_runtime_kb.json");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->soc, "Ascend910B4-1");
  EXPECT_FALSE(parse_bank_file_name("my_bank_runtime_kb.json"));
  EXPECT_FALSE(parse_bank_file_name("Ascend910B1_x_AiCore_MatMulV2_runtime_kb.json"));
  EXPECT_FALSE(parse_bank_file_name("Ascend910B1_20_AiCore__runtime_kb.json"));
  EXPECT_FALSE(parse_bank_file_name("aoe_result_opat_1.json"));
  EXPECT_EQ(gradient_fusion_soc("Ascend910B1_gradient_fusion.json"), "Ascend910B1");
  EXPECT_TRUE(is_bank_file_name("my_bank_runtime_kb.json"));
  EXPECT_FALSE(is_bank_file_name("runtime_kb.txt"));
}

TEST(BankNames, MatMulFamilyBelongsToTheMatMulV2File) {
  EXPECT_TRUE(op_belongs_to_file("MatMulV2", "MatMulV2"));
  EXPECT_TRUE(op_belongs_to_file("BatchMatMul", "MatMulV2"));
  EXPECT_TRUE(op_belongs_to_file("BatchMatMulV2", "MatMulV2"));
  EXPECT_TRUE(op_belongs_to_file("MatMul", "MatMulV2"));
  EXPECT_FALSE(op_belongs_to_file("MatMul", "MatMulV3"));
  EXPECT_FALSE(op_belongs_to_file("Conv2D", "MatMulV2"));
}

TEST(BankKey, NumbersCompareByValueAndKeysByName) {
  std::vector<BankEntry> a{{"m", {BankValue::Kind::integer, "64"}},
                           {"bias", {BankValue::Kind::floating, "1.0"}}};
  std::vector<BankEntry> b{{"bias", {BankValue::Kind::floating, "1.000000"}},
                           {"m", {BankValue::Kind::floating, "64.0"}}};
  EXPECT_EQ(info_dict_key(a), info_dict_key(b));
  b[0].value.text = "1.5";
  EXPECT_NE(info_dict_key(a), info_dict_key(b));
  std::vector<BankEntry> s{{"m", {BankValue::Kind::string, "64"}},
                           {"bias", {BankValue::Kind::floating, "1.0"}}};
  EXPECT_NE(info_dict_key(a), info_dict_key(s));  // "64" is no number
  std::vector<BankEntry> spaced{{"m ", {BankValue::Kind::integer, "64"}},
                                {"bias", {BankValue::Kind::floating, "1.0"}}};
  EXPECT_NE(info_dict_key(a), info_dict_key(spaced));  // a key with a trailing space is another key
}

// The shipped files' habits: BOM, CRLF and LF in one file, no final
// newline, spacing of every kind, 1.0 and 1.000000, a negative number, an
// id beyond 2^32, misspelt keys and a key with a trailing space kept.
TEST(BankReader, ReadsWhatShippedFilesDoWithoutAWord) {
  const BankFile f = read_bank_file(kUnified + "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json");
  EXPECT_TRUE(f.readable);
  EXPECT_TRUE(f.diagnostics.empty()) << f.diagnostics.front().message;
  EXPECT_TRUE(f.byte_order_mark);
  EXPECT_TRUE(f.crlf);
  EXPECT_FALSE(f.final_newline);
  EXPECT_EQ(f.lines, 4U);
  ASSERT_TRUE(f.name);
  EXPECT_EQ(f.name->op_type, "MatMulV2");
  ASSERT_EQ(f.records.size(), 4U);
  EXPECT_EQ(f.counts.records, 4U);
  EXPECT_EQ(f.counts.distinct_keys, 4U);
  EXPECT_EQ(f.counts.versions, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(f.counts.ops,
            (std::vector<std::string>{"MatMulV2", "BatchMatMul", "MatMul", "BatchMatMulV2"}));
  const BankRecord& first = f.records[0];
  EXPECT_EQ(first.line, 1U);
  EXPECT_EQ(first.id, "4660");
  ASSERT_EQ(first.info_dict.size(), 6U);
  EXPECT_EQ(first.info_dict[0].key, "m");
  EXPECT_EQ(first.info_dict[5].value.text, "1.0");
  EXPECT_EQ(first.knowledge[0].key, "baseM");
  EXPECT_EQ(first.text.substr(0, 11), "{\"id\": 4660");  // the BOM and CRLF are not kept
  EXPECT_EQ(first.text.back(), '}');
  EXPECT_EQ(f.records[1].info_dict[5].value.text, "1.000000");
  EXPECT_EQ(f.records[1].knowledge[0].key, "baseN");  // the order of the line
  const BankRecord& third = f.records[2];
  EXPECT_EQ(third.id, "18446744073709551615");
  EXPECT_EQ(third.info_dict[5].value.text, "-1.5");
  EXPECT_EQ(third.knowledge[4].key, "usedCoreNum ");
  EXPECT_EQ(third.version, 2);
  EXPECT_EQ(f.records[3].knowledge[4].key, "usedCroeNum");
  EXPECT_EQ(f.records[3].line, 4U);
}

TEST(BankReader, EmptyBanksAreBanksWithNoRecord) {
  for (const char* name : {"Ascend910B1_20_AiCore_DynamicRNN_runtime_kb.json",
                           "Ascend910B1_20_AiCore_FFN_runtime_kb.json",
                           "Ascend910B1_20_AiCore_Conv3D_runtime_kb.json"}) {
    const BankFile f = read_bank_file(kUnified + name);
    EXPECT_TRUE(f.readable) << name;
    EXPECT_TRUE(f.diagnostics.empty()) << name;
    EXPECT_EQ(f.counts.records, 0U) << name;
  }
}

TEST(BankReader, ABadLineIsNamedAndEveryOtherRecordKept) {
  const BankFile f = read_bank_file(kData + "check/Ascend310P3_8_AiCore_MatMulV2_runtime_kb.json");
  EXPECT_TRUE(f.readable);
  EXPECT_EQ(f.counts.records, 6U);  // lines 1, 3 to 7
  EXPECT_EQ(f.counts.bad_lines, 2U);
  const Diagnostic* bad = find_code(f, Code::invalid_json);
  ASSERT_NE(bad, nullptr);
  EXPECT_EQ(bad->line, 2U);
  EXPECT_EQ(bad->column, 89U);  // the last byte of "op", met where ',' or '}' was expected
  EXPECT_NE(bad->message.find("expected '}'"), std::string::npos) << bad->message;
  EXPECT_EQ(bad->severity, Severity::error);
  const Diagnostic* cut = find_code(f, Code::truncated);
  ASSERT_NE(cut, nullptr);
  EXPECT_EQ(cut->line, 8U);
  ASSERT_EQ(f.records.size(), 6U);
  EXPECT_EQ(f.records[1].line, 3U);
  EXPECT_EQ(f.records[4].op, "Conv2D");
  // The record without knowledge is read; `bank check` says it lacks it.
  EXPECT_TRUE(f.records[4].has_knowledge);
  EXPECT_FALSE(f.records[5].has_knowledge);
  EXPECT_EQ(f.records[5].line, 7U);
}

// A value nested as deep as a bank line may (1,000 levels with the record
// and its info_dict or knowledge) is kept as compact JSON, byte for byte;
// one deeper (100,000 levels: a crash of the call stack before) is a bad
// line, named, and the lines around it are read.
TEST(BankReader, AValueNestedDeeplyIsKeptWholeOrTheLineIsNamed) {
  constexpr std::size_t kDepth = 998;  // + the record and info_dict: 1,000
  std::string arrays = std::string(kDepth, '[') + std::string(kDepth, ']');
  std::string objects;
  for (std::size_t i = 0; i < kDepth - 1; ++i) objects += "{\"a\":";
  objects += "[1,\"x\",null,true]" + std::string(kDepth - 1, '}');
  std::string mixed;
  for (std::size_t i = 0; i < kDepth / 2; ++i) mixed += "[0,{\"k\":";
  mixed += "1";
  for (std::size_t i = 0; i < kDepth / 2; ++i) mixed += "}]";
  const std::string record = "{\"id\": 1, \"info_dict\": {\"m\": " + arrays + ", \"n\": " + mixed +
                             "}, \"knowledge\": {\"deep\": " + objects +
                             ", \"after\": 2}, \"op\": \"MatMulV2\", \"version\": 0}";
  const BankFile f =
      read_bank_text(record + "\n", "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json");
  EXPECT_TRUE(f.diagnostics.empty());
  ASSERT_EQ(f.records.size(), 1U);
  const BankRecord& r = f.records[0];
  ASSERT_EQ(r.info_dict.size(), 2U);
  EXPECT_EQ(r.info_dict[0].value.kind, BankValue::Kind::array);
  EXPECT_EQ(r.info_dict[0].value.text, arrays);
  EXPECT_EQ(r.info_dict[1].value.text, mixed);
  ASSERT_EQ(r.knowledge.size(), 2U);
  EXPECT_EQ(r.knowledge[0].value.kind, BankValue::Kind::object);
  EXPECT_EQ(r.knowledge[0].value.text, objects);
  EXPECT_EQ(r.knowledge[1].value.text, "2");
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const BankFile d = read_bank_text(
      record + "\n{\"id\": 2, \"info_dict\": {\"m\": " + deep + "}}\n" + record + "\n",
      "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json");
  EXPECT_EQ(d.records.size(), 2U);
  EXPECT_EQ(d.counts.bad_lines, 1U);
  ASSERT_FALSE(d.diagnostics.empty());
  EXPECT_EQ(d.diagnostics[0].line, 2U);
  EXPECT_NE(d.diagnostics[0].message.find("nest more than 1000 levels"), std::string::npos)
      << d.diagnostics[0].message;
  // Cut inside a deep value: a bad line, named.
  const std::string cut_line = "{\"id\": 1, \"info_dict\": {\"m\": " + arrays.substr(0, 500);
  const BankFile cut = read_bank_text(cut_line + "\n" + cut_line + "}\n", "x_runtime_kb.json");
  EXPECT_TRUE(cut.records.empty());
  EXPECT_EQ(cut.counts.bad_lines, 2U);
}

// A conflict whose knowledge differs in a value megabytes long names the
// value cut to 80 bytes, not whole.
TEST(BankCheck, AConflictQuotesALongValueShortened) {
  const std::string long_value = "\"" + std::string(1 << 20, 'x') + "\"";
  const BankFile f = read_bank_text(
      "{\"id\": 1, \"info_dict\": {\"m\": 1}, \"knowledge\": {\"baseM\": 128}, \"op\": "
      "\"MatMulV2\", \"version\": 0}\n"
      "{\"id\": 2, \"info_dict\": {\"m\": 1}, \"knowledge\": {\"baseM\": " +
          long_value + "}, \"op\": \"MatMulV2\", \"version\": 0}\n",
      "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json");
  const std::vector<Diagnostic> findings = check_bank_file(f);
  const Diagnostic* conflict = nullptr;
  for (const Diagnostic& d : findings) {
    if (d.code == Code::bank_conflict) conflict = &d;
  }
  ASSERT_NE(conflict, nullptr);
  EXPECT_LT(conflict->message.size(), 300U);
  EXPECT_NE(conflict->message.find("baseM 128 → \"xxxx"), std::string::npos) << conflict->message;
  EXPECT_NE(conflict->message.find("..."), std::string::npos) << conflict->message;
  const std::vector<std::string> changes =
      knowledge_changes(f.records[0].knowledge, f.records[1].knowledge);
  ASSERT_EQ(changes.size(), 1U);
  EXPECT_EQ(changes[0], "baseM 128 → \"" + std::string(79, 'x') + "...");
}

TEST(BankReader, APrettyPrintedRecordIsOneRecord) {
  const BankFile f =
      read_bank_file(kData + "pretty/Ascend910B1_20_AiCore_Conv2DBackpropInput_runtime_kb.json");
  EXPECT_TRUE(f.diagnostics.empty());
  ASSERT_EQ(f.records.size(), 1U);
  EXPECT_EQ(f.records[0].line, 1U);
  EXPECT_EQ(f.records[0].info_dict[0].key, "batch");
  EXPECT_EQ(f.records[0].knowledge[0].value.text, "3");
}

TEST(BankReader, ALineOfAnotherKindIsAnErrorAtItsLine) {
  const BankFile f = read_bank_text(
      "[1, 2]\n{\"id\": 1, \"info_dict\": {\"m\": 1}, \"knowledge\": {}, \"op\": 1, \"version\": "
      "\"1\"}\n",
      "x_runtime_kb.json");
  ASSERT_EQ(f.counts.records, 1U);
  const Diagnostic* other = find_code(f, Code::invalid_value);
  ASSERT_NE(other, nullptr);
  EXPECT_EQ(other->line, 1U);
  EXPECT_EQ(other->severity, Severity::error);
  std::size_t wrong_kinds = 0;
  for (const Diagnostic& d : f.diagnostics) {
    if (d.code == Code::invalid_value && d.line == 2U) ++wrong_kinds;
  }
  EXPECT_EQ(wrong_kinds, 2U);  // "op" a number, "version" a string
  EXPECT_FALSE(f.records[0].op);
  EXPECT_EQ(f.records[0].other.size(), 2U);
}

TEST(BankReader, ObjectsThatAreNoRecordsAreAnotherKindOfFile) {
  const BankFile other =
      read_bank_text("{\"name\": \"resnet50\", \"layers\": [1, 2, 3]}\n", "x_runtime_kb.json");
  EXPECT_FALSE(other.readable);
  EXPECT_TRUE(other.records.empty());
  ASSERT_NE(find_code(other, Code::not_aoe_result), nullptr);
  const BankFile text = read_bank_text("hello\nworld\n", "x_runtime_kb.json");
  EXPECT_FALSE(text.readable);
  EXPECT_EQ(text.counts.bad_lines, 2U);
  // One record among other objects is a repository file with findings.
  const BankFile mixed = read_bank_text(
      "{\"a\": 1}\n{\"info_dict\": {\"m\": 1}, \"knowledge\": {\"b\": 2}}\n", "x_runtime_kb.json");
  EXPECT_TRUE(mixed.readable);
  EXPECT_EQ(mixed.counts.records, 2U);
}

TEST(BankReader, AnyChunkSizeGivesTheSameRecords) {
  const std::string path = kUnified + "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json";
  const BankFile whole = read_bank_file(path);
  for (std::size_t chunk : {16U, 17U, 64U, 255U}) {
    BankReadOptions o;
    o.chunk_bytes = chunk;
    const BankFile f = read_bank_file(path, o);
    ASSERT_EQ(f.records.size(), whole.records.size()) << chunk;
    for (std::size_t i = 0; i < f.records.size(); ++i)
      EXPECT_EQ(f.records[i].text, whole.records[i].text) << chunk;
    EXPECT_EQ(f.diagnostics.size(), whole.diagnostics.size());
  }
}

TEST(BankReader, OnRecordTakesTheRecordsAndKeepsTheCounts) {
  BankReadOptions o;
  std::vector<std::size_t> lines;
  o.on_record = [&](const BankFile&, BankRecord&& r) { lines.push_back(r.line); };
  const BankFile f = read_bank_file(kUnified + "Ascend910B1_20_AiCore_Conv2D_runtime_kb.json", o);
  EXPECT_TRUE(f.records.empty());
  EXPECT_EQ(lines, (std::vector<std::size_t>{1, 2, 3}));
  EXPECT_EQ(f.counts.records, 3U);
  EXPECT_EQ(f.counts.distinct_keys, 3U);
}

// A listing (counts only) counts what the full reader counts: the same
// shapes (1.0 and 1.000000 one number, keys in any order), ops, versions.
TEST(BankReader, CountsOnlyCountsAsTheFullReader) {
  const std::string text =
      "{\"id\": 1, \"info_dict\": {\"m\": 1.0, \"n\": 2}, \"knowledge\": {\"b\": 1}, \"op\": "
      "\"X\", "
      "\"version\": 3}\n"
      "{\"id\": 2, \"info_dict\": {\"n\": 2, \"m\": 1.000000}, \"knowledge\": {\"b\": 2}, \"op\": "
      "\"Y\", "
      "\"version\": 1}\n"
      "{\"id\": 3, \"info_dict\": {\"m\": 1, \"n\": \"2\", \"l\": [1, 2]}, \"knowledge\": {}, "
      "\"op\": \"X\"}\n"
      "{\"id\": 4, \"info_dict\": {\"m\": true, \"n\": null}, \"knowledge\": {\"c\": {\"d\": "
      "1}}}\n";
  BankReadOptions lean;
  lean.counts_only = true;
  const BankFile a = read_bank_text(text, "x_1_AiCore_X_runtime_kb.json", lean);
  const BankFile b = read_bank_text(text, "x_1_AiCore_X_runtime_kb.json");
  EXPECT_TRUE(a.records.empty());
  EXPECT_EQ(a.counts.records, 4U);
  EXPECT_EQ(a.counts.distinct_keys, 3U);  // lines 1 and 2 are one shape
  EXPECT_EQ(b.counts.distinct_keys, 3U);
  EXPECT_EQ(a.counts.ops, b.counts.ops);
  EXPECT_EQ(a.counts.versions, (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(a.counts.versions, b.counts.versions);
  EXPECT_EQ(info_dict_hash(b.records[0].info_dict), info_dict_hash(b.records[1].info_dict));
  EXPECT_NE(info_dict_hash(b.records[0].info_dict), info_dict_hash(b.records[2].info_dict));
}

TEST(BankReader, ABinaryFileNamesTenBadLinesAndCountsTheRest) {
  std::string text;
  for (int i = 0; i < 25; ++i) text += "\x01\xff garbage\n";
  const BankFile f = read_bank_text(text, "x_1_AiCore_X_runtime_kb.json");
  EXPECT_FALSE(f.readable);
  EXPECT_EQ(f.counts.bad_lines, 25U);
  ASSERT_EQ(f.diagnostics.size(), 11U);
  EXPECT_EQ(f.diagnostics[9].line, 10U);
  EXPECT_EQ(f.diagnostics[10].message,
            "15 more lines are not JSON (25 in all; the first 10 are named above)");
}

// Every kind of problem a line can have is named ten times at most, then
// counted in one line of its own: garbage gives a short output.
TEST(BankReader, EachKindOfLineProblemNamesTenAndCountsTheRest) {
  std::string text;
  for (int i = 0; i < 13; ++i) text += "\x01 garbage\n";  // not JSON
  for (int i = 0; i < 12; ++i) text += "42\n";            // JSON, not an object
  for (int i = 0; i < 11; ++i) text += "[1]\n";
  for (int i = 0; i < 14; ++i)
    text += R"({"op":"X","op":"X","info_dict":{},"knowledge":{}})"
            "\n";
  for (int i = 0; i < 12; ++i)
    text += R"({"op":7,"info_dict":{},"knowledge":{}})"
            "\n";
  const BankFile f = read_bank_text(text, "x_1_AiCore_X_runtime_kb.json");
  EXPECT_TRUE(f.readable);
  EXPECT_EQ(f.counts.records, 26U);
  EXPECT_EQ(f.counts.bad_lines, 36U);
  ASSERT_EQ(f.diagnostics.size(), 4U * 11U);
  const auto line_of = [&](std::size_t i) { return f.diagnostics[i].line.value_or(0); };
  EXPECT_EQ(line_of(9), 10U);   // the tenth line not JSON
  EXPECT_EQ(line_of(19), 23U);  // the tenth that is not an object: 14 to 23
  EXPECT_EQ(line_of(29), 46U);  // the tenth duplicate key: 37 to 46
  EXPECT_EQ(line_of(39), 60U);  // the tenth member of the wrong kind: 51 to 60
  std::vector<std::string> tail;
  for (std::size_t i = 40; i < f.diagnostics.size(); ++i) {
    EXPECT_FALSE(f.diagnostics[i].line);
    tail.push_back(f.diagnostics[i].message);
  }
  EXPECT_EQ(tail, (std::vector<std::string>{
                      "3 more lines are not JSON (13 in all; the first 10 are named above)",
                      "13 more lines are not a JSON object (23 in all; the first 10 are named "
                      "above)",
                      "4 more keys are twice in their record (14 in all; the first 10 are named "
                      "above)",
                      "2 more members are of the wrong kind (kept as read) (12 in all; the first "
                      "10 are named above)"}));
  EXPECT_EQ(f.diagnostics[41].code, Code::invalid_value);
  EXPECT_EQ(f.diagnostics[41].severity, Severity::error);
  EXPECT_EQ(f.diagnostics[42].code, Code::duplicate_key);
  EXPECT_EQ(f.diagnostics[42].severity, Severity::warning);
}

TEST(BankReader, OneBadLinePastTheNamedOnesIsSingular) {
  std::string text;
  for (int i = 0; i < 11; ++i) text += "\x01 garbage\n";
  const BankFile f = read_bank_text(text, "x_1_AiCore_X_runtime_kb.json");
  ASSERT_EQ(f.diagnostics.size(), 11U);
  EXPECT_EQ(f.diagnostics[10].message,
            "1 more line is not JSON (11 in all; the first 10 are named above)");
}

TEST(BankReader, MissingFileIsAnIoError) {
  const BankFile f = read_bank_file(kData + "nope_runtime_kb.json");
  EXPECT_FALSE(f.opened);
  EXPECT_FALSE(f.readable);
  ASSERT_EQ(f.diagnostics.size(), 1U);
  EXPECT_EQ(f.diagnostics[0].code, Code::io_error);
  EXPECT_EQ(f.diagnostics[0].message, "the file does not exist");
}

TEST(BankReader, GradientFusionEntries) {
  const BankFile f = read_bank_file(kData + "repo/Ascend910B1_gradient_fusion.json");
  EXPECT_TRUE(f.readable);
  EXPECT_EQ(f.kind, BankFileKind::gradient_fusion);
  EXPECT_EQ(f.soc, "Ascend910B1");
  ASSERT_EQ(f.gradient_fusion.size(), 2U);
  EXPECT_EQ(f.gradient_fusion[0].model_hash, "9f2c1e");
  EXPECT_EQ(f.gradient_fusion[0].graph_id, 3);
  EXPECT_EQ(f.gradient_fusion[0].gradient_time, (std::vector<std::int64_t>{120, 340, 80}));
  EXPECT_EQ(f.gradient_fusion[0].gradient_size_bytes,
            (std::vector<std::int64_t>{1048576, 4194304, 262144}));
  EXPECT_EQ(f.gradient_fusion[1].line, 2U);
  const BankFile bad = read_bank_text("{\"a\": 1}", "Ascend910B1_gradient_fusion.json");
  EXPECT_FALSE(bad.readable);
  EXPECT_EQ(bad.diagnostics.at(0).code, Code::not_aoe_result);
}

TEST(BankReader, StreamAndTextAgree) {
  const std::string text =
      "{\"id\": 1, \"info_dict\": {\"m\": 2}, \"knowledge\": {\"baseM\": 3}, "
      "\"op\": \"MatMulV2\", \"version\": 1}\r\n{}\n";
  std::istringstream in(text);
  const BankFile a = read_bank_stream(in, "Ascend_1_AiCore_MatMulV2_runtime_kb.json");
  const BankFile b = read_bank_text(text, "Ascend_1_AiCore_MatMulV2_runtime_kb.json");
  EXPECT_EQ(a.counts.records, 1U);
  EXPECT_EQ(b.counts.records, 1U);
  EXPECT_EQ(a.records[0].text, b.records[0].text);
  EXPECT_TRUE(a.final_newline);
  EXPECT_TRUE(a.crlf);
}

}  // namespace
}  // namespace aoe
