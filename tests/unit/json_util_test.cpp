// SPDX-License-Identifier: Apache-2.0
// The start of the JSON documents that name their generator: the same
// bytes built as a tree (json_preamble) and written a member at a time
// (write_json_preamble).
#include "text/json_util.hpp"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "aoe_result/version.hpp"

#include "text/json_writer.hpp"
#include "text/term.hpp"

namespace aoe::cli {
namespace {

std::string streamed_preamble(int indent, bool more) {
  std::ostringstream out;
  {
    JsonWriter w(out, indent);
    w.begin_object();
    write_json_preamble(w);
    if (more) w.member("files", 3);
    w.end_object();
    w.end_document();
  }
  return out.str();
}

TEST(JsonPreamble, SchemaVersionThenGenerator) {
  EXPECT_EQ(generator_name(), std::string("aoe-result ") + kVersion);
  EXPECT_EQ(dump(json_preamble(), -1),
            R"({"schema_version":1,"generator":"aoe-result )" + std::string(kVersion) + "\"}\n");
}

TEST(JsonPreamble, KeysAddedFollowIt) {
  nlohmann::ordered_json j = json_preamble();
  j["files"] = 3;
  EXPECT_EQ(dump(j, -1), R"({"schema_version":1,"generator":"aoe-result )" + std::string(kVersion) +
                             "\",\"files\":3}\n");
}

TEST(JsonPreamble, WrittenAsTheTreeIsDumped) {
  for (const int indent : {2, -1}) {
    EXPECT_EQ(streamed_preamble(indent, false), dump(json_preamble(), indent)) << indent;
    nlohmann::ordered_json j = json_preamble();
    j["files"] = 3;
    EXPECT_EQ(streamed_preamble(indent, true), dump(j, indent)) << indent;
  }
}

TEST(Json, TerminalControlsThatJsonLeavesRawAreEscaped) {
  // DEL, C1 CSI, RLO, LRI, ALM: valid JSON raw, but acted on by terminals.
  const std::string raw = "a\x7f b\xc2\x9b c\xe2\x80\xae d\xe2\x81\xa6 e\xd8\x9c f";
  const std::string safe = terminal_safe_json("\"" + raw + "\"");
  EXPECT_EQ(safe, "\"a\\u007f b\\u009b c\\u202e d\\u2066 e\\u061c f\"");
  EXPECT_EQ(nlohmann::json::parse(safe).get<std::string>(), raw);  // same string decoded
  EXPECT_EQ(terminal_safe_json("\"卷积 é\""), "\"卷积 é\"");       // other text untouched
}

TEST(Json, CharactersDrawnAsNothingAreEscapedAsTheTextEscapesThem) {
  // ZWJ, BOM, soft hyphen, a tag (past U+FFFF: a surrogate pair), line
  // separator: two names that differ only by them looked alike in JSON on a
  // terminal, while the text outputs showed the escapes.
  const std::string raw = "op\xe2\x80\x8d_1\xef\xbb\xbf \xc2\xad x\xf3\xa0\x81\x81 y\xe2\x80\xa8";
  const std::string safe = terminal_safe_json("\"" + raw + "\"");
  EXPECT_EQ(safe, "\"op\\u200d_1\\ufeff \\u00ad x\\udb40\\udc41 y\\u2028\"");
  EXPECT_EQ(nlohmann::json::parse(safe).get<std::string>(), raw);  // same string decoded
  EXPECT_EQ(escape_text(raw), "op\\u200d_1\\ufeff \\u00ad x\\U000e0041 y\\u2028");
  // Emoji and other characters past U+FFFF are no escape.
  EXPECT_EQ(terminal_safe_json("\"\xf0\x9f\x98\x80\""), "\"\xf0\x9f\x98\x80\"");
}

}  // namespace
}  // namespace aoe::cli
