// SPDX-License-Identifier: Apache-2.0
// A large runtime_kb file read in parts at once (BankReadOptions::threads)
// gives, field for field, what one thread gives, whatever the file holds.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aoe_result/bank.hpp"

#include "temp_dir.hpp"

namespace aoe {
namespace {

const std::string kPartsFileName = "Ascend910B1_20_AiCore_MatMulV2_runtime_kb.json";

// `n` records on lines of their own: shapes that repeat (every 7th is
// the shape of the one 5 before), ops and versions that change.
std::string part_records(int n, const std::string& eol = "\n") {
  std::string text;
  for (int i = 0; i < n; ++i) {
    const int shape = i % 7 == 6 ? i - 5 : i;
    text += "{\"id\": " + std::to_string(i) + ", \"info_dict\": {\"m\": " + std::to_string(shape) +
            ", \"n\": 16.0, \"flag\": true, \"dims\": [1, " + std::to_string(shape % 3) +
            "]}, \"knowledge\": {\"baseM\": " + std::to_string(i % 4 * 64) + "}, \"op\": \"" +
            (i % 11 == 3 ? "BatchMatMul" : "MatMulV2") +
            "\", \"version\": " + std::to_string(1 + i % 13 / 12) + "}" + eol;
  }
  return text;
}

// A listing's options on `threads`, any file split, small reads.
BankReadOptions counting_on(unsigned threads) {
  BankReadOptions options;
  options.counts_only = true;
  options.keep_text = false;
  options.threads = threads;
  options.split_min_bytes = 1;
  options.chunk_bytes = 4096;
  return options;
}

BankFile read_in_threads(const std::filesystem::path& path, unsigned threads) {
  return read_bank_file(path, counting_on(threads));
}

void expect_as_one_thread(const BankFile& parts, const BankFile& whole) {
  EXPECT_EQ(parts.path, whole.path);
  EXPECT_EQ(parts.readable, whole.readable);
  EXPECT_EQ(parts.soc, whole.soc);
  EXPECT_EQ(parts.opened, whole.opened);
  EXPECT_EQ(parts.size_bytes, whole.size_bytes);
  EXPECT_EQ(parts.lines, whole.lines);
  EXPECT_EQ(parts.byte_order_mark, whole.byte_order_mark);
  EXPECT_EQ(parts.crlf, whole.crlf);
  EXPECT_EQ(parts.final_newline, whole.final_newline);
  EXPECT_EQ(parts.counts.records, whole.counts.records);
  EXPECT_EQ(parts.counts.distinct_keys, whole.counts.distinct_keys);
  EXPECT_EQ(parts.counts.bad_lines, whole.counts.bad_lines);
  EXPECT_EQ(parts.counts.versions, whole.counts.versions);
  EXPECT_EQ(parts.counts.ops, whole.counts.ops);
  ASSERT_EQ(parts.diagnostics.size(), whole.diagnostics.size());
  for (std::size_t i = 0; i < whole.diagnostics.size(); ++i) {
    const Diagnostic& a = parts.diagnostics[i];
    const Diagnostic& b = whole.diagnostics[i];
    EXPECT_EQ(a.code, b.code) << b.message;
    EXPECT_EQ(a.severity, b.severity) << b.message;
    EXPECT_EQ(a.message, b.message);
    EXPECT_EQ(a.line, b.line) << b.message;
    EXPECT_EQ(a.column, b.column) << b.message;
  }
}

TEST(BankParts, AFileReadInPartsCountsAsOneThread) {
  const test::TempDir dir("bank_parts_clean");
  const auto path = dir.write(kPartsFileName, part_records(500));
  const BankFile whole = read_in_threads(path, 1);
  EXPECT_EQ(whole.parts, 1U);
  EXPECT_EQ(whole.counts.records, 500U);
  EXPECT_EQ(whole.counts.distinct_keys, 500U - 500U / 7);
  EXPECT_EQ(whole.counts.ops, (std::vector<std::string>{"MatMulV2", "BatchMatMul"}));
  EXPECT_EQ(whole.counts.versions, (std::vector<std::int64_t>{1, 2}));
  for (const unsigned threads : {2U, 3U, 4U, 16U}) {
    SCOPED_TRACE(threads);
    const BankFile parts = read_in_threads(path, threads);
    EXPECT_EQ(parts.parts, threads);  // every split found a line end
    expect_as_one_thread(parts, whole);
  }
}

TEST(BankParts, ASmallerFileThanTheSplitIsReadWhole) {
  const test::TempDir dir("bank_parts_small");
  const auto path = dir.write(kPartsFileName, part_records(50));
  BankReadOptions options;
  options.counts_only = true;
  options.threads = 4;
  EXPECT_EQ(read_bank_file(path, options).parts, 1U);  // 32 MiB by default
  options.split_min_bytes = 1;
  options.counts_only = false;
  EXPECT_EQ(read_bank_file(path, options).parts, 1U);  // records go out in file order
}

// What `on_hashes` is given, as a line per record.
std::vector<std::string> hashes_of(const std::filesystem::path& path, unsigned threads,
                                   unsigned* parts = nullptr) {
  std::vector<std::string> calls;
  BankReadOptions options = counting_on(threads);
  options.count_distinct = false;
  options.on_hashes = [&calls](const BankFile& file, const BankRecordHashes& r) {
    calls.push_back(file.path + ":" + std::to_string(r.line) + " " +
                    std::to_string(r.has_info_dict) + std::to_string(r.has_knowledge) + " " +
                    std::to_string(r.info_dict) + " " + std::to_string(r.knowledge));
  };
  const BankFile file = read_bank_file(path, options);
  if (parts != nullptr) *parts = file.parts;
  return calls;
}

TEST(BankParts, HashesGoOutOnceInFileOrderWithTheFilesLines) {
  const test::TempDir dir("bank_parts_hashes");
  const std::string body = part_records(60);
  const auto path = dir.write(kPartsFileName, body + "{\"id\": 1, \"knowledge\": {}}\n" + body);
  const std::vector<std::string> whole = hashes_of(path, 1);
  ASSERT_EQ(whole.size(), 121U);
  EXPECT_NE(whole[60].find(":61 01 "), std::string::npos) << whole[60];
  for (const unsigned threads : {2U, 3U, 8U}) {
    SCOPED_TRACE(threads);
    unsigned parts = 0;
    EXPECT_EQ(hashes_of(path, threads, &parts), whole);
    EXPECT_EQ(parts, threads);
  }
  // A part that does not read cleanly: the file read again whole, each
  // record still given once.
  const auto bad = dir.write(kPartsFileName, body + body + "[]\n" + body);
  const std::vector<std::string> one = hashes_of(bad, 1);
  unsigned parts = 0;
  EXPECT_EQ(hashes_of(bad, 2, &parts), one);
  EXPECT_EQ(parts, 1U);
  EXPECT_EQ(one.size(), 180U);
}

// What shipped and damaged files hold, with a split at every line start
// (small files, up to 40 parts): each is read in parts or, when a part
// does not read cleanly, again whole; either way as one thread reads it.
TEST(BankParts, IrregularFilesReadAsOneThreadReadsThem) {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string body = part_records(4);
  const std::string pretty =
      "{\"id\": 7,\n \"info_dict\": {\"m\": 1},\n \"knowledge\": {\"b\": 2}}\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"bom and crlf", bom + part_records(6, "\r\n")},
      {"no final newline", body + "{\"id\": 1, \"info_dict\": {\"m\": 1}}"},
      {"empty records and blank lines", body + "{}\n\n   \n" + body},
      {"a bad line", body + "{\"id\": 3, \"info_dict\": {\"m\": }\n" + body},
      {"a pretty-printed record", body + pretty + body + pretty},
      {"a record cut before the next", body + "{\"id\": 9, \"info_dict\": {\n" + body},
      {"a record cut at the end", body + "{\"id\": 9, \"info_dict\": {\"m\": 1"},
      {"a bom inside", body + bom + body},
      {"a duplicate key", body + "{\"id\": 1, \"id\": 2, \"info_dict\": {}}\n" + body},
      {"a wrong kind", body + "[1, 2]\n" + body + "{\"op\": 3}\n"},
      {"only newlines", std::string(50, '\n')},
      {"one long line", std::string(2000, ' ') + "{\"id\": 1, \"info_dict\": {\"m\": 1}}\n"},
      {"objects that are no records", "{\"a\": 1}\n{\"b\": 2}\n{\"c\": 3}\n"},
  };
  const test::TempDir dir("bank_parts_irregular");
  for (const auto& [what, text] : cases) {
    SCOPED_TRACE(what);
    const auto path = dir.write(kPartsFileName, text);
    const BankFile whole = read_in_threads(path, 1);
    for (unsigned threads = 2; threads <= 40; ++threads) {
      SCOPED_TRACE(threads);
      expect_as_one_thread(read_in_threads(path, threads), whole);
    }
  }
}

TEST(BankParts, ADiagnosticPastTheFirstPartSendsTheFileToOneThread) {
  const std::string body = part_records(100);
  const test::TempDir dir("bank_parts_fallback");
  const auto path =
      dir.write(kPartsFileName, body + body + "{\"id\": 3, \"info_dict\": {\"m\": }\n" + body);
  const BankFile file = read_in_threads(path, 2);
  EXPECT_EQ(file.parts, 1U);
  ASSERT_EQ(file.diagnostics.size(), 1U);
  EXPECT_EQ(file.diagnostics[0].line, 201U);  // the file's line, not the part's
  EXPECT_EQ(file.counts.records, 300U);
  EXPECT_EQ(file.counts.bad_lines, 1U);
}

}  // namespace
}  // namespace aoe
