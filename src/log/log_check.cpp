// SPDX-License-Identifier: Apache-2.0
// The result files of a run against its log (`check --log`).
#include <string>
#include <unordered_set>

#include "aoe_result/log.hpp"

#include "diagnostic_codes.hpp"
#include "reader/diagnostics.hpp"

namespace aoe {
namespace {

bool says_complete(const ResultFile& f) {
  if (!f.complete || f.reports.empty()) return false;
  for (const Report& r : f.reports) {
    if (!r.complete || (r.status != Status::successful && r.status != Status::failed)) {
      return false;
    }
  }
  return true;
}

bool says_failed(const ResultFile& f) {
  for (const Report& r : f.reports) {
    if (r.status == Status::failed) return true;
  }
  return false;
}

bool cut_off(const ResultFile& f) {
  if (!f.complete) return true;
  for (const Report& r : f.reports) {
    if (!r.complete || r.status == Status::incomplete) return true;
  }
  return false;
}

Diagnostic finding(Code code, Severity severity, std::string message, const LogFile& log,
                   std::optional<std::size_t> line) {
  Diagnostic d = internal::make_diagnostic(code, severity, std::move(message), log.path);
  d.line = line;
  return d;
}

}  // namespace

std::vector<Diagnostic> check_log_against_results(const LogFile& log,
                                                  const std::vector<ResultFile>& results) {
  std::vector<Diagnostic> out;
  if (!log.readable) {
    for (const Diagnostic& d : log.diagnostics) {
      if (d.severity == Severity::error) out.push_back(d);
    }
    return out;
  }
  std::unordered_set<std::string> written;
  bool any = false;
  for (const ResultFile& f : results) {
    if (!f.readable) continue;
    any = true;
    if (log.outcome == LogOutcome::interrupted && says_complete(f)) {
      out.push_back(finding(
          codes::log_not_finished, Severity::error,
          "the result file " + f.path +
              " says the run is complete, but the log has neither \"Aoe process finished\" nor "
              "an error code: it was interrupted, or the log is of another run or cut short",
          log, std::nullopt));
    } else if (log.outcome == LogOutcome::failed && says_complete(f) && !says_failed(f)) {
      const LogError* e = log.first_error();
      out.push_back(finding(codes::log_not_finished, Severity::error,
                            "the log says the run failed (" + e->code + "), but the result file " +
                                f.path + " says it is complete and no report failed",
                            log, e->line));
    }
    if (log.outcome == LogOutcome::finished && cut_off(f)) {
      out.push_back(finding(
          codes::log_finished_result_cut_off, Severity::error,
          "the log says the run finished, but the result file " + f.path +
              (f.complete ? " has a report that did not finish" : " is cut off (it ends early)"),
          log, log.finished_line));
    }
    for (const Report& r : f.reports) {
      for (const Operator& op : r.operators) written.insert(op.name);
      for (const std::string& name : r.failed_operators) written.insert(name);
    }
  }
  if (!any) return out;
  std::unordered_set<std::string> said;
  for (const LogOperator& op : log.finished_operators) {
    if (written.count(op.name) != 0 || !said.insert(op.name).second) continue;
    Diagnostic d = finding(codes::log_operator_missing, Severity::warning,
                           "finished tuning in the log, but no result file lists it as tuned or "
                           "failed (AOE writes no entry for an operator whose tuning found no "
                           "better tiling)",
                           log, op.line);
    d.op = op.name;
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace aoe
