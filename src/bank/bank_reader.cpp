// SPDX-License-Identifier: Apache-2.0
// The bank reader: runtime_kb files as JSON Lines (one `JsonEvents` per
// line, its positions offset by the line's number), gradient fusion files
// as one JSON document. Streams: a line is held only while it is read.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "aoe_result/bank.hpp"
#include "aoe_result/error.hpp"
#include "aoe_result/reader.hpp"

#include "bank/bank_hash.hpp"
#include "byte_source.hpp"
#include "file_descriptor.hpp"
#include "parts_in_parallel.hpp"
#include "reader/diagnostics.hpp"
#include "reader/json_events.hpp"
#include "text_util.hpp"

namespace aoe {
namespace {

using internal::ByteSource;
using internal::Event;
using internal::EventKind;
using internal::JsonEvents;
using internal::TextPosition;

constexpr std::string_view kBom = "\xEF\xBB\xBF";
/// A record that goes on over more lines (pretty-printed) is joined up to
/// this many bytes; past it, it is a bad record.
constexpr std::size_t kMaxRecordBytes = std::size_t{64} << 20U;
/// Integers of a smaller magnitude are exact as doubles (2^53): their
/// `entry_hash` is taken from the tokenizer's value (`entry_hash_integer`).
constexpr std::int64_t kExactMagnitude = std::int64_t{1} << 53U;
/// Problems of one kind on a line (not JSON, not an object, ...) named one
/// by one in a file; the others of that kind counted (a binary file would
/// give one per newline byte).
constexpr std::uint64_t kMaxLinesNamed = 10;

/// The kinds of problem a line of a runtime_kb file can have, each named
/// up to kMaxLinesNamed times.
enum class LineProblem : std::uint8_t {
  not_json,
  not_object,
  cut_record,
  duplicate_key,
  wrong_kind,
};
constexpr std::size_t kLineProblems = 5;

/// How many problems of one kind a file has, and the code and severity of
/// the last (the line after the named ones takes them).
struct LineTally {
  std::uint64_t count = 0;
  Code code = Code::invalid_json;
  Severity severity = Severity::error;
};

// What the line after the named ones says of the others of `kind`: the
// singular and the plural of what each is.
std::pair<std::string_view, std::string_view> line_problem_words(LineProblem kind) {
  switch (kind) {
    case LineProblem::not_json:
      return {"line is not JSON", "lines are not JSON"};
    case LineProblem::not_object:
      return {"line is not a JSON object", "lines are not a JSON object"};
    case LineProblem::cut_record:
      return {"record ends before its closing '}'", "records end before their closing '}'"};
    case LineProblem::duplicate_key:
      return {"key is twice in its record", "keys are twice in their record"};
    case LineProblem::wrong_kind:
      return {"member is of the wrong kind (kept as read)",
              "members are of the wrong kind (kept as read)"};
  }
  return {"", ""};
}

// How deep a bank's values may nest: a record is a few levels deep; a
// value kept is written again through nlohmann's JSON (`bank --format
// json`, `bank diff --format json`), whose copy and dump recurse a level a
// call, so a deeper line is a bad line (invalid-json), named.
constexpr std::size_t kMaxDepth = 1000;

std::string quote_key(std::string_view s) {
  using json = nlohmann::json;
  return json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
}

bool blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

// Compact JSON of the value whose first event is `first` (its nested
// events read from `events`); false when the value is not complete. A loop
// with the open containers on a stack of its own, not a call per level, so
// that how deep a value may nest is `kMaxDepth`'s to say, not the call
// stack's.
bool capture(JsonEvents& events, const Event& first, std::string& out) {
  std::vector<bool> objects;  // the containers open, innermost last: whether each is an object
  Event e = first;
  for (;;) {
    bool member_written = true;  // whether the next member of the innermost container needs ','
    switch (e.kind) {
      case EventKind::string:
        out += quote_key(e.text);
        break;
      case EventKind::unsigned_integer:
      case EventKind::integer:
      case EventKind::floating:
        out += e.text;
        break;
      case EventKind::boolean:
        out += e.boolean ? "true" : "false";
        break;
      case EventKind::null:
        out += "null";
        break;
      case EventKind::begin_object:
      case EventKind::begin_array: {
        const bool object = e.kind == EventKind::begin_object;
        out += object ? '{' : '[';
        objects.push_back(object);
        member_written = false;
        break;
      }
      default:
        return false;
    }
    // The containers that end here closed; `e` the next member's value.
    for (;;) {
      if (objects.empty()) return true;
      e = events.next();
      const bool object = objects.back();
      if (e.kind == (object ? EventKind::end_object : EventKind::end_array)) {
        out += object ? '}' : ']';
        objects.pop_back();
        member_written = true;
        continue;
      }
      if (member_written) out += ',';
      if (object) {
        if (e.kind != EventKind::key) return false;
        out += quote_key(e.text);
        out += ':';
        e = events.next();
      }
      break;
    }
  }
}

// The kind of a scalar event; nullopt for the others.
std::optional<BankValue::Kind> scalar_kind(EventKind k) {
  switch (k) {
    case EventKind::unsigned_integer:
    case EventKind::integer:
      return BankValue::Kind::integer;
    case EventKind::floating:
      return BankValue::Kind::floating;
    case EventKind::boolean:
      return BankValue::Kind::boolean;
    case EventKind::null:
      return BankValue::Kind::null;
    case EventKind::string:
      return BankValue::Kind::string;
    default:
      return std::nullopt;
  }
}

// A scalar event's text as `read_value` keeps it.
std::string_view scalar_text(const Event& e) {
  switch (e.kind) {
    case EventKind::boolean:
      return e.boolean ? "true" : "false";
    case EventKind::null:
      return "null";
    default:
      return e.text;
  }
}

// The value whose first event is `e`, as a `BankValue`; false when cut or bad.
bool read_value(JsonEvents& events, const Event& e, BankValue& value) {
  switch (e.kind) {
    case EventKind::unsigned_integer:
    case EventKind::integer:
      value.kind = BankValue::Kind::integer;
      value.text.assign(e.text);
      return true;
    case EventKind::floating:
      value.kind = BankValue::Kind::floating;
      value.text.assign(e.text);
      return true;
    case EventKind::boolean:
      value.kind = BankValue::Kind::boolean;
      value.text = e.boolean ? "true" : "false";
      return true;
    case EventKind::null:
      value.kind = BankValue::Kind::null;
      value.text = "null";
      return true;
    case EventKind::string:
      value.kind = BankValue::Kind::string;
      value.text.assign(e.text);
      return true;
    case EventKind::begin_object:
    case EventKind::begin_array:
      value.kind =
          e.kind == EventKind::begin_object ? BankValue::Kind::object : BankValue::Kind::array;
      value.text.clear();
      return capture(events, e, value.text);
    default:
      return false;
  }
}

std::string_view kind_name(EventKind k) {
  switch (k) {
    case EventKind::begin_object:
      return "an object";
    case EventKind::begin_array:
      return "a list";
    case EventKind::string:
      return "a string";
    case EventKind::unsigned_integer:
    case EventKind::integer:
    case EventKind::floating:
      return "a number";
    case EventKind::boolean:
      return "a boolean";
    case EventKind::null:
      return "null";
    default:
      return "nothing";
  }
}

// Reads one file's bytes, line by line; or one part of them (`file_start`
// false: a part that begins on a later line of the file), whose counts
// `append` adds to those of the part before it.
class BankParser {
 public:
  BankParser(BankFile& file, const BankReadOptions& options, bool file_start = true)
      : file_(file), options_(options), file_start_(file_start) {}

