// SPDX-License-Identifier: Apache-2.0
/// @file
/// `check`: the file's invariants and the user's policies, as findings.
/// Codes, severities and wording of each rule: docs/check-codes.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/model.hpp"

namespace aoe {

/// Policies a user sets on top of the file's own invariants. A broken policy
/// is an error finding with code `threshold-<name>`.
struct CheckPolicy {
  /// `--max-failed N`: at most N failed operators per file (de-duplicated
  /// per report). `nullopt`: no limit.
  std::optional<std::size_t> max_failed;
  /// `--min-improvement PCT`: each report's total improvement (AOE's
  /// formula over the sums) at least PCT percent. A report without timed
  /// operators cannot be judged: an error `threshold-not-applicable`.
  std::optional<double> min_improvement_pct;
  /// `--min-model-improvement PCT`: each report's model-level improvement
  /// at least PCT percent. A report without model times cannot be judged:
  /// an error `threshold-not-applicable`.
  std::optional<double> min_model_improvement_pct;
  /// `--require-complete` (default): a cut-off file (`truncated`) and the
  /// status "incomplete" (`status-incomplete`) are errors; when false they
  /// are warnings.
  bool require_complete = true;
};

/// The severity of a cut-off file, one rule for every command: a file cut
/// off but read (`truncated` in a readable file) is a warning for the
/// commands that read results (show, summary, ops, failed, diff, retune:
/// they exit 0 and say so); in `check` it is an error unless
/// `CheckPolicy::require_complete` is false (`check()` applies that side).
/// A cut-off file nothing could be read from stays an error (exit 3).
/// Applies the reading side to `file`'s diagnostics. Never throws.
void settle_reading_severities(ResultFile& file) noexcept;

/// Tolerance of `improvement-mismatch`, in percentage points: the written
/// value is rounded to two decimals, so up to 0.005 is rounding.
inline constexpr double kImprovementTolerancePct = 0.011;

/// Every finding for `file`: the reader's diagnostics (severities adjusted
/// by `policy`), each report's rule findings and the policies, in the
/// order of the file (by line and column; a finding of no place last; at
/// one place, in that order). Never throws except `std::bad_alloc`.
[[nodiscard]] std::vector<Diagnostic> check(const ResultFile& file, const CheckPolicy& policy = {});

/// What `check` finds of one report's operators, found an operator at a
/// time, for a reader that hands each operator over as it is read and
/// keeps none (`ReadOptions::on_operator`, `OperatorParts`): `add` the
/// report's operators in file order; `check(file, policy, operators)` then
/// gives what `check(file, policy)` gives of the file holding them, finding
/// for finding and in the same order. `check(file, policy)` itself goes
/// this way. Never throws except `std::bad_alloc`.
class OperatorsCheck {
 public:
  /// The findings of `op` (negative and zero times, improvement mismatch,
  /// writer's artefact), named by `file.path` and `report`'s id and line
  /// (set when the reader hands an operator over), and what the report's
  /// rules take of it (its tiling policies added and updated, its times).
  void add(const ResultFile& file, const Report& report, const Operator& op);
  /// Operators added.
  [[nodiscard]] std::size_t operators() const noexcept { return totals_.operators; }

 private:
  friend std::vector<Diagnostic> check(const ResultFile& file, const CheckPolicy& policy,
                                       std::vector<OperatorsCheck> operators);
  std::vector<Diagnostic> findings_;
  std::size_t adds_ = 0;     // tiling policies listed as added
  std::size_t updates_ = 0;  // and as updated
  Totals totals_;            // as `totals(report)` adds the operators
};

/// `check(file, policy)` of a file whose reports' operators were checked
/// as they were read: `operators[k]` those of `file.reports[k]` (a report
/// without an element has none; the reports' own `operators` are not
/// looked at). Never throws except `std::bad_alloc`.
[[nodiscard]] std::vector<Diagnostic> check(const ResultFile& file, const CheckPolicy& policy,
                                            std::vector<OperatorsCheck> operators);

/// The codes of the rules `check` applies to each report, then those of the
/// report-level policies set in `policy` (`threshold-min-improvement`,
/// `threshold-min-model-improvement`), in the order of docs/check-codes.md.
/// A JUnit report has one test case per report and code.
[[nodiscard]] std::vector<Code> report_rule_codes(const CheckPolicy& policy);

/// Number of findings of `severity` in `findings`.
[[nodiscard]] std::size_t count(const std::vector<Diagnostic>& findings,
                                Severity severity) noexcept;

/// Whether `findings` pass: no error, and with `strict` no warning either.
enum class Strictness { normal, strict };
[[nodiscard]] bool passes(const std::vector<Diagnostic>& findings,
                          Strictness strictness = Strictness::normal) noexcept;

}  // namespace aoe
