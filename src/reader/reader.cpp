// SPDX-License-Identifier: Apache-2.0
// The streaming reader: the events of json_events.hpp drive a small state
// machine that builds the model directly. See docs/architecture.md.
//
// How a cut-off file is handled: an operator, a tuning-mode result and a
// repository summary are committed only when their object closes, so a
// partial one is dropped; a number is applied only once the next token has
// been read, because a number at the very end of a cut-off file may itself
// be cut ("14" of "145.5"). Strings and literals cannot be cut silently: the
// lexer rejects a missing closing quote or a partial literal.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <deque>
#include <fstream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "aoe_result/reader.hpp"
#include "byte_source.hpp"
#include "reader/frames.hpp"
#include "reader/json_events.hpp"
#include "reader/keys.hpp"
#include "reader/outcome.hpp"
#include "reader/raw_capture.hpp"
#include "reader/values.hpp"
#include "diagnostic_codes.hpp"
#include "text_util.hpp"

namespace aoe {
namespace {

using internal::ByteSource;
using internal::Event;
using internal::EventKind;
using internal::JsonError;
using internal::JsonEvents;
using internal::Ctx;
using internal::Frame;
using internal::FrameStack;
using internal::classify_key;
using internal::Key;
using internal::RawTarget;
using internal::RawWriter;
using internal::Reading;
using internal::Scalar;
using internal::TextPosition;

// The one place a diagnostic is made: its code, severity, message and file.
Diagnostic emit(std::string_view code, Severity severity, std::string message, const std::string& file) {
  Diagnostic d;
  d.code = std::string(code);
  d.severity = severity;
  d.message = std::move(message);
  d.file = file;
  return d;
}

// Longest diagnostic message kept, in bytes.
constexpr std::size_t kMaxMessageBytes = 1024;

class Handler {
 public:
  Handler(ResultFile& out, JsonEvents& events, const ReadOptions& options)
      : out_(out), events_(events), raw_(options.max_raw_bytes) {}

  // --- Events in ------------------------------------------------------------
  // Reads every event of `events`, then decides what the file was.
  void run() {
    for (;;) {
      const Event e = events_.next();
      if (e.kind == EventKind::end || e.kind == EventKind::truncated || e.kind == EventKind::error) {
        finish(e.kind == EventKind::end);
        return;
      }
      flush();
      Scalar v;
      switch (e.kind) {
        case EventKind::begin_object: on_open(true); break;
        case EventKind::begin_array: on_open(false); break;
        case EventKind::end_object: on_close('}'); break;
        case EventKind::end_array: on_close(']'); break;
        case EventKind::key:
          if (capture_depth_ > 0) {
            if (target_ != RawTarget::none) raw_.key(e.text);
          } else {
            on_key(e.text);
          }
          break;
        case EventKind::string:
          v.kind = Scalar::Kind::string;
          v.s = e.text;
          on_scalar(v, nullptr);
          break;
        case EventKind::boolean:
          v.kind = Scalar::Kind::boolean;
          v.b = e.boolean;
          on_scalar(v, nullptr);
          break;
        case EventKind::null: on_scalar(v, nullptr); break;
        case EventKind::unsigned_integer:
          v.kind = Scalar::Kind::unsigned_;
          v.u = e.unsigned_integer;
          pending_ = v;
          break;
        case EventKind::integer:
          v.kind = Scalar::Kind::integer;
          v.i = e.integer;
          pending_ = v;
          break;
        case EventKind::floating:
          v.kind = Scalar::Kind::floating;
          v.d = e.floating;
          pending_ = v;
          pending_raw_.assign(e.text);
          break;
        default: break;
      }
    }
  }

  // --- After the parse ----------------------------------------------------
  void finish(bool parsed_ok) {
    // The tokenizer stops early (before asking for a byte past the end) at
    // an error, and at a NUL byte outside a string, which it takes for the
    // end of the input: what follows must not be dropped silently.
    const JsonError& error = events_.error();
    const bool stopped_early = parsed_ok ? events_.stopped_at_nul() : !error.hit_end;
    const bool overflow = !parsed_ok && error.kind == internal::ErrorKind::number_overflow;
    if (parsed_ok) flush();
    if (parsed_ok && !stopped_early) {
      out_.complete = true;
    } else if (parsed_ok || root_closed_) {
      after_document(parsed_ok);
    } else if (!stopped_early && !overflow) {
      on_truncated(events_.position());
    } else if (const TextPosition p = events_.position(); error.last_byte_nul && events_.rest_is_zero()) {
      on_truncated(p, "; the rest of the file is zero bytes (a write cut short by a crash)");
    } else {
      std::string message = "invalid JSON: " + describe(error) + expectation(error);
      TextPosition at = p;
      if (overflow) {
        message = "invalid JSON: the number " + shorten_for_message(error.number, 40) +
                  " is out of range (beyond ±1.8e308, the largest a double holds)";
        // Point at the number's first digit: the tokenizer read one byte
        // past it (unless the input ended there).
        std::size_t back = error.number.size();
        if (!stopped_early && back > 0) --back;
        if (at.column > back) at.column -= back;
      }
      add({codes::invalid_json, Severity::error, std::move(message), at, false});
      invalid_json_ = true;
    }
    if (events_.read_failed()) {
      add_plain(codes::io_error, Severity::error,
                "reading failed part-way; what was read before is kept");
    }
    decide_recognition();
  }