  void feed(std::string_view chunk) {
    file_.size_bytes += chunk.size();
    if (chunk.empty()) return;
    last_byte_ = chunk.back();
    while (!chunk.empty()) {
      const void* nl = std::memchr(chunk.data(), '\n', chunk.size());
      if (nl == nullptr) {
        partial_.append(chunk);
        return;
      }
      const auto n = static_cast<std::size_t>(static_cast<const char*>(nl) - chunk.data());
      if (partial_.empty()) {
        line(chunk.substr(0, n));
      } else {
        partial_.append(chunk.substr(0, n));
        line(partial_);
        partial_.clear();
      }
      chunk.remove_prefix(n + 1);
    }
  }

  void finish(bool read_failed) {
    end_of_input();
    conclude(read_failed);
  }

  // The end of the bytes: the last line read, a record it leaves open cut.
  void end_of_input() {
    if (!partial_.empty()) {
      line(partial_);
      partial_.clear();
    }
    file_.final_newline = last_byte_ == '\n';
    if (!pending_.empty()) cut_record(true);
  }

  // True when this part read as the whole file reads the same bytes: it
  // ends at a line end with no record open, and past the file's first part
  // nothing was said (a position in it would be the part's, not the file's).
  [[nodiscard]] bool clean_part() const {
    return partial_.empty() && pending_.empty() && (file_start_ || file_.diagnostics.empty());
  }

