// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/judgement.hpp"

#include <utility>

namespace aoe {

std::string_view to_string(Verdict verdict) noexcept {
  switch (verdict) {
    case Verdict::passed:
      return "passed";
    case Verdict::passed_with_warnings:
      return "passed with warnings";
    case Verdict::failed:
      return "FAILED";
  }
  return "FAILED";
}

Verdict verdict_of(const std::vector<Diagnostic>& findings, Strictness strictness) noexcept {
  if (!passes(findings, strictness)) return Verdict::failed;
  const bool warned =
      count(findings, Severity::warning) > 0 || count(findings, Severity::error) > 0;
  return warned ? Verdict::passed_with_warnings : Verdict::passed;
}

std::size_t Judgement::count(Severity severity) const noexcept {
  return aoe::count(findings, severity);
}

Verdict Judgement::verdict(Strictness strictness) const noexcept {
  if (!readable) return Verdict::failed;
  return verdict_of(findings, strictness);
}

ReportJudgement judge(const Report& report) {
  ReportJudgement j;
  j.status = report.status;
  j.totals = totals(report);
  j.failed_operators = unique_failed_operators(report);
  for (const Operator& op : report.operators) {
    if (const auto why = left_out_reason(op)) {
      j.left_out.push_back({op.name, *why, op.line});
    } else if (is_writer_artefact(op)) {
      j.writer_artefacts.push_back(op.name);
    }
  }
  return j;
}

Judgement judge(const ResultFile& file, const CheckPolicy& policy) {
  Judgement j;
  j.readable = file.readable;
  j.findings = check(file, policy);
  if (!file.readable) return j;
  j.reports.reserve(file.reports.size());
  for (const Report& r : file.reports) {
    j.reports.push_back(judge(r));
    j.totals += j.reports.back().totals;
  }
  return j;
}

}  // namespace aoe
