// SPDX-License-Identifier: Apache-2.0
// A streaming JSON writer for the renderers: a document is written to a
// stream as it is walked, never held as a tree. Its bytes are those of
// `dump()` (json_util.hpp) of the same document built as an
// `nlohmann::ordered_json`: two-space indent (or compact), numbers and
// strings serialised by nlohmann one value at a time, invalid UTF-8
// replaced, terminal-unsafe characters escaped (`terminal_safe_json`).
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "text/byte_words.hpp"
#include "text/json_util.hpp"
#include "text/numbers.hpp"
#include "text/ordered_rounds.hpp"

namespace aoe::cli {

class JsonWriter {
 public:
  /// Writes to `out`; `indent` spaces per level, or compact with -1.
  explicit JsonWriter(std::ostream& out, int indent = 2);
  /// Writes what is still buffered.
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  /// `{` and `}`; `[` and `]`. An empty container is written `{}` / `[]`.
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  /// The key of the next value (inside an object only).
  void key(std::string_view name);
  /// One value that is not a container: string, number, boolean or null
  /// (a small array or object is accepted and written compactly only when
  /// the writer is compact; otherwise pass scalars).
  void value(const nlohmann::ordered_json& scalar);
  /// A string value, written without a copy when it is plain ASCII.
  void text(std::string_view s);
  /// A string value, or null.
  void optional_text(const std::optional<std::string>& s);
  /// `key(name)` then `text(s)`.
  void member_text(std::string_view name, std::string_view s) {
    key(name);
    text(s);
  }
  void member_optional_text(std::string_view name, const std::optional<std::string>& s) {
    key(name);
    optional_text(s);
  }
  /// `value(number(v, precision))` (json_util.hpp) without making a JSON
  /// value: rounded to `precision`, null when unknown or not finite, an
  /// integer when whole.
  void number_value(std::optional<double> v, Precision precision = Precision::as_read);
  /// `key(name)` then `number_value(v, precision)`.
  void member_number(std::string_view name, std::optional<double> v,
                     Precision precision = Precision::as_read) {
    key(name);
    number_value(v, precision);
  }
  /// A count, as `value` writes an unsigned integer.
  void count_value(std::uint64_t n);
  /// `key(name)` then `count_value(n)`.
  void member_count(std::string_view name, std::uint64_t n) {
    key(name);
    count_value(n);
  }
  /// `key(name)` then `true` or `false`, as `value` writes a boolean.
  void member_bool(std::string_view name, bool b) {
    key(name);
    before_value();
    buf_ += b ? std::string_view("true") : std::string_view("false");
  }
  /// `key(name)` then `value(v)`.
  void member(std::string_view name, const nlohmann::ordered_json& v) {
    key(name);
    value(v);
  }
  /// Any value, a container written element by element: for the small
  /// document of one row or one report, never the whole output.
  void tree(const nlohmann::ordered_json& v);
  /// A list of strings as a JSON array.
  void string_array(const std::vector<std::string>& items);
  /// The elements of the array being written: `write(writer, i)` writes
  /// element i (one value) to `writer`, for i in [0, n). A large array is
  /// made on several cores, a block of elements each (ordered_rounds.hpp),
  /// so `write` must be safe to run on several threads at once; the bytes
  /// are those of `write(*this, i)` for each i in turn.
  template <class Write>
  void elements(std::size_t n, Write write);
  /// The line end after the top-level value (what `dump()` ends with);
  /// writes the buffer to the stream.
  void end_document();
  /// Writes the buffer (up to `kFlushBytes` are kept between writes).
  void flush();

 private:
  void before_value();
  void newline_indent(std::size_t depth);

