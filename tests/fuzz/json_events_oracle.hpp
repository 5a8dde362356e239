// SPDX-License-Identifier: Apache-2.0
// The tokenizer (src/reader/json_events.hpp) against nlohmann's parser, its
// oracle, through nlohmann's public SAX API only (`json::sax_parse` with a
// `json_sax` handler): both must accept and reject the same bytes, give the
// same events with the same values, and name the same error in the same
// words. Used by tests/unit/json_events_diff_test.cpp and the fuzz target
// json_events_fuzz.cpp.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "byte_source.hpp"
#include "reader/json_events.hpp"

namespace aoe::fuzz {

/// One event as text: "{", "}", "[", "]", "k:<key>", "s:<string>",
/// "u:<n>", "i:<n>", "f:<shortest double>|<text>", "b:1", "n", and at the
/// end "end" or "error:<message>".
using EventLog = std::vector<std::string>;

inline std::string double_text(double d) {
  // The shortest text that reads back as `d`: nlohmann's own writer.
  return nlohmann::json(d).dump();
}

/// What nlohmann's parser reports, as a log.
class OracleSax : public nlohmann::json_sax<nlohmann::json> {
 public:
  EventLog log;
  bool null() override { return add("n"); }
  bool boolean(bool b) override { return add(b ? "b:1" : "b:0"); }
  bool number_integer(number_integer_t i) override { return add("i:" + std::to_string(i)); }
  bool number_unsigned(number_unsigned_t u) override { return add("u:" + std::to_string(u)); }
  bool number_float(number_float_t d, const string_t& s) override {
    return add("f:" + double_text(d) + "|" + s);
  }
  bool string(string_t& s) override { return add("s:" + s); }
  bool binary(binary_t& /*unused*/) override { return add("binary"); }
  bool start_object(std::size_t /*unused*/) override { return add("{"); }
  bool key(string_t& k) override { return add("k:" + k); }
  bool end_object() override { return add("}"); }
  bool start_array(std::size_t /*unused*/) override { return add("["); }
  bool end_array() override { return add("]"); }
  bool parse_error(std::size_t position, const std::string& /*unused*/,
                   const nlohmann::json::exception& ex) override {
    log.push_back("error:" + normalised_message(ex.what(), input.substr(0, position)));
    return false;
  }

  /// The bytes being parsed: the "last read" text of an error is matched
  /// against them to undo nlohmann's quoting exactly.
  std::string_view input;

  /// nlohmann's text without its "[json.exception...] parse error at line
  /// L, column C: " prefix, the "last read" text quoted as the tokenizer
  /// quotes it and cut to its last 40 characters as the tokenizer does.
  /// `read` is the input up to where nlohmann stopped (its error position,
  /// which may count one byte past the end): the quoted text is a suffix of
  /// it.
  static std::string normalised_message(std::string_view what, std::string_view read) {
    std::string_view s = what;
    if (!s.empty() && s.front() == '[') {
      if (const auto close = s.find("] "); close != std::string_view::npos)
        s.remove_prefix(close + 2);
    }
    if (s.rfind("parse error", 0) == 0) {
      if (const auto colon = s.find(": "); colon != std::string_view::npos)
        s.remove_prefix(colon + 2);
    }
    std::string out(s);
    // nlohmann 3.11.3 words an empty input its own way; the tokenizer says
    // it as 3.11.2 (Debian 12's) does.
    if (out.rfind("attempting to parse an empty input", 0) == 0) {
      return "syntax error while parsing value - unexpected end of input; expected '[', '{', "
             "or a literal";
    }
    constexpr std::string_view kLast = "last read: '";
    const auto at = out.find(kLast);
    if (at == std::string::npos) return out;
    const auto start = at + kLast.size();
    // The quoted text ends at the last quote, or before "; expected X" (the
    // text itself may hold "'; expected").
    std::size_t stop = out.size() - 1;
    for (const std::string_view expected :
         {"; expected ']'", "; expected '}'", "; expected ':'", "; expected string literal",
          "; expected end of input", "; expected '[', '{', or a literal"}) {
      if (out.size() > expected.size() &&
          std::string_view(out).substr(out.size() - expected.size()) == expected) {
        stop = out.size() - expected.size() - 1;
      }
    }
    if (stop < start) return out;
    // nlohmann quotes a control byte as `<U+000A>`; the tokenizer as JSON
    // escapes it (`\n`, `\u0002`). The input tells which `<U+00XX>` stood
    // for a byte and which was its literal text.
    std::string quoted = requoted(out.substr(start, stop - start), read);
    out.replace(start, stop - start, quoted);
    stop = start + quoted.size();
    constexpr std::size_t kKeep = 40;
    if (stop - start > kKeep) out.replace(start, stop - start - kKeep, "...");
    return out;
  }

