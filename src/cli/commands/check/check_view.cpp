// SPDX-License-Identifier: Apache-2.0
#include "commands/check/check_view.hpp"

namespace aoe::cli {

Verdict verdict(const CheckView& view) noexcept {
  if (!view.ok) return Verdict::failed;
  for (const CheckedFile& f : view.files) {
    for (const Diagnostic& d : f.findings) {
      if (d.severity == Severity::warning || d.severity == Severity::error) {
        return Verdict::passed_with_warnings;
      }
    }
  }
  return Verdict::passed;
}

const char* verdict_words(Verdict v) noexcept {
  switch (v) {
    case Verdict::passed:
      return "passed";
    case Verdict::passed_with_warnings:
      return "passed with warnings";
    case Verdict::failed:
      return "FAILED";
  }
  return "FAILED";
}

CheckView check_files(const std::vector<ResultFile>& files, const CheckPolicy& policy,
                      Strictness strictness, const std::vector<EmptyInput>& empty_inputs) {
  CheckView view;
  view.policy = policy;
  view.strictness = strictness;
  for (const ResultFile& f : files) {
    CheckedFile c;
    c.path = f.path;
    c.readable = f.readable;
    for (const Report& r : f.readable ? f.reports : std::vector<Report>{}) {
      c.report_ids.push_back(r.id);
      c.operators += r.operators.size();
    }
    c.findings = check(f, policy);
    if (!passes(c.findings, strictness)) view.ok = false;
    view.files.push_back(std::move(c));
  }
  for (const EmptyInput& input : empty_inputs) {
    CheckedFile c;
    c.path = input.path;
    Diagnostic d;
    d.code = Code::no_result_file;  // docs/check-codes.md
    d.severity = Severity::error;
    d.message = input.message;
    d.file = c.path;
    c.findings.push_back(std::move(d));
    c.no_file = true;
    view.ok = false;
    view.files.push_back(std::move(c));
  }
  if (view.files.empty()) view.ok = false;
  return view;
}

}  // namespace aoe::cli
