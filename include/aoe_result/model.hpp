// SPDX-License-Identifier: Apache-2.0
/// @file
/// The typed model of an AOE operator-tuning result file
/// (`aoe_result_opat_<timestamp>_pid<N>.json`), as written by CANN 6.0.1 to
/// 9.x. Reading (reader.hpp) fills it; analysis (analysis.hpp, check.hpp)
/// reads it. Nothing here depends on a JSON library.
///
/// Conventions: times carry their unit in the name (`_us` microseconds,
/// `_ms` milliseconds, `_s` seconds); `std::optional` means the file may
/// leave the value out, and `nullopt` says it did (absence is data).
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/diagnostic.hpp"

namespace aoe {

/// A short string stored once per process and shared (interned): used for
/// the names every operator repeats, its tuning mode ("Schedule") and update
/// mode ("add"), so that each costs one pointer instead of a `std::string`.
///
/// Reads like a `const std::string`: converts to `const std::string&` and
/// to `std::string_view` (so fmt and functions taking either accept it),
/// compares with strings, concatenates with `+`, streams with `<<`, and
/// assigns from any string. Interning is thread-safe; the stored strings
/// live until the process ends.
class InternedString {
 public:
  /// The empty string.
  InternedString() noexcept;
  InternedString(std::string_view text);    // NOLINT: reads like a string
  InternedString(const std::string& text);  // NOLINT
  InternedString(const char* text);         // NOLINT

  /// The shared string. Valid until the process ends.
  [[nodiscard]] const std::string& str() const noexcept { return *text_; }
  [[nodiscard]] std::string_view view() const noexcept { return *text_; }
  operator const std::string&() const noexcept { return *text_; }  // NOLINT
  operator std::string_view() const noexcept { return *text_; }    // NOLINT

  [[nodiscard]] bool empty() const noexcept { return text_->empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return text_->size(); }
  [[nodiscard]] std::size_t length() const noexcept { return text_->size(); }
  [[nodiscard]] const char* c_str() const noexcept { return text_->c_str(); }
  [[nodiscard]] const char* data() const noexcept { return text_->data(); }

  /// Equal strings are the same interned string.
  friend bool operator==(const InternedString& a, const InternedString& b) noexcept {
    return a.text_ == b.text_;
  }
  friend bool operator==(const InternedString& a, std::string_view b) noexcept {
    return *a.text_ == b;
  }
  friend bool operator==(const InternedString& a, const std::string& b) noexcept {
    return *a.text_ == b;
  }
  friend bool operator==(const InternedString& a, const char* b) noexcept { return *a.text_ == b; }
  friend std::strong_ordering operator<=>(const InternedString& a,
                                          const InternedString& b) noexcept {
    return a.view() <=> b.view();
  }

  friend std::string operator+(const InternedString& a, const InternedString& b);
  friend std::string operator+(const InternedString& a, const std::string& b);
  friend std::string operator+(const InternedString& a, const char* b);
  friend std::string operator+(const InternedString& a, char b);
  friend std::string operator+(const std::string& a, const InternedString& b);
  friend std::string operator+(const char* a, const InternedString& b);
  friend std::string operator+(char a, const InternedString& b);
  friend std::ostream& operator<<(std::ostream& out, const InternedString& s);

