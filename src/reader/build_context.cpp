// SPDX-License-Identifier: Apache-2.0
#include "reader/build_context.hpp"

#include <utility>

#include "diagnostic_codes.hpp"
#include "text_util.hpp"

namespace aoe::internal {
namespace {

// Longest diagnostic message kept, in bytes.
constexpr std::size_t kMaxMessageBytes = 1024;

}  // namespace

// --- Diagnostics ---------------------------------------------------------------

void BuildContext::add(Diag d) {
  // Every piece taken from the file is shortened where it is quoted; this
  // bounds what is left (paths built of several such pieces).
  Diagnostic out = make_diagnostic(d.code, d.severity,
                                   d.message.size() > kMaxMessageBytes
                                       ? shorten_for_message(d.message, kMaxMessageBytes)
                                       : std::move(d.message),
                                   out_.path);
  if (d.in_scope && report_open_) out.report = current_report().id;
  if (d.in_scope && op_ != nullptr && !op_->name.empty()) out.op = op_->name;
  if (d.at) {
    out.line = d.at->line;
    out.column = d.at->column;
  }
  out_.diagnostics.push_back(std::move(out));
}

void BuildContext::add_here(Code code, Severity severity, std::string message) {
  add({code, severity, std::move(message),
       on_number_ ? events_.number_position() : events_.position(), true});
}

void BuildContext::add_plain(Code code, Severity severity, std::string message) {
  add({code, severity, std::move(message), std::nullopt, false});
}

void BuildContext::invalid(const std::string& what, std::string_view found,
                           std::string_view expected) {
  add_here(
      codes::invalid_value, Severity::error,
      what + " is " + std::string(found) + ", expected " + std::string(expected) + "; skipped");
}

void BuildContext::unknown_section(const std::string& name) {
  add_here(
      codes::unknown_section, Severity::info,
      "section '" + shorten_for_message(name) + "' is not interpreted; it is kept as raw JSON");
}

// --- Raw capture -----------------------------------------------------------------

void BuildContext::begin_capture(RawTarget target, std::string name) {
  target_ = target;
  capture_name_ = std::move(name);
  raw_.reset();
}

void BuildContext::end_capture() {
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

void BuildContext::capture_open(bool object) {
  ++capture_depth_;
  if (target_ != RawTarget::none) raw_.open(object ? '{' : '[');
}

void BuildContext::capture_close(char c) {
  if (target_ != RawTarget::none) raw_.close(c);
  if (--capture_depth_ == 0) end_capture();
}

void BuildContext::capture_container(RawTarget target, std::string name, bool object) {
  begin_capture(target, std::move(name));
  if (target != RawTarget::none) raw_.open(object ? '{' : '[');
  capture_depth_ = 1;
}

void BuildContext::capture_scalar(RawTarget target, std::string name, const Scalar& v,
                                  const std::string_view* raw_float) {
  if (target == RawTarget::none) return;
  begin_capture(target, std::move(name));
  raw_.scalar(v, raw_float);
  end_capture();
}

bool BuildContext::end_cut_capture() {
  if (capture_depth_ == 0 || target_ == RawTarget::none) return false;
  end_capture();
  return true;
}

void BuildContext::keep_unknown_key(const Frame& f, const Scalar& v,
                                    const std::string_view* raw_float, const std::string& parent) {
  const std::string path = parent.empty() ? f.name : parent + "." + f.name;
  add_here(
      codes::unknown_key, Severity::info,
      "key '" + shorten_for_message(path, 160) + "' is not interpreted; it is kept as raw JSON");
  capture_scalar(RawTarget::unknown_key, path, v, raw_float);
}

void BuildContext::keep_unknown_container(const Frame& f, const std::string& parent, bool object) {
  const std::string path = parent + "." + f.name;
  add_here(
      codes::unknown_key, Severity::info,
      "key '" + shorten_for_message(path, 160) + "' is not interpreted; it is kept as raw JSON");
  capture_container(RawTarget::unknown_key, path, object);
}

// --- Values ----------------------------------------------------------------------

void BuildContext::number_warning(const std::string& where, const Scalar& v, const ValueReading& r,
                                  bool percent) {
  switch (r.reading) {
    case Reading::exact:
      return;
    case Reading::from_string:
      add_here(codes::number_as_string, Severity::warning,
               where + " is written as the string \"" + shorten_for_message(v.s) + "\"; read as " +
                   format_number(*r.value));
      return;
    case Reading::bare_number:
      add_here(codes::number_as_string, Severity::warning,
               where + " is the number " + format_number(*r.value) +
                   ", not a string like \"35.35%\"; read as percent");
      return;
    case Reading::no_percent_sign:
      add_here(codes::number_as_string, Severity::warning,
               where + " is \"" + shorten_for_message(v.s) + "\" without '%'; read as " +
                   format_number(*r.value) + "%");
      return;
    case Reading::not_a_number:
      add_here(codes::invalid_value, Severity::error,
               where + " is \"" + shorten_for_message(v.s) +
                   (percent ? "\", which is not a percentage; ignored"
                            : "\", which is not a number; ignored"));
      return;
    case Reading::out_of_range:
      // `v.s`: the number as written (the document builder keeps it).
      add_here(codes::invalid_value, Severity::error,
               where + " is the number " + shorten_for_message(v.s, 40) +
                   ", beyond the range of a double (±1.8e308); ignored");
      return;
    case Reading::wrong_type:
      break;
  }
  invalid(where, describe(v), percent ? "a percentage string like \"35.35%\"" : "a number");
}

}  // namespace aoe::internal
