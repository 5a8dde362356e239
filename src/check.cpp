// SPDX-License-Identifier: Apache-2.0
#include "aoe_result/check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "aoe_result/analysis.hpp"

#include "diagnostic_codes.hpp"
#include "operator_times.hpp"
#include "text_util.hpp"

namespace aoe {
namespace {

// A finding of `file_path`, of report `r` and operator `op` when given
// (their lines: the operator's over the report's), at `line` when given
// (the key the finding is about).
Diagnostic finding(const std::string& file_path, Code code, Severity severity, const Report* r,
                   const Operator* op, std::string message,
                   std::optional<std::size_t> line = std::nullopt) {
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.message = std::move(message);
  d.file = file_path;
  if (r != nullptr) {
    d.report = r->id;
    d.line = r->line;
  }
  if (op != nullptr) {
    d.op = op->name;
    d.line = op->line;
  }
  if (line) d.line = line;
  return d;
}

// The rules of one operator (`OperatorsCheck::add`).
class OperatorRules {
 public:
  OperatorRules(const ResultFile& file, const Report& r, std::vector<Diagnostic>& out)
      : file_(file), r_(r), out_(out) {}

  void operator_times(const Operator& op) {
    artefact(op);
    for (const ModeResult& m : op.modes) {
      const std::string mode = m.mode_name.empty() ? "" : " (" + m.mode_name + ")";
      for (const auto& [value, key] :
           {std::pair{m.before_us, "before"}, std::pair{m.after_us, "after"}}) {
        if (value && *value < 0) {
          add(codes::negative_time, Severity::error, op,
              fmt::format("the {}-tune time{} is {} µs, below 0", key, mode,
                          format_number(*value)));
        }
      }
      // A before-tune time of 0 is no baseline measured (AOE then writes no
      // improvement): no slowdown to tell.
      if (!left_out_reason(m) && *m.before_us > 0 && *m.after_us > *m.before_us) {
        const double slower_us = *m.after_us - *m.before_us;
        add(codes::slower_after_tune, Severity::warning, op,
            fmt::format(
                "the {} policy{} is slower after tuning: {} µs before, {} µs after "
                "(+{} µs); AOE writes a policy that is faster",
                m.update_mode == UpdateMode::update ? "updated"
                : m.update_mode == UpdateMode::add  ? "added"
                                                    : "written",
                mode, format_number(*m.before_us), format_number(*m.after_us),
                slower_us >= 0.001 ? fmt::format("{:.3f}", slower_us) : format_number(slower_us)));
      }
      if (m.after_us && *m.after_us == 0) {
        add(codes::zero_time, Severity::warning, op,
            fmt::format("the after-tune time{} is 0 µs: no improvement can be computed", mode));
      }
      if (m.reported_improvement_pct && m.before_us && m.after_us) {
        const auto computed = improvement_pct(*m.before_us, *m.after_us);
        if (computed &&
            std::fabs(*computed - *m.reported_improvement_pct) > kImprovementTolerancePct) {
          add(codes::improvement_mismatch, Severity::warning, op,
              fmt::format("performance_improvement{} is {}% in the file, but ({} − {}) / {} "
                          "× 100 = {}%",
                          mode, format_number(*m.reported_improvement_pct),
                          format_number(*m.before_us), format_number(*m.after_us),
                          format_number(*m.after_us),
                          std::fabs(*computed) < 1e15 ? fmt::format("{:.2f}", *computed)
                                                      : fmt::format("{:.3e}", *computed)));
        } else if (!computed && *m.after_us > 0) {
          // Times so large that the formula overflows a double: no value
          // to compare, which is itself worth a word.
          add(codes::improvement_mismatch, Severity::warning, op,
              fmt::format("performance_improvement{} is {}% in the file, but ({} − {}) / {} "
                          "× 100 is beyond a double's range",
                          mode, format_number(*m.reported_improvement_pct),
                          format_number(*m.before_us), format_number(*m.after_us),
                          format_number(*m.after_us)));
        }
      }
    }
  }

 private:
  void add(Code code, Severity severity, const Operator& op, std::string message) {
    out_.push_back(finding(file_.path, code, severity, &r_, &op, std::move(message)));
  }

