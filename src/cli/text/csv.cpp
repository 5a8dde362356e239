// SPDX-License-Identifier: Apache-2.0
#include "text/csv.hpp"

#include <cmath>
#include <cstdint>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "text/byte_words.hpp"
#include "text/term.hpp"

namespace aoe::cli {

namespace {

// A byte a field cannot hold as it is: the separator, the quote (RFC 4180),
// a control byte (line breaks among them) or DEL; and a C1 control
// character (`holds_c1_control`).
constexpr bool is_csv_special(unsigned char u) noexcept {
  return u == ',' || u == '"' || u < 0x20 || u == 0x7f;
}

// Whether `s` holds a C1 control (U+0080–U+009F, in UTF-8 0xC2 then
// 0x80–0x9F): a control character too, so its field is quoted.
bool holds_c1_control(std::string_view s) noexcept {
  for (std::size_t at = s.find('\xC2'); at != std::string_view::npos && at + 1 < s.size();
       at = s.find('\xC2', at + 1)) {
    const auto next = static_cast<unsigned char>(s[at + 1]);
    if (next >= 0x80 && next <= 0x9F) return true;
  }
  return false;
}

// Whether `s` holds an `is_csv_special` byte, looked for eight bytes at a
// time (a field is written for every cell of every row: `ops --format csv`
// of 300,000 operators scans ~25 MB of names and paths), or a C1 control
// character (`holds_c1_control`).
bool needs_quotes(std::string_view s) noexcept {
  using byte_words::any_below;
  using byte_words::any_equal;
  return byte_words::any_byte(
             s,
             [](std::uint64_t w) {
               return any_below(w, 0x20) | any_equal(w, ',') | any_equal(w, '"') |
                      any_equal(w, 0x7f);
             },
             is_csv_special) ||
         holds_c1_control(s);
}

}  // namespace

void append_csv_field(std::string& out, std::string_view s) {
  if (!needs_quotes(s)) {
    out += s;
    return;
  }
  out += '"';
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_csv_number(std::string& out, std::optional<double> v, Precision precision) {
  if (!v || !std::isfinite(*v) || append_rounded(out, *v, precision)) return;
  // A value as read: most are short decimals (µs to 3 places).
  if (precision == Precision::as_read && append_short_decimal(out, *v)) return;
  // Into a buffer on the stack, the format compiled: the digits of
  // fmt::format("{}", x), the shortest that read back as x.
  char digits[64];  // the longest double fmt writes takes 24
  char* const end = fmt::format_to(digits, FMT_COMPILE("{}"), rounded(*v, precision));
  out.append(digits, static_cast<std::size_t>(end - digits));
}

std::string csv_field(std::string_view s) {
  std::string out;
  append_csv_field(out, s);
  return out;
}

std::string csv_number(std::optional<double> v, Precision precision) {
  std::string out;
  append_csv_number(out, v, precision);
  return out;
}

TerminalCsvBuffer::~TerminalCsvBuffer() { pass_line(); }

TerminalCsvBuffer::int_type TerminalCsvBuffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  put(traits_type::to_char_type(c));
  return c;
}

std::streamsize TerminalCsvBuffer::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i) put(s[i]);
  return n;
}

int TerminalCsvBuffer::sync() {
  pass_line();
  return target_->pubsync();
}

void TerminalCsvBuffer::put(char c) {
  // A doubled quote inside a field toggles twice: the state stays right.
  if (c == '"') in_quotes_ = !in_quotes_;
  if (c == '\n' && !in_quotes_) {
    pass_line();
    target_->sputc('\n');
    return;
  }
  line_ += c;
}

void TerminalCsvBuffer::pass_line() {
  if (line_.empty()) return;
  const std::string safe = escape_text(line_);
  target_->sputn(safe.data(), static_cast<std::streamsize>(safe.size()));
  line_.clear();
}

}  // namespace aoe::cli