  // Keeps what goes to `on_hashes` (`hashes`) instead: a part's records go
  // out once every part has read cleanly, in file order.
  void keep_hashes() { keep_hashes_ = true; }
  [[nodiscard]] const std::vector<BankRecordHashes>& hashes() const { return hashes_; }

  // Adds the part read by `later`, which begins where this one ends.
  void append(BankParser& later) {
    const BankFile& l = later.file_;
    file_.size_bytes += l.size_bytes;
    file_.lines += l.lines;
    file_.crlf = file_.crlf || l.crlf;
    if (l.size_bytes > 0) last_byte_ = later.last_byte_;
    file_.final_newline = last_byte_ == '\n';
    BankCounts& c = file_.counts;
    c.records += l.counts.records;
    c.bad_lines += l.counts.bad_lines;
    for (std::size_t k = 0; k < kLineProblems; ++k) {
      line_problems_[k].count += later.line_problems_[k].count;
    }
    for (const std::int64_t v : l.counts.versions) {
      if (std::find(c.versions.begin(), c.versions.end(), v) == c.versions.end())
        c.versions.push_back(v);
    }
    for (const std::string& op : l.counts.ops) {
      if (std::find(c.ops.begin(), c.ops.end(), op) == c.ops.end()) c.ops.push_back(op);
    }
    file_.diagnostics.insert(file_.diagnostics.end(), l.diagnostics.begin(), l.diagnostics.end());
    line_number_ += later.line_number_;
    records_with_members_ += later.records_with_members_;
    keys_.insert_all(later.keys_);
  }

  // The counts and verdicts of the whole file, once every byte is read.
  void conclude(bool read_failed) {
    if (read_failed) {
      error(Code::io_error, "the file could not be read to its end", std::nullopt);
    }
    for (std::size_t k = 0; k < kLineProblems; ++k) {
      const LineTally& tally = line_problems_[k];
      const std::uint64_t n = tally.count;
      if (n <= kMaxLinesNamed) continue;
      const auto [one, many] = line_problem_words(static_cast<LineProblem>(k));
      file_.diagnostics.push_back(internal::make_diagnostic(
          tally.code, tally.severity,
          fmt::format("{} more {} ({} in all; the first {} are named above)", n - kMaxLinesNamed,
                      n - kMaxLinesNamed == 1 ? one : many, n, kMaxLinesNamed),
          file_.path));
    }
    std::sort(file_.counts.versions.begin(), file_.counts.versions.end());
    file_.counts.distinct_keys = keys_.size();
    file_.readable = !read_failed || file_.counts.records > 0;
    if (file_.counts.records > 0 && records_with_members_ == 0) {
      // JSON objects, none of them a record: another kind of file.
      file_.readable = false;
      file_.records.clear();
      file_.diagnostics.push_back(internal::make_diagnostic(
          Code::not_aoe_result, Severity::error,
          "not a repository file: no line is a record (with info_dict, knowledge, op, id or "
          "version)",
          file_.path));
    } else if (file_.counts.records == 0 && file_.counts.bad_lines > 0) {
      file_.readable = false;  // not one line could be read
    }
  }

 private:
  void line(std::string_view text) {
    ++line_number_;
    ++file_.lines;
    if (line_number_ == 1 && file_start_ && text.substr(0, kBom.size()) == kBom) {
      file_.byte_order_mark = true;
      text.remove_prefix(kBom.size());
    }
    if (!text.empty() && text.back() == '\r') {
      file_.crlf = true;
      text.remove_suffix(1);
    }
    if (!pending_.empty()) {
      // A record that began on an earlier line goes on, unless this line
      // begins a record of its own (then the earlier one was cut).
      if (!text.empty() && text.front() == '{') {
        cut_record(false);
      } else {
        pending_ += '\n';
        pending_.append(text);
        if (pending_.size() > kMaxRecordBytes) {
          cut_record(false);
          return;
        }
        if (!parse(pending_, pending_line_)) pending_.clear();
        return;
      }
    }
    if (blank(text)) return;
    if (parse(text, line_number_)) {
      pending_.assign(text);
      pending_line_ = line_number_;
    }
  }