  // One finding per operator that is an artefact by the one rule
  // (`is_writer_artefact(op)`: every mode is), naming its modes.
  void artefact(const Operator& op) {
    if (!is_writer_artefact(op)) return;
    static constexpr const char* kWhy =
        ": AOE's writer stores before = after + 1 µs when the repository was updated but the "
        "time did not drop, so this gain is not a measurement";
    const auto span = [](const ModeResult& m) {
      return fmt::format("from {} to {} µs", format_number(*m.before_us),
                         format_number(*m.after_us));
    };
    if (op.modes.size() == 1) {
      const ModeResult& m = op.modes.front();
      const std::string mode = m.mode_name.empty() ? "" : " (" + m.mode_name + ")";
      add(codes::writer_artefact, Severity::info, op,
          fmt::format("the update{} went {}{}", mode, span(m), kWhy));
      return;
    }
    std::string updates;
    for (const ModeResult& m : op.modes) {
      updates += (updates.empty() ? "" : ", ") + mode_label(m) + " " + span(m);
    }
    add(codes::writer_artefact, Severity::info, op,
        fmt::format("every update went within 1 µs ({}){}", updates, kWhy));
  }

  const ResultFile& file_;
  const Report& r_;
  std::vector<Diagnostic>& out_;
};

// The rules of the reports and of the file, the operators' findings and
// figures taken from their `OperatorsCheck`.
class Checker {
 public:
  Checker(const ResultFile& file, const CheckPolicy& policy, std::vector<Diagnostic>& out)
      : file_(file), policy_(policy), out_(out) {}

  // What a report's rules need of its operators, the findings moved out.
  struct Operators {
    std::vector<Diagnostic>& findings;
    std::size_t adds = 0;
    std::size_t updates = 0;
    const Totals& totals;
  };

  void report(const Report& r, const Operators& ops) {
    status(r);
    opat_present(r);
    summary(r, ops.adds, ops.updates);
    std::move(ops.findings.begin(), ops.findings.end(), std::back_inserter(out_));
    policies(r, ops.totals);
  }

  void file_policies() {
    if (!policy_.max_failed) return;
    std::size_t failed = 0;
    for (const Report& r : file_.reports) failed += unique_failed_operators(r).size();
    if (failed > *policy_.max_failed) {
      add(codes::threshold_max_failed, Severity::error, nullptr, nullptr,
          fmt::format("{}, more than --max-failed {}", internal::plural(failed, "failed operator"),
                      *policy_.max_failed));
    }
  }

 private:
  void add(Code code, Severity severity, const Report* r, const Operator* op, std::string message,
           std::optional<std::size_t> line = std::nullopt) {
    out_.push_back(finding(file_.path, code, severity, r, op, std::move(message), line));
  }

  void status(const Report& r) {
    const auto failed = unique_failed_operators(r);
    const std::string raw = r.status_raw ? "'" + *r.status_raw + "'" : "absent";
    if (r.status == Status::incomplete) {
      add(codes::status_incomplete, policy_.require_complete ? Severity::error : Severity::warning,
          &r, nullptr, fmt::format("status is {}: the tuning run did not finish", raw),
          r.status_line);
    }
    if (r.status == Status::failed || !failed.empty()) {
      std::string names;
      for (std::size_t i = 0; i < failed.size() && i < 5; ++i) {
        names += (i == 0 ? ": " : ", ") + failed[i];
      }
      if (failed.size() > 5) names += fmt::format(" and {} more", failed.size() - 5);
      add(codes::tuning_failed, Severity::warning, &r, nullptr,
          fmt::format("status is {}; {} listed as failed{}", raw,
                      internal::plural(failed.size(), "operator"), names));
    }
    if (r.status == Status::failed && failed.empty()) {
      add(codes::failed_list_mismatch, Severity::warning, &r, nullptr,
          "status says the tuning failed, but no failed operator is listed");
    } else if (r.status == Status::successful && !failed.empty()) {
      add(codes::failed_list_mismatch, Severity::warning, &r, nullptr,
          fmt::format("status is {}, but {} listed as failed", raw,
                      failed.size() == 1 ? std::string("1 operator is")
                                         : std::to_string(failed.size()) + " operators are"));
    }
  }