 private:
  const std::string* text_;
};

/// How bad a diagnostic is. `error` fails `check`; `warning` fails it only
/// with `--strict`; `info` never does.
enum class Severity { info, warning, error };

/// One finding about a file: a problem the reader met, or a rule `check`
/// found broken. Its code is one of `Code` (diagnostic.hpp), whose stable
/// strings (`invalid-json`, `truncated`, `summary-hit-sum`, ...) are listed
/// in the CLI contract and docs/check-codes.md.
struct Diagnostic {
  Code code = Code::invalid_value;  ///< what kind of finding; `to_string` gives its stable string
  Severity severity = Severity::warning;  ///< how bad it is
  std::string message;                    ///< what is wrong, with the numbers
  std::string file;                       ///< path as given by the user
  std::optional<std::string> report;      ///< report id, when about one
  std::optional<std::string> op;          ///< operator name, when about one
  std::optional<std::size_t> line;        ///< 1-based line in the file
  std::optional<std::size_t> column;      ///< 1-based byte column in the line
};

/// "path:line:column" ("path:line" without a column, "path" without a
/// line): where a finding is, as compilers write it. Not escaped.
[[nodiscard]] std::string location(const std::string& path, std::optional<std::size_t> line,
                                   std::optional<std::size_t> column);
/// `location(d.file, d.line, d.column)`.
[[nodiscard]] std::string location(const Diagnostic& d);

/// The outer shape of a file.
enum class Layout {
  /// `{"report_<timestamp>_<tid>": [sections...], ...}`: training
  /// scenarios (PyTorch, TensorFlow); one report per tuning thread.
  report_keyed,
  /// `[sections...]`: offline inference (`aoe` command) and remote tuning;
  /// exactly one report, given the id `report_1`.
  list,
};

/// The status of a report's operator tuning, normalised over every spelling
/// AOE has used. The raw string is kept beside it in `Report::status_raw`.
enum class Status {
  successful,  ///< "tune success" (6.0.1), "tuning successful" (6.2+)
  failed,      ///< "tune failed" (6.0.1), "tuning failed" (6.3+)
  incomplete,  ///< "tuning incomplete" (6.3+; one page: "tune tuning incomplete")
  unknown,     ///< absent (no OPAT section) or a spelling not recognised
};

/// A tuning mode: the way AOE tuned an operator (CANN 6.3+ nested entries).
enum class TuningMode : std::uint8_t {
  format,       ///< "Format"
  schedule,     ///< "Schedule"
  impl,         ///< "Impl"
  other,        ///< a mode name not documented; kept in `mode_name` (warning `unknown-tuning-mode`)
  unspecified,  ///< flat 6.0.1/6.2 entries carry no mode
};

/// How the custom repository (knowledge bank) was changed for a policy.
enum class UpdateMode : std::uint8_t {
  add,     ///< the tiling policy was new to the repository
  update,  ///< an existing tiling policy was replaced
  other,   ///< a value not documented; kept in `update_mode_raw` (warning `unknown-update-mode`)
  unspecified,  ///< the entry does not say
};

/// The result of tuning one operator in one tuning mode.
///
/// Flat 6.0.1/6.2 entries give one `ModeResult` with mode `unspecified`
/// and the update mode taken from the list holding the entry
/// (`add_repo_operators` / `update_repo_operators`).
///
/// Fields are ordered so the struct packs into 72 bytes (the two one-byte
/// enums share a word, the names are interned): a large file holds
/// hundreds of thousands of these.
struct ModeResult {
  TuningMode mode = TuningMode::unspecified;
  UpdateMode update_mode = UpdateMode::unspecified;
  InternedString mode_name;  ///< key as written ("Schedule"); empty if unspecified
  /// `performance_before_tune(us)`, µs. `nullopt` only when the value was
  /// missing or unusable (a diagnostic says so).
  std::optional<double> before_us;
  /// `performance_after_tune(us)`, µs; `nullopt` as for `before_us`.
  std::optional<double> after_us;
  /// `performance_improvement` as written, in percent ("35.35%" → 35.35).
  /// AOE leaves it out when the before-time is 0 or less.
  std::optional<double> reported_improvement_pct;
  InternedString update_mode_raw;  ///< `update_mode` as written, or the list name
};

/// The type(s) of an operator (`op_type`): one type, or several for a fused
/// operator. Reads like a `const std::vector<std::string>` (iterate, index,
/// `size()`, compare with a vector, convert to `const std::vector<std::string>&`).
///
/// Interned: each distinct list of types is stored once per process and
/// shared by every operator that has it, so an operator holds one pointer
/// instead of a vector and its strings. Files hold hundreds of thousands of
/// operators but a few hundred distinct types. The stored lists live until
/// the process ends; interning is thread-safe.
class TypeList {
 public:
  using value_type = std::string;
  using size_type = std::size_t;
  using const_iterator = std::vector<std::string>::const_iterator;
  using iterator = const_iterator;

  /// An empty list.
  TypeList() noexcept;
  /// Interns `types`.
  TypeList(const std::vector<std::string>& types);  // NOLINT: reads like the vector
  /// Interns `types` ({"Conv2D", "Relu"}).
  TypeList(std::initializer_list<std::string_view> types);
  TypeList& operator=(const std::vector<std::string>& types);
  TypeList& operator=(std::initializer_list<std::string_view> types);

