// SPDX-License-Identifier: Apache-2.0
// One builder per section of an AOE report: `basic`, `OPAT`, an operator,
// a tuning-mode result, the repository summary. The document builder
// (document_builder.hpp) routes each event to the builder of the frame on
// top of the stack; a builder reads the key table (keys.hpp) for what the
// value must be and where it goes, pushes the frames of the containers it
// interprets, and commits what it built when its container closes (so a
// section cut off by the end of the file is dropped whole).
//
// Every `open` is called with the frame whose key names the container that
// begins, `object` telling an object from a list; `kind` is "an object" or
// "a list" for messages. Every `scalar` is called with the frame whose key
// names the value; `raw_float` is a floating number's text as written (for
// raw capture), else null.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "reader/build_context.hpp"
#include "string_hash.hpp"

namespace aoe::internal {

/// `basic`: tuning_name, tuning_time(s).
class BasicBuilder {
 public:
  explicit BasicBuilder(BuildContext& ctx) : ctx_(ctx) {}
  void open(const Frame& f, bool object, std::string_view kind);
  void scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float);

 private:
  BuildContext& ctx_;
};

/// `repo_summary`: the repository counters, committed when it closes.
class SummaryBuilder {
 public:
  explicit SummaryBuilder(BuildContext& ctx) : ctx_(ctx) {}
  void begin();
  void open(const Frame& f, bool object, std::string_view kind);
  void scalar(const Frame& f, const Scalar& v);
  void end();
  /// A summary is open (and would be lost if the file ends now).
  [[nodiscard]] bool is_open() const noexcept { return open_; }

 private:
  BuildContext& ctx_;
  RepoSummary summary_;
  bool open_ = false;
};

class OperatorBuilder;

/// A tuning-mode result: `tune_performance.<mode>` (CANN 6.3+), or the
/// figures written on the operator itself (6.0.1/6.2, the "flat" mode).
class ModeBuilder {
 public:
  ModeBuilder(BuildContext& ctx, OperatorBuilder& op) : ctx_(ctx), op_(op) {}
  /// A value of `tune_performance`: the container of one mode.
  void open_mode(const Frame& f, bool object, std::string_view kind);
  /// A value of `tune_performance` that is not a container: not a mode.
  void not_a_mode(const Frame& f, const Scalar& v);
  void open(const Frame& f, bool object, std::string_view kind);
  /// The time keys a mode was written with (read or not), as bits.
  static constexpr unsigned kBeforeKey = 1U;
  static constexpr unsigned kAfterKey = 2U;
  /// The bit of `key` among the time keys; 0 for any other key.
  static unsigned time_key_bit(Key key) noexcept {
    return key == Key::before_us ? kBeforeKey : key == Key::after_us ? kAfterKey : 0U;
  }
  /// A value of the mode `m` (the open mode, or the operator's flat one),
  /// its time keys marked in `seen`.
  void scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float, ModeResult& m,
              unsigned& seen);
  /// The open mode's value.
  void scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float) {
    scalar(f, v, raw_float, mode_, seen_);
  }
  /// A mode (`where()` names it) written without a time key (`seen` lacks
  /// its bit): an `invalid-value` error, since every CANN version writes
  /// both times (format.md) and the operator is left out of every sum. A
  /// key written with a value that is no number was told already. `where`
  /// is called only then: this runs for every mode of every operator, and
  /// the name costs several allocations.
  template <class Where>
  void require_times(unsigned seen, const Where& where) {
    if ((seen & (kBeforeKey | kAfterKey)) != (kBeforeKey | kAfterKey))
      tell_missing_times(seen, where());
  }
  /// The open mode closed: it goes to the operator.
  void end();

 private:
  void tell_missing_times(unsigned seen, const std::string& where);
  unsigned seen_ = 0;  // the open mode's time keys
  BuildContext& ctx_;
  OperatorBuilder& op_;
  ModeResult mode_;
  RecentInterned last_mode_name_;  // the last few of each, to skip the pool's lock
  RecentInterned last_update_mode_;
};

/// An operator entry, committed to the report when it closes.
class OperatorBuilder {
 public:
  OperatorBuilder(BuildContext& ctx, ModeBuilder& modes) : ctx_(ctx), modes_(modes) {}
  /// Opens the operator at `index` (0-based) of `list`; pushes a frame, so
  /// `list` must not be used afterwards.
  void begin(const Frame& list, std::size_t index);
  void open(const Frame& f, bool object, std::string_view kind);
  void scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float);
  /// An element of the op_type list.
  void type_element(const Scalar& v);
  void open_type_element(bool object, std::string_view kind);
  /// The op_type list closed.
  void end_types() { op_.types = types_; }
  void add_mode(ModeResult&& m) { modes_read_.push_back(std::move(m)); }
  void end();
  /// What is lost when the file ends inside the operator.
  [[nodiscard]] std::string lost_text() const;
  /// The file ended inside the operator: it is dropped.
  void drop() noexcept;
  [[nodiscard]] bool is_open() const noexcept { return open_; }
  /// "OPAT.<list>[<index>] ('<name>')", naming the operator in messages.
  [[nodiscard]] std::string path() const;

 private:
  BuildContext& ctx_;
  ModeBuilder& modes_;
  Operator op_;
  std::vector<std::string> types_;  // op_type being read, before interning
  // The operator's modes as they are read; copied to the operator at its
  // end in one allocation of the exact size (the scratch keeps its
  // capacity from operator to operator).
  std::vector<ModeResult> modes_read_;
  // The single types met in this file, interned: an operator's `op_type`
  // costs one hash lookup, not the process-wide pool's lock and lookup.
  std::unordered_map<std::string, TypeList, StringHash, std::equal_to<>> single_types_;
  ModeResult flat_;         // flat 6.0.1/6.2 figures written on the operator itself
  unsigned flat_seen_ = 0;  // its time keys (ModeBuilder::time_key_bit)
  RecentInterned last_list_name_;
  std::size_t index_ = 0;
  std::string_view list_name_;
  bool has_flat_ = false;
  bool open_ = false;
};

/// `OPAT`: the status, the model figures, the operator lists, the failed
/// operators and the repository summary.
class OpatBuilder {
 public:
  OpatBuilder(BuildContext& ctx, OperatorBuilder& ops, SummaryBuilder& summary)
      : ctx_(ctx), ops_(ops), summary_(summary) {}
  void open(const Frame& f, bool object, std::string_view kind);
  void scalar(const Frame& f, const Scalar& v, const std::string_view* raw_float);
  /// `repo_modified_operators` as an object of lists (6.0.1/6.2).
  void open_in_lists(const Frame& f, bool object, std::string_view kind);
  void scalar_in_lists(const Frame& f, const Scalar& v, const std::string_view* raw_float);
  /// A list of operators: an element begins, or is not an operator.
  void open_in_operator_list(Frame& list, bool object, std::string_view kind);
  void scalar_in_operator_list(Frame& list, const Scalar& v);
  /// The failed-operators list.
  void failed_element(const Scalar& v);
  void open_failed_element(bool object, std::string_view kind);

 private:
  BuildContext& ctx_;
  OperatorBuilder& ops_;
  SummaryBuilder& summary_;
};

}  // namespace aoe::internal