  // What a complete report must hold to be judged: an OPAT section, and in
  // it a status. A report cut off by the end of the file may have lost
  // either to the cut: `truncated` says so already.
  void opat_present(const Report& r) {
    if (!r.complete) return;
    if (!r.has_opat) {
      // Nothing of the tuning was written: a check of it is no clean pass.
      add(codes::opat_missing, Severity::warning, &r, nullptr,
          "the report has no OPAT section: no status, operators or repository summary, "
          "so nothing of the tuning can be judged");
    } else if (!r.status_raw) {
      add(codes::status_missing, Severity::warning, &r, nullptr,
          "the OPAT section has no status (opat_tuning_result, 6.0.1: opat_tune_result): "
          "whether the tuning finished cannot be judged");
    }
  }

  void summary(const Report& r, std::size_t adds, std::size_t updates) {
    if (!r.repo_summary) {
      if (r.has_opat && r.complete) {
        add(codes::missing_summary, Severity::warning, &r, nullptr,
            "the OPAT section has no repo_summary");
      }
      return;
    }
    const RepoSummary& s = *r.repo_summary;
    if (s.hit_num && s.update_num && s.reserved_num &&
        *s.hit_num != *s.update_num + *s.reserved_num) {
      add(codes::summary_hit_sum, Severity::error, &r, nullptr,
          fmt::format("repo_hit_num is {}, but repo_update_num + repo_reserved_num is {} + {} = {}",
                      *s.hit_num, *s.update_num, *s.reserved_num, *s.update_num + *s.reserved_num),
          s.hit_num_line);
    }
    if (s.total_num && s.add_num && s.hit_num && s.unsatisfied_num &&
        *s.total_num != *s.add_num + *s.hit_num + *s.unsatisfied_num) {
      add(codes::summary_total_sum, Severity::error, &r, nullptr,
          fmt::format("total_num is {}, but repo_add_num + repo_hit_num + repo_unsatisfied_num "
                      "is {} + {} + {} = {}",
                      *s.total_num, *s.add_num, *s.hit_num, *s.unsatisfied_num,
                      *s.add_num + *s.hit_num + *s.unsatisfied_num),
          s.total_num_line);
    }
    if (s.add_num && std::cmp_greater(adds, *s.add_num)) {
      add(codes::summary_count_mismatch, Severity::warning, &r, nullptr,
          fmt::format("{} tiling {} listed as added, but repo_add_num is {}", adds,
                      adds == 1 ? "policy is" : "policies are", *s.add_num));
    }
    if (s.update_num && std::cmp_greater(updates, *s.update_num)) {
      add(codes::summary_count_mismatch, Severity::warning, &r, nullptr,
          fmt::format("{} tiling {} listed as updated, but repo_update_num is {}", updates,
                      updates == 1 ? "policy is" : "policies are", *s.update_num));
    }
  }

  void policies(const Report& r, const Totals& operators) {
    if (r.tuning_time_s && *r.tuning_time_s < 0) {
      add(codes::negative_time, Severity::error, &r, nullptr,
          fmt::format("tuning_time(s) is {} s, below 0", format_number(*r.tuning_time_s)));
    }
    if (r.model) {
      for (const auto& [value, key] :
           {std::pair{r.model->baseline_ms, "baseline"}, std::pair{r.model->result_ms, "result"}}) {
        if (value && *value < 0) {
          add(codes::negative_time, Severity::error, &r, nullptr,
              fmt::format("the model {} time is {} ms, below 0", key, format_number(*value)));
        }
      }
    }
    if (policy_.min_improvement_pct) {
      const Totals& t = operators;  // `totals(r)`: the sums are all that is asked of it
      const auto pct = t.improvement_pct();
      if (!pct) {
        add(codes::threshold_not_applicable, Severity::error, &r, nullptr,
            fmt::format("--min-improvement {}% cannot be judged: the report has no operator "
                        "with both times (and an after-time sum above 0, both sums finite)",
                        format_number(*policy_.min_improvement_pct)));
      } else if (*pct < *policy_.min_improvement_pct) {
        add(codes::threshold_min_improvement, Severity::error, &r, nullptr,
            fmt::format("total improvement is {:.2f}% ({:.3f} → {:.3f} µs), below "
                        "--min-improvement {}%",
                        *pct, t.time_before_us, t.time_after_us,
                        format_number(*policy_.min_improvement_pct)));
      }
    }
    if (policy_.min_model_improvement_pct) {
      const auto pct = r.model ? model_improvement_pct(*r.model) : std::nullopt;
      if (!pct) {
        add(codes::threshold_not_applicable, Severity::error, &r, nullptr,
            r.model && r.model->baseline_ms && r.model->result_ms
                ? fmt::format("--min-model-improvement {}% cannot be judged: the model "
                              "times give no finite improvement",
                              format_number(*policy_.min_model_improvement_pct))
                : fmt::format("--min-model-improvement {}% cannot be judged: the report has no "
                              "model-level times (only offline-inference runs write them)",
                              format_number(*policy_.min_model_improvement_pct)));
      } else if (*pct < *policy_.min_model_improvement_pct) {
        add(codes::threshold_min_model_improvement, Severity::error, &r, nullptr,
            fmt::format("model improvement is {:.2f}%, below --min-model-improvement {}%", *pct,
                        format_number(*policy_.min_model_improvement_pct)));
      }
    }
  }

