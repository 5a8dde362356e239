// SPDX-License-Identifier: Apache-2.0
// What every section builder shares: the model being built, the frame
// stack, diagnostics (with the report and operator in scope), raw capture
// of values kept verbatim, and the reading of numbers and percentages with
// their warnings.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "aoe_result/model.hpp"
#include "aoe_result/reader.hpp"

#include "reader/diagnostics.hpp"
#include "reader/frames.hpp"
#include "reader/json_events.hpp"
#include "reader/raw_capture.hpp"
#include "reader/values.hpp"

namespace aoe::internal {

// The last few texts one builder interned (`BuildContext::interned`),
// looked up before the process-wide pool, whose lookup takes a lock and
// hashes the text.
class RecentInterned {
 public:
  const InternedString& get(std::string_view text) {
    for (const InternedString& kept : kept_) {
      if (kept == text) return kept;
    }
    InternedString& slot = kept_[next_];
    next_ = (next_ + 1) % kept_.size();
    slot = InternedString(text);
    return slot;
  }

 private:
  std::array<InternedString, 4> kept_;  // the empty string until used
  std::size_t next_ = 0;                // the one replaced next
};

class BuildContext {
 public:
  BuildContext(ResultFile& out, JsonEvents& events, const ReadOptions& options)
      : out_(out),
        events_(events),
        raw_(options.max_raw_bytes),
        on_operator_(options.on_operator) {}

  [[nodiscard]] ResultFile& out() noexcept { return out_; }
  [[nodiscard]] JsonEvents& events() noexcept { return events_; }
  [[nodiscard]] FrameStack& stack() noexcept { return stack_; }
  [[nodiscard]] Report& current_report() { return out_.reports.back(); }
  /// A complete operator of the current report: kept in it, or handed to
  /// `ReadOptions::on_operator`.
  void keep_operator(Operator&& op) {
    if (on_operator_) {
      on_operator_(out_, out_.reports.back(), std::move(op));
    } else {
      out_.reports.back().operators.push_back(std::move(op));
    }
  }
  [[nodiscard]] TextPosition position() { return events_.position(); }

  // --- Scope of diagnostics
  void set_report_open(bool open) noexcept { report_open_ = open; }
  /// The operator being read (its name goes into diagnostics), or null.
  void set_operator(const Operator* op) noexcept { op_ = op; }
  [[nodiscard]] bool report_open() const noexcept { return report_open_; }

  // --- Diagnostics
  struct Diag {
    Code code;
    Severity severity;
    std::string message;
    std::optional<TextPosition> at;
    bool in_scope = true;  ///< attach the current report/operator
  };
  void add(Diag d);
  /// At the current position (a number's first byte while `on_number` is
  /// set), with the report and operator in scope.
  void add_here(Code code, Severity severity, std::string message);
  /// Set while a number just read is handled: `add_here` points at it.
  void on_number(bool yes) noexcept { on_number_ = yes; }
  /// About the whole file: no position, no scope.
  void add_plain(Code code, Severity severity, std::string message);
  /// "<what> is <found>, expected <expected>; skipped" (an error).
  void invalid(const std::string& what, std::string_view found, std::string_view expected);
  void unknown_section(const std::string& name);

  // --- Raw capture: values kept verbatim, and values skipped
  /// A container is being captured or skipped: its events go to the capture.
  [[nodiscard]] bool capturing() const noexcept { return capture_depth_ > 0; }
  void capture_key(std::string_view k) {
    if (target_ != RawTarget::none) raw_.key(k);
  }
  void capture_value(const Scalar& v, const std::string_view* raw_float) {
    if (target_ != RawTarget::none) raw_.scalar(v, raw_float);
  }
  void capture_open(bool object);
  void capture_close(char c);
  /// Starts keeping (or, with target none, skipping) the container that begins now.
  void capture_container(RawTarget target, std::string name, bool object);
  void capture_scalar(RawTarget target, std::string name, const Scalar& v,
                      const std::string_view* raw_float);
  void skip(bool object) { capture_container(RawTarget::none, {}, object); }
  /// The input ended inside a capture: keeps what was captured; true when
  /// something was being kept (not skipped).
  bool end_cut_capture();
  /// An unknown key of `parent` whose value is `v` (or the container that
  /// begins now), kept as raw JSON with an info diagnostic.
  void keep_unknown_key(const Frame& f, const Scalar& v, const std::string_view* raw_float,
                        const std::string& parent = {});
  void keep_unknown_container(const Frame& f, const std::string& parent, bool object);

  // --- Values
  /// Interns `text`, reusing one of `recent` when the text repeats (the
  /// usual case: every operator says "Schedule" and "add", an operator
  /// tuned in two modes "Format" and "Impl"), so no lock is taken.
  static const InternedString& interned(RecentInterned& recent, std::string_view text) {
    return recent.get(text);
  }
  /// A number, or a string holding one (read with a warning). `where`
  /// names the value in diagnostics: a string, or a callable giving one,
  /// called only when a diagnostic is written.
  template <class Where>
  std::optional<double> read_number(const Scalar& v, const Where& where);
  /// A percentage written as "35.35%"; a bare number or a string without
  /// "%" is read with a warning.
  template <class Where>
  std::optional<double> read_percent(const Scalar& v, const Where& where);

 private:
  template <class Where>
  static std::string where_text(const Where& where) {
    if constexpr (std::is_invocable_v<const Where&>) {
      return where();
    } else {
      return std::string(where);
    }
  }
  void number_warning(const std::string& where, const Scalar& v, const ValueReading& r,
                      bool percent);
  void begin_capture(RawTarget target, std::string name);
  void end_capture();

  ResultFile& out_;
  JsonEvents& events_;
  FrameStack stack_;
  RawWriter raw_;
  /// `ReadOptions::on_operator` (the options outlive the build).
  const std::function<void(const ResultFile&, const Report&, Operator&&)>& on_operator_;
  std::size_t capture_depth_ = 0;
  RawTarget target_ = RawTarget::none;
  std::string capture_name_;
  const Operator* op_ = nullptr;
  bool report_open_ = false;
  bool on_number_ = false;
};

template <class Where>
std::optional<double> BuildContext::read_number(const Scalar& v, const Where& where) {
  const ValueReading r = read_number_value(v);
  if (r.reading == Reading::exact) return r.value;
  number_warning(where_text(where), v, r, false);
  return r.reading == Reading::from_string ? r.value : std::nullopt;
}

template <class Where>
std::optional<double> BuildContext::read_percent(const Scalar& v, const Where& where) {
  const ValueReading r = read_percent_value(v);
  if (r.reading == Reading::exact) return r.value;
  number_warning(where_text(where), v, r, true);
  return r.reading == Reading::bare_number || r.reading == Reading::no_percent_sign ? r.value
                                                                                    : std::nullopt;
}

}  // namespace aoe::internal