 private:
  // A diagnostic under construction; the report and operator in scope are
  // filled in from the parse state.
  struct Diag {
    std::string_view code;
    Severity severity;
    std::string message;
    std::optional<TextPosition> at;
    bool in_scope = true;  // attach the current report/operator
  };

  void add(Diag d) {
    // Every piece taken from the file is shortened where it is quoted; this
    // bounds what is left (paths built of several such pieces).
    Diagnostic out = emit(d.code, d.severity,
                          d.message.size() > kMaxMessageBytes ? shorten_for_message(d.message, kMaxMessageBytes)
                                                              : std::move(d.message),
                          out_.path);
    if (d.in_scope && report_open_) out.report = current_report().id;
    if (d.in_scope && op_open_ && !op_.name.empty()) out.op = op_.name;
    if (d.at) {
      out.line = d.at->line;
      out.column = d.at->column;
    }
    out_.diagnostics.push_back(std::move(out));
  }
  void add_here(std::string_view code, Severity severity, std::string message) {
    add({code, severity, std::move(message), events_.position(), true});
  }
  void add_plain(std::string_view code, Severity severity, std::string message) {
    add({code, severity, std::move(message), std::nullopt, false});
  }

  // Interns `text`, reusing `last` when the text repeats (the usual case:
  // every operator says "Schedule" and "add"), so no lock is taken.
  static const InternedString& interned(InternedString& last, std::string_view text) {
    if (!(last == text)) last = InternedString(text);
    return last;
  }

  Report& current_report() { return out_.reports.back(); }
  Frame& top() { return stack_.back(); }

  // A number is applied only when the next event shows it was not cut off.
  void flush() {
    if (!pending_) return;
    Scalar v = *pending_;
    pending_.reset();
    on_scalar(v, v.kind == Scalar::Kind::floating ? &pending_raw_ : nullptr);
  }

  // --- Capturing values kept verbatim, and skipping unusable ones ---------
  void begin_capture(RawTarget target, std::string name) {
    target_ = target;
    capture_name_ = std::move(name);
    raw_.reset();
  }
  void end_capture() {
    if (target_ == RawTarget::none) return;
    const bool cut = raw_.cut();
    RawField field{std::move(capture_name_), raw_.take()};
    if (cut) {
      add_here(codes::invalid_value, Severity::warning,
               "the value of '" + shorten_for_message(field.name) +
                   "' is too large to keep whole; it was kept cut short");
    }
    if (target_ == RawTarget::unknown_section) {
      current_report().unknown_sections.push_back(std::move(field));
    } else {
      current_report().unknown_keys.push_back(std::move(field));
    }
    target_ = RawTarget::none;
  }
  // Starts keeping (or, with target none, skipping) the value that begins now.
  void capture_container(RawTarget target, std::string name, bool object) {
    begin_capture(target, std::move(name));
    if (target != RawTarget::none) raw_.open(object ? '{' : '[');
    capture_depth_ = 1;
  }
  void capture_scalar(RawTarget target, std::string name, const Scalar& v,
                      const std::string* raw_float) {
    if (target == RawTarget::none) return;
    begin_capture(target, std::move(name));
    raw_.scalar(v, raw_float);
    end_capture();
  }

