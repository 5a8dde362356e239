// SPDX-License-Identifier: Apache-2.0
// The streaming JSON writer writes the bytes `dump()` writes for the same
// document built as a tree: the renderers that stream rely on it.
#include "text/json_writer.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "text/json_util.hpp"

namespace aoe::cli {
namespace {

using ojson = nlohmann::ordered_json;

std::string streamed(const ojson& j, int indent) {
  std::ostringstream out;
  {
    JsonWriter w(out, indent);
    w.tree(j);  // container by container
    w.end_document();
  }
  return out.str();
}

const ojson& sample() {
  static const ojson doc = ojson::parse(R"({
    "schema_version": 1, "empty_object": {}, "empty_list": [], "n": null, "t": true,
    "f": false, "int": -12, "big": 9007199254740993, "real": 0.1, "exp": 1e+300,
    "tiny": 5e-324, "text": "tab\t quote\" back\\ nl\n ctl\u0001 del\u007f c1\u0085 bidi\u202e",
    "unicode": "µs → 画像", "list": [1, [2, [3, {}]], {"a": [], "b": {"c": "d"}}],
    "rows": [{"op_name": "Conv2D_1", "op_type": ["Conv2D", "Relu"], "after_us": 12.5}]
  })");
  return doc;
}

TEST(JsonWriter, PrettyBytesAreThoseOfDump) { EXPECT_EQ(streamed(sample(), 2), dump(sample())); }

TEST(JsonWriter, CompactBytesAreThoseOfDump) {
  EXPECT_EQ(streamed(sample(), -1), dump(sample(), -1));
}

TEST(JsonWriter, ScalarsAndEmptyContainersAtTheTop) {
  for (const ojson& j : {ojson(nullptr), ojson(3), ojson("x"), ojson::object(), ojson::array()}) {
    EXPECT_EQ(streamed(j, 2), dump(j)) << j.dump();
  }
}

TEST(JsonWriter, EveryKindOfScalarAndKeyAsDumpWritesIt) {
  // Plain ASCII strings and integers take a short path: the same bytes.
  ojson j = ojson::object();
  j["plain /tmp/a_b-c.json"] = "Conv2D_1 (report_1) ~!@#$%^&*()";
  j["quote\" key"] = "back\\slash";
  j["ctl\u0001key"] = "del\u007f";
  j["µs"] = "→";
  j["space"] = " ";
  j["empty"] = "";
  j["zero"] = 0;
  j["neg"] = -1;
  j["i64min"] = std::numeric_limits<std::int64_t>::min();
  j["i64max"] = std::numeric_limits<std::int64_t>::max();
  j["u64max"] = std::numeric_limits<std::uint64_t>::max();
  j["t"] = true;
  j["f"] = false;
  j["n"] = nullptr;
  j["half"] = 0.5;
  j["minus_zero"] = -0.0;
  EXPECT_EQ(streamed(j, 2), dump(j));
  EXPECT_EQ(streamed(j, -1), dump(j, -1));
}

// The short path takes a string eight bytes at a time: every byte at every
// place of strings of 1 to 19 bytes, among fillers that are plain and not,
// is plain exactly when it is printable ASCII but '"' and '\\'; a string
// with one such byte in a word of plain ones is written as dump() writes it.
TEST(JsonWriter, PlainAsciiTellsEveryByteAtEveryPlace) {
  const auto plain = [](unsigned char u) { return u >= 0x20 && u < 0x7f && u != '"' && u != '\\'; };
  for (const char filler : {'a', ' ', '~', '!', '#', '[', ']', '\x7f', '\x80', '\xff', '\x1f'}) {
    for (std::size_t size = 1; size < 20; ++size) {
      for (std::size_t at = 0; at < size; ++at) {
        for (int b = 0; b < 256; ++b) {
          std::string s(size, filler);
          s[at] = static_cast<char>(b);
          const bool expected = std::all_of(s.begin(), s.end(), [&plain](char c) {
            return plain(static_cast<unsigned char>(c));
          });
          ASSERT_EQ(json_writer_detail::plain_ascii(s), expected)
              << "byte " << b << " at " << at << " of " << size << " filler "
              << static_cast<int>(static_cast<unsigned char>(filler));
        }
      }
    }
  }
  for (const char* text : {"abcdefg\"", "abcdefgh\\x", "abcdefghijklmno\x01", "\x7f"}) {
    const ojson j = ojson::object({{text, text}});
    EXPECT_EQ(streamed(j, 2), dump(j)) << text;
  }
}

TEST(JsonWriter, InvalidUtf8IsReplacedAsDumpDoes) {
  const ojson j = ojson::object({{"bad", std::string("a\xff"
                                                     "b")},
                                 {"k\xc3", 1}});
  EXPECT_EQ(streamed(j, 2), dump(j));
  EXPECT_NE(streamed(j, 2).find("a\xef\xbf\xbd"
                                "b"),
            std::string::npos);
}

TEST(JsonWriter, DeepNestingIndentsPastItsSpaceRun) {
  ojson j = 1;
  for (int i = 0; i < 40; ++i) j = ojson::array({j});  // 80 spaces at the innermost value
  EXPECT_EQ(streamed(j, 2), dump(j));
}

TEST(JsonWriter, LargeDocumentsAreWrittenAsTheyGo) {
  ojson rows = ojson::array();
  for (int i = 0; i < 20000; ++i) rows.push_back({{"i", i}, {"name", "op_" + std::to_string(i)}});
  std::ostringstream out;
  JsonWriter w(out);
  w.tree(rows);
  // More than the writer keeps buffered has already reached the stream.
  EXPECT_GT(out.str().size(), 64U * 1024U);
  w.end_document();
  EXPECT_EQ(out.str(), dump(rows));
}

// Elements made on several cores, a block each, come out as written one
// after another; numbers as number() makes them.
TEST(JsonWriter, ElementsMadeInBlocksAreThoseWrittenInTurn) {
  const auto row = [](JsonWriter& w, std::size_t i) {
    w.begin_object();
    w.member_text("name", "op_" + std::to_string(i));
    w.member_number("after_us", i % 3 == 0 ? std::nullopt
                                           : std::optional<double>(static_cast<double>(i) * 0.25));
    w.member_number("whole", static_cast<double>(i));
    w.key("empty");
    w.begin_array();
    w.end_array();
    w.end_object();
  };
  for (const std::size_t n : {std::size_t{0}, std::size_t{5}, std::size_t{20000}}) {
    ojson tree = ojson::object();
    tree["before"] = 1;
    tree["rows"] = ojson::array();
    for (std::size_t i = 0; i < n; ++i) {
      tree["rows"].push_back(
          {{"name", "op_" + std::to_string(i)},
           {"after_us", number(i % 3 == 0 ? std::nullopt
                                          : std::optional<double>(static_cast<double>(i) * 0.25))},
           {"whole", number(static_cast<double>(i))},
           {"empty", ojson::array()}});
    }
    for (const int indent : {2, -1}) {
      std::ostringstream out;
      {
        JsonWriter w(out, indent);
        w.begin_object();
        w.member("before", 1);
        w.key("rows");
        w.begin_array();
        w.elements(n, row);
        w.end_array();
        w.end_object();
        w.end_document();
      }
      EXPECT_EQ(out.str(), dump(tree, indent)) << n << " rows, indent " << indent;
    }
  }
}

TEST(JsonWriter, NumberValueIsNumbersJson) {
  for (const std::optional<double> v :
       {std::optional<double>(), std::optional<double>(0.1), std::optional<double>(-0.0),
        std::optional<double>(12.0), std::optional<double>(1e300), std::optional<double>(9.5e15),
        std::optional<double>(-8999999999999999.0),
        std::optional<double>(std::numeric_limits<double>::infinity()),
        std::optional<double>(std::numeric_limits<double>::quiet_NaN())}) {
    std::ostringstream out;
    {
      JsonWriter w(out, -1);
      w.begin_array();
      w.number_value(v);
      w.end_array();
      w.end_document();
    }
    EXPECT_EQ(out.str(), dump(ojson::array({number(v)}), -1));
  }
}

}  // namespace
}  // namespace aoe::cli
