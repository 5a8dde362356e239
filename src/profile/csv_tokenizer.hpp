// SPDX-License-Identifier: Apache-2.0
// A streaming CSV tokenizer (RFC 4180, read leniently as Python's `csv`
// reads it): bytes in chunks of any size → records of fields. Knows
// nothing of profiles. Quoted fields hold commas, newlines and doubled
// quotes; bytes after a closing quote are kept (`"1.5"\t` is `1.5\t`); a
// quote inside an unquoted field is a plain byte; CRLF and LF end a
// record; a UTF-8 byte order mark at the very start is skipped; a last
// record without a newline is a record. Memory is bounded: at most
// `max_record_bytes` bytes and `max_fields` fields of a record are kept,
// whatever the input (a binary file is one long record, cut).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aoe::internal {

/// One field of a record. `text` is empty for a field not kept.
struct CsvField {
  std::string_view text;   ///< unquoted, doubled quotes made single
  std::size_t column = 0;  ///< 1-based byte column of its first byte
  std::size_t line = 0;    ///< 1-based line of its first byte
  bool quoted = false;     ///< it began with a quote
};

/// A line and a column in the input, both 1-based.
struct CsvPosition {
  std::size_t line = 0;
  std::size_t column = 0;
};

/// One record, as the tokenizer hands it over (valid during the call).
struct CsvRecord {
  std::size_t line = 0;         ///< 1-based line where the record begins
  std::size_t field_count = 0;  ///< every field, also those past `fields`
  /// The first `max_fields` fields (text empty when not kept).
  const std::vector<CsvField>* fields = nullptr;
  /// Where a quote opened that the input's end left open; nullopt when
  /// every quote was closed.
  std::optional<CsvPosition> unterminated_quote;
  /// The record was longer than `max_record_bytes`: kept fields are cut.
  bool too_long = false;
};

/// Receives the records.
class CsvSink {
 public:
  virtual ~CsvSink() = default;
  CsvSink() = default;
  CsvSink(const CsvSink&) = delete;
  CsvSink& operator=(const CsvSink&) = delete;
  /// A record (blank lines are not records).
  virtual void record(const CsvRecord& r) = 0;
};

class CsvTokenizer {
 public:
  CsvTokenizer(std::size_t max_record_bytes, std::size_t max_fields)
      : max_record_bytes_(max_record_bytes), max_fields_(max_fields) {}

  /// Which fields (by index) keep their text from the next record on;
  /// fields past the end of `keep` keep theirs when `keep_rest`. By
  /// default every field is kept.
  void keep_only(std::vector<char> keep, bool keep_rest) {
    keep_ = std::move(keep);
    keep_rest_ = keep_rest;
  }

  /// Tokenizes the next bytes; records are handed to `sink` as they end.
  void feed(std::string_view chunk, CsvSink& sink);
  /// The input has ended: hands over a last record without a newline.
  void finish(CsvSink& sink);

  /// True while a record is open (begun, not yet ended) that is already
  /// longer than `max_record_bytes`: the record handed over at its end
  /// will say `too_long`, whatever the chunks.
  [[nodiscard]] bool open_record_too_long() const noexcept {
    return state_ != State::record_start && (too_long_ || record_bytes_ > max_record_bytes_);
  }
  /// The line where the open record began.
  [[nodiscard]] std::size_t record_line() const noexcept { return record_line_; }

  /// Lines begun so far (the line of the next byte).
  [[nodiscard]] std::size_t line() const noexcept { return line_; }

 private:
  enum class State : unsigned char { record_start, field_start, unquoted, quoted, quote_in_quoted };

  [[nodiscard]] bool kept(std::size_t index) const noexcept {
    return index < keep_.size() ? keep_[index] != 0 : keep_rest_;
  }
  void begin_field();
  void append(std::string_view bytes);
  void end_field();
  void end_record(CsvSink& sink, bool at_end);

  std::size_t max_record_bytes_;
  std::size_t max_fields_;
  std::vector<char> keep_;
  bool keep_rest_ = true;

  State state_ = State::record_start;
  std::size_t line_ = 1;
  std::size_t column_ = 1;      // column of the next byte
  std::size_t bom_seen_ = 0;    // bytes of a leading BOM matched so far
  bool at_input_start_ = true;  // no byte of the input taken yet
  bool cr_pending_ = false;     // the last byte kept outside quotes was '\r'

  std::size_t record_line_ = 1;
  std::size_t record_bytes_ = 0;
  bool too_long_ = false;
  std::size_t field_index_ = 0;  // index of the current field
  bool field_kept_ = false;
  std::size_t field_offset_ = 0;
  CsvField field_;
  CsvPosition quote_at_;

  std::string buffer_;  // kept bytes of the current record
  struct Span {
    std::size_t offset = 0;
    std::size_t size = 0;
  };
  std::vector<Span> spans_;
  std::vector<CsvField> fields_;
};

}  // namespace aoe::internal