  // --- Events -------------------------------------------------------------
  bool on_scalar(const Scalar& v, const std::string* raw_float) {
    if (capture_depth_ > 0) {
      if (target_ != RawTarget::none) raw_.scalar(v, raw_float);
      return true;
    }
    if (stack_.empty()) {
      root_kind_ = describe(v);
      root_closed_ = true;
      return true;
    }
    Frame& f = top();
    switch (f.ctx) {
      case Ctx::root_object:
        non_report_value(f.name, describe(v));
        break;
      case Ctx::foreign_object:
        break;
      case Ctx::report:
        bad_section_element(f, describe(v));
        break;
      case Ctx::sections:
        if (f.key == Key::basic || f.key == Key::opat) {
          invalid(std::string(f.key == Key::basic ? "basic" : "OPAT"), describe(v),
                  "an object");
        } else {
          unknown_section(f.name);
          capture_scalar(RawTarget::unknown_section, f.name, v, raw_float);
        }
        break;
      case Ctx::basic:
        scalar_in_basic(f, v, raw_float);
        break;
      case Ctx::opat:
        scalar_in_opat(f, v, raw_float);
        break;
      case Ctx::modified_flat:
        if (f.key == Key::add_list || f.key == Key::update_list) {
          invalid(f.name, describe(v), "a list of operators");
        } else {
          keep_unknown_key(f, v, raw_float);
        }
        break;
      case Ctx::operator_list:
        invalid(std::string(f.list_name) + " element " + std::to_string(f.index + 1),
                describe(v), "an operator object");
        ++f.index;
        break;
      case Ctx::op_entry:
        scalar_in_op(f, v, raw_float);
        break;
      case Ctx::op_type_list:
        if (v.kind == Scalar::Kind::string) {
          types_.emplace_back(v.s);  // interned when the list closes
        } else {
          invalid("an element of op_type", describe(v), "a string");
        }
        break;
      case Ctx::tune_performance:
        invalid("tuning mode '" + shorten_for_message(f.name) + "'", describe(v), "an object");
        break;
      case Ctx::mode:
        scalar_in_mode(f, v, raw_float, mode_);
        break;
      case Ctx::failed_list:
        if (v.kind == Scalar::Kind::string) {
          current_report().failed_operators.emplace_back(v.s);
        } else {
          invalid("an element of the failed-operators list", describe(v), "a string");
        }
        break;
      case Ctx::summary:
        scalar_in_summary(f, v);
        break;
    }
    return true;
  }

  void on_key(std::string_view k) {
    Frame& f = top();
    switch (f.ctx) {
      case Ctx::root_object:
        // A report key, whatever its value: a report that is not a list is
        // an AOE file with a broken report, not another format.
        if (k.rfind("report_", 0) == 0) saw_report_key_ = true;
        f.name.assign(k);
        f.key = Key::unknown;
        return;
      case Ctx::tune_performance:
        f.name.assign(k);
        f.key = Key::unknown;
        return;
      case Ctx::foreign_object:
        if (k == "result_data" || k == "status_data") saw_tune_result_ = true;
        return;
      default:
        break;
    }
    f.key = classify_key(k);
    if (f.key == Key::unknown) {
      f.name.assign(k);
      return;
    }
    const auto bit = std::uint64_t{1} << static_cast<unsigned>(f.key);
    if ((f.seen & bit) != 0) {
      add_here(codes::duplicate_key, Severity::warning,
               "key '" + shorten_for_message(k) + "' appears twice in one object; the last value is used");
    }
    f.seen |= bit;
    f.name.assign(k);
  }