  // A record cut short: at the end of the file, or before the next one.
  void cut_record(bool at_end) {
    const std::size_t at = pending_line_;
    pending_.clear();
    ++file_.counts.bad_lines;
    line_problem(LineProblem::cut_record, Severity::error,
                 at_end ? Code::truncated : Code::invalid_json,
                 at_end ? "the last record ends before its closing '}' (the file was cut off?)"
                        : "the record ends before its closing '}'; the next line begins another",
                 TextPosition{at, 1, 0});
  }

  // Reads the record of `text`, which begins on line `first_line`; true
  // when it goes on past `text` (the caller keeps it and adds the next line).
  bool parse(std::string_view text, std::size_t first_line) {
    ByteSource source(text);
    JsonEvents events(source, kMaxDepth);
    const auto where = [&] {
      TextPosition p = events.position();
      if (p.line == 1) p.column += bom_shift(first_line);
      p.line += first_line - 1;
      return p;
    };
    Event e = events.next();
    if (e.kind == EventKind::truncated) return true;
    if (e.kind == EventKind::error) {
      bad_line(internal::describe(events.error()), where());
      return false;
    }
    if (e.kind != EventKind::begin_object) {
      ++file_.counts.bad_lines;
      line_problem(LineProblem::not_object, Severity::error, Code::invalid_value,
                   std::string("a record is a JSON object; the line holds ") +
                       std::string(kind_name(e.kind)),
                   TextPosition{first_line, 1 + bom_shift(first_line), 0});
      return false;
    }
    Reading r;
    r.record.line = first_line;
    for (;;) {
      e = events.next();
      if (e.kind == EventKind::end_object) break;
      if (e.kind == EventKind::truncated) return true;
      if (e.kind != EventKind::key) {
        bad_line(internal::describe(events.error()), where());
        return false;
      }
      ++r.members;
      const Member m = member_of(e.text);
      if (m == Member::other) {
        key_.assign(e.text);
        if (std::find(r.unknown.begin(), r.unknown.end(), key_) != r.unknown.end()) {
          duplicate(key_, where());
        } else {
          r.unknown.push_back(key_);
        }
      } else {
        const auto bit = static_cast<unsigned>(1U << static_cast<unsigned>(m));
        if ((r.seen & bit) != 0) duplicate(std::string(e.text), where());
        r.seen |= bit;
      }
      if (!member(events, m, r, where)) {
        // The tokenizer repeats the event that ended the value.
        if (events.next().kind == EventKind::truncated) return true;
        bad_line(internal::describe(events.error()), where());
        return false;
      }
    }
    e = events.next();  // the end of the line: nothing may follow the record
    if (e.kind == EventKind::error) {
      bad_line(internal::describe(events.error()), where());
      return false;
    }
    if (r.members == 0) return false;  // `{}`: an emptied bank, as the runtime leaves it
    if (options_.keep_text && !lean_) r.record.text.assign(text);
    take(r);
    return false;
  }

  [[nodiscard]] std::size_t bom_shift(std::size_t first_line) const {
    return first_line == 1 && file_.byte_order_mark ? kBom.size() : 0;
  }

  // The five members of a record, and the others.
  enum class Member : std::uint8_t { id, info_dict, knowledge, op, version, other };
  static Member member_of(std::string_view key) {
    if (key == "info_dict") return Member::info_dict;
    if (key == "knowledge") return Member::knowledge;
    if (key == "id") return Member::id;
    if (key == "op") return Member::op;
    if (key == "version") return Member::version;
    return Member::other;
  }

  // What is known of the record being read.
  struct Reading {
    BankRecord record;                 // built in full; in lean mode only its flags and line
    std::size_t members = 0;           // members read
    unsigned seen = 0;                 // bits of the five members met
    std::vector<std::string> unknown;  // other members' keys, for duplicates
    std::uint64_t shape_sum = 0;       // entry_hash sum of info_dict
    std::size_t shape_entries = 0;
    std::uint64_t knowledge_sum = 0;  // the same of knowledge (lean mode)
    std::size_t knowledge_entries = 0;
    bool is_record = false;  // one of the five members was met
  };

  void duplicate(const std::string& key, const TextPosition& at) {
    line_problem(
        LineProblem::duplicate_key, Severity::warning, Code::duplicate_key,
        "the record has " + quote_key(key) + " twice; the last is kept, as the runtime's JSON does",
        at);
  }