  const ResultFile& file_;
  const CheckPolicy& policy_;
  std::vector<Diagnostic>& out_;
};

}  // namespace

void OperatorsCheck::add(const ResultFile& file, const Report& report, const Operator& op) {
  OperatorRules(file, report, findings_).operator_times(op);
  for (const ModeResult& m : op.modes) {
    if (m.update_mode == UpdateMode::add) ++adds_;
    if (m.update_mode == UpdateMode::update) ++updates_;
  }
  totals_.add(internal::times_of(op));
}

std::vector<Diagnostic> check(const ResultFile& file, const CheckPolicy& policy) {
  std::vector<OperatorsCheck> operators(file.readable ? file.reports.size() : 0);
  for (std::size_t k = 0; k < operators.size(); ++k) {
    for (const Operator& op : file.reports[k].operators)
      operators[k].add(file, file.reports[k], op);
  }
  return check(file, policy, std::move(operators));
}

std::vector<Diagnostic> check(const ResultFile& file, const CheckPolicy& policy,
                              std::vector<OperatorsCheck> operators) {
  std::vector<Diagnostic> out;
  out.reserve(file.diagnostics.size());
  for (Diagnostic d : file.diagnostics) {
    // A cut-off file that was read: an error unless completeness is waived
    // (settle_reading_severities states the whole rule).
    if (d.code == codes::truncated && file.readable) {
      d.severity = policy.require_complete ? Severity::error : Severity::warning;
    }
    out.push_back(std::move(d));
  }
  if (!file.readable) return out;
  Checker checker(file, policy, out);
  operators.resize(std::max(operators.size(), file.reports.size()));
  for (std::size_t k = 0; k < file.reports.size(); ++k) {
    OperatorsCheck& ops = operators[k];
    checker.report(file.reports[k], {ops.findings_, ops.adds_, ops.updates_, ops.totals_});
  }
  checker.file_policies();
  // In the order of the file: by line and column, those of no place (a
  // policy over the whole file) last; equal places keep the order above.
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    const auto place = [](const Diagnostic& d) {
      return std::pair{d.line.value_or(SIZE_MAX), d.column.value_or(0)};
    };
    return place(a) < place(b);
  });
  return out;
}

void settle_reading_severities(ResultFile& file) noexcept {
  if (!file.readable) return;
  for (Diagnostic& d : file.diagnostics) {
    if (d.code == codes::truncated) d.severity = Severity::warning;
  }
}

std::vector<Code> report_rule_codes(const CheckPolicy& policy) {
  std::vector<Code> out{
      codes::status_incomplete,    codes::tuning_failed,     codes::failed_list_mismatch,
      codes::summary_hit_sum,      codes::summary_total_sum, codes::summary_count_mismatch,
      codes::missing_summary,      codes::status_missing,    codes::opat_missing,
      codes::improvement_mismatch, codes::negative_time,     codes::zero_time,
      codes::writer_artefact,      codes::slower_after_tune};
  if (policy.min_improvement_pct) out.push_back(codes::threshold_min_improvement);
  if (policy.min_model_improvement_pct) out.push_back(codes::threshold_min_model_improvement);
  if (policy.min_improvement_pct || policy.min_model_improvement_pct) {
    out.push_back(codes::threshold_not_applicable);
  }
  return out;
}

std::size_t count(const std::vector<Diagnostic>& findings, Severity severity) noexcept {
  std::size_t n = 0;
  for (const Diagnostic& d : findings) n += d.severity == severity ? 1 : 0;
  return n;
}

bool passes(const std::vector<Diagnostic>& findings, Strictness strictness) noexcept {
  if (count(findings, Severity::error) > 0) return false;
  return strictness == Strictness::normal || count(findings, Severity::warning) == 0;
}

}  // namespace aoe