  bool on_open(bool object) {
    if (capture_depth_ > 0) {
      ++capture_depth_;
      if (target_ != RawTarget::none) raw_.open(object ? '{' : '[');
      return true;
    }
    if (stack_.empty()) {
      root_seen_ = true;
      if (object) {
        out_.layout = Layout::report_keyed;
        stack_.emplace_back(Ctx::root_object);
      } else {
        out_.layout = Layout::list;
        begin_report("report_1");
        stack_.emplace_back(Ctx::report);
      }
      return true;
    }
    Frame& f = top();
    const std::string_view kind = object ? "an object" : "a list";
    switch (f.ctx) {
      case Ctx::root_object:
        if (object) {
          non_report_value(f.name, kind);
          stack_.emplace_back(Ctx::foreign_object);
        } else {
          if (f.name.rfind("report_", 0) == 0) saw_report_key_ = true;
          begin_report(f.name);
          stack_.emplace_back(Ctx::report);
        }
        return true;
      case Ctx::foreign_object:
        skip(object);
        return true;
      case Ctx::report:
        if (object) {
          ++f.index;
          stack_.emplace_back(Ctx::sections);
        } else {
          bad_section_element(f, kind);
          skip(object);
        }
        return true;
      case Ctx::sections:
        if (f.key == Key::basic || f.key == Key::opat) {
          if (!object) {
            invalid(f.name, kind, "an object");
            skip(object);
            return true;
          }
          saw_aoe_section_ = true;
          if (const auto bit = f.key == Key::basic ? 1U : 2U; (report_sections_ & bit) != 0) {
            add_here(codes::duplicate_key, Severity::warning,
                     "section '" + f.name + "' appears again in this report; its values are "
                     "merged with the earlier one's, a repeated key taking the later value");
          } else {
            report_sections_ |= bit;
          }
          if (f.key == Key::opat) current_report().has_opat = true;
          stack_.emplace_back(f.key == Key::basic ? Ctx::basic : Ctx::opat);
        } else {
          unknown_section(f.name);
          capture_container(RawTarget::unknown_section, f.name, object);
        }
        return true;
      case Ctx::basic:
        if (f.key == Key::tuning_name || f.key == Key::tuning_time_s) {
          invalid("basic." + f.name, kind, f.key == Key::tuning_name ? "a string" : "a number");
          skip(object);
        } else {
          keep_unknown_container(f, "basic", object);
        }
        return true;
      case Ctx::opat:
        open_in_opat(f, object, kind);
        return true;
      case Ctx::modified_flat:
        if (f.key == Key::add_list || f.key == Key::update_list) {
          if (object) {
            invalid(f.name, kind, "a list of operators");
            skip(object);
          } else {
            Frame list(Ctx::operator_list);
            list.list_mode = f.key == Key::add_list ? UpdateMode::add : UpdateMode::update;
            list.list_name = f.key == Key::add_list ? "add_repo_operators" : "update_repo_operators";
            stack_.push_back(list);
          }
        } else {
          keep_unknown_container(f, "OPAT.repo_modified_operators", object);
        }
        return true;
      case Ctx::operator_list:
        // Count the element before begin_operator() pushes a frame: that
        // can move the stack and leave `f` dangling.
        ++f.index;
        if (object) {
          begin_operator(f, f.index - 1);
        } else {
          invalid(std::string(f.list_name) + " element " + std::to_string(f.index), kind,
                  "an operator object");
          skip(object);
        }
        return true;
      case Ctx::op_entry:
        open_in_op(f, object, kind);
        return true;
      case Ctx::op_type_list:
        invalid("an element of op_type", kind, "a string");
        skip(object);
        return true;
      case Ctx::tune_performance:
        if (object) {
          mode_ = ModeResult{};
          mode_.mode_name = interned(last_mode_name_, f.name);
          mode_.mode = parse_tuning_mode(f.name);
          stack_.emplace_back(Ctx::mode);
        } else {
          invalid("tuning mode '" + shorten_for_message(f.name) + "'", kind, "an object");
          skip(object);
        }
        return true;
      case Ctx::mode:
        if (f.key == Key::unknown) {
          keep_unknown_container(f, op_path() + ".tune_performance." + mode_.mode_name, object);
        } else {
          invalid(op_path() + "." + mode_.mode_name + "." + f.name, kind, "a number or string");
          skip(object);
        }
        return true;
      case Ctx::failed_list:
        invalid("an element of the failed-operators list", kind, "a string");
        skip(object);
        return true;
      case Ctx::summary:
        if (f.key == Key::unknown) {
          keep_unknown_container(f, "OPAT.repo_summary", object);
        } else {
          invalid("repo_summary." + f.name, kind, "a whole number");
          skip(object);
        }
        return true;
    }
    return true;
  }

  bool on_close(char c) {
    if (capture_depth_ > 0) {
      if (target_ != RawTarget::none) raw_.close(c);
      if (--capture_depth_ == 0) end_capture();
      return true;
    }
    if (stack_.empty()) return true;  // not reached: the parser pairs brackets
    const Ctx ctx = stack_.back().ctx;
    stack_.pop_back();
    if (stack_.empty()) root_closed_ = true;
    switch (ctx) {
      case Ctx::report:
        current_report().complete = true;
        // Growth by doubling leaves up to half of the operator vector
        // unused; a 300,000-operator file would carry megabytes of slack.
        current_report().operators.shrink_to_fit();
        report_open_ = false;
        break;
      case Ctx::op_entry:
        end_operator();
        break;
      case Ctx::mode:
        op_.modes.push_back(std::move(mode_));
        break;
      case Ctx::op_type_list:
        op_.types = types_;
        break;
      case Ctx::summary:
        current_report().repo_summary = summary_;
        summary_open_ = false;
        break;
      default:
        break;
    }
    return true;
  }

  // --- Pieces of the state machine ----------------------------------------
  void begin_report(const std::string& id) {
    Report r;
    r.id = id;
    r.line = events_.position().line;
    r.complete = false;
    out_.reports.push_back(std::move(r));
    report_open_ = true;
    report_sections_ = 0;
    if (!report_ids_.insert(id).second) {
      add_here(codes::duplicate_report_id, Severity::warning,
               "report id '" + shorten_for_message(id) + "' appears more than once; every report is kept");
    }
  }

  // Opens the operator at `index` (0-based) of `list`; pushes a frame, so
  // `list` must not be used afterwards.
  void begin_operator(const Frame& list, std::size_t index) {
    op_ = Operator{};
    op_.line = events_.position().line;
    flat_ = ModeResult{};
    flat_.update_mode = list.list_mode;
    flat_.update_mode_raw = interned(last_list_name_, list.list_name);
    has_flat_ = false;
    op_open_ = true;
    op_index_ = index;
    op_list_name_ = list.list_name.empty() ? "repo_modified_operators" : list.list_name;
    stack_.emplace_back(Ctx::op_entry);
  }

