// SPDX-License-Identifier: Apache-2.0
/// @file
/// The one judgement of a run: for a result file and for each of its
/// reports, the status, which operators count, the totals, the failed
/// operators, the writer's artefacts, the findings and the verdict. Every
/// command takes its verdicts and figures from here (`check`, `watch`'s
/// end, the `report` page's banner, `summary`/`show`, `ops`, `diff`,
/// `trend`), so none keeps a rule of its own. The rules and their CANN
/// sources: docs/format.md ("Which operators count", "Numbers and their
/// meaning") and docs/check-codes.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/check.hpp"
#include "aoe_result/model.hpp"

namespace aoe {

/// An operator left out of every sum, geomean and percentage, and why.
struct LeftOut {
  std::string op;          ///< `op_name` as written
  LeftOutReason reason{};  ///< `left_out_reason(op)`
  std::size_t line = 0;    ///< 1-based line where the operator's object began
};

/// The judgement of one report (no findings: those are the file's, in
/// file order, in `Judgement::findings`).
struct ReportJudgement {
  /// The status as read (`Report::status`): `unknown` when the OPAT
  /// section or its status key is absent (findings `opat-missing`,
  /// `status-missing`) or the spelling is not documented (`unknown-status`).
  Status status = Status::unknown;
  /// Sums over the operators that count (`Totals::add`); `reports` is 1.
  Totals totals;
  /// The failed operators, de-duplicated, in file order
  /// (`unique_failed_operators`; 6.0.1 `tune_failed_operators`, 6.3+
  /// `tuning_failed_operators`).
  std::vector<std::string> failed_operators;
  /// The operators that do not count, in file order
  /// (`totals.left_out_operators()` of them).
  std::vector<LeftOut> left_out;
  /// Names of the operators that are the writer's +1 µs artefact
  /// (`is_writer_artefact(op)`), in file order: `totals.artefact_operators`
  /// of them. `check` gives one `writer-artefact` finding for each.
  std::vector<std::string> writer_artefacts;
};

/// What a file's findings add up to: `check`'s verdict, said alike by
/// every command and format. `failed`: an error (with `Strictness::strict`
/// a warning too), or nothing could be read; `passed_with_warnings`: it
/// passes, but a warning was found.
enum class Verdict { passed, passed_with_warnings, failed };

/// "passed", "passed with warnings", "FAILED".
[[nodiscard]] std::string_view to_string(Verdict verdict) noexcept;

/// The judgement of one file (one run).
struct Judgement {
  bool readable = false;  ///< `ResultFile::readable`: false gives `Verdict::failed`
  /// One per report, parallel to `ResultFile::reports`; empty when the
  /// file could not be read.
  std::vector<ReportJudgement> reports;
  /// Sums over every report (`reports` counts them).
  Totals totals;
  /// `check(file, policy)`: the reader's diagnostics (severities settled by
  /// the policy), each report's rule findings, the policies; in file order
  /// (by line and column; findings of no place last).
  std::vector<Diagnostic> findings;

  /// Findings of `severity`.
  [[nodiscard]] std::size_t count(Severity severity) const noexcept;
  /// The verdict under `strictness` (`--strict`: warnings fail too).
  [[nodiscard]] Verdict verdict(Strictness strictness = Strictness::normal) const noexcept;
};

/// Judges one report: its status, totals, failed, left-out and artefact
/// operators. Never throws except `std::bad_alloc`.
[[nodiscard]] ReportJudgement judge(const Report& report);

/// `judge(report)` an operator at a time, for a reader that hands each
/// operator over as it is read and keeps none (`ReadOptions::on_operator`,
/// `OperatorParts`): `add` the report's operators in file order, then
/// `finish` with the report (its status and failed list, which are read by
/// then). The judgement is `judge` of the report holding those operators,
/// to the bit (the sums are added in the same order). Never throws except
/// `std::bad_alloc`.
class ReportJudge {
 public:
  /// Counts `op`, adds its times when it counts, notes it when it is left
  /// out or is the writer's artefact.
  void add(const Operator& op);
  /// Operators added so far (counted or left out).
  [[nodiscard]] std::size_t operators() const noexcept { return judged_.totals.operators; }
  /// The judgement, with `report`'s status and failed operators.
  [[nodiscard]] ReportJudgement finish(const Report& report) &&;

 private:
  ReportJudgement judged_;
};

/// Judges a whole file under `policy` (the default is `check`'s without
/// options). An unreadable file gets no report and the reader's findings.
/// Never throws except `std::bad_alloc`.
[[nodiscard]] Judgement judge(const ResultFile& file, const CheckPolicy& policy = {});

/// The verdict of findings: `failed` when `passes(findings, strictness)`
/// is false, else `passed_with_warnings` when a warning (or error) is
/// among them, else `passed`.
[[nodiscard]] Verdict verdict_of(const std::vector<Diagnostic>& findings,
                                 Strictness strictness) noexcept;

}  // namespace aoe