  struct Level {
    bool object = false;
    std::size_t count = 0;
  };
  static constexpr std::size_t kFlushBytes = 64 * 1024;
  JsonWriter(const JsonWriter& parent, std::size_t count);  // a block of `elements`
  std::ostream* out_;  ///< null for a block of `elements`: all of it is kept in `buf_`
  std::string buf_;
  int indent_;
  std::vector<Level> levels_;
  bool after_key_ = false;
};

// Inline: the writer is small and used by a few renderers.

namespace json_writer_detail {
// Printable ASCII without '"' and '\\': what dump() writes between quotes
// unchanged and terminal_safe_json leaves alone (most keys, names, paths).
// Eight bytes at a time (byte_words.hpp): a row per operator writes every
// name and path.
inline bool plain_ascii(std::string_view s) noexcept {
  using byte_words::any_equal;
  return !byte_words::any_byte(
      s,
      [](std::uint64_t w) {
        return byte_words::any_unprintable(w) | any_equal(w, '"') | any_equal(w, '\\');
      },
      [](unsigned char c) { return c < 0x20 || c >= 0x7F || c == '"' || c == '\\'; });
}

// The text dump() gives `v`, appended to `out`.
inline void append_scalar(std::string& out, const nlohmann::ordered_json& v) {
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (plain_ascii(s)) {
      out += '"';
      out += s;
      out += '"';
      return;
    }
  } else if (v.is_number_unsigned()) {
    out += std::to_string(v.get<std::uint64_t>());
    return;
  } else if (v.is_number_integer()) {
    out += std::to_string(v.get<std::int64_t>());
    return;
  } else if (v.is_null()) {
    out += "null";
    return;
  } else if (v.is_boolean()) {
    out += v.get<bool>() ? "true" : "false";
    return;
  }
  out +=
      terminal_safe_json(v.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
}

// A string as dump() writes it: as it is between quotes when plain ASCII,
// else escaped by nlohmann.
inline void append_string(std::string& out, std::string_view s) {
  if (plain_ascii(s)) {
    out += '"';
    out += s;
    out += '"';
  } else {
    append_scalar(out, nlohmann::ordered_json(std::string(s)));
  }
}
}  // namespace json_writer_detail

inline JsonWriter::JsonWriter(std::ostream& out, int indent) : out_(&out), indent_(indent) {}

inline JsonWriter::JsonWriter(const JsonWriter& parent, std::size_t count)
    : out_(nullptr), indent_(parent.indent_), levels_(parent.levels_) {
  levels_.back().count = count;
}

template <class Write>
void JsonWriter::elements(std::size_t n, Write write) {
  constexpr std::size_t kBlock = 2048;
  const unsigned threads = n >= 2 * kBlock ? output_threads() : 1U;
  if (threads == 1 || out_ == nullptr) {  // (a block writes its elements itself)
    for (std::size_t i = 0; i < n; ++i) write(*this, i);
    return;
  }
  const std::size_t before = levels_.back().count;
  std::vector<std::string> blocks(threads);
  in_ordered_rounds(
      n, kBlock, threads,
      [&](std::size_t begin, std::size_t end, unsigned slot) {
        JsonWriter block(*this, before + begin);
        block.buf_ = std::move(blocks[slot]);  // the round before's storage, reused
        block.buf_.clear();
        for (std::size_t i = begin; i < end; ++i) write(block, i);
        blocks[slot] = std::move(block.buf_);
      },
      [&](unsigned slot) {
        flush();
        out_->write(blocks[slot].data(), static_cast<std::streamsize>(blocks[slot].size()));
      });
  levels_.back().count = before + n;
}

inline void JsonWriter::newline_indent(std::size_t depth) {
  if (indent_ < 0) return;
  static constexpr std::string_view kSpaces =
      "\n                                                                ";
  std::size_t n = depth * static_cast<std::size_t>(indent_) + 1;  // with the '\n'
  buf_.append(kSpaces.data(), std::min(n, kSpaces.size()));
  if (n > kSpaces.size()) buf_.append(n - kSpaces.size(), ' ');
}

inline void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty()) return;
  Level& level = levels_.back();
  if (level.count++ > 0) buf_ += ',';
  newline_indent(levels_.size());
}

