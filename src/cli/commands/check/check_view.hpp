// SPDX-License-Identifier: Apache-2.0
// `check`: the findings of every file under a policy, and the verdict.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "aoe_result/check.hpp"
#include "aoe_result/judgement.hpp"
#include "aoe_result/log.hpp"

#include "core/gate_line.hpp"
#include "io/inputs.hpp"
#include "io/per_report_digest.hpp"

namespace aoe::cli {

/// One checked file and what `check()` found in it.
struct CheckedFile {
  std::string path;
  bool readable = false;
  std::vector<std::string> report_ids;  ///< in file order
  std::size_t operators = 0;            ///< operators read (records, for a repository file)
  std::vector<Diagnostic> findings;     ///< in file order
  Verdict verdict = Verdict::failed;    ///< the file's (`Judgement::verdict`)
  /// An input that yielded no file (`path` is the input): its one finding
  /// is `no-result-file`.
  bool no_file = false;
  /// A log of the run (`check --log`), not a file of the kind checked.
  bool log = false;
};

/// One threshold of the policy (`--max-failed`, `--min-improvement`,
/// `--min-model-improvement`) as a gate: what it judged and what it found,
/// counted from the findings `check()` made.
struct ThresholdGate {
  /// The code of the finding that breaks it (`threshold-max-failed`, ...).
  Code code = Code::threshold_max_failed;
  double limit = 0;          ///< N or PCT as given
  std::size_t judged = 0;    ///< files (--max-failed) or reports read
  std::size_t broken = 0;    ///< of them, over (under) the limit
  std::size_t unjudged = 0;  ///< reports it could not judge (`threshold-not-applicable`)

  /// Broken when one broke it; not judged when one could not be judged or
  /// there was nothing to judge; else passed.
  [[nodiscard]] GateVerdict verdict() const noexcept {
    return broken > 0                    ? GateVerdict::broken
           : unjudged > 0 || judged == 0 ? GateVerdict::not_judged
                                         : GateVerdict::passed;
  }
};

/// What `check` computed: every file's findings, the policy applied and the
/// verdict.
struct CheckView {
  std::vector<CheckedFile> files;  ///< the files read, then the inputs that gave none
  CheckPolicy policy;
  Strictness strictness = Strictness::normal;
  bool ok = true;  ///< no finding fails the check
  /// The thresholds set, in the order above; their findings are among the
  /// files' findings, and each gate's failure fails the check.
  std::vector<ThresholdGate> gates;
  /// What the files hold, as the verdict line counts it: "report" and
  /// "operator" for result files; no part and "record" for repository
  /// files (`bank check`).
  std::string_view part_noun = "report";
  std::string_view item_noun = "operator";

  /// The entries of `files` that are inputs which gave no file.
  [[nodiscard]] std::size_t inputs_without_files() const noexcept {
    std::size_t n = 0;
    for (const CheckedFile& f : files) n += f.no_file ? 1 : 0;
    return n;
  }
  /// The logs checked with them (`check --log`).
  [[nodiscard]] std::size_t logs_checked() const noexcept {
    std::size_t n = 0;
    for (const CheckedFile& f : files) n += f.log ? 1 : 0;
    return n;
  }
  /// Of the logs, the ones that could not be read (missing, unreadable).
  [[nodiscard]] std::size_t logs_unreadable() const noexcept {
    std::size_t n = 0;
    for (const CheckedFile& f : files) n += f.log && !f.readable ? 1 : 0;
    return n;
  }
  /// The result files checked: `files` but the inputs that gave none and
  /// the logs.
  [[nodiscard]] std::size_t files_checked() const noexcept {
    return files.size() - inputs_without_files() - logs_checked();
  }
  /// Of those, the ones that could not be read at all (missing, a
  /// directory, unreadable, nothing of AOE's in them).
  [[nodiscard]] std::size_t files_unreadable() const noexcept {
    std::size_t n = 0;
    for (const CheckedFile& f : files) n += !f.no_file && !f.log && !f.readable ? 1 : 0;
    return n;
  }

  /// Whether `d` fails the check: an error, or a warning under `--strict`.
  [[nodiscard]] bool fails(const Diagnostic& d) const noexcept {
    return d.severity == Severity::error ||
           (d.severity == Severity::warning && strictness == Strictness::strict);
  }
};

/// The verdict of a check over every file: each file's is the library's
/// (`Judgement::verdict`, judgement.hpp), the one rule `check` in every
/// format, `watch`'s end and the `report` page say. `failed` when a file's
/// is, or an input gave no file, or nothing was checked; else
/// `passed_with_warnings` when a file's is; else `passed`. Its words:
/// `to_string(Verdict)`.
[[nodiscard]] Verdict verdict(const CheckView& view) noexcept;

/// Adds a log (`check --log`) to `view` as a checked file of its own:
/// `findings` (`check_log_against_results`), its verdict from them under
/// the view's strictness, and `view.ok` false when one fails the check.
/// It counts no report and no operator (those are the result files').
void add_checked_log(CheckView& view, const LogFile& log, std::vector<Diagnostic> findings);

/// Builds the view: judges every file with `policy` (`judge`). Each of
/// `empty_inputs` (an input that yielded no file) becomes an
/// unreadable entry with one error finding `no-result-file`, and a view of
/// nothing at all is not ok: a check of nothing is no pass.
[[nodiscard]] CheckView check_files(const std::vector<ResultFile>& files, const CheckPolicy& policy,
                                    Strictness strictness,
                                    const std::vector<EmptyInput>& empty_inputs = {});

/// One file judged with `policy` (`judge`) as `check_files` judges it: its
/// path, reports, operators counted, verdict and findings; nothing of it
/// points into `file`.
[[nodiscard]] CheckedFile check_file(const ResultFile& file, const CheckPolicy& policy,
                                     Strictness strictness);

/// `check_file` of a file whose operators were checked as they were read
/// (`operators[k]` those of `file.reports[k]`, `check(file, policy,
/// operators)`; the reports' own operators are not looked at).
[[nodiscard]] CheckedFile check_file(const ResultFile& file, const CheckPolicy& policy,
                                     Strictness strictness, std::vector<OperatorsCheck> operators);

/// A file checked as its operators are read, none of them kept
/// (`InputOptions::digest_operators`, on one thread or in parts): once the
/// file is read, `done` hands the callback given `check_file` of the file
/// as it would have been read whole (`check` settles a cut-off file's
/// severity itself).
class CheckDigester final : public PerReportDigest<OperatorsCheck> {
 public:
  using Done = std::function<void(CheckedFile&&)>;
  /// `policy` must outlive the digester.
  CheckDigester(const CheckPolicy& policy, Strictness strictness, Done done)
      : policy_(policy), strictness_(strictness), done_(std::move(done)) {}
  /// Throws `std::logic_error` when operators were taken for more reports
  /// than the file holds (a reader's fault).
  void done(const ResultFile& file) override;

 private:
  const CheckPolicy& policy_;
  Strictness strictness_;
  Done done_;
};

/// `check_files` of files judged already (`check_file`, in input order):
/// `check` checks each file as its operators are read (`CheckDigester`).
[[nodiscard]] CheckView check_files(std::vector<CheckedFile> checked, const CheckPolicy& policy,
                                    Strictness strictness,
                                    const std::vector<EmptyInput>& empty_inputs = {});

/// Each of `empty_inputs` (an input that yielded no file) as an unreadable
/// entry with one error finding `no-result-file`; a view of nothing at
/// all is not ok: a check of nothing is no pass.
void add_empty_inputs(CheckView& view, const std::vector<EmptyInput>& empty_inputs);

}  // namespace aoe::cli
