// SPDX-License-Identifier: Apache-2.0
// The view of `show` and `summary`: per file and report what their
// renderers print (totals, failed names, top rows, check counts), computed
// once from the model so that no renderer calls the analysis.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "aoe_result/analysis.hpp"
#include "aoe_result/judgement.hpp"

#include "io/inputs.hpp"
#include "io/per_report_digest.hpp"

namespace aoe::cli {

/// One report with everything its renderers print.
struct ReportOverview {
  const Report* report = nullptr;  ///< points into the caller's files
  Totals totals;                   ///< over the report's operators that count (`judge`)
  std::size_t operators = 0;       ///< the report's operators as read
  /// `Report::model`'s improvement (`model_improvement_pct`); nullopt when
  /// the report has no model section or it gives none.
  std::optional<double> model_improvement_pct;
  std::vector<std::string> failed;  ///< `unique_failed_operators`, raw (not escaped)
  /// The operators left out of every sum (the judgement's `left_out`).
  std::vector<LeftOut> left_out;
  /// The operators that saved most, by time saved (`SortKey::saved`), cut
  /// to `OverviewDepth::top`; empty when `top` is 0.
  std::vector<OperatorRow> top;
};

/// One input file.
struct FileOverview {
  const ResultFile* file = nullptr;     ///< points into the caller's files
  std::vector<ReportOverview> reports;  ///< empty for an unreadable file
  Totals totals;                        ///< over its reports
  /// The judgement's findings with check's default policy (`judge`;
  /// counted only with `OverviewDepth::checks`, else 0).
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;  ///< info findings (writer-artefact, unknown-section, ...)
  /// `check`'s verdict of the file (`Judgement::verdict`; with `checks`).
  Verdict verdict = Verdict::passed;
};

/// Every input of `show` or `summary`, unreadable ones included (JSON
/// lists them; text skips them).
struct Overview {
  std::vector<FileOverview> files;
  Totals totals;             ///< over every file
  std::size_t readable = 0;  ///< files that could be read
  std::size_t errors = 0;    ///< over every file (with `checks`)
  std::size_t warnings = 0;
  std::size_t infos = 0;
  /// The worst of the files' verdicts (with `checks`); the command makes
  /// it `Verdict::failed` when an input gave nothing to read.
  Verdict verdict = Verdict::passed;
  /// Inputs that yielded no file at all (`Inputs::empty_inputs`), which
  /// `check` fails; set by `show`.
  std::vector<EmptyInput> empty_inputs;
  /// Inputs that gave nothing to read (`Inputs::problems`), for the JSON
  /// document's "problems"; set by the command.
  std::vector<InputProblem> problems;
};

/// How much to compute.
struct OverviewDepth {
  /// Rows kept in `ReportOverview::top`; `kAll` for every operator.
  std::size_t top = 0;
  bool checks = false;  ///< count `check()`'s findings per file
  static constexpr std::size_t kAll = std::numeric_limits<std::size_t>::max();
};

/// Computes the overview of `files` (which must outlive it).
[[nodiscard]] Overview make_overview(const std::vector<ResultFile>& files, OverviewDepth depth);

/// What the overview needs of a report beyond the report itself, taken
/// while its operators are at hand, so that they can be given back as soon
/// as they are read (`summary`: `ReportsDigester`).
struct ReportDigest {
  ReportJudgement judged;  ///< `judge(report)`
  /// The report's operators as read (those the digest was given: the
  /// report itself holds none).
  std::size_t operators = 0;
};

/// A report judged as its operators are read (`ReportsDigester`).
struct ReportJudging {
  ReportJudge judge;
  void add(const ResultFile& /*file*/, const Report& /*report*/, const Operator& op) {
    judge.add(op);
  }
};

/// A file's reports digested as its operators are read, none of them kept
/// (`InputOptions::digest_operators`, on one thread or in parts): once the
/// file is read, `done` hands the callback given one `ReportDigest` a report
/// (none for an unreadable file): what `judge` gives of the file read whole.
class ReportsDigester final : public PerReportDigest<ReportJudging> {
 public:
  using Done = std::function<void(std::vector<ReportDigest>&&)>;
  explicit ReportsDigester(Done done) : done_(std::move(done)) {}
  /// Throws `std::logic_error` when operators were taken for more reports
  /// than the file holds (a reader's fault).
  void done(const ResultFile& file) override;

 private:
  Done done_;
};

/// `make_overview(files, OverviewDepth{})` from each file's reports
/// digested already (`digests[i]` those of `files[i]`, made by
/// `ReportsDigester`): the same overview, without the operators.
[[nodiscard]] Overview make_overview(const std::vector<ResultFile>& files,
                                     std::vector<std::vector<ReportDigest>> digests);

}  // namespace aoe::cli