  /// `quoted` (nlohmann's "last read" text, control bytes spelt
  /// `<U+00XX>`) spelt as the tokenizer spells it, found as the suffix of
  /// `read` it quotes; unchanged when it is not one.
  static std::string requoted(const std::string& quoted, std::string_view read) {
    std::string raw;  // the quoted bytes, last first
    std::size_t q = quoted.size();
    std::size_t r = read.size();
    while (q > 0) {
      if (r == 0) return quoted;
      const auto byte = static_cast<unsigned char>(read[r - 1]);
      if (byte < 0x20) {
        char spelt[9];
        std::snprintf(spelt, sizeof spelt, "<U+%04X>", byte);
        if (q < 8 || quoted.compare(q - 8, 8, spelt) != 0) return quoted;
        q -= 8;
      } else {
        if (static_cast<unsigned char>(quoted[q - 1]) != byte) return quoted;
        q -= 1;
      }
      raw.push_back(static_cast<char>(byte));
      --r;
    }
    std::string out;
    for (auto it = raw.rbegin(); it != raw.rend(); ++it) {
      const auto byte = static_cast<unsigned char>(*it);
      switch (byte) {
        case '\n':
          out += "\\n";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        default:
          if (byte < 0x20) {
            char escape[7];
            std::snprintf(escape, sizeof escape, "\\u%04X", byte);
            out += escape;
          } else {
            out.push_back(static_cast<char>(byte));
          }
      }
    }
    return out;
  }

 private:
  bool add(std::string s) {
    log.push_back(std::move(s));
    return true;
  }
};

inline EventLog oracle_log(std::string_view bytes) {
  OracleSax sax;
  sax.input = bytes;
  nlohmann::json::sax_parse(bytes.begin(), bytes.end(), &sax);
  if (sax.log.empty() || sax.log.back().rfind("error:", 0) != 0) sax.log.emplace_back("end");
  return sax.log;
}

/// What the tokenizer reports, reading `bytes` in chunks of `chunk_bytes`
/// (0: one block), as a log.
inline EventLog tokenizer_log(std::string_view bytes, std::size_t chunk_bytes = 0) {
  using internal::EventKind;
  std::istringstream stream{std::string(bytes)};
  internal::ByteSource source =
      chunk_bytes == 0 ? internal::ByteSource(bytes) : internal::ByteSource(stream, chunk_bytes);
  internal::JsonEvents events(source);
  EventLog log;
  for (;;) {
    const internal::Event e = events.next();
    switch (e.kind) {
      case EventKind::begin_object:
        log.emplace_back("{");
        break;
      case EventKind::end_object:
        log.emplace_back("}");
        break;
      case EventKind::begin_array:
        log.emplace_back("[");
        break;
      case EventKind::end_array:
        log.emplace_back("]");
        break;
      case EventKind::key:
        log.push_back("k:" + std::string(e.text));
        break;
      case EventKind::string:
        log.push_back("s:" + std::string(e.text));
        break;
      case EventKind::unsigned_integer:
        log.push_back("u:" + std::to_string(e.unsigned_integer));
        break;
      case EventKind::integer:
        log.push_back("i:" + std::to_string(e.integer));
        break;
      case EventKind::floating:
        // A number beyond a double's range is an event here and the end
        // for nlohmann (the tokenizer goes on where nlohmann cannot).
        if (!std::isfinite(e.floating)) {
          log.push_back("error:number overflow parsing '" + std::string(e.text) + "'");
          return log;
        }
        log.push_back("f:" + double_text(e.floating) + "|" + std::string(e.text));
        break;
      case EventKind::boolean:
        log.emplace_back(e.boolean ? "b:1" : "b:0");
        break;
      case EventKind::null:
        log.emplace_back("n");
        break;
      case EventKind::end:
        log.emplace_back("end");
        return log;
      case EventKind::truncated:
      case EventKind::error:
        log.push_back("error:" + internal::describe(events.error()));
        return log;
    }
  }
}

/// Where the two logs first differ, or nullopt when they agree. Nesting
/// beyond the tokenizer's limit (nlohmann has none) is not compared.
inline std::optional<std::string> compare_with_oracle(std::string_view bytes,
                                                      std::size_t chunk_bytes = 0) {
  const EventLog mine = tokenizer_log(bytes, chunk_bytes);
  if (!mine.empty() && mine.back().rfind("error:the values nest more than", 0) == 0)
    return std::nullopt;
  const EventLog theirs = oracle_log(bytes);
  const std::size_t n = std::min(mine.size(), theirs.size());
  for (std::size_t i = 0; i <= n; ++i) {
    const std::string a = i < mine.size() ? mine[i] : "<none>";
    const std::string b = i < theirs.size() ? theirs[i] : "<none>";
    if (a != b) {
      return "event " + std::to_string(i) + " (chunks of " + std::to_string(chunk_bytes) +
             "): tokenizer '" + a + "', nlohmann '" + b + "'";
    }
  }
  return std::nullopt;
}

}  // namespace aoe::fuzz
