// SPDX-License-Identifier: Apache-2.0
// The CSV tokenizer (src/profile/csv_tokenizer.cpp): RFC 4180 as Python's
// `csv` reads it, fed in chunks of every size.
#include "profile/csv_tokenizer.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace aoe::internal {
namespace {

struct CsvRec {
  std::size_t line = 0;
  std::size_t count = 0;
  std::vector<std::string> fields;
  std::vector<std::size_t> columns;
  bool open_quote = false;
  bool too_long = false;
  bool operator==(const CsvRec&) const = default;
};

class CsvCollect final : public CsvSink {
 public:
  void record(const CsvRecord& r) override {
    CsvRec rec;
    rec.line = r.line;
    rec.count = r.field_count;
    for (const CsvField& f : *r.fields) {
      rec.fields.emplace_back(f.text);
      rec.columns.push_back(f.column);
    }
    rec.open_quote = r.unterminated_quote.has_value();
    rec.too_long = r.too_long;
    records.push_back(std::move(rec));
  }
  std::vector<CsvRec> records;
};

std::vector<CsvRec> csv_tokenize(std::string_view text, std::size_t chunk = 0,
                                 std::size_t max_bytes = 1 << 20, std::size_t max_fields = 64) {
  CsvTokenizer t(max_bytes, max_fields);
  CsvCollect c;
  if (chunk == 0) chunk = text.size() + 1;
  for (std::size_t i = 0; i < text.size(); i += chunk) t.feed(text.substr(i, chunk), c);
  t.finish(c);
  return c.records;
}

std::vector<std::vector<std::string>> csv_fields_of(const std::vector<CsvRec>& records) {
  std::vector<std::vector<std::string>> out;
  for (const CsvRec& r : records) out.push_back(r.fields);
  return out;
}

using CsvRows = std::vector<std::vector<std::string>>;

TEST(CsvTokenizer, PlainRecordsAndEmptyLastField) {
  EXPECT_EQ(csv_fields_of(csv_tokenize("a,b,c\n1,2,\n")),
            (CsvRows{{"a", "b", "c"}, {"1", "2", ""}}));
}

TEST(CsvTokenizer, NoFinalNewline) {
  EXPECT_EQ(csv_fields_of(csv_tokenize("a,b\n1,2")), (CsvRows{{"a", "b"}, {"1", "2"}}));
}

TEST(CsvTokenizer, QuotesHoldCommasNewlinesAndDoubledQuotes) {
  const auto r = csv_tokenize("x,\"a,b\",\"\"\"8,1024\"\"\",\"two\nlines\"\nnext\n");
  ASSERT_EQ(r.size(), 2U);
  EXPECT_EQ(r[0].fields, (std::vector<std::string>{"x", "a,b", "\"8,1024\"", "two\nlines"}));
  EXPECT_EQ(r[0].columns, (std::vector<std::size_t>{1, 3, 9, 22}));
  EXPECT_EQ(r[1].line, 3U);  // the quoted newline counts as a line
}

TEST(CsvTokenizer, BytesAfterAClosingQuoteAreKept) {
  // msprof writes start times as "1.5<TAB>" or 1.5<TAB>.
  EXPECT_EQ(csv_fields_of(csv_tokenize("\"1.5\"\t,1.5\t\n")), (CsvRows{{"1.5\t", "1.5\t"}}));
}

TEST(CsvTokenizer, QuoteInsideAnUnquotedFieldIsAByte) {
  EXPECT_EQ(csv_fields_of(csv_tokenize("ab\"c,d\n")), (CsvRows{{"ab\"c", "d"}}));
}

TEST(CsvTokenizer, CrlfAndBomAndBlankLines) {
  EXPECT_EQ(csv_fields_of(csv_tokenize("\xEF\xBB\xBF"
                                       "a,b\r\n\r\n1,\"2\"\r\n\n")),
            (CsvRows{{"a", "b"}, {"1", "2"}}));
  // A CR inside quotes is data; a lone CR outside is kept too.
  EXPECT_EQ(csv_fields_of(csv_tokenize("\"a\r\nb\",c\rd\n")), (CsvRows{{"a\r\nb", "c\rd"}}));
}

TEST(CsvTokenizer, ABomOnlyAtTheStart) {
  EXPECT_EQ(csv_fields_of(csv_tokenize("a\n\xEF\xBB\xBF"
                                       "b\n")),
            (CsvRows{{"a"},
                     {"\xEF\xBB\xBF"
                      "b"}}));
  EXPECT_EQ(csv_fields_of(csv_tokenize("\xEF\xBBx\n")),
            (CsvRows{{"\xEF\xBBx"}}));  // half a BOM is data
}

TEST(CsvTokenizer, UnterminatedQuoteAtTheEnd) {
  const auto r = csv_tokenize("a,b\n1,\"open\n2,3\n");
  ASSERT_EQ(r.size(), 2U);
  EXPECT_TRUE(r[1].open_quote);
  EXPECT_EQ(r[1].line, 2U);
}

TEST(CsvTokenizer, LinesOfRecords) {
  const auto r = csv_tokenize("h\n\"a\nb\"\n\nc\n");
  ASSERT_EQ(r.size(), 3U);
  EXPECT_EQ(r[0].line, 1U);
  EXPECT_EQ(r[1].line, 2U);
  EXPECT_EQ(r[2].line, 5U);
}

TEST(CsvTokenizer, EveryChunkSizeGivesTheSameRecords) {
  const std::string text =
      "\xEF\xBB\xBF"
      "Op "
      "Name,T,\"Start\"\r\n\"a,\"\"b\"\"\",x,\"1.5\t\"\r\n\"multi\r\nline\",,\r\nlast,\"q\"\"\",9";
  const auto whole = csv_tokenize(text);
  ASSERT_EQ(whole.size(), 4U);
  for (std::size_t chunk = 1; chunk <= text.size(); ++chunk) {
    EXPECT_EQ(csv_tokenize(text, chunk), whole) << "chunk " << chunk;
  }
}

TEST(CsvTokenizer, MemoryIsBounded) {
  const std::string big(10000, 'x');
  const auto r = csv_tokenize(big + "," + big + "\nsmall\n", 7, 1000, 64);
  ASSERT_EQ(r.size(), 2U);
  EXPECT_TRUE(r[0].too_long);
  EXPECT_LE(r[0].fields[0].size() + r[0].fields[1].size(), 1000U);
  EXPECT_FALSE(r[1].too_long);
  const auto many = csv_tokenize(std::string(500, ',') + "\n", 0, 1 << 20, 16);
  ASSERT_EQ(many.size(), 1U);
  EXPECT_EQ(many[0].count, 501U);
  EXPECT_EQ(many[0].fields.size(), 16U);
}

TEST(CsvTokenizer, KeepsOnlyTheFieldsAsked) {
  CsvTokenizer t(1 << 20, 64);
  CsvCollect c;
  t.keep_only({1, 1}, false);
  t.feed("a,b,c\n", c);
  t.finish(c);
  ASSERT_EQ(c.records.size(), 1U);
  EXPECT_EQ(c.records[0].fields, (std::vector<std::string>{"a", "b", ""}));
  EXPECT_EQ(c.records[0].count, 3U);
}

}  // namespace
}  // namespace aoe::internal
