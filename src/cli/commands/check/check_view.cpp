// SPDX-License-Identifier: Apache-2.0
#include "commands/check/check_view.hpp"

#include <string_view>
#include <utility>
#include <vector>

namespace aoe::cli {

Verdict verdict(const CheckView& view) noexcept {
  if (!view.ok) return Verdict::failed;
  for (const CheckedFile& f : view.files) {
    if (f.verdict != Verdict::passed) return Verdict::passed_with_warnings;
  }
  return Verdict::passed;
}

namespace {

// A threshold's gate counted from the findings: `threshold-not-applicable`
// is one code for two thresholds, told apart by the option its message
// starts with (check.cpp words it so).
ThresholdGate threshold_gate(const CheckView& view, Code code, double limit,
                             std::string_view option) {
  ThresholdGate g{code, limit, 0, 0, 0};
  for (const CheckedFile& f : view.files) {
    if (!f.readable) continue;
    g.judged += code == Code::threshold_max_failed ? 1 : f.report_ids.size();
    for (const Diagnostic& d : f.findings) {
      if (d.code == code) ++g.broken;
      if (d.code == Code::threshold_not_applicable && d.message.rfind(option, 0) == 0 &&
          d.message.compare(option.size(), 1, " ") == 0) {
        ++g.unjudged;
      }
    }
  }
  return g;
}

std::vector<ThresholdGate> threshold_gates(const CheckView& view) {
  const CheckPolicy& p = view.policy;
  std::vector<ThresholdGate> gates;
  if (p.max_failed) {
    gates.push_back(threshold_gate(view, Code::threshold_max_failed,
                                   static_cast<double>(*p.max_failed), "--max-failed"));
  }
  if (p.min_improvement_pct) {
    gates.push_back(threshold_gate(view, Code::threshold_min_improvement, *p.min_improvement_pct,
                                   "--min-improvement"));
  }
  if (p.min_model_improvement_pct) {
    gates.push_back(threshold_gate(view, Code::threshold_min_model_improvement,
                                   *p.min_model_improvement_pct, "--min-model-improvement"));
  }
  return gates;
}

}  // namespace

void add_empty_inputs(CheckView& view, const std::vector<EmptyInput>& empty_inputs) {
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
}

void add_checked_log(CheckView& view, const LogFile& log, std::vector<Diagnostic> findings) {
  CheckedFile c;
  c.path = log.path;
  c.readable = log.readable;
  c.log = true;
  bool warned = false;
  bool failed = !log.readable;
  for (const Diagnostic& d : findings) {
    failed = failed || view.fails(d);
    warned = warned || d.severity == Severity::warning;
  }
  c.verdict = failed ? Verdict::failed : warned ? Verdict::passed_with_warnings : Verdict::passed;
  c.findings = std::move(findings);
  if (c.verdict == Verdict::failed) view.ok = false;
  view.files.push_back(std::move(c));
}

CheckedFile check_file(const ResultFile& f, const CheckPolicy& policy, Strictness strictness) {
  CheckedFile c;
  c.path = f.path;
  c.readable = f.readable;
  if (f.readable) {
    for (const Report& r : f.reports) {
      c.report_ids.push_back(r.id);
      c.operators += r.operators.size();
    }
  }
  Judgement judgement = judge(f, policy);
  c.verdict = judgement.verdict(strictness);
  c.findings = std::move(judgement.findings);
  return c;
}

CheckedFile check_file(const ResultFile& f, const CheckPolicy& policy, Strictness strictness,
                       std::vector<OperatorsCheck> operators) {
  CheckedFile c;
  c.path = f.path;
  c.readable = f.readable;
  if (f.readable) {
    for (std::size_t k = 0; k < f.reports.size(); ++k) {
      c.report_ids.push_back(f.reports[k].id);
      if (k < operators.size()) c.operators += operators[k].operators();
    }
  }
  // The file's verdict by the one rule (`Judgement::verdict`) from its findings.
  Judgement judgement;
  judgement.readable = f.readable;
  judgement.findings = check(f, policy, std::move(operators));
  c.verdict = judgement.verdict(strictness);
  c.findings = std::move(judgement.findings);
  return c;
}

void CheckDigester::done(const ResultFile& file) {
  done_(check_file(file, policy_, strictness_, take_states(file)));
}

CheckView check_files(const std::vector<ResultFile>& files, const CheckPolicy& policy,
                      Strictness strictness, const std::vector<EmptyInput>& empty_inputs) {
  std::vector<CheckedFile> checked;
  checked.reserve(files.size());
  for (const ResultFile& f : files) checked.push_back(check_file(f, policy, strictness));
  return check_files(std::move(checked), policy, strictness, empty_inputs);
}

CheckView check_files(std::vector<CheckedFile> checked, const CheckPolicy& policy,
                      Strictness strictness, const std::vector<EmptyInput>& empty_inputs) {
  CheckView view;
  view.policy = policy;
  view.strictness = strictness;
  view.files = std::move(checked);
  for (const CheckedFile& c : view.files) {
    if (c.verdict == Verdict::failed) view.ok = false;
  }
  add_empty_inputs(view, empty_inputs);
  view.gates = threshold_gates(view);
  for (const ThresholdGate& g : view.gates) {
    if (fails(g.verdict())) view.ok = false;
  }
  return view;
}

}  // namespace aoe::cli
