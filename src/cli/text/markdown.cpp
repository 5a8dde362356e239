// SPDX-License-Identifier: Apache-2.0
#include "text/markdown.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"

#include "text/numbers.hpp"

namespace aoe::cli {

std::string md_escape(std::string_view s) {
  const std::string escaped = escape_text(s);
  std::string out;
  out.reserve(escaped.size());
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    const char c = escaped[i];
    if (c == '\\') {
      // A backslash of escape_text's ("\\x1b", or "\\\\" for one in the
      // name) written as Markdown's escaped backslash, so that it renders:
      // "\\u200d" (U+200D) and "\\\\u200d" (the text) render apart.
      out += "\\\\";
      continue;
    }
    switch (c) {
      case '|':
      case '*':
      case '_':
      case '`':
      case '[':
      case ']':
      case '<':
      case '>':
      case '#':
      case '~':
      case '&':  // "&amp;" would render as "&" (an entity)
        out += '\\';
        break;
      default:
        break;
    }
    out += c;
  }
  return out;
}

MarkdownTable::MarkdownTable(std::vector<std::string> headers, std::vector<Align> aligns)
    : headers_(std::move(headers)), aligns_(std::move(aligns)) {
  aligns_.resize(headers_.size(), Align::left);
  // The header line "| h |…" and the rule "| --- |…" (" ---: |" right-aligned), each ended.
  kept_bytes_ = 4;
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    kept_bytes_ += headers_[i].size() + 3 + (aligns_[i] == Align::right ? 7 : 6);
  }
}

namespace {
// Room kept for the line that says rows were left out.
constexpr std::size_t kNoteRoom = 160;
}  // namespace

void MarkdownTable::add_row(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  std::string line = "|";
  for (const std::string& c : cells) line += " " + c + " |";
  line += '\n';
  ++total_rows_;
  if (full_) return;
  if (keep_limit_ != static_cast<std::size_t>(-1) &&
      kept_bytes_ + line.size() + kNoteRoom > keep_limit_) {
    full_ = true;  // render(keep_limit_) stops here: neither this row nor any later one
    return;
  }
  kept_bytes_ += line.size();
  rows_.push_back(std::move(line));
}

std::string MarkdownTable::render(std::size_t limit_bytes, std::string_view every_row) const {
  std::string head = "|";
  std::string rule = "|";
  for (std::size_t i = 0; i < headers_.size(); ++i) {
    head += " " + headers_[i] + " |";
    rule += aligns_[i] == Align::right ? " ---: |" : " --- |";
  }
  std::string out = head + "\n" + rule + "\n";
  if (out.size() + kNoteRoom > limit_bytes) return {};
  std::size_t kept = 0;
  for (const std::string& row : rows_) {
    if (out.size() + row.size() + kNoteRoom > limit_bytes) break;
    out += row;
    ++kept;
  }
  if (kept < total_rows_) {
    out += fmt::format(
        "\n_{} of {} rows left out to keep this under GitHub's 1 MiB step-summary limit; use "
        "{}._\n",
        total_rows_ - kept, total_rows_, every_row);
  }
  return out;
}

}  // namespace aoe::cli
