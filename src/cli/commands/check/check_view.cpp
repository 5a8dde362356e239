// SPDX-License-Identifier: Apache-2.0
#include "commands/check/check_view.hpp"

#include <utility>

namespace aoe::cli {

Verdict verdict(const CheckView& view) noexcept {
  if (!view.ok) return Verdict::failed;
  for (const CheckedFile& f : view.files) {
    if (f.verdict != Verdict::passed) return Verdict::passed_with_warnings;
  }
  return Verdict::passed;
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
    Judgement judgement = judge(f, policy);
    c.verdict = judgement.verdict(strictness);
    c.findings = std::move(judgement.findings);
    if (c.verdict == Verdict::failed) view.ok = false;
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
