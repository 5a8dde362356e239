// SPDX-License-Identifier: Apache-2.0
// The CSV tokenizer's state machine (csv_tokenizer.hpp): one state per
// place in a record, runs of plain bytes taken at once.
#include "profile/csv_tokenizer.hpp"

#include <algorithm>

namespace aoe::internal {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// Length of the run of bytes at the start of `s` that are none of the
// bytes that end or change an unquoted field.
std::size_t plain_run(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ',' || c == '\n' || c == '"' || c == '\r') break;
    ++i;
  }
  return i;
}

// The same inside quotes: only a quote and a newline matter.
std::size_t quoted_run(std::string_view s) noexcept {
  std::size_t i = 0;
  while (i < s.size() && s[i] != '"' && s[i] != '\n') ++i;
  return i;
}

}  // namespace

void CsvTokenizer::begin_field() {
  field_ = CsvField{};
  field_.column = column_;
  field_.line = line_;
  field_kept_ = kept(field_index_);
  field_offset_ = buffer_.size();
}

void CsvTokenizer::append(std::string_view bytes) {
  record_bytes_ += bytes.size();
  if (!field_kept_ || too_long_) return;
  if (buffer_.size() + bytes.size() > max_record_bytes_) {
    too_long_ = true;
    bytes = bytes.substr(0, max_record_bytes_ - std::min(max_record_bytes_, buffer_.size()));
  }
  buffer_.append(bytes);
}

void CsvTokenizer::end_field() {
  if (field_index_ < max_fields_) {
    spans_.push_back({field_offset_, buffer_.size() - field_offset_});
    fields_.push_back(field_);
  }
  ++field_index_;
}

void CsvTokenizer::end_record(CsvSink& sink, bool at_end) {
  std::optional<CsvPosition> open_quote;
  if (state_ == State::quoted) open_quote = quote_at_;
  end_field();
  // A blank line (one empty unquoted field) is no record.
  const bool blank = field_index_ == 1 && spans_.size() == 1 && spans_[0].size == 0 &&
                     !fields_[0].quoted && record_bytes_ == 0;
  if (!blank) {
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      fields_[i].text = std::string_view(buffer_).substr(spans_[i].offset, spans_[i].size);
    }
    CsvRecord r;
    r.line = record_line_;
    r.field_count = field_index_;
    r.fields = &fields_;
    r.unterminated_quote = open_quote;
    r.too_long = too_long_ || record_bytes_ > max_record_bytes_;
    sink.record(r);
  }
  (void)at_end;
  buffer_.clear();
  spans_.clear();
  fields_.clear();
  field_index_ = 0;
  record_bytes_ = 0;
  too_long_ = false;
  cr_pending_ = false;
  state_ = State::record_start;
}

void CsvTokenizer::feed(std::string_view chunk, CsvSink& sink) {
  if (at_input_start_) {
    // A byte order mark, matched byte by byte (it may span chunks).
    while (bom_seen_ < kBom.size() && !chunk.empty() && chunk.front() == kBom[bom_seen_]) {
      ++bom_seen_;
      chunk.remove_prefix(1);
    }
    if (bom_seen_ < kBom.size() && chunk.empty()) return;  // more may come
    at_input_start_ = false;
    if (bom_seen_ > 0 && bom_seen_ < kBom.size()) {
      const std::string_view partial = kBom.substr(0, bom_seen_);
      bom_seen_ = kBom.size();
      feed(partial, sink);  // not a BOM: its bytes are data
    }
  }
  std::size_t i = 0;
  const std::size_t n = chunk.size();
  while (i < n) {
    switch (state_) {
      case State::record_start:
        record_line_ = line_;
        field_index_ = 0;
        begin_field();
        state_ = State::field_start;
        [[fallthrough]];
      case State::field_start: {
        const char c = chunk[i];
        if (c == '"') {
          field_.quoted = true;
          quote_at_ = {line_, column_};
          ++i;
          ++column_;
          ++record_bytes_;
          cr_pending_ = false;
          state_ = State::quoted;
          break;
        }
        state_ = State::unquoted;
        [[fallthrough]];
      }
      case State::unquoted: {
        const std::size_t run = plain_run(chunk.substr(i));
        if (run > 0) {
          append(chunk.substr(i, run));
          i += run;
          column_ += run;
          cr_pending_ = false;
          break;
        }
        const char c = chunk[i++];
        if (c == ',') {
          ++record_bytes_;
          ++column_;
          end_field();
          begin_field();
          cr_pending_ = false;
          state_ = State::field_start;
        } else if (c == '\n') {
          if (cr_pending_) {  // CRLF: the CR is no data
            if (field_kept_ && buffer_.size() > field_offset_ && buffer_.back() == '\r') {
              buffer_.pop_back();
            }
            --record_bytes_;
          }
          end_record(sink, false);
          ++line_;
          column_ = 1;
        } else {  // '\r' or a quote inside an unquoted field: a plain byte
          append(std::string_view(&c, 1));
          ++column_;
          cr_pending_ = c == '\r';
        }
        break;
      }
      case State::quoted: {
        const std::size_t run = quoted_run(chunk.substr(i));
        if (run > 0) {
          append(chunk.substr(i, run));
          i += run;
          column_ += run;
          break;
        }
        const char c = chunk[i++];
        if (c == '"') {
          ++record_bytes_;
          ++column_;
          state_ = State::quote_in_quoted;
        } else {  // a newline inside quotes is data
          append("\n");
          ++line_;
          column_ = 1;
        }
        break;
      }
      case State::quote_in_quoted: {
        const char c = chunk[i];
        if (c == '"') {  // a doubled quote
          append("\"");
          ++i;
          ++column_;
          state_ = State::quoted;
        } else {  // the quote closed the field; what follows is read unquoted
          state_ = State::unquoted;
        }
        break;
      }
    }
  }
}

void CsvTokenizer::finish(CsvSink& sink) {
  if (at_input_start_ && bom_seen_ > 0 && bom_seen_ < kBom.size()) {
    const std::string_view partial = kBom.substr(0, bom_seen_);
    at_input_start_ = false;
    bom_seen_ = kBom.size();
    feed(partial, sink);
  }
  if (state_ == State::record_start) return;
  if (state_ == State::unquoted && cr_pending_) {
    if (field_kept_ && buffer_.size() > field_offset_ && buffer_.back() == '\r') buffer_.pop_back();
    --record_bytes_;
  }
  end_record(sink, true);
}

}  // namespace aoe::internal