  void end_operator() {
    if (has_flat_) op_.modes.insert(op_.modes.begin(), std::move(flat_));
    if (op_.name.empty()) {
      add_here(codes::invalid_value, Severity::error,
               op_path() + " has no op_name; kept without a name");
    }
    if (op_.modes.empty()) {
      add_here(codes::invalid_value, Severity::warning,
               op_path() + " has no performance figures");
    }
    current_report().operators.push_back(std::move(op_));
    op_open_ = false;
  }

  [[nodiscard]] std::string op_path() const {
    std::string s = "OPAT.";
    s += op_list_name_;
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on
    // "[" + std::string&& once this is inlined.
    s += '[';
    s += std::to_string(op_index_);
    s += ']';
    if (!op_.name.empty()) {
      s += " ('";
      s += shorten_for_message(op_.name);
      s += "')";
    }
    return s;
  }

  void open_in_opat(Frame& f, bool object, std::string_view kind) {
    switch (f.key) {
      case Key::modified_operators:
        if (object) {
          stack_.emplace_back(Ctx::modified_flat);
        } else {
          Frame list(Ctx::operator_list);
          list.list_name = "repo_modified_operators";
          stack_.push_back(list);
        }
        return;
      case Key::failed_601:
      case Key::failed:
        if (object) {
          invalid("OPAT." + f.name, kind, "a list of operator names");
          skip(object);
        } else {
          stack_.emplace_back(Ctx::failed_list);
        }
        return;
      case Key::repo_summary:
        if (object) {
          summary_ = RepoSummary{};
          summary_open_ = true;
          stack_.emplace_back(Ctx::summary);
        } else {
          invalid("OPAT.repo_summary", kind, "an object of counters");
          skip(object);
        }
        return;
      case Key::unknown:
        keep_unknown_container(f, "OPAT", object);
        return;
      default:
        invalid("OPAT." + f.name, kind, "a string or a number");
        skip(object);
        return;
    }
  }

  void open_in_op(Frame& f, bool object, std::string_view kind) {
    switch (f.key) {
      case Key::op_type:
        if (object) {
          invalid(op_path() + ".op_type", kind, "a string or a list of strings");
          skip(object);
        } else {
          op_.types.clear();
          types_.clear();
          stack_.emplace_back(Ctx::op_type_list);
        }
        return;
      case Key::tune_performance:
        if (object) {
          stack_.emplace_back(Ctx::tune_performance);
        } else {
          invalid(op_path() + ".tune_performance", kind, "an object of tuning modes");
          skip(object);
        }
        return;
      case Key::unknown:
        keep_unknown_container(f, op_path(), object);
        return;
      default:
        invalid(op_path() + "." + f.name, kind, "a string or a number");
        skip(object);
        return;
    }
  }

  void scalar_in_basic(Frame& f, const Scalar& v, const std::string* raw_float) {
    Report& r = current_report();
    switch (f.key) {
      case Key::tuning_name:
        if (v.kind == Scalar::Kind::string) {
          r.tuning_name = std::string(v.s);
        } else {
          invalid("basic.tuning_name", describe(v), "a string");
        }
        return;
      case Key::tuning_time_s:
        r.tuning_time_s = read_number(v, "basic.tuning_time(s)");
        return;
      default:
        keep_unknown_key(f, v, raw_float, "basic");
        return;
    }
  }

  void scalar_in_opat(Frame& f, const Scalar& v, const std::string* raw_float) {
    Report& r = current_report();
    switch (f.key) {
      case Key::status_601:
      case Key::status:
        if (v.kind == Scalar::Kind::string) {
          r.status = parse_status(v.s);
          if (r.status == Status::unknown) {
            add_here(codes::unknown_status, Severity::warning,
                     "status '" + shorten_for_message(v.s) + "' is not a documented spelling; read as unknown");
          }
          r.status_raw = std::string(v.s);
        } else {
          invalid("OPAT." + f.name, describe(v), "a string");
        }
        return;
      case Key::model_baseline_ms:
        model(r).baseline_ms = read_number(v, "OPAT." + f.name);
        return;
      case Key::model_result_ms:
        model(r).result_ms = read_number(v, "OPAT." + f.name);
        return;
      case Key::model_improvement:
        model(r).reported_improvement_pct = read_percent(v, "OPAT." + f.name);
        return;
      case Key::modified_operators:
        invalid("OPAT.repo_modified_operators", describe(v), "a list or an object of lists");
        return;
      case Key::failed_601:
      case Key::failed:
        invalid("OPAT." + f.name, describe(v), "a list of operator names");
        return;
      case Key::repo_summary:
        invalid("OPAT.repo_summary", describe(v), "an object of counters");
        return;
      default:
        keep_unknown_key(f, v, raw_float, "OPAT");
        return;
    }
  }