  // One member's value; false when it is cut or not JSON.
  template <class Where>
  bool member(JsonEvents& events, Member m, Reading& r, const Where& where) {
    const std::string_view name = m == Member::other ? std::string_view(key_) : member_name(m);
    const Event v = events.next();
    const auto wrong_kind = [&](std::string_view expected) {
      line_problem(LineProblem::wrong_kind, Severity::warning, Code::invalid_value,
                   quote_key(name) + " is " + std::string(kind_name(v.kind)) + ", expected " +
                       std::string(expected) + "; kept as read",
                   where());
    };
    if (m != Member::other) r.is_record = true;
    BankRecord& record = r.record;
    if ((m == Member::info_dict || m == Member::knowledge) && v.kind == EventKind::begin_object) {
      const bool info = m == Member::info_dict;
      (info ? record.has_info_dict : record.has_knowledge) = true;
      std::vector<BankEntry>& entries = info ? record.info_dict : record.knowledge;
      entries.clear();
      (info ? r.shape_sum : r.knowledge_sum) = 0;
      (info ? r.shape_entries : r.knowledge_entries) = 0;
      for (;;) {
        const Event k = events.next();
        if (k.kind == EventKind::end_object) return true;
        if (k.kind != EventKind::key) return false;
        if (lean_) {
          // Hashed from the tokenizer's views (no key or value is copied),
          // and only when the hash is used: the info_dict's for the distinct
          // shapes or `on_hashes`, the knowledge's for `on_hashes`.
          const Event v2 = events.next();
          const std::optional<BankValue::Kind> scalar = scalar_kind(v2.kind);
          if (!(info ? hash_shapes_ : hash_knowledge_)) {
            if (!scalar && !read_value(events, v2, value_)) return false;
            continue;
          }
          const std::uint64_t key = internal::key_hash(k.text);
          std::uint64_t& sum = info ? r.shape_sum : r.knowledge_sum;
          if (v2.kind == EventKind::unsigned_integer && v2.unsigned_integer < kExactMagnitude) {
            sum +=
                internal::entry_hash_integer(key, static_cast<std::int64_t>(v2.unsigned_integer));
          } else if (v2.kind == EventKind::integer && v2.integer > -kExactMagnitude) {
            sum += internal::entry_hash_integer(key, v2.integer);
          } else if (scalar) {
            sum += internal::entry_hash_keyed(key, *scalar, scalar_text(v2));
          } else {
            if (!read_value(events, v2, value_)) return false;
            sum += internal::entry_hash_keyed(key, value_.kind, value_.text);
          }
          ++(info ? r.shape_entries : r.knowledge_entries);
          continue;
        }
        entry_key_.assign(k.text);
        if (!read_value(events, events.next(), value_)) return false;
        if (info) {
          r.shape_sum += entry_hash(entry_key_, value_.kind, value_.text);
          ++r.shape_entries;
        }
        entries.push_back({entry_key_, value_});
      }
    }
    if (!read_value(events, v, value_)) return false;
    switch (m) {
      case Member::info_dict:
      case Member::knowledge:
        wrong_kind("an object");
        break;
      case Member::id:
        if (value_.kind == BankValue::Kind::integer) {
          if (!lean_) record.id = value_.text;
          return true;
        }
        wrong_kind("an integer");
        break;
      case Member::op:
        if (value_.kind == BankValue::Kind::string) {
          record.op = value_.text;
          return true;
        }
        wrong_kind("a string");
        break;
      case Member::version:
        if (v.kind == EventKind::unsigned_integer &&
            v.unsigned_integer <= static_cast<std::uint64_t>(INT64_MAX)) {
          record.version = static_cast<std::int64_t>(v.unsigned_integer);
          return true;
        }
        if (v.kind == EventKind::integer) {
          record.version = v.integer;
          return true;
        }
        wrong_kind("an integer");
        break;
      case Member::other:
        break;
    }
    if (!lean_) record.other.push_back({std::string(name), value_});
    return true;
  }

  static std::string_view member_name(Member m) {
    switch (m) {
      case Member::id:
        return "id";
      case Member::info_dict:
        return "info_dict";
      case Member::knowledge:
        return "knowledge";
      case Member::op:
        return "op";
      case Member::version:
        return "version";
      case Member::other:
        break;
    }
    return "";
  }

