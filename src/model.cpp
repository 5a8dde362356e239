// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/model.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <unordered_set>

#include "aoe_result/error.hpp"

#include "string_hash.hpp"
#include "text_util.hpp"

namespace aoe {
namespace {

bool icontains(std::string_view haystack, std::string_view needle) noexcept {
  if (needle.size() > haystack.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= haystack.size(); ++i) {
    if (equal_ignoring_case(haystack.substr(i, needle.size()), needle)) return true;
  }
  return false;
}

// The process-wide store of interned type lists. Node-based, so a stored
// list never moves; never shrinks, so pointers stay valid.
struct TypeListHash {
  std::size_t operator()(const std::vector<std::string>& types) const noexcept {
    std::size_t h = types.size();
    for (const std::string& t : types) {
      h ^= std::hash<std::string>{}(t) + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    }
    return h;
  }
};

class TypeListPool {
 public:
  const std::vector<std::string>* intern(const std::vector<std::string>& types) {
    if (types.empty()) return empty();
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = lists_.find(types);  // the common case: no allocation
    if (it != lists_.end()) return &*it;
    return &*lists_.insert(types).first;
  }
  static const std::vector<std::string>* empty() noexcept {
    static const std::vector<std::string> kEmpty;
    return &kEmpty;
  }

 private:
  std::mutex mutex_;
  std::unordered_set<std::vector<std::string>, TypeListHash> lists_;
};

TypeListPool& type_list_pool() {
  static TypeListPool pool;
  return pool;
}

// The process-wide store of interned strings; node-based, never shrinks.

class StringPool {
 public:
  const std::string* intern(std::string_view text) {
    if (text.empty()) return empty();
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto it = strings_.find(text);  // the common case: no allocation
    if (it != strings_.end()) return &*it;
    return &*strings_.emplace(text).first;
  }
  static const std::string* empty() noexcept {
    static const std::string kEmpty;
    return &kEmpty;
  }