  /// The shared list. Valid until the process ends.
  [[nodiscard]] const std::vector<std::string>& list() const noexcept { return *list_; }
  operator const std::vector<std::string>&() const noexcept { return *list_; }  // NOLINT

  [[nodiscard]] const_iterator begin() const noexcept { return list_->begin(); }
  [[nodiscard]] const_iterator end() const noexcept { return list_->end(); }
  [[nodiscard]] std::size_t size() const noexcept { return list_->size(); }
  [[nodiscard]] bool empty() const noexcept { return list_->empty(); }
  [[nodiscard]] const std::string& operator[](std::size_t i) const noexcept { return (*list_)[i]; }
  [[nodiscard]] const std::string& front() const noexcept { return list_->front(); }
  [[nodiscard]] const std::string& back() const noexcept { return list_->back(); }

  /// Appends a type (interns the longer list).
  void push_back(std::string_view type);
  /// Makes the list empty.
  void clear() noexcept;

  /// Equal lists are the same interned list.
  friend bool operator==(const TypeList& a, const TypeList& b) noexcept {
    return a.list_ == b.list_;
  }
  friend bool operator==(const TypeList& a, const std::vector<std::string>& b) {
    return *a.list_ == b;
  }

 private:
  const std::vector<std::string>* list_;
};

/// An operator whose tiling policy was added to or updated in the
/// repository, with one result per tuning mode it was tuned in.
struct Operator {
  std::string name;  ///< `op_name`
  /// `op_type`: one type, or several for a fused operator (6.3+ writes a
  /// JSON array, split on `__`). Shown joined by `+`. Interned (`TypeList`).
  TypeList types;
  std::vector<ModeResult> modes;  ///< in file order; at least one when valid
  std::size_t line = 0;           ///< line where the operator's object began
};

/// `repo_summary`: counts of tiling policies of a report (per policy, so an
/// operator tuned in two modes counts twice). Each counter is `nullopt` when
/// absent or unusable. Invariants (documentation and writer agree):
/// `hit == update + reserved`, `total == add + hit + unsatisfied`.
struct RepoSummary {
  std::optional<std::int64_t> add_num;          ///< `repo_add_num`: new, added
  std::optional<std::int64_t> hit_num;          ///< `repo_hit_num`: already there
  std::optional<std::int64_t> reserved_num;     ///< `repo_reserved_num`: kept
  std::optional<std::int64_t> update_num;       ///< `repo_update_num`: replaced
  std::optional<std::int64_t> unsatisfied_num;  ///< `repo_unsatisfied_num`: no gain
  std::optional<std::int64_t> total_num;        ///< `total_num`: all tuned
  /// 1-based lines of the `repo_hit_num` and `total_num` keys, where the
  /// reader knows them (findings about the sums point there); `nullopt`:
  /// unknown, findings fall back to the report's line.
  std::optional<std::size_t> hit_num_line;
  std::optional<std::size_t> total_num_line;
};

/// Model-level times written by offline-inference runs (all versions).
struct ModelPerformance {
  std::optional<double> baseline_ms;  ///< `model_baseline_performance(ms)`
  std::optional<double> result_ms;    ///< `model_result_performance(ms)`
  /// `model_performance_improvement` as written ("0.31%" → 0.31).
  std::optional<double> reported_improvement_pct;
};

/// A section of a report that is neither `basic` nor `OPAT` (e.g. `SGAT`),
/// or an unknown key inside one: kept verbatim, not interpreted.
struct RawField {
  std::string name;      ///< the section or key name
  std::string raw_json;  ///< its value re-serialised as compact JSON
};

/// One tuning report: a `report_...` entry, or the whole of a list file.
struct Report {
  std::string id;        ///< the report key; `report_1` for a list file
  std::size_t line = 0;  ///< 1-based line where the report began
  bool complete = true;  ///< false when the file was cut off inside it
  /// `basic.tuning_name`: the tuning task's name (often a model name).
  std::optional<std::string> tuning_name;
  /// `basic.tuning_time(s)`, seconds. Absent when the run was interrupted
  /// (core dump, out of memory), or when the value written is no usable
  /// number (then `tuning_time_written` and an `invalid-value` error).
  std::optional<double> tuning_time_s;
  /// `basic.tuning_time(s)` was written, whatever its value: tells a time
  /// not written (an interrupted run) from one written unreadable.
  bool tuning_time_written = false;
  bool has_opat = false;  ///< an OPAT section was present
  Status status = Status::unknown;
  /// The status string as written: key `opat_tune_result` (6.0.1) or
  /// `opat_tuning_result` (6.2+). `nullopt` when absent.
  std::optional<std::string> status_raw;
  /// 1-based line of the status key, where the reader knows it
  /// (`status-incomplete` points there); `nullopt`: unknown.
  std::optional<std::size_t> status_line;
  /// Model-level times; `nullopt` unless one of the model keys was present.
  std::optional<ModelPerformance> model;
  /// `nullopt` when absent: AOE writes it once any operator was reported.
  std::optional<RepoSummary> repo_summary;
  /// `repo_modified_operators`, in file order (6.0.1/6.2: add list, then
  /// update list as they appear). Left out by AOE when nothing changed.
  std::vector<Operator> operators;
  /// `tune_failed_operators` (6.0.1) or `tuning_failed_operators` (6.3+),
  /// as written (duplicates kept). Left out by AOE when empty.
  std::vector<std::string> failed_operators;
  /// Sections not understood, by name with their raw JSON.
  std::vector<RawField> unknown_sections;
  /// Keys inside `basic`, `OPAT` or an operator that are not documented.
  std::vector<RawField> unknown_keys;
};

/// What a file was found to be.
enum class Recognition {
  aoe_result,   ///< an AOE operator-tuning result
  tune_result,  ///< the pre-AOE CANN 5.x "Auto Tune" `tune_result_*.json`
  other,        ///< JSON of another shape, or not JSON at all
};

/// A whole result file as read.
struct ResultFile {
  std::string path;  ///< as given by the user; "-" / "<stdin>" for standard input
  Layout layout = Layout::report_keyed;
  Recognition recognition = Recognition::other;
  /// False when the file ends early (a run still writing, or killed): what
  /// was complete is kept, a partial operator is dropped.
  bool complete = true;
  /// False when nothing could be read: not JSON, not an AOE result, empty,
  /// or cut off before its first report began. Commands exit 3 for it.
  bool readable = false;
  std::vector<Report> reports;          ///< in file order; duplicates kept
  std::vector<Diagnostic> diagnostics;  ///< what the reader found, in order
};

// --- Names of enum values, as written in the JSON/CSV outputs -------------

/// "successful" | "failed" | "incomplete" | "unknown".
[[nodiscard]] std::string_view to_string(Status status) noexcept;
/// "info" | "warning" | "error".
[[nodiscard]] std::string_view to_string(Severity severity) noexcept;
/// "report-keyed" | "list".
[[nodiscard]] std::string_view to_string(Layout layout) noexcept;
/// "Format" | "Schedule" | "Impl" | "other" | "unspecified".
[[nodiscard]] std::string_view to_string(TuningMode mode) noexcept;
/// "add" | "update" | "other" | "unspecified".
[[nodiscard]] std::string_view to_string(UpdateMode mode) noexcept;

/// Maps a status string of any CANN version to a `Status`. Matches the
/// documented spellings exactly, then leniently (case-insensitive words
/// "success", "fail", "incomplete"); anything else is `unknown`.
[[nodiscard]] Status parse_status(std::string_view raw) noexcept;
/// Maps a `tune_performance` key ("Format", "Schedule", "Impl") to a mode;
/// case-insensitive; other names give `TuningMode::other`.
[[nodiscard]] TuningMode parse_tuning_mode(std::string_view raw) noexcept;
/// Maps `update_mode` ("add", "update") to an `UpdateMode`.
[[nodiscard]] UpdateMode parse_update_mode(std::string_view raw) noexcept;

/// The display name of a mode result: `mode_name` when set, else
/// `to_string(mode)`.
[[nodiscard]] std::string mode_label(const ModeResult& result);

/// `types` joined by `+` ("Conv2D+Relu"), as a fused operator's types are
/// written in one cell or matched as one `--type` word.
[[nodiscard]] std::string join_types(const std::vector<std::string>& types);

/// The operator's types joined by `+` ("Conv2D+Relu"): `join_types(op.types)`.
[[nodiscard]] std::string joined_types(const Operator& op);

/// Failed operator names of a report, de-duplicated, in file order.
[[nodiscard]] std::vector<std::string> unique_failed_operators(const Report& report);

}  // namespace aoe