  void take(Reading& r) {
    BankCounts& c = file_.counts;
    BankRecord& record = r.record;
    if (r.is_record) ++records_with_members_;
    ++c.records;
    if (options_.count_distinct) keys_.insert(internal::shape_hash(r.shape_sum, r.shape_entries));
    if (record.version &&
        std::find(c.versions.begin(), c.versions.end(), *record.version) == c.versions.end()) {
      c.versions.push_back(*record.version);
    }
    if (record.op && std::find(c.ops.begin(), c.ops.end(), *record.op) == c.ops.end())
      c.ops.push_back(*record.op);
    if (lean_) {
      if (options_.on_hashes) {
        const BankRecordHashes hashes{record.line, record.has_info_dict, record.has_knowledge,
                                      internal::shape_hash(r.shape_sum, r.shape_entries),
                                      internal::shape_hash(r.knowledge_sum, r.knowledge_entries)};
        if (keep_hashes_) {
          hashes_.push_back(hashes);
        } else {
          options_.on_hashes(file_, hashes);
        }
      }
      return;
    }
    if (options_.on_record) {
      options_.on_record(file_, std::move(record));
    } else {
      file_.records.push_back(std::move(record));
    }
  }

  // A line that is not JSON.
  void bad_line(const std::string& message, const TextPosition& at) {
    ++file_.counts.bad_lines;
    line_problem(LineProblem::not_json, Severity::error, Code::invalid_json,
                 "line " + std::to_string(at.line) + " is not JSON: " + message +
                     " (the other lines are read on)",
                 at);
  }

  // A problem of a line: named, up to kMaxLinesNamed of each kind; the rest
  // are counted and said once at the end (`conclude`).
  void line_problem(LineProblem kind, Severity severity, Code code, std::string message,
                    const TextPosition& at) {
    LineTally& tally = line_problems_[static_cast<std::size_t>(kind)];
    ++tally.count;
    tally.code = code;
    tally.severity = severity;
    if (tally.count > kMaxLinesNamed) return;
    file_.diagnostics.push_back(
        internal::make_diagnostic(code, severity, std::move(message), file_.path, at));
  }

  void error(Code code, std::string message, std::optional<TextPosition> at) {
    file_.diagnostics.push_back(
        at ? internal::make_diagnostic(code, Severity::error, std::move(message), file_.path, *at)
           : internal::make_diagnostic(code, Severity::error, std::move(message), file_.path));
  }

