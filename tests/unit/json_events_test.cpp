// SPDX-License-Identifier: Apache-2.0
// The event source on its own: events, values, positions, typed errors,
// escapes, surrogate pairs, UTF-8, the depth limit and chunked input.
#include "reader/json_events.hpp"

#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "byte_source.hpp"

namespace aoe::internal {
namespace {

struct Seen {
  EventKind kind;
  std::string text;
  TextPosition at;
};

// Every event of `text` (in chunks of `chunk`, 0: one block), with the
// position after each, and the error at the end.
std::vector<Seen> events_of(const std::string& text, std::size_t chunk = 0,
                            JsonError* error = nullptr,
                            std::size_t max_depth = JsonEvents::kDefaultMaxDepth) {
  std::istringstream in(text);
  ByteSource source = chunk == 0 ? ByteSource(text) : ByteSource(in, chunk);
  JsonEvents events(source, max_depth);
  std::vector<Seen> out;
  for (;;) {
    const Event e = events.next();
    out.push_back({e.kind, std::string(e.text), events.position()});
    if (e.kind == EventKind::end || e.kind == EventKind::truncated || e.kind == EventKind::error)
      break;
  }
  if (error != nullptr) *error = events.error();
  return out;
}

std::vector<EventKind> kinds(const std::vector<Seen>& seen) {
  std::vector<EventKind> out;
  for (const Seen& s : seen) out.push_back(s.kind);
  return out;
}

using K = EventKind;

TEST(JsonEvents, ObjectsListsAndScalarsInOrder) {
  const auto seen = events_of(R"({"a": [1, -2, 3.5, "x", true, false, null], "b": {}})");
  EXPECT_EQ(kinds(seen), (std::vector<K>{K::begin_object, K::key, K::begin_array,
                                         K::unsigned_integer, K::integer, K::floating, K::string,
                                         K::boolean, K::boolean, K::null, K::end_array, K::key,
                                         K::begin_object, K::end_object, K::end_object, K::end}));
  EXPECT_EQ(seen[1].text, "a");
  EXPECT_EQ(seen[5].text, "3.5");  // a number keeps its text
  EXPECT_EQ(seen[6].text, "x");
}

TEST(JsonEvents, NumberValuesAndKinds) {
  std::istringstream unused;
  for (const auto& [text, kind] :
       std::vector<std::pair<std::string, K>>{{"0", K::unsigned_integer},
                                              {"-0", K::integer},
                                              {"18446744073709551615", K::unsigned_integer},
                                              {"18446744073709551616", K::floating},
                                              {"-9223372036854775808", K::integer},
                                              {"-9223372036854775809", K::floating},
                                              {"1e2", K::floating},
                                              {"1.0", K::floating}}) {
    ByteSource source(text);
    JsonEvents events(source);
    const Event e = events.next();
    EXPECT_EQ(e.kind, kind) << text;
    EXPECT_EQ(e.text, text);
  }
  ByteSource source(std::string_view("-1.25e-3"));
  JsonEvents events(source);
  EXPECT_DOUBLE_EQ(events.next().floating, -1.25e-3);
  ByteSource tiny(std::string_view("1e-400"));
  JsonEvents tiny_events(tiny);
  EXPECT_EQ(tiny_events.next().floating, 0.0);  // below range: zero, as strtod reads it
}

TEST(JsonEvents, PositionIsJustPastTheTokenAndOnePastANumber) {
  const auto seen = events_of("{\n  \"ab\": 12,\n  \"c\": \"d\"\n}");
  ASSERT_EQ(seen.size(), 7U);
  EXPECT_EQ(seen[0].at.line, 1U);  // {
  EXPECT_EQ(seen[0].at.column, 1U);
  EXPECT_EQ(seen[1].at.line, 2U);  // "ab": its closing quote
  EXPECT_EQ(seen[1].at.column, 6U);
  EXPECT_EQ(seen[2].at.column, 11U);  // 12: the column of the "," read after it
  EXPECT_EQ(seen[3].at.line, 3U);     // "c"
  EXPECT_EQ(seen[3].at.column, 5U);
  EXPECT_EQ(seen[4].at.column, 10U);  // "d"
  EXPECT_EQ(seen[5].at.line, 4U);     // }
  EXPECT_EQ(seen[5].at.column, 1U);
  EXPECT_EQ(seen[5].at.offset, 26U);
}

TEST(JsonEvents, EscapesAndSurrogatePairsAreDecoded) {
  const auto seen =
      events_of(R"(["\"\\\/\b\f\n\r\t", "\u00e9\u4e2d", "\ud83d\ude00", "a\u0000b"])");
  ASSERT_GE(seen.size(), 5U);
  EXPECT_EQ(seen[1].text, "\"\\/\b\f\n\r\t");
  EXPECT_EQ(seen[2].text, "\xc3\xa9\xe4\xb8\xad");
  EXPECT_EQ(seen[3].text, "\xf0\x9f\x98\x80");
  EXPECT_EQ(seen[4].text, std::string("a\0b", 3));
}

TEST(JsonEvents, StringsAcrossChunksAreWhole) {
  const std::string text = "[\"" + std::string(100, 'x') + "\\n\xc3\xa9" + "\"]";
  for (std::size_t chunk : {1U, 2U, 3U, 16U, 17U}) {
    const auto seen = events_of(text, chunk);
    ASSERT_EQ(seen.size(), 4U);
    EXPECT_EQ(seen[1].text, std::string(100, 'x') + "\n\xc3\xa9") << chunk;
  }
}

TEST(JsonEvents, EveryChunkSizeGivesTheSameEventsAndPositions) {
  const std::string text = "{\"k\": [1.5, \"\\u00e9t\xc3\xa9\", {\"x\": null}],\n \"n\": -7}";
  const auto whole = events_of(text);
  for (std::size_t chunk = 1; chunk < text.size() + 2; ++chunk) {
    const auto parts = events_of(text, chunk);
    ASSERT_EQ(parts.size(), whole.size()) << chunk;
    for (std::size_t i = 0; i < whole.size(); ++i) {
      EXPECT_EQ(parts[i].kind, whole[i].kind);
      EXPECT_EQ(parts[i].text, whole[i].text);
      EXPECT_EQ(parts[i].at.offset, whole[i].at.offset);
      EXPECT_EQ(parts[i].at.line, whole[i].at.line);
      EXPECT_EQ(parts[i].at.column, whole[i].at.column);
    }
  }
}

// Lines are counted eight bytes at a time: every position's line and column
// agree with a count made byte by byte, whatever the chunk size, with runs
// of blank lines longer than a word and lines cut by chunk ends.
TEST(JsonEvents, LinesAndColumnsAgreeWithAByteByByteCount) {
  std::string text = "[\n";
  for (int i = 0; i < 120; ++i) {
    text += std::string(static_cast<std::size_t>(i % 11), ' ') + std::to_string(i * 37) + ",";
    text += i % 13 == 0 ? std::string(static_cast<std::size_t>(9 + i % 5), '\n') : "\n";
    if (i % 7 == 0) text += "\"a string of a line\",\t\r\n";
  }
  text += "0]";
  const auto expected = [&](std::uint64_t offset) {
    std::size_t line = 1;
    std::uint64_t line_start = 0;
    for (std::uint64_t i = 0; i < offset; ++i) {
      if (text[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    }
    std::size_t column = static_cast<std::size_t>(offset - line_start);
    return std::pair{line, column == 0 ? std::size_t{1} : column};
  };
  for (std::size_t chunk : {0U, 1U, 3U, 7U, 8U, 9U, 16U, 33U, 64U}) {
    const auto seen = chunk == 0 ? events_of(text) : events_of(text, chunk);
    ASSERT_EQ(seen.size(), 142U) << chunk;  // [, 120 numbers, 18 strings, 0, ], the end
    for (const auto& e : seen) {
      const auto [line, column] = expected(e.at.offset);
      ASSERT_EQ(e.at.line, line) << "chunk " << chunk << " offset " << e.at.offset;
      ASSERT_EQ(e.at.column, column) << "chunk " << chunk << " offset " << e.at.offset;
    }
  }
}

TEST(JsonEvents, IllFormedUtf8IsATypedErrorAtItsByte) {
  for (const char* bad :
       {"\xff", "\x80", "\xc0\xaf", "\xc3(", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe0\x9f\x80"}) {
    JsonError error;
    const auto seen = events_of(std::string("[\"ab") + bad + "\"]", 0, &error);
    EXPECT_EQ(seen.back().kind, K::error) << bad;
    EXPECT_EQ(error.kind, ErrorKind::syntax);
    EXPECT_EQ(error.lex, LexError::ill_formed_utf8) << bad;
  }
  JsonError error;
  const auto seen = events_of("[\"ab\xff\"]", 0, &error);
  EXPECT_EQ(seen.back().at.column, 5U);
  EXPECT_EQ(describe(error),
            "syntax error while parsing value - invalid string: ill-formed UTF-8 byte; "
            "last read: '\"ab\xff'");
}

TEST(JsonEvents, EscapeAndSurrogateErrors) {
  const std::vector<std::pair<std::string, LexError>> cases = {
      {R"(["\x"])", LexError::forbidden_escape},
      {R"(["\u12g4"])", LexError::bad_unicode_escape},
      {R"(["\ud83d"])", LexError::high_surrogate_alone},
      {R"(["\ud83d\u0041"])", LexError::high_surrogate_alone},
      {R"(["\ude00"])", LexError::low_surrogate_alone},
      {"[\"a\x01\"]", LexError::control_character},
  };
  for (const auto& [text, lex] : cases) {
    JsonError error;
    events_of(text, 0, &error);
    EXPECT_EQ(error.lex, lex) << text;
  }
  JsonError error;
  events_of("[\"a\tb\"]", 0, &error);
  EXPECT_EQ(error.control, '\t');
  EXPECT_NE(describe(error).find("control character U+0009 (HT) must be escaped to \\u0009 or \\t"),
            std::string::npos)
      << describe(error);
  EXPECT_NE(describe(error).find("last read: '\"a\\t'"), std::string::npos) << describe(error);
}

TEST(JsonEvents, GrammarErrorsNameWhatWasExpected) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[1 2]", "syntax error while parsing array - unexpected number literal; expected ']'"},
      {"{\"a\" 1}",
       "syntax error while parsing object separator - unexpected number literal; expected ':'"},
      {"{1: 2}",
       "syntax error while parsing object key - unexpected number literal; expected string "
       "literal"},
      {"{\"a\": 1 \"b\"}",
       "syntax error while parsing object - unexpected string literal; expected '}'"},
      {"[1,]",
       "syntax error while parsing value - unexpected ']'; expected '[', '{', or a literal"},
      {"[] x",
       "syntax error while parsing value - invalid literal; last read: '[] x'; expected end of "
       "input"},
      {"-x",
       "syntax error while parsing value - invalid number; expected digit after '-'; last read: "
       "'-x'"},
  };
  for (const auto& [text, message] : cases) {
    JsonError error;
    const auto seen = events_of(text, 0, &error);
    EXPECT_EQ(seen.back().kind, K::error) << text;
    EXPECT_EQ(describe(error), message) << text;
  }
}

TEST(JsonEvents, InputEndingInsideTheDocumentIsACut) {
  for (const char* text : {"[1, 2", "{\"a\": \"b", "{\"a\"", "[tru", "[1.", "[", "{\"a\": 1,"}) {
    JsonError error;
    const auto seen = events_of(text, 0, &error);
    EXPECT_EQ(seen.back().kind, K::truncated) << text;
    EXPECT_TRUE(error.hit_end);
  }
}

TEST(JsonEvents, NulByteEndsTheInputAndTheRestCanBeChecked) {
  const std::string padded("[1]\0\0\0", 6);
  ByteSource source(padded);
  JsonEvents events(source);
  while (events.next().kind != K::end) {
  }
  EXPECT_TRUE(events.stopped_at_nul());
  EXPECT_TRUE(events.rest_is_zero());

  const std::string junk("[1]\0x", 5);
  ByteSource junk_source(junk);
  JsonEvents junk_events(junk_source);
  while (junk_events.next().kind != K::end) {
  }
  EXPECT_FALSE(junk_events.rest_is_zero());
}

// An endless run of zero bytes (/dev/zero) is looked at up to a limit,
// never forever; a tail within the limit is read to its end.
TEST(JsonEvents, ZeroTailIsReadUpToALimit) {
  const std::string text = "{}" + std::string(5000, '\0');
  std::istringstream in(text);
  ByteSource source(in, 64);
  JsonEvents events(source);
  EXPECT_EQ(events.next().kind, EventKind::begin_object);
  EXPECT_EQ(events.next().kind, EventKind::end_object);
  EXPECT_EQ(events.next().kind, EventKind::end);
  EXPECT_TRUE(events.rest_is_zero(1000));
  EXPECT_TRUE(events.zero_scan_stopped());
  std::istringstream whole(text);
  ByteSource source2(whole, 64);
  JsonEvents all(source2);
  for (int i = 0; i < 3; ++i) (void)all.next();
  EXPECT_TRUE(all.rest_is_zero());
  EXPECT_FALSE(all.zero_scan_stopped());
}

TEST(JsonEvents, NumberBeyondADoubleIsInfinityWithItsText) {
  const std::string text = "[1e400, -1e400, 2]";
  ByteSource source(text);
  JsonEvents events(source);
  EXPECT_EQ(events.next().kind, K::begin_array);
  Event e = events.next();
  EXPECT_EQ(e.kind, K::floating);
  EXPECT_EQ(e.floating, std::numeric_limits<double>::infinity());
  EXPECT_EQ(e.text, "1e400");
  e = events.next();
  EXPECT_EQ(e.floating, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(e.text, "-1e400");
  EXPECT_EQ(events.next().unsigned_integer, 2U);  // read on past it
  EXPECT_EQ(events.next().kind, K::end_array);
  EXPECT_EQ(events.next().kind, K::end);
}

TEST(JsonEvents, DepthIsLimited) {
  JsonError error;
  auto seen = events_of("[[[1]]]", 0, &error, 3);
  EXPECT_EQ(seen.back().kind, K::end);
  seen = events_of("[[[[1]]]]", 0, &error, 3);
  EXPECT_EQ(seen.back().kind, K::error);
  EXPECT_EQ(error.kind, ErrorKind::too_deep);
  EXPECT_EQ(seen.size(), 4U);  // three lists opened, then the error
  EXPECT_EQ(describe(error), "the values nest more than 3 levels deep");
}

TEST(JsonEvents, ByteOrderMarkIsSkippedAndABrokenOneIsAnError) {
  EXPECT_EQ(events_of("\xEF\xBB\xBF[]").back().kind, K::end);
  JsonError error;
  events_of("\xEF\xBBx[]", 0, &error);
  EXPECT_EQ(error.lex, LexError::invalid_bom);
}

TEST(JsonEvents, LongTextBeforeAnErrorIsQuotedByItsEnd) {
  JsonError error;
  events_of("[\"" + std::string(60, 'y') + "\x02", 0, &error);
  EXPECT_EQ(error.last_read, "..." + std::string(34, 'y') + "\\u0002");
}

}  // namespace
}  // namespace aoe::internal
