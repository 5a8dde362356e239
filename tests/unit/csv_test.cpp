// SPDX-License-Identifier: Apache-2.0
// CSV fields (text/csv.cpp): RFC 4180 quoting, and the escaping of records
// on their way to a terminal.
#include "text/csv.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "app/commands.hpp"
#include "cli_harness.hpp"
#include "commands/ops/ops_render.hpp"

namespace aoe::cli {
namespace {

using test::Harness;

// On a terminal the same CSV is escaped, record by record: control
// characters never reach it raw, and the line breaks that end records stay.
TEST(Ops, CsvOnATerminalIsEscaped) {
  std::ostringstream target;
  {
    TerminalCsvBuffer buffer(target.rdbuf());
    std::ostream out(&buffer);
    out << "op_name,x\n" << csv_field("two\nlines") << ",1\n";
    out << csv_field("esc\x1b[2J,\"q\"") << ",2\n"
        << "c1\xc2\x9b,3";  // the last record without its line break: passed on at the end
    out.flush();
  }
  EXPECT_EQ(target.str(), "op_name,x\n\"two\\nlines\",1\n\"esc\\x1b[2J,\"\"q\"\"\",2\nc1\\u009b,3");
}

TEST(Ops, CsvQuotesFieldsAsRfc4180) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  // CSV is data: a name keeps its real characters, quoted (RFC 4180).
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("esc\x1b[2J,x"), "\"esc\x1b[2J,x\"");
  EXPECT_EQ(csv_field("bell\x07"), "\"bell\x07\"");
  // A C1 control character (U+009B, CSI) is a control character too
  // (README): quoted, as C0's are; the bytes kept.
  EXPECT_EQ(csv_field("c1\xc2\x9b"), "\"c1\xc2\x9b\"");
  EXPECT_EQ(csv_field("nel\xc2\x85x"), "\"nel\xc2\x85x\"");
  EXPECT_EQ(csv_field("\xc2\xa0nbsp \xc2"), "\xc2\xa0nbsp \xc2");  // U+00A0, a cut sequence: as is
  Harness h(Format::csv,
            R"J([{"OPAT": {"repo_modified_operators": [{"op_name": "x,\"y\"", "op_type": "T",
               "tune_performance": {"Impl": {"performance_before_tune(us)": 2,
               "performance_after_tune(us)": 1}}}]}}])J");
  OpsOptions o;
  o.inputs.paths = {"-"};
  EXPECT_EQ(run_ops(o, h.ctx), Exit::ok);
  EXPECT_EQ(h.out.str(),
            ops_csv_header() + "\n<stdin>,report_1,\"x,\"\"y\"\"\",T,Impl,,2,1,1,100,,2,false,\n");
}

// The field is quoted exactly when it holds ',', '"', a control byte,
// DEL or a C1 control character, wherever that lies: every byte value at every place of fields
// of 1 to 19 bytes (the word-at-a-time test and its byte-at-a-time tail),
// among plain bytes of every other value (high bytes, ' ' and '~' beside
// the limits 0x1f, 0x20, 0x7e, 0x7f, 0x80).
TEST(Ops, CsvQuotesEverySpecialByteAtEveryPlace) {
  const auto special = [](unsigned char u) {
    return u == ',' || u == '"' || u < 0x20 || u == 0x7f;
  };
  for (const char filler : {'a', ' ', '~', '\x80', '\xff', '+', '!', '#'}) {
    for (std::size_t size = 1; size < 20; ++size) {
      for (std::size_t at = 0; at < size; ++at) {
        for (int b = 0; b < 256; ++b) {
          std::string s(size, filler);
          s[at] = static_cast<char>(b);
          // 0xC2 before the filler 0x80 is U+0080, a C1 control.
          const bool c1 = b == 0xC2 && filler == '\x80' && at + 1 < size;
          const bool quoted = special(static_cast<unsigned char>(b)) || c1;
          const std::string field = csv_field(s);
          ASSERT_EQ(field.size() > s.size() && field.front() == '"', quoted)
              << "byte " << b << " at " << at << " of " << size;
        }
      }
    }
  }
  EXPECT_EQ(csv_field(std::string(64, 'x')), std::string(64, 'x'));
  EXPECT_EQ(csv_field(std::string(63, 'x') + ","), "\"" + std::string(63, 'x') + ",\"");
}

}  // namespace
}  // namespace aoe::cli