  BankFile& file_;
  const BankReadOptions& options_;
  bool file_start_ = true;  // the bytes begin at the file's first byte
  std::string partial_;     // a line that goes on in the next chunk
  std::string pending_;     // a record that goes on over lines
  std::size_t pending_line_ = 0;
  std::size_t line_number_ = 0;
  char last_byte_ = 0;
  bool lean_ = options_.counts_only;  // counts only: no record built
  bool hash_shapes_ = options_.count_distinct || static_cast<bool>(options_.on_hashes);
  bool hash_knowledge_ = static_cast<bool>(options_.on_hashes);
  bool keep_hashes_ = false;                // `on_hashes` records kept in `hashes_`
  std::vector<BankRecordHashes> hashes_;    // lines the part's own
  std::string key_;                         // the member key being read (other members)
  std::string entry_key_;                   // the info_dict or knowledge key being read
  BankValue value_;                         // the value being read
  std::uint64_t records_with_members_ = 0;  // objects with one of the five members
  internal::HashSet64 keys_;                // hashes of the distinct info_dicts
  std::array<LineTally, kLineProblems> line_problems_{};  // problems of each kind
};

// A gradient fusion file: one JSON array of entries.
void read_gradient_fusion(std::string_view text, BankFile& file) {
  ByteSource source(text);
  JsonEvents events(source, kMaxDepth);
  const auto fail = [&](std::string message) {
    const TextPosition at = events.position();
    file.diagnostics.push_back(internal::make_diagnostic(Code::invalid_json, Severity::error,
                                                         std::move(message), file.path, at));
  };
  Event e = events.next();
  if (e.kind == EventKind::error || e.kind == EventKind::truncated) {
    fail(internal::describe(events.error()));
    return;
  }
  if (e.kind != EventKind::begin_array) {
    file.diagnostics.push_back(internal::make_diagnostic(
        Code::not_aoe_result, Severity::error,
        std::string("a gradient fusion file is a JSON list; this one is ") +
            std::string(kind_name(e.kind)),
        file.path, TextPosition{1, 1, 0}));
    return;
  }
  const auto ints = [&](std::vector<std::int64_t>& out) {
    Event x = events.next();
    if (x.kind != EventKind::begin_array) {
      BankValue skipped;
      return read_value(events, x, skipped);
    }
    for (;;) {
      x = events.next();
      if (x.kind == EventKind::end_array) return true;
      if (x.kind == EventKind::unsigned_integer) {
        out.push_back(static_cast<std::int64_t>(x.unsigned_integer));
      } else if (x.kind == EventKind::integer) {
        out.push_back(x.integer);
      } else {
        BankValue skipped;
        if (!read_value(events, x, skipped)) return false;
      }
    }
  };
  for (;;) {
    e = events.next();
    if (e.kind == EventKind::end_array) break;
    if (e.kind != EventKind::begin_object) {
      BankValue skipped;
      if (!read_value(events, e, skipped)) {
        fail(internal::describe(events.error()));
        return;
      }
      continue;
    }
    GradientFusionEntry entry;
    entry.line = events.position().line;
    for (;;) {
      Event k = events.next();
      if (k.kind == EventKind::end_object) break;
      if (k.kind != EventKind::key) {
        fail(internal::describe(events.error()));
        return;
      }
      const std::string key(k.text);
      Event v = events.next();
      bool ok = true;
      if (key == "modelhash" && v.kind == EventKind::string) {
        entry.model_hash = std::string(v.text);
      } else if (key == "modelgraphid" && v.kind == EventKind::unsigned_integer) {
        entry.graph_id = static_cast<std::int64_t>(v.unsigned_integer);
      } else if (key == "modelgraphid" && v.kind == EventKind::integer) {
        entry.graph_id = v.integer;
      } else if (key == "modelvalue" && v.kind == EventKind::begin_object) {
        for (;;) {
          Event mk = events.next();
          if (mk.kind == EventKind::end_object) break;
          if (mk.kind != EventKind::key) {
            ok = false;
            break;
          }
          const std::string sub(mk.text);
          if (sub == "gradientTime") {
            ok = ints(entry.gradient_time);
          } else if (sub == "gradientSize") {
            ok = ints(entry.gradient_size_bytes);
          } else {
            BankValue skipped;
            ok = read_value(events, events.next(), skipped);
          }
          if (!ok) break;
        }
      } else {
        BankValue skipped;
        ok = read_value(events, v, skipped);
      }
      if (!ok) {
        fail(internal::describe(events.error()));
        return;
      }
    }
    file.gradient_fusion.push_back(std::move(entry));
    ++file.counts.records;
  }
  if (events.next().kind != EventKind::end) {
    fail(internal::describe(events.error()));
    return;
  }
}

void name_parts(BankFile& file) {
  const std::string filename = std::filesystem::path(file.path).filename().string();
  if (std::optional<std::string> soc = gradient_fusion_soc(filename)) {
    file.kind = BankFileKind::gradient_fusion;
    file.soc = std::move(soc);
    return;
  }
  file.name = parse_bank_file_name(filename);
  if (file.name) file.soc = file.name->soc;
}

// A file opened and about to be read: its path, its name's parts.
BankFile opened_file(std::string display_path) {
  BankFile file;
  file.path = std::move(display_path);
  file.opened = true;
  file.parts = 1;
  name_parts(file);
  return file;
}

BankFile parse_source(ByteSource& source, std::string display_path,
                      const BankReadOptions& options) {
  BankFile file = opened_file(std::move(display_path));
  if (file.kind == BankFileKind::gradient_fusion) {
    std::string text;
    for (std::string_view chunk = source.next_chunk(); !chunk.empty(); chunk = source.next_chunk())
      text.append(chunk);
    file.size_bytes = text.size();
    file.final_newline = !text.empty() && text.back() == '\n';
    file.lines = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) +
                 (text.empty() || text.back() == '\n' ? 0 : 1);
    if (text.substr(0, kBom.size()) == kBom) {
      file.byte_order_mark = true;
      text.erase(0, kBom.size());
    }
    read_gradient_fusion(text, file);
    file.readable = !source.read_failed() &&
                    std::none_of(file.diagnostics.begin(), file.diagnostics.end(),
                                 [](const Diagnostic& d) { return d.severity == Severity::error; });
    return file;
  }
  BankParser parser(file, options);
  for (std::string_view chunk = source.next_chunk(); !chunk.empty(); chunk = source.next_chunk())
    parser.feed(chunk);
  parser.finish(source.read_failed());
  return file;
}

// Where the first line that begins at `offset` or later begins (the byte
// after the first newline at `offset - 1` or later) in the file `fd` of
// `size` bytes: `size` when none does; nullopt when it could not be read.
std::optional<std::uint64_t> line_start_at(int fd, std::uint64_t offset, std::uint64_t size) {
  if (offset == 0) return 0;
  std::array<char, std::size_t{1} << 16U> buffer{};
  std::uint64_t at = offset - 1;
  while (at < size) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), size - at));
    const ssize_t got = ::pread(fd, buffer.data(), want, static_cast<off_t>(at));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return std::nullopt;
    const void* nl = std::memchr(buffer.data(), '\n', static_cast<std::size_t>(got));
    if (nl != nullptr)
      return at + static_cast<std::uint64_t>(static_cast<const char*>(nl) - buffer.data()) + 1;
    at += static_cast<std::uint64_t>(got);
  }
  return size;
}