  void scalar_in_op(Frame& f, const Scalar& v, const std::string* raw_float) {
    switch (f.key) {
      case Key::op_name:
        if (v.kind == Scalar::Kind::string) {
          op_.name = v.s;
        } else {
          invalid(op_path() + ".op_name", describe(v), "a string");
        }
        return;
      case Key::op_type:
        if (v.kind == Scalar::Kind::string) {
          // Interned: the scratch vector keeps its capacity, and a type
          // seen before costs a hash lookup, no allocation.
          types_.resize(1);
          types_[0].assign(v.s);
          op_.types = types_;
        } else {
          invalid(op_path() + ".op_type", describe(v), "a string or a list of strings");
        }
        return;
      case Key::before_us:
      case Key::after_us:
      case Key::improvement:
      case Key::update_mode:
        has_flat_ = true;
        scalar_in_mode(f, v, raw_float, flat_);
        return;
      case Key::tune_performance:
        invalid(op_path() + ".tune_performance", describe(v), "an object of tuning modes");
        return;
      default:
        keep_unknown_key(f, v, raw_float, op_path());
        return;
    }
  }

  void scalar_in_mode(Frame& f, const Scalar& v, const std::string* raw_float,
                      ModeResult& m) {
    // Built only when a diagnostic needs it: this runs for every figure of
    // every operator, and the text costs several allocations.
    const auto where = [&] {
      return op_path() + (m.mode_name.empty() ? "" : "." + shorten_for_message(m.mode_name)) +
             "." + shorten_for_message(f.name);
    };
    switch (f.key) {
      case Key::before_us:
        m.before_us = read_number(v, where);
        return;
      case Key::after_us:
        m.after_us = read_number(v, where);
        return;
      case Key::improvement:
        m.reported_improvement_pct = read_percent(v, where);
        return;
      case Key::update_mode:
        if (v.kind == Scalar::Kind::string) {
          m.update_mode = parse_update_mode(v.s);
          m.update_mode_raw = interned(last_update_mode_, v.s);
        } else {
          invalid(where(), describe(v), "\"add\" or \"update\"");
        }
        return;
      default:
        keep_unknown_key(f, v, raw_float,
                         op_path() + (m.mode_name.empty() ? "" : ".tune_performance." + m.mode_name));
        return;
    }
  }

  void scalar_in_summary(Frame& f, const Scalar& v) {
    std::optional<std::int64_t>* slot = nullptr;
    switch (f.key) {
      case Key::repo_add_num: slot = &summary_.add_num; break;
      case Key::repo_hit_num: slot = &summary_.hit_num; break;
      case Key::repo_reserved_num: slot = &summary_.reserved_num; break;
      case Key::repo_unsatisfied_num: slot = &summary_.unsatisfied_num; break;
      case Key::repo_update_num: slot = &summary_.update_num; break;
      case Key::total_num: slot = &summary_.total_num; break;
      default:
        keep_unknown_key(f, v, nullptr, "OPAT.repo_summary");
        return;
    }
    const std::string where = "repo_summary." + f.name;
    const std::optional<double> d = read_number(v, where);
    if (!d) return;
    const std::optional<std::int64_t> whole = internal::whole_number(*d);
    if (!whole) {
      add_here(codes::invalid_value, Severity::error,
               where + " is " + format_number(*d) + ", expected a whole number; ignored");
      return;
    }
    *slot = *whole;
  }

  static ModelPerformance& model(Report& r) {
    if (!r.model) r.model.emplace();
    return *r.model;
  }

  // `where` names a value in diagnostics: a string, or a callable giving
  // one, called only when a diagnostic is written.
  template <class Where>
  static std::string where_text(const Where& where) {
    if constexpr (std::is_invocable_v<const Where&>) {
      return where();
    } else {
      return std::string(where);
    }
  }

  // A number, or a string holding one (read with a warning).
  template <class Where>
  std::optional<double> read_number(const Scalar& v, const Where& where_in) {
    const internal::ValueReading r = internal::read_number_value(v);
    switch (r.reading) {
      case Reading::exact: return r.value;
      case Reading::from_string:
        add_here(codes::number_as_string, Severity::warning,
                 where_text(where_in) + " is written as the string \"" + shorten_for_message(v.s) +
                     "\"; read as " + format_number(*r.value));
        return r.value;
      case Reading::not_a_number:
        add_here(codes::invalid_value, Severity::error,
                 where_text(where_in) + " is \"" + shorten_for_message(v.s) + "\", which is not a number; ignored");
        return std::nullopt;
      default:
        invalid(where_text(where_in), describe(v), "a number");
        return std::nullopt;
    }
  }

