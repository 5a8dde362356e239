// SPDX-License-Identifier: Apache-2.0
// The document builder at the end of the input: a complete document, data
// after it, a cut, or bytes that are not JSON; then what the file was.
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "diagnostic_codes.hpp"
#include "reader/document_builder.hpp"
#include "text_util.hpp"

namespace aoe::internal {
namespace {

// What was expected, where the tokenizer's message does not say.
const char* expectation(const JsonError& error) {
  if (error.lex == LexError::ill_formed_utf8) {
    return "; expected UTF-8 text (JSON is UTF-8, RFC 8259)";
  }
  // Only where the message names nothing expected ("expected '}'" is
  // what may come there; a second "expected" would contradict it).
  if (error.lex == LexError::invalid_literal &&
      (error.expected == TokenKind::none || error.expected == TokenKind::value)) {
    return "; expected a JSON value (an object, a list, a string, a number, true, false or "
           "null)";
  }
  return "";
}

// The first byte of a UTF-16 or UTF-32 byte-order mark (FF FE, FE FF,
// FF FE 00 00) at the start: the lexer's "invalid literal" would hide what
// the file likely is.
bool utf16_or_32_mark(const JsonError& e, const TextPosition& p) {
  if (e.found != TokenKind::lex_error || p.offset > 1 || e.last_read.empty()) return false;
  const auto first = static_cast<unsigned char>(e.last_read.front());
  return first == 0xFF || first == 0xFE;
}

// `describe(e)`, in nlohmann's words (the tokenizer is tested against
// them), but for a NUL byte outside a string: the tokenizer stops there as
// at the end of the input, which nlohmann's words then say.
std::string said(const JsonError& e) {
  std::string s = describe(e);
  constexpr std::string_view kEnd = "unexpected end of input";
  if (e.found == TokenKind::end_of_input && e.last_byte_nul) {
    if (const auto at = s.find(kEnd); at != std::string::npos) {
      s.replace(at, kEnd.size(), "unexpected NUL byte (0x00), not allowed outside a string");
    }
  }
  return s;
}

}  // namespace

void DocumentBuilder::finish(bool parsed_ok) {
  // The tokenizer stops early (before asking for a byte past the end) at
  // an error, and at a NUL byte outside a string, which it takes for the
  // end of the input: what follows must not be dropped silently.
  JsonEvents& events = ctx_.events();
  const JsonError& error = events.error();
  const bool stopped_early = parsed_ok ? events.stopped_at_nul() : !error.hit_end;
  if (parsed_ok) flush();
  if (parsed_ok && !stopped_early) {
    ctx_.out().complete = true;
  } else if (parsed_ok || root_closed_) {
    after_document(parsed_ok);
  } else if (!stopped_early) {
    facts_.only_blanks = !facts_.root_seen && events.position().offset > 0;
    on_truncated(events.position());
  } else if (const TextPosition p = events.position();
             error.last_byte_nul && events.rest_is_zero()) {
    facts_.only_zero_bytes = !facts_.root_seen && p.offset == 1;
    on_truncated(p, events.zero_scan_stopped()
                        ? "; it goes on with zero bytes past 256 MiB, not read further"
                        : "; the rest of the file is zero bytes (a write cut short by a crash)");
  } else {
    ctx_.add({codes::invalid_json, Severity::error,
              utf16_or_32_mark(error, p)
                  ? fmt::format("invalid JSON: the file begins with byte 0x{:02X}, as UTF-16 and "
                                "UTF-32 text does (its byte-order mark); JSON files (and AOE's) "
                                "are UTF-8: if it is UTF-16, convert it first (iconv -f UTF-16 "
                                "-t UTF-8)",
                                static_cast<unsigned char>(error.last_read.front()))
                  : "invalid JSON: " + said(error) + expectation(error),
              p, false});
    facts_.invalid_json = true;
  }
  if (events.read_failed()) {
    ctx_.add_plain(codes::io_error, Severity::error,
                   "reading failed part-way; what was read before is kept");
  }
  decide_outcome();
}

// The document closed, then something followed: a NUL byte (which the
// tokenizer takes for the end) or other data. The document is kept; zero
// bytes are padding (a warning), anything else is an error.
void DocumentBuilder::after_document(bool stopped_at_nul) {
  JsonEvents& events = ctx_.events();
  const TextPosition p = events.position();
  ctx_.out().complete = true;
  if (stopped_at_nul && events.rest_is_zero()) {
    ctx_.add({codes::invalid_json, Severity::warning,
              events.zero_scan_stopped()
                  ? "the JSON document is followed by zero bytes past 256 MiB (padding, or a "
                    "device); they are ignored, the rest is not read"
                  : "the JSON document is followed by zero bytes (padding); they are ignored",
              p, false});
    return;
  }
  std::string message = "unexpected data after the end of the JSON document";
  if (!stopped_at_nul) message += " (" + describe(events.error()) + ")";
  message += "; the document before it is kept, the rest is not read";
  ctx_.add({codes::invalid_json, Severity::error, std::move(message), p, false});
}

// The file ended (at `p`) inside the document; `why` adds to the message.
void DocumentBuilder::on_truncated(TextPosition p, std::string_view why) {
  ResultFile& out = ctx_.out();
  out.complete = false;
  std::string lost;
  // A number followed by a byte was used when read (read_events); one still
  // pending is one the input ended in: it may be cut ("14" of "145.5").
  if (pending_) lost += "a number cut short was not used; ";
  pending_.reset();
  if (ops_.is_open()) {
    lost += ops_.lost_text();
    lost += "; ";
  }
  if (summary_.is_open()) lost += "the cut-off repo_summary was dropped; ";
  if (ctx_.end_cut_capture()) lost += "a raw value kept so far is incomplete; ";
  std::string message = "the file ends early (a run still writing, or killed)";
  message += why;
  if (!out.reports.empty()) {
    message += "; " + plural(out.reports.size(), "report") + " kept";
  }
  if (!lost.empty()) {
    lost.resize(lost.size() - 2);
    message += "; " + lost;
  }
  // Keep the report id but not an operator: the operator was dropped.
  ops_.drop();
  ctx_.add({codes::truncated, Severity::error, message, p, true});
}

// What the file was (outcome.hpp), applied to the model.
void DocumentBuilder::decide_outcome() {
  ResultFile& out = ctx_.out();
  facts_.complete = out.complete;
  facts_.layout = out.layout;
  facts_.has_reports = !out.reports.empty();
  const Outcome outcome = internal::decide_outcome(facts_);
  out.recognition = outcome.recognition;
  out.readable = outcome.readable;
  if (outcome.report_bad_roots) {
    for (auto& [message, at] : bad_roots_) {
      ctx_.add({codes::invalid_value, Severity::error, message, at, false});
    }
  }
  if (!outcome.keep_reports) out.reports.clear();
  // Where the file was cut, for a cut said again in other words.
  std::optional<TextPosition> cut_at;
  for (const Diagnostic& d : out.diagnostics) {
    if (d.code == codes::truncated && d.line && d.column) cut_at = TextPosition{*d.line, *d.column};
  }
  if (outcome.keep != KeepDiagnostics::all) {
    std::vector<Diagnostic> keep;
    for (auto& d : out.diagnostics) {
      const bool io = d.code == codes::io_error;
      const bool syntax = d.code == codes::invalid_json;
      if (io && outcome.keep != KeepDiagnostics::none) keep.push_back(std::move(d));
      if (syntax && outcome.keep == KeepDiagnostics::invalid_json_and_io)
        keep.push_back(std::move(d));
    }
    out.diagnostics = std::move(keep);
  }
  if (outcome.code == codes::truncated && cut_at) {
    ctx_.add({*outcome.code, Severity::error, outcome.message, cut_at, false});
  } else if (outcome.code) {
    ctx_.add_plain(*outcome.code, Severity::error, outcome.message);
  }
}

}  // namespace aoe::internal
