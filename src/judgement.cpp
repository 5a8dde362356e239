// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/judgement.hpp"

#include <utility>

#include "operator_times.hpp"

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

void ReportJudge::add(const Operator& op) {
  judged_.totals.add(internal::times_of(op));
  if (const auto why = left_out_reason(op)) {
    judged_.left_out.push_back({op.name, *why, op.line});
  } else if (is_writer_artefact(op)) {
    judged_.writer_artefacts.push_back(op.name);
  }
}

ReportJudgement ReportJudge::finish(const Report& report) && {
  judged_.status = report.status;
  judged_.failed_operators = unique_failed_operators(report);
  // As `totals(report)`.
  judged_.totals.reports = 1;
  judged_.totals.failed_operators = judged_.failed_operators.size();
  return std::move(judged_);
}

ReportJudgement judge(const Report& report) {
  ReportJudge judging;
  for (const Operator& op : report.operators) judging.add(op);
  return std::move(judging).finish(report);
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