  // A percentage written as "35.35%"; a bare number or a string without
  // "%" is read with a warning.
  template <class Where>
  std::optional<double> read_percent(const Scalar& v, const Where& where_in) {
    const internal::ValueReading r = internal::read_percent_value(v);
    switch (r.reading) {
      case Reading::exact: return r.value;
      case Reading::bare_number:
        add_here(codes::number_as_string, Severity::warning,
                 where_text(where_in) + " is the number " + format_number(*r.value) +
                     ", not a string like \"35.35%\"; read as percent");
        return r.value;
      case Reading::no_percent_sign:
        add_here(codes::number_as_string, Severity::warning,
                 where_text(where_in) + " is \"" + shorten_for_message(v.s) + "\" without '%'; read as " +
                     format_number(*r.value) + "%");
        return r.value;
      case Reading::not_a_number:
        add_here(codes::invalid_value, Severity::error,
                 where_text(where_in) + " is \"" + shorten_for_message(v.s) +
                     "\", which is not a percentage; ignored");
        return std::nullopt;
      default:
        invalid(where_text(where_in), describe(v), "a percentage string like \"35.35%\"");
        return std::nullopt;
    }
  }

  void invalid(const std::string& what, std::string_view found, std::string_view expected) {
    add_here(codes::invalid_value, Severity::error,
             what + " is " + std::string(found) + ", expected " + std::string(expected) +
                 "; skipped");
  }

  void skip(bool object) { capture_container(RawTarget::none, {}, object); }

  void unknown_section(const std::string& name) {
    add_here(codes::unknown_section, Severity::info,
             "section '" + shorten_for_message(name) + "' is not interpreted; it is kept as raw JSON");
  }

  void keep_unknown_key(Frame& f, const Scalar& v, const std::string* raw_float,
                        const std::string& parent = {}) {
    const std::string path = parent.empty() ? f.name : parent + "." + f.name;
    add_here(codes::unknown_key, Severity::info,
             "key '" + shorten_for_message(path, 160) + "' is not interpreted; it is kept as raw JSON");
    capture_scalar(RawTarget::unknown_key, path, v, raw_float);
  }
  void keep_unknown_container(Frame& f, const std::string& parent, bool object) {
    const std::string path = parent + "." + f.name;
    add_here(codes::unknown_key, Severity::info,
             "key '" + shorten_for_message(path, 160) + "' is not interpreted; it is kept as raw JSON");
    capture_container(RawTarget::unknown_key, path, object);
  }

  // A root-level value that is not a list of sections: either a broken
  // report or a sign of another format; decided at the end.
  void non_report_value(const std::string& id, std::string_view kind) {
    const TextPosition p = events_.position();
    bad_roots_.push_back({"report '" + shorten_for_message(id) + "' is " + std::string(kind) +
                              ", expected a list of sections; skipped",
                          p});
  }

  void bad_section_element(Frame& f, std::string_view kind) {
    ++f.index;
    invalid("element " + std::to_string(f.index) + " of report '" +
                shorten_for_message(current_report().id) + "'",
            kind, "an object holding one section");
  }

  // What was expected, where the tokenizer's message does not say.
  [[nodiscard]] static const char* expectation(const JsonError& error) {
    if (error.lex == internal::LexError::ill_formed_utf8) {
      return "; expected UTF-8 text (JSON is UTF-8, RFC 8259)";
    }
    if (error.lex == internal::LexError::invalid_literal) {
      return "; expected a JSON value (an object, a list, a string, a number, true, false or "
             "null)";
    }
    return "";
  }

  // The document closed, then something followed: a NUL byte (which the
  // parser takes for the end) or other data. The document is kept; zero
  // bytes are padding (a warning), anything else is an error.
  void after_document(bool stopped_at_nul) {
    const TextPosition p = events_.position();
    out_.complete = true;
    if (stopped_at_nul && events_.rest_is_zero()) {
      add({codes::invalid_json, Severity::warning,
           "the JSON document is followed by zero bytes (padding); they are ignored", p, false});
      return;
    }
    std::string message = "unexpected data after the end of the JSON document";
    if (!stopped_at_nul) message += " (" + describe(events_.error()) + ")";
    message += "; the document before it is kept, the rest is not read";
    add({codes::invalid_json, Severity::error, std::move(message), p, false});
  }


  // The file ended (at `p`) inside the document; `why` adds to the message.
  void on_truncated(TextPosition p, std::string_view why = {}) {
    out_.complete = false;
    std::string lost;
    if (pending_) lost += "a number cut short was not used; ";
    pending_.reset();
    if (op_open_) {
      lost += op_.name.empty() ? "the operator being written was dropped"
                               : "operator '" + shorten_for_message(op_.name) + "' was cut off and dropped";
      lost += "; ";
    }
    if (summary_open_) lost += "the cut-off repo_summary was dropped; ";
    if (capture_depth_ > 0 && target_ != RawTarget::none) {
      end_capture();
      lost += "a raw value kept so far is incomplete; ";
    }
    std::string message = "the file ends early (a run still writing, or killed)";
    message += why;
    if (!out_.reports.empty()) {
      message += "; " + std::to_string(out_.reports.size()) + " report(s) kept";
    }
    if (!lost.empty()) {
      lost.resize(lost.size() - 2);
      message += "; " + lost;
    }
    // Keep the report id but not an operator: the operator was dropped.
    op_open_ = false;
    add({codes::truncated, Severity::error, message, p, true});
  }

