// SPDX-License-Identifier: Apache-2.0
// The streaming JSON writer writes the bytes `dump()` writes for the same
// document built as a tree: the renderers that stream rely on it.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <string>

#include "json_util.hpp"
#include "json_writer.hpp"

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

TEST(JsonWriter, PrettyBytesAreThoseOfDump) {
  EXPECT_EQ(streamed(sample(), 2), dump(sample()));
}

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

TEST(JsonWriter, InvalidUtf8IsReplacedAsDumpDoes) {
  const ojson j = ojson::object({{"bad", std::string("a\xff" "b")}, {"k\xc3", 1}});
  EXPECT_EQ(streamed(j, 2), dump(j));
  EXPECT_NE(streamed(j, 2).find("a\xef\xbf\xbd" "b"), std::string::npos);
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

}  // namespace
}  // namespace aoe::cli