 private:
  std::mutex mutex_;
  std::unordered_set<std::string, internal::StringHash, std::equal_to<>> strings_;
};

StringPool& string_pool() {
  static StringPool pool;
  return pool;
}

}  // namespace

std::string_view to_string(Code code) noexcept {
  switch (code) {
    case Code::invalid_json:
      return "invalid-json";
    case Code::truncated:
      return "truncated";
    case Code::not_aoe_result:
      return "not-aoe-result";
    case Code::io_error:
      return "io-error";
    case Code::no_result_file:
      return "no-result-file";
    case Code::duplicate_report_id:
      return "duplicate-report-id";
    case Code::duplicate_key:
      return "duplicate-key";
    case Code::number_as_string:
      return "number-as-string";
    case Code::invalid_value:
      return "invalid-value";
    case Code::unknown_section:
      return "unknown-section";
    case Code::unknown_key:
      return "unknown-key";
    case Code::unknown_status:
      return "unknown-status";
    case Code::status_incomplete:
      return "status-incomplete";
    case Code::tuning_failed:
      return "tuning-failed";
    case Code::failed_list_mismatch:
      return "failed-list-mismatch";
    case Code::summary_hit_sum:
      return "summary-hit-sum";
    case Code::summary_total_sum:
      return "summary-total-sum";
    case Code::summary_count_mismatch:
      return "summary-count-mismatch";
    case Code::missing_summary:
      return "missing-summary";
    case Code::status_missing:
      return "status-missing";
    case Code::opat_missing:
      return "opat-missing";
    case Code::improvement_mismatch:
      return "improvement-mismatch";
    case Code::negative_time:
      return "negative-time";
    case Code::zero_time:
      return "zero-time";
    case Code::writer_artefact:
      return "writer-artefact";
    case Code::threshold_max_failed:
      return "threshold-max-failed";
    case Code::threshold_min_improvement:
      return "threshold-min-improvement";
    case Code::threshold_min_model_improvement:
      return "threshold-min-model-improvement";
    case Code::threshold_not_applicable:
      return "threshold-not-applicable";
    case Code::bank_missing_key:
      return "bank-missing-key";
    case Code::bank_op_mismatch:
      return "bank-op-mismatch";
    case Code::bank_conflict:
      return "bank-conflict";
    case Code::bank_duplicate:
      return "bank-duplicate";
    case Code::bank_file_name:
      return "bank-file-name";
    case Code::log_not_finished:
      return "log-not-finished";
    case Code::log_finished_result_cut_off:
      return "log-finished-result-cut-off";
    case Code::log_operator_missing:
      return "log-operator-missing";
    case Code::invalid_csv:
      return "invalid-csv";
    case Code::not_a_profile:
      return "not-a-profile";
    case Code::slower_after_tune:
      return "slower-after-tune";
    case Code::bank_empty:
      return "bank-empty";
    case Code::unknown_tuning_mode:
      return "unknown-tuning-mode";
    case Code::unknown_update_mode:
      return "unknown-update-mode";
  }
  return "invalid-value";  // not reached: every code has a case
}

std::optional<Code> parse_code(std::string_view s) noexcept {
  for (const Code c : kAllCodes) {
    if (to_string(c) == s) return c;
  }
  return std::nullopt;
}

std::ostream& operator<<(std::ostream& out, Code code) { return out << to_string(code); }

InternedString::InternedString() noexcept : text_(StringPool::empty()) {}
InternedString::InternedString(std::string_view text) : text_(string_pool().intern(text)) {}
InternedString::InternedString(const std::string& text) : text_(string_pool().intern(text)) {}
InternedString::InternedString(const char* text)
    : text_(string_pool().intern(text == nullptr ? std::string_view() : std::string_view(text))) {}

std::string operator+(const InternedString& a, const InternedString& b) {
  return a.str() + b.str();
}
std::string operator+(const InternedString& a, const std::string& b) { return a.str() + b; }
std::string operator+(const InternedString& a, const char* b) { return a.str() + b; }
std::string operator+(const InternedString& a, char b) { return a.str() + b; }
std::string operator+(const std::string& a, const InternedString& b) { return a + b.str(); }
std::string operator+(const char* a, const InternedString& b) { return a + b.str(); }
std::string operator+(char a, const InternedString& b) { return a + b.str(); }
std::ostream& operator<<(std::ostream& out, const InternedString& s) { return out << s.str(); }

TypeList::TypeList() noexcept : list_(TypeListPool::empty()) {}

TypeList::TypeList(const std::vector<std::string>& types) : list_(type_list_pool().intern(types)) {}

TypeList::TypeList(std::initializer_list<std::string_view> types)
    : TypeList(std::vector<std::string>(types.begin(), types.end())) {}

TypeList& TypeList::operator=(const std::vector<std::string>& types) {
  list_ = type_list_pool().intern(types);
  return *this;
}

void TypeList::push_back(std::string_view type) {
  std::vector<std::string> longer = *list_;
  longer.emplace_back(type);
  list_ = type_list_pool().intern(longer);
}

TypeList& TypeList::operator=(std::initializer_list<std::string_view> types) {
  return *this = std::vector<std::string>(types.begin(), types.end());
}

void TypeList::clear() noexcept { list_ = TypeListPool::empty(); }

std::string_view to_string(Status status) noexcept {
  switch (status) {
    case Status::successful:
      return "successful";
    case Status::failed:
      return "failed";
    case Status::incomplete:
      return "incomplete";
    case Status::unknown:
      break;
  }
  return "unknown";
}

std::string_view to_string(Severity severity) noexcept {
  switch (severity) {
    case Severity::info:
      return "info";
    case Severity::warning:
      return "warning";
    case Severity::error:
      break;
  }
  return "error";
}

std::string_view to_string(Layout layout) noexcept {
  return layout == Layout::list ? "list" : "report-keyed";
}

std::string_view to_string(TuningMode mode) noexcept {
  switch (mode) {
    case TuningMode::format:
      return "Format";
    case TuningMode::schedule:
      return "Schedule";
    case TuningMode::impl:
      return "Impl";
    case TuningMode::other:
      return "other";
    case TuningMode::unspecified:
      break;
  }
  return "unspecified";
}

std::string_view to_string(UpdateMode mode) noexcept {
  switch (mode) {
    case UpdateMode::add:
      return "add";
    case UpdateMode::update:
      return "update";
    case UpdateMode::other:
      return "other";
    case UpdateMode::unspecified:
      break;
  }
  return "unspecified";
}

Status parse_status(std::string_view raw) noexcept {
  // Documented spellings first (format.md, "OPAT").
  if (raw == "tuning successful" || raw == "tune success") return Status::successful;
  if (raw == "tuning failed" || raw == "tune failed") return Status::failed;
  if (raw == "tuning incomplete" || raw == "tune tuning incomplete") return Status::incomplete;
  // Then leniently: an undocumented spelling of a future version.
  if (icontains(raw, "incomplete")) return Status::incomplete;
  if (icontains(raw, "fail")) return Status::failed;
  if (icontains(raw, "success")) return Status::successful;
  return Status::unknown;
}

TuningMode parse_tuning_mode(std::string_view raw) noexcept {
  // The spellings AOE writes first: called for every mode of every operator.
  if (raw == "Schedule") return TuningMode::schedule;
  if (raw == "Format") return TuningMode::format;
  if (raw == "Impl") return TuningMode::impl;
  if (equal_ignoring_case(raw, "Format")) return TuningMode::format;
  if (equal_ignoring_case(raw, "Schedule")) return TuningMode::schedule;
  if (equal_ignoring_case(raw, "Impl")) return TuningMode::impl;
  return TuningMode::other;
}

UpdateMode parse_update_mode(std::string_view raw) noexcept {
  if (raw == "add") return UpdateMode::add;
  if (raw == "update") return UpdateMode::update;
  if (equal_ignoring_case(raw, "add")) return UpdateMode::add;
  if (equal_ignoring_case(raw, "update")) return UpdateMode::update;
  return UpdateMode::other;
}

std::string mode_label(const ModeResult& result) {
  if (!result.mode_name.empty()) return result.mode_name;
  return std::string(to_string(result.mode));
}

std::string join_types(const std::vector<std::string>& types) {
  std::string out;
  for (const std::string& t : types) {
    if (!out.empty()) out += '+';
    out += t;
  }
  return out;
}

std::string joined_types(const Operator& op) { return join_types(op.types); }

std::vector<std::string> unique_failed_operators(const Report& report) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (const std::string& name : report.failed_operators) {
    if (seen.insert(name).second) out.push_back(name);
  }
  return out;
}

std::string location(const std::string& path, std::optional<std::size_t> line,
                     std::optional<std::size_t> column) {
  std::string out = path;
  if (line) {
    out += ':' + std::to_string(*line);
    if (column) out += ':' + std::to_string(*column);
  }
  return out;
}

std::string location(const Diagnostic& d) { return location(d.file, d.line, d.column); }

InputError::InputError(std::string path, std::string message, std::optional<std::size_t> line,
                       std::optional<std::size_t> column)
    : Error(location(path, line, column) + ": " + message),
      path_(std::move(path)),
      message_(std::move(message)),
      line_(line),
      column_(column) {}

}  // namespace aoe