  // What the file was (outcome.hpp), applied to the model.
  void decide_recognition() {
    internal::OutcomeFacts facts;
    facts.saw_aoe_section = saw_aoe_section_;
    facts.saw_report_key = saw_report_key_;
    facts.saw_tune_result = saw_tune_result_;
    facts.invalid_json = invalid_json_;
    facts.root_seen = root_seen_;
    facts.root_kind = root_kind_;
    facts.complete = out_.complete;
    facts.layout = out_.layout;
    facts.has_reports = !out_.reports.empty();
    const internal::Outcome outcome = internal::decide_outcome(facts);
    out_.recognition = outcome.recognition;
    out_.readable = outcome.readable;
    if (outcome.report_bad_roots) {
      for (auto& [message, at] : bad_roots_) {
        add({codes::invalid_value, Severity::error, message, at, false});
      }
    }
    if (!outcome.keep_reports) out_.reports.clear();
    if (outcome.keep != internal::KeepDiagnostics::all) {
      std::vector<Diagnostic> keep;
      for (auto& d : out_.diagnostics) {
        const bool io = d.code == codes::io_error;
        const bool syntax = d.code == codes::invalid_json;
        if (io && outcome.keep != internal::KeepDiagnostics::none) keep.push_back(std::move(d));
        if (syntax && outcome.keep == internal::KeepDiagnostics::invalid_json_and_io) keep.push_back(std::move(d));
      }
      out_.diagnostics = std::move(keep);
    }
    if (outcome.code) add_plain(*outcome.code, Severity::error, outcome.message);
  }

  ResultFile& out_;
  JsonEvents& events_;
  FrameStack stack_;
  std::optional<Scalar> pending_;
  std::string pending_raw_;
  RawWriter raw_;
  std::size_t capture_depth_ = 0;
  RawTarget target_ = RawTarget::none;
  std::string capture_name_;

  Operator op_;
  std::vector<std::string> types_;  // op_type being read, before interning
  InternedString last_mode_name_;   // the last of each, to skip the pool's lock
  InternedString last_update_mode_;
  InternedString last_list_name_;
  ModeResult flat_;  // flat 6.0.1/6.2 figures written on the operator itself
  bool has_flat_ = false;
  ModeResult mode_;
  RepoSummary summary_;
  bool op_open_ = false;
  bool summary_open_ = false;
  bool report_open_ = false;
  unsigned report_sections_ = 0;  // bit 1: basic seen in the open report, bit 2: OPAT
  std::size_t op_index_ = 0;
  std::string_view op_list_name_;

  std::unordered_set<std::string> report_ids_;
  std::vector<std::pair<std::string, TextPosition>> bad_roots_;
  bool root_seen_ = false;
  bool root_closed_ = false;  // the root value ended (anything after it is extra)
  std::string_view root_kind_;
  bool saw_aoe_section_ = false;
  bool saw_report_key_ = false;
  bool saw_tune_result_ = false;
  bool invalid_json_ = false;
};

Diagnostic file_diagnostic(std::string_view code, std::string message, const std::string& path) {
  return emit(code, Severity::error, std::move(message), path);
}

ResultFile parse(ByteSource& source, std::string display_path, const ReadOptions& options) {
  ResultFile out;
  out.path = std::move(display_path);
  JsonEvents events(source);
  Handler handler(out, events, options);
  handler.run();
  return out;
}

}  // namespace

ResultFile read_result_text(std::string_view text, std::string display_path,
                            const ReadOptions& options) {
  ByteSource source(text);
  return parse(source, std::move(display_path), options);
}

ResultFile read_result_stream(std::istream& in, std::string display_path,
                              const ReadOptions& options) {
  ByteSource source(in, options.chunk_bytes);
  return parse(source, std::move(display_path), options);
}

ResultFile read_result_file(const std::filesystem::path& path, const ReadOptions& options) {
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  if (!in || std::filesystem::is_directory(path, ec)) {
    ResultFile out;
    out.path = path.string();
    std::string why = std::filesystem::exists(path, ec) ? "cannot be read" : "does not exist";
    if (std::filesystem::is_directory(path, ec)) why = "is a directory";
    out.diagnostics.push_back(file_diagnostic(codes::io_error, "the file " + why, out.path));
    return out;
  }
  return read_result_stream(in, path.string(), options);
}

ResultFile load_result_file(const std::filesystem::path& path, const ReadOptions& options) {
  ResultFile file = read_result_file(path, options);
  if (file.readable) return file;
  for (const Diagnostic& d : file.diagnostics) {
    if (d.severity == Severity::error) throw InputError(file.path, d.message, d.line, d.column);
  }
  throw InputError(file.path, "nothing could be read");
}

}  // namespace aoe