inline void JsonWriter::key(std::string_view name) {
  Level& level = levels_.back();
  const bool comma = level.count++ > 0;
  if (indent_ >= 0 && json_writer_detail::plain_ascii(name)) {
    // The bytes below in one write: ",", the line break and indent, the
    // name in quotes and ": ".
    const std::size_t spaces = levels_.size() * static_cast<std::size_t>(indent_);
    const std::size_t at = buf_.size();
    buf_.resize(at + (comma ? 1 : 0) + 1 + spaces + name.size() + 4);
    char* p = buf_.data() + at;
    if (comma) *p++ = ',';
    *p++ = '\n';
    p = std::fill_n(p, spaces, ' ');
    *p++ = '"';
    p = std::copy(name.begin(), name.end(), p);
    *p++ = '"';
    *p++ = ':';
    *p = ' ';
    after_key_ = true;
    return;
  }
  if (comma) buf_ += ',';
  newline_indent(levels_.size());
  json_writer_detail::append_string(buf_, name);
  buf_ += indent_ < 0 ? std::string_view(":") : std::string_view(": ");
  after_key_ = true;
}

inline void JsonWriter::begin_object() {
  before_value();
  buf_ += '{';
  levels_.push_back({true, 0});
}

inline void JsonWriter::begin_array() {
  before_value();
  buf_ += '[';
  levels_.push_back({false, 0});
}

inline void JsonWriter::end_object() {
  const bool any = levels_.back().count > 0;
  levels_.pop_back();
  if (any) newline_indent(levels_.size());
  buf_ += '}';
}

inline void JsonWriter::end_array() {
  const bool any = levels_.back().count > 0;
  levels_.pop_back();
  if (any) newline_indent(levels_.size());
  buf_ += ']';
}

inline void JsonWriter::value(const nlohmann::ordered_json& scalar) {
  before_value();
  json_writer_detail::append_scalar(buf_, scalar);
  if (buf_.size() >= kFlushBytes) flush();
}

inline void JsonWriter::number_value(std::optional<double> v, Precision precision) {
  before_value();
  const double r = v ? rounded(*v, precision) : 0.0;
  if (!v || !std::isfinite(r)) {
    buf_ += std::string_view("null");
  } else if (r == std::floor(r) && std::fabs(r) < 9.0e15) {
    char digits[24];
    const auto end =
        std::to_chars(digits, digits + sizeof digits, static_cast<std::int64_t>(r)).ptr;
    buf_.append(digits, end);
  } else if (!append_short_decimal(buf_, r)) {  // most numbers: the digits dump() writes
    buf_ += nlohmann::ordered_json(r).dump();   // digits only: nothing to make terminal-safe
  }
  if (buf_.size() >= kFlushBytes) flush();
}

inline void JsonWriter::count_value(std::uint64_t n) {
  before_value();
  char digits[24];
  buf_.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
  if (buf_.size() >= kFlushBytes) flush();
}

inline void JsonWriter::text(std::string_view s) {
  before_value();
  json_writer_detail::append_string(buf_, s);
  if (buf_.size() >= kFlushBytes) flush();
}

inline void JsonWriter::optional_text(const std::optional<std::string>& s) {
  if (s) {
    text(*s);
  } else {
    value(nullptr);
  }
}

inline void JsonWriter::tree(const nlohmann::ordered_json& v) {
  if (v.is_object()) {
    begin_object();
    for (auto it = v.begin(); it != v.end(); ++it) {
      key(it.key());
      tree(it.value());
    }
    end_object();
  } else if (v.is_array()) {
    begin_array();
    for (const nlohmann::ordered_json& item : v) tree(item);
    end_array();
  } else {
    value(v);
  }
}

inline void JsonWriter::string_array(const std::vector<std::string>& items) {
  begin_array();
  for (const std::string& s : items) text(s);
  end_array();
}

inline void JsonWriter::end_document() {
  buf_ += '\n';
  flush();
}

inline void JsonWriter::flush() {
  if (out_ == nullptr) return;  // a block: kept whole for its parent
  out_->write(buf_.data(), static_cast<std::streamsize>(buf_.size()));
  buf_.clear();
}

inline JsonWriter::~JsonWriter() { flush(); }

}  // namespace aoe::cli
