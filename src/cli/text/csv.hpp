// SPDX-License-Identifier: Apache-2.0
// CSV fields (RFC 4180), shared by the CSV renderers, and the guard that
// keeps CSV's control characters off a terminal.
#pragma once

#include <optional>
#include <streambuf>
#include <string>
#include <string_view>

#include "text/numbers.hpp"

namespace aoe::cli {

/// A CSV field as RFC 4180 says: the string's own characters (CSV is data:
/// a name keeps its real bytes), in double quotes with quotes doubled when
/// it holds a comma, a quote, a line break or any other control character.
/// Reaching a terminal, the characters are escaped by `TerminalCsvBuffer`.
[[nodiscard]] std::string csv_field(std::string_view s);
/// `csv_field(s)` appended to `out` (no string of its own: a row per operator).
void append_csv_field(std::string& out, std::string_view s);

/// A number for CSV: `rounded(v, precision)` (numbers.hpp: a value read
/// from the file as read, a computed one to its stated decimals) in the
/// shortest form that reads back ("1109", "35.35", "250.637"); empty for no
/// value (or a non-finite one).
[[nodiscard]] std::string csv_number(std::optional<double> v,
                                     Precision precision = Precision::as_read);
/// `csv_number(v, precision)` appended to `out`.
void append_csv_number(std::string& out, std::optional<double> v,
                       Precision precision = Precision::as_read);

/// A stream buffer that passes CSV on to `target` with every control
/// character escaped as text output escapes it (`\x1b`, `\n` inside a
/// quoted field, `\u009b`), but the line breaks that end records: what
/// `--format csv` writes when standard output is a terminal, so that a name
/// from a file never sends a control sequence to it. Quotes are tracked
/// across writes; a record is passed on whole, at its end or on `sync()`.
class TerminalCsvBuffer : public std::streambuf {
 public:
  explicit TerminalCsvBuffer(std::streambuf* target) : target_(target) {}
  ~TerminalCsvBuffer() override;
  TerminalCsvBuffer(const TerminalCsvBuffer&) = delete;
  TerminalCsvBuffer& operator=(const TerminalCsvBuffer&) = delete;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  void put(char c);
  void pass_line();

  std::streambuf* target_;
  std::string line_;  ///< the record so far, not yet escaped
  bool in_quotes_ = false;
};

}  // namespace aoe::cli