// The runtime_kb file open as `fd` (`size` bytes), split at line ends into
// up to `parts` parts read at once (`BankReadOptions::threads`); nullopt
// when a part did not read cleanly, and the file is to be read whole.
std::optional<BankFile> read_in_parts(int fd, std::uint64_t size, const std::string& path,
                                      const BankReadOptions& options, unsigned parts) {
  std::vector<std::uint64_t> starts{0};
  for (unsigned k = 1; k < parts; ++k) {
    const std::optional<std::uint64_t> start = line_start_at(fd, size * k / parts, size);
    if (!start) return std::nullopt;
    if (*start > starts.back() && *start < size) starts.push_back(*start);
  }
  starts.push_back(size);
  const std::size_t n = starts.size() - 1;
  if (n < 2) return std::nullopt;

  std::vector<BankFile> files(n);
  files[0] = opened_file(path);
  std::vector<std::unique_ptr<BankParser>> parsers;
  parsers.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    parsers.push_back(std::make_unique<BankParser>(files[k], options, k == 0));
    parsers.back()->keep_hashes();
  }
  std::vector<char> clean(n, 0);
  internal::run_parts_in_parallel(n, [&](std::size_t k) {
    ByteSource source(fd, options.chunk_bytes, starts[k], starts[k + 1] - starts[k]);
    BankParser& parser = *parsers[k];
    for (std::string_view chunk = source.next_chunk(); !chunk.empty(); chunk = source.next_chunk())
      parser.feed(chunk);
    if (k + 1 == n) parser.end_of_input();
    clean[k] = static_cast<char>(!source.read_failed() && parser.clean_part());
  });
  if (std::find(clean.begin(), clean.end(), 0) != clean.end()) return std::nullopt;
  std::vector<std::size_t> first_lines(n, 0);  // lines before each part
  for (std::size_t k = 1; k < n; ++k) first_lines[k] = first_lines[k - 1] + files[k - 1].lines;
  for (std::size_t k = 1; k < n; ++k) parsers[0]->append(*parsers[k]);
  parsers[0]->conclude(false);
  files[0].parts = static_cast<unsigned>(n);
  if (options.on_hashes) {
    for (std::size_t k = 0; k < n; ++k) {
      for (BankRecordHashes hashes : parsers[k]->hashes()) {
        hashes.line += first_lines[k];
        options.on_hashes(files[0], hashes);
      }
    }
  }
  return std::move(files[0]);
}

}  // namespace

BankFile read_bank_text(std::string_view text, std::string display_path,
                        const BankReadOptions& options) {
  ByteSource source(text);
  return parse_source(source, std::move(display_path), options);
}

BankFile read_bank_stream(std::istream& in, std::string display_path,
                          const BankReadOptions& options) {
  ByteSource source(in, options.chunk_bytes);
  return parse_source(source, std::move(display_path), options);
}

BankFile read_bank_file(const std::filesystem::path& path, const BankReadOptions& options) {
  if (const std::optional<std::string_view> kind = special_file_kind(path)) {
    throw InputError(path.string(),
                     "the file is " + std::string(*kind) + ", not a repository file; not read");
  }
  std::string why;
  const internal::FileDescriptor fd = internal::open_regular_file(path, why);
  if (!fd.is_open()) {
    BankFile out;
    out.path = path.string();
    name_parts(out);
    out.diagnostics.push_back(
        internal::make_diagnostic(Code::io_error, Severity::error, "the file " + why, out.path));
    return out;
  }
  struct stat st {};
  if (options.threads > 1 && options.counts_only && ::fstat(fd.get(), &st) == 0 &&
      static_cast<std::uint64_t>(st.st_size) >= options.split_min_bytes &&
      !gradient_fusion_soc(path.filename().string())) {
    if (std::optional<BankFile> file =
            read_in_parts(fd.get(), static_cast<std::uint64_t>(st.st_size), path.string(), options,
                          options.threads))
      return std::move(*file);
  }
  ByteSource source(fd.get(), options.chunk_bytes);
  return parse_source(source, path.string(), options);
}

}  // namespace aoe
